"""Tables never break inside a word, on a game whose profiles are as wide as a tank's.

The data is invented (tests/fixtures/battlescribe/wide/, a made-up game of clockwork war
engines in the BattleScribe format): a statline of eleven characteristics with long names
("Unit Type", "Hull Points") and short values (`11`, `3+`, `D3+1`), and armaments whose
Type is a long text. It is imported with `rulesref import battlescribe`, built, and measured
in Chromium at a laptop's and a phone's width, light and dark.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main

from ..conftest import FIXTURES
from .conftest import Built, build_project, make_project, serving
from .layout import WINDOWS, Measured, measure_everywhere, measured_widths

pytestmark = [pytest.mark.slow, pytest.mark.browser]

WIDE = FIXTURES / "battlescribe" / "wide"
UNIT = "brass/clockwork-mortar-tortoise/"


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> Built:
    root = tmp_path_factory.mktemp("wide")
    imported = root / "imported"
    assert main(["import", "battlescribe", str(WIDE), "--system", "brass", "--name", "Brasswork Skirmish", "--content", str(imported)]) == 0
    project = make_project(root / "project", imported)
    assert build_project(project, strict=False) == 0  # imported summaries are only derived: warnings
    return project


@pytest.fixture(scope="module")
def wide_url(wide: Built) -> Iterator[str]:
    with serving(wide.site) as url:
        yield url


@pytest.fixture(scope="module")
def measured(browser: Any, wide: Built, wide_url: str) -> Callable[[int], Measured]:
    return measured_widths(browser, wide.site, wide_url)


@pytest.mark.parametrize("width", sorted(WINDOWS, reverse=True))
def test_no_word_of_a_wide_profile_breaks_and_nothing_is_clipped(measured: Callable[[int], Measured], width: int) -> None:
    found = measured(width)
    print(f"{found.pages} pages at {width}px, light and dark: {found.words} words of table cells, {len(found.broken)} broken, {found.scrollers} scroll boxes scrolled")
    assert found.pages > 5 and found.words > 300
    assert found.broken == []
    assert found.clipped == []
    assert found.scrollers > 0  # eleven characteristics are wider than a phone, and than a laptop's column


CELL_LINES = """cell => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
  return tops.size;
}"""


@pytest.mark.parametrize("width", sorted(WINDOWS, reverse=True))
def test_short_values_never_wrap_and_free_text_wraps_between_words(browser: Any, wide_url: str, width: int) -> None:
    context = browser.new_context(**WINDOWS[width])
    page = context.new_page()
    page.goto(wide_url + UNIT, wait_until="load")
    values = page.locator(".rr-profile td:not(.rr-text)")
    lines = [cell.evaluate(CELL_LINES) for cell in values.all()]
    armament = page.locator(".rr-profile tr", has_text="Siege Mortar")
    long_type = armament.locator("td.rr-text").first
    assert long_type.inner_text() == "Lobbed 1, Great Burst, Scalding, Overheats, Fired Once Per Battle"
    type_lines = long_type.evaluate(CELL_LINES)
    context.close()
    assert len(lines) == 19 and set(lines) == {1}  # `11`, `3+`, `12"-48"`, `3+ / 5++`: each on one line
    assert type_lines > 1  # wraps (between words: no word of it breaks, see above)


def test_the_word_check_fails_on_cells_that_wrap_anywhere(browser: Any, wide: Built, tmp_path: Path) -> None:
    """The stylesheet as it was (cells wrap anywhere, if they must) breaks words of the wide
    profiles on a phone, and the check says which."""
    site = tmp_path / "site"
    shutil.copytree(wide.site, site)
    stylesheet = site / "assets" / "rulesref.css"
    css = stylesheet.read_text(encoding="utf-8")
    assert "overflow-wrap: normal" in css
    stylesheet.write_text(css.replace("overflow-wrap: normal", "overflow-wrap: anywhere"), encoding="utf-8")
    with serving(site) as url:
        found = measure_everywhere(browser, site, url, 390, [UNIT])
    assert found.broken != []
    assert all(b.startswith(f"{UNIT} at 390px, ") for b in found.broken)
    assert any("in th under \"Profiles\"" in b or "in td.rr-text under \"Profiles\"" in b for b in found.broken), found.broken[:5]


def test_printed_every_profile_fits_the_page(browser: Any, wide_url: str) -> None:
    """Paper does not scroll: printed, the widest profile table fits an A4 page's width."""
    context = browser.new_context(viewport={"width": 703, "height": 1000})  # 186 mm: A4 within the print margins
    page = context.new_page()
    page.goto(wide_url + UNIT, wait_until="load")
    page.emulate_media(media="print")
    overflow = page.evaluate(
        "() => [...document.querySelectorAll('.rr-profile')].map(t => Math.round(t.getBoundingClientRect().right - document.documentElement.clientWidth))"
    )
    context.close()
    assert len(overflow) == 2 and max(overflow) <= 0, overflow
