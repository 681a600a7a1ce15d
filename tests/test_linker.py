"""The linker (mentions of names become links) and `rulesref link --check|--write`."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.commands.cli import main
from rulesref.links.mentions import Linker
from rulesref.validate import validate

NAMES = [("Fear", "fear"), ("Stout Heart", "stout-heart"), ("Heart", "heart"), ("Hit & Run", "hit-and-run"), ("Morale check", "morale-check"), ("It", "it")]


def link(text: str, self_key: str | None = None) -> str:
    return Linker(NAMES).link(text, self_key=self_key)[0]


def test_whole_words_only() -> None:
    assert link("Fearsome and Fearless, then Fear.") == "Fearsome and Fearless, then [[Fear]]."


def test_longest_name_wins() -> None:
    assert link("It has Stout Heart.") == "It has [[Stout Heart]]."


def test_never_inside_an_existing_link() -> None:
    assert link("See [[Stout Heart|the Heart rule]] and Heart.") == "See [[Stout Heart|the Heart rule]] and [[Heart]]."


def test_first_mention_only_and_never_itself() -> None:
    assert link("Fear, Fear and Heart.", self_key="fear") == "Fear, Fear and [[Heart]]."
    assert link("Fear, Fear.") == "[[Fear]], Fear."


def test_an_entry_linked_already_is_not_linked_again() -> None:
    assert link("[[Fear]] first, then Fear and [[stout heart|it]] and Stout Heart.") == "[[Fear]] first, then Fear and [[stout heart|it]] and Stout Heart."


def test_one_word_names_need_their_capital_longer_names_do_not() -> None:
    assert link("they fear a morale check") == "they fear a [[morale check]]"


def test_a_name_of_one_word_among_common_words_needs_that_words_capital() -> None:
    """`To Hit` (an alias of the To Hit roll) is the roll only when written as the game writes it."""
    linker = Linker([("To Hit", "to-hit-roll"), ("Go to Ground", "go-to-ground")])
    assert linker.link("It is easy to hit and struggles to hit back.")[0] == "It is easy to hit and struggles to hit back."
    assert linker.link("A roll of 6 To Hit.")[0] == "A roll of 6 [[To Hit]]."
    assert linker.link("A roll of 6 to Hit.")[0] == "A roll of 6 [[to Hit]]."  # links match names in any case
    assert linker.link("they go to ground")[0] == "they [[go to ground]]"  # two words of its own: any case


def test_stop_words_are_never_links() -> None:
    assert link("It is here.") == "It is here."


def test_words_that_differ_from_the_name_link_with_the_name() -> None:
    assert link("Hit&Run.") == "[[Hit & Run|Hit&Run]]."


def test_a_name_does_not_run_over_a_line_break() -> None:
    assert link("Stout\nHeart") == "Stout\n[[Heart]]"


def test_link_check_lists_unlinked_mentions(content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = content / "demo" / "morale-check.yml"
    target.write_text(target.read_text().replace("Roll 2D6;", "Roll 2D6 unless Fearless;"))
    assert main(["link", "--check", str(content)]) == 1
    err = capsys.readouterr().err
    assert "morale-check.yml:" in err and "warning[unlinked-mention]: `Fearless` names an entry; link it as [[Fearless]]" in err


def test_link_write_links_and_the_result_validates(content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = content / "demo" / "morale-check.yml"
    target.write_text(target.read_text().replace("Roll 2D6;", "Roll 2D6 unless Fearless;"))
    assert main(["link", "--write", str(content)]) == 0
    assert "Roll 2D6 unless [[Fearless]];" in target.read_text()
    assert validate([str(content)]).problems == ()
    capsys.readouterr()
    assert main(["link", "--check", str(content)]) == 0
    assert "no unlinked mentions" in capsys.readouterr().err


def test_a_name_followed_by_test_or_check_names_a_test_not_the_name() -> None:
    linker = Linker([("Pinning", "pinning"), ("Hardy", "hardy")])
    for text in ("takes a Pinning test.", "Pinning tests", "a Pinning check", "a Pinning\ntest", "a PINNING TEST"):
        assert linker.link(text) == (text, 0), text
    assert linker.link("Pinning weapons force a Pinning test.")[0] == "[[Pinning]] weapons force a Pinning test."
    assert linker.link("a Pinning test, then Pinning.")[0] == "a Pinning test, then [[Pinning]]."  # the test was no first mention
    assert linker.link("a Pinning\n\ntest")[0] == "a [[Pinning]]\n\ntest"  # a paragraph apart: not one phrase
    assert linker.link("a Hardy roll")[0] == "a [[Hardy]] roll"  # a roll is the rule at work


def test_the_longest_name_wins_over_a_shorter_one_and_over_the_test_rule() -> None:
    linker = Linker([("Pinning", "pinning"), ("Pinning test", "pinning-test"), ("Pinning tests", "pinning-test")])
    assert linker.link("Pinning weapons force Pinning tests.")[0] == "[[Pinning]] weapons force [[Pinning tests]]."
    assert linker.link("a Pinning test", self_key="pinning-test") == ("a Pinning test", 0)  # its own name, not the shorter one


def test_link_check_proposes_the_term_of_the_longer_name_and_no_rule_for_a_test(content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo = content / "demo"
    (demo / "pinning.yml").write_text("id: pinning\nkind: rule\nname: Pinning\nsummary: Hits from this weapon make the target test.\ntext: |\n  A unit hit takes a Pinning test.\n")
    target = demo / "morale-check.yml"
    target.write_text(target.read_text().replace("Roll 2D6;", "Roll 2D6, as for a Pinning test;"))
    capsys.readouterr()
    assert main(["link", "--check", str(content)]) == 0  # "Pinning test" is no mention of Pinning
    (demo / "pinning-test.yml").write_text('id: pinning-test\nkind: term\nname: "Pinning test"\nsummary: "A Leadership test after hits from a Pinning weapon."\n')
    assert main(["link", "--check", str(content)]) == 1
    err = capsys.readouterr().err
    assert "morale-check.yml:" in err and "`Pinning test` names an entry; link it as [[Pinning test]]" in err
    assert "pinning.yml:" in err  # the rule's own text mentions the term too
    assert "link it as [[Pinning]]" not in err


def test_the_shipped_content_has_no_unlinked_mentions(capsys: pytest.CaptureFixture[str]) -> None:
    """Every mention of another entry in the shipped texts is a link (or, by the linker's
    rules, no mention): what `rulesref link --check` finds is fixed, not left."""
    from .conftest import REPO

    assert main(["link", "--check", str(REPO / "content")]) == 0, capsys.readouterr().err
    assert capsys.readouterr().err.strip() == "no unlinked mentions"
