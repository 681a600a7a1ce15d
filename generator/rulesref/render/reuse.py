"""Rendered files kept between two renders of a long-lived process (`serve`), each with the
inputs it was rendered from, so a save re-renders only the files whose inputs changed.

A file's inputs are every value its renderer reads: for an entry's page, the entry, the
systems, its checks and form, the entries that link to it or share its name, the entries
it links to or lists (and, for rule cards, what those link to), and how its corrections'
links resolve. Inputs are compared by value (`==`); an unchanged file is loaded into the
very same objects (`rulesref.read.reload`), so comparing them costs next to nothing. A test
renders after a series of edits and compares every file with a full render, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

Made = TypeVar("Made")


class Get(Protocol):
    """`RenderMemo.get`, or `fresh` where nothing is kept."""

    def __call__(self, name: str, inputs: object, make: Callable[[], Made], /) -> Made: ...


class GetSame(Protocol):
    """`RenderMemo.get_same`, or `fresh` where nothing is kept."""

    def __call__(self, name: str, objects: tuple[object, ...], make: Callable[[], Made], /) -> Made: ...


class RenderMemo:
    """Rendered values by name, each with its inputs; what one render used, the next may reuse."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Any, Any]] = {}
        self._seen: dict[str, tuple[Any, Any]] = {}
        self.made = 0  # values rendered afresh by the latest render (reused ones are not counted)

    def get(self, name: str, inputs: object, make: Callable[[], Made]) -> Made:
        kept = self._kept.get(name)
        if kept is not None and kept[0] == inputs:
            self._seen[name] = kept
            value: Made = kept[1]
            return value
        made = make()
        self.made += 1
        self._seen[name] = (inputs, made)
        return made

    def get_same(self, name: str, objects: tuple[object, ...], make: Callable[[], Made]) -> Made:
        """`get` for inputs that are objects compared by identity: the kept value is reused
        only while every object is the very one it was made from (the memo holds them, so
        none of them can be freed and another take its place)."""
        ids = tuple(map(id, objects))
        kept = self._kept.get(name)
        if kept is not None and kept[0][0] == ids:
            self._seen[name] = kept
            value: Made = kept[1]
            return value
        made = make()
        self.made += 1
        self._seen[name] = ((ids, objects), made)
        return made

    def finish(self) -> None:
        """End a render: what it used is what the next render may reuse."""
        self._kept, self._seen = self._seen, {}

    def begin(self) -> None:
        self.made = 0
        self._seen = {}


def fresh(name: str, inputs: object, make: Callable[[], Made], /) -> Made:
    """The `RenderMemo.get` of a render that keeps nothing."""
    return make()
