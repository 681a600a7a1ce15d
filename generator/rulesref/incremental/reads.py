"""What a page read while it was rendered: its inputs, recorded, never listed by hand.

A page writer (`rulesref.pages.writer.Pages`) reads the build only through its questions:
methods marked `@question`, each a pure function of its arguments and of the build (an
entry by key, the entries that link to it, the heading ids of a system's index, ...), and
through a few constants of the whole run that nearly every page reads (the settings, the
systems, the content's folders). Each question is answered once per run (`Reads.ask`), and
while a page is rendered every question it asks is noted with its answer (the questions an
answer itself asks are the answer's business, not the page's). A long-lived process keeps
each page with what it read (`Reads.page`): the next run asks those questions again and
renders the page only when an answer differs (`==`), or when the constants do (then every
page is rendered). A new kind of page input is a new question, so it cannot be left out of
what decides whether a page is rendered again.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, Protocol, TypeVar, cast

from rulesref.incremental.memo import FRESH, Memo

Made = TypeVar("Made")
Asked = tuple[tuple[str, tuple[Hashable, ...]], Any]  # ((question, its arguments), its answer)

# the memo's stages: rendered files, answers made from other answers, the constants they read
PAGES, ANSWERS, CONSTANTS = "pages", "answers", "page-constants"
_MISSING = object()


class Asking(Protocol):
    """An object whose methods are questions: it holds the run's `Reads`."""

    reads: Reads


class Reads:
    """One run's answers to the questions of one object, and what the page or answer being
    made has asked."""

    def __init__(self, owner: object, constants: tuple[object, ...], memo: Memo = FRESH) -> None:
        self._owner = weakref.ref(owner)  # (not the owner itself: the two would be a cycle, which only a full collection frees)
        self._constants = constants
        self._memo = memo
        kept = memo.kept(CONSTANTS, None)
        self._same_constants = kept is not None and kept[1] == constants  # as the last run had them
        memo.keep(CONSTANTS, None, None, constants)
        self._answers: dict[tuple[str, tuple[Hashable, ...]], Any] = {}
        self._asked: dict[tuple[str, tuple[Hashable, ...]], Any] | None = None  # what is being made asks
        self._compared: dict[tuple[str, tuple[Hashable, ...]], tuple[Any, bool]] = {}  # each question: the kept answer last compared, and whether it was the same
        self._methods: dict[str, tuple[Callable[..., Any], bool]] = {}  # each question's own method, and whether it is derived

    def ask(self, name: str, about: tuple[Hashable, ...], answer: Callable[[], Made], derived: bool) -> Made:
        """The answer to a question (made once per run), noted for what is being made."""
        key = (name, about)
        value: Made = self._answers.get(key, _MISSING)
        if value is _MISSING:
            value = self._made(key, answer, derived)
        if self._asked is not None:
            self._asked[key] = value
        return value

    def _made(self, key: tuple[str, tuple[Hashable, ...]], answer: Callable[[], Made], derived: bool) -> Made:
        """An answer made this run (a derived one kept while what it asked holds), for the run."""
        value = self._answers[key] = self._kept_or_made(ANSWERS, key, answer) if derived else self._read(answer)
        return value

    def _read(self, answer: Callable[[], Made]) -> Made:
        outer, self._asked = self._asked, None  # what it reads is not the outer's to note
        try:
            return answer()
        finally:
            self._asked = outer

    def page(self, name: str, make: Callable[[], Made]) -> Made:
        """A rendered file: kept from the last run while what it read is unchanged, else made
        (and what it read recorded)."""
        return self._kept_or_made(PAGES, name, make)

    def _kept_or_made(self, stage: str, key: Hashable, make: Callable[[], Made]) -> Made:
        """A page, or a derived answer: kept while what it asked is answered the same."""
        memo = self._memo
        kept = memo.kept(stage, key)
        if kept is not None and self._same_constants and self._holds(kept[0]):
            reused: Made = memo.reuse(stage, key, kept)
            return reused
        outer, self._asked = self._asked, {}  # what this asks is its own, not the outer's
        try:
            value = make()
            asked = tuple(self._asked.items())
        finally:
            self._asked = outer
        memo.made[stage] += 1
        return memo.keep(stage, key, asked, value)

    def _answer(self, key: tuple[str, tuple[Hashable, ...]]) -> Any:
        """`ask`, by key, noted nowhere: how kept things are checked."""
        name, about = key
        found = self._methods.get(name)
        if found is None:
            method = getattr(type(self._owner()), name).__wrapped__
            found = self._methods[name] = (method, getattr(method, DERIVED, False))
        method, is_derived = found
        owner = self._owner()

        return self._made(key, lambda: method(owner, *about), is_derived)

    def _holds(self, asked: tuple[Asked, ...]) -> bool:
        """Whether every question was answered as it is now. (The path every kept page of
        every run takes: answers are looked up before anything is called.) The pages that
        asked a question in one run hold the very answer it gave then, so each answer is
        compared once a run, whatever number of pages kept it: an answer made afresh each
        run (an army's units, on every army page) is a deep comparison."""
        answers, compared, missing = self._answers, self._compared, _MISSING
        for key, value in asked:
            now = answers.get(key, missing)
            if now is missing:
                now = self._answer(key)
            verdict = compared.get(key)
            if verdict is not None and verdict[0] is value:
                same = verdict[1]
            else:
                same = now is value or now == value
                compared[key] = (value, same)  # (held, so that `is` stays a test of the same object)
            if not same:
                return False
        return True


Method = TypeVar("Method", bound=Callable[..., Any])
DERIVED = "_rulesref_derived"  # set on the method of a question whose answer is made from other answers


def question(method: Method) -> Method:
    """Mark a method as a question that reads the build (see the module's docstring); its
    arguments are values, passed by position."""
    return _asking(method, derived=False)


def derived(method: Method) -> Method:
    """Mark a method as a question whose answer is made from other answers only (and the
    run's constants): a long-lived process keeps the answer while those answers hold."""
    return _asking(method, derived=True)


def _asking(method: Method, *, derived: bool) -> Method:
    name = method.__name__
    setattr(method, DERIVED, derived)

    @wraps(method)
    def asked(self: Asking, *about: Hashable) -> Any:
        return self.reads.ask(name, about, lambda: method(self, *about), derived)

    return cast(Method, asked)
