"""The system's books, from the publications and free-text book names of the data.

Data written by many hands over years names one book many ways: `Codex: Dark Eldar (2014)`
beside `Codex: Dark Eldar 2014`, a typo (`Codes: Necrons`), a file name (`Acheron.pdf`),
or nothing at all (`???`). A reader wants each book once. So:

- titles that are one book written differently are one book: the same words once case,
  punctuation and spacing are set aside, or a one-letter slip in one word of the same
  title (a typo; `Codex: Eldar (2013)` and `(2015)`, `Imperial Armour II` and `III` stay
  two books). The title shown is the one most entries cite.
- a title that names a file (`Acheron.pdf`, `40k_rules_v2`, `Update PDF`) is not a book:
  those entries cite one book, "Other sources", with the file's words as the section.
- a title without a word in it (`???`, `-`, `n/a`) cites nothing.

Book ids are taken once per title and kept across imports: books people listed in
system.yml keep theirs.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rulesref.formats.battlescribe.naming import clean_name
from rulesref.support.slugs import slug

OTHER_ID = "other"
OTHER_TITLE = "Other sources"
MAX_TITLE = 150
MAX_SECTION = 120
_FILE = re.compile(r"\.(pdf|docx?|txt|epub|xlsx?|png|jpe?g|html?|cat|gst)$|\bpdf\b", re.IGNORECASE)
_NO_WORD = re.compile(r"[^\W\d_]{2,}")  # a word: two letters or more
_JUNK = frozenset({"n a", "na", "tbd", "tba", "unknown", "none", "null", "book", "todo", "missing", "various"})


def book_key(title: str) -> str:
    """The form in which two titles are one book: case, punctuation and spacing set aside."""
    words = re.sub(r"[^\w]+", " ", clean_name(title)[0].casefold().replace("&", " and "))
    return " ".join(w for w in words.split() if w != "the")


_NUMBERING = re.compile(r"[ivxlcdm]+|.*\d.*")  # a volume's numeral or a year: never a slip


def _one_word_slip(words: list[str], others: list[str]) -> bool:
    """The same words but one, three letters or more and four in the longer, that is one
    letter off, and is no numeral (`ii` and `iii`)."""
    if len(words) != len(others) or len(words) < 2:
        return False
    differ = [(a, b) for a, b in zip(words, others, strict=True) if a != b]
    if len(differ) != 1:
        return False
    a, b = differ[0]
    return min(len(a), len(b)) >= 3 and max(len(a), len(b)) >= 4 and not (_NUMBERING.fullmatch(a) or _NUMBERING.fullmatch(b)) and _one_edit(a, b)


def _one_edit(a: str, b: str) -> bool:
    """Whether one letter added, dropped, changed, or two neighbours swapped, turns a into b."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def _shown(title: str, limit: int) -> str:
    text = " ".join(re.sub(r"[<>{}\n\r]", " ", clean_name(title)[0]).split())
    return text[:limit].rstrip() or "Untitled"


@dataclass(frozen=True)
class Citation:
    """What a source names: a book id, and the section (the file name of "Other sources")."""

    book: str
    section: str | None = None


class Books:
    """Every book title the data names, decided once: which are one book, which title each
    shows, which are file names or no title at all."""

    def __init__(self, titles: Iterable[str], known: dict[str, str]) -> None:
        """`titles`: every title as cited (once per citation, so the counts tell which
        spelling most entries use); `known`: the books system.yml already lists, id -> title."""
        counts = Counter(t.strip() for t in titles if t and t.strip())
        self._of_key: dict[str, str] = {}  # book key -> the key of the book it is
        self._titles: dict[str, str] = {}  # book key -> shown title
        self._ids: dict[str, str] = {}  # book key -> id
        self.other_used = False
        self._cited: set[str] = set()  # ids of the books an entry cited
        used: set[str] = set()
        for ident, title in sorted(known.items()):
            key = book_key(title)
            if key and key not in self._ids:
                self._of_key[key], self._titles[key], self._ids[key] = key, title, ident
                used.add(ident)
        spellings: dict[str, Counter[str]] = {}
        for title, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            if self._kind(title) != "book":
                continue
            key = book_key(title)
            book = self._of_key.get(key) or self._typo_of(key) or key
            self._of_key[key] = book
            spellings.setdefault(book, Counter())[title] += count
        for book, seen in spellings.items():
            if book in self._ids:
                continue
            title = max(seen.items(), key=lambda item: (item[1], len(item[0]), item[0]))[0]
            self._titles[book] = _shown(title, MAX_TITLE)
            ident, number = slug(self._titles[book], fallback="book"), 2
            base = ident
            while ident in used or ident == OTHER_ID:
                ident = f"{base[:56]}-{number}"
                number += 1
            used.add(ident)
            self._ids[book] = ident
        self.merged = {title: self._titles[self._of_key[book_key(title)]] for title in counts if self._kind(title) == "book"}
        self.merged |= {title: OTHER_TITLE if self._kind(title) == "file" else "no book" for title in counts if self._kind(title) != "book"}

    @staticmethod
    def _kind(title: str) -> str:
        """`book`, `file` (a file's name: one of the other sources) or `none` (no title)."""
        text = title.strip()
        if _FILE.search(text) or (" " not in text and re.search(r"[_.]", text) and _NO_WORD.search(text)):
            return "file"
        if not _NO_WORD.search(text) or book_key(text) in _JUNK:
            return "none"
        return "book"

    def _typo_of(self, key: str) -> str | None:
        """A book already seen whose title this one is a slip of: the same words but one,
        and that one a letter off (`codes necrons` for `codex necrons`, `shiled` for
        `shield`), or the same letters spaced differently (`war zone` for `warzone`).
        Numerals never count as slips: `II` and `III` are two volumes."""
        for other in self._ids.keys() | set(self._of_key.values()):
            if other.replace(" ", "") == key.replace(" ", "") or _one_word_slip(key.split(), other.split()):
                return other
        return None

    def cite(self, title: str | None) -> Citation | None:
        """What an entry citing `title` cites: a book, "Other sources" with a section, or nothing."""
        if not title or not title.strip():
            return None
        kind = self._kind(title)
        if kind == "none":
            return None
        if kind == "file":
            self.other_used = True
            words = " ".join(re.sub(r"[_]+", " ", _FILE.sub("", title.strip())).split()).strip(" -:,")
            return Citation(OTHER_ID, _shown(words, MAX_SECTION) if words else None)
        book = self._of_key.get(book_key(title))
        if book is None:  # a title first seen here (not among those counted)
            return None
        self._cited.add(self._ids[book])
        return Citation(self._ids[book])

    def listed(self) -> dict[str, str]:
        """id -> title of every book an entry cited (books system.yml lists already stay
        there; `write` keeps them)."""
        books = {self._ids[key]: self._titles[key] for key in self._ids if self._ids[key] in self._cited}
        if self.other_used:
            books[OTHER_ID] = OTHER_TITLE
        return dict(sorted(books.items()))
