"""Parts of a page written as finished HTML, which MkDocs passes through without converting.

MkDocs turns every page's Markdown into HTML, and on a big site that is most of a build: a
unit's page of a large import is its rules as cards, its profiles and its options, and
Python-Markdown takes far longer over those (its inline patterns, the elements marked
`markdown` that `md_in_html` parses into its tree, and the tree written out again) than
over the headings and the few paragraphs around them. So those parts are written here as
HTML blocks without a `markdown` attribute, which Python-Markdown keeps as they are; only
what the table of contents and search need from Markdown (the headings) stays Markdown.

Two things MkDocs does to Markdown it does not do to HTML, so they are done here:

- a link to another docs file (`../fear/index.md`) becomes the address of the page MkDocs
  writes (`../fear/` with directory URLs, `../fear/index.html` without: `url`);
- the rule text inside a card is Markdown (its author's), converted here once per text by
  a Python-Markdown of the site's own extensions that concern it (tables, fenced code), and
  remembered: the same rule's card is on hundreds of units' pages, and every entry page is
  at the same depth, so its links read the same on each.

Every value is escaped here (`attribute`); the templates only place what these return.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import markdown  # type: ignore[import-untyped]

from rulesref.pages.markdown import attribute, link_title

# the Markdown extensions of the site that rule text can use (no `md_in_html`: rule text
# holds no HTML, and `toc`: a card's text has no heading of the page's)
TEXT_EXTENSIONS = ("tables", "fenced_code")
# a line that may be an ATX heading (in fenced code too: such a text just stays Markdown)
_HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)", re.MULTILINE)


def url(href: str, directory_urls: bool = True) -> str:
    """The address MkDocs writes for a relative link to a docs file: `../fear/index.md#x` is
    `../fear/#x` with directory URLs (`../index.md` is `../`), `../fear/index.html#x`
    without; a link to any other file (`../../api/x.json`) stays as it is."""
    path, hash_, anchor = href.partition("#")
    if not path.endswith(".md"):
        return href
    if directory_urls:
        if path == "index.md":
            path = "./"
        elif path.endswith("/index.md"):
            path = path[: -len("index.md")]
        else:
            path = path[: -len(".md")] + "/"
    else:
        path = path[: -len(".md")] + ".html"
    return path + hash_ + anchor


def anchor(label: str, href: str, title: str = "") -> str:
    """A link as HTML: `label` is HTML already (escaped), `href` a final address (`url`).
    A `title` is the preview of the target that the site's script shows on hover."""
    shown = f' title="{attribute(" ".join(title.split()))}"' if title else ""
    return f'<a href="{attribute(href)}"{shown}>{label}</a>'


def markdown_anchor(label: str, href: str, title: str = "") -> str:
    """A link as inline HTML inside Markdown (rule text, converted by `text_html`): `label`
    is Markdown already (`plain`); the title carries every character Markdown could read
    as its own as an entity (`link_title`), so the tag is whole before any of it is read."""
    shown = f' title="{link_title(title)}"' if title else ""
    return f'<a href="{attribute(href)}"{shown}>{label}</a>'


class _Converter:
    """One Python-Markdown for the whole run (made when first asked: building one costs as
    much as converting a short text)."""

    md: Any = None  # a markdown.Markdown

    @classmethod
    def convert(cls, source: str) -> str:
        if cls.md is None:
            cls.md = markdown.Markdown(extensions=list(TEXT_EXTENSIONS))
        return str(cls.md.reset().convert(source))


def has_heading(text: str) -> bool:
    """Whether rule text may hold a heading, which the table of contents lists only when it
    is Markdown of the page (so such a text is left to MkDocs)."""
    return _HEADING.search(text) is not None


@lru_cache(maxsize=4096)
def text_html(source: str) -> str:
    """Markdown made safe by `rulesref.pages.markdown` (rule text, a dice table) as HTML,
    its links already HTML (`markdown_anchor`). Remembered by its source."""
    return _Converter.convert(source)
