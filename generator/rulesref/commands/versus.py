"""`rulesref versus SYSTEM/UNIT SYSTEM/TARGET`: the exact odds of one unit attacking another.

The same answer a unit page's Versus form gives, on a terminal or as JSON: for each of the
attacker's weapons (or the one `--weapon` names) in each step its system is played with, the
distribution of unsaved Wounds and models removed, and which rules were modelled and which
were not.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from rulesref.config import Settings
from rulesref.errors import EXIT_OK, EXIT_PROBLEMS, UsageError
from rulesref.model import Content, Entry, Scalar
from rulesref.problems import Problem, fails
from rulesref.validate import validate
from rulesref.versus.matchups import Matchup, matchups, playing
from rulesref.versus.odds import Answer, answer


def _unit(content: Content, name: str) -> Entry:
    system, _, unit_id = name.partition("/")
    entry = content.entry(f"{system}:{unit_id}")
    if entry is None or entry.kind != "unit":
        raise UsageError(f"no unit `{name}` (write SYSTEM/UNIT-ID, as its page's address has it)")
    return entry


def _settings_given(pairs: list[str]) -> dict[str, Scalar]:
    out: dict[str, Scalar] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise UsageError(f"--set takes NAME=VALUE, not `{pair}`")
        out[name] = True if text.lower() == "true" else False if text.lower() == "false" else int(text) if text.lstrip("-").isdigit() else text
    return out


def run(args: argparse.Namespace, settings: Settings, report: Callable[[list[Problem]], int]) -> int:
    build = validate([settings.content], settings)  # (keeping the compiled checks: their odds are the answer)
    if fails(build.problems):  # the errors only: `rulesref validate` shows the rest
        report([p for p in build.problems if p.severity == "error"])
        print(f"the content in {settings.content} has errors (above); fix them first", file=sys.stderr)
        return EXIT_PROBLEMS
    content = build.content
    attacker, target = _unit(content, args.attacker), _unit(content, args.target)
    if attacker.system != target.system:
        raise UsageError("the attacker and the target must be units of the same system")
    played = playing(content, attacker.system)
    found = matchups(played, attacker)
    if not found:
        raise UsageError(f"{attacker.system} is not played with any system's steps: give its system.yml `played_with`")
    given = _settings_given(args.set or [])
    answers: list[tuple[Matchup, str, Answer]] = []
    aimed = {m.play.step: m for m in matchups(played, target)}
    for matchup in found:
        aims = aimed[matchup.play.step].aims if matchup.play.step in aimed else ()
        aim = next((a for a in aims if args.target_profile is None or args.target_profile.lower() in a.label.lower()), None)
        for choice in matchup.choices:
            if args.weapon is None or args.weapon.lower() in choice.label.lower():
                answers.append((matchup, choice.label, answer(build, attacker, matchup, choice, aim, args.models, {"models": args.target_models}, given)))
    if not answers:
        raise UsageError(f"{attacker.name} has no weapon{f' named like `{args.weapon}`' if args.weapon else ''} that its steps can play")
    if args.json:
        sys.stdout.write(json.dumps([_json(m, label, a) for m, label, a in answers], indent=2) + "\n")
    else:
        for matchup, label, one in answers:
            sys.stdout.write(_text(attacker, target, matchup, label, one))
    return EXIT_OK


def _json(matchup: Matchup, label: str, one: Answer) -> dict[str, Any]:
    return {
        "step": matchup.play.step, "weapon": label, "function": one.check, "given": dict(one.given),
        "distribution": [{"result": {k or "result": v for k, v in result}, "numerator": p.numerator, "denominator": p.denominator} for result, p in one.distribution],
        "modelled": list(one.modelled), "not_modelled": list(one.not_modelled),
    }


def _text(attacker: Entry, target: Entry, matchup: Matchup, label: str, one: Answer) -> str:
    lines = [f"{attacker.name} ({label}) against {target.name}, {matchup.step.name}:"]
    for result, p in one.distribution:
        words = ", ".join(f"{k.replace('_', ' ')} {v}" if k else str(v) for k, v in result)
        lines.append(f"  {words}: {p.numerator}/{p.denominator} ({float(p):.2%})")
    lines.append(f"  modelled: {', '.join(one.modelled) or 'none'}")
    lines.append(f"  not modelled: {', '.join(one.not_modelled) or 'none'}")
    return "\n".join(lines) + "\n"


def add_versus(sub: argparse._SubParsersAction[argparse.ArgumentParser], run_command: Callable[[argparse.Namespace], int]) -> None:
    p = sub.add_parser(
        "versus",
        help="the exact odds of one unit attacking another",
        description="The exact distribution of unsaved Wounds and models removed when one unit attacks another, for each of its weapons in each step its system is played with (`played_with` in system.yml), and the rules modelled and not. Exit 0 with an answer, 2 on usage errors.",
    )
    p.add_argument("attacker", metavar="SYSTEM/UNIT", help="the attacking unit, as its page's address names it")
    p.add_argument("target", metavar="SYSTEM/TARGET", help="the target unit")
    p.add_argument("--weapon", metavar="NAME", help="only the weapons whose name (model: weapon) holds NAME")
    p.add_argument("--models", type=int, default=1, help="models attacking (default 1): multiplies each model's Attacks or shots")
    p.add_argument("--target-models", type=int, default=1, help="models in the target unit (default 1)")
    p.add_argument("--target-profile", metavar="NAME", help="the target's model profile whose name holds NAME (default: its first)")
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="set an argument outright, such as charged=true or cover_save=4")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--content", help="content folder (default: `content` in [tool.rulesref] of pyproject.toml, else content)")
    p.set_defaults(run=run_command)
