"""Text that once froze the validator: scanners whose regular expressions backtracked, and
texts with thousands of problems. Each must finish and report what it holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesref.check.content import MAX_PER_TEXT
from rulesref.check.markdown_limits import structure_problems
from rulesref.check.markup import SAFE_DEFINITION_URL, attribute_lists, unsafe_definitions, unsafe_markup
from rulesref.links import param_call
from rulesref.read.load import parse_text
from rulesref.validate import validate

from .hang_guard import no_hang


def codes(text: str) -> list[str]:
    with no_hang():
        return [code for _, code, _ in unsafe_markup(text)]


def test_an_indented_line_after_a_link_does_not_freeze_the_definition_scan() -> None:
    assert codes("[a](https://example.org)\n" + " " * 40 + "x") == []
    assert codes("[a](https://example.org)\n" + " " * 40 + "> - 1. [label]: javascript:x") == ["unsafe-link"]


def test_a_brace_before_a_long_run_of_blanks_does_not_freeze_the_attribute_scan() -> None:
    assert codes("{a" + " " * 50_000) == []
    assert codes("{a" + " " * 50_000 + "b=1") == ["attribute-list"]
    assert codes("{a\n" + " " * 50_000 + "x=1") == ["attribute-list"]
    assert codes("{" * 50_000) == []
    for attribute_list in ("{:a}", "{: .x}", "{#id}", "{ .x}", "{: x=1}", "{x=1}", "{x y=1}", "{::a}"):
        assert codes(attribute_list) == ["attribute-list"], attribute_list
    for text in ("{a}", "{ a }", "{x y}", "{:}", "{1=2}"):
        assert codes(text) == [], text


def test_a_long_run_of_blanks_inside_a_link_name_does_not_freeze_it() -> None:
    with no_hang():
        assert param_call("a" + " " * 200_000 + "b") is None
        assert param_call("Brutal" + " " * 200_000 + "(3)") == ("Brutal", "3")
    assert param_call("Brutal (3)") == ("Brutal", "3")
    assert param_call("a (b) (c)") == ("a (b)", "c")
    assert param_call("a (b(c))") is None
    assert param_call("(3)") is None


@pytest.mark.parametrize(
    ("text", "limited"),
    [
        (">" * 17 + " x", True),
        (">" * 16 + " x", False),
        ("".join("    " * i + "- x\n" for i in range(17)), True),
        ("[a " * 257, True),
        ("[a " * 200 + "\n\n" + "[a " * 200, False),
        ("1. 2. 3. " + "- " * 20 + "x", True),
    ],
)
def test_markdown_structures_the_site_parser_cannot_survive_are_limited(text: str, limited: bool) -> None:
    assert bool(list(structure_problems(text))) is limited


def test_thousands_of_problems_in_one_text_are_listed_up_to_a_limit_and_counted(content: Path) -> None:
    entry = content / "demo" / "many-tags.yml"
    text = "<a " * 16_000
    entry.write_text(f"id: many-tags\nkind: term\nname: Many Tags\nsummary: x\ntext: |\n  {text}\n")
    with no_hang(30):
        problems = validate([str(entry)]).problems
    listed = [p for p in problems if p.line == 6]
    assert len(listed) == MAX_PER_TEXT and {p.code for p in listed} == {"raw-html"}
    assert sorted(p.col for p in listed)[-1] == 3 + 3 * (MAX_PER_TEXT - 1)
    [count] = [p for p in problems if p.line != 6]
    assert count.code == "raw-html" and f"{16_000 - MAX_PER_TEXT:,} more" in count.message


def test_positions_of_thousands_of_offsets_in_one_text_are_found_quickly() -> None:
    text = "<a " * 16_000
    doc = parse_text(f"id: x\ntext: |\n  {text}\n  second line\n", "x.yml")
    with no_hang(10):
        places = [doc.locate(("text",), offset) for offset in range(0, len(text), 3)]
    assert places[0] == (3, 3) and places[-1] == (3, 3 + 3 * 15_999)
    assert doc.locate(("text",), len(text) + 1) == (4, 3)


# The regular expressions the scanners replaced: on short texts (where their backtracking
# costs nothing) the scanners must find exactly what they found.
OLD_ATTRIBUTE_LIST = re.compile(r"\{:?\s*[#.:][A-Za-z_]|\{:?\s*[A-Za-z_][\w-]*(\s+[^{}\n]*)?=")
OLD_DEFINITION = re.compile(r"^(?:[ \t]*(?:>|[-*+]|\d{1,9}[.)])?)*[ \t]*\[[^\[\]\n]+\]:", re.MULTILINE)
SHORT = st.text(alphabet=st.sampled_from(list("{}:#._=-ax1 \t\n>*+[]).9") + ["é", "\u00a0"]), max_size=24)


@settings(max_examples=300, derandomize=True, database=None)
@given(text=SHORT)
def test_the_attribute_list_scan_finds_what_the_old_pattern_found(text: str) -> None:
    old = {m.start() for m in OLD_ATTRIBUTE_LIST.finditer(text)}
    new = set(attribute_lists(text))
    assert new >= old  # every place the pattern found (it also skipped overlapping ones)
    assert all(OLD_ATTRIBUTE_LIST.match(text, offset) for offset in new)


@settings(max_examples=300, derandomize=True, database=None)
@given(text=SHORT)
def test_the_definition_scan_finds_what_the_old_pattern_found(text: str) -> None:
    old = {m.end() - 2 for m in OLD_DEFINITION.finditer(text) if SAFE_DEFINITION_URL.match(text, m.end()) is None}
    assert set(unsafe_definitions(text)) == old
