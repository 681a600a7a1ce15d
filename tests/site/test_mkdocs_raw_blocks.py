"""Raw HTML blocks set aside before Python-Markdown's HTML parser (`mkdocs_raw_blocks`, as
`rulesref build`'s MkDocs child does it) give the very HTML the parser alone gives: on every
page of the fixture site, on pages written to trip it, and through the MkDocs child itself."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import markdown  # type: ignore[import-untyped]
import pytest

from rulesref.site import mkdocs_raw_blocks
from rulesref.site.mkdocs_child import EarlyMkDocs, runner_command

from .conftest import Built, site_files

EXTENSIONS = ["toc", "tables", "md_in_html", "fenced_code"]  # the site's, as mkdocs.yml has them
CONFIGS = {"toc": {"permalink": True}}


def _converted(text: str, aside: bool, extensions: list[str] = EXTENSIONS) -> tuple[str, int]:
    """The HTML of `text`, and how many stash entries were set aside before the parser ran."""
    md = markdown.Markdown(extensions=extensions, extension_configs=CONFIGS)
    before: list[int] = []
    if aside:
        block = md.preprocessors["html_block"]
        parse = block.run

        def run(lines: list[str]) -> list[str]:
            start = md.htmlStash.html_counter
            lines = mkdocs_raw_blocks.aside_lines(md, lines)
            before.append(md.htmlStash.html_counter - start)
            parsed: list[str] = parse(lines)
            return parsed

        block.run = run
    html: str = md.convert(text)
    return html, sum(before)


def _body(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    if text.startswith("---\n"):
        text = text.split("\n---\n", 1)[1]
    return text


def test_every_page_of_the_site_converts_the_same(built: Built) -> None:
    pages = sorted(built.docs.rglob("*.md"))
    assert len(pages) > 20
    aside = 0
    for page in pages:
        text = _body(page)
        parsed, _ = _converted(text, aside=False)
        fast, stashed = _converted(text, aside=True)
        assert fast == parsed, page
        aside += stashed > 0
        if "\n<div" in text and not any(word in text for word in (" markdown", "<!--", "<hr")) and not re.search(r"<script[^>]*>(?!</script>)", text):
            assert stashed, page  # a page of plain blocks (a unit's, a rule's without checks) is set aside
    assert aside >= 10


FINISHED = (
    "# Title<span class=\"x\"> · sub</span>\n\n"
    '<div class="rr-badges" data-search-exclude="">\n<p><a href="../">up</a> <span>HQ</span></p>\n</div>\n\n'
    '<h2 id="profiles" data-search-exclude="" markdown>Profiles <em>here</em></h2>\n\n'
    '<table class="t"><thead><tr><th scope="col">A</th></tr></thead>\n<tbody><tr><td>1<br>2</td></tr></tbody></table>\n\n\n'
    "<p>One.</p>\n<p>Two &amp; <a href=\"x\" title=\"a > b\">three</a>.</p>\n\n"
    "Some *Markdown* text with <span>inline</span> HTML and a < b.\n"
)

TRICKY = [
    FINISHED,
    "<div>\n<p>a</p>\n</div>\nText right after, no blank line.\n",
    "<div>a</div> tail on the line\n\n<div>b</div>\n",
    "<div><div>a</div>\n</div>\n\n<DIV CLASS='u'>upper</DIV>\n\n<p>x</p>\n",
    "<div>\n<!-- a comment -->\n</div>\n\n<p>after</p>\n",
    "<div>\n<script>var a = '<p>';</script>\n</div>\n\n<p>after</p>\n",
    FINISHED + '\n<script src="../../assets/a.js"></script>\n',
    FINISHED + '\n<script src="a.js"></script>',
    '<p>x</p>\n\n<SCRIPT src="a.js"></SCRIPT >\n\n<script src="b.js"></script><script src="c.js"></script>\n\n<p>after</p>\n',
    '<p>x</p>\n\n<script src="a.js"></script>\ntext right after\n\n<div><script src="b.js"></script></div>\n\n<p>after</p>\n',
    '<p>x</p>\n\n<script src="a.js"> </script>\n\n<script>\n</script>\n\n<p>after</p>\n',
    'Text <script src="a.js"></script> inline\n\n<p>after</p>\n',
    "<div>\n<p markdown>*md*</p>\n</div>\n\n<section markdown>\n*block*\n</section>\n\n<p>after</p>\n",
    "<h2 markdown=\"0\">off</h2>\n\n<p>after</p>\n",
    "<p>before</p>\n\n<hr>\n\n<div/>\n\n<p>after</p>\n",
    "  <div>indented by two</div>\n\n    <div>code</div>\n\n<p>after</p>\n",
    "Paragraph\n<div>a block right after a line</div>\n\n<p>after</p>\n",
    "<div><span>unclosed inline\n</div>\n\n<p>after</p>\n",
    "<div>\n<p>never closed\n\n<p>next</p>\n",
    "<div>a</span></div>\n\n<p>b</p>\n",
    "<div title=\"<p>\">x</div>\n\n<p data-x='</div>'>y</p>\n",
    "<div>\n```\n<p>fenced</p>\n```\n</div>\n\n```\n<div>in code</div>\n```\n",
    "<p>a</p>\n   \n<p>b</p>\n  \n\n<p>c</p>",
    "<p>1 < 2 and 3<4</p>\n\n<p>x <1 y</p>\n",
    "<p>odd <x:y>tag</x:y></p>\n\n<p>fine</p>\n",
    "<?php echo 1 ?>\n\n<!DOCTYPE html>\n\n<p>after</p>\n",
    "<h3 markdown>Heading with <div>a block</div></h3>\n\n<p>x</p>\n",
    "<h3 markdown>Heading</h3>\nno blank line\n\n<p>x</p>\n",
    "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n\n* a list\n* of Markdown\n\n<p>after</p>\n",
    "> quote\n\n<div>block</div>\n\n1. item\n\n    <div>in item</div>\n",
]


@pytest.mark.parametrize("text", TRICKY)
@pytest.mark.parametrize("extensions", [EXTENSIONS, []], ids=["site", "bare"])
def test_html_written_to_trip_it_converts_the_same(text: str, extensions: list[str]) -> None:
    assert _converted(text, True, extensions)[0] == _converted(text, False, extensions)[0]


def test_a_finished_page_is_set_aside_and_anything_else_is_left_to_the_parser() -> None:
    assert _converted(FINISHED, aside=True)[1] == 2  # two runs of blocks (the heading between them is the parser's), each stashed as one
    assert _converted(FINISHED + '\n<script src="a.js"></script>\n', aside=True)[1] == 3  # (an empty script, as a page with a Versus form ends)
    for text in ("<div>\n<!-- c -->\n</div>\n", "<div>a</div> tail\n\n", "Plain text.\n", '<p>x</p>\n\n<h2 markdown="0">y</h2>\n', "<p>x</p>\n\n<script>a()</script>\n"):
        assert _converted(text, aside=True)[1] == 0, text


@pytest.mark.slow
def test_the_mkdocs_child_builds_the_site_mkdocs_builds(built: Built, tmp_path: Path) -> None:
    """The child (raw blocks set aside, ids found by expressions, pages read in two
    processes) makes the site `mkdocs build` makes of the same docs, file for file."""
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", NO_MKDOCS_2_WARNING="1")
    args = ["build", "-q", "-f", str(built.config)]
    done = subprocess.run([sys.executable, "-m", "mkdocs", *args, "-d", str(tmp_path / "bare")], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    with EarlyMkDocs.start(runner_command(), env) as child:
        assert child.run([*args, "-d", str(tmp_path / "child")], processes=2) == 0
    assert site_files(tmp_path / "child") == site_files(tmp_path / "bare")
