"""Work shared out over forked processes (`rulesref.support.forked`): every result comes back
in the caller's order, the caller does the items from the first and the workers those from
the last until they meet, each as much as its time allows, and a worker that fails leaves
that item, and those no one took, to the caller."""

from __future__ import annotations

import os
import time

import pytest

from rulesref.support.forked import Shared

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def _walk(shared: Shared[int, tuple[int, int]] | None, items: list[int], here: list[int], pause: float = 0.0) -> list[tuple[int, int]]:
    """The caller's walk: a worker's result where it sent one, else the item done here (each
    taking the caller `pause` seconds)."""
    out = []
    for index, item in enumerate(items):
        taken, made = shared.take(index) if shared is not None else (False, None)
        if taken and made is not None:
            out.append(made)
        else:
            time.sleep(pause)
            here.append(item)
            out.append((item * item, os.getpid()))
    return out


def test_each_item_comes_back_in_order_and_the_caller_does_a_first_part() -> None:
    items = list(range(40))
    shared = Shared.start(lambda item: (item * item, os.getpid()), items, 3)
    assert shared is not None
    here: list[int] = []
    out = _walk(shared, items, here)
    assert [square for square, _ in out] == [item * item for item in items]
    assert here == items[: len(here)]  # the caller's share: the items from the first, up to where the workers were
    assert {pid for _, pid in out[len(here) :]}.isdisjoint({os.getpid()})  # the rest, the workers'


def test_a_slow_caller_leaves_most_items_to_the_workers() -> None:
    """The share follows the time each takes: a caller that takes 50 ms an item, beside a
    worker that takes none, does only the first few."""
    items = list(range(40))
    shared = Shared.start(lambda item: (item * item, os.getpid()), items, 2)
    assert shared is not None
    here: list[int] = []
    out = _walk(shared, items, here, pause=0.05)
    assert [square for square, _ in out] == [item * item for item in items]
    assert len(here) < len(items) // 2


def test_a_worker_that_fails_leaves_that_item_and_those_no_one_took_to_the_caller() -> None:
    items = list(range(20))

    def square(item: int) -> tuple[int, int]:
        if item == 7:
            raise ValueError("cannot")
        return item * item, os.getpid()

    shared = Shared.start(square, items, 2)
    assert shared is not None
    here: list[int] = []
    out = _walk(shared, items, here, pause=0.1)  # (slow enough that the worker gets to 7 first)
    assert [square for square, _ in out] == [item * item for item in items]
    assert here == list(range(8))  # the first items, up to the one the worker failed on
    assert {pid for _, pid in out[8:]}.isdisjoint({os.getpid()})


def test_too_few_items_are_not_shared() -> None:
    shared = Shared.start(lambda item: item, [1, 2, 3, 4], 2)
    assert shared is not None
    taken = [shared.take(index) for index in range(4)]
    assert all(t == (False, None) or t == (True, item) for t, item in zip(taken, [1, 2, 3, 4], strict=True))
    shared.close()
    assert Shared.start(lambda item: item, [1, 2, 3], 2) is None  # one item each is not worth a process
    assert Shared.start(lambda item: item, list(range(10)), 1) is None


def test_closing_ends_a_worker_that_is_still_working() -> None:
    shared = Shared.start(lambda item: time.sleep(item), [0, 0, 30, 30], 2)  # (the worker starts on the last)
    assert shared is not None
    started = time.monotonic()
    shared.close()
    assert time.monotonic() - started < 10
