"""`rulesref import battlescribe` on invented data in the BattleScribe format.

The fixtures (tests/fixtures/battlescribe/) describe a made-up game, "Hedgerow Skirmish",
with rule texts written for these tests: a game system with publications, profile types, a
parameterised rule, a dice table and a name outside the content name rules; a catalogue with
a conflicting copy of a rule, a unit with models, wargear and a renamed link; and a second
catalogue that the tests zip into a `.catz`.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from rulesref.commands.cli import main
from rulesref.read.load import load_file
from rulesref.validate import validate

from .conftest import FIXTURES

DATA = FIXTURES / "battlescribe"


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A data folder: the game system, a catalogue and a zipped catalogue."""
    folder = tmp_path / "data"
    shutil.copytree(DATA / "hedgerow", folder)
    with zipfile.ZipFile(folder / "badgers.catz", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(DATA / "badgers.cat", "badgers.cat")
    return folder


def run_import(source: Path, content: Path, *extra: str) -> int:
    return main(["import", "battlescribe", str(source), "--system", "hedge", "--content", str(content), *extra])


def entry(content: Path, ident: str) -> dict:  # type: ignore[type-arg]
    doc, problems = load_file(content / "hedge" / f"{ident}.yml", ident)
    assert doc is not None, problems
    return doc.data


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def imported(source: Path, tmp_path: Path) -> Path:
    content = tmp_path / "content"
    assert run_import(source, content) == 0
    return content


def test_the_import_validates_with_only_derived_summary_warnings(imported: Path) -> None:
    result = validate([str(imported)])
    assert [p for p in result.problems if p.severity == "error"] == []
    assert {p.code for p in result.problems} == {"derived-summary"}
    assert len(result.problems) == len(result.content.entries) == 15


def test_strict_validation_fails_on_derived_summaries(imported: Path) -> None:
    assert main(["validate", str(imported)]) == 0
    assert main(["validate", "--strict", str(imported)]) == 1


def test_summary_printed(source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_import(source, tmp_path / "content") == 0
    err = capsys.readouterr().err
    assert "3 BattleScribe files" in err
    assert "files written: 17, unchanged: 0" in err
    assert "what a force can take: 3; units: 3; not units: 0" in err
    assert "rules: 12, units: 3, tables: 1, links made: 7" in err
    assert "names with several texts (a rule per text): 2, making 4 rules" in err


def test_system_books_from_publications_and_free_text(imported: Path) -> None:
    system = entry(imported, "system")
    assert system["name"] == "Hedgerow Skirmish"
    assert system["books"] == {
        "army-book-of-foxes": {"title": "Army Book of Foxes"},
        "badger-almanac": {"title": "Badger Almanac"},  # a free-text book name, mapped
        "hedgerow-skirmish-core-book": {"title": "Hedgerow Skirmish: Core Book"},
    }
    assert system["profile_types"] == [
        {"id": "critter", "name": "Critter", "characteristics": ["Move", "Grit", "Nerve"]},
        {"id": "weapon", "name": "Weapon", "characteristics": ["Range", "Punch"], "kind": "weapon"},
    ]


def test_rule_with_source_and_origin(imported: Path) -> None:
    burrow = entry(imported, "burrow")
    assert burrow["kind"] == "rule"
    assert burrow["source"] == {"book": "hedgerow-skirmish-core-book", "page": 12}
    assert burrow["origin"]["element"] == "r-burrow"
    assert burrow["origin"]["file"] == "hedgerow.gst"
    assert burrow["origin"]["derived"] == ["summary"]
    assert burrow["summary"] == "A critter with this rule may dig in at the end of its move."


def test_one_name_with_two_texts_is_a_rule_per_text_the_game_system_s_keeping_the_name(imported: Path) -> None:
    assert entry(imported, "burrow")["text"].startswith("A critter with this rule may dig in")
    foxes = entry(imported, "burrow-foxes")
    assert foxes["name"] == "Burrow (Foxes)" and foxes["text"] == "Foxes dig quickly."
    assert foxes["origin"]["element"] == "r-burrow-foxes"
    report = (imported / "hedge" / "IMPORT.md").read_text()
    assert "| Burrow | `Burrow` (hedgerow.gst:29); `Burrow (Foxes)` (foxes.cat:5) |" in report


def test_parameterised_rule_and_unit_links_with_values(imported: Path) -> None:
    hardy = entry(imported, "hardy")
    assert hardy["name"] == "Hardy (X)"
    assert hardy["aliases"] == ["Hardy"]
    assert hardy["params"]["X"]["type"] == "int"
    assert (hardy["params"]["X"]["min"], hardy["params"]["X"]["max"]) == (2, 3)
    # `Hardy (3)` has a text of its own: the unit's link shows it, under the name of the one unit that has it
    assert entry(imported, "fear-2")["rules"] == ["fear", {"rule": "hardy-fear", "X": 3}]
    assert entry(imported, "hardy-fear")["name"] == "Hardy (X) (Fear)"
    assert entry(imported, "hardy-fear")["text"].endswith("on 3 or less the point is kept.")


def test_unit_rules_in_order_and_profiles_with_weapon_rules(imported: Path) -> None:
    scouts = entry(imported, "fox-scouts")
    # inline rule, linked rule, a link renamed `Hardy (2)`, a rule-like profile: in written order
    assert scouts["rules"] == ["quick-paws", "burrow", {"rule": "hardy", "X": 2}, "keen-nose"]
    assert scouts["profiles"] == [
        {"type": "critter", "name": "Fox Scout", "values": {"Move": '8"', "Grit": "2", "Nerve": "4+"}},
        {"type": "weapon", "name": "Short Bow", "values": {"Range": '18"', "Punch": "3"}, "rules": ["volley"]},
    ]
    assert scouts["source"] == {"book": "army-book-of-foxes", "page": 10}


def test_rule_like_profile_becomes_a_rule(imported: Path) -> None:
    nose = entry(imported, "keen-nose")
    assert nose["kind"] == "rule"
    assert nose["text"] == "The critter notices hidden enemies within 8 inches, even those that [[Burrow]]."


def test_dice_table_becomes_table_data(imported: Path) -> None:
    tumult = entry(imported, "tumult")
    assert tumult["text"] == "When a warren is disturbed, roll on the table below."
    assert tumult["table"]["die"] == "D6"
    assert [row["roll"] for row in tumult["table"]["rows"]] == ["1", "2-3", "4-6"]
    assert tumult["table"]["rows"][2]["result"] == "The warren rallies and every critter may [[Burrow]] at once."


def test_names_outside_the_rules_get_valid_ids_and_keep_the_exact_name(imported: Path) -> None:
    den = entry(imported, "den-shelter-night")
    assert den["name"] == "Den - Shelter (Night)"
    assert den["origin"]["name"] == "Den: Shelter [Night]"
    assert "<b>" not in den["text"] and den["text"].endswith("Tip: dens are drawn as circles.")
    guard = entry(imported, "aerie-sett-guard")
    assert guard["name"] == "Ærie Sett Guard"
    assert guard["origin"]["file"] == "badgers.catz"


def test_a_unit_named_like_a_rule_gets_its_own_id_and_a_qualified_name(imported: Path) -> None:
    assert entry(imported, "fear")["kind"] == "rule"
    unit = entry(imported, "fear-2")
    assert unit["kind"] == "unit" and unit["name"] == "Fear (Foxes - Army Book)" and unit["origin"]["name"] == "Fear"


def test_links_whole_words_not_self_and_never_a_rule_for_a_unit(imported: Path) -> None:
    assert entry(imported, "burrow")["text"].endswith("Burrowing critters ignore [[Soggy Ground]].")
    fear = entry(imported, "fear")["text"]
    assert "[[" not in fear  # its own name is not linked, and "Fearsome" is not "Fear"
    assert entry(imported, "thick-hide")["text"].endswith("unless the attack causes [[Fear]].")
    # the Sett Guard's rule mentions Fear: the unit's rules stay exactly what the data gives it
    assert entry(imported, "aerie-sett-guard")["rules"] == ["thick-hide", "burrow"]


def test_second_import_of_the_same_data_changes_nothing(source: Path, imported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(imported)
    capsys.readouterr()
    assert run_import(source, imported) == 0
    assert "files written: 0, unchanged: 17" in capsys.readouterr().err
    assert snapshot(imported) == before


def test_dry_run_writes_nothing(source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_import(source, tmp_path / "content", "--dry-run") == 0
    assert not (tmp_path / "content").exists()
    assert "files would write: 17" in capsys.readouterr().err


def change_upstream(source: Path, old: str, new: str) -> None:
    path = source / "hedgerow.gst"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_people_owned_fields_survive_and_corrections_are_reapplied(source: Path, imported: Path) -> None:
    path = imported / "hedge" / "burrow.yml"
    text = path.read_text()
    text = text.replace("12 inches", "twelve inches")
    text = text.replace('summary: "A critter with this rule may dig in at the end of its move."', 'summary: "Dig in: hidden beyond 12 inches."')
    text = text.replace(', "derived": ["summary"]', "")
    text = text.replace("origin:", 'notes: |\n  Our reading: dug-in critters can still be heard.\ncorrections:\n  - {original: "12 inches", corrected: "twelve inches"}\norigin:')
    path.write_text(text)
    assert [p for p in validate([str(imported)]).problems if p.severity == "error"] == []
    change_upstream(source, "at the end of its move. While dug in", "at the end of its move or charge. While dug in")
    assert run_import(source, imported) == 0
    burrow = entry(imported, "burrow")
    assert burrow["text"].startswith("A critter with this rule may dig in at the end of its move or charge. While dug in it cannot be seen from more than twelve inches away.")
    assert burrow["summary"] == "Dig in: hidden beyond 12 inches."
    assert burrow["notes"] == "Our reading: dug-in critters can still be heard.\n"
    assert burrow["corrections"] == [{"original": "12 inches", "corrected": "twelve inches"}]
    assert "derived" not in burrow["origin"]
    assert [p for p in validate([str(imported)]).problems if p.severity == "error"] == []


def test_derived_summary_follows_new_upstream_text(source: Path, imported: Path) -> None:
    change_upstream(source, "Movement through Soggy Ground is halved.", "Movement through Soggy Ground costs double.")
    assert run_import(source, imported) == 0
    assert entry(imported, "soggy-ground")["summary"] == "Movement through Soggy Ground costs double."


def test_text_edited_by_hand_is_reported_not_overwritten(source: Path, imported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = imported / "hedge" / "volley.yml"
    edited = path.read_text().replace("fired twice", "fired twice (not at the same target)")
    path.write_text(edited)
    shutil.copy(DATA / "hedgerow" / "foxes.cat", source / "foxes.cat")
    foxes = source / "foxes.cat"
    foxes.write_text(foxes.read_text().replace("may be fired twice", "may be fired two times"))
    capsys.readouterr()
    assert run_import(source, imported) == 0
    err = capsys.readouterr().err
    assert "volley.yml: edited by hand; the upstream data changed and was not applied" in err
    assert path.read_text() == edited
    assert "volley.yml" in (imported / "hedge" / "IMPORT.md").read_text()


def test_a_hand_written_rule_of_the_same_name_is_used_not_replaced(source: Path, tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "hedge").mkdir(parents=True)
    hand = "id: volley\nkind: rule\nname: Volley\nsummary: Our own words.\ntext: |\n  Our own text.\n"
    (content / "hedge" / "volley.yml").write_text(hand)
    assert run_import(source, content) == 0
    assert (content / "hedge" / "volley.yml").read_text() == hand
    assert entry(content, "fox-scouts")["profiles"][1]["rules"] == ["volley"]
    assert "`Volley`: links and units use `volley`" in (content / "hedge" / "IMPORT.md").read_text()


@pytest.mark.parametrize(
    ("name", "line", "words"),
    [
        ("billion-laughs.gst", 2, "document type declaration"),
        ("external-entity.cat", 2, "document type declaration"),
        ("malformed.cat", 4, "malformed XML: mismatched tag"),
        ("wrong-root.gst", 2, "not a BattleScribe gst file"),
    ],
)
def test_hostile_or_malformed_xml_is_refused_with_file_and_line(
    name: str, line: int, words: str, source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(DATA / "hostile" / name, source / name)
    content = tmp_path / "content"
    assert run_import(source, content) == 1
    err = capsys.readouterr().err
    assert f"{(source / name).as_posix()}:{line}:1: error[import-source]: " in err
    assert words in err
    assert "Traceback" not in err
    assert not content.exists()  # every source is read before anything is written


def test_zip_bomb_is_refused_from_its_size(source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulesref.formats.battlescribe import read

    bomb = source / "bomb.catz"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bomb.cat", b"<catalogue>" + b" " * (read.MAX_XML_BYTES + 10) + b"</catalogue>")
    assert run_import(source, tmp_path / "content") == 1
    assert "inflates to" in capsys.readouterr().err


def test_two_game_systems_are_a_usage_error(source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(source / "hedgerow.gst", source / "second.gst")
    assert run_import(source, tmp_path / "content") == 2
    assert "2 game systems" in capsys.readouterr().err


def test_bad_system_id_is_a_usage_error(source: Path, tmp_path: Path) -> None:
    assert main(["import", "battlescribe", str(source), "--system", "Hedge_Row", "--content", str(tmp_path)]) == 2


def test_a_source_that_is_missing_or_holds_no_data_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A wrong argument exits 2, as `validate` does for a missing path; only a fault inside the
    data (malformed or hostile XML) is a problem of the content (exit 1)."""
    notes = tmp_path / "notes.txt"
    notes.write_text("hi")
    empty = tmp_path / "empty"
    empty.mkdir()
    cases = {tmp_path / "nowhere": "no such file or folder: ", notes: "not a BattleScribe file", empty: "no BattleScribe file"}
    for given, words in cases.items():
        assert run_import(given, tmp_path / "content") == 2
        err = capsys.readouterr().err
        assert err.startswith("rulesref: error: ") and words in err and str(given) in err
    assert not (tmp_path / "content").exists()


def test_a_hand_written_system_file_keeps_what_people_wrote(source: Path, tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "hedge").mkdir(parents=True)
    system = content / "hedge" / "system.yml"
    system.write_text(
        "# our game\nid: hedge\nname: Hedgerow\nedition: 2nd edition\nsummary: Animals skirmish in the hedges.\nbooks:\n  core: {title: \"Hedgerow Skirmish: Core Book\"}  # ours\n"
    )
    assert run_import(source, content) == 0
    written = system.read_text()
    assert written.startswith("# our game\nid: hedge\nname: Hedgerow\nedition: 2nd edition\nsummary: Animals skirmish in the hedges.\n")
    data = entry(content, "system")
    # the book people listed keeps its id; the others are added
    assert sorted(data["books"]) == ["army-book-of-foxes", "badger-almanac", "core"]
    assert entry(content, "burrow")["source"]["book"] == "core"
    assert [p for p in validate([str(content)]).problems if p.severity == "error"] == []


def test_nesting_too_deep_is_refused_with_its_line(source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = source / "deep.cat"
    deep.write_text('<?xml version="1.0"?>\n<catalogue id="d" name="d" gameSystemId="hedge-sys-0001">\n' + "<a>\n" * 5000 + "</a>" * 5000 + "</catalogue>\n")
    assert run_import(source, tmp_path / "content") == 1
    err = capsys.readouterr().err
    assert f"{deep.as_posix()}:202:1: error[import-source]: refused: elements nest more than 200 deep" in err


def test_a_zipped_game_system_imports_like_a_plain_one(source: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(source / "hedgerow.gstz", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(source / "hedgerow.gst", "hedgerow.gst")
    (source / "hedgerow.gst").unlink()
    content = tmp_path / "content"
    assert run_import(source, content) == 0
    assert entry(content, "burrow")["origin"]["file"] == "hedgerow.gstz"
    assert [p for p in validate([str(content)]).problems if p.severity == "error"] == []


def test_newer_data_updates_a_unit_nobody_edited(source: Path, imported: Path) -> None:
    foxes = source / "foxes.cat"
    foxes.write_text(foxes.read_text().replace('<characteristic name="Grit" typeId="ct-grit">2</characteristic>', '<characteristic name="Grit" typeId="ct-grit">3</characteristic>'))
    assert run_import(source, imported) == 0
    assert entry(imported, "fox-scouts")["profiles"][0]["values"]["Grit"] == "3"


def test_an_element_gone_upstream_is_kept_and_reported(source: Path, imported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (source / "badgers.catz").unlink()
    capsys.readouterr()
    assert run_import(source, imported) == 0
    err = capsys.readouterr().err
    assert "thick-hide.yml: no longer in the data (kept)" in err
    assert (imported / "hedge" / "thick-hide.yml").exists()


def test_a_catalogue_of_another_game_system_is_skipped_with_its_reason(source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = source / "other.cat"
    other.write_text((source / "foxes.cat").read_text().replace('gameSystemId="hedge-sys-0001"', 'gameSystemId="another-system"'))
    content = tmp_path / "content"
    assert run_import(source, content) == 0
    assert "skipped 1: catalogue: written for another game system" in capsys.readouterr().err
    assert "- other.cat: catalogue: written for another game system" in (content / "hedge" / "IMPORT.md").read_text()


def test_multi_line_text_reads_back_as_written_so_upstream_changes_apply(source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    change_upstream(source, "Movement through Soggy Ground is halved. A critter", "Movement through Soggy Ground is halved.\n\nA critter")
    content = tmp_path / "content"
    assert run_import(source, content) == 0
    assert "text: |-\n  Movement through Soggy Ground is halved.\n\n  A critter" in (content / "hedge" / "soggy-ground.yml").read_text()
    change_upstream(source, "is halved.\n\nA critter", "is halved.\n\nA critter, even a quick one,")
    capsys.readouterr()
    assert run_import(source, content) == 0
    assert "soggy-ground.yml: edited by hand" not in capsys.readouterr().err
    assert entry(content, "soggy-ground")["text"] == "Movement through Soggy Ground is halved.\n\nA critter, even a quick one, that Burrows in Soggy Ground gets stuck until its next turn."
