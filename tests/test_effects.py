"""Effects and composed checks: conflicts found with a witness, exceptions and stacking as
declared, and every shipped unit's composed checks equal to a reference derived by hand."""

from __future__ import annotations

import itertools
import shutil
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesref.logic.conflicts import conflict_problems
from rulesref.logic.effects import resolve_all
from rulesref.validate import validate

from .conftest import FIXTURES, REPO
from .hang_guard import no_hang
from .test_logic import compiled


def _write(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text)


def _planted(tmp_path: Path, system: str, name: str, addition: str) -> list[Any]:
    """The problems of the shipped content with `addition` appended to one of its files."""
    target = tmp_path / "content"
    shutil.copytree(REPO / "content", target)
    path = target / system / name
    path.write_text(path.read_text() + addition)
    return [p for p in validate([str(target)]).problems if p.severity == "error"]


def test_a_conflict_names_both_effects_and_a_witness(content: Path) -> None:
    shutil.copy(FIXTURES / "bad" / "effect-conflict.yml", content / "demo")
    (problem,) = validate([str(content / "demo" / "effect-conflict.yml")]).problems
    assert problem.code == "conflicting-effects" and problem.line == 24
    assert "`effect-conflict/routed` and `effect-conflict/steadfast`" in problem.message
    assert "ranks=2, leaving_table=True" in problem.message  # the first inputs where both apply


def test_a_conflict_planted_in_the_shipped_rules_is_refused_at_its_line(tmp_path: Path) -> None:
    # Mob Rule made to fail outright where Fearless passes outright: the same phase, no relation
    problems = _planted(tmp_path, "w40k7", "mob-rule.yml", (
        "  - id: panics\n    step: morale-check\n    summary: Fails outright in combat.\n    auto: fail\n"
        "    when: locked_in_combat\n"
        "    inputs: {locked_in_combat: {type: bool}}\n"
    ))
    (problem,) = problems
    assert problem.code == "conflicting-effects" and problem.path.endswith("w40k7/mob-rule.yml")
    assert "`mob-rule/panics` and `fearless/passes-morale`" in problem.message
    assert "locked_in_combat=True" in problem.message


def test_a_second_cap_beside_steadys_needs_a_stacking(tmp_path: Path) -> None:
    addition = "  - id: tight\n    step: discipline.break_test\n    changes: penalty\n    summary: Never worse than -3.\n    at_most: 3\n"
    (problem,) = _planted(tmp_path, "t9a", "stubborn.yml", addition)
    assert problem.code == "conflicting-effects" and "steady=True" in problem.message
    stacked = addition + "    stacks: lowest\n"
    problems = _planted(tmp_path / "again", "t9a", "stubborn.yml", stacked)
    assert [p.code for p in problems] == ["conflicting-effects"]  # Steady's own cap states no stacking
    assert "stacks" in problems[0].message


def test_effects_that_never_apply_together_need_no_relation(content: Path) -> None:
    shutil.copy(FIXTURES / "good" / "effects-exception.yml", content / "demo")
    assert validate([str(content)]).problems == ()


STAND = (  # a core step: whether a unit stands, by 2D6 against the Leadership it `needed`
    "id: stand\nkind: term\nname: Stand\nsummary: Whether a unit stands.\n"
    "checks:\n  holds:\n    summary: Whether a unit holds.\n    inputs:\n"
    "      roll: {type: 2D6}\n      leadership: {type: int, min: 2, max: 10}\n"
    "    output: {type: bool}\n    let:\n      needed: leadership\n    expr: roll <= needed\n"
    "    examples:\n      - given: {roll: 7, leadership: 7}\n        expect: true\n"
)


def _exception_demo(tmp_path: Path) -> Path:
    """A core step with a core effect (`broken`), a rule whose effect is the exception to it,
    a rule whose bonus stacks with another's, and a unit with those rules."""
    root = tmp_path / "content"
    _write(root / "demo", {
        "system.yml": (FIXTURES / "content" / "demo" / "system.yml").read_text(),
        "stand.yml": (
            STAND + "effects:\n  - id: broken\n    step: stand\n    summary: Below half strength a unit never holds.\n"
            "    auto: fail\n    when: below_half\n    inputs: {below_half: {type: bool}}\n"
        ),
        "hero.yml": (
            "id: hero\nkind: rule\nname: Hero\nsummary: Holds even when broken, and lifts the Leadership.\n"
            "effects:\n  - id: heroic\n    step: stand\n    summary: Holds even below half strength when the hero lives.\n"
            "    auto: pass\n    when: hero_alive\n    inputs: {hero_alive: {type: bool}}\n    exception_to: [stand/broken]\n"
            "  - id: inspiring\n    step: stand\n    changes: needed\n    summary: +1 to the Leadership needed.\n    add: 1\n    stacks: sum\n"
        ),
        "banner.yml": (
            "id: banner\nkind: rule\nname: Banner\nsummary: +1 more.\n"
            "effects:\n  - id: raised\n    step: stand\n    changes: needed\n    summary: +1 to the Leadership needed while raised.\n"
            "    add: 1\n    when: raised\n    inputs: {raised: {type: bool}}\n    stacks: sum\n"
        ),
        "guards.yml": (
            "id: guards\nkind: unit\nname: Guards\nsummary: A unit for tests.\nrules: [hero, banner]\n"
            "composed:\n  stand:\n    examples:\n"
            "      - given: {roll: 9, leadership: 7, below_half: true, hero_alive: true, raised: true}\n        expect: true\n"
        ),
    })
    return root


def test_a_composed_check_applies_exceptions_and_stacking_as_declared(tmp_path: Path) -> None:
    ns = compiled(_exception_demo(tmp_path), "demo", "guards")
    stand = ns["stand"]
    for roll, leadership, below_half, hero_alive, raised in itertools.product(range(2, 13), range(2, 11), *[(False, True)] * 3):
        needed = leadership + 1 + (1 if raised else 0)
        if hero_alive:
            expected = True  # the exception is an effect of its own, and wins where both apply
        elif below_half:
            expected = False  # broken, and no hero to override it
        else:
            expected = roll <= needed
        got = stand(roll=roll, leadership=leadership, below_half=below_half, hero_alive=hero_alive, raised=raised)
        assert got is expected, (roll, leadership, below_half, hero_alive, raised)
    doc = stand.__doc__
    assert "Hero overrides it where both apply" in doc and "Composed from:" in doc


# -- the shipped units, against references derived by hand from the rules' text ------------


def _mob_rule_reference(roll: int, leadership: int, penalty: int, table: int, locked: bool, character: bool, models: int) -> tuple[bool, str]:
    """Whether the Morale check is passed, and the hits the pass costs (`D6` or `none`)."""
    if roll == 2 or roll <= leadership - penalty:  # a double 1 always passes
        return True, "none"
    if table == 1:
        return locked, "none"
    if table <= 3:
        return character, "D6" if character else "none"
    return models >= 10, "D6" if models >= 10 else "none"


def _w40k7(unit: str) -> dict[str, Any]:
    return compiled(REPO / "content", "w40k7", unit)


def test_deffkoptas_morale_check_is_the_morale_check_with_mob_rule() -> None:
    ns = _w40k7("deffkoptas")
    check = ns["morale_check"]
    for roll, leadership, penalty, table, locked, character, models in itertools.product(
        range(2, 13), range(1, 11), range(0, 11), range(1, 7), (False, True), (False, True), (1, 9, 10, 100)
    ):
        expected = _mob_rule_reference(roll, leadership, penalty, table, locked, character, models)
        got = check(roll=roll, leadership=leadership, penalty=penalty, mob_rule_roll=table, locked_in_combat=locked, has_ork_character=character, models=models)
        assert (got.result, got.hits) == expected
    # exact odds: 2D6 and the table's D6, weighed by hand; a pass that costs hits is an outcome of its own
    two_d6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    for leadership, penalty, locked, character, models in itertools.product((5, 7, 10), (0, 3), (False, True), (False, True), (3, 10)):
        brute: dict[tuple[bool, str], Fraction] = {}
        for r, t in itertools.product(two_d6, range(1, 7)):
            outcome = _mob_rule_reference(r, leadership, penalty, t, locked, character, models)
            brute[outcome] = brute.get(outcome, Fraction(0)) + two_d6[r] * Fraction(1, 6)
        odds = ns["morale_check_odds"](leadership=leadership, penalty=penalty, locked_in_combat=locked, has_ork_character=character, models=models)
        assert {(k.result, k.hits): p for k, p in odds.items()} == brute
    # the two situations where a pass with hits used to count as a clean pass
    odds = ns["morale_check_odds"](leadership=7, penalty=0, locked_in_combat=False, has_ork_character=True, models=10)
    assert {(k.result, k.hits): p for k, p in odds.items()}[(True, "D6")] == Fraction(5, 12) * Fraction(5, 6)


def _to_wound(roll: int, strength: int, toughness: int) -> bool:
    strength = min(strength, 10)
    if strength >= toughness + 2:
        return roll >= 2
    if strength == toughness + 1:
        return roll >= 3
    if strength == toughness:
        return roll >= 4
    if strength == toughness - 1:
        return roll >= 5
    return strength >= toughness - 3 and roll >= 6


def test_furious_charge_adds_to_strength_in_the_to_wound_roll_of_both_units() -> None:
    for unit in ("deffkoptas", "solitaire"):
        check = _w40k7(unit)["to_wound_roll"]
        for roll, strength, toughness, charged, disordered in itertools.product(range(1, 7), range(1, 11), range(1, 11), (False, True), (False, True)):
            bonus = 1 if charged and not disordered else 0
            assert check(roll=roll, strength=strength, toughness=toughness, charged=charged, disordered=disordered) is _to_wound(roll, strength + bonus, toughness)


def test_the_solitaires_rules_settle_its_morale_save_and_wounds() -> None:
    ns = _w40k7("solitaire")
    assert ns["morale_check"]() is True  # Fearless: nothing to roll
    assert [ns["invulnerable_save"](roll=r) for r in range(1, 7)] == [False, False, True, True, True, True]  # Impossible Form's 3+
    assert [ns["wound"](wounds=w) for w in range(1, 11)] == list(range(0, 10))  # Eternal Warrior over Instant Death
    parts = ns["wound"].__doc__
    assert "Instant Death:" in parts and "Eternal Warrior overrides it where both apply" in parts


def test_the_forsaken_ones_discipline_tests() -> None:
    ns = compiled(REPO / "content", "t9a", "forsaken-one")
    assert ns["break_test"]() is True  # Unstable: no Break Test
    assert ns["panic_test"]() is True  # Fearless
    for roll, discipline, purpose in itertools.product(range(2, 13), range(0, 11), ("combat-reform", "redirecting-charges", "other")):
        expected = {"combat-reform": True, "redirecting-charges": False}.get(purpose, roll <= discipline)
        assert ns["command_test"](roll=roll, discipline=discipline, purpose=purpose) is expected
    for lost_by, beacon, steady, solid in itertools.product(range(1, 21), *[(False, True)] * 3):
        halved = -(-lost_by // 2)  # Stubborn, rounding up
        reduction = (1 + steady + solid) if beacon else 0
        assert ns["health_point_losses"](lost_by=lost_by, beacon_of_courage=beacon, steady=steady, solid=solid) == max(0, halved - reduction)


def test_every_shipped_unit_has_composed_checks_with_examples() -> None:
    build = validate([str(REPO / "content")])
    assert not [p for p in build.problems if p.code in ("composed-without-examples", "conflicting-effects")]
    units = [e for e in build.content.entries if e.kind == "unit"]
    assert units
    for unit in units:
        composed = [c for c in unit.checks if c.parts]
        assert composed, unit.key
        for check in composed:
            assert check.examples, (unit.key, check.name)
            assert check.parts[0].words.startswith("The core step.")


def test_a_versus_check_lists_the_units_that_bring_values_as_its_target() -> None:
    build = validate([str(REPO / "content")])
    deffkoptas = build.content.entry("w40k7:deffkoptas")
    assert deffkoptas is not None
    assert [c.name for c in deffkoptas.checks if c.versus] == ["close_combat", "shooting_attack"]
    for versus in (c for c in deffkoptas.checks if c.versus):
        assert [t.unit for t in versus.targets] == ["deffkoptas", "solitaire"]  # any unit of the system
        deffkoptas_as_target, solitaire = versus.targets
        assert deffkoptas_as_target.values == () and deffkoptas_as_target.parts == ()
        assert dict(solitaire.values) == {"invulnerable_save": 3, "eternal_warrior": True}
        assert [p.entry for p in solitaire.parts] == ["impossible-form", "eternal-warrior"]
    # every unit of a system with a versus step gets it, with or without rules that change it
    forsaken = build.content.entry("t9a:forsaken-one")
    assert forsaken is not None and [c.name for c in forsaken.checks if c.versus] == ["melee_attack"]


def test_close_combat_odds_are_the_binomial_of_one_attack_getting_through() -> None:
    """Each attack hits, wounds and gets past the save on its own: the unsaved Wounds are a
    binomial of the three chances multiplied (worked out here from the charts by hand)."""
    from math import comb

    ns = _w40k7("solitaire")
    p_hit = Fraction(4, 6)  # Weapon Skill 9 against 4: 3+
    p_wound = Fraction(3, 6)  # Strength 3 + 1 on the charge against Toughness 4: 4+
    p_through = Fraction(2, 6)  # the best save: armour 3+ (AP 7 does not beat it) over the 5++
    p = p_hit * p_wound * p_through
    for attacks, blitzed in ((4, False), (2, True)):
        n = 10 if blitzed else attacks
        odds = ns["close_combat_odds"](
            attacks=attacks, weapon_skill=9, strength=3, ap=7, rending=False, poisoned=7, shred=False, preferred_enemy=False,
            fleshbane=False, target_weapon_skill=4, toughness=4, armour_save=3, invulnerable_save=5, wounds=1, models=20,
            eternal_warrior=False, feel_no_pain=7, blitzed=blitzed, target_failed_fear=False, charged=True, disordered=False,
        )
        by_unsaved = {result.unsaved: chance for result, chance in odds.items()}
        assert by_unsaved == {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}
        assert all(result.models_removed == result.unsaved for result in odds)  # one-Wound models


def test_an_effect_on_several_steps_is_overridden_only_where_its_exception_acts(tmp_path: Path) -> None:
    root = _exception_demo(tmp_path)
    _write(root / "demo", {
        "rally.yml": (
            "id: rally\nkind: term\nname: Rally\nsummary: Whether a fleeing unit rallies.\n"
            "checks:\n  rallies:\n    summary: Whether a unit rallies.\n    inputs:\n"
            "      roll: {type: 2D6}\n      leadership: {type: int, min: 2, max: 10}\n"
            "    output: {type: bool}\n    let:\n      needed: leadership\n    expr: roll <= needed\n"
            "    examples:\n      - given: {roll: 7, leadership: 7}\n        expect: true\n"
        ),
        "banner.yml": (
            "id: banner\nkind: rule\nname: Banner\nsummary: +1 to stand and to rally.\n"
            "effects:\n  - id: raised\n    step: [stand, rally]\n    changes: needed\n    summary: +1 to the Leadership needed while raised.\n"
            "    add: 1\n    when: raised\n    inputs: {raised: {type: bool}}\n    stacks: sum\n"
        ),
        "torn.yml": (
            "id: torn\nkind: rule\nname: Torn\nsummary: A torn banner does not help a rally.\n"
            "effects:\n  - id: no-rally\n    step: rally\n    changes: needed\n    summary: No bonus to rally.\n    add: 0\n"
            "    exception_to: [banner/raised]\n"
        ),
        "guards.yml": (
            "id: guards\nkind: unit\nname: Guards\nsummary: A unit for tests.\nrules: [hero, banner, torn]\n"
            "composed:\n  stand:\n    examples:\n"
            "      - given: {roll: 9, leadership: 7, below_half: false, hero_alive: false, raised: true}\n        expect: true\n"
            "  rally:\n    examples:\n      - given: {roll: 8, leadership: 7}\n        expect: false\n"
        ),
    })
    ns = compiled(root, "demo", "guards")
    # the banner still adds to the stand (the exception acts on the rally only) ...
    assert ns["stand"](roll=9, leadership=7, below_half=False, hero_alive=False, raised=True) is True
    # ... and not to the rally, whose composed check no longer even asks whether it is raised
    assert ns["rally"](roll=8, leadership=7) is False and ns["rally"](roll=7, leadership=7) is True


def test_a_part_says_which_flags_make_it_apply_where_that_is_all_it_needs() -> None:
    build = validate([str(REPO / "content")])
    solitaire = build.content.entry("w40k7:solitaire")
    deffkoptas = build.content.entry("w40k7:deffkoptas")
    assert solitaire is not None and deffkoptas is not None
    parts = {c.name: {p.entry: p.flags for p in c.parts} for c in solitaire.checks if c.parts}
    assert parts["close_combat"] == {"close-combat": (), "blitz": (("blitzed", True),), "fear": (("target_failed_fear", True),), "furious-charge": (("charged", True), ("disordered", False))}
    assert parts["wound"]["instant-death"] is None  # overridden by Eternal Warrior everywhere: no flags make it apply
    (morale,) = [c for c in deffkoptas.checks if c.name == "morale_check"]
    assert {p.entry: p.flags for p in morale.parts}["mob-rule"] is None  # it reads the result: more than flags


# -- hostile relations and sizes: cycles of exceptions, and many effects on one step -------------


def _stand_with(root: Path, effects: list[str]) -> Path:
    """The demo system with the core step `stand` (a `needed` step to change) and one rule
    per effect text (each written as the body of one `effects:` item)."""
    files = {
        "system.yml": (FIXTURES / "content" / "demo" / "system.yml").read_text(),
        "stand.yml": STAND,
    }
    for n, body in enumerate(effects):
        files[f"r{n}.yml"] = f"id: r{n}\nkind: rule\nname: R{n}\nsummary: Rule {n}.\neffects:\n  - id: e\n    step: stand\n    summary: Effect {n}.\n" + body
    _write(root / "demo", files)
    return root


def test_a_cycle_of_exceptions_is_refused_at_the_line_that_closes_it_naming_it() -> None:
    for name, cycle in (
        ("effect-exception-cycle", "`effect-exception-cycle/routed` over `effect-exception-cycle/stubborn` over `effect-exception-cycle/routed`"),
        ("effect-exception-cycle-3", "`effect-exception-cycle-3/banner` over `effect-exception-cycle-3/general` over `effect-exception-cycle-3/terror` over `effect-exception-cycle-3/banner`"),
    ):
        fixture = FIXTURES / "bad" / f"{name}.yml"
        (problem,) = _fixture_problems(fixture)
        assert problem.code == "exception-cycle" and f"({cycle})" in problem.message


def _fixture_problems(fixture: Path) -> list[Any]:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "content"
        shutil.copytree(FIXTURES / "content", root)
        shutil.copy(fixture, root / "demo")
        return list(validate([str(root / "demo" / fixture.name)]).problems)


def test_a_cycle_across_rules_of_any_length_is_refused_once(tmp_path: Path) -> None:
    n = 6
    bodies = [f"    changes: needed\n    add: {k + 1}\n    stacks: sum\n    when: flag{k}\n    inputs: {{flag{k}: {{type: bool}}}}\n    exception_to: [r{(k + 1) % n}/e]\n" for k in range(n)]
    problems = [p for p in validate([str(_stand_with(tmp_path / "content", bodies))]).problems if p.severity == "error"]
    (problem,) = problems
    assert problem.code == "exception-cycle" and problem.path.endswith("r5.yml") and problem.line == 14
    assert "`r5/e` over `r0/e` over `r1/e` over `r2/e` over `r3/e` over `r4/e` over `r5/e`" in problem.message


def test_a_thousand_effects_with_disjoint_conditions_on_one_step_validate(tmp_path: Path) -> None:
    """Each pinned to its own value of one input: no pair can apply together, and the index
    of conditions tells so without a proof per pair (a guard against a hang, not a timing)."""
    bodies = [f"    changes: needed\n    set: {k % 9 + 2}\n    when: mark == {k}\n    inputs: {{mark: {{type: int, min: 0, max: 1000}}}}\n" for k in range(1000)]
    root = _stand_with(tmp_path / "content", bodies)
    with no_hang(120):
        assert validate([str(root)]).problems == ()


def test_among_many_disjoint_effects_the_one_overlapping_pair_is_found_with_its_witness(tmp_path: Path) -> None:
    bodies = [f"    changes: needed\n    set: 5\n    when: {k * 3} <= mark <= {k * 3 + 2}\n    inputs: {{mark: {{type: int, min: 0, max: 999}}}}\n" for k in range(300)]
    bodies.append("    changes: needed\n    set: 6\n    when: mark in (301, 700) and not hurry\n    inputs: {mark: {type: int, min: 0, max: 999}, hurry: {type: bool}}\n")
    build = validate([str(_stand_with(tmp_path / "content", bodies))])
    problems = [p for p in build.problems if p.code == "conflicting-effects"]
    assert [(p.path.rsplit("/", 1)[-1], p.line) for p in problems] == [("r300.yml", 6), ("r300.yml", 6)]
    assert "`r300/e` and `r100/e`" in problems[0].message and "mark=301, hurry=False" in problems[0].message
    assert "`r300/e` and `r233/e`" in problems[1].message and "mark=700, hurry=False" in problems[1].message


PINNING = ["mark == {k}", "mark >= {k}", "mark < {k}", "{k} <= mark <= {k2}", "mark in ({k}, {k2})", "banner", "not banner", "time == 'day'", "time in ('night', 'dusk')"]
OTHERS = ["mark != {k}", "-1 < mark", "banner == True", "mark == {k} or banner", "mark + 1 == {k}", "time != 'day'"]
ATOMS = st.sampled_from(PINNING * 3 + OTHERS)


@st.composite
def _effect_bodies(draw: st.DrawFn) -> list[str]:
    """Effects on one quantity with random conditions over shared inputs (now and then one
    that declares an input with another type), relations and stackings."""
    bodies = []
    count = draw(st.integers(2, 9))
    for n in range(count):
        atoms = [draw(ATOMS).format(k=draw(st.integers(0, 6)), k2=draw(st.integers(0, 6))) for _ in range(draw(st.integers(0, 3)))]
        mark = "{type: int, min: 0, max: 3}" if draw(st.integers(0, 9)) == 0 else "{type: int, min: 0, max: 6}"
        banner = "{type: int, min: 0, max: 2}" if draw(st.integers(0, 9)) == 0 else "{type: bool}"
        inputs = f"    inputs: {{mark: {mark}, banner: {banner}, time: {{type: enum, values: [day, night, dusk]}}}}\n"
        body = "    changes: needed\n" + draw(st.sampled_from(["    set: 5\n", "    add: 1\n    stacks: sum\n", "    add: 2\n"]))
        if atoms:
            body += f"    when: \"{' and '.join(atoms)}\"\n"
        if n and draw(st.booleans()):
            body += f"    exception_to: [r{draw(st.integers(0, n - 1))}/e]\n"
        bodies.append(body + inputs)
    return bodies


@pytest.mark.slow
@given(_effect_bodies())
@settings(max_examples=80, deadline=None, derandomize=True, database=None)
def test_the_index_of_conditions_finds_exactly_the_conflicts_every_pair_s_proof_finds(bodies: list[str]) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        build = validate([str(_stand_with(Path(scratch) / "content", bodies))])
        effects, _ = resolve_all(build.content)
        assert conflict_problems(effects.resolved) == conflict_problems(effects.resolved, indexed=False)


def test_effects_that_exceptions_always_override_never_conflict(tmp_path: Path) -> None:
    """An exception with no `when` leaves the effect it overrides nowhere to apply: two such
    effects never apply at once (they were once reported as conflicting "always")."""
    bodies = [
        "    changes: needed\n    set: 5\n",
        "    changes: needed\n    set: 6\n",
        "    changes: needed\n    add: 0\n    stacks: sum\n    exception_to: [r0/e]\n",
        "    changes: needed\n    add: 0\n    stacks: sum\n    exception_to: [r1/e]\n",
    ]
    assert validate([str(_stand_with(tmp_path / "content", bodies))]).problems == ()
