"""Measuring a page in the browser: nothing in the content column may be clipped, scroll
sideways or reach out of the column, and no chart's text may leave its SVG.

Every `<details>` is opened first (what it folds away must fit too) and transitions are
switched off, so the boxes measured are the ones a reader finally sees. A problem names the
element (tag, id, classes), the heading it sits under and the start of its text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
    + """
  for (const d of document.querySelectorAll('.md-content details')) d.open = true;
  const column = document.querySelector('.md-content');
  const bound = column.getBoundingClientRect();
  const right = Math.min(bound.right, document.documentElement.clientWidth);
  const problems = [];
  const reported = [];
  let measured = 0;
  for (const el of column.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;  // charts: see CHART_TEXT
    const style = getComputedStyle(el);
    if (style.display === 'none') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    measured++;
    if (reported.some(r => r.contains(el))) continue;
    if (box.right > right + 1 || box.left < bound.left - 1) {
      problems.push(`${name(el, column)} reaches ${Math.round(box.left)}..${Math.round(box.right)}px, the column is ${Math.round(bound.left)}..${Math.round(right)}px`);
      reported.push(el);
    } else if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') {
      problems.push(`${name(el, column)} hides ${el.scrollWidth - el.clientWidth}px of its content (overflow-x: ${style.overflowX})`);
      reported.push(el);
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) problems.push(`the page is ${page.scrollWidth}px wide in a ${page.clientWidth}px window`);
  return {measured, problems};
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


def settle(page: Any) -> None:
    """Wait until every "Try it" form is built (they are measured too), then stop transitions."""
    page.wait_for_function(FORMS_BUILT)
    page.add_style_tag(content=SETTLE)


SCHEMES = {"light": "default", "dark": "slate"}  # prefers-color-scheme -> Material's colour scheme


def use_scheme(page: Any, scheme: str) -> None:
    """Switch the page to light or dark and wait until the theme has followed."""
    page.emulate_media(color_scheme=scheme)
    page.wait_for_function(f"document.body.getAttribute('data-md-color-scheme') === '{SCHEMES[scheme]}'")


WINDOWS = {
    1366: {"viewport": {"width": 1366, "height": 768}},
    390: {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}


def site_pages(site: Path) -> list[str]:
    """Every page of a built site, as its path below the site ("" for the home page)."""
    found = (index.parent.relative_to(site).as_posix() for index in site.rglob("index.html"))
    return sorted("" if path == "." else path + "/" for path in found)


def clipped_everywhere(browser: Any, site: Path, url: str, width: int) -> tuple[int, int, list[str]]:
    """Every page at one window width, light and dark: (pages, elements measured, problems)."""
    context = browser.new_context(**WINDOWS[width])
    page = context.new_page()
    pages, measured, problems = site_pages(site), 0, []
    for path in pages:
        page.goto(url + path, wait_until="load")
        settle(page)
        for scheme in SCHEMES:
            use_scheme(page, scheme)
            found = page.evaluate(CLIPPED)
            measured += found["measured"]
            problems += [f"{path or 'home'} at {width}px, {scheme}: {problem}" for problem in found["problems"]]
    context.close()
    return len(pages), measured, problems
