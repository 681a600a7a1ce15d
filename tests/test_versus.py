"""Imported data played with a written system's steps: `played_with`, `rulesref versus`.

The invented Lantern Wars data (`fixtures/battlescribe/lanterns`) prints the characteristics
an attack reads; imported beside the shipped `w40k7` system and mapped onto its close combat
and shooting steps, its units fight each other with their rules (Furious Charge, Twin-linked
and Rending on the attacker; Eternal Warrior, Feel No Pain (5+) and Invulnerable Save (4+) on
the target) and the odds are checked against a hand count and against every die rolled.
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main
from rulesref.formats.battlescribe.played import played_report, played_with
from rulesref.model import Input, Where
from rulesref.read.load import Document
from rulesref.versus.readers import read_shots, read_value

from .conftest import FIXTURES
from .played import played_content
from .test_w40k7_attacks import CLOSE, SHOOTING, oracle


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_content(tmp_path_factory.mktemp("lanterns") / "content")


def versus(project: Path, capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, Any]]:
    assert main(["versus", *args, "--json", "--content", str(project)]) == 0
    found: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    return found


def odds(answer: dict[str, Any], field: str) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for row in answer["distribution"]:
        value = row["result"][field]
        out[value] = out.get(value, Fraction(0)) + Fraction(row["numerator"], row["denominator"])
    return out


def test_a_charging_unit_with_furious_charge_against_eternal_warrior_is_counted_by_hand(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two Attacks at WS 4 against WS 4 hit on 4+ (1/2). Charging, Furious Charge makes
    # Strength 5 against Toughness 4: wounds on 3+ (2/3). The 4+ armour fails on 1-3 (1/2).
    # Feel No Pain (5+) ignores a Wound on 5 or 6 (1/3): 2/3 get through.
    # So each Attack is an unsaved Wound with 1/2 * 2/3 * 1/2 * 2/3 = 1/9.
    [answer] = versus(project, capsys, "lanterns/moth-reavers", "lanterns/hive-beetles", "--weapon", "Dust Blade", "--target-models", "1", "--set", "charged=true")
    p = Fraction(1, 9)
    assert odds(answer, "unsaved") == {0: (1 - p) ** 2, 1: 2 * p * (1 - p), 2: p * p}
    # a two-Wound Beetle falls to two unsaved Wounds
    assert odds(answer, "models_removed") == {0: 1 - p * p, 1: p * p}
    assert answer["modelled"] == ["furious-charge", "eternal-warrior", "feel-no-pain"]
    assert answer["not_modelled"] == ["glow"]


def test_without_the_charge_and_with_instant_death_held_off(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The Wing Hook doubles Strength 4 to 8: twice Toughness 4, Instant Death, which the
    # Beetle's Eternal Warrior holds off, so one unsaved Wound does not fell it, and Feel No
    # Pain may be rolled (5+: 2/3 get through). AP 2 beats the 4+ armour. Each Attack: hit
    # 1/2, wound on 2+ (5/6), no save.
    [answer] = versus(project, capsys, "lanterns/moth-reavers", "lanterns/hive-beetles", "--weapon", "Wing Hook")
    p = Fraction(1, 2) * Fraction(5, 6) * Fraction(2, 3)
    assert odds(answer, "unsaved") == {0: (1 - p) ** 2, 1: 2 * p * (1 - p), 2: p * p}
    assert odds(answer, "models_removed") == {0: 1 - p * p, 1: p * p}
    assert answer["not_modelled"] == ["sputter", "glow"]  # the weapon's rule, then the unit's


def joint(answer: dict[str, Any]) -> dict[tuple[int, int], Fraction]:
    """The answer's distribution as (unsaved, models removed), as the brute force gives it."""
    out: dict[tuple[int, int], Fraction] = {}
    for row in answer["distribution"]:
        key = (row["result"]["unsaved"], row["result"]["models_removed"])
        out[key] = out.get(key, Fraction(0)) + Fraction(row["numerator"], row["denominator"])
    return out


def test_rending_twin_linked_shots_against_feel_no_pain_and_eternal_warrior_are_counted_by_hand(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two Reavers fire the Lantern Gun (Assault 2, Strength 8, AP 5, Twin-linked, Rending) at
    # two Hive Beetles (Toughness 4, 4+ armour, 2 Wounds, Feel No Pain (5+), Eternal Warrior).
    # A shot hits on 4+ at BS 3, its miss rolled again: 1/2 + 1/2 * 1/2 = 3/4. Strength 8
    # wounds Toughness 4 on 2+: a 2 to 5 (4/6) is saved by the 4+ armour (AP 5 does not beat
    # it) half the time; a 6 rends (1/6), at AP 2, so no armour. Strength 8 is twice Toughness
    # 4, Instant Death, which Eternal Warrior holds off: Feel No Pain is rolled (5+, so 2/3 get
    # through) and a Beetle falls to two unsaved Wounds, not one. Each of the 4 shots is an
    # unsaved Wound with 3/4 * (4/6 * 1/2 + 1/6) * 2/3 = 1/4.
    [answer] = versus(project, capsys, "lanterns/moth-reavers", "lanterns/hive-beetles", "--weapon", "Lantern Gun", "--models", "2", "--target-models", "2")
    assert answer["step"] == "shooting-attack.attack"
    given = answer["given"]
    assert (given["shots"], given["strength"], given["twin_linked"], given["rending"]) == (4, 8, True, True)
    assert (given["feel_no_pain"], given["eternal_warrior"]) == (5, True)
    p = Fraction(1, 4)
    binomial = {k: Fraction(comb(4, k)) * p**k * (1 - p) ** (4 - k) for k in range(5)}
    assert binomial == {0: Fraction(81, 256), 1: Fraction(108, 256), 2: Fraction(54, 256), 3: Fraction(12, 256), 4: Fraction(1, 256)}
    assert odds(answer, "unsaved") == binomial
    # every two unsaved Wounds fell a Beetle, at most the two there are
    assert odds(answer, "models_removed") == {0: Fraction(189, 256), 1: Fraction(66, 256), 2: Fraction(1, 256)}
    assert answer["modelled"] == ["twin-linked", "rending", "eternal-warrior", "feel-no-pain"]
    assert answer["not_modelled"] == ["glow"]
    # and every die rolled, one shot at a time, gives the same
    shots = {**SHOOTING, "shots": 4, "ballistic_skill": 3, "strength": 8, "ap": 5, "twin_linked": True, "rending": True, "toughness": 4, "armour_save": 4,
             "wounds": 2, "models": 2, "eternal_warrior": True, "feel_no_pain": 5}
    assert joint(answer) == oracle(shots, 4, melee=False)
    # without Eternal Warrior it would be Instant Death, no Feel No Pain, a Beetle a Wound
    assert oracle({**shots, "eternal_warrior": False}, 4, melee=False) != joint(answer)


def test_the_beetles_attacks_face_the_reavers_invulnerable_save_counted_by_hand(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two Hive Beetles spit acid (Assault 1, Strength 4, AP 3) at two Moth Reavers (Toughness
    # 3, 5+ armour, 1 Wound, Invulnerable Save (4+)). At BS 2 a shot hits on 5+ (1/3);
    # Strength 4 wounds Toughness 3 on 3+ (2/3); AP 3 beats the 5+ armour, but the 4+
    # invulnerable save is taken whatever the AP: 1/2 get through. Each of the 2 shots is an
    # unsaved Wound, and a Reaver removed, with 1/3 * 2/3 * 1/2 = 1/9.
    [spit] = versus(project, capsys, "lanterns/hive-beetles", "lanterns/moth-reavers", "--weapon", "Acid Spit", "--models", "2", "--target-models", "2")
    assert spit["given"]["invulnerable_save"] == 4 and spit["given"]["armour_save"] == 5
    p = Fraction(1, 9)
    assert joint(spit) == {(0, 0): (1 - p) ** 2, (1, 1): 2 * p * (1 - p), (2, 2): p * p}
    assert joint(spit) == {(0, 0): Fraction(64, 81), (1, 1): Fraction(16, 81), (2, 2): Fraction(1, 81)}
    assert spit["modelled"] == ["invulnerable-save"]
    # Gets Hot wounds the firer, not the target; Armourbane acts on armour penetration alone: both
    # mapped, neither acts on these steps, and each is said
    assert spit["not_modelled"] == ["gets-hot", "armourbane"]
    shots = {**SHOOTING, "shots": 2, "ballistic_skill": 2, "strength": 4, "ap": 3, "toughness": 3, "armour_save": 5, "invulnerable_save": 4, "wounds": 1, "models": 2}
    assert joint(spit) == oracle(shots, 2, melee=False)
    # In close combat the Mandibles (Strength User, AP -) leave the 5+ armour, but the 4+ is
    # the better save: WS 4 against WS 4 hits on 4+ (1/2), Strength 4 wounds Toughness 3 on
    # 3+ (2/3), the 4+ fails 1/2: 1/6 an Attack, one Attack a Beetle.
    [bite] = versus(project, capsys, "lanterns/hive-beetles", "lanterns/moth-reavers", "--weapon", "Mandibles", "--models", "2", "--target-models", "2")
    p = Fraction(1, 6)
    assert joint(bite) == {(0, 0): Fraction(25, 36), (1, 1): Fraction(10, 36), (2, 2): Fraction(1, 36)} == {(0, 0): (1 - p) ** 2, (1, 1): 2 * p * (1 - p), (2, 2): p * p}
    blows = {**CLOSE, "attacks": 2, "strength": 4, "ap": 7, "toughness": 3, "armour_save": 5, "invulnerable_save": 4, "wounds": 1, "models": 2}
    assert joint(bite) == oracle(blows, 2, melee=True)


def test_rage_gives_each_model_that_charged_one_attack_more_counted_by_hand(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two Beetles (1 Attack each) charge with Rage: each strikes with one Attack more, 4 in all.
    # Each is an unsaved Wound on a one-Wound Reaver with 1/2 * 2/3 * 1/2 = 1/6 (as above).
    [charged] = versus(project, capsys, "lanterns/hive-beetles", "lanterns/moth-reavers", "--weapon", "Mandibles", "--models", "2", "--target-models", "4", "--set", "rage_charged=2")
    assert charged["given"]["attacks"] == 2 and charged["given"]["rage_charged"] == 2  # the profile's Attacks; Rage adds in the check
    p = Fraction(1, 6)
    assert joint(charged) == {(k, k): Fraction(comb(4, k)) * p**k * (1 - p) ** (4 - k) for k in range(5)}
    assert joint(charged) == oracle({**CLOSE, "attacks": 4, "toughness": 3, "armour_save": 5, "invulnerable_save": 4, "ap": 7, "wounds": 1, "models": 4}, 4, melee=True)
    assert charged["modelled"] == ["rage", "invulnerable-save"]
    # without the charge (the count left out is 0) the two Attacks of the profile
    [still] = versus(project, capsys, "lanterns/hive-beetles", "lanterns/moth-reavers", "--weapon", "Mandibles", "--models", "2", "--target-models", "4")
    assert still["given"]["rage_charged"] == 0
    assert joint(still) == {(k, k): Fraction(comb(2, k)) * p**k * (1 - p) ** (2 - k) for k in range(3)}
    # the step counts at most 30 Attacks, with Rage as without
    [many] = versus(project, capsys, "lanterns/hive-beetles", "lanterns/moth-reavers", "--weapon", "Mandibles", "--models", "20", "--set", "rage_charged=20")
    assert max(row["result"]["unsaved"] for row in many["distribution"]) == 30


def test_a_mapping_gives_the_value_a_rules_name_does_not(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rule whose name carries no value (a wargear item) is a played rule with one."""
    project = played_content(tmp_path / "content")
    system = project / "lanterns" / "system.yml"
    system.write_text(system.read_text(encoding="utf-8").replace("    rending: rending\n", "    rending: rending\n    glow: {rule: feel-no-pain, X: 6}\n    sputter: {rule: poisoned, X: 2}\n"), encoding="utf-8")
    # the Wing Hook's Sputter is Poisoned (2+): Strength 8 already wounds Toughness 4 on 2+
    [hook] = versus(project, capsys, "lanterns/moth-reavers", "lanterns/hive-beetles", "--weapon", "Wing Hook")
    assert hook["given"]["poisoned"] == 2 and "sputter" in hook["modelled"] and hook["not_modelled"] == []
    # the Reavers' Glow is Feel No Pain (6+): the Acid Spit's 1/9 an unsaved Wound before it, 5/6 of that after
    [spit] = versus(project, capsys, "lanterns/hive-beetles", "lanterns/moth-reavers", "--weapon", "Acid Spit", "--target-models", "1")
    assert spit["given"]["feel_no_pain"] == 6 and spit["modelled"] == ["glow", "invulnerable-save"]
    assert joint(spit) == {(0, 0): 1 - Fraction(1, 9) * Fraction(5, 6), (1, 1): Fraction(1, 9) * Fraction(5, 6)}


def test_the_models_attacking_multiply_their_attacks(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [answer] = versus(project, capsys, "lanterns/moth-reavers", "lanterns/hive-beetles", "--weapon", "Dust Blade", "--models", "3")
    assert answer["given"]["attacks"] == 6
    assert sum(Fraction(r["numerator"], r["denominator"]) for r in answer["distribution"]) == 1


def test_a_value_that_cannot_be_read_leaves_the_weapon_out(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = versus(project, capsys, "lanterns/moth-reavers", "lanterns/hive-beetles")
    assert [(a["step"], a["weapon"]) for a in found] == [
        ("close-combat.attack", "Moth Reaver: Dust Blade"), ("close-combat.attack", "Moth Reaver: Wing Hook"), ("shooting-attack.attack", "Moth Reaver: Lantern Gun"),
    ]  # not the Flare (Strength D); each weapon in the step its type is for


def test_a_unit_of_a_system_played_with_nothing_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["versus", "w40k7/deffkoptas", "w40k7/solitaire", "--content", str(project)]) == 2
    assert "not played with" in capsys.readouterr().err


def test_the_importer_maps_a_known_game_onto_the_played_system_in_the_content(project: Path) -> None:
    named = {"furious-charge": "Furious Charge", "fear-orks": "Fear (Orks)", "glow": "Glow", "feel-no-pain": "Feel No Pain (X)", "poisoned": "Poisoned", "ward": "Invulnerable Save (X)"}
    mapped = played_with("Warhammer 40,000 7th Edition", project, named, None)
    assert mapped is not None
    assert mapped["system"] == "w40k7"
    # a played rule's name or alias, but for a bracketed parameter (`Feel No Pain (X+)`); Glow has no played rule: not mapped
    assert mapped["rules"] == {"fear-orks": "fear", "feel-no-pain": "feel-no-pain", "furious-charge": "furious-charge", "poisoned": "poisoned", "ward": "invulnerable-save-x"}
    assert set(mapped["steps"]["close-combat.attack"]["target"]) == {"target_weapon_skill", "toughness", "armour_save", "wounds"}
    # what people wrote stays theirs; a game it does not know keeps what is there
    # a name that gives its roll first is the played rule with that value
    first = played_with("Warhammer 40,000 7th Edition", project, {"ward": "5+ Invulnerable Save", "keen": "4+ Rending"}, None)
    assert first is not None and first["rules"] == {"ward": {"rule": "invulnerable-save-x", "X": 5}}  # Rending takes no value: not mapped
    kept = played_with("Warhammer 40,000 7th Edition", project, {"glow": "Glow"}, {"system": "w40k7", "rules": {"glow": "fearless"}})
    assert kept is not None and kept["rules"] == {"glow": "fearless"}
    assert played_with("Lantern Wars", project, {}, None) is None


@pytest.mark.parametrize(
    ("text", "lo", "hi", "wielder", "expected"),
    [("4", 1, 10, None, 4), ("3+", 2, 7, None, 3), ("-", 2, 7, None, 7), ("-", 1, 10, None, None), ("User", 1, 10, 4, 4), ("x2", 1, 10, 6, 10), ("+2", 1, 10, 3, 5), ("D", 1, 10, 4, None), ("18\"", 1, 40, None, 18), ("2D6", 1, 10, None, None), ("6", 1, 4, None, None), ("x2", 1, 10, 3, 6)],
)
def test_printed_values_are_read_within_the_input_range(text: str, lo: int, hi: int, wielder: int | None, expected: int | None) -> None:
    item = Input("x", "int", None, lo, hi, (), None, Where(Document("t.yml", {}, ""), ()))
    assert read_value(text, item, wielder) == expected


@pytest.mark.parametrize(("text", "expected"), [("Assault 2", (2, None)), ("Heavy 3, Blast", (3, None)), ("Rapid Fire", (1, 2)), ("Pistol", (1, None)), ("Melee", None), ("Heavy D6", None)])
def test_shots_are_read_from_the_weapon_type(text: str, expected: tuple[int, int | None] | None) -> None:
    assert read_shots(text) == expected


ROSTERS = FIXTURES / "battlescribe" / "lanterns-rosters"


def test_a_roster_against_a_roster_is_a_matrix_of_exact_cells(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["versus", "--roster", str(ROSTERS / "moth-raid.ros"), "--against", str(ROSTERS / "beetle-hive.ros"), "--json", "--content", str(project)]) == 0
    cells = json.loads(capsys.readouterr().out)
    # the Reavers took the Dust Blade only: one row, against each unit of the other roster
    assert [(c["attacker"], c["weapon"], c["defender"]) for c in cells] == [("Moth Reavers", "Moth Reaver: Dust Blade", "Hive Beetles"), ("Moth Reavers", "Moth Reaver: Dust Blade", "Moth Reavers")]
    beetles, moths = cells

    def fraction(cell: dict[str, Any], name: str) -> Fraction:
        return Fraction(cell[name]["numerator"], cell[name]["denominator"])

    # two Attacks, each hitting on 4+, wounding Toughness 4 with Strength 4 on 4+, failing the
    # 4+ save, and getting past Feel No Pain (5+): 1/2 * 1/2 * 1/2 * 2/3 = 1/12
    assert fraction(beetles, "mean_unsaved") == 2 * Fraction(1, 12)
    assert fraction(beetles, "some_removed") == Fraction(1, 144)  # a two-Wound Beetle needs both
    # against Toughness 3 (wounded on 3+) and the better of the 5+ armour and the Reaver's 4+
    # invulnerable save: 1/2 * 2/3 * 1/2 = 1/6 an Attack
    assert fraction(moths, "mean_unsaved") == 2 * Fraction(1, 6)
    assert fraction(moths, "some_removed") == 1 - Fraction(5, 6) ** 2
    assert moths["modelled"] == ["furious-charge", "invulnerable-save"]


def test_an_army_whole_is_an_opponent_of_every_unit_of_it(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = versus(project, capsys, "--roster", str(ROSTERS / "moth-raid.ros"), "--against-army", "lanterns/moth-court")
    # the Moth Court's two units, in the content's order, each a column as a roster's unit is
    assert [c["defender"] for c in whole] == ["Hive Beetles", "Moth Reavers"]
    roster = versus(project, capsys, "--roster", str(ROSTERS / "moth-raid.ros"), "--against", str(ROSTERS / "beetle-hive.ros"))
    assert whole == roster  # (the Beetle Hive roster holds one of each)


@pytest.mark.parametrize(("args", "said"), [(["--against-army", "lanterns/nobody"], "lanterns/moth-court"), (["--against-army", "lanterns/moth-court", "--against", "x.ros"], "not both")])
def test_an_army_the_content_has_not_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str) -> None:
    assert main(["versus", "--roster", str(ROSTERS / "moth-raid.ros"), *args, "--content", str(project)]) == 2
    assert said in capsys.readouterr().err


def test_a_roster_without_the_other_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["versus", "--roster", str(ROSTERS / "moth-raid.ros"), "--content", str(project)]) == 2
    assert "--against" in capsys.readouterr().err


def test_a_roster_that_cannot_be_read_is_reported_at_its_line_as_rulesref_roster_does(project: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.ros"
    broken.write_text('<?xml version="1.0"?>\n<roster name="x">\n  <forces>\n</roster>\n', encoding="utf-8")
    assert main(["versus", "--roster", str(broken), "--against", str(ROSTERS / "beetle-hive.ros"), "--content", str(project)]) == 1
    said = capsys.readouterr()
    assert f"{broken.as_posix()}:" in said.out + said.err and "roster-source" in said.out + said.err
    assert "Traceback" not in said.err


def test_the_import_report_counts_the_rules_mapped_and_lists_the_rest() -> None:
    planned: list[tuple[str, dict[str, Any]]] = [("unit", {"rules": ["furious-charge", "glow"], "profiles": [{"rules": ["sputter"]}, {"rules": [{"rule": "glow", "X": 2}]}]}), ("rule", {"rules": ["ignored"]})]
    lines = played_report({"played_with": {"system": "w40k7", "rules": {"furious-charge": "furious-charge"}}}, planned, "Lantern Wars")
    assert lines[1] == "## Played with w40k7 (1 rules mapped)"
    assert "name rules 4 times; 1 of those (25.0%) are mapped" in lines[3]
    assert lines[-2:] == ["- `glow`: 2", "- `sputter`: 1"]
    # a game it knows, whose played system is not in the content: how to have it played
    assert "## Not played" in played_report({}, [], "Warhammer 40,000 7th Edition")
    assert played_report({}, [], "Lantern Wars") == []


@pytest.mark.parametrize(("args", "said"), [(["--set", "toughness=abc"], "toughness"), (["--set", "toughness=40"], "toughness"), (["--models", "0"], "1 or more"), (["--target-models", "x"], "1 or more")])
def test_a_value_the_check_does_not_take_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str) -> None:
    command = ["versus", "lanterns/moth-reavers", "lanterns/hive-beetles", *args, "--content", str(project)]
    if args[0] == "--set":  # refused by the check: a usage error
        assert main(command) == 2
    else:  # refused by the parser, which exits with 2
        with pytest.raises(SystemExit) as exited:
            main(command)
        assert exited.value.code == 2
    error = capsys.readouterr().err
    assert said in error and "internal error" not in error

