"""The 40K 7th edition attack steps (`shooting-attack`, `close-combat`) against the rules
resolved one attack at a time, every die rolled.

The steps roll pools (a re-roll is a pool of the dice the first roll set aside); the oracle
here knows nothing of pools: it follows one shot or one blow through its To Hit roll, its
re-roll, its To Wound roll, its re-roll, the save and Feel No Pain, each die from 1 to 6, as
the rulebook's steps read, then puts the attacks together by trying every outcome of each.
The weapon and target rules are the steps' flags, each tried on its own and in mixes."""

from __future__ import annotations

import itertools
import random
import shutil
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import icepool
import pytest

from rulesref.validate import validate

from .conftest import REPO

D6 = range(1, 7)
SIXTH = Fraction(1, 6)


def _chart(strength: int, toughness: int) -> int:
    """The To Wound chart: the roll needed (7: it cannot wound)."""
    if strength >= toughness + 2:
        return 2
    return {toughness + 1: 3, toughness: 4, toughness - 1: 5}.get(strength, 6 if strength >= toughness - 3 else 7)


def _to_hit(s: dict[str, Any], melee: bool) -> Iterator[tuple[bool, Fraction]]:
    """Every way one attack's To Hit roll (and its re-roll) ends: hit or not, with its chance."""
    bs = 1 if s.get("snap_shots") else s.get("ballistic_skill", 0)
    if melee:
        ws, target_ws = s["weapon_skill"], s["target_weapon_skill"]
        needed = 3 if ws > target_ws else 5 if target_ws > 2 * ws else 4
        again_needed = needed
    else:
        needed = 7 - bs if bs <= 5 else 2
        choose_rule = s["twin_linked"] or s["preferred_enemy"]  # their re-roll needs the first roll's number
        again_needed = needed if bs <= 5 or choose_rule else 12 - bs

    def rolls_again(first: int) -> bool:
        if melee:
            return bool(s["preferred_enemy"]) and first == 1
        return first < needed and bool(s["twin_linked"] or (first == 1 and (s["preferred_enemy"] or bs >= 6)))

    for first in D6:
        if first >= needed:
            yield True, SIXTH
        elif rolls_again(first):
            for second in D6:
                yield second >= again_needed, SIXTH * SIXTH
        else:
            yield False, SIXTH


def _to_wound(s: dict[str, Any], melee: bool) -> Iterator[tuple[str, Fraction]]:
    """Every way one hit's To Wound roll (and its re-roll) ends: `none`, `wound` or `rent`."""
    strength = min(s["strength"], 10)
    needed = 2 if s["fleshbane"] else min(_chart(strength, s["toughness"]), s["poisoned"], 4 if s.get("sniper") else 7)
    rends = s["rending"] or s.get("sniper", False)

    def outcome(roll: int) -> str:
        if roll == 6 and rends:
            return "rent"
        return "wound" if roll >= needed else "none"

    poison_again = melee and s["poisoned"] < 7 and strength > s["toughness"]
    for first in D6:
        if outcome(first) != "none":
            yield outcome(first), SIXTH
        elif s["shred"] or poison_again or (first == 1 and s["preferred_enemy"]):
            for second in D6:
                yield outcome(second), SIXTH * SIXTH
        else:
            yield "none", SIXTH


def _through(s: dict[str, Any], kind: str, melee: bool) -> Fraction:
    """The chance one Wound gets past the best save and Feel No Pain."""
    ap = min(s["ap"], 2) if kind == "rent" else s["ap"]
    armour = s["armour_save"] if ap > s["armour_save"] else 7
    best = min(armour, 7 if melee else s["cover_save"], s["invulnerable_save"])
    instant_death = min(s["strength"], 10) >= 2 * s["toughness"] and not s["eternal_warrior"]
    chance = Fraction(0)
    for save in D6:
        if save >= best:
            continue
        for pain in D6:  # rolled whether or not it counts: the chance is what matters
            ignored = not instant_death and pain >= s["feel_no_pain"]
            chance += SIXTH * SIXTH * (0 if ignored else 1)
    return chance


def one_attack(s: dict[str, Any], melee: bool) -> Fraction:
    """The chance that one shot (or blow) ends as an unsaved Wound, every die rolled."""
    chance = Fraction(0)
    for hit, p_hit in _to_hit(s, melee):
        if not hit:
            continue
        for kind, p_wound in _to_wound(s, melee):
            if kind != "none":
                chance += p_hit * p_wound * _through(s, kind, melee)
    return chance


def oracle(s: dict[str, Any], dice: int, melee: bool) -> dict[tuple[int, int], Fraction]:
    """(unsaved, models removed) over every outcome of every attack."""
    p = one_attack(s, melee)
    instant_death = min(s["strength"], 10) >= 2 * s["toughness"] and not s["eternal_warrior"]
    out: dict[tuple[int, int], Fraction] = {}
    for each in itertools.product((0, 1), repeat=dice):
        unsaved = sum(each)
        chance = p**unsaved * (1 - p) ** (dice - unsaved)
        removed = min(s["models"], unsaved if instant_death else unsaved // s["wounds"])
        out[(unsaved, removed)] = out.get((unsaved, removed), Fraction(0)) + chance
    return {k: v for k, v in out.items() if v}


def _odds(result: dict[Any, Fraction]) -> dict[tuple[int, int], Fraction]:
    return {(r.unsaved, r.models_removed): chance for r, chance in result.items() if chance}


SHOOTING = {
    "shots": 2, "ballistic_skill": 4, "snap_shots": False, "strength": 4, "ap": 5, "twin_linked": False, "rending": False, "poisoned": 7,
    "shred": False, "preferred_enemy": False, "fleshbane": False, "sniper": False, "toughness": 4, "armour_save": 4, "cover_save": 7,
    "invulnerable_save": 7, "wounds": 1, "models": 10, "eternal_warrior": False, "feel_no_pain": 7,
}
CLOSE = {
    "attacks": 2, "weapon_skill": 4, "strength": 4, "ap": 5, "rending": False, "poisoned": 7, "shred": False, "preferred_enemy": False,
    "fleshbane": False, "target_weapon_skill": 4, "toughness": 4, "armour_save": 4, "invulnerable_save": 7, "wounds": 1, "models": 10,
    "eternal_warrior": False, "feel_no_pain": 7,
}
FLAGS: list[dict[str, Any]] = [
    {},
    {"twin_linked": True},
    {"twin_linked": True, "ballistic_skill": 2},
    {"snap_shots": True, "twin_linked": True},
    {"ballistic_skill": 6},
    {"ballistic_skill": 8},
    {"ballistic_skill": 10, "preferred_enemy": True},
    {"ballistic_skill": 7, "twin_linked": True},
    {"rending": True, "toughness": 8, "armour_save": 2},
    {"rending": True, "shred": True, "cover_save": 4},
    {"poisoned": 4, "toughness": 6},
    {"poisoned": 2, "strength": 6, "toughness": 3},
    {"poisoned": 5, "strength": 5, "toughness": 4},
    {"shred": True, "strength": 3},
    {"preferred_enemy": True},
    {"preferred_enemy": True, "shred": True, "twin_linked": True},
    {"fleshbane": True, "toughness": 9},
    {"sniper": True, "toughness": 7, "armour_save": 3, "ap": 4},
    {"sniper": True, "strength": 8, "toughness": 4},
    {"feel_no_pain": 5},
    {"feel_no_pain": 4, "strength": 8, "toughness": 4, "wounds": 3},
    {"feel_no_pain": 4, "strength": 8, "toughness": 4, "wounds": 3, "eternal_warrior": True},
    {"invulnerable_save": 5, "cover_save": 3, "armour_save": 2, "ap": 1, "rending": True},
    {"wounds": 2, "models": 1},
]


@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: ",".join(f"{k}={v}" for k, v in f.items()) or "plain")
def test_shooting_odds_are_every_die_rolled(flags: dict[str, Any]) -> None:
    from rulechecks.w40k7 import shooting_attack

    for shots in (1, 2, 3):
        settings = {**SHOOTING, **flags, "shots": shots}
        assert _odds(shooting_attack.attack_odds(**settings)) == oracle(settings, shots, melee=False), settings


@pytest.mark.parametrize("flags", [f for f in FLAGS if not {"twin_linked", "sniper", "snap_shots", "ballistic_skill", "cover_save"} & f.keys()], ids=lambda f: ",".join(f"{k}={v}" for k, v in f.items()) or "plain")
def test_close_combat_odds_are_every_die_rolled(flags: dict[str, Any]) -> None:
    from rulechecks.w40k7 import close_combat

    for attacks, (ws, target_ws) in itertools.product((1, 2, 3), ((4, 4), (5, 4), (2, 5))):
        settings = {**CLOSE, **flags, "attacks": attacks, "weapon_skill": ws, "target_weapon_skill": target_ws}
        assert _odds(close_combat.attack_odds(**settings)) == oracle(settings, attacks, melee=True), settings


def test_random_mixes_of_every_flag_are_every_die_rolled() -> None:
    """Settings the list above does not name: every input drawn at random (a fixed seed)."""
    from rulechecks.w40k7 import close_combat, shooting_attack

    pick = random.Random(7)
    for _ in range(60):
        s: dict[str, Any] = {
            "ballistic_skill": pick.randint(1, 10), "snap_shots": pick.random() < 0.2, "strength": pick.randint(1, 10), "ap": pick.randint(1, 7),
            "twin_linked": pick.random() < 0.4, "rending": pick.random() < 0.4, "poisoned": pick.choice((2, 3, 4, 5, 6, 7, 7, 7)),
            "shred": pick.random() < 0.4, "preferred_enemy": pick.random() < 0.4, "fleshbane": pick.random() < 0.2, "sniper": pick.random() < 0.3,
            "toughness": pick.randint(1, 10), "armour_save": pick.randint(2, 7), "cover_save": pick.randint(2, 7), "invulnerable_save": pick.randint(2, 7),
            "wounds": pick.randint(1, 10), "models": pick.randint(1, 3), "eternal_warrior": pick.random() < 0.3, "feel_no_pain": pick.randint(2, 7),
            "weapon_skill": pick.randint(1, 10), "target_weapon_skill": pick.randint(1, 10),
        }
        dice = pick.randint(1, 3)
        shooting = {k: s[k] for k in SHOOTING if k != "shots"} | {"shots": dice}
        assert _odds(shooting_attack.attack_odds(**shooting)) == oracle(shooting, dice, melee=False), shooting
        close = {k: s[k] for k in CLOSE if k != "attacks"} | {"attacks": dice}
        assert _odds(close_combat.attack_odds(**close)) == oracle(close, dice, melee=True), close


def test_forty_twin_linked_shots_are_icepools_binomial_and_quick() -> None:
    """At 40 shots the oracle above is out of reach; icepool rolls one shot's dice (a miss
    rolled again, the 6 To Wound apart) and the unsaved Wounds are its binomial."""
    import time

    from rulechecks.w40k7 import shooting_attack

    settings: dict[str, Any] = {**SHOOTING, "shots": 40, "ballistic_skill": 3, "twin_linked": True, "rending": True, "toughness": 5, "armour_save": 3, "ap": 7, "feel_no_pain": 6}
    started = time.perf_counter()
    odds = shooting_attack.attack_odds(**settings)
    assert time.perf_counter() - started < 2.0  # about 3 ms on the machine it was written on
    hit = Fraction(icepool.d6.reroll([1, 2, 3], depth=1).probability(">=", 4))  # BS 3: 4+, misses rolled again
    rent = Fraction(1, 6)  # the 6 wounds at AP 2: no save (AP 2 beats 3+ armour, no cover, no invulnerable)
    wound = Fraction(icepool.d6.probability("==", 5))  # Strength 4 against Toughness 5: 5+, the 6 rends
    saved_fails = Fraction(icepool.d6.probability("<", 3))  # the 3+ armour (AP -)
    pain_fails = Fraction(icepool.d6.probability("<", 6))
    p = hit * (rent + wound * saved_fails) * pain_fails
    by_unsaved = {r.unsaved: chance for r, chance in odds.items()}
    one = icepool.Die({1: p.numerator, 0: p.denominator - p.numerator})  # one shot: an unsaved Wound or not
    total = 40 @ one
    assert by_unsaved == {k: Fraction(total.probability(k)) for k in range(41)}


def test_a_target_brings_the_value_its_list_of_rules_gives_a_parameter(tmp_path: Path) -> None:
    """Feel No Pain (X+) is what the target brings, with the X its unit gives; a unit that
    names the rule without a value leaves the field to the player."""
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "w40k7", root / "w40k7")
    for unit, ref in (("pain-boyz", "{rule: feel-no-pain, X: 5}"), ("grots", "feel-no-pain")):
        (root / "w40k7" / f"{unit}.yml").write_text(
            f"id: {unit}\nkind: unit\nname: {unit.replace('-', ' ').title()}\nsummary: A unit for tests.\nrules: [{ref}, eternal-warrior]\n"
            "source: {book: brb}\n",
            encoding="utf-8",
        )
    build = validate([str(root)])
    assert [p for p in build.problems if p.severity == "error"] == []
    deffkoptas = build.content.entry("w40k7:deffkoptas")
    assert deffkoptas is not None
    for versus in (c for c in deffkoptas.checks if c.versus):
        targets = {t.unit: t for t in versus.targets}
        assert dict(targets["pain-boyz"].values) == {"feel_no_pain": 5, "eternal_warrior": True}
        assert [p.entry for p in targets["pain-boyz"].parts] == ["feel-no-pain", "eternal-warrior"]
        assert dict(targets["grots"].values) == {"eternal_warrior": True}  # no X given: the player types it in


def test_a_units_compile_results_are_keyed_on_a_versus_step_no_rule_of_it_changes() -> None:
    """The Deffkoptas' rules change no shot, yet their composed `shooting_attack` is the
    step's logic: an edit to the step must not leave the unit's cached proofs standing."""
    from rulesref.logic.cache import entry_key

    build = validate([str(REPO / "content")])
    deffkoptas = build.content.entry("w40k7:deffkoptas")
    assert deffkoptas is not None
    assert "shooting-attack.yml" in {Path(doc.path).name for doc in deffkoptas.depends}
    step = next(doc for doc in deffkoptas.depends if Path(doc.path).name == "shooting-attack.yml")
    edited = replace(deffkoptas, depends=tuple(replace(d, text=d.text + "\n# edited\n") if d is step else d for d in deffkoptas.depends))
    assert entry_key(edited) != entry_key(deffkoptas)
