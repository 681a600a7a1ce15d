"""The `played_with` an import writes for the games it knows (see `rulesref.played`).

An import of 40K 7th edition data is played with the `w40k7` system's steps, and one of
Horus Heresy 2nd edition data (the game system `Horus Heresy (2022)`) with `hh2`'s, where
that system is in the same content folder: the characteristics both print (WS, BS, S, T, W,
A, Save; a weapon's Strength, AP and Type) give each step's inputs, and each imported rule
whose name is a played rule's, or one of its aliases, but for a bracketed parameter
(`Preferred Enemy (Orks)` is Preferred Enemy, `Feel No Pain (5+)` is Feel No Pain (X+)) is
mapped to it, where that rule has effects; a name that gives a roll first (`5+ Invulnerable
Save`) is mapped with that value, where the played rule has one such parameter. A name with
no such rule is not mapped: it is counted in
IMPORT.md, never guessed. What people wrote under `played_with` stays theirs: a re-import adds
the rules it newly maps and the steps the played system newly has, and keeps every mapping
already there.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulesref.read.load import load_read

_TARGET = {"toughness": "T", "armour_save": "Save", "wounds": "W"}
_SHOOTING = {
    "weapons": {"by": "Type", "without": "Melee"},
    "attacker": {"ballistic_skill": "BS"},
    "weapon": {"strength": "Strength", "ap": "AP", "shots": "Type"},
    "target": _TARGET,
}
ATTACK_STEPS: dict[str, dict[str, Any]] = {  # 40K 7th edition's characteristics, for the steps of an attack
    "close-combat.attack": {
        "weapons": {"by": "Type", "with": "Melee"},
        "attacker": {"weapon_skill": "WS", "strength": "S", "attacks": "A"},
        "weapon": {"strength": "Strength", "ap": "AP"},
        "target": {"target_weapon_skill": "WS", **_TARGET},
    },
    "shooting-attack.attack": _SHOOTING,
}
HERESY_STEPS: dict[str, dict[str, Any]] = {  # the Horus Heresy's (2nd edition) prints the same; its melee To Hit roll is the player's
    "melee-attack.attack": {
        "weapons": {"by": "Type", "with": "Melee"},
        "attacker": {"strength": "S", "attacks": "A"},
        "weapon": {"strength": "Strength", "ap": "AP"},
        "target": _TARGET,
    },
    "shooting-attack.attack": _SHOOTING,
}


@dataclass(frozen=True)
class Known:
    """A game the importer knows how to play: the system it is played with, and how."""

    system: str
    game: re.Pattern[str]  # matched against the game system's name
    steps: dict[str, dict[str, Any]]


KNOWN = (
    Known("w40k7", re.compile(r"40,?000.*7th|40k.*7th", re.IGNORECASE), ATTACK_STEPS),
    Known("hh2", re.compile(r"horus heresy\s*\(2022\)|horus heresy.*2nd|age of darkness", re.IGNORECASE), HERESY_STEPS),
)
_PARAMETER = re.compile(r"\s*\(.*\)\s*$")
_ROLL_FIRST = re.compile(r"^\s*([2-6])\+\s+(\S.*)$")  # `5+ Invulnerable Save`: the value before the name


@dataclass(frozen=True)
class PlayedSystem:
    """What the mapping needs of the played system's files: its rules with effects, by name,
    and the inputs of each of its checks."""

    rules: dict[str, str]  # base name (`base_name`) of each name and alias -> id
    rolls: dict[str, str]  # id -> the name of its one parameter, where that is a D6 roll (`X` of Invulnerable Save (X+))
    inputs: dict[str, set[str]]  # `entry-id.check` -> its input names


def base_name(name: str) -> str:
    """A rule's name as the mapping compares it: lower case, without a bracketed parameter,
    so that `Feel No Pain (5+)` and `Poisoned (X)` in the data are the played system's
    `Feel No Pain (X+)` and `Poisoned (X+)`."""
    return _PARAMETER.sub("", name).strip().lower()


def read_played(folder: Path) -> PlayedSystem | None:
    """The played system's rules and steps, read from its folder (None when it is not there)."""
    if not (folder / "system.yml").is_file():
        return None
    rules: dict[str, str] = {}
    rolls: dict[str, str] = {}
    inputs: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.yml")):
        doc, _ = load_read(path.read_bytes(), path.as_posix())
        data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
        ident = data.get("id")
        if not isinstance(ident, str):
            continue
        if data.get("kind") == "rule" and data.get("effects"):
            for name in (data.get("name", ident), *(data.get("aliases") or ())):
                rules.setdefault(base_name(str(name)), ident)
            params: dict[str, Any] = data["params"] if isinstance(data.get("params"), dict) else {}
            if len(params) == 1 and all(isinstance(p, dict) and p.get("type") == "roll" for p in params.values()):
                rolls[ident] = next(iter(params))
        for name, check in (data.get("checks") or {}).items():
            if isinstance(check, dict) and check.get("versus"):
                inputs[f"{ident}.{name}"] = set(check.get("inputs") or {})
    return PlayedSystem(rules, rolls, inputs)


def _mapped(name: str, played: PlayedSystem) -> str | dict[str, Any] | None:
    """The played rule a name is (`Feel No Pain (5+)`: `feel-no-pain`, the unit giving X), or
    that rule with its value where the name gives it first (`5+ Invulnerable Save`:
    `{rule: invulnerable-save-x, X: 5}`); None for a name that is no played rule's."""
    if (base := base_name(name)) in played.rules:
        return played.rules[base]
    first = _ROLL_FIRST.match(name)
    ident = played.rules.get(base_name(first.group(2))) if first is not None else None
    if first is None or ident is None or ident not in played.rolls:
        return None
    return {"rule": ident, played.rolls[ident]: int(first.group(1))}


def played_with(game: str, content: Path, rules: dict[str, str], old: Any) -> dict[str, Any] | None:
    """The `played_with` block for an import of `game` (`rules`: the imported rules' ids and
    names), merged with what `old` (the system file's) has; None for a game it does not know,
    or whose played system is not in `content`."""
    known = next((k for k in KNOWN if k.game.search(game)), None)
    played = read_played(content / known.system) if known is not None else None
    if known is None or played is None:
        return old if isinstance(old, dict) else None
    steps = {}
    for step, spec in known.steps.items():
        if step in played.inputs:
            have = played.inputs[step]
            steps[step] = {side: ({k: v for k, v in fed.items() if k in have} if side != "weapons" else fed) for side, fed in spec.items()}
    mapped = {ident: theirs for ident, name in rules.items() if (theirs := _mapped(name, played)) is not None}
    old = old if isinstance(old, dict) and old.get("system") == known.system else {}
    kept_rules = old.get("rules") if isinstance(old.get("rules"), dict) else {}
    kept_steps = old.get("steps") if isinstance(old.get("steps"), dict) else {}
    return {"system": known.system, "rules": dict(sorted({**mapped, **kept_rules}.items())), "steps": {**steps, **kept_steps}}


def played_report(system: dict[str, Any], entries: list[tuple[str, dict[str, Any]]], game: str) -> list[str]:
    """IMPORT.md's account of `played_with`: how many of the rules units and weapon rows name
    are mapped (each naming counted), and the most common that are not, by id; or, for a game
    it knows whose played system is not in the content, how to have it played. (`entries`:
    each planned entry's kind and fields.)"""
    played = system.get("played_with")
    if not isinstance(played, dict):
        known = next((k for k in KNOWN if k.game.search(game)), None)
        if known is None:
            return []
        return ["", "## Not played", "", f"This is {game}, which rulesref plays with the `{known.system}` system's steps and rules (Versus, `rulesref versus`)."
                f" Put that system's folder beside this one in the content folder (rulesref's own `content/{known.system}/`) and import again."]
    mapped = played.get("rules") or {}
    named: Counter[str] = Counter()
    for kind, fields in entries:
        if kind != "unit":
            continue
        named.update(_rule_id(r) for r in fields.get("rules", []))
        named.update(_rule_id(r) for p in fields.get("profiles", []) for r in p.get("rules", []))
    unmapped = Counter({rule: n for rule, n in named.items() if rule not in mapped})
    total, covered = sum(named.values()), sum(n for rule, n in named.items() if rule in mapped)
    out = ["", f"## Played with {played['system']} ({len(mapped)} rules mapped)", ""]
    out.append(f"Units and weapon rows name rules {total} times; {covered} of those ({covered / max(1, total):.1%}) are mapped to a rule of `{played['system']}`."
               " A mapped rule is modelled where its effects act on a step a Versus form answers; `benchmarks/played_coverage.py` counts those. The most common rules not mapped:")
    out.append("")
    out += [f"- `{rule}`: {n}" for rule, n in unmapped.most_common(20)]
    return out


def _rule_id(ref: Any) -> str:
    return str(ref.get("rule", "")) if isinstance(ref, dict) else str(ref)
