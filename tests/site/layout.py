"""Measuring a page in the browser: nothing in the content column may be clipped, scroll
sideways or reach out of the column, no word in a table cell may be broken across lines, and
no chart's text may leave its SVG.

One kind of element may scroll sideways: a scroll box of the site's own (`SCROLLER`, the box
around a unit's profile table), which must sit inside the column, scroll with `overflow-x:
auto`, and be reachable from the keyboard with a name (`tabindex="0"`, `aria-label`); what
is inside it may reach past the column, since it can be scrolled to. The page itself never
scrolls sideways.

Every `<details>` is opened first (what it folds away must fit too) and transitions are
switched off, so the boxes measured are the ones a reader finally sees. A problem names the
element (tag, id, classes), the heading it sits under and the start of its text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCROLLER = "div.rr-scroll"  # the one element allowed to scroll sideways
SETTLE = "*, *::before, *::after { transition: none !important; animation: none !important; }"

_NAME = """
const name = (el, column) => {
  let s = el.tagName.toLowerCase();
  if (el.id) s += '#' + el.id;
  const classes = el.getAttribute('class');
  if (classes) s += '.' + classes.trim().split(/\\s+/).join('.');
  let heading = '';
  for (let n = el; n && n !== column && !heading; n = n.parentElement) {
    for (let p = n.previousElementSibling; p && !heading; p = p.previousElementSibling)
      if (/^H[1-6]$/.test(p.tagName)) heading = p.textContent.replace('\\u00b6', '').trim();
  }
  const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
  return `${s}${heading ? ` under "${heading}"` : ''} ("${text}")`;
};
"""

CLIPPED = (
    "() => {"
    + _NAME
    + f"const SCROLLER = '{SCROLLER}';"
    + """
  for (const d of document.querySelectorAll('.md-content details')) d.open = true;
  const column = document.querySelector('.md-content');
  const bound = column.getBoundingClientRect();
  const right = Math.min(bound.right, document.documentElement.clientWidth);
  const problems = [];
  const reported = [];
  let measured = 0, scrollers = 0;
  for (const el of column.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;  // charts: see CHART_TEXT
    const style = getComputedStyle(el);
    if (style.display === 'none') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    measured++;
    if (reported.some(r => r.contains(el))) continue;
    const scrolled = el.parentElement.closest(SCROLLER);  // reached by scrolling its box
    const scroller = el.matches(SCROLLER);
    if (!scrolled && (box.right > right + 1 || box.left < bound.left - 1)) {
      problems.push(`${name(el, column)} reaches ${Math.round(box.left)}..${Math.round(box.right)}px, the column is ${Math.round(bound.left)}..${Math.round(right)}px`);
      reported.push(el);
    } else if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') {
      if (!scroller || style.overflowX !== 'auto') {
        problems.push(`${name(el, column)} hides ${el.scrollWidth - el.clientWidth}px of its content (overflow-x: ${style.overflowX})`);
        reported.push(el);
      } else if (el.tabIndex < 0 || !el.getAttribute('aria-label')) {
        problems.push(`${name(el, column)} scrolls sideways but cannot be reached from the keyboard by name (tabindex, aria-label)`);
        reported.push(el);
      } else scrollers++;
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) problems.push(`the page is ${page.scrollWidth}px wide in a ${page.clientWidth}px window`);
  return {measured, scrollers, problems};
}"""
)

# A word of a table cell is a run of characters without white space in one text node; it is
# broken when its characters sit on more than one line. A line may end after a hyphen between
# letters or digits ("re-" / "rolled", "2-" / "3"), where print breaks too; anywhere else
# ("Infantr" / "y", "3" / "+", "1" / "1", "weapon_skil" / "l") is a broken word. The words of every cell are measured, those of
# folded blocks, of the "Try it" forms and of cells a phone shows as cards included.
BROKEN_WORDS = (
    "() => {"
    + _NAME
    + """
  for (const d of document.querySelectorAll('.md-content details')) d.open = true;
  const column = document.querySelector('.md-content');
  const broken = [];
  let words = 0, cells = 0;
  const lines = (node, start, end) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    return [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
  };
  const joins = /[-\\u2010]/;
  const letter = /[\\p{L}\\p{N}]/u;
  for (const cell of column.querySelectorAll('th, td')) {
    if (getComputedStyle(cell).display === 'none') continue;
    cells++;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('th, td') !== cell) continue;  // a cell of a table inside it
      const found = /\\S+/g;
      for (let m = found.exec(node.data); m; m = found.exec(node.data)) {
        const rects = lines(node, m.index, m.index + m[0].length);
        if (!rects.length) continue;  // not shown
        words++;
        if (!rects.some(r => r.top >= rects[0].bottom - 1 || r.bottom <= rects[0].top + 1)) continue;
        const word = m[0];
        const cuts = [];
        let before = lines(node, m.index, m.index + 1)[0];
        for (let i = 1; i < word.length; i++) {
          const here = lines(node, m.index + i, m.index + i + 1)[0];
          if (!here) continue;
          if (before && here.top >= before.bottom - 1) {
            const hyphen = joins.test(word[i - 1]) && i > 1 && letter.test(word[i - 2]) && letter.test(word[i]);
            if (!hyphen) cuts.push(i);
          }
          before = here;
        }
        if (cuts.length) {
          let shown = '', at = 0;
          for (const i of cuts) { shown += word.slice(at, i) + '|'; at = i; }
          broken.push(`"${shown + word.slice(at)}" in ${name(cell, column)}`);
        }
      }
    }
  }
  return {cells, words, broken};
}"""
)

CHART_TEXT = (
    "() => {"
    + _NAME
    + """
  const column = document.querySelector('.md-content');
  const problems = [];
  let charts = 0, live = 0, boxes = 0;
  for (const svg of document.querySelectorAll('svg.rr-chart')) {
    charts++;
    if (svg.closest('.rr-try')) live++;
    const view = svg.viewBox.baseVal;
    for (const text of svg.querySelectorAll('text')) {
      boxes++;
      const b = text.getBBox();
      if (b.x < view.x - 0.5 || b.y < view.y - 0.5 || b.x + b.width > view.x + view.width + 0.5 || b.y + b.height > view.y + view.height + 0.5)
        problems.push(`"${text.textContent}" in ${name(svg.closest('figure') || svg, column)} spans ${b.x.toFixed(1)}..${(b.x + b.width).toFixed(1)} x ${b.y.toFixed(1)}..${(b.y + b.height).toFixed(1)}, the chart is ${view.width} x ${view.height}`);
    }
  }
  return {charts, live, boxes, problems};
}"""
)


FORMS_BUILT = "[...document.querySelectorAll('.rr-try')].every(h => h.classList.contains('rr-try-ready') || h.querySelector('.rr-try-error'))"


# (a style each page of a `settled_context` gets as its document is read: added after the
# page had loaded, it cost a style pass of its own on every page walked)
_SETTLE_EARLY = (
    "document.addEventListener('DOMContentLoaded', () => {"
    f" const style = document.createElement('style'); style.textContent = {SETTLE!r}; document.head.appendChild(style); }});"
)


def settled_context(browser: Any, **options: Any) -> Any:
    """A browser context whose pages have transitions and animations off from the start, in
    light mode until `use_scheme` switches them."""
    context = browser.new_context(color_scheme=next(iter(SCHEMES)), **options)
    context.add_init_script(_SETTLE_EARLY)
    return context


def settle(page: Any) -> None:
    """Wait until every "Try it" form is built (they are measured too); the page must be of
    a `settled_context`, whose styles stop transitions."""
    page.wait_for_function(FORMS_BUILT)


SCHEMES = {"light": "default", "dark": "slate"}  # prefers-color-scheme -> Material's colour scheme


def use_scheme(page: Any, scheme: str, *, switch: bool = True) -> None:
    """Switch the page to light or dark and wait until the theme has followed (`switch`
    false: only make sure it is in that scheme already)."""
    if switch:
        page.emulate_media(color_scheme=scheme)
    page.wait_for_function(f"document.body.getAttribute('data-md-color-scheme') === '{SCHEMES[scheme]}'")


WINDOWS: dict[int, dict[str, Any]] = {
    1366: {"viewport": {"width": 1366, "height": 768}},
    390: {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}


def site_pages(site: Path) -> list[str]:
    """Every page of a built site, as its path below the site ("" for the home page)."""
    found = (index.parent.relative_to(site).as_posix() for index in site.rglob("index.html"))
    return sorted("" if path == "." else path + "/" for path in found)


def _each_folder(pages: list[str], every: int, below: str = "") -> list[str]:
    """Of each top folder of `pages` (below the prefix `below`), the first page and each
    `every`th after it, in the site's order."""
    folders: dict[str, list[str]] = {}
    for path in pages:
        folders.setdefault(path.removeprefix(below).split("/", 1)[0], []).append(path)
    return [path for own in folders.values() for path in own[::every]]


def _translated(content: Path) -> set[str]:
    """The pages of the entries some locale translates (`<locale>/<system>/<id>/`)."""
    return {f"{t.parent.name}/{t.parents[2].name}/{t.stem}/" for t in content.glob("*/translations/*/*.yml")}


def _languages(pages: list[str], translated: set[str]) -> list[tuple[str, list[str]]]:
    """`pages` by language: the source's (prefix "") first, then each locale's (`<locale>/`)."""
    locales = sorted({path.split("/", 1)[0] for path in translated})
    source = [path for path in pages if path.split("/", 1)[0] not in locales]
    return [("", source)] + [(locale + "/", [path for path in pages if path.startswith(locale + "/")]) for locale in locales]


def walked_pages(site: Path, content: Path, every: int = 1) -> list[str]:
    """The pages a walk over a site measures: of each folder of the source's site, the first
    page and each `every`th after it; of each locale's (`/<locale>/`), the pages of the
    entries it translates, and of the rest of each of its folders, which show the source's
    words in the locale's frame, the first and each (3 x `every`)th after it. Every folder
    and kind of page is walked in each language."""
    translated = _translated(content)
    (_, source), *locales = _languages(site_pages(site), translated)
    walked = _each_folder(source, every)
    for prefix, own in locales:
        walked += [path for path in own if path in translated] + _each_folder([path for path in own if path not in translated], 3 * every, prefix)
    return walked


_CLASSES = re.compile(r'class="([^"]*)"')
_SHOWN = ("<table", "<svg", "<details", "<pre", "<img")  # what else an article may show


def _shape(html: str) -> frozenset[str]:
    """What a page's article is made of: the classes of the site's own parts it shows
    (`rr-...`) and the kinds of box (tables, charts, folded blocks, code, images)."""
    article = html[html.find("<article") : html.rfind("</article>")]
    own = {name for found in _CLASSES.finditer(article) for name in found.group(1).split() if name.startswith("rr-")}
    return frozenset(own | {box for box in _SHOWN if box in article})


def shapes_sample(site: Path, content: Path, pages: list[str]) -> list[str]:
    """A sample of `pages` that still shows every kind of page and part: the first page of
    each folder, each locale's folders too, and of each shape of page (`_shape`) the largest,
    whose longest texts and tables are the likeliest to overflow. In the site's order."""
    largest: dict[frozenset[str], tuple[int, str]] = {}
    for path in pages:
        html = (site / path / "index.html").read_text(encoding="utf-8")
        shape = _shape(html)
        if len(html) > largest.get(shape, (-1, ""))[0]:
            largest[shape] = (len(html), path)
    firsts = [path for prefix, own in _languages(pages, _translated(content)) for path in _each_folder(own, len(own), prefix)]
    chosen = set(firsts) | {path for _, path in largest.values()}
    return [path for path in pages if path in chosen]


@dataclass(frozen=True)
class Measured:
    """What a walk over every page of a site found at one window width, light and dark."""

    pages: int
    elements: int  # elements measured for clipping
    scrollers: int  # scroll boxes that scroll sideways (and may)
    clipped: list[str]
    words: int  # words of table cells measured
    broken: list[str]  # words of table cells broken across lines


def measure_everywhere(browser: Any, site: Path, url: str, width: int, paths: list[str] | None = None) -> Measured:
    """Every page (or those of `paths`) at one window width, light and dark: what is clipped,
    and which words of table cells are broken. A problem starts with the page, the width and
    the scheme."""
    context = settled_context(browser, **WINDOWS[width])
    page = context.new_page()
    pages = site_pages(site) if paths is None else paths
    elements = scrollers = words = 0
    clipped: list[str] = []
    broken: list[str] = []
    schemes = list(SCHEMES)
    for path in pages:
        page.goto(url + path, wait_until="load")
        settle(page)
        for n, scheme in enumerate(schemes):
            use_scheme(page, scheme, switch=n > 0)  # (a page opens in the scheme the one before ended in)
            where = f"{path or 'home'} at {width}px, {scheme}: "
            found = page.evaluate(CLIPPED)
            elements, scrollers = elements + found["measured"], scrollers + found["scrollers"]
            clipped += [where + problem for problem in found["problems"]]
            cut = page.evaluate(BROKEN_WORDS)
            words += cut["words"]
            broken += [where + problem for problem in cut["broken"]]
        schemes.reverse()
    context.close()
    return Measured(len(pages), elements, scrollers, clipped, words, broken)


def measured_widths(browser: Any, site: Path, base: str, pages: list[str] | None = None) -> Callable[[int], Measured]:
    """`measure_everywhere` of a site at a window width, each width measured once: every
    page, or those of `pages` (`walked_pages`)."""
    found: dict[int, Measured] = {}

    def at(width: int) -> Measured:
        if width not in found:
            found[width] = measure_everywhere(browser, site, base, width, pages)
        return found[width]

    return at
