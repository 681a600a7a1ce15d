"""Text that once froze the validator: scanners whose regular expressions backtracked, and
texts with thousands of problems. Each must finish and report what it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.links import param_call
from rulesref.markdown_limits import structure_problems
from rulesref.markup import unsafe_markup
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


def test_thousands_of_problems_in_one_text_are_located_quickly(content: Path) -> None:
    entry = content / "demo" / "many-tags.yml"
    text = "<a " * 16_000
    entry.write_text(f"id: many-tags\nkind: term\nname: Many Tags\nsummary: x\ntext: |\n  {text}\n")
    with no_hang(30):
        problems = validate([str(entry)]).problems
    assert len(problems) == 16_000
    assert {(p.code, p.line) for p in problems} == {("raw-html", 6)}
    assert sorted(p.col for p in problems)[-1] == 3 + 3 * 15_999
