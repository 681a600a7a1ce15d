"""The Horus Heresy (2nd edition) attack steps (`shooting-attack`, `melee-attack`) against the
rules resolved one attack at a time, every die rolled.

The oracle knows nothing of pools: it follows one shot or one blow through its To Hit roll
(and a Twin-linked miss rolled again, or, from Ballistic Skill 6, its 1), its To Wound roll (Rending (X+) wounding
on X+ whatever the Toughness, Breaching (X+) turning a wounding X+ to AP 2, Shred rolling a
failure again), the best save and Feel No Pain (never against Instant Death), each die from 1 to 6, then puts the attacks
together by trying every outcome of each. The weapon and target inputs are tried on their
own, in mixes, and drawn at random."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import icepool
import pytest

from .test_w40k7_attacks import _chart

D6 = range(1, 7)
SIXTH = Fraction(1, 6)


def _to_hit(s: dict[str, Any], melee: bool) -> Iterator[tuple[bool, Fraction]]:
    """Every way one attack's To Hit roll (and its re-roll) ends: hit or not, with its chance."""
    twin = not melee and s["twin_linked"]
    if melee:
        needed, again = s["to_hit"], 7
    else:
        bs = 1 if s["snap_shots"] else s["ballistic_skill"]
        needed, again = (7 - bs, 7) if bs <= 5 else (2, 12 - bs)
    if twin:
        again = needed  # the rule's re-roll: the first roll's number, and never a second one
    for first in D6:
        if first >= needed:
            yield True, SIXTH
        elif twin or (first == 1 and again <= 6):
            for second in D6:
                yield second >= again, SIXTH * SIXTH
        else:
            yield False, SIXTH


def _to_wound(s: dict[str, Any]) -> Iterator[tuple[str, Fraction]]:
    """Every way one hit's To Wound roll (and its re-roll) ends: `none`, `wound` or `ap2`."""
    chart = _chart(s["strength"], s["toughness"])

    def outcome(roll: int) -> str:
        if roll >= s["rending"]:
            return "ap2"  # wounds whatever the Toughness
        if roll < chart:
            return "none"
        return "ap2" if roll >= s["breaching"] else "wound"

    for first in D6:
        if outcome(first) == "none" and s["shred"]:
            for second in D6:
                yield outcome(second), SIXTH * SIXTH
        else:
            yield outcome(first), SIXTH


def _through(s: dict[str, Any], kind: str, melee: bool) -> Fraction:
    """The chance one Wound gets past the best save and Feel No Pain."""
    ap = min(s["ap"], 2) if kind == "ap2" else s["ap"]
    armour = s["armour_save"] if ap > s["armour_save"] else 7
    best = min(armour, 7 if melee else s["cover_save"], s["invulnerable_save"])
    no_pain = s["instant_death"] or (s["strength"] >= 2 * s["toughness"] and not s["eternal_warrior"])
    pain = 7 if no_pain else s["feel_no_pain"]
    return Fraction(sum(1 for save in D6 if save < best), 6) * Fraction(sum(1 for roll in D6 if roll < pain), 6)


def one_attack(s: dict[str, Any], melee: bool) -> Fraction:
    """The chance that one shot (or blow) ends as an unsaved Wound, every die rolled."""
    chance = Fraction(0)
    for hit, p_hit in _to_hit(s, melee):
        if hit:
            for kind, p_wound in _to_wound(s):
                if kind != "none":
                    chance += p_hit * p_wound * _through(s, kind, melee)
    return chance


def oracle(s: dict[str, Any], dice: int, melee: bool) -> dict[tuple[int, int], Fraction]:
    """(unsaved, models removed) over every outcome of every attack."""
    p = one_attack(s, melee)
    instant_death = (s["instant_death"] or s["strength"] >= 2 * s["toughness"]) and not s["eternal_warrior"]
    out: dict[tuple[int, int], Fraction] = {}
    for each in itertools.product((0, 1), repeat=dice):
        unsaved = sum(each)
        removed = min(s["models"], unsaved if instant_death else unsaved // s["wounds"])
        out[(unsaved, removed)] = out.get((unsaved, removed), Fraction(0)) + p**unsaved * (1 - p) ** (dice - unsaved)
    return {k: v for k, v in out.items() if v}


def _odds(result: dict[Any, Fraction]) -> dict[tuple[int, int], Fraction]:
    return {(r.unsaved, r.models_removed): chance for r, chance in result.items() if chance}


SHOOTING = {
    "shots": 2, "ballistic_skill": 4, "snap_shots": False, "twin_linked": False, "strength": 4, "ap": 5, "rending": 7, "breaching": 7, "shred": False,
    "instant_death": False, "toughness": 4,
    "armour_save": 4, "cover_save": 7, "invulnerable_save": 7, "wounds": 1, "models": 10, "eternal_warrior": False, "feel_no_pain": 7,
}
MELEE = {k: v for k, v in SHOOTING.items() if k not in ("shots", "ballistic_skill", "snap_shots", "twin_linked", "cover_save")} | {"attacks": 2, "to_hit": 4}
FLAGS: list[dict[str, Any]] = [
    {},
    {"ballistic_skill": 6},
    {"ballistic_skill": 9, "to_hit": 2},
    {"snap_shots": True, "ballistic_skill": 8, "to_hit": 6},
    {"twin_linked": True},
    {"twin_linked": True, "ballistic_skill": 7},
    {"twin_linked": True, "snap_shots": True, "rending": 6},
    {"instant_death": True, "wounds": 3, "feel_no_pain": 4},
    {"instant_death": True, "wounds": 3, "feel_no_pain": 4, "eternal_warrior": True},
    {"rending": 6, "toughness": 8, "armour_save": 2},
    {"rending": 4, "strength": 6, "toughness": 4, "to_hit": 3},
    {"rending": 5, "shred": True, "cover_save": 4, "invulnerable_save": 5},
    {"breaching": 5, "armour_save": 2},
    {"breaching": 4, "strength": 3, "toughness": 4, "armour_save": 3},
    {"breaching": 6, "rending": 6, "shred": True},
    {"breaching": 2, "strength": 1, "toughness": 5},
    {"shred": True, "strength": 3},
    {"feel_no_pain": 5},
    {"feel_no_pain": 4, "strength": 8, "toughness": 4, "wounds": 3},
    {"feel_no_pain": 4, "strength": 8, "toughness": 4, "wounds": 3, "eternal_warrior": True},
    {"invulnerable_save": 5, "cover_save": 3, "armour_save": 2, "ap": 1, "breaching": 6},
    {"wounds": 2, "models": 1},
]


def _name(flags: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in flags.items()) or "plain"


@pytest.mark.parametrize("flags", FLAGS, ids=_name)
def test_shooting_odds_are_every_die_rolled(flags: dict[str, Any]) -> None:
    from rulechecks.hh2 import shooting_attack

    for shots in (1, 2, 3):
        settings = {**SHOOTING, **{k: v for k, v in flags.items() if k in SHOOTING}, "shots": shots}
        assert _odds(shooting_attack.attack_odds(**settings)) == oracle(settings, shots, melee=False), settings


@pytest.mark.parametrize("flags", FLAGS, ids=_name)
def test_melee_odds_are_every_die_rolled(flags: dict[str, Any]) -> None:
    from rulechecks.hh2 import melee_attack

    for attacks in (1, 2, 3):
        settings = {**MELEE, **{k: v for k, v in flags.items() if k in MELEE}, "attacks": attacks}
        assert _odds(melee_attack.attack_odds(**settings)) == oracle(settings, attacks, melee=True), settings


def test_random_mixes_of_every_input_are_every_die_rolled() -> None:
    """Settings the list above does not name: every input drawn at random (a fixed seed)."""
    from rulechecks.hh2 import melee_attack, shooting_attack

    pick = random.Random(30)
    for _ in range(60):
        s: dict[str, Any] = {
            "ballistic_skill": pick.randint(1, 10), "snap_shots": pick.random() < 0.2, "strength": pick.randint(1, 10), "ap": pick.randint(1, 7),
            "twin_linked": pick.random() < 0.4, "instant_death": pick.random() < 0.2, "rending": pick.choice((3, 4, 5, 6, 7, 7, 7)), "breaching": pick.choice((2, 4, 5, 6, 7, 7, 7)), "shred": pick.random() < 0.4,
            "toughness": pick.randint(1, 10), "armour_save": pick.randint(2, 7), "cover_save": pick.randint(2, 7), "invulnerable_save": pick.randint(2, 7),
            "wounds": pick.randint(1, 10), "models": pick.randint(1, 3), "eternal_warrior": pick.random() < 0.3, "feel_no_pain": pick.randint(2, 7),
            "to_hit": pick.randint(2, 6),
        }
        dice = pick.randint(1, 3)
        shooting = {k: s[k] for k in SHOOTING if k != "shots"} | {"shots": dice}
        assert _odds(shooting_attack.attack_odds(**shooting)) == oracle(shooting, dice, melee=False), shooting
        melee = {k: s[k] for k in MELEE if k != "attacks"} | {"attacks": dice}
        assert _odds(melee_attack.attack_odds(**melee)) == oracle(melee, dice, melee=True), melee


def test_thirty_rending_blows_are_icepools_binomial() -> None:
    """At 30 blows the oracle is out of reach; icepool rolls one blow's dice and the unsaved
    Wounds are its binomial."""
    from rulechecks.hh2 import melee_attack

    settings: dict[str, Any] = {**MELEE, "attacks": 30, "to_hit": 3, "rending": 5, "shred": True, "toughness": 5, "armour_save": 3, "ap": 7, "feel_no_pain": 6}
    odds = melee_attack.attack_odds(**settings)
    hit = Fraction(icepool.d6.probability(">=", 3))
    to_wound = icepool.d6.reroll([1, 2, 3, 4], depth=1)  # Strength 4 against Toughness 5 needs a 5, Rending (5+) too: Shred rolls the rest again
    rent = Fraction(to_wound.probability(">=", 5))  # every Wound is a rending one: AP 2, no save left
    pain_fails = Fraction(icepool.d6.probability("<", 6))
    p = hit * rent * pain_fails
    one = icepool.Die({1: p.numerator, 0: p.denominator - p.numerator})
    total = 30 @ one
    assert {r.unsaved: chance for r, chance in odds.items()} == {k: Fraction(total.probability(k)) for k in range(31)}


@pytest.mark.node
def test_javascript_odds_equal_python_odds_on_random_settings(tmp_path: Path) -> None:
    """Both steps' odds in the JavaScript package, BigInt fractions, against Python's, over
    settings drawn at random (a fixed seed) with every weapon input in play."""
    from .test_javascript import compare, shipped

    steps = {e.id: e for e, _ in shipped() if e.system == "hh2" and e.id in ("shooting-attack", "melee-attack")}
    pick = random.Random(2)
    shooting, melee = [], []
    for _ in range(25):
        s: dict[str, Any] = {
            "ballistic_skill": pick.randint(1, 10), "snap_shots": pick.random() < 0.2, "strength": pick.randint(1, 10), "ap": pick.randint(1, 7),
            "twin_linked": pick.random() < 0.4, "instant_death": pick.random() < 0.2, "rending": pick.choice((3, 5, 6, 7)), "breaching": pick.choice((4, 6, 7)), "shred": pick.random() < 0.5, "toughness": pick.randint(1, 10),
            "armour_save": pick.randint(2, 7), "cover_save": pick.randint(2, 7), "invulnerable_save": pick.randint(2, 7), "wounds": pick.randint(1, 4),
            "models": pick.randint(1, 10), "eternal_warrior": pick.random() < 0.3, "feel_no_pain": pick.randint(2, 7), "to_hit": pick.randint(2, 6),
        }
        dice = pick.randint(1, 20)
        shooting.append({k: s[k] for k in SHOOTING if k != "shots"} | {"shots": dice})
        melee.append({k: s[k] for k in MELEE if k != "attacks"} | {"attacks": dice})
    assert compare(tmp_path, [(steps["shooting-attack"], "attack_odds", shooting), (steps["melee-attack"], "attack_odds", melee)]) == []
