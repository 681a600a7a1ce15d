"""Horus Heresy (2nd edition) data played with the shipped `hh2` steps.

The invented Embers data (`fixtures/battlescribe/embers`) is shaped as that game's data is: its
game system's name, the characteristics it prints, and weapon rules whose value is printed only
in the weapon's Type (`Melee, Rending (5+), Shred`, linked to `Rending (X)`). Imported beside
the shipped `hh2` system, the importer writes `played_with` itself; the odds of each weapon are
checked against a count by hand.
"""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main
from rulesref.formats.battlescribe.played import played_with

from .conftest import FIXTURES, REPO
from .test_versus import odds

DATA = FIXTURES / "battlescribe" / "embers"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("embers") / "content"
    shutil.copytree(REPO / "content" / "hh2", folder / "hh2")
    assert main(["import", "battlescribe", str(DATA), "--system", "embers", "--content", str(folder)]) == 0
    return folder


def versus(project: Path, capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, Any]]:
    assert main(["versus", "embers/ash-wardens", "embers/soot-drakes", *args, "--json", "--content", str(project)]) == 0
    found: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    return found


def test_the_importer_plays_horus_heresy_data_with_hh2(project: Path) -> None:
    system = (project / "embers" / "system.yml").read_text(encoding="utf-8")
    played = system[system.index("played_with:") :]
    assert 'system: "hh2"' in played
    for rule in ("breaching", "rending", "shred"):
        assert f'"{rule}": "{rule}"' in played
    assert '"melee-attack.attack"' in played and '"shooting-attack.attack"' in played
    assert "WS" not in played  # the melee To Hit roll is the player's, not read from the Weapon Skills
    mapped = played_with("Horus Heresy (2022)", project, {"rending": "Rending (X)", "smoulder": "Smoulder"}, None)
    assert mapped is not None and mapped["system"] == "hh2" and mapped["rules"] == {"rending": "rending"}
    assert played_with("Warhammer 30,000 - The Horus Heresy", project, {}, None) is None  # the first edition is another game


def test_a_rending_shredding_claw_is_counted_by_hand(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two Attacks hitting on 4+ (1/2, the roll given). Strength 4 against Toughness 4 wounds on
    # 4+; Rending (5+), read from the Type, makes the 5s and 6s AP 2; Shred rolls the 1-3 again.
    # A 4 wounds at AP -, saved on 3+ (1/3 fails); a 5 or 6 leaves no save. Each To Wound
    # roll: a 4 with 1/6 + 1/2 * 1/6 = 1/4, a rend with 1/3 + 1/2 * 1/3 = 1/2.
    # So an Attack is an unsaved Wound with 1/2 * (1/4 * 1/3 + 1/2) = 7/24.
    [answer] = versus(project, capsys, "--weapon", "Cinder Claw", "--set", "to_hit=4", "--target-models", "5")
    p = Fraction(7, 24)
    assert odds(answer, "unsaved") == {0: (1 - p) ** 2, 1: 2 * p * (1 - p), 2: p * p}
    assert odds(answer, "models_removed") == odds(answer, "unsaved")  # one-Wound Drakes
    assert answer["modelled"] == ["shred", "rending"] and answer["not_modelled"] == ["smoulder"]
    assert dict(answer["given"])["rending"] == 5


def test_a_breaching_gun_is_counted_by_hand(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # One shot at BS 4 hits on 3+ (2/3). Strength 7 against Toughness 4 wounds on 2+; Breaching
    # (4+) makes the 4-6 AP 2 (no save), and a 2 or 3 meets the 3+ armour that AP 4 allows
    # (1/3 fails): 1/2 + 1/3 * 1/3 = 11/18. So 2/3 * 11/18 = 11/27.
    [answer] = versus(project, capsys, "--weapon", "Ember Gun")
    assert odds(answer, "unsaved") == {0: Fraction(16, 27), 1: Fraction(11, 27)}
    assert answer["modelled"] == ["breaching"]


def test_the_melee_to_hit_roll_is_asked_for(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["versus", "embers/ash-wardens", "embers/soot-drakes", "--weapon", "Cinder Claw", "--content", str(project)]) == 2
    assert "to_hit" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("printed", "expected"),
    [
        ({"Type": "Melee, Rending (6+), Shred"}, "6+"),
        ({"Type": "Heavy 2, rending (4+)"}, "4+"),
        ({"Type": "Melee, Rending"}, None),  # no value printed: the player gives it
        ({"Type": "Melee, Rending (4+)", "Note": "Rending (6+) on the charge"}, None),  # two values: not guessed
        ({"Type": "Melee, Over-Rending (3+)"}, None),  # another rule's name that ends in it
    ],
)
def test_a_rules_value_is_read_from_its_row_only_where_it_prints_exactly_one(printed: dict[str, str], expected: str | None) -> None:
    from rulesref.model import Profile, Where
    from rulesref.read.load import Document
    from rulesref.versus.matchups import _printed, printed_pattern

    pattern = printed_pattern("Rending (X)")
    row = Profile("weapon", "Claw", tuple(printed.items()), (), Where(Document("t.yml", {}, ""), ()))
    assert _printed(row, pattern) == expected
