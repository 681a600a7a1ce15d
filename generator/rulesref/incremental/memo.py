"""One memo for every stage of a run, with one lifecycle.

A stage's work is a pure function of its inputs: a file's outcome of its bytes, an entry's
compiled checks of its file's digest, a page of the values it read. So a value made by one
run may stand in the next run for the same key whenever its inputs are equal (`==`, by
value: nothing here depends on which object a value is). The stages name their values
`(stage, key)`; `begin` starts a run and `finish` ends it, and what a run used is then what
the next may reuse (each stage's values the run did not use are dropped, so the memo holds
one run's worth). A stage the run never reached (the pages, when the content has errors)
keeps what it had.

`FRESH` is the memo of a run that keeps nothing (a command that runs once): every value is
made. The disk caches (`rulesref.read.cache`, `rulesref.logic.cache`) are the store behind
a run that starts cold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

Made = TypeVar("Made")


class Get(Protocol):
    """One stage of a memo (`Memo.stage`): the value kept under a key when it was made from
    equal inputs, else a new one."""

    def __call__(self, key: Hashable, inputs: object, make: Callable[[], Made], /) -> Made: ...


class Memo:
    """Values by stage and key, each with the inputs it was made from."""

    def __init__(self) -> None:
        self._kept: dict[str, dict[Hashable, tuple[Any, Any]]] = {}
        self._seen: dict[str, dict[Hashable, tuple[Any, Any]]] = {}
        self.made: Counter[str] = Counter()  # values made afresh in the latest run, by stage
        self.runs = 0  # runs finished

    @property
    def keeps(self) -> bool:
        """Whether values are kept from one run to the next (not so for `FRESH`)."""
        return True

    def begin(self) -> None:
        """Start a run (what an unfinished run saw is forgotten)."""
        self._seen = {}
        self.made = Counter()

    def finish(self) -> None:
        """End a run: what each stage used is what the next run may reuse."""
        self._kept.update(self._seen)
        self._seen = {}
        self.runs += 1

    @contextmanager
    def late(self) -> Iterator[None]:
        """Values made after the last run finished, for it (`serve` renders the pages that
        run put off so): kept as if that run had made them, for the next run to reuse."""
        seen, self._seen = self._seen, {}
        try:
            yield
        finally:
            for stage, values in self._seen.items():
                self._kept.setdefault(stage, {}).update(values)
            self._seen = seen

    def kept(self, stage: str, key: Hashable) -> tuple[Any, Any] | None:
        """The inputs and value the last run kept under this key, if any (the caller decides
        whether they still hold, then calls `keep`)."""
        return self._kept.get(stage, {}).get(key)

    def keep(self, stage: str, key: Hashable, inputs: object, value: Made) -> Made:
        """Record that this run used `value`, made from `inputs`."""
        self._seen.setdefault(stage, {})[key] = (inputs, value)
        return value

    def reuse(self, stage: str, key: Hashable, found: tuple[Any, Any]) -> Any:
        """Record that this run used what `kept` found, as it was: the very pair is kept, so
        a run that changes little leaves little new for the garbage collector to scan."""
        self._seen.setdefault(stage, {})[key] = found
        return found[1]

    def get(self, stage: str, key: Hashable, inputs: object, make: Callable[[], Made]) -> Made:
        """The value kept under this key when it was made from equal inputs, else `make()`."""
        found = self.kept(stage, key)
        if found is not None and found[0] == inputs:
            return self.reuse(stage, key, found)  # type: ignore[no-any-return]
        self.made[stage] += 1
        return self.keep(stage, key, inputs, make())

    def stage(self, stage: str) -> Get:
        """`get` for one stage, for code that keeps values of one kind."""

        def get(key: Hashable, inputs: object, make: Callable[[], Made]) -> Made:
            return self.get(stage, key, inputs, make)

        return get


class _Fresh(Memo):
    """A memo that keeps nothing: every value is made (and none is counted)."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def keeps(self) -> bool:
        return False

    @property
    def made(self) -> Counter[str]:
        return Counter()

    @made.setter
    def made(self, value: Counter[str]) -> None:
        pass

    def begin(self) -> None:
        pass

    def finish(self) -> None:
        pass

    def kept(self, stage: str, key: Hashable) -> tuple[Any, Any] | None:
        return None

    def keep(self, stage: str, key: Hashable, inputs: object, value: Made) -> Made:
        return value

    def reuse(self, stage: str, key: Hashable, found: tuple[Any, Any]) -> Any:
        return found[1]

    def get(self, stage: str, key: Hashable, inputs: object, make: Callable[[], Made]) -> Made:
        return make()


def call(get: Get, key: Hashable, function: Callable[..., Made], *args: object) -> Made:
    """`function(*args)`, kept by its arguments (a pure function's inputs are its arguments:
    nothing about them is listed by hand)."""
    return get(key, args, lambda: function(*args))


FRESH: Memo = _Fresh()
fresh: Get = FRESH.stage("")  # a stage that keeps nothing
