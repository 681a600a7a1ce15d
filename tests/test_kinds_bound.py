"""`bound`: how each kind of page (`rulesref.pages.kinds`) says how to render one of its pages,
with that page's own values, rendered only when it is called."""

from __future__ import annotations

from typing import cast

from rulesref.pages.kinds.bound import bound
from rulesref.pages.writer import Pages

SITE = cast(Pages, object())  # (the renderer below only passes it on)


def test_each_page_renders_later_with_its_own_values_not_the_loops_last() -> None:
    rendered: list[tuple[Pages, str, int]] = []

    def tag_page(site: Pages, tag: str, number: int) -> str:
        rendered.append((site, tag, number))
        return f"{tag} part {number}"

    pages = [bound(tag_page, SITE, tag, number) for tag in ("elite", "morale") for number in (1, 2)]
    assert rendered == []  # nothing is rendered until a page is asked for
    assert [page() for page in reversed(pages)] == ["morale part 2", "morale part 1", "elite part 2", "elite part 1"]
    assert rendered[0] == (SITE, "morale", 2)
