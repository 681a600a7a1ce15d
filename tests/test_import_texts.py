"""Imported text as a reader expects it: dice tables in the styles real data uses, summaries
that never hold a table's rows, and a rule without text that says so once.

The text functions are tested on strings; the import on the invented hedgerow game plus
`warren.cat`, a catalogue of that game whose rule texts are written the ways real data
writes them.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from rulesref.commands.cli import main
from rulesref.formats.battlescribe.mapping import fingerprint
from rulesref.formats.battlescribe.text import (
    LIST_SUMMARY,
    NO_TEXT,
    TABLE_SUMMARY,
    derive_summary,
    find_table,
    find_tables,
)
from rulesref.pages.docs import docs_files
from rulesref.read.load import load_file
from rulesref.validate import validate

from .conftest import FIXTURES

DATA = FIXTURES / "battlescribe"
ROW_MARK = re.compile(r"(?:^|[\s;:.])[0-9]{1,2}(?:-[0-9]{1,2})?\+?\s*[:.)-]\s")


def rolls(text: str) -> tuple[str, list[str]] | None:
    table = find_table(text)
    return None if table is None else (table.die, [roll for roll, _, _ in table.rows])


# -- find_table on strings -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "die", "expected"),
    [
        ("Roll:\n1: a\n2-3: b\n4-6: c", "D6", ["1", "2-3", "4-6"]),  # one row per line
        ("Roll:\n\n1: a\n\n2-3: b\n\n4-6: c", "D6", ["1", "2-3", "4-6"]),  # blank lines between rows
        ("Roll:\nD6 Result\n1 - a\n2 - b\n3-6 - c", "D6", ["1", "2", "3-6"]),  # `1 -`
        ("Roll a D6.\n1. a\n2. b\n3. c\n4. d\n5. e\n6. f", "D6", ["1", "2", "3", "4", "5", "6"]),  # `1.`
        ("Roll a D3.\n1) a\n2) b\n3) c", "D3", ["1", "2", "3"]),  # `1)`
        ("Roll:\n1\u20132 \u2013 a\n3\u20134 \u2013 b\n5\u20136 \u2013 c", "D6", ["1-2", "3-4", "5-6"]),  # en dashes
        ("Roll:\n1-2: a\n3-4: b\n5+: c", "D6", ["1-2", "3-4", "5+"]),  # `5+`
        ("Roll:\nD6 | Effect\n1    : a\n2-5 : b\n6   : c", "D6", ["1", "2-5", "6"]),  # a piped header, aligned colons
        ("Roll:\n2D6 Result\n2 a\n3-11 b\n12 c", "2D6", ["2", "3-11", "12"]),  # 2D6, a space after the roll
        ("roll a D6: 1: a; 2-5: b; 6: c", "D6", ["1", "2-5", "6"]),  # inside a sentence
    ],
)
def test_tables_in_the_styles_real_data_uses(text: str, die: str, expected: list[str]) -> None:
    assert rolls(text) == (die, expected)


@pytest.mark.parametrize(
    "text",
    [
        "Steps:\n1. Choose a critter.\n2. Place a marker.\n3. Remove it.",  # a list of steps: no D3 named
        "Roll:\n1: a\n2-4: b\n4-6: c",  # 4 twice
        "Roll:\n1: a\n2-3: b\n5-6: c",  # no 4
        "Roll:\nD6 Result\n1-3) a\n4) b\n5) c\n6) d\n7+) e",  # 7+ is no roll of a D6
        "Roll:\nD6 Result\n1: a\n2-5 (small): b\n2-5 (large): c\n6: d",  # sub-cases of one face
        "Roll a D6:\nD3 Result\n1: a\n2: b\n3-4: c\n5-6: d",  # the header names another die
        "Turn\n1 Nothing\n2 Fear\n3 Fear, Hardy\n4 Hardy\n5 Hardy\n6+ All",  # a table by turn, not by roll
        "Roll:\n1: only one row",
    ],
)
def test_no_table_where_rows_do_not_cover_the_die_exactly_once(text: str) -> None:
    assert find_table(text) is None


def test_a_row_runs_on_over_its_next_lines_and_a_heading_line_is_its_title() -> None:
    table = find_table(
        "Roll a D6.\nD6 Trait\n1-3. Prickly Ball:\nThe leader is tough.\n\n4-5. Quick Retreat:\nThe leader is fast\nand hungry.\n\n6 - The leader is lucky\nand wise."
    )
    assert table is not None
    assert table.rows == (
        ("1-3", "Prickly Ball", "The leader is tough."),
        ("4-5", "Quick Retreat", "The leader is fast and hungry."),
        ("6", None, "The leader is lucky and wise."),  # wrapped mid-sentence: no title
    )
    assert table.title == "Trait"


def test_a_paragraph_between_two_rows_is_the_first_rows() -> None:
    table = find_table("Roll:\n\n1-3: Stuck.\n\nA stuck critter cannot move.\n\n4-6: Through.\n\nAfterwards, move on.")
    assert table is not None
    assert table.rows == (("1-3", None, "Stuck.\n\nA stuck critter cannot move."), ("4-6", None, "Through."))
    assert table.after == "Afterwards, move on."


def test_what_is_before_and_after_the_table_stays_text_and_the_header_is_the_tables() -> None:
    table = find_table("Before it.\n\nWarren Mishap Table: D6 Roll\n1: a\n2-6: b\n\nAfter it.")
    assert table is not None
    assert (table.before, table.after, table.title) == ("Before it.", "After it.", "Warren Mishap Table")
    assert table.text == "Before it.\n\nAfter it."


def test_a_compact_table_ends_at_its_last_row_when_that_row_ends_a_sentence() -> None:
    table = find_table("Roll:\n1-3: Stuck.\n4-6: Through.\nThe next sentence is the rule's.")
    assert table is not None
    assert table.rows[-1] == ("4-6", None, "Through.")
    assert table.after == "The next sentence is the rule's."


def test_two_tables_in_one_text_the_second_stays_text_with_its_rows_apart() -> None:
    text = "Roll a D6.\nSmall Critters:\n1: Stuck.\n2-6: Through.\n\nLarge Critters:\n1-2: Stuck.\n3-6: Through."
    assert [(t.title, len(t.rows)) for t in find_tables(text)] == [("Small Critters", 2), ("Large Critters", 2)]
    first = find_table(text)
    assert first is not None
    assert first.title == "Small Critters"
    assert first.after == "Large Critters:\n\n1-2: Stuck.\n\n3-6: Through."  # each row its own paragraph


# -- derive_summary --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "table", "summary"),
    [
        ("Fear makes foes flee. They run.", None, "Fear makes foes flee."),
        ("If the rabbits fail, roll on the following table:\n\nD6 Result\n1: a\n2-6: b", None, "If the rabbits fail, roll on the following table."),
        ("D6 Result\n1: a\n2-6: b", None, TABLE_SUMMARY),  # a table that opens the text
        ("Roll on this\n1: a b c.\n2-3: d e f.\n4-6: g h i.", None, "Roll on this"),  # the first "sentence" runs into the rows
        ("Small Critters:\n\n1: Stuck.\n\n2-3: Through.", None, TABLE_SUMMARY),  # a table's title is no sentence
        ("1. Choose a critter that did not move.\n2. Place a marker.\n3. Remove it.", None, "Choose a critter that did not move."),
        ("1 Acorn\n2 Beetle\n3 Clover", None, LIST_SUMMARY),
        ("4+ Thick Fur", None, "4+ Thick Fur"),  # one line that opens with a number is a sentence
        ("", {"die": "D6", "rows": []}, "Roll a D6 and look up the result on the table."),
        ("", {"die": "2D6", "title": "Burrow Table", "rows": []}, "Roll a 2D6 and look up the result on the Burrow Table."),
        ("", {"die": "D3", "title": "Hedge Gap", "rows": []}, "Roll a D3 and look up the result on the Hedge Gap table."),
        ("", None, NO_TEXT),
        ("[[Fear]] makes [[Nerve test|Nerve tests]] harder.", None, "Fear makes Nerve tests harder."),
    ],
)
def test_the_summary_comes_from_before_the_table_never_from_rows(text: str, table: dict[str, object] | None, summary: str) -> None:
    assert derive_summary(text, table) == summary


# -- the import ----------------------------------------------------------------------------------------


@pytest.fixture
def source(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA / "hedgerow", folder)
    shutil.copy(DATA / "warren.cat", folder / "warren.cat")
    return folder


def run_import(source: Path, content: Path) -> int:
    return main(["import", "battlescribe", str(source), "--system", "hedge", "--content", str(content)])


@pytest.fixture
def imported(source: Path, tmp_path: Path) -> Path:
    content = tmp_path / "content"
    assert run_import(source, content) == 0
    return content


def entry(content: Path, ident: str) -> dict:  # type: ignore[type-arg]
    doc, problems = load_file(content / "hedge" / f"{ident}.yml", ident)
    assert doc is not None, problems
    return doc.data


def table_of(content: Path, ident: str) -> tuple[str, list[tuple[str, str | None]]]:
    table = entry(content, ident)["table"]
    return table["die"], [(row["roll"], row.get("title")) for row in table["rows"]]


def test_each_style_becomes_a_table(imported: Path) -> None:
    assert table_of(imported, "rabbit-rout") == ("D6", [("1", None), ("2-3", None), ("4-6", None)])  # header, blank lines
    assert table_of(imported, "badger-temper") == ("D6", [("1", None), ("2-4", None), ("5+", None)])  # `1 -`, `2–4 –`, `5+`
    assert table_of(imported, "hedgehog-curl") == ("D3", [("1", "Prickly Ball"), ("2", "Half Curled"), ("3", "Bristling")])
    assert table_of(imported, "mole-tunnels") == ("2D6", [("2", None), ("3-6", None), ("7-11", None), ("12", None)])
    assert table_of(imported, "thorn-snare") == ("D6", [("1", None), ("2-5", None), ("6", None)])
    assert entry(imported, "badger-temper")["table"]["rows"][0]["result"] == "The badger sulks behind its sett and strikes last."
    assert entry(imported, "badger-temper")["text"] == "At the start of each fight, roll a D6 for every badger.\n\nA badger already in a rage does not roll."
    assert entry(imported, "hedge-gap")["table"]["title"] == "Small Critters"
    assert entry(imported, "hedge-gap")["text"] == "Large Critters:\n\n1-2: Stuck until the next turn.\n\n3-6: Through.\n\nGaps in the hedge are dangerous to cross: roll a D6 for each critter crossing one."


def test_a_numbered_list_of_steps_stays_text(imported: Path) -> None:
    foraging = entry(imported, "foraging-order")
    assert "table" not in foraging
    assert foraging["text"].endswith("\n1. Choose a critter that did not move.\n2. Place a forage marker within 2 inches of it.\n3. Remove the marker at the end of the turn.")


def test_no_summary_holds_a_row(imported: Path) -> None:
    summaries = {p.stem: entry(imported, p.stem)["summary"] for p in (imported / "hedge").glob("*.yml") if p.stem != "system"}
    assert [s for s in summaries.values() if ROW_MARK.search(s) or "D6 Result" in s] == []
    assert summaries["rabbit-rout"] == "If a warren of rabbits fails a Nerve test, roll on the following table."
    assert summaries["owl-omens"] == "Roll a D6 and look up the result on the table."  # its text is all table
    assert summaries["hedge-gap"] == "Roll a D6 and look up the result on the Small Critters table."  # the second table's rows are no sentence


def test_the_import_validates_and_counts_its_tables(imported: Path, source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = validate([str(imported)])
    assert [p for p in result.problems if p.severity == "error"] == []
    assert {p.code for p in result.problems} == {"derived-summary"}
    capsys.readouterr()
    assert run_import(source, imported) == 0
    err = capsys.readouterr().err
    assert "files written: 0, unchanged: 28" in err
    assert "tables: 8," in err


# -- a rule without text -------------------------------------------------------------------------------


def page(files: dict[str, bytes], path: str) -> str:
    return files[path].decode("utf-8").split("\n---\n", 1)[1]  # past the front matter


def test_a_rule_without_text_says_so_once_on_its_page_its_card_and_in_the_api(imported: Path) -> None:
    slippery = entry(imported, "slippery")
    assert "text" not in slippery
    assert slippery["summary"] == NO_TEXT
    assert "- `Slippery` (warren.cat:" in (imported / "hedge" / "IMPORT.md").read_text()
    files = docs_files(validate([str(imported)]))
    assert page(files, "hedge/slippery/index.md").count("gives no text") == 1
    card = page(files, "hedge/vole-band/index.md").split('class="rr-cards"')[1]
    assert card.count("gives no text") == 1
    assert json.loads(files["api/hedge/slippery.json"])["text"] is None


def test_a_text_that_is_its_summary_is_shown_once(imported: Path) -> None:
    files = docs_files(validate([str(imported)]))
    words = "Voles that fall from a hedge lose no Grit"
    assert page(files, "hedge/soft-landing/index.md").count(words) == 1
    assert page(files, "hedge/vole-band/index.md").count(words) == 1
    rule = page(files, "hedge/burrow/index.md")  # a summary and a longer text: both shown
    assert rule.count("A critter with this rule may dig in at the end of its move") == 2


def test_a_placeholder_text_written_by_an_older_import_goes_on_reimport(source: Path, imported: Path) -> None:
    path = imported / "hedge" / "slippery.yml"
    old = path.read_text()
    written = entry(imported, "slippery")["origin"]["written"]
    # what an older import wrote: the placeholder as text, and the hash of its imported part then
    path.write_text(old.replace('summary: "', f'text: "{NO_TEXT}"\nsummary: "', 1).replace(written, fingerprint({"text": NO_TEXT})))
    assert entry(imported, "slippery")["text"] == NO_TEXT
    assert run_import(source, imported) == 0
    assert path.read_text() == old


def test_text_a_person_wrote_for_a_rule_without_text_is_kept(source: Path, imported: Path) -> None:
    path = imported / "hedge" / "slippery.yml"
    edited = path.read_text().replace("origin:", "text: |\n  Our own words: slippery critters cannot be held.\norigin:")
    path.write_text(edited)
    assert run_import(source, imported) == 0
    assert path.read_text() == edited


# -- links: "Nerve test" is not "Nerve" -------------------------------------------------------------


def test_a_test_named_after_a_rule_is_not_a_mention_of_the_rule(imported: Path) -> None:
    voles = entry(imported, "stout-voles")["text"]
    assert voles == "Voles with [[Nerve]] never bolt, and a vole that takes a Nerve test adds 1 to the roll."
    assert "Nerve test after [[Burrow]]" in entry(imported, "hardy")["text"]


def test_a_hand_written_glossary_term_is_linked_by_its_longer_name_or_alias(source: Path, tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "hedge").mkdir(parents=True)
    term = 'id: nerve-test\nkind: term\nname: "Test of Nerve"\naliases: ["Nerve test", "Nerve tests"]\nsummary: "A roll of the dice against a critter\'s Nerve."\n'
    (content / "hedge" / "nerve-test.yml").write_text(term)
    assert run_import(source, content) == 0
    assert entry(content, "stout-voles")["text"] == "Voles with [[Nerve]] never bolt, and a vole that takes a [[Nerve test]] adds 1 to the roll."
    assert "[[Nerve test]] after [[Burrow]]" in entry(content, "hardy")["text"]
    assert "take a [[Nerve test]] at the start" in entry(content, "fear")["text"]
    assert (content / "hedge" / "nerve-test.yml").read_text() == term
    assert [p for p in validate([str(content)]).problems if p.severity == "error"] == []
