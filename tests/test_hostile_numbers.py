"""Every number read from BattleScribe XML is parsed strictly: ASCII digits of a bounded length,
and anything else refused at its file and line, never an internal error.

Python's `int()` and `float()` take digits of any script, underscores, `inf` and `nan`, and
`int()` raises on 5,000 digits while `str.isdigit()` says yes to `²`: a roster whose
`gameSystemRevision` was `²` ended in "internal error". Each place a number is read is tried
here with the values that slipped through: a roster's revision, a selection's count, a cost
(2.x) and points (1.x); a game system's revision and a page in the data the importer reads,
and a rule's value in its name; and a revision written by hand into an imported edition.
The data and rosters are the invented Pond Wars ones (tests/fixtures/battlescribe/).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulesref.commands.cli import main
from rulesref.formats.battlescribe.numbers import decimal, whole
from rulesref.read.load import load_file
from rulesref.validate import validate

from .conftest import FIXTURES

DATA = FIXTURES / "battlescribe" / "pondwars"
ROSTERS = FIXTURES / "battlescribe" / "rosters"

HOSTILE = {
    "superscript": "²",
    "arabic-indic": "٣",
    "fullwidth": "７",
    "underscore": "1_0",
    "spaced": " 7",
    "exponent": "1e3",
    "infinity": "inf",
    "not a number": "NaN",
    "plus": "+7",
    "5,000 digits": "9" * 5000,
    "13 digits": "1" * 13,
}


def test_the_parsers_take_ascii_digits_and_nothing_else() -> None:
    assert (whole("0"), whole("106"), whole("007"), whole("9" * 12)) == (0, 106, 7, 999_999_999_999)
    assert (decimal("205.0"), decimal("-5"), decimal("35.5"), decimal("33.333333333333336")) == (205.0, -5.0, 35.5, 33.333333333333336)
    for text in [*HOSTILE.values(), "", "-1", "7.0", "7."]:
        assert whole(text) is None, text
    for text in [*HOSTILE.values(), "", "7.", ".5", "--1", "1.2.3", "1." + "0" * 16]:
        assert decimal(text) is None, text


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pond") / "content"
    assert main(["import", "battlescribe", str(DATA), "--system", "pond", "--content", str(folder)]) == 0
    return folder


def line_of(text: str, marker: str) -> int:
    return text[: text.index(marker)].count("\n") + 1


# where each number sits in a fixture roster: (roster, its text, the start of its element,
# whether a minus and a fraction are a number there)
PLACES = {
    "revision": ("pond-2x.ros", 'gameSystemRevision="{}"', "7", "<roster ", False),
    "count": ("pond-2x.ros", 'number="{}"', "5", '<selection id="s-frogs"', False),
    "cost": ("pond-2x.ros", 'value="{}"', "90.0", '<cost name="pts" typeId="points" value="90.0"/>', True),
    "points": ("pond-1x.ros", 'points="{}"', "15.0", '<selection id="s-pike"', True),
}


@pytest.mark.parametrize("value", [*HOSTILE, "minus", "fraction"])
@pytest.mark.parametrize("place", PLACES)
def test_a_number_a_roster_writes_wrong_is_refused_at_its_line(content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], place: str, value: str) -> None:
    name, attribute, was, element, signed = PLACES[place]
    original = (ROSTERS / name).read_text(encoding="utf-8")
    assert original.count(attribute.format(was)) == 1
    text = original.replace(attribute.format(was), attribute.format({"minus": "-7", "fraction": "7.5"}.get(value) or HOSTILE[value]))
    roster = tmp_path / name
    roster.write_text(text, encoding="utf-8")
    out = tmp_path / "army.json"
    code = main(["roster", str(roster), "--content", str(content), "--out", str(out)])
    err = capsys.readouterr().err
    if signed and value in ("minus", "fraction"):  # a cost of -7 or 7.5 is a cost
        assert code == 1 and "error[" not in err and out.exists(), err  # (1: the rosters list what the content lacks)
        return
    assert code == 1 and not out.exists()
    assert f"{name}:{line_of(original, element)}:1: error[roster-source]: `{attribute.split('=')[0]}` is " in err, err
    assert "internal error" not in err and len(err) < 400  # (5,000 digits are not quoted whole)


def test_a_roster_s_revision_of_5000_digits_or_a_superscript_exits_1_not_3(content: Path, tmp_path: Path) -> None:
    for written in ("9" * 5000, "²"):
        roster = tmp_path / "odd.ros"
        roster.write_text((ROSTERS / "pond-2x.ros").read_text(encoding="utf-8").replace('gameSystemRevision="7"', f'gameSystemRevision="{written}"'), encoding="utf-8")
        assert main(["roster", str(roster), "--content", str(content)]) == 1


def test_an_empty_number_says_nothing(content: Path, tmp_path: Path) -> None:
    """An attribute written empty is taken as absent: no revision, a count of one."""
    text = (ROSTERS / "pond-2x.ros").read_text(encoding="utf-8").replace('gameSystemRevision="7"', 'gameSystemRevision=""').replace('number="5"', 'number=""')
    roster = tmp_path / "empty.ros"
    roster.write_text(text, encoding="utf-8")
    out = tmp_path / "army.json"
    assert main(["roster", str(roster), "--content", str(content), "--out", str(out)]) == 1
    made = json.loads(out.read_text(encoding="utf-8"))
    assert next(u for u in made["units"] if u["name"] == "Frog Guard")["count"] == 1


@pytest.fixture
def source(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize("value", HOSTILE)
def test_a_game_system_revision_that_is_no_number_is_skipped_at_its_line(source: Path, tmp_path: Path, value: str) -> None:
    edit(source / "pondwars.gst", 'revision="7"', f'revision="{HOSTILE[value]}"')
    content = tmp_path / "content"
    assert main(["import", "battlescribe", str(source), "--system", "pond", "--content", str(content)]) == 0
    system, _ = load_file(content / "pond" / "system.yml", "system.yml")
    assert system is not None and system.data["edition"] == "2nd Edition, BattleScribe data"  # no revision: none to compare rosters by
    report = (content / "pond" / "IMPORT.md").read_text(encoding="utf-8")
    assert "- pondwars.gst:5: revision: `revision` is " in report
    assert [p for p in validate([str(content)]).problems if p.severity == "error"] == []


def test_a_revision_with_leading_zeros_is_its_number(source: Path, tmp_path: Path) -> None:
    edit(source / "pondwars.gst", 'revision="7"', 'revision="007"')
    content = tmp_path / "content"
    assert main(["import", "battlescribe", str(source), "--system", "pond", "--content", str(content)]) == 0
    assert "revision 7\n" in (content / "pond" / "system.yml").read_text(encoding="utf-8").replace('"', "\n")


@pytest.mark.parametrize("value", sorted(set(HOSTILE) - {"spaced"}))  # (a page is text: ` 7`, `p. 7` are page 7)
def test_a_page_that_is_no_number_is_left_out_and_the_rest_imports(source: Path, tmp_path: Path, value: str) -> None:
    edit(source / "pondwars.gst", 'id="r-leap" name="Leap" publicationId="pub-core" page="4"', f'id="r-leap" name="Leap" publicationId="pub-core" page="{HOSTILE[value]}"')
    # and a rule's value in its name that is no number: a name, not a parameter
    edit(source / "frogs.cat", '<modifier type="set" field="name" value="Splash (1)"/>', f'<modifier type="set" field="name" value="Splash ({HOSTILE[value]})"/>')
    content = tmp_path / "content"
    assert main(["import", "battlescribe", str(source), "--system", "pond", "--content", str(content)]) == 0
    leap, _ = load_file(content / "pond" / "leap.yml", "leap.yml")
    assert leap is not None and "page" not in leap.data["source"]
    assert [p for p in validate([str(content)]).problems if p.severity == "error"] == []


@pytest.mark.parametrize("value", ["٣", "9" * 50, "²"])
def test_a_revision_edited_by_hand_into_an_edition_is_no_revision(content: Path, tmp_path: Path, value: str) -> None:
    """An imported system's edition names the data revision a roster is compared by; one
    written by hand that is no number leaves the revision unknown (no reason claims it)."""
    copy = tmp_path / "content"
    shutil.copytree(content, copy)
    edit(copy / "pond" / "system.yml", "BattleScribe data revision 7", f"BattleScribe data revision {value}")
    out = tmp_path / "army.json"
    assert main(["roster", str(ROSTERS / "pond-1x.ros"), "--content", str(copy), "--out", str(out)]) == 1
    made = json.loads(out.read_text(encoding="utf-8"))
    assert {u["reason"] for u in made["unmatched"]} == {"no id in the roster", "not in this content"}
