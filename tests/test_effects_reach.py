"""A core effect that `needs` characteristics reaches only the units whose profile has them:
a unit whose profiles lack them gets no composed check for it, one with them does, and one
that writes no profiles is reached as before; a characteristic no profile type has is refused
at its line."""

from __future__ import annotations

import itertools
from pathlib import Path

from rulesref.validate import validate

from .test_effects_compose import STAND, _built, _tree

NEEDING = STAND.replace("    auto: fail\n", "    auto: fail\n    needs: [Nerve]\n")
UNITS = {  # (the demo system's profile types: a trooper's Move, Fight, Shoot, Toughness, Nerve; a weapon's Range, Strength, Type)
    "squad": "[]\nprofiles:\n  - {type: trooper, name: Trooper, values: {Move: 4, Fight: 3, Shoot: 3, Toughness: 3, Nerve: 7}}\n",
    "walker": "[]\nprofiles:\n  - {type: trooper, name: Walker, values: {Move: 6, Fight: 2, Shoot: 3, Toughness: 6, Nerve: '-'}}\n"
    "  - {type: weapon, name: Cannon, values: {Range: 36, Strength: 8, Type: Heavy}}\n",
    "gun": "[]\nprofiles:\n  - {type: weapon, name: Gun, values: {Range: 24, Strength: 4, Type: Rapid}}\n",
    "plain": "[]",
}


def _content(tmp_path: Path, stand: str) -> Path:
    root = _tree(tmp_path, UNITS)
    (root / "demo" / "stand.yml").write_text(stand)
    return root


def test_a_core_effect_reaches_only_the_units_whose_profile_has_what_it_needs(tmp_path: Path) -> None:
    root = _content(tmp_path, NEEDING)
    result = validate([str(root)])
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    composed = {unit: [c.name for c in entry.checks] for unit in UNITS if (entry := result.content.entry(f"demo:{unit}")) is not None}
    assert composed == {"squad": ["stand"], "walker": [], "gun": [], "plain": ["stand"]}
    ns, _, _ = _built(root, "squad")
    for roll, leadership, below_half in itertools.product(range(2, 13), range(2, 11), (False, True)):
        assert ns["stand"](roll=roll, leadership=leadership, below_half=below_half) is (roll <= leadership and not below_half)


def test_without_needs_every_unit_is_reached(tmp_path: Path) -> None:
    result = validate([str(_content(tmp_path, STAND))])
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    for unit in UNITS:
        entry = result.content.entry(f"demo:{unit}")
        assert entry is not None and [c.name for c in entry.checks] == ["stand"], unit


def test_a_characteristic_no_profile_type_has_is_refused_at_its_line(tmp_path: Path) -> None:
    root = _content(tmp_path, STAND.replace("    auto: fail\n", "    auto: fail\n    needs: [Nerv]\n"))
    problems = [p for p in validate([str(root)]).problems if p.severity == "error"]
    assert [(p.code, p.path.rsplit("/", 1)[-1], p.line) for p in problems] == [("unknown-name", "stand.yml", 21)]
    assert problems[0].message == "no profile type of demo has a characteristic `Nerv`; did you mean `Nerve`?"
