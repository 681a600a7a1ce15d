"""The parts of pages written as finished HTML (`rulesref.pages.finished`): their links are the
addresses MkDocs writes for the same `.md` links, and their converted rule text is what
MkDocs' own Markdown makes of it."""

from __future__ import annotations

import markdown  # type: ignore[import-untyped]
import pytest
from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

from rulesref import paths
from rulesref.pages import finished

PAGES = ["w40k7/fear/index.md", "w40k7/index.md", "index.md", "tags/morale/index.md", "tags/morale/2/index.md", "w40k7/armies/orks/weapons/2/index.md"]


def _mkdocs_url(source: str, target: str, directory_urls: bool) -> str:
    """The link MkDocs writes, in a page made from `source`, for a Markdown link to `target`."""
    here, there = (File(p, "docs", "site", use_directory_urls=directory_urls) for p in (source, target))
    return get_relative_url(there.url, here.url)


@pytest.mark.parametrize("directory_urls", [True, False])
@pytest.mark.parametrize("source", PAGES)
@pytest.mark.parametrize("target", PAGES)
def test_a_link_is_the_address_mkdocs_writes_for_it(source: str, target: str, directory_urls: bool) -> None:
    expected = _mkdocs_url(source, target, directory_urls)
    got = finished.url(paths.relative(source, target), directory_urls)
    assert got == expected
    assert finished.url(paths.relative(source, target, "roll"), directory_urls) == got + "#roll"


def test_a_link_to_another_file_stays_as_it_is() -> None:
    assert finished.url("../../api/w40k7/fear.json") == "../../api/w40k7/fear.json"
    assert finished.url("../../api/w40k7/fear.json", directory_urls=False) == "../../api/w40k7/fear.json"


def test_a_link_s_title_and_address_are_escaped() -> None:
    link = finished.anchor("Fear &amp; Loathing", "../fear/", 'Roll "2D6" <under>\n its Ld & more')
    assert link == '<a href="../fear/" title="Roll &quot;2D6&quot; &lt;under&gt; its Ld &amp; more">Fear &amp; Loathing</a>'
    assert finished.anchor("Fear", "../fear/") == '<a href="../fear/">Fear</a>'
    # inside Markdown, nothing in the title is Markdown's: a backtick or a star is an entity
    inline = finished.markdown_anchor("Fear", "../fear/", "a `code` and *stars*")
    assert "`" not in inline and "*" not in inline
    assert finished.text_html(f"See {inline}.") == f"<p>See {inline}.</p>"


TEXTS = [
    "Roll a D6. On a **4+** the unit *passes*; else\\* it falls back.",
    "| D6 | Result |\n|:---:|---|\n| 1 | Nothing \\| at all |\n| 2-6 | `code` |",
    "Text.\n\n```\nraw <b> & code\n```\n\n- one\n- two\n\n1. first\n2. second",
    "A line  \nbroken, &amp; an entity, a [[link]] left as words.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_converted_text_is_what_the_site_s_markdown_makes_of_it(text: str) -> None:
    site = markdown.Markdown(extensions=["toc", "tables", "md_in_html", "fenced_code"])
    assert finished.text_html(text) == site.convert(text)


def test_a_text_with_a_heading_is_left_to_mkdocs() -> None:
    assert finished.has_heading("Intro.\n\n## Effects\n\nMore.")
    assert finished.has_heading("### A\ntext")
    assert not finished.has_heading("A #hashtag and 3# are no headings.\n\n#nospace either")
