"""The army page of `rulesref roster --out army.html`, in Chromium: it reads on a phone with
nothing wider than the screen but a profile table's own scroll box, and it prints on A4 (print
media) with every unit and rule name, every column of every profile and every word of every
cell in the PDF it prints, even for a game whose statlines are as wide as a tank's (the
invented Brasswork data: eleven characteristics, armaments whose Type is a long text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main

from ..conftest import FIXTURES
from .conftest import pdf_text

pytestmark = pytest.mark.slow

DATA = FIXTURES / "battlescribe" / "pondwars"
ROSTER = FIXTURES / "battlescribe" / "rosters" / "pond-2x.ros"
WIDE = FIXTURES / "battlescribe" / "wide"
WIDE_ROSTER = FIXTURES / "battlescribe" / "rosters" / "brass-engines.ros"
A4_PAGE = {"width": 703, "height": 1000}  # A4 less margins of 12 mm, in CSS pixels: the width print lays out at
WIDER_THAN_THEIR_CARD = """scope => [...document.querySelectorAll(scope + ' .unit table')]
  .filter(t => t.getBoundingClientRect().right > t.closest('.unit').getBoundingClientRect().right + 1)
  .map(t => t.rows[0].cells[0].textContent)"""
CELLS = "scope => [...document.querySelectorAll(scope + ' .unit :is(th, td)')].map(c => c.innerText.trim()).filter(Boolean)"


def printed_on_a4(page: Any, scope: str) -> tuple[list[str], list[str]]:
    """An army printed on A4: the profile tables wider than their unit's card, and every
    heading or cell whose text the PDF lacks (what a scroll box or a clip kept off paper)."""
    page.set_viewport_size(A4_PAGE)
    page.emulate_media(media="print")
    wider = page.evaluate(WIDER_THAN_THEIR_CARD, scope)
    cells = list(dict.fromkeys(page.evaluate(CELLS, scope)))
    _, printed = pdf_text(page.pdf(format="A4", prefer_css_page_size=True))
    assert cells
    return wider, [cell for cell in cells if " ".join(cell.split()) not in printed]
NAMES = ("Frog Guard", "Toad Lord", "Marsh Eels", "Frog Fury", "Hit & Run", "Leap", "Murky Aura", "Slime Trail", "Two-handed")


@pytest.fixture(scope="module")
def wide_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("wide")
    assert main(["import", "battlescribe", str(WIDE), "--system", "brass", "--content", str(folder / "content")]) == 0
    out = folder / "army.html"
    assert main(["roster", str(WIDE_ROSTER), "--content", str(folder / "content"), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("roster")
    assert main(["import", "battlescribe", str(DATA), "--system", "pond", "--content", str(folder / "content")]) == 0
    out = folder / "army.html"
    assert main(["roster", str(ROSTER), "--content", str(folder / "content"), "--out", str(out)]) == 1  # (Marsh Eels is not in the data)
    return out


@pytest.mark.parametrize("width", [390, 1366])
def test_the_army_page_fits_the_screen(browser: Any, page_file: Path, width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto(page_file.as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    text = page.inner_text("body")
    assert all(name in text for name in NAMES)
    page.close()


def test_the_army_page_prints_on_a4_units_the_page_s_width_and_rules_in_two_columns(browser: Any, page_file: Path, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(page_file.as_uri())
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('.rulebook')).columnCount") == "2"
    assert page.evaluate("getComputedStyle(document.querySelector('.units')).columnCount") == "auto"
    pages, printed = pdf_text(page.pdf(format="A4", prefer_css_page_size=True))
    assert pages >= 1
    assert [name for name in NAMES if name not in printed] == []  # every unit and rule, on paper
    page.close()


@pytest.mark.parametrize("army", ["pond", "wide"])
def test_every_column_and_every_word_of_a_profile_prints_on_a4(browser: Any, page_file: Path, wide_file: Path, army: str) -> None:
    page = browser.new_page()
    page.goto((page_file if army == "pond" else wide_file).as_uri())
    wider, lost = printed_on_a4(page, "body")
    assert wider == [] and lost == []
    page.close()
