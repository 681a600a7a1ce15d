"""The shipped content (content/) as a site: it builds strictly, every entry has its page,
no link is broken, and in Chromium its search and link previews work.

The shipped content must validate: if it does not, these fail and say so."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from rulesref.build import Build
from rulesref.config import ZENSICAL
from rulesref.links import plain_text
from rulesref.validate import validate

from ..conftest import Depth
from .conftest import REPO, Built, Sites, offline_page, pdf_text, search_titles, serving
from .layout import CHART_TEXT, WINDOWS, Measured, measured_widths, settle, settled_context, shapes_sample, walked_pages
from .linkcheck import broken_links
from .players_words import ARTICLE_TEXT, code_in, player_text

pytestmark = pytest.mark.slow
CONTENT = REPO / "content"


@pytest.fixture(scope="module")
def shipped_content() -> Build:
    result = validate([str(CONTENT)])
    assert result.problems == (), f"content/ has {len(result.problems)} problem(s); run `rulesref validate`"
    return result


@pytest.fixture(scope="module")
def shipped(shipped_content: Build, sites: Sites, engine: str) -> Built:
    """The shipped content, built (strictly: broken links and anchors fail it) by each engine."""
    return sites.get("shipped", engine, lambda _: CONTENT)


def test_every_shipped_entry_has_its_page(shipped: Built, shipped_content: Build) -> None:
    for entry in shipped_content.content.entries:
        assert (shipped.site / entry.system / entry.id / "index.html").is_file(), entry.key


def test_no_link_in_the_shipped_site_is_broken(shipped: Built) -> None:
    assert broken_links(shipped.site) == []


PREPARATION = re.compile(r"\b(seeds?|scraped|transcri\w*|OCR)\b", re.IGNORECASE)


def test_public_notes_speak_of_rules_and_books_not_of_how_the_text_was_prepared(shipped_content: Build) -> None:
    said = []
    for entry in shipped_content.content.entries:
        words = [entry.notes or "", *(c.reason or "" for c in entry.corrections)]
        if entry.kind == "term":  # a term's text is this reference's own words
            words.append(entry.text or "")
        said += [f"{entry.key}: {m.group(0)}" for text in words for m in PREPARATION.finditer(text)]
    assert said == []


@pytest.mark.parametrize(
    "text",
    [
        "Chances over the To Hit rolls (10 if blitzed else attacks D6)",
        "(0 if flaming_attacks else max(0, wounds - lethal_sixes) D6)",
        "Test (one of 'morale-check', 'pinning-test', 'fear-test')",
        "(the result of Discipline (command_test), settled outright when purpose == 'combat-reform')",
        "Refused: lost_by must be a whole number from 1 to 20",
        "Returns Literal['passed', 'failed']",
    ],
)
def test_code_is_found_in_a_player_s_text(text: str) -> None:
    assert code_in(text) != []


def test_words_are_not_taken_for_code() -> None:
    text = (
        "Hit & Run: the unit breaks away on 2D6, D3+1 hits, a 4+ save, Brutal (3); one of morale check, pinning test or other test. "
        "Chances over the To Hit rolls (10 D6 if blitzed, else attacks D6). None of the attacker's rules applies."
    )
    assert code_in(text) == []
    assert player_text("<p>Words <code>a_b + 1</code></p><details class='rr-programmers'><p>x == 'y'</p></details><p>more</p>") == "Words more"


def test_no_shipped_page_shows_a_player_code(shipped: Built) -> None:
    """Outside the code it shows programmers, no page shows an expression, a Python name or
    a Python list (the "Try it" forms, which a script builds, are read in Chromium below)."""
    pages = sorted(shipped.site.rglob("*.html"))
    found = [f"{page.relative_to(shipped.site)}: {code}" for page in pages for code in code_in(player_text(page.read_text(encoding="utf-8")))]
    assert len(pages) > 200
    assert found == []


def pages_showing(shipped: Built, depth: Depth, part: str) -> list[str]:
    """The walked pages that show `part` (a class of the site's own): every fourth of them
    in the everyday run, the others with `--deep`."""
    showing = [path for path in walked_pages(shipped.site, CONTENT) if part in (shipped.site / path / "index.html").read_text(encoding="utf-8")]
    return depth.every(showing, 4)


@pytest.mark.browser
@pytest.mark.deep
def test_no_try_it_form_of_the_shipped_site_shows_a_player_code(browser: Any, shipped: Built, shipped_url: str, depth: Depth) -> None:
    context = settled_context(browser, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    forms, found = 0, []
    walked = pages_showing(shipped, depth, "rr-try")
    for path in walked:
        page.goto(shipped_url + path, wait_until="load")
        settle(page)
        forms += page.locator(".rr-try-ready").count()
        found += [f"{path}: {code}" for code in code_in(" ".join(page.evaluate(ARTICLE_TEXT).split()))]
    context.close()
    assert len(walked) > 10 and forms >= len(walked)
    assert found == []


@pytest.fixture(scope="module")
def shipped_url(shipped: Built) -> Iterator[str]:
    with serving(shipped.site) as url:
        yield url


@pytest.fixture
def page(browser: Any, shipped_url: str) -> Iterator[tuple[Any, str]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page(), shipped_url
    context.close()


@pytest.mark.browser
def test_searching_hit_finds_hit_and_run(page: tuple[Any, str], shipped_content: Build) -> None:
    assert any(e.name == "Hit & Run" for e in shipped_content.content.entries)
    browser_page, base = page
    assert "Hit & Run · 40k 7th" in search_titles(browser_page, base, "hit")[:3]


@pytest.mark.browser
def test_an_alias_finds_its_rule(page: tuple[Any, str], shipped_content: Build) -> None:
    entry = next((e for e in shipped_content.content.entries if e.aliases), None)
    assert entry is not None
    browser_page, base = page
    system = next(s for s in shipped_content.content.systems if s.id == entry.system)
    assert f"{entry.name} · {system.short_name}" in search_titles(browser_page, base, entry.aliases[0])[:5]


@pytest.mark.browser
def test_a_cross_link_previews_its_target_summary(page: tuple[Any, str], shipped_content: Build) -> None:
    browser_page, base = page
    entries = {f"{e.system}/{e.id}": e for e in shipped_content.content.entries}
    source = next((e for e in shipped_content.content.entries if e.text and "[[" in e.text), None)
    assert source is not None
    browser_page.goto(f"{base}{source.system}/{source.id}/")
    link = browser_page.locator("article a.rr-xlink").first
    target = entries["/".join(Path(urlsplit(link.evaluate("a => a.href")).path).parts[1:3])]
    link.hover()
    preview = browser_page.locator(".rr-preview")
    preview.wait_for(state="visible")
    assert target.summary in preview.inner_text()


@pytest.fixture(scope="module")
def measured(browser: Any, shipped: Built, shipped_url: str, engine: str, depth: Depth) -> Callable[[int], Measured]:
    """The shipped pages measured once per window width, light and dark: of every page of the
    source's site and some of the French one's (`walked_pages`), the everyday run walks a
    page of each folder and shape (`shapes_sample`) and `--deep` the rest. Zensical's walk,
    which only `--deep` runs, takes every third of those pages: they hold the same content
    in the same theme's look (a walk of every page took 15 minutes more)."""
    if engine == ZENSICAL:
        return measured_widths(browser, shipped.site, shipped_url, walked_pages(shipped.site, CONTENT, every=3))
    everything = walked_pages(shipped.site, CONTENT)
    return measured_widths(browser, shipped.site, shipped_url, depth.part(everything, shapes_sample(shipped.site, CONTENT, everything)))


@pytest.mark.browser
@pytest.mark.deep
@pytest.mark.parametrize("width", sorted(WINDOWS, reverse=True))
def test_nothing_on_any_shipped_page_is_clipped_or_wider_than_its_column(measured: Callable[[int], Measured], width: int) -> None:
    found = measured(width)
    print(f"{found.pages} pages at {width}px, light and dark: {found.elements} elements measured, {len(found.clipped)} clipped")
    assert found.pages > 40 and found.elements > 10 * found.pages
    assert found.clipped == []


@pytest.mark.browser
@pytest.mark.deep
@pytest.mark.parametrize("width", sorted(WINDOWS, reverse=True))
def test_no_word_in_any_shipped_table_breaks_across_lines(measured: Callable[[int], Measured], width: int) -> None:
    found = measured(width)
    print(f"{found.pages} pages at {width}px, light and dark: {found.words} words of table cells, {len(found.broken)} broken")
    assert found.words > 50 * found.pages
    assert found.broken == []


@pytest.mark.browser
@pytest.mark.deep
def test_every_chart_keeps_its_text_inside_its_svg(browser: Any, shipped: Built, shipped_url: str, depth: Depth) -> None:
    context = settled_context(browser, **WINDOWS[390])
    page = context.new_page()
    charts = live = boxes = 0
    problems = []
    walked = pages_showing(shipped, depth, "rr-chart")
    for path in walked:
        page.goto(shipped_url + path, wait_until="load")
        settle(page)  # the live charts of "Try it" too
        found = page.evaluate(CHART_TEXT)
        charts, live, boxes = charts + found["charts"], live + found["live"], boxes + found["boxes"]
        problems += [f"{path}: {problem}" for problem in found["problems"]]
    context.close()
    print(f"{charts} charts ({live} of them live in Try it forms), {boxes} text boxes measured")
    assert len(walked) > 5 and charts >= len(walked) and live > 2 and boxes > 5 * charts
    assert problems == []


@pytest.mark.browser
def test_a_unit_prints_as_its_rules_card(browser: Any, shipped: Built, shipped_content: Build, shipped_url: str) -> None:
    content = shipped_content.content
    unit = content.entry("w40k7:solitaire")
    assert unit is not None and unit.rules
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(shipped_url + "w40k7/solitaire/", wait_until="load")
    printed_pages, printed = pdf_text(page.pdf(format="A4", prefer_css_page_size=True))
    page.emulate_media(media="print")
    chrome = ".md-header, .md-sidebar, .md-search, .md-footer, .md-top, form, button, input, details.rr-programmers, .rr-badges"
    shown = page.locator(chrome).evaluate_all("els => els.filter(e => e.getClientRects().length > 0).map(e => e.className || e.tagName)")
    page.emulate_media(media="screen")
    screen_pages, _ = pdf_text(page.pdf(format="A4"))
    context.close()
    print(f"Solitaire: {printed_pages} A4 pages printed ({screen_pages} without the print stylesheet)")
    assert shown == []  # no navigation, header, search or controls
    assert printed_pages <= 3 < screen_pages
    assert printed.startswith("Solitaire")
    rules = [content.entry(f"{unit.system}:{ref.rule}") for ref in unit.rules]
    missing = [rule.name for rule in rules if rule is not None and rule.name not in printed]
    assert missing == []
    for rule in rules:  # the full text of every rule, not only its summary
        assert rule is not None
        opening = " ".join(plain_text(rule.text or "").split()[:12])
        assert opening in printed, rule.id


@pytest.mark.browser
def test_a_versus_form_works_in_the_offline_copy(browser: Any, shipped: Built, tmp_path: Path) -> None:
    """From file:// with the network off: the target picker is a classic script of the unit's
    page, and its links lead to the copy's page files."""
    from .test_offline import unzip_offline_copy

    copy = unzip_offline_copy(shipped, tmp_path)
    context, page, errors = offline_page(browser)
    page.goto((copy / "w40k7" / "deffkoptas" / "index.html").as_uri())
    versus = page.locator(""".rr-try[data-rr-try*='"check":"close_combat"']""")
    versus.locator(".rr-try-target select").select_option(label="Solitaire")
    href = versus.locator(".rr-try-brings a").first.get_attribute("href")
    assert href == "../impossible-form/index.html" and (copy / "w40k7" / "impossible-form" / "index.html").is_file()
    assert versus.locator(".rr-try-odds .rr-exact-table tbody tr").count() > 1
    context.close()
    assert errors == []
