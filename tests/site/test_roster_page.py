"""The army page of `rulesref roster --out army.html`, in Chromium: it reads on a phone with
nothing wider than the screen but a profile table's own scroll box, and it prints on A4 in two
columns (print media), every unit and rule name in the PDF it prints."""

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
NAMES = ("Frog Guard", "Toad Lord", "Marsh Eels", "Frog Fury", "Hit & Run", "Leap", "Murky Aura", "Slime Trail", "Two-handed")


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


def test_the_army_page_prints_on_a4_in_two_columns(browser: Any, page_file: Path, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(page_file.as_uri())
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('.rulebook')).columnCount") == "2"
    assert page.evaluate("getComputedStyle(document.querySelector('.units')).columnCount") == "2"
    pages, printed = pdf_text(page.pdf(format="A4", prefer_css_page_size=True))
    assert pages >= 1
    assert [name for name in NAMES if name not in printed] == []  # every unit and rule, on paper
    page.close()
