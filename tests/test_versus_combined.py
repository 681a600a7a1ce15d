"""Several weapons firing together (`runtime.combined`), against every die rolled.

Each weapon's answer comes from the shipped 7th-edition shooting step; the oracle rolls every
shot of every weapon (`test_w40k7_attacks.one_attack` gives a shot's chance of an unsaved
Wound) and removes models as wound allocation does across the weapons' pools: each Instant
Death Wound a model, the other Wounds gathered on the models left, at most the target's models.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulesref.versus import runtime
from rulesref.versus.runtime import Answer, answered, combined

from .jsnode import node
from .test_w40k7_attacks import SHOOTING, one_attack

JS_RUNTIME = Path(__file__).parent.parent / "generator" / "rulesref" / "templates" / "javascript" / "_versus.js"
JS_COMBINED = """
import { combined } from %s;
const out = [];
for (const mix of JSON.parse(process.argv[2])) {
  const answers = mix.map((a) => ({ ...a, distribution: a.distribution.map(([result, n, d]) => ({ result, numerator: BigInt(n), denominator: BigInt(d) })) }));
  const one = combined(answers);
  out.push([one.weapon, one.given, one.distribution.map((r) => [r.result.unsaved, r.result.models_removed, String(r.numerator), String(r.denominator)])]);
}
console.log(JSON.stringify(out));
"""


def _answer(settings: dict[str, Any], label: str) -> Answer:
    from rulechecks.w40k7 import shooting_attack

    return answered("shooting-attack", label, "shooting_attack.attack", settings, shooting_attack.attack_odds(**settings), (), ())


def _oracle(weapons: list[dict[str, Any]]) -> dict[tuple[int, int], Fraction]:
    """(unsaved, models removed) over every outcome of every shot of every weapon."""
    shots = [(one_attack(w, melee=False), min(w["strength"], 10) >= 2 * w["toughness"] and not w["eternal_warrior"]) for w in weapons for _ in range(w["shots"])]
    models, wounds = weapons[0]["models"], weapons[0]["wounds"]
    out: dict[tuple[int, int], Fraction] = {}
    for each in itertools.product((0, 1), repeat=len(shots)):
        chance = Fraction(1)
        for hit, (p, _) in zip(each, shots, strict=True):
            chance *= p if hit else 1 - p
        whole = sum(hit for hit, (_, instant) in zip(each, shots, strict=True) if instant)
        gather = sum(each) - whole
        key = (sum(each), min(models, whole + gather // wounds))
        out[key] = out.get(key, Fraction(0)) + chance
    return {k: v for k, v in out.items() if v}


def _rows(answer: Answer) -> dict[tuple[int, int], Fraction]:
    return {(int(dict(r)["unsaved"]), int(dict(r)["models_removed"])): p for r, p in answer.distribution}


TARGET = {"toughness": 4, "armour_save": 7, "wounds": 3, "models": 2}
MIXES: list[list[dict[str, Any]]] = [
    [{"strength": 8, "shots": 2}, {"strength": 4, "shots": 2}, {"strength": 5, "shots": 1}],  # Instant Death beside Wounds that gather
    [{"strength": 8, "shots": 2, "eternal_warrior": True}, {"strength": 4, "shots": 3}],  # Eternal Warrior: all gather
    [{"strength": 4, "shots": 2, "wounds": 1, "models": 3}, {"strength": 6, "shots": 2, "wounds": 1, "models": 3, "rending": True}],
    [{"strength": 4, "shots": 3, "models": 1, "feel_no_pain": 5}, {"strength": 9, "shots": 2, "models": 1, "feel_no_pain": 5}],
]


@pytest.mark.parametrize("mix", MIXES, ids=range(len(MIXES)))
def test_weapons_together_are_every_shot_of_each_rolled(mix: list[dict[str, Any]]) -> None:
    weapons = [{**SHOOTING, **TARGET, **w} for w in mix]
    weapons = [{**w, "wounds": weapons[0]["wounds"], "models": weapons[0]["models"], "eternal_warrior": weapons[0]["eternal_warrior"]} for w in weapons]
    answer = combined([_answer(w, f"weapon {i}") for i, w in enumerate(weapons)])
    assert _rows(answer) == _oracle(weapons)
    assert sum(p for _, p in answer.distribution) == 1
    assert answer.weapon == " + ".join(f"weapon {i}" for i in range(len(weapons))) and len(answer.parts) == len(weapons)
    assert answer.given["wounds"] == weapons[0]["wounds"] and all(w[name] == value for w in weapons for name, value in answer.given.items())
    assert ("strength" in answer.given) == (len({w["strength"] for w in weapons}) == 1)  # what the weapons share, only


def _random_mixes(seed: int, count: int, most_shots: int) -> list[list[dict[str, Any]]]:
    pick = random.Random(seed)
    mixes = []
    for _ in range(count):
        target = {"toughness": pick.randint(2, 6), "armour_save": pick.randint(3, 7), "wounds": pick.randint(1, 4), "models": pick.randint(1, 3),
                  "eternal_warrior": pick.random() < 0.2, "feel_no_pain": pick.choice((4, 6, 7, 7))}
        mixes.append([{**SHOOTING, **target, "shots": pick.randint(1, most_shots), "strength": pick.randint(3, 10), "ap": pick.randint(1, 7),
                       "rending": pick.random() < 0.3, "twin_linked": pick.random() < 0.3} for _ in range(pick.randint(2, 3))])
    return mixes


def test_random_mixes_together_are_every_shot_rolled() -> None:
    for weapons in _random_mixes(11, 25, 2):
        assert _rows(combined([_answer(w, "w") for w in weapons])) == _oracle(weapons), weapons


def test_javascript_adds_weapons_up_as_python_does(tmp_path: Path) -> None:
    """`combined` of `_versus.js` (BigInt) on 30 random mixes of up to 12 shots a weapon."""
    mixes = [[_answer(w, f"w{i}") for i, w in enumerate(weapons)] for weapons in _random_mixes(5, 30, 12)]
    asked = [[{"step": a.step, "weapon": a.weapon, "function": a.function, "given": a.given, "modelled": [], "notModelled": [],
               "distribution": [[dict(r), str(p.numerator), str(p.denominator)] for r, p in a.distribution]} for a in mix] for mix in mixes]
    script = tmp_path / "combined.mjs"
    script.write_text(JS_COMBINED % json.dumps(JS_RUNTIME.as_uri()), encoding="utf-8")
    ran = subprocess.run([node(), str(script), json.dumps(asked)], capture_output=True, text=True, check=False)
    assert ran.returncode == 0, ran.stderr
    expected = []
    for mix in mixes:
        one = combined(mix)
        rows = [[int(dict(r)["unsaved"]), int(dict(r)["models_removed"]), str(p.numerator), str(p.denominator)] for r, p in one.distribution]
        expected.append([one.weapon, one.given, rows])
    assert json.loads(ran.stdout) == expected
    assert sum(len(rows) for _, _, rows in expected) > 300  # (distributions of some size, not a few rows)


def test_one_weapon_alone_is_its_own_answer() -> None:
    one = _answer({**SHOOTING, **TARGET, "strength": 8, "toughness": 8}, "alone")
    assert combined([one]) is one
    never = _answer({**SHOOTING, **TARGET, "strength": 1, "toughness": 8}, "never")  # (Strength 1 cannot wound Toughness 8)
    assert _rows(never) == {(0, 0): 1}
    assert _rows(combined([one, never])) == _rows(one) and _rows(combined([never, one])) == _rows(one)


def test_answers_that_do_not_add_up_are_refused_with_the_reason() -> None:
    one = _answer({**SHOOTING, **TARGET}, "a")
    with pytest.raises(ValueError, match="no answers"):
        combined([])
    with pytest.raises(ValueError, match="one step"):
        combined([one, Answer("close-combat", "b", one.function, one.given, one.distribution, (), ())])
    with pytest.raises(ValueError, match="same target"):
        combined([one, _answer({**SHOOTING, **TARGET, "models": 3}, "b")])
    odd = Answer(one.step, "b", "odd.attack", one.given, ((((runtime.UNSAVED, 4), (runtime.REMOVED, 0)), Fraction(1)),), (), ())
    with pytest.raises(ValueError, match=r"`odd.attack` \(b\) removes models neither one a Wound nor one a model.s Wounds"):
        combined([one, odd])
