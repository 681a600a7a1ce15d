"""Finding mentions of entry names in text and turning them into `[[links]]`.

Used by `rulesref import` (imported text has no links) and by `rulesref link` (hand-written
text that forgot some). The rules of a mention:

- whole words only: "Fear" is never found inside "fearsome";
- the longest name wins where names overlap ("Stout Heart" over "Heart");
- never inside an existing `[[...]]`, and never a link from an entry to itself;
- a name of one word is found only when written with its capital ("Fear", not "fear"),
  and never when it is one of the common words in `STOP_WORDS`; so is a name whose other
  words are all such common words: the alias "To Hit" of the To Hit roll is found in "a 6
  To Hit", not in "easy to hit"; longer names are found in any case ("morale check" links
  "Morale Check");
- each entry is linked at its first mention in a text only (and not at all where the text
  links it already), so pages are not a sea of links;
- a name followed by "test" or "check" (`Pinning test`, `Fear tests`) names a test, not the
  name: it is linked only where an entry has that longer name (a glossary term "Pinning
  test"), and otherwise is no mention at all. The test is a thing of its own: the weapon
  rule Pinning causes a Pinning test that the other unit takes, and a link on "Pinning"
  would tell the reader that unit has the rule. A wrong link misleads more than a missing
  one does, and a person can still write `[[Pinning|Pinning test]]` where the rule is what
  they mean. A roll is not such a word: a roll made under a rule ("a Hardy roll") is
  that rule at work, and linking the rule is what a reader wants.

Matching walks a trie of casefolded words, so the cost grows with the text, not with the
number of names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rulesref.links import LINK, normalise

TOKEN = re.compile(r"\w+(?:['\u2019]\w+)*|[^\w\s]")
# words that are also the names of rules somewhere, but are mostly used as plain English
# words after a name that make the phrase name a test of its own (see the module docstring)
TEST_WORDS = frozenset(("test", "tests", "check", "checks"))
_SPACES = re.compile(r"[^\S\n]*\n?[^\S\n]*")  # between words on a line, or wrapped onto the next
STOP_WORDS = frozenset(
    "a all an and any as at be by can each for from has have if in into is it its may must no none not of on one or "
    "the this that to two up upon when where which while will with".split()
)


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    key: str  # what the name belongs to (an entry id)
    name: str  # the name (or alias) found
    text: str  # the words as written

    @property
    def link(self) -> str:
        """The link that replaces the mention: `[[words]]`, or `[[Name|words]]` where the
        words differ from the name by more than case."""
        return f"[[{self.text}]]" if normalise(self.text) == normalise(self.name) else f"[[{self.name}|{self.text}]]"


class _Node:
    """One word of the trie: the words that may follow, and the name that ends here."""

    __slots__ = ("ends", "next")

    def __init__(self) -> None:
        self.next: dict[str, _Node] = {}
        self.ends: tuple[str, int | None, str] | None = None  # (key, the word that needs its capital, name)


class Linker:
    """Names (with the key of what each names) to be found in text."""

    def __init__(self, names: Iterable[tuple[str, str]]) -> None:
        self._trie = _Node()
        for name, key in names:
            words = [m.group().casefold() for m in TOKEN.finditer(name)]
            if not words or (len(words) == 1 and words[0] in STOP_WORDS):
                continue
            node = self._trie
            for word in words:
                node = node.next.setdefault(word, _Node())
            if node.ends is None:
                node.ends = (key, _capital_word(words), name)

    def mentions(self, text: str, *, self_key: str | None = None) -> Iterator[Mention]:
        """Unlinked first mentions of each name in `text`, left to right."""
        linked = [(m.start(), m.end()) for m in LINK.finditer(text)]
        tokens = [m for m in TOKEN.finditer(text) if not any(a <= m.start() < b for a, b in linked)]
        words = [t.group().casefold() for t in tokens]
        seen = {key for m in LINK.finditer(text) if (key := self._key_of(m.group(1)))}  # linked already
        if self_key is not None:
            seen.add(self_key)
        index = 0
        while index < len(tokens):
            node = self._trie
            found: tuple[int, str, str] | None = None
            cursor = index
            while cursor < len(tokens) and words[cursor] in node.next:
                if cursor > index and tokens[cursor - 1].end() != tokens[cursor].start() and "\n" in text[tokens[cursor - 1].end() : tokens[cursor].start()]:
                    break  # a name does not run over a line break
                node = node.next[words[cursor]]
                cursor += 1
                if node.ends is not None:
                    key, capital, name = node.ends
                    if capital is None or tokens[index + capital].group()[:1].isupper():
                        found = (cursor, key, name)
            if found is None:
                index += 1
                continue
            end, key, name = found
            if end < len(tokens) and words[end] in TEST_WORDS and tokens[end].start() > tokens[end - 1].end() and _SPACES.fullmatch(text, tokens[end - 1].end(), tokens[end].start()):
                index = end + 1  # `Pinning test` with no entry of that name: a test, not Pinning
                continue
            if key not in seen and _whole(text, tokens[index].start(), tokens[end - 1].end()):
                seen.add(key)
                yield Mention(tokens[index].start(), tokens[end - 1].end(), key, name, text[tokens[index].start() : tokens[end - 1].end()])
            index = end

    def _key_of(self, link_body: str) -> str | None:
        """The key of the name a `[[...]]` names in this system, if it is one of ours."""
        target = link_body.partition("|")[0]
        if re.match(r"\s*[a-z][a-z0-9-]*:", target):
            return None  # another system
        node = self._trie
        for word in (m.group().casefold() for m in TOKEN.finditer(target)):
            found = node.next.get(word)
            if found is None:
                return None
            node = found
        return node.ends[0] if node.ends is not None else None

    def link(self, text: str, *, self_key: str | None = None) -> tuple[str, int]:
        """`text` with its mentions made links, and how many were made."""
        found = list(self.mentions(text, self_key=self_key))
        for mention in reversed(found):
            text = f"{text[: mention.start]}{mention.link}{text[mention.end :]}"
        return text, len(found)


def _capital_word(words: list[str]) -> int | None:
    """Which word of a name must be written with its capital for a mention: the one word
    that is not a common word (`Fear`, the `Hit` of `To Hit`), or none when there are more
    (`morale check` is a mention of Morale check in any case)."""
    own = [index for index, word in enumerate(words) if word not in STOP_WORDS]
    return own[0] if len(own) == 1 else None


def _whole(text: str, start: int, end: int) -> bool:
    """Not glued to a word character or a bracket on either side."""
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or before in "[_" or after.isalnum() or after in "]_")
