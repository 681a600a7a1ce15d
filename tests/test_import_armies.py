"""`rulesref import battlescribe` on data shaped like a real game's: armies and a library,
weapons that share an option, names validation refuses, and books written many ways.

The fixture (tests/fixtures/battlescribe/pondwars/) is an invented game of pond creatures:
a game system, two army catalogues (frogs; newts, which imports a library's root entries)
and a library. Each test names what a player or an editor would see go wrong.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main
from rulesref.read.load import load_file
from rulesref.validate import validate

from .conftest import FIXTURES

DATA = FIXTURES / "battlescribe" / "pondwars"


def run_import(source: Path, content: Path, *extra: str) -> int:
    return main(["import", "battlescribe", str(source), "--system", "pond", "--content", str(content), *extra])


@pytest.fixture
def source(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    return folder


@pytest.fixture
def imported(source: Path, tmp_path: Path) -> Path:
    content = tmp_path / "content"
    assert run_import(source, content) == 0
    return content


def entry(content: Path, ident: str) -> dict[str, Any]:
    doc, problems = load_file(content / "pond" / f"{ident}.yml", f"{ident}.yml")
    assert doc is not None, problems
    return doc.data


def report(content: Path) -> str:
    return (content / "pond" / "IMPORT.md").read_text(encoding="utf-8")


def profile(unit: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in unit["profiles"] if p["name"] == name)


# -- names validation refuses -----------------------------------------------------------------


def test_names_with_every_character_validation_refuses_import_into_content_with_no_error(imported: Path) -> None:
    problems = validate([str(imported)]).problems
    assert [p for p in problems if p.severity == "error"] == []
    assert {p.code for p in problems} == {"derived-summary"}


@pytest.mark.parametrize(
    ("ident", "name", "upstream"),
    [
        ("murky-aura", "Murky Aura", "\u200b Murky Aura"),  # zero width space
        ("slime-trail", "Slime Trail", "Slim\u0435 Trail"),  # a Cyrillic е in a Latin word
        ("boggy-ground", "Boggy Ground", "Bog\u00adgy Ground"),  # soft hyphen
        ("deep-dive", "Deep Dive", "Deep\u200e Dive"),  # left-to-right mark
        ("wide-mouth", "Wide Mouth", "\uff37\uff49\uff44\uff45 Mouth"),  # fullwidth letters
        ("reed-cover", "Reed Cover", "Reed\tCover"),  # a tab (the line break at its end is trimmed)
        ("night-croak-loud-x-y-z", "Night - Croak (Loud) (x) (y) /z", "Night: Croak [Loud] {x} <y> |z|"),
    ],
)
def test_a_name_is_cleaned_and_origin_keeps_the_exact_one(imported: Path, ident: str, name: str, upstream: str) -> None:
    data = entry(imported, ident)
    assert data["name"] == name
    assert data["origin"]["name"] == upstream


def test_a_character_no_content_file_may_hold_is_kept_in_origin_as_its_code(imported: Path) -> None:
    data = entry(imported, "ripple")
    assert data["name"] == "Ripple"
    assert data["origin"]["name"] == "<U+FEFF>Ripple"  # a byte order mark: refused in any content file, escaped or not


def test_a_unit_name_is_cleaned_too(imported: Path) -> None:
    assert entry(imported, "toad-lord")["name"] == "Toad Lord"


def test_names_that_would_make_reserved_ids_get_other_ids(imported: Path) -> None:
    assert entry(imported, "system-rule")["name"] == "System"
    assert entry(imported, "armies-rule")["name"] == "Armies"
    assert entry(imported, "class-rule")["name"] == "Class"


def test_the_report_lists_every_cleaned_name_with_what_was_removed(imported: Path) -> None:
    text = report(imported)
    section = text[text.index("## Names cleaned") : text.index("## One rule written")]
    assert "(7)" in section.splitlines()[0]
    assert "`<U+200B> Murky Aura` is `Murky Aura` (U+200B)" in section
    assert "`Slim\u0435 Trail` is `Slime Trail` (look-alike letters of another script)" in section
    assert "`<U+FEFF>Ripple` is `Ripple` (U+FEFF)" in section


def test_a_reimport_keeps_a_hand_edited_name_and_reports_it(source: Path, imported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = imported / "pond" / "murky-aura.yml"
    path.write_text(path.read_text(encoding="utf-8").replace('name: "Murky Aura"', 'name: "Murky Haze"'), encoding="utf-8")
    (source / "pondwars.gst").write_text((source / "pondwars.gst").read_text(encoding="utf-8").replace("count as being in the dark", "count as unseen"), encoding="utf-8")
    capsys.readouterr()
    assert run_import(source, imported) == 0
    assert entry(imported, "murky-aura")["name"] == "Murky Haze"
    assert "murky-aura.yml: edited by hand; the upstream data changed and was not applied" in capsys.readouterr().err


def test_a_second_import_changes_nothing(source: Path, imported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert run_import(source, imported) == 0
    assert "files written: 0," in capsys.readouterr().err


# -- profile rows -----------------------------------------------------------------------------


def test_a_row_has_only_the_rules_its_own_text_names_not_its_siblings(imported: Path) -> None:
    guard = entry(imported, "frog-guard")
    assert profile(guard, "Croak Gun")["rules"] == [{"rule": "splash", "X": 2}]
    assert profile(guard, "Tongue")["rules"] == ["armourbane"]  # `Armourbane (Melee)`: a qualifier in brackets


def test_the_only_row_of_an_option_keeps_its_option_s_links(imported: Path) -> None:
    assert profile(entry(imported, "frog-guard"), "Reed Spear")["rules"] == ["two-handed"]


def test_a_row_without_rules_takes_none_from_the_unit(imported: Path) -> None:
    assert "rules" not in profile(entry(imported, "frog-guard"), "Stick")


def test_rules_no_row_names_go_to_the_unit_s_wargear_not_to_the_unit(imported: Path) -> None:
    guard = entry(imported, "frog-guard")
    assert guard["wargear"] == ["one-use"]  # the combo (default wargear) links One Use, which neither of its rows names
    assert guard["rules"] == ["leap", "hit-run", "frog-fury"]


def test_an_option_s_rules_are_listed_under_the_option_not_as_the_unit_s(imported: Path) -> None:
    guard = entry(imported, "frog-guard")
    assert {"name": "Lily Pad", "rules": ["float-rule"], "element": "se-lily"} in guard["options"]
    assert {"name": "Reed Spear", "rows": ["Reed Spear"], "element": "se-spear"} in guard["options"]
    assert "float-rule" not in guard["rules"] + guard["wargear"]


def test_the_row_s_text_gives_the_value_and_the_disagreement_is_reported(imported: Path) -> None:
    assert "`Frog Guard`, row `Croak Gun`: the data links Splash (X) (1); the row reads Splash (X) (2)" in report(imported)
    assert entry(imported, "splash")["params"]["X"]["min"] == 1 and entry(imported, "splash")["params"]["X"]["max"] == 2


def test_a_link_finds_the_profile_of_its_own_catalogue_when_another_has_the_same_id(imported: Path) -> None:
    assert profile(entry(imported, "frog-guard"), "Stick")["values"]["Range"] == '6"'
    assert profile(entry(imported, "newt-skirmishers"), "Stick")["values"]["Range"] == '12"'


# -- armies, roles, libraries -------------------------------------------------------------------


def test_catalogues_that_are_not_libraries_become_armies_and_roles_follow_the_game_system(imported: Path) -> None:
    system = entry(imported, "system")
    assert system["armies"] == {"frogs-army-book": {"name": "Frogs - Army Book"}, "newts": {"name": "Newts"}}
    assert system["roles"] == ["Leaders", "Rank and File", "Big Beasts"]


def test_a_unit_gets_its_army_and_the_role_its_link_marks_as_primary(imported: Path) -> None:
    guard = entry(imported, "frog-guard")
    assert guard["armies"] == ["frogs-army-book"] and guard["role"] == "Rank and File"
    assert entry(imported, "toad-lord")["role"] == "Leaders"


def test_a_library_unit_belongs_to_the_armies_that_import_its_root_entries(imported: Path) -> None:
    heron = entry(imported, "heron")
    assert heron["armies"] == ["newts"] and heron["role"] == "Big Beasts"
    assert entry(imported, "stalk")["armies"] == ["newts"]  # a library's rule: the armies whose units have it


def test_a_rule_of_an_army_catalogue_is_that_army_s_and_a_rule_of_the_game_system_is_core(imported: Path) -> None:
    assert entry(imported, "frog-fury")["armies"] == ["frogs-army-book"]
    assert "armies" not in entry(imported, "leap")
    assert "armies" not in entry(imported, "hit-run")  # also written in the frogs' catalogue, but the game system's


# -- one rule, one book -----------------------------------------------------------------------


def test_one_rule_written_two_ways_is_one_rule_with_the_other_spelling_as_an_alias(imported: Path) -> None:
    hit = entry(imported, "hit-run")
    assert hit["name"] == "Hit & Run" and hit["aliases"] == ["Hit and Run"]
    assert not (imported / "pond" / "hit-and-run.yml").exists()
    assert "`Hit and Run` is `Hit & Run`" in report(imported)


def test_books_are_normalised_junk_cites_nothing_and_file_names_are_other_sources(imported: Path) -> None:
    system = entry(imported, "system")
    assert system["books"] == {
        "frog-book": {"title": "Frog Book"},
        "other": {"title": "Other sources"},
        "pond-wars-core-book": {"title": "Pond Wars: Core Book"},
    }
    assert entry(imported, "frog-fury")["source"] == {"book": "frog-book", "page": 3}  # `Frog Bok`: a slip
    assert entry(imported, "lily-step")["source"] == {"book": "other", "page": 2, "section": "pond notes v2"}
    assert "source" not in entry(imported, "mud-bath")  # `???`
    assert entry(imported, "newt-skirmishers")["source"]["book"] == "pond-wars-core-book"  # free text of the publication's title
    text = report(imported)
    assert "`Frog Bok` is cited as `Frog Book`" in text and "`???` is cited as `no book`" in text
