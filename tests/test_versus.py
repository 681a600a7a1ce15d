"""Imported data played with a written system's steps: `played_with`, `rulesref versus`.

The invented Lantern Wars data (`fixtures/battlescribe/lanterns`) prints the characteristics
an attack reads; imported beside the shipped `w40k7` system and mapped onto its close combat
step, its units fight each other with their rules (Furious Charge on the attacker, Eternal
Warrior on the target) and the odds are checked against a hand count.
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


def test_twin_linked_rending_shots_against_feel_no_pain_and_eternal_warrior_are_counted_by_hand(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two Reavers fire the Lantern Gun (Assault 2, Strength 4, AP 5, Twin-linked, Rending) at
    # two Hive Beetles (Toughness 4, 4+ armour, 2 Wounds, Feel No Pain (5+), Eternal Warrior).
    # A shot hits on 4+ at BS 3, its miss rolled again: 3/4. It wounds on 4+: a 4 or a 5 (1/3)
    # is saved by the 4+ armour (AP 5 does not beat it) half the time; a 6 rends (1/6), at AP 2,
    # so no armour. Feel No Pain ignores a Wound on 5+ (Strength 4 is no Instant Death): 2/3
    # get through. So each of the 4 shots is an unsaved Wound with 3/4 * (1/3 * 1/2 + 1/6) * 2/3 = 1/6.
    [answer] = versus(project, capsys, "lanterns/moth-reavers", "lanterns/hive-beetles", "--weapon", "Lantern Gun", "--models", "2", "--target-models", "2")
    assert answer["step"] == "shooting-attack.attack"
    assert answer["given"]["shots"] == 4 and answer["given"]["twin_linked"] is True and answer["given"]["rending"] is True
    assert answer["given"]["feel_no_pain"] == 5 and answer["given"]["eternal_warrior"] is True
    p = Fraction(1, 6)
    binomial = {k: Fraction(comb(4, k)) * p**k * (1 - p) ** (4 - k) for k in range(5)}
    assert odds(answer, "unsaved") == binomial
    # every two unsaved Wounds fell a Beetle, at most the two there are
    assert odds(answer, "models_removed") == {0: binomial[0] + binomial[1], 1: binomial[2] + binomial[3], 2: binomial[4]}
    assert answer["modelled"] == ["twin-linked", "rending", "eternal-warrior", "feel-no-pain"]
    assert answer["not_modelled"] == ["glow"]


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
    mapped = played_with("Warhammer 40,000 7th Edition", project, {"furious-charge": "Furious Charge", "fear-orks": "Fear (Orks)", "glow": "Glow"}, None)
    assert mapped is not None
    assert mapped["system"] == "w40k7"
    assert mapped["rules"] == {"fear-orks": "fear", "furious-charge": "furious-charge"}  # Glow has no played rule: not mapped
    assert set(mapped["steps"]["close-combat.attack"]["target"]) == {"target_weapon_skill", "toughness", "armour_save", "wounds"}
    # what people wrote stays theirs; a game it does not know keeps what is there
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
    # against Toughness 3 and a 5+ save: 1/2 * 2/3 * 2/3 = 2/9 an Attack
    assert fraction(moths, "mean_unsaved") == 2 * Fraction(2, 9)
    assert fraction(moths, "some_removed") == 1 - Fraction(7, 9) ** 2
    assert moths["modelled"] == ["furious-charge"]


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

