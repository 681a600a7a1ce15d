"""The built site in headless Chromium: search, cross-links with previews (hover and tap),
a phone-width layout, and hostile text that stays inert."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from .conftest import Built, error_free_page, search_box, search_titles, serving
from .layout import WINDOWS, Measured, measure_everywhere, measured_widths

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    with error_free_page(browser, **DESKTOP) as page:
        yield page


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    yield page
    context.close()


def test_typing_hit_lists_hit_and_run_and_opens_it(desktop: Any, server: str) -> None:
    titles = search_titles(desktop, server, "hit")
    assert titles[0] == "Hit & Run · 40k 7th"  # with its system's short name
    desktop.locator(search_box(desktop).result).first.click()
    desktop.wait_for_url(lambda url: "/w40k7/hit-and-run/" in url)  # search adds ?h=hit
    assert desktop.locator("article h1").inner_text().rstrip("¶") == "Hit & Run"


@pytest.mark.parametrize(("alias", "name"), [("Fear test", "Fear"), ("Curly Brace", 'Tricky "Quotes" & *Stars*'), ("Consolidation", "Consolidate")])
def test_an_alias_finds_its_entry(desktop: Any, server: str, alias: str, name: str) -> None:
    assert f"{name} · 40k 7th" in search_titles(desktop, server, alias)[:3]


def _first_result(page: Any, base: str, words: str, expected: str) -> list[str]:
    """The result titles, once the first is `expected` (the site's script reorders the
    list when its names file has loaded: it fails here if it never does)."""
    titles = search_titles(page, base, words)
    box = search_box(page)
    box.first_title_becomes(page, expected)
    ranked = box.titles(page)
    places = [href for _, _, href in box.links(page)]  # (Zensical lists sections too: two may share a title)
    assert len(places) == len(set(places)) and set(titles) <= set(ranked)  # reordered, nothing dropped or doubled
    return ranked


@pytest.mark.parametrize(("typed", "first"), [("hit and run", "Hit & Run"), ("Hit & Run", "Hit & Run"), ("run", "Run"), ("fear", "Fear"), ("fear test", "Fear")])
def test_an_entry_named_what_was_typed_is_the_first_result(desktop: Any, server: str, typed: str, first: str) -> None:
    """By its name or an alias, `&` or `and`, in any case; the theme's ranking alone puts
    "Run" first for "hit and run" (its aliases match the wildcard three times)."""
    assert _first_result(desktop, server, typed, f"{first} · 40k 7th")[0] == f"{first} · 40k 7th"


@pytest.mark.parametrize(("typed", "opened"), [("run", "w40k7/run/"), ("fear", "w40k7/fear/")])
def test_enter_opens_the_entry_named_what_was_typed(desktop: Any, server: str, typed: str, opened: str) -> None:
    """The theme's own first result is another (for "run": Hit & Run with Material, "Run
    move", a section of Run, with Zensical): Enter opens the one shown first."""
    _first_result(desktop, server, typed, f"{typed.title()} · 40k 7th")
    desktop.keyboard.press("Enter")
    desktop.wait_for_url(lambda url: urlsplit(url).path == f"/{opened}")


def test_words_of_the_text_find_the_rule(desktop: Any, server: str) -> None:
    assert "Hit & Run · 40k 7th" in search_titles(desktop, server, "breaks away")


def test_hovering_a_cross_link_previews_its_target(desktop: Any, server: str) -> None:
    desktop.goto(server + "w40k7/hit-and-run/")
    link = desktop.locator("article a.rr-xlink", has_text="Initiative test").first
    assert link.get_attribute("title") is None  # the script moved it into the preview
    link.hover()
    preview = desktop.locator(".rr-preview")
    preview.wait_for(state="visible")
    assert "equal to or under the model's Initiative" in preview.inner_text()
    assert link.get_attribute("aria-describedby") == "rr-preview"
    desktop.mouse.move(5, 5)
    preview.wait_for(state="hidden")
    link.click()
    desktop.wait_for_url("**/w40k7/initiative-test/")


def test_the_preview_carries_parameter_values(desktop: Any, server: str) -> None:
    desktop.goto(server + "w40k7/solitaire/")
    desktop.locator("article a.rr-xlink", has_text="Brutal (3)").first.hover()
    assert "(X = 3)" in desktop.locator(".rr-preview").inner_text()


def test_on_a_phone_a_tap_previews_and_a_second_tap_follows(phone: Any, server: str) -> None:
    phone.goto(server + "w40k7/hit-and-run/")
    link = phone.locator("article a.rr-xlink", has_text="Consolidate").first
    link.tap()
    preview = phone.locator(".rr-preview")
    preview.wait_for(state="visible")
    assert "free move" in preview.inner_text()
    assert phone.url.endswith("/w40k7/hit-and-run/")
    box = preview.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    with phone.expect_navigation():
        link.tap()
    assert phone.url.endswith("/w40k7/consolidate/")


def test_a_tap_preview_keeps_its_text_and_its_link_apart(phone: Any, server: str) -> None:
    phone.goto(server + "w40k7/hit-and-run/")
    phone.locator("article a.rr-xlink", has_text="Initiative test").first.tap()
    preview = phone.locator(".rr-preview")
    preview.wait_for(state="visible")
    summary, follow = preview.locator("span"), preview.locator("a")
    assert follow.inner_text() == "Open Initiative test \u2192"
    said = summary.inner_text()
    assert preview.inner_text() == f"Initiative test\n{said}\nOpen Initiative test \u2192"  # one line each, never "fails.Open"
    text_box, link_box = summary.bounding_box(), follow.bounding_box()
    assert text_box is not None and link_box is not None
    assert link_box["y"] >= text_box["y"] + text_box["height"]  # the link on a line of its own, under the text


@pytest.fixture(scope="module")
def measured(browser: Any, engine_built: Built, server: str) -> Callable[[int], Measured]:
    """Every page of the fixture site measured once per window width, light and dark."""
    return measured_widths(browser, engine_built.site, server)


@pytest.mark.parametrize("width", sorted(WINDOWS, reverse=True))
def test_nothing_on_any_page_is_clipped_or_wider_than_its_column(measured: Callable[[int], Measured], width: int) -> None:
    """Hostile text, a datasheet and every kind of chart, at a laptop's and a phone's width."""
    found = measured(width)
    assert found.pages > 20 and found.elements > 10 * found.pages
    assert found.clipped == []


@pytest.mark.parametrize("width", sorted(WINDOWS, reverse=True))
def test_no_word_in_any_table_breaks_across_lines(measured: Callable[[int], Measured], width: int) -> None:
    """Datasheets, dice tables, parameters, examples (cards on a phone), the programmers'
    arguments and fields, the exact chances, corrections and the home page's systems."""
    found = measured(width)
    print(f"{found.pages} pages at {width}px, light and dark: {found.words} words of table cells, {len(found.broken)} broken")
    assert found.words > 50 * found.pages
    assert found.broken == []


def test_on_a_phone_only_the_profile_tables_scroll_sideways_each_in_its_named_box(measured: Callable[[int], Measured]) -> None:
    assert measured(390).scrollers > 0  # the Solitaire's profiles, light and dark
    assert measured(1366).scrollers == 0  # they fit a laptop


def _with_before_first_heading(built: Built, tmp_path: Path, html: str) -> Path:
    """A copy of the fixture site whose Fear page holds `html` before its first section."""
    site = tmp_path / "site"
    shutil.copytree(built.site, site)
    page = site / "w40k7" / "fear" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("<h2", html + "<h2", 1), encoding="utf-8")
    return site


def test_the_clipping_check_names_the_page_and_the_element(browser: Any, built: Built, tmp_path: Path) -> None:
    site = _with_before_first_heading(built, tmp_path, '<pre id="wide" style="white-space: pre; overflow: auto">' + "x" * 400 + "</pre>")
    with serving(site) as url:
        problems = measure_everywhere(browser, site, url, 390, ["w40k7/fear/"]).clipped
    assert problems and all(p.startswith("w40k7/fear/ at 390px, ") for p in problems)
    assert "pre#wide" in problems[0] and "of its content (overflow-x: auto)" in problems[0]


def test_a_scroll_box_the_keyboard_cannot_reach_by_name_is_refused(browser: Any, built: Built, tmp_path: Path) -> None:
    site = _with_before_first_heading(built, tmp_path, '<div class="rr-scroll" id="nameless"><pre style="white-space: pre">' + "x" * 400 + "</pre></div>")
    with serving(site) as url:
        problems = measure_everywhere(browser, site, url, 390, ["w40k7/fear/"]).clipped
    assert len(problems) == 2  # light and dark
    assert "div#nameless.rr-scroll" in problems[0] and "cannot be reached from the keyboard by name" in problems[0]


def test_the_word_check_finds_a_word_broken_inside_a_cell(browser: Any, built: Built, tmp_path: Path) -> None:
    narrow = "width: 4ch; font-family: monospace"
    cells = f'<td id="anywhere"><div style="{narrow}; overflow-wrap: anywhere">Infantry</div></td><td><div style="{narrow}">re-rolled</div></td>'
    site = _with_before_first_heading(built, tmp_path, f"<table><tr>{cells}</tr></table>")
    with serving(site) as url:
        broken = measure_everywhere(browser, site, url, 1366, ["w40k7/fear/"]).broken
    # light and dark; "re-" / "rolled" breaks where print does
    assert [b.split(" under ")[0] for b in broken] == [f'w40k7/fear/ at 1366px, {scheme}: "Infa|ntry" in td#anywhere' for scheme in ("light", "dark")]


def test_a_unit_datasheet_fits_a_phone_and_its_names_stay_while_the_values_scroll(phone: Any, server: str) -> None:
    phone.goto(server + "w40k7/solitaire/")
    table = phone.locator(".rr-datasheet table").first
    assert table.locator("thead th").all_inner_texts() == ["Unit", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv"]
    assert table.locator("tbody th[scope=row]").all_inner_texts() == ["Solitaire"]
    weapons = phone.locator(".rr-scroll", has_text="Harlequin's Kiss")
    box = weapons.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    name = weapons.locator("tbody th[scope=row]").first
    before = name.bounding_box()
    scrolled = weapons.evaluate("box => { box.scrollLeft = box.scrollWidth; return box.scrollLeft; }")
    after = name.bounding_box()
    assert scrolled > 0  # its values are wider than a phone
    assert before is not None and after is not None and after["x"] == before["x"]  # the name stays at the left


def test_charts_follow_the_colour_scheme(browser: Any, server: str) -> None:
    colours = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme, **DESKTOP)
        page = context.new_page()
        page.goto(server + "w40k7/fear/")
        label = page.locator("figure.rr-odds svg text").first
        colours[scheme] = (
            label.evaluate("e => getComputedStyle(e).fill"),
            page.evaluate("getComputedStyle(document.body).backgroundColor"),
        )
        context.close()
    assert colours["light"][0] != colours["dark"][0]  # text is currentColor: dark on light, light on dark
    for text, background in colours.values():
        assert text != background


def test_hostile_text_stays_inert(desktop: Any, server: str) -> None:
    dialogs: list[str] = []

    def on_dialog(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    desktop.on("dialog", on_dialog)
    desktop.goto(server + "w40k7/tricky-text/")
    article = desktop.locator("article")
    for element in article.locator("*").all():
        if element.is_visible():
            element.hover(force=True, timeout=2000)
    for link in article.locator("a").all():
        href = link.get_attribute("href") or ""
        assert not href.lower().startswith(("javascript:", "data:", "vbscript:"))
    found = desktop.evaluate(
        """() => {
            const article = document.querySelector('article');
            const handlers = [];
            for (const el of article.querySelectorAll('*'))
                for (const a of el.attributes)
                    if (a.name.startsWith('on')) handlers.push(el.tagName + ' ' + a.name);
            return {
                scripts: article.querySelectorAll('script, iframe, object, embed, style').length,
                handlers,
                title: document.title,
                text: article.innerText,
                description: document.querySelector('meta[name=description]').content,
            };
        }"""
    )
    assert dialogs == []
    assert found["scripts"] == 0 and found["handlers"] == []
    assert found["title"] == 'Tricky "Quotes" & *Stars* - rulesref'
    assert "Template braces stay literal: {{ x }} and {% raw %}{{ y }}{% endraw %} and {# comment #}." in found["text"]
    assert "<script>alert(1)</script>" in found["text"]  # entities in the text show as text
    assert found["description"].startswith('Hostile-text fixture: {{ config.site_name }} {% if x %}y{% endif %} "quoted" & <b tags')
