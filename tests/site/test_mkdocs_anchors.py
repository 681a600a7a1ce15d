"""The ids of raw HTML as `rulesref build`'s MkDocs child finds them (`mkdocs_anchors`, by
regular expressions) are the ids MkDocs' own parse of every tag finds."""

from __future__ import annotations

import pytest
from mkdocs.structure.pages import _HTMLHandler

from rulesref.site import mkdocs_anchors

from .conftest import Built


def _parsed(text: str) -> set[str]:
    handler = _HTMLHandler()
    handler.feed(text)
    handler.close()
    return {found for found in handler.present_anchor_ids if found is not None}  # (an id without a value is None)


def test_every_page_of_the_site_gives_the_ids_the_parser_finds(built: Built) -> None:
    pages = sorted(built.docs.rglob("*.md"))
    assert len(pages) > 20
    seen = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        ids = _parsed(text)
        assert mkdocs_anchors.present_ids(text) == ids, page
        seen += len(ids)
    assert seen > 50  # the quiet headings, the figures, the weapons...


TRICKY = [
    '<h2 id="a" markdown>A</h2> <A NAME="b">x</A> <p name="not-an-anchor">',
    "<div ID='single' class=x><span id=bare>t</span></div>",
    '<p id="fear &amp; loathing">and <b id="&#34;q&#34;">',
    "<!-- <p id=\"commented\"> --> <p id=\"after\">",
    '<script>var s = "<p id=\'in-script\'>";</script><style>/* <b id="in-style"> */</style><i id="kept">',
    '<p title="<b id=\'inside\'>" id="outer">',
    "<p id>no value</p> <br id=\"self\"/> <img\nid=\"lined\"\nsrc=x>",
    "a < b and c <d id='e'> <1 id='no'>",
    "```\n<p id=\"in-code\">\n```\n`<span id=\"in-span\">`",
    '<!DOCTYPE html><?xml version="1.0"?><p id="after-declarations">',
]


@pytest.mark.parametrize("text", TRICKY)
def test_html_written_to_trip_it_gives_the_parser_s_ids(text: str) -> None:
    assert mkdocs_anchors.present_ids(text) == _parsed(text)


def test_text_without_html_has_no_ids() -> None:
    assert mkdocs_anchors.present_ids("Plain text, id=\"x\" and name='y' outside any tag.") == set()
