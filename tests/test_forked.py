"""Work shared out over forked processes (`rulesref.support.forked`): every result comes back
in the caller's order, the caller does its own share, and a worker that fails leaves the
rest of its items to the caller."""

from __future__ import annotations

import os

import pytest

from rulesref.support.forked import Shared

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def _walk(shared: Shared[int, tuple[int, int]] | None, items: list[int], here: list[int]) -> list[tuple[int, int]]:
    """The caller's walk: a worker's result where it sent one, else the item done here."""
    out = []
    for index, item in enumerate(items):
        taken, made = shared.take(index) if shared is not None else (False, None)
        if taken and made is not None:
            out.append(made)
        else:
            here.append(item)
            out.append((item * item, os.getpid()))
    return out


def test_each_item_comes_back_in_order_done_by_its_process() -> None:
    items = list(range(40))
    shared = Shared.start(lambda item: (item * item, os.getpid()), items, 3)
    assert shared is not None
    here: list[int] = []
    out = _walk(shared, items, here)
    assert [square for square, _ in out] == [item * item for item in items]
    assert here == items[::3]  # the caller's share: every third, from the first
    workers = {pid for _, pid in out} - {os.getpid()}
    assert len(workers) == 2
    assert [pid for _, pid in out[1::3]] == [out[1][1]] * len(out[1::3])  # one worker's share


def test_a_worker_that_fails_leaves_the_rest_of_its_items_to_the_caller() -> None:
    items = list(range(20))

    def square(item: int) -> tuple[int, int]:
        if item == 7:
            raise ValueError("cannot")
        return item * item, os.getpid()

    shared = Shared.start(square, items, 2)
    assert shared is not None
    here: list[int] = []
    out = _walk(shared, items, here)
    assert [square for square, _ in out] == [item * item for item in items]
    assert here == sorted([*items[::2], 7, 9, 11, 13, 15, 17, 19])  # its own share, and the failed worker's from 7 on


def test_too_few_items_are_not_shared() -> None:
    shared = Shared.start(lambda item: item, [1, 2, 3, 4], 2)
    assert shared is not None
    assert shared.take(1) == (True, 2) and shared.take(0) == (False, None)
    shared.close()  # (the worker, with an item not taken, is ended)
    assert Shared.start(lambda item: item, [1, 2, 3], 2) is None  # one item each is not worth a process
    assert Shared.start(lambda item: item, list(range(10)), 1) is None
