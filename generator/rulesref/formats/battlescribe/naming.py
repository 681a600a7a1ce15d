"""Names and ids: what an upstream name becomes in content.

Content names may not hold `[ ] | : < > { }` (they would break `[[links]]` and Markdown) and
ids are kebab-case ASCII that must also be usable as Python module names. An upstream name
outside those rules is changed as little as possible; the exact upstream name is kept in
the entry's `origin` (cut, marked and hashed, past the schema's bound for it: the report
then lists it whole, as a renamed name).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rulesref.check.lookalike import lookalike_reason, script_of
from rulesref.formats.battlescribe.fit import bound, cut
from rulesref.formats.battlescribe.numbers import whole
from rulesref.names import RESERVED_ENTRY_IDS, python_name, python_reason
from rulesref.read.load import FORBIDDEN_CHARS
from rulesref.support.schemas import ENTRY
from rulesref.support.slugs import MAX_ID

MAX_NAME = bound(ENTRY, "name")  # 80
MAX_ORIGIN_NAME = bound(ENTRY, "origin", "name")  # 300
_NAME_REPLACEMENTS = str.maketrans({"[": "(", "]": ")", "{": "(", "}": ")", "<": "(", ">": ")", "|": "/", "\t": " ", "\n": " ", "\r": " "})
# Letters of other scripts that look like Latin ones, as typed into a name by accident (or
# pasted from a PDF): a word that mixes them with Latin letters gets the Latin ones.
_LATIN_LOOKALIKES = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеѕіјорсхуԁһӏԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοϲνρτυχ",
    "ABESIJKMHOPCTXYaesijopcxydhlqwABEZHIKMNOPTYXocvptux",
)


def clean_name(name: str) -> tuple[str, tuple[str, ...]]:
    """A name without what `validate` refuses in names (the same definitions: `read.load`'s
    forbidden characters and `check.lookalike`), and why it changed. Text once decoded with
    the wrong encoding is read right first. Compatibility forms
    (fullwidth letters, ligatures) become plain letters, invisible format characters
    (U+200B, U+00AD, U+FEFF...) and control characters go, a word that mixes scripts
    gets Latin letters for the look-alikes of other scripts (a Cyrillic `а` in `Brutаl`), and
    one that still mixes them is parted where its script changes."""
    reasons: list[str] = []
    text = _repaired(name)
    if text != name:
        reasons.append("UTF-8 read as Windows-1252")
    if FORBIDDEN_CHARS.search(text):
        reasons += sorted({f"U+{ord(c):04X}" for c in FORBIDDEN_CHARS.findall(text)})
        text = FORBIDDEN_CHARS.sub(" ", text)
    if not text.isascii():
        folded = unicodedata.normalize("NFKC", text)
        invisible = sorted({f"U+{ord(c):04X}" for c in folded if unicodedata.category(c) == "Cf"})
        folded = "".join(c for c in folded if unicodedata.category(c) != "Cf")
        if folded != text:
            reasons += invisible or ["compatibility characters"]
            text = folded
        if lookalike_reason(text):
            words = [_latin_lookalikes(word) for word in text.split(" ")]
            text = " ".join(words)
            reasons.append("look-alike letters of another script")
        if lookalike_reason(text):  # scripts mixed with no Latin among them (`אؠ`): each its own word
            text = " ".join(_parted(word) for word in text.split(" "))
            reasons.append("letters of several scripts in one word, parted")
    return text, tuple(reasons)


def _parted(word: str) -> str:
    """A word whose letters come from several scripts, a space wherever the script changes
    (every letter kept; what is no letter stays with the letters before it)."""
    out: list[str] = []
    current = None
    for char in word:
        script = script_of(char)
        if script is not None and current is not None and script != current:
            out.append(" ")
        current = script or current
        out.append(char)
    return "".join(out)


_MOJIBAKE = re.compile("[\u00c2\u00c3\u00e2][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u203a\u20ac\u2122]")


def _repaired(text: str) -> str:
    """Text whose UTF-8 bytes were once read as Windows-1252 (`Anzionâ€™s` for `Anzion’s`),
    read right; any other text as it is."""
    if not _MOJIBAKE.search(text):
        return text
    try:
        return text.encode("cp1252").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return text


def _latin_lookalikes(word: str) -> str:
    """A word that mixes Latin letters with others' look-alikes, in Latin letters; letters
    with no Latin look-alike are kept when the word is mostly theirs, dropped otherwise."""
    scripts = {s for s in map(script_of, word) if s is not None}
    if len(scripts) < 2 or "LATIN" not in scripts:
        return word
    mapped = word.translate(_LATIN_LOOKALIKES)
    if lookalike_reason(mapped) is None:
        return mapped
    return "".join(c for c in mapped if script_of(c) in (None, "LATIN"))


_UNWRITABLE = re.compile(f"[\n\r]|{FORBIDDEN_CHARS.pattern}")


def origin_name(name: str) -> str:
    """The upstream name as `origin.name` keeps it: exactly, but for the characters no
    content file may hold (a byte order mark, control characters, line breaks), which are
    written as `<U+FEFF>`. The name is then told apart from a clean one, and read back.
    A name longer than `origin.name` may be is cut to fit (`fit.cut`): the same name is cut
    the same way on every import, so the entry is found again by it."""
    return cut(_UNWRITABLE.sub(lambda m: f"<U+{ord(m.group()):04X}>", name) or "Unnamed", MAX_ORIGIN_NAME)


def content_name(name: str, limit: int = MAX_NAME) -> str:
    """`Warlord Trait: Fury [Melee]` -> `Warlord Trait - Fury (Melee)`: a valid content name
    (also fit for profile and characteristic names, with their own `limit`)."""
    text = re.sub(r"\s*:\s*", " - ", clean_name(name)[0].translate(_NAME_REPLACEMENTS))
    text = " ".join(text.split()).strip(" -/")
    if len(text) > limit:
        text = text[: limit - 3].rstrip(" -/(") + "..."
    return text or "Unnamed"


MAX_VALUE = 4000  # the schema's bound on a characteristic's value: far above any printed cell


def profile_value(value: str) -> tuple[str, bool]:
    """A characteristic's value on one line, without `< > { }`, and whether it had to be cut
    to the schema's bound (the caller lists every cut)."""
    text = " ".join(clean_name(value)[0].translate(_NAME_REPLACEMENTS).split())
    if len(text) <= MAX_VALUE:
        return text, False
    return text[: MAX_VALUE - 3].rstrip() + "...", True


def usable_id(ident: str, kind: str) -> str:
    """An id whose module name is not a Python keyword or builtin (`range` -> `range-rule`)."""
    if ident in RESERVED_ENTRY_IDS or python_reason(python_name(ident)):
        return suffixed_id(ident, f"-{kind}")
    return ident


def suffixed_id(ident: str, suffix: str) -> str:
    """An id with a suffix (`-rule`, `-2`), cut to fit the id's bound at a whole word: an id
    cut inside `a-b` must not end in `-` and make `a--2`, which is no kebab-case."""
    return ident[: MAX_ID - len(suffix)].rstrip("-") + suffix


@dataclass(frozen=True)
class SystemNames:
    name: str
    short_name: str
    edition: str


_EDITION = re.compile(r"\s*(?:[-:,]\s*)?\(?\b(?:(?P<ordinal>[0-9]{1,2}(?:st|nd|rd|th))\s+edition|(?P<year>(?:19|20)[0-9]{2}))\b\)?", re.IGNORECASE)
MAX_SHORT = 30


DATA_REVISION = "BattleScribe data revision "  # how an edition names the revision of the data it was imported from


def data_revision(edition: str) -> int | None:
    """The revision of the game system data an imported system was made from, as its
    edition records it (`system_names`), or None (also for one that is no number as the
    import writes it: an edition is edited by hand too)."""
    match = re.search(re.escape(DATA_REVISION) + r"([0-9]+)(?![0-9])", edition)
    return whole(match.group(1)) if match else None


def system_names(upstream: str, revision: str | None, system_id: str) -> SystemNames:
    """What a game system file's name gives the system: its name, a short name for badges
    and the nav, and its edition (`Warhammer 40,000 7th Edition` -> `Warhammer 40,000`,
    `Warhammer 40,000 7th`, `7th Edition, BattleScribe data revision 2041`)."""
    name = " ".join(re.sub(r"[<>{}\[\]]", "", clean_name(upstream)[0]).split())[:100].strip() or system_id
    match = _EDITION.search(name)
    data = f"{DATA_REVISION}{revision}" if revision else "BattleScribe data"
    edition = data
    base = name
    if match is not None:
        printed = f"{match.group('ordinal')} Edition" if match.group("ordinal") else match.group("year")
        edition = f"{printed}, {data}"
        base = (name[: match.start()] + " " + name[match.end() :]).strip(" -:,")
        base = " ".join(base.split())
    short = base.split(":")[0].strip() or base
    mark = (match.group("ordinal") or match.group("year")) if match is not None else None
    if mark:
        short = f"{short} {mark}"
    if len(short) > MAX_SHORT:
        short = short[:MAX_SHORT].rsplit(" ", 1)[0].rstrip(" -:,") or short[:MAX_SHORT]
    return SystemNames(name, short, edition[:100])
