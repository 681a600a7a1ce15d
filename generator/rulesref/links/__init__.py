"""Cross-links: finding `[[...]]` in text and resolving them to entries.

A link names an entry by its name or an alias, case-insensitively: `[[Morale check]]`,
`[[Morale check|Morale checks]]` (shown text after the bar), `[[Brutal (3)]]` (a rule with
parameters, given a value), `[[hh2:Brutal (X)]]` (another system).

Every entry's links are resolved once per run (`LinkIndex.entry_links`), for both the checks
and the pages. A long-lived process (`serve`) keeps them in its memo: an entry equal to what
it was last run, whose links all resolved, and whose links looked only in systems whose
names resolve exactly as last run, takes its resolved links from there instead of scanning
its texts again.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

from rulesref.incremental.memo import FRESH, Memo
from rulesref.model import Content, Entry, Param, Scalar, Where, show, texts_of
from rulesref.problems.suggest import closest

MAX_HINTS = 50  # unresolved links per system and run that get a "did you mean"
LINKS, LINK_NAMES, LINK_SYSTEMS = "links", "link-names", "link-systems"  # the memo's stages
LINK = re.compile(r"\[\[([^\[\]\n]*)\]\]")
OPEN = re.compile(r"\[\[")
ROLL = re.compile(r"([1-9])\+")


@lru_cache(maxsize=1 << 16)
def normalise(name: str) -> str:
    """The form names are compared in: NFKC (fullwidth and other compatibility forms become
    the plain letters), invisible format characters dropped, case-folded, single spaces,
    straight quotes. Two names with one form look alike to a reader, so they are one name."""
    if not name.isascii():
        name = "".join(ch for ch in unicodedata.normalize("NFKC", name) if unicodedata.category(ch) != "Cf")
    name = name.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(name.split()).casefold()


def param_call(text: str) -> tuple[str, str] | None:
    """`Brutal (3)` -> ("Brutal", "3"): the name before the last parentheses and what they
    hold, or None when `text` does not end with `(...)` after a name. A scan from the end:
    the regular expression it replaces took quadratic time on a long run of blanks."""
    if not text.endswith(")") or "\n" in text:
        return None
    opening = text.rfind("(", 0, len(text) - 1)
    if opening < 0 or ")" in text[opening + 1 : -1]:
        return None
    base = text[:opening].rstrip()
    return (base, text[opening + 1 : -1]) if base else None


@dataclass(frozen=True)
class LinkMatch:
    """One `[[...]]` in a text: its span, what it points at and the words it shows."""

    start: int
    end: int
    system: str | None
    target: str
    label: str


def find_links(text: str) -> Iterator[LinkMatch | int]:
    """Every link in `text`, in order; an int is the offset of a `[[` that is never closed."""
    closed_at = 0
    for match in LINK.finditer(text):
        for stray in OPEN.finditer(text, closed_at, match.start()):
            yield stray.start()
        closed_at = match.end()
        body = match.group(1)
        target, _, label = body.partition("|")
        system = None
        prefix, colon, rest = target.partition(":")
        if colon and re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", prefix.strip()):
            system, target = prefix.strip(), rest
        target = target.strip()
        yield LinkMatch(match.start(), match.end(), system, target, (label.strip() or target))
    for stray in OPEN.finditer(text, closed_at):
        yield stray.start()


def shown_value(param: Param, value: Scalar) -> str:
    """A parameter's value as a rule's name shows it: a dice target as `4+`."""
    return f"{value}+" if param.type == "roll" and isinstance(value, int) else show(value)


def display_name(entry: Entry, args: Iterable[tuple[str, Scalar]]) -> str:
    """`Brutal (X)` with X=3 is `Brutal (3)`; a dice target is shown as `4+`."""
    given = dict(args)
    call = param_call(entry.name)
    if not given or call is None or not entry.params:
        return entry.name
    return f"{call[0]} ({', '.join(shown_value(p, given.get(p.name, p.name)) for p in entry.params)})"


def plain_text(text: str) -> str:
    """Text with every link replaced by the words it shows (`[[Fearless|fearless]]` -> `fearless`)."""
    return LINK.sub(lambda m: m.group(1).partition("|")[2].strip() or m.group(1).split(":")[-1].strip(), text)


@dataclass(frozen=True)
class Resolved:
    entry: Entry
    args: tuple[tuple[str, Scalar], ...]


def param_value(param: Param, raw: Scalar) -> tuple[Scalar | None, str | None]:
    """The typed value of a parameter written as `raw`, or an error message."""
    text = str(raw).strip()
    if param.type == "int":
        if isinstance(raw, bool) or not re.fullmatch(r"-?[0-9]{1,4}", text):
            return None, f"{param.name} must be a whole number, not `{text}`"
        value: int = int(text)
    elif param.type == "roll":
        match = ROLL.fullmatch(text)
        if isinstance(raw, int) and not isinstance(raw, bool):
            value = raw
        elif match:
            value = int(match.group(1))
        else:
            return None, f"{param.name} must be a dice target such as `4+`, not `{text}`"
    else:
        if text not in param.values:
            return None, f"{param.name} must be one of {', '.join(param.values)}, not `{text}`"
        return text, None
    if (param.min is not None and value < param.min) or (param.max is not None and value > param.max):
        shown = f"{param.min}+ to {param.max}+" if param.type == "roll" else f"{param.min} to {param.max}"
        return None, f"{param.name} must be from {shown}, not `{text}`"
    return value, None


def with_args(entry: Entry, written: str) -> Resolved | str:
    """A link to a rule with parameters, given the values written in its parentheses
    (`3` of `[[Brutal (3)]]`), or why they do not fit."""
    parts = [p.strip() for p in written.split(",")]
    if len(parts) != len(entry.params):
        return f"`{entry.name}` takes {len(entry.params)} parameter(s), not {len(parts)}"
    args: list[tuple[str, Scalar]] = []
    for param, raw in zip(entry.params, parts, strict=True):
        if raw == param.name:  # `[[Brutal (X)]]` names the rule itself
            continue
        value, error = param_value(param, raw)
        if error is not None:
            return f"in `{entry.name}`: {error}"
        assert value is not None
        args.append((param.name, value))
    return Resolved(entry, tuple(args))


def by_name(names: dict[str, Entry], bases: dict[str, Entry], target: str) -> Resolved | str | None:
    """The entry one system's `names` (normalised name -> entry) give a link's target, or
    its `bases` (the names of rules with parameters, before their parentheses) with the
    values written (`Brutal (3)`, or why they do not fit); None when neither names it."""
    entry = names.get(normalise(target))
    if entry is not None:
        return Resolved(entry, ())
    call = param_call(target)
    if call:
        entry = bases.get(normalise(call[0]))
        if entry is not None:
            return with_args(entry, call[1])
    return None


Resolution = Resolved | str | None  # see `LinkIndex.resolve`
UNSEEN = "not a link of the entry's texts"  # a link validation did not see there: shown as its words


def written_resolution(resolutions: dict[tuple[str | None, str], Resolution], link: LinkMatch) -> Resolution:
    """A link's resolution among an entry's (`LinkIndex.resolutions`)."""
    return resolutions.get((link.system, link.target), UNSEEN)


@dataclass(frozen=True)
class TextLinks:
    """One Markdown text of an entry and its links in order, each with what it resolves to
    (an int, the offset of a `[[` never closed, resolves to None)."""

    where: Where
    text: str
    links: tuple[tuple[LinkMatch | int, Resolution], ...]


@dataclass(frozen=True)
class _EntryLinks:
    entry: Entry
    texts: tuple[TextLinks, ...]
    systems: frozenset[str]  # the systems its links looked in
    resolved: bool  # every link resolved (no message, so no "did you mean" was spent on it)

    @cached_property
    def by_target(self) -> dict[tuple[str | None, str], Resolution]:
        """What each link resolved to, by what it names (its system as written, its target)."""
        return {(link.system, link.target): outcome for text in self.texts for link, outcome in text.links if not isinstance(link, int)}


class Lent(NamedTuple):
    """What the checks of other systems learn of one system (`LinkIndex.lent`)."""

    names: dict[str, Entry]  # the names its links resolve by, with the entries they name
    bases: dict[str, Entry]  # its parameterised names' bases: `[[Brutal (3)]]` names `Brutal (X)`
    known: dict[str, str]  # every name an entry of it answers to, those whose file failed its schema too
    unbuilt_bases: frozenset[str]  # the bases of those entries' parameterised names
    entries: tuple[str, ...]  # which of its entries exist (`same_as` asks)
    unbuilt: tuple[str, ...]  # which failed their schema


class LinkIndex:
    """Names and aliases of every entry, per system, for resolving links."""

    def __init__(
        self,
        content: Content,
        extra_names: dict[str, dict[str, str]] | None = None,
        unbuilt: frozenset[str] = frozenset(),
        memo: Memo = FRESH,
        others: frozenset[str] = frozenset(),
    ) -> None:
        """`extra_names` and `unbuilt` (`system:id` keys) describe entries whose files exist but
        failed their schema: references to them are not reported again. A long-lived
        process's `memo` keeps resolved links between runs. `others`: the ids of systems
        that exist beside `content` when it is part of the content (a run over some systems:
        `rulesref.validate.check`); a link into one of them resolves to no entry."""
        self.content = content
        self.unbuilt = unbuilt
        self.hints_left: dict[str, int] = {}  # per system of the linking entry: its links' hints are its own
        self.names: dict[str, dict[str, Entry]] = {}
        self.bases: dict[str, dict[str, Entry]] = {}
        self.known: dict[str, dict[str, str]] = {s: dict(n) for s, n in (extra_names or {}).items()}
        # bases of the unbuilt entries' parameterised names: `[[Brutal (3)]]` names `Brutal (X)`
        self.unbuilt_bases = {
            (system, normalise(call[0]))
            for system, names in self.known.items()
            for name in names.values()
            if (call := param_call(name))
        }
        # (system, name) written by two entries, or twice by one: each such name is a problem
        self.name_clashes: set[tuple[str, str]] = set()
        for entry in content.entries:
            names = self.names.setdefault(entry.system, {})
            known = self.known.setdefault(entry.system, {})
            own: set[str] = set()
            for name in (entry.name, *entry.aliases):
                key = normalise(name)
                if names.setdefault(key, entry) is not entry or key in own:
                    self.name_clashes.add((entry.system, key))
                own.add(key)
                known.setdefault(key, name)
                call = param_call(name)
                if call and entry.params:
                    self.bases.setdefault(entry.system, {}).setdefault(normalise(call[0]), entry)
        self._systems = frozenset({s.id for s in content.systems} | set(self.known) | others)
        self._entry_links: dict[str, _EntryLinks] = {}
        self.memo = memo
        self._same_system: dict[str, bool] = {}  # per system: names resolve as last run
        if memo.keeps:
            kept = memo.kept(LINK_SYSTEMS, None)
            for system in self._systems:
                before = memo.kept(LINK_NAMES, system)
                lent = self.lent(system)
                self._same_system[system] = kept is not None and kept[1] == self._systems and before is not None and before[1] == lent
                memo.keep(LINK_NAMES, system, None, lent)
            memo.keep(LINK_SYSTEMS, None, None, self._systems)

    def lent(self, system: str) -> Lent:
        """What the checks of other systems learn of `system`, worked out here alone for
        both who ask: `serve`, whose links into a system are reused while it lends the same
        (its entries compared whole), and `validate`, whose record of a system's problems
        holds while the systems it reads lend the same (`rulesref.check.kept.facts`)."""
        return Lent(
            self.names.get(system, {}),
            self.bases.get(system, {}),
            self.known.get(system, {}),
            frozenset(b for s, b in self.unbuilt_bases if s == system),
            tuple(e.key for e in self.content.entries_of(system)),
            tuple(sorted(k for k in self.unbuilt if k.partition(":")[0] == system)),
        )

    def systems(self) -> frozenset[str]:
        return self._systems  # gathered once: every link asks

    def resolve(self, system: str, link: LinkMatch) -> Resolved | str | None:
        """The entry a link points at, a message saying why it does not resolve, or None when
        it names an entry that exists but could not be built (its own file has the errors)."""
        in_system = link.system or system
        if in_system not in self.systems():
            return f"no system `{in_system}` in the content{self._hint(system, sorted(self.systems()), in_system)}"
        key = normalise(link.target)
        if not key:
            return "empty link"
        found = by_name(self.names.get(in_system, {}), self.bases.get(in_system, {}), link.target)
        if found is not None:
            return found
        call = param_call(link.target)
        if key in self.known.get(in_system, {}) or (call and (in_system, normalise(call[0])) in self.unbuilt_bases):
            return None  # an entry whose file failed its schema: reported there, not again here
        where = f" in {in_system}" if link.system else ""
        candidates = list(self.known.get(in_system, {}).values())
        return f"no entry named `{link.target}`{where}{self._hint(system, candidates, link.target)}"

    def entry_links(self, entry: Entry) -> tuple[TextLinks, ...]:
        """Every text of `entry` with its links resolved; once per entry and run. Checks
        call this in content order, so fresh resolutions spend "did you mean" hints in the
        same order as a run without `previous` (reused ones never spent any)."""
        known = self._entry_links.get(entry.key)
        if known is not None:
            return known.texts
        kept = self._reusable(entry)
        found = self.memo.reuse(LINKS, entry.key, kept) if kept is not None else self.memo.keep(LINKS, entry.key, entry, self._resolve_entry(entry))
        self._entry_links[entry.key] = found
        return found.texts

    def resolutions(self, entry: Entry) -> dict[tuple[str | None, str], Resolution]:
        """What each link of `entry`'s texts resolved to when they were checked, by what it
        names (its system as written, its target): the renderers write links from this, so
        a page links where validation said (`resolution`)."""
        self.entry_links(entry)
        return self._entry_links[entry.key].by_target

    def systems_read(self, entry: Entry) -> frozenset[str]:
        """The systems `entry`'s links looked in (the names of those alone decide them)."""
        self.entry_links(entry)
        return self._entry_links[entry.key].systems

    def resolution(self, entry: Entry, link: LinkMatch) -> Resolution:
        """What a link of `entry`'s texts resolved to (see `resolutions`)."""
        return written_resolution(self.resolutions(entry), link)

    def _reusable(self, entry: Entry) -> tuple[Entry, _EntryLinks] | None:
        """What the memo kept of the links the last run resolved for an entry equal to this
        one, when they all resolved and every system they looked in resolves names as it did
        then (the same names of equal entries, the same names of unbuilt entries)."""
        kept = self.memo.kept(LINKS, entry.key)
        if kept is None or kept[0] != entry or not kept[1].resolved:
            return None
        return kept if all(self._same_system.get(system, False) for system in kept[1].systems) else None

    def _resolve_entry(self, entry: Entry) -> _EntryLinks:
        texts: list[TextLinks] = []
        systems: set[str] = set()
        resolved = True
        for where, text in texts_of(entry):
            found: list[tuple[LinkMatch | int, Resolution]] = []
            for link in find_links(text):
                if isinstance(link, int):
                    found.append((link, None))
                    continue
                systems.add(link.system or entry.system)
                outcome = self.resolve(entry.system, link)
                resolved = resolved and not isinstance(outcome, str)
                found.append((link, outcome))
            texts.append(TextLinks(where, text, tuple(found)))
        return _EntryLinks(entry, tuple(texts), frozenset(systems), resolved)

    def _hint(self, system: str, candidates: list[str], word: str) -> str:
        """"; did you mean ...?" for the first MAX_HINTS unresolved links of a system's
        entries in a run: each hint compares the word with every name of the system linked
        to, so a file of thousands of broken links would otherwise cost seconds (their
        problems are still all reported). Counted per system, so what one system's links
        are told depends on no other system's mistakes."""
        left = self.hints_left.get(system, MAX_HINTS)
        if left <= 0:
            return ""
        self.hints_left[system] = left - 1
        match = closest(word, candidates)
        if match is None:
            base = param_call(word)
            match = closest(base[0], candidates) if base else None
        return f"; did you mean `{match}`?" if match else ""
