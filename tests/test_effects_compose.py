"""Composed checks: a rule's parameter flows from the unit into its effects, what an effect
settles makes the inputs of later effects moot, core effects reach every unit, the parts
follow the order of application; each against brute force over the inputs and dice."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path
from typing import Any

from rulesref.logic.codegen import module_ast
from rulesref.logic.sandbox import run_module
from rulesref.validate import validate

from .conftest import FIXTURES

SAVE = (  # a core step: the Wounds one unsaved-or-saved Wound costs, by a D6 against the save
    "id: save\nkind: term\nname: Save\nsummary: Whether a Wound gets through.\n"
    "checks:\n  lost:\n    summary: Wounds lost to one Wound.\n    inputs:\n"
    "      roll: {type: D6}\n      save: {type: int, min: 2, max: 7}\n"
    "    output: {type: int, min: 0, max: 10}\n    let:\n      per_wound: \"1\"\n"
    "    expr: \"0 if roll >= save else per_wound\"\n"
    "    examples:\n      - given: {roll: 3, save: 3}\n        expect: 0\n"
)
BRUTAL = (  # a rule with a parameter that its effect reads
    "id: brutal\nkind: rule\nname: Brutal (X)\nsummary: Each Wound becomes X.\n"
    "params:\n  X: {type: int, min: 2, max: 10, summary: Wounds each Wound becomes}\n"
    "effects:\n  - id: x-wounds\n    step: save\n    changes: per_wound\n    summary: An unsaved Wound costs X Wounds, on a model with a Toughness.\n"
    "    set: X\n    when: \"has_toughness and X > 1\"\n    inputs: {has_toughness: {type: bool}}\n"
)
STAND = (  # a core step with a core effect: whether a unit stands, by 2D6 against its Leadership
    "id: stand\nkind: term\nname: Stand\nsummary: Whether a unit stands.\n"
    "checks:\n  holds:\n    summary: Whether a unit holds.\n    inputs:\n"
    "      roll: {type: 2D6}\n      leadership: {type: int, min: 2, max: 10}\n"
    "    output: {type: bool}\n    expr: roll <= leadership\n"
    "    examples:\n      - given: {roll: 7, leadership: 7}\n        expect: true\n"
    "effects:\n  - id: broken\n    step: stand\n    summary: Below half strength a unit never holds.\n"
    "    auto: fail\n    when: below_half\n    inputs: {below_half: {type: bool}}\n"
)
DAUNTLESS = (  # passes outright, always
    "id: dauntless\nkind: rule\nname: Dauntless\nsummary: Always holds.\n"
    "effects:\n  - id: holds\n    step: stand\n    summary: Holds outright.\n    auto: pass\n    exception_to: [stand/broken]\n"
)
MOB = (  # turns a failed test into a pass on a table roll, reading inputs of its own
    "id: mob\nkind: rule\nname: Mob\nsummary: A big mob may hold anyway.\n"
    "effects:\n  - id: rally\n    step: stand\n    summary: A failed test is rolled for again.\n"
    "    set: \"mob_roll >= 4 and models >= 10\"\n    when: \"not result\"\n"
    "    inputs: {mob_roll: {type: D6}, models: {type: int, min: 1, max: 30}}\n"
    "    outcomes:\n      hits: {type: dice, value: \"'D6' if mob_roll >= 4 and models >= 10 else 'none'\", otherwise: none}\n"
)
HORDE = (  # adds a field of the same name as Mob's: refused where both reach one check
    "id: horde\nkind: rule\nname: Horde\nsummary: Hits of its own.\n"
    "effects:\n  - id: trample\n    step: stand\n    changes: leadership\n    summary: +1 Leadership, at a cost.\n    add: 1\n"
    "    outcomes:\n      hits: {type: dice, value: D3, otherwise: none}\n"
)

ROUT = (  # a core step with an enum result
    "id: rout\nkind: term\nname: Rout\nsummary: Whether a broken unit holds.\n"
    "checks:\n  outcome:\n    summary: What a broken unit does.\n    inputs:\n      roll: {type: D6}\n      nerve: {type: int, min: 1, max: 6}\n"
    "    output: {type: enum, values: [held, fled]}\n    expr: \"'held' if roll >= nerve else 'fled'\"\n"
    "    examples:\n      - given: {roll: 4, nerve: 4}\n        expect: held\n"
)
PANIC = (  # brings a word of its own to the rout's result
    "id: panic\nkind: rule\nname: Panic\nsummary: A fleeing unit may panic.\n"
    "effects:\n  - id: panics\n    step: rout\n    summary: A unit that flees on a 1 panics.\n"
    "    set: panicked\n    when: \"result == 'fled' and roll == 1\"\n    new_values: [panicked]\n"
)


def _unit(unit_id: str, rules: str) -> str:
    return f"id: {unit_id}\nkind: unit\nname: {unit_id.title()}\nsummary: A unit for tests.\nrules: {rules}\n"


def _tree(tmp_path: Path, units: dict[str, str]) -> Path:
    root = tmp_path / "content"
    (root / "demo").mkdir(parents=True)
    files = {"system.yml": (FIXTURES / "content" / "demo" / "system.yml").read_text(), "save.yml": SAVE, "brutal.yml": BRUTAL,
             "stand.yml": STAND, "dauntless.yml": DAUNTLESS, "mob.yml": MOB, "horde.yml": HORDE, "rout.yml": ROUT, "panic.yml": PANIC, **{f"{k}.yml": _unit(k, v) for k, v in units.items()}}
    for name, text in files.items():
        (root / "demo" / name).write_text(text)
    return root


def _built(root: Path, unit_id: str) -> tuple[dict[str, Any], list[Any], Any]:
    """The unit's module, the problems (warnings only: no example is written), and the unit."""
    result = validate([str(root)])
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    entry = result.content.entry(f"demo:{unit_id}")
    assert entry is not None
    module = module_ast(entry, result.compiled[entry.key].plans, system_name="demo", url=result.settings.entry_url(entry))
    return run_module(module, result.settings.module_path(entry)), list(result.problems), entry


def _d6_odds(fn: Any, **given: Any) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}
    for roll in range(1, 7):
        value = fn(roll=roll, **given)
        out[value] = out.get(value, Fraction(0)) + Fraction(1, 6)
    return out


def test_a_units_value_of_a_rules_parameter_is_written_into_its_composed_check(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"ogres": "[{rule: brutal, X: 3}]", "giants": "[{rule: brutal, X: 7}]", "unsure": "[brutal]"})
    for unit, x in (("ogres", 3), ("giants", 7)):
        ns, _, entry = _built(root, unit)
        lost = ns["save"]
        for roll, save, toughness in itertools.product(range(1, 7), range(2, 8), (False, True)):
            expected = 0 if roll >= save else (x if toughness else 1)
            assert lost(roll=roll, save=save, has_toughness=toughness) == expected
        for save, toughness in itertools.product(range(2, 8), (False, True)):
            brute = _d6_odds(lambda roll, save=save, toughness=toughness, x=x: 0 if roll >= save else (x if toughness else 1))
            assert ns["save_odds"](save=save, has_toughness=toughness) == brute
        (check,) = [c for c in entry.checks if c.name == "save"]
        assert [i.name for i in check.inputs] == ["roll", "save", "has_toughness"]  # X is no argument
        assert f"(X = {x})" in check.parts[1].words
    # a unit that names the rule without a value gives X as an argument, checked against its range
    ns, _, _ = _built(root, "unsure")
    assert ns["save"](roll=1, save=3, has_toughness=True, X=5) == 5
    try:
        ns["save"](roll=1, save=3, has_toughness=True, X=11)
    except ValueError as error:
        assert "X must be a whole number from 2 to 10" in str(error)
    else:
        raise AssertionError("X=11 was accepted")


def test_what_an_effect_settles_makes_the_inputs_of_later_effects_moot(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"boyz": "[mob, dauntless]", "mob-only": "[mob]"})
    ns, _, entry = _built(root, "boyz")
    got = ns["stand"]()  # Dauntless settles it: no roll, no table, no model count, and no hits
    assert (got.result, got.hits) == (True, "none")
    assert "stand_odds" not in ns  # no dice left to give odds over
    (check,) = [c for c in entry.checks if c.name == "stand"]
    assert check.inputs == ()
    # the order of application, not the order of the unit's list: settled outright, then set
    assert [p.entry for p in check.parts] == ["stand", "stand", "dauntless", "mob"]
    ns, _, _ = _built(root, "mob-only")
    two_d6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    for leadership, below_half, models in itertools.product(range(2, 11), (False, True), (5, 10)):
        brute: dict[tuple[bool, str], Fraction] = {}
        for r, m in itertools.product(two_d6, range(1, 7)):
            rolled = r <= leadership and not below_half
            rallied = not rolled and m >= 4 and models >= 10  # a pass that costs hits: an outcome of its own
            outcome = (rolled or rallied, "D6" if rallied else "none")
            brute[outcome] = brute.get(outcome, Fraction(0)) + two_d6[r] * Fraction(1, 6)
        odds = ns["stand_odds"](leadership=leadership, below_half=below_half, models=models)
        assert {(k.result, k.hits): p for k, p in odds.items()} == brute


def test_a_set_may_bring_a_word_of_its_own_to_an_enum_result_and_its_odds_count_it_apart(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"cowards": "[panic]"})
    ns, _, entry = _built(root, "cowards")
    (check,) = [c for c in entry.checks if c.name == "rout"]
    assert check.output[0].values == ("held", "fled", "panicked")
    for roll, nerve in itertools.product(range(1, 7), range(1, 7)):
        expected = "held" if roll >= nerve else "panicked" if roll == 1 else "fled"
        assert ns["rout"](roll=roll, nerve=nerve) == expected
    for nerve in range(1, 7):
        assert ns["rout_odds"](nerve=nerve) == _d6_odds(ns["rout"], nerve=nerve)
        brute = {w: Fraction(n, 6) for w, n in (("held", 7 - nerve), ("fled", max(0, nerve - 2)), ("panicked", 1 if nerve > 1 else 0)) if n}
        assert ns["rout_odds"](nerve=nerve) == brute


def test_two_effects_that_add_one_field_to_a_check_are_refused_at_the_second(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"rabble": "[mob, horde]"})
    problems = [p for p in validate([str(root)]).problems if p.severity == "error"]
    assert [(p.code, p.path.rsplit("/", 1)[-1], p.line) for p in problems] == [("duplicate-name", "horde.yml", 12)]
    assert "`mob/rally` adds `hits` to Stand too" in problems[0].message


def test_a_core_effect_gives_every_unit_of_its_system_a_composed_check(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"plain": "[]"})
    ns, problems, entry = _built(root, "plain")
    holds = ns["stand"]
    for roll, leadership, below_half in itertools.product(range(2, 13), range(2, 11), (False, True)):
        assert holds(roll=roll, leadership=leadership, below_half=below_half) is (roll <= leadership and not below_half)
    (check,) = [c for c in entry.checks if c.name == "stand"]
    assert [p.entry for p in check.parts] == ["stand", "stand"]
    # no example is written: that is the step's own business (no warning for each unit), and
    # the docstring has no empty heading
    assert not [p for p in problems if p.path.endswith("plain.yml")]
    assert "Examples:" not in holds.__doc__ and "Composed from:" in holds.__doc__


def test_a_composed_check_without_examples_is_warned_of_in_words_with_no_empty_list(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"mobs": "[mob]"})
    _, problems, _ = _built(root, "mobs")
    warned = [p.message for p in problems if p.code == "composed-without-examples"]
    assert warned == ["the composed check `stand` (Stand with mob, its core effects) has no examples: give some under `composed: {stand: {examples: [...]}}`"]


def test_javascript_equals_python_on_the_composed_checks_and_their_odds(tmp_path: Path) -> None:
    """Parameters written in, moot inputs dropped, added fields and core compositions: the
    generated JavaScript gives what the Python gives, over every input and for every odds."""
    from .test_javascript import compare_groups, generate, whole_domain, wrong_values

    units = {"ogres": "[{rule: brutal, X: 3}]", "unsure": "[brutal]", "boyz": "[mob, dauntless]", "mob-only": "[mob]", "plain": "[]", "cowards": "[panic]"}
    root = _tree(tmp_path, units)
    assert generate(root, tmp_path / "py", tmp_path / "js") == 0
    result = validate([str(root)])
    groups = []
    for unit in units:
        ns, _, entry = _built(root, unit)
        js_module = (tmp_path / "js" / "demo" / f"{entry.module}.js").as_uri()
        for plan in result.compiled[entry.key].plans:
            points = whole_domain(plan)
            groups.append((f"demo/{unit}", js_module, plan.name, ns[plan.name], points + wrong_values(plan, points[0])))
            if plan.odds_name is not None:
                dice = {a.name for a in plan.random_args}
                fixed = list({tuple((k, v) for k, v in p.items() if k not in dice): None for p in points})
                groups.append((f"demo/{unit}", js_module, plan.odds_name, ns[plan.odds_name], [dict(f) for f in fixed]))
    assert {g[2] for g in groups} >= {"save", "save_odds", "stand", "stand_odds", "rout", "rout_odds"}
    assert sum(len(g[4]) for g in groups) > 1000
    assert compare_groups(tmp_path, groups) == []
