"""Content text -> Markdown that renders as the author meant and can do nothing else.

Two kinds of text reach a page:

- plain text (names, summaries, notes of examples, table titles): `plain` makes Markdown
  that shows every character as written; `{{ }}`, `*`, `<`, `&` included.
- rule text (Markdown): `user_markdown` keeps its formatting, turns `[[links]]` into
  links, and defuses what could become HTML or a link to a non-http(s) address, whether
  or not the validator caught it (defence in depth).

The site enables no Markdown extension that lets text set attributes (no `attr_list`), so
braces need no escaping: `{{ x }}` and `{% x %}` are ordinary characters to Markdown, and
nothing downstream (MkDocs, Zensical, the theme) treats page text as a template.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from functools import cache

from rulesref.check.markup import DEFINITION_OPEN, LINK_OPEN, SAFE_DEFINITION_URL, SAFE_INLINE_URL, TAG_START
from rulesref.links import LinkMatch, find_links

# Characters Python-Markdown (with the tables extension) lets a backslash escape.
_BACKSLASHED = re.compile(r"([\\`*_{}\[\]()#+\-.!|>])")
# The same regex as the `fenced_code` extension: a fence at the start of a line, an
# optional info string, the code, the same fence again. MkDocs runs it over the whole page.
FENCED_BLOCK = re.compile(
    r"(?P<fence>^(?:~{3,}|`{3,}))[ ]*(?P<info>[^\n]*)\n(?P<code>.*?)(?<=\n)(?P=fence)[ ]*$",
    re.MULTILINE | re.DOTALL,
)
_FENCE_START = re.compile(r"^(`{3,}|~{3,})", re.MULTILINE)
_LANG = re.compile(r"\.?([\w#.+-]*)[ ]*")
_ATX_HEADING = re.compile(r"^( {0,3})(#{1,6})(?=[ \t]|$)", re.MULTILINE)
_SETEXT_UNDERLINE = re.compile(r"(?<=[^\n]\n)( {0,3})([=-])(?=[=-]*[ \t]*$)", re.MULTILINE)
_QUOTED = re.compile(r"[\"'<>]")  # in a link address these could end it early or start a title
_CODE_SPAN = re.compile(r"(?<![\\`])(`+)(?!`)(.+?)(?<!`)\1(?!`)")

_TITLE_ENTITIES = {ord(c): f"&#{ord(c)};" for c in "&<>\"'`\\[]()*_{}|"}

LinkWriter = Callable[[LinkMatch], str]


def attribute(text: str) -> str:
    """A value for an HTML attribute (or HTML text) that we write ourselves."""
    return html.escape(text, quote=True)


def front_matter(title: str, description: str, **values: object) -> str:
    """YAML front matter (strings as JSON strings, which YAML reads as they are).

    The theme puts `title` and `description` into the page unescaped (into `<title>` and a
    `<meta>` attribute), so they are HTML-escaped here; the theme shows them as written."""
    lines = [f"title: {json.dumps(attribute(title), ensure_ascii=False)}"]
    lines.append(f"description: {json.dumps(attribute(description), ensure_ascii=False)}")
    for key, value in values.items():
        if isinstance(value, dict):
            lines.append(f"{key}:")
            lines += [f"  {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items()]
        else:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines)


@cache
def plain(text: str) -> str:
    """Inline Markdown that displays `text` exactly: nothing in it is markup. (Remembered:
    the same names and summaries appear on many pages.)"""
    text = " ".join(text.split())
    text = text.replace("&", "&amp;").replace("<", "&lt;")
    return _BACKSLASHED.sub(r"\\\1", text)


def code(text: str) -> str:
    """An inline code span showing `text` literally (a longer fence when it holds backticks)."""
    text = " ".join(text.split())
    runs = [len(r) for r in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


@cache
def link_title(text: str) -> str:
    """The title of a Markdown link (`[x](url "title")`): every character that Markdown
    could parse before it reads the title is written as an HTML entity, which the page
    keeps as such."""
    return " ".join(text.split()).translate(_TITLE_ENTITIES)


def markdown_link(label: str, href: str) -> str:
    """A Markdown link; `label` is already Markdown, `href` a path we made."""
    return f"[{label}]({href})"


class References:
    """Links that preview their target, written reference-style: `[label][rr-3]` in the text
    and `[rr-3]: ../fear/index.md "summary"` once at the end of the page. The text around a
    link is the author's, so the link itself holds no quote or bracket that an unbalanced
    construct of theirs could pair with; definitions are read line by line, before any
    inline Markdown, and the last one of an id wins, so ours (written last) always do."""

    def __init__(self) -> None:
        self._ids: dict[tuple[str, str], str] = {}

    def link(self, label: str, href: str, title: str) -> str:
        ident = self._ids.setdefault((href, title), f"rr-{len(self._ids) + 1}")
        return f"[{label}][{ident}]"

    def definitions(self) -> str:
        return "\n".join(f'[{ident}]: {href} "{link_title(title)}"' for (href, title), ident in self._ids.items())


def _defuse_links(text: str) -> str:
    """Every link address that does not start with http(s):// becomes text.

    Each `](` (an inline link or image) and each `]:` (a reference definition, which
    Markdown also reads inside lists and quotes) is looked at on its own, overlaps
    included, so an address hidden inside another link's address is seen too. A refused
    one loses its bracket to an entity, so Markdown never reads a link there. In an accepted
    address, quotes and angle brackets are percent-encoded: the address stays whole instead
    of ending early and turning the rest of the line into a title."""
    edits: dict[int, str] = {}
    for match in LINK_OPEN.finditer(text):
        url = SAFE_INLINE_URL.match(text, match.end())
        if url is None:
            edits[match.start() + 1] = "&#40;"
            continue
        for quote in _QUOTED.finditer(text, url.start(1), url.end(1)):
            edits[quote.start()] = f"%{ord(quote.group(0)):02X}"
    for match in DEFINITION_OPEN.finditer(text):
        if SAFE_DEFINITION_URL.match(text, match.end()) is None:
            edits[match.start()] = "&#93;"
    if not edits:
        return text
    return "".join(edits.get(index, char) for index, char in enumerate(text))


def _text_chunk(text: str, link: LinkWriter, *, cell: bool = False) -> str:
    """Markdown outside fenced code: links resolved, HTML and stray fences defused,
    headings moved below the page's own; in a table cell, `|` outside code is escaped.
    (`<` before a letter becomes `&lt;` even in code, where it then shows as written; the
    validator refuses such text anyway.)"""
    text = TAG_START.sub("&lt;", text)
    text = _defuse_links(text)
    text = _FENCE_START.sub(lambda m: f"&#{ord(m.group(1)[0])};" + m.group(1)[1:], text)
    if not cell:  # a table cell has no headings
        text = _ATX_HEADING.sub(lambda m: m.group(1) + "#" * min(6, len(m.group(2)) + 2), text)
        text = _SETEXT_UNDERLINE.sub(lambda m: m.group(1) + f"&#{ord(m.group(2))};", text)
    code = [m.span() for m in _CODE_SPAN.finditer(text)]

    def between(start: int, end: int) -> str:
        if not cell:
            return text[start:end]
        parts, at = [], start
        for a, b in code:
            if b <= start or a >= end:
                continue
            parts.append(text[at:max(a, start)].replace("|", "\\|"))
            parts.append(text[max(a, start):min(b, end)])
            at = min(b, end)
        parts.append(text[at:end].replace("|", "\\|"))
        return "".join(parts)

    out: list[str] = []
    done = 0
    for found in find_links(text):
        if isinstance(found, int) or any(a <= found.start < b for a, b in code):
            continue
        out.append(between(done, found.start))
        out.append(link(found))
        done = found.end
    out.append(between(done, len(text)))
    return "".join(out)


def user_markdown(text: str, link: LinkWriter) -> str:
    """Rule text as safe Markdown. Fenced code stays verbatim (Markdown shows it as text);
    a fence's info string is reduced to a language name."""
    out: list[str] = []
    done = 0
    for block in FENCED_BLOCK.finditer(text):
        out.append(_text_chunk(text[done : block.start()], link))
        lang = _LANG.fullmatch(block.group("info"))
        fence = block.group("fence")
        out.append(f"{fence}{lang.group(1) if lang else ''}\n{block.group('code')}{fence}")
        done = block.end()
    out.append(_text_chunk(text[done:], link))
    return "".join(out).rstrip() + "\n"


def user_inline(text: str, link: LinkWriter) -> str:
    """Rule text for one table cell: one line, paragraphs kept apart by line breaks."""
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n[ \t]*\n", text.strip())]
    return " <br> ".join(_text_chunk(p, link, cell=True) for p in paragraphs if p)
