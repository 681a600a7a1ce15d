"""`rulesref versus SYSTEM/UNIT SYSTEM/TARGET`: the exact odds of one unit attacking another.

The same answer a unit page's Versus form gives, on a terminal or as JSON: for each of the
attacker's weapons (or those `--weapon` names) in each step its system is played with, the
distribution of unsaved Wounds and models removed, and which rules were modelled and which
were not; with `--together`, one answer a step for its weapons firing together. With
`--roster A --against B` (or `--against-army SYSTEM/ARMY`, every unit of an army), the matrix
of each weapon A's units took against each unit of B.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from rulesref.build import Build
from rulesref.config import Settings
from rulesref.errors import EXIT_OK, EXIT_PROBLEMS, UsageError
from rulesref.model import Content, Entry, Scalar
from rulesref.problems import Problem, fails
from rulesref.validate import validate
from rulesref.versus.matchups import Matchup, matchups, playing
from rulesref.versus.matrix import Cell, Side, matrix, units_of_army
from rulesref.versus.odds import Odds
from rulesref.versus.runtime import Answer, Named, combined, picked


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
    if args.roster is not None or args.against is not None or args.against_army is not None:
        return _rosters(args, build, report)
    if args.attacker is None or args.target is None:
        raise UsageError("give SYSTEM/UNIT SYSTEM/TARGET, or --roster A --against B")
    attacker, target = _unit(content, args.attacker), _unit(content, args.target)
    if attacker.system != target.system:
        raise UsageError("the attacker and the target must be units of the same system")
    played = playing(content, attacker.system)
    found = matchups(played, attacker)
    if not found:
        raise UsageError(f"{attacker.system} is not played with any system's steps: give its system.yml `played_with`")
    given = _settings_given(args.set or [])
    names, models = _weapons(args.weapon, args.models or [1])
    odds = Odds(build)
    answers: list[tuple[Matchup, str, Answer]] = []
    aimed = {m.play.step: m for m in matchups(played, target)}
    for matchup in found:
        aims = aimed[matchup.play.step].aims if matchup.play.step in aimed else ()
        aim = next((a for a in aims if args.target_profile is None or args.target_profile.lower() in a.label.lower()), None)
        chosen = picked([c.label for c in matchup.choices], names, models)
        step = [odds.answer(attacker, matchup, matchup.choices[i], aim, wielding, {"models": args.target_models}, given) for i, wielding in chosen]
        if args.together and step:
            try:
                step = [combined(step)]
            except ValueError as exc:  # (a step whose results do not add up)
                raise UsageError(f"{matchup.step.name}: {exc}") from None
        answers += [(matchup, one.weapon, one) for one in step]
    if not answers:
        named = f" named like {' or '.join(f'`{w}`' for w in args.weapon)}" if args.weapon else ""
        raise UsageError(f"{attacker.name} has no weapon{named} that its steps can play")
    if args.json:
        sys.stdout.write(json.dumps([_json(m, label, a) for m, label, a in answers], indent=2) + "\n")
    else:
        for matchup, label, one in answers:
            sys.stdout.write(_text(attacker, target, matchup, label, one))
    return EXIT_OK


def _weapons(weapons: list[str] | None, models: list[int]) -> tuple[list[Named] | None, int]:
    """The weapons asked for, each with its models where `--models` is given once per `--weapon`;
    else the one count of models for all."""
    if len(models) == 1:
        return (list(weapons) if weapons else None), models[0]
    if weapons is None or len(models) != len(weapons):
        raise UsageError("give --models once, or once for each --weapon (in the same order)")
    return list(zip(weapons, models, strict=True)), 1


def _sides(path: str | None, content: Content, what: str) -> list[Side]:
    """A roster's units that the content has (SourceError when the file is not a roster)."""
    from rulesref.formats.roster.match import match
    from rulesref.formats.roster.read import read_roster

    if path is None:
        raise UsageError(f"--roster and --against go together: give {what} too")
    source = Path(path)
    if not source.is_file():
        raise UsageError(f"no such roster: {path}")
    army = match(read_roster(source, source.as_posix()), content)
    return [Side(u.name, u.entry, frozenset(p.name for p in u.profiles)) for u in army.units if u.entry is not None and u.entry.kind == "unit"]


def _army(content: Content, name: str) -> list[Side]:
    system_id, _, army_id = name.partition("/")
    system = content.system(system_id)
    if system is None or system.army(army_id) is None:
        armies = [f"{s.id}/{a.id}" for s in content.systems for a in s.armies]
        raise UsageError(f"no army `{name}` (write SYSTEM/ARMY-ID; the content has {', '.join(armies) or 'none'})")
    return [Side(unit.name, unit, frozenset()) for unit in units_of_army(content.entries_of(system_id), army_id)]


def _rosters(args: argparse.Namespace, build: Build, report: Callable[[list[Problem]], int]) -> int:
    from rulesref.formats.battlescribe.read import SourceError

    if args.against is not None and args.against_army is not None:
        raise UsageError("give --against or --against-army, not both")
    try:  # (a roster that cannot be read is reported as `rulesref roster` reports it, at its line)
        attackers = _sides(args.roster, build.content, "--roster")
        defenders = _army(build.content, args.against_army) if args.against_army is not None else _sides(args.against, build.content, "--against")
    except SourceError as exc:
        return report([Problem(exc.path, exc.line, 1, "roster-source", exc.message)])
    cells = matrix(Odds(build), build.content, attackers, defenders)
    if args.json:
        shown = [{"attacker": c.attacker, "weapon": c.weapon, "step": c.step, "defender": c.defender, **_fraction("mean_unsaved", c.mean_unsaved), **_fraction("some_removed", c.some_removed), **_json_answer(c.answer)} for c in cells]
        sys.stdout.write(json.dumps(shown, indent=2) + "\n")
        return EXIT_OK
    if not cells:
        print("no unit of the first roster can attack one of the second: are their systems played (`played_with`)?", file=sys.stderr)
        return EXIT_PROBLEMS
    print("expected unsaved Wounds / chance of removing at least one model, one model attacking one model")
    for (attacker, weapon, step), row in _rows(cells).items():
        print(f"{attacker} ({weapon}), {step}:")
        for cell in row:
            print(f"  against {cell.defender}: {float(cell.mean_unsaved):.3f} / {float(cell.some_removed):.1%}")
    return EXIT_OK


def _rows(cells: list[Cell]) -> dict[tuple[str, str, str], list[Cell]]:
    rows: dict[tuple[str, str, str], list[Cell]] = {}
    for cell in cells:
        rows.setdefault((cell.attacker, cell.weapon, cell.step), []).append(cell)
    return rows


def _fraction(name: str, value: Fraction) -> dict[str, Any]:
    return {name: {"numerator": value.numerator, "denominator": value.denominator}}


def _json_answer(one: Answer) -> dict[str, Any]:
    return {
        "function": one.function, "given": dict(one.given),
        "distribution": [{"result": {k or "result": v for k, v in result}, "numerator": p.numerator, "denominator": p.denominator} for result, p in one.distribution],
        "modelled": list(one.modelled), "not_modelled": list(one.not_modelled),
        **({"weapons": [part.weapon for part in one.parts]} if one.parts else {}),
    }


def _json(matchup: Matchup, label: str, one: Answer) -> dict[str, Any]:
    return {"step": matchup.play.step, "weapon": label, **_json_answer(one)}


def _text(attacker: Entry, target: Entry, matchup: Matchup, label: str, one: Answer) -> str:
    lines = [f"{attacker.name} ({label}) against {target.name}, {matchup.step.name}:"]
    for result, p in one.distribution:
        words = ", ".join(f"{k.replace('_', ' ')} {v}" if k else str(v) for k, v in result)
        lines.append(f"  {words}: {p.numerator}/{p.denominator} ({float(p):.2%})")
    lines.append(f"  modelled: {', '.join(one.modelled) or 'none'}")
    lines.append(f"  not modelled: {', '.join(one.not_modelled) or 'none'}")
    return "\n".join(lines) + "\n"


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not `{text}`")
    return int(text)


def add_versus(sub: argparse._SubParsersAction[argparse.ArgumentParser], run_command: Callable[[argparse.Namespace], int]) -> None:
    p = sub.add_parser(
        "versus",
        help="the exact odds of one unit attacking another",
        description="The exact distribution of unsaved Wounds and models removed when one unit attacks another, for each of its weapons in each step its system is played with (`played_with` in system.yml), and the rules modelled and not; or, with --roster A --against B, a matrix of each weapon A's units took against each of B's units (expected unsaved Wounds, chance of removing a model); --against-army SYSTEM/ARMY takes every unit of an army as B. Exit 0 with an answer, 1 when the content has errors or no cell can be worked out, 2 on usage errors.",
    )
    p.add_argument("attacker", metavar="SYSTEM/UNIT", nargs="?", help="the attacking unit, as its page's address names it")
    p.add_argument("target", metavar="SYSTEM/TARGET", nargs="?", help="the target unit")
    p.add_argument("--roster", metavar="ROSTER", help="a roster whose units attack (with --against): a matrix of each weapon it took against each unit of the other")
    p.add_argument("--against", metavar="ROSTER", help="the roster whose units are the targets")
    p.add_argument("--against-army", metavar="SYSTEM/ARMY", help="instead of --against: every unit of an army of the content is a target (one column each)")
    p.add_argument("--weapon", metavar="NAME", action="append", help="only the weapon named NAME exactly (model: weapon), else those whose name holds it; give it again for more")
    p.add_argument("--together", action="store_true", help="the weapons fire together: one answer a step, their unsaved Wounds and models removed added up")
    p.add_argument("--models", type=_positive, action="append", help="models attacking (default 1): multiplies each model's Attacks or shots; give it once for each --weapon for each one's own")
    p.add_argument("--target-models", type=_positive, default=1, help="models in the target unit (default 1)")
    p.add_argument("--target-profile", metavar="NAME", help="the target's model profile whose name holds NAME (default: its first)")
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="set an argument outright, such as charged=true or cover_save=4")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--content", help="content folder (default: `content` in [tool.rulesref] of pyproject.toml, else content)")
    p.set_defaults(run=run_command)
