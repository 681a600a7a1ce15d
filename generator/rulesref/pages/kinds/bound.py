"""How a kind's `pages(site)` says how to render each of its pages: the kind's render function
with the site and the page's own values bound now, called when the page is rendered (if it
is: a long-lived process renders only the pages whose inputs changed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVarTuple

from rulesref.pages.writer import Pages

Values = TypeVarTuple("Values")


def bound(render: Callable[[Pages, *Values], str], site: Pages, *values: *Values) -> Callable[[], str]:
    """`render(site, *values)`, to be called later: each page's values, not the loop's last."""
    return lambda: render(site, *values)
