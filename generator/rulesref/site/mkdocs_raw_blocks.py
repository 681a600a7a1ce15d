"""Raw HTML blocks set aside before Python-Markdown's HTML parser runs over a page.

Python-Markdown finds where each raw HTML block of a page starts and ends by running an
HTML parser (`markdown.htmlparser.HTMLExtractor`, or `md_in_html`'s `HTMLExtractorExtra`)
over every tag of the page, and puts each block in its stash. The entries' pages are
mostly finished HTML (`rulesref.pages.finished`): on a big import that parse was the largest
part of MkDocs' reading of a page. `rulesref build`'s MkDocs child, and `serve`'s MkDocs
(`rulesref.site.live`), have the parser's preprocessor hand the page to `set_aside` first
(`install`: every Markdown instance of the process, rulesref's own included), which finds the same blocks by
regular expressions and stashes them as the parser would: the parser then reads only what
is left (headings, Markdown text, the stash's placeholders), and the page's HTML comes out
the same, character for character.

It follows the parser's reading of a block closely and only where that reading is plain:
a block-level start tag at the start of a line opens a raw block; every start tag inside
it is pushed on a stack (but `hr` and a tag closed by `/>`), an end tag pops the stack down
to its name when that name is on it, and the block ends where the stack is empty; a block
followed by a blank line is stashed with that line's newline, and is replaced in the text
by what the parser would have added for it (a newline, the placeholder, two newlines).
A page with anything else outside what it follows (a comment, a declaration, a
processing instruction, `style` or a `script` that is not empty, a `<` it cannot read as a tag, a block that
does not end in a blank line, a `markdown` attribute other than on a one-line heading or
paragraph) is handed to the parser untouched. A test converts the fixture site's pages,
and pages written to trip it, both ways and finds the same HTML.

Like the runner, it imports nothing of rulesref: the MkDocs child loads it by its path.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Store = Callable[[str], str]  # the stash's `store`: raw HTML in, its placeholder out

# what the parser reads at a `<`: a start tag (quoted or plain attribute values), an end tag,
# data (a `<` before a space, a digit or the end), or anything else (which this does not follow)
_TAG = re.compile(
    r"<(?:"
    r"(?P<start>[a-zA-Z][a-zA-Z0-9-]*)"
    r"(?P<attrs>(?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?)*)"
    r"\s*(?P<close>/?)>"
    r"|/(?P<end>[a-zA-Z][a-zA-Z0-9-]*)\s*>"
    r"|(?P<data>[^a-zA-Z/!?]|\Z)"
    r"|(?P<other>)"
    r")"
)
# a `markdown` attribute; only a bare one or `markdown="1"` makes a span of Markdown text here
_MARKDOWN = re.compile(r"""(?:^|\s)markdown(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]*))?(?=\s|$)""", re.IGNORECASE)
_MARKDOWN_ON = (None, '"1"', "'1'", "1")
# the elements the parser reads in a mode of their own (their content is text to it)
_OWN_MODE = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"})
# ... of which an empty script (`<script src="..."></script>`, as a page with a Versus form
# ends) reads as any element: its start tag, then its end tag
_EMPTY_SCRIPT = re.compile(r"</script\s*>", re.IGNORECASE)
# the elements `md_in_html` reads as one span of Markdown text (a heading's, a paragraph's)
_SPAN = frozenset({"address", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "legend", "li", "p", "summary", "td", "th"})
# what follows a block's end tag for the parser to end the block there: the line's end
# (stashed with a newline when a blank line follows)
_LINE_END = re.compile(r"[ ]*\n")
_BLANK_LINE = re.compile(r"[ ]*\n[ ]*\n")


class _NotFollowed(Exception):
    """The page holds something this does not follow."""


def set_aside(text: str, store: Store, is_block_level: Callable[[str], bool]) -> str | None:
    """`text` with each raw HTML block the parser would stash stashed (`store`) and replaced
    by what the parser would leave for it, or None when nothing was set aside or the page
    holds anything this does not follow (the parser then reads the page whole, as ever)."""
    if "<" not in text:
        return None
    try:
        blocks = _blocks(text, is_block_level)
    except _NotFollowed:
        return None
    if not blocks:
        return None
    kept: list[str] = []
    done = 0
    for run in _runs(text, blocks):
        begins, ends = run[0][0], run[-1][1]
        kept.append(text[done:begins])
        kept.append("\n" + store("\n".join(_stashed(text, b, e) for b, e in run)) + "\n\n")
        done = ends
    kept.append(text[done:])
    return "".join(kept)


def _stashed(text: str, begins: int, ends: int) -> str:
    """A block as the parser stashes it: with a newline when a blank line follows it."""
    return text[begins:ends] + "\n" if _BLANK_LINE.match(text, ends) else text[begins:ends]


def _runs(text: str, blocks: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The blocks in runs with only line ends and blank lines between them: a run is stashed
    as one, as the page shows its blocks (each as stashed, a newline between)."""
    runs: list[list[tuple[int, int]]] = []
    for block in blocks:
        if runs and not text[runs[-1][-1][1] : block[0]].strip(" \n"):
            runs[-1].append(block)
        else:
            runs.append([block])
    return runs


def _blocks(text: str, is_block_level: Callable[[str], bool]) -> list[tuple[int, int]]:
    """Where each raw block the parser would stash whole begins and ends."""
    blocks: list[tuple[int, int]] = []
    at = 0
    while (tag := _TAG.search(text, at)) is not None:
        at = tag.end()
        name = _start_name(tag)
        if name is None:
            continue  # an end tag outside any block (the parser keeps it as text), or data
        line = text.rfind("\n", 0, tag.start()) + 1
        markdown = _markdown(tag)
        if not is_block_level(name) or tag.start() - line > 3:
            if markdown:
                raise _NotFollowed
            continue  # an inline tag, or one within a line: text to the parser
        if tag.start() != line:
            raise _NotFollowed  # indented by up to 3 spaces
        if markdown:
            at = _span_end(text, tag, name, is_block_level)  # the parser's own
            continue
        if tag.group("close"):
            raise _NotFollowed  # `<div/>`: stashed another way
        at = _block_end(text, name, at)
        blocks.append((tag.start(), at))
    return blocks


def _start_name(tag: re.Match[str]) -> str | None:
    """A start tag's name, lowercased as the parser has it; None for an end tag or data."""
    name = tag.group("start")
    if name is None:
        if tag.group("other") is not None:
            raise _NotFollowed  # a comment, a declaration, a processing instruction, `</` alone
        return None
    name = name.lower()
    if (name in _OWN_MODE and not (name == "script" and _EMPTY_SCRIPT.match(tag.string, tag.end()))) or name == "hr":
        raise _NotFollowed
    return name


def _markdown(tag: re.Match[str]) -> bool:
    """Whether a start tag asks for Markdown inside (a value this does not follow stops it)."""
    found = _MARKDOWN.search(tag.group("attrs"))
    if found is None:
        return False
    if found.group(1) not in _MARKDOWN_ON:
        raise _NotFollowed
    return True


def _block_end(text: str, opened: str, at: int) -> int:
    """Where the raw block opened by `opened` ends, followed by a blank line."""
    stack = [opened]
    while (tag := _TAG.search(text, at)) is not None:
        at = tag.end()
        name = _start_name(tag)
        if name is not None:
            if not tag.group("close"):
                stack.append(name)
            continue
        end = tag.group("end")
        if end is None:
            continue
        end = end.lower()
        if end in stack:
            while stack.pop() != end:
                pass
            if not stack:
                if not _LINE_END.match(text, at):
                    raise _NotFollowed  # more on the block's last line: the parser's own
                return at
    raise _NotFollowed


def _span_end(text: str, opened: re.Match[str], name: str, is_block_level: Callable[[str], bool]) -> int:
    """Where a `<h2 markdown>...</h2>` on one line, with inline tags only, ends."""
    if name not in _SPAN:
        raise _NotFollowed
    at = opened.end()
    line_end = text.find("\n", at)
    line_end = len(text) if line_end == -1 else line_end
    while (tag := _TAG.search(text, at, line_end)) is not None:
        at = tag.end()
        inner = _start_name(tag)
        if inner is not None:
            if is_block_level(inner) or _markdown(tag):
                raise _NotFollowed
            continue
        end = tag.group("end")
        if end is not None and end.lower() == name:
            if not _BLANK_LINE.match(text, at):
                raise _NotFollowed
            return at
        if end is not None and is_block_level(end.lower()):
            raise _NotFollowed
    raise _NotFollowed


def install() -> None:
    """Make the HTML block preprocessors of Python-Markdown in this process (its own, and
    `md_in_html`'s) set raw blocks aside (`aside_lines`) before their parser runs."""
    from markdown import preprocessors  # type: ignore[import-untyped]
    from markdown.extensions import md_in_html  # type: ignore[import-untyped]

    for kind in (preprocessors.HtmlBlockPreprocessor, md_in_html.HtmlBlockPreprocessor):
        if not getattr(kind.run, "sets_aside", False):  # (once)
            kind.run = _first_aside(kind.run)


def aside_lines(md: Any, lines: list[str]) -> list[str]:
    """A page's lines, as a preprocessor gets them, with raw blocks set aside into the stash of
    the Markdown instance `md` (`set_aside`); the same lines when none is."""
    aside = set_aside("\n".join(lines), md.htmlStash.store, md.is_block_level)
    return lines if aside is None else aside.split("\n")


def _first_aside(run: Callable[[Any, list[str]], list[str]]) -> Callable[[Any, list[str]], list[str]]:
    def setting_aside(self: Any, lines: list[str]) -> list[str]:
        return run(self, aside_lines(self.md, lines))

    setting_aside.sets_aside = True  # type: ignore[attr-defined]
    return setting_aside
