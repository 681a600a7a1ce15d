"""A page's inputs are what it read (`rulesref.incremental.reads`): a kept page is rendered
again exactly when an answer it read, or a constant of the run, is different; an answer made
from other answers is kept while they hold; what an answer reads is not its page's."""

from __future__ import annotations

from rulesref.incremental.memo import Memo
from rulesref.incremental.reads import PAGES, Reads, derived, question


class Book:
    """A toy page writer over a dict of values, counting what it computes."""

    def __init__(self, values: dict[str, int], memo: Memo, constant: str = "c") -> None:
        self.values = values
        self.reads = Reads(self, (constant,), memo)
        self.derived_made = 0

    @question
    def value(self, name: str) -> int:
        return self.values.get(name, 0)

    @derived
    def total(self) -> int:
        self.derived_made += 1
        return self.value("a") + self.value("b")

    def page(self, name: str) -> str:
        return f"{name}: a={self.value('a')}" if name == "first" else f"{name}: total={self.total()}"


def run(values: dict[str, int], memo: Memo, constant: str = "c") -> tuple[dict[str, str], Book]:
    memo.begin()
    book = Book(values, memo, constant)
    pages = {name: book.reads.page(name, lambda n=name: book.page(n)) for name in ("first", "second")}  # type: ignore[misc]
    memo.finish()
    return pages, book


def test_a_page_is_rendered_again_only_when_what_it_read_changed() -> None:
    memo = Memo()
    pages, _ = run({"a": 1, "b": 2}, memo)
    assert pages == {"first": "first: a=1", "second": "second: total=3"}
    assert memo.made[PAGES] == 2
    _, book = run({"a": 1, "b": 2}, memo)
    assert memo.made[PAGES] == 0 and book.derived_made == 0  # nothing changed: nothing made, the total kept
    pages, book = run({"a": 1, "b": 5}, memo)  # only the total's input
    assert pages == {"first": "first: a=1", "second": "second: total=6"}
    assert memo.made[PAGES] == 1 and book.derived_made == 1
    pages, _ = run({"a": 1, "b": 5, "unread": 9}, memo)  # a value no page read
    assert memo.made[PAGES] == 0


def test_what_an_answer_reads_is_the_answer_s_not_the_page_s() -> None:
    memo = Memo()
    run({"a": 1, "b": 2}, memo)
    kept = memo.kept(PAGES, "second")
    assert kept is not None
    assert [key for key, _ in kept[0]] == [("total", ())]  # not ("value", ("a",)): the total holds it


def test_an_answer_that_changed_back_leaves_the_page_as_it_was_rendered() -> None:
    memo = Memo()
    run({"a": 1, "b": 2}, memo)
    pages, _ = run({"a": 2, "b": 1}, memo)  # a changed, the total did not
    assert pages["first"] == "first: a=2" and pages["second"] == "second: total=3"
    assert memo.made[PAGES] == 1


def test_every_page_is_rendered_again_when_a_constant_changes() -> None:
    memo = Memo()
    run({"a": 1, "b": 2}, memo)
    run({"a": 1, "b": 2}, memo, constant="other")
    assert memo.made[PAGES] == 2


class Counted:
    """An answer made afresh each run, equal to the last run's: it counts its comparisons."""

    compared = 0

    def __init__(self, value: int) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        Counted.compared += 1
        return isinstance(other, Counted) and other.value == self.value

    __hash__ = None  # type: ignore[assignment]


class Shelf:
    """Many pages that read one answer, made as a new object each run."""

    def __init__(self, value: int, memo: Memo) -> None:
        self.number = value
        self.reads = Reads(self, (), memo)

    @question
    def fresh(self) -> Counted:
        return Counted(self.number)


def test_an_answer_many_pages_read_is_compared_once_a_run() -> None:
    memo = Memo()

    def shelf_run(value: int) -> dict[str, int]:
        memo.begin()
        shelf = Shelf(value, memo)
        pages = {name: shelf.reads.page(name, lambda: shelf.fresh().value) for name in map(str, range(50))}
        memo.finish()
        return pages

    shelf_run(1)
    Counted.compared = 0
    assert set(shelf_run(1).values()) == {1} and memo.made[PAGES] == 0  # every page kept
    assert Counted.compared == 1  # one comparison, not one per page
    Counted.compared = 0
    assert set(shelf_run(2).values()) == {2} and memo.made[PAGES] == 50  # every page made again
    assert Counted.compared == 1
