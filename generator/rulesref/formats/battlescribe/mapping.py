"""The mapping: BattleScribe records -> rulesref entries (the README states it for users).

- Every `<rule>` and every profile of a one-characteristic type (`Description`, `Text`) is a
  rule. Rules with the same name are one rule, and so are names that differ only in how
  they are written (`Hit & Run` and `Hit and Run`, `Twin-linked` and `Twin Linked`): its
  text is chosen by precedence (the game system file first, then the catalogue of the
  rule's own book, then the longest text), the other texts are recorded as variants in the
  import report, and the other spellings become aliases.
- Names that differ only by a bracketed value (`Stout Heart (5+)`, `Stout Heart (6+)`,
  `Stout Heart (X)`) are one parameterised rule `Stout Heart (X)`; a unit's link to one of
  them becomes `{rule: stout-heart, X: 5}`.
- Names are cleaned of what `validate` refuses (invisible characters, look-alike letters of
  another script, `[ ] | :`...); the exact name stays in `origin.name`.
- Each catalogue that is not a library is an army; units carry the armies that can take
  them and their battlefield role, rules the armies whose catalogues hold them (a rule of
  the game system is a core rule, of no army).
- What a force can take (`forces`: root entries of type unit or model) are units: their
  rules in the order written (a link's name modifier, `Brutal (3)`, gives the parameter),
  and their profiles, each row with the rules it has itself (`rows`); rules of default
  wargear that belongs to no row go to the unit's `wargear`; each option (`units`) lists what
  it brings: its rules, its rows, or the unit it is.
- Publications and free-text book names become the system's books (`books`); `page` is kept.
- Text is cleaned (`text.clean_text`), a dice table in it becomes `table` data
  (`text.find_table`), mentions of the names of rules and of hand-written glossary terms
  become links (`rulesref.links.mentions`), and the summary is derived from the first sentence
  before any table (`text.derive_summary`) and marked as derived. A rule the data gives no
  text (or only its table) has no `text`; its summary says so.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rulesref.formats.battlescribe.books import Books
from rulesref.formats.battlescribe.existing import Existing
from rulesref.formats.battlescribe.fit import bound, cut
from rulesref.formats.battlescribe.forces import Key, LeftOut
from rulesref.formats.battlescribe.index import MissingCatalogue
from rulesref.formats.battlescribe.naming import (
    MAX_NAME,
    clean_name,
    content_name,
    origin_name,
    profile_value,
    suffixed_id,
    system_names,
    usable_id,
)
from rulesref.formats.battlescribe.records import Data, OptionElement, ProfileRow, RuleElement, RuleUse, UnitElement
from rulesref.formats.battlescribe.rows import Disagreement, Ref, place_rules
from rulesref.formats.battlescribe.text import clean_text, defused, derive_summary, find_table
from rulesref.links import normalise
from rulesref.links.mentions import Linker
from rulesref.names import RESERVED_ENTRY_IDS
from rulesref.support.schemas import ENTRY
from rulesref.support.slugs import slug

Scalar = int | str
PARAM_FORM = re.compile(r"^(?P<base>.*?\S)\s*\(\s*(?P<value>[^()]*?)\s*\)$")
VALUE_KINDS = (
    ("placeholder", re.compile(r"[A-Z]")),
    ("int", re.compile(r"-?[0-9]{1,3}")),
    ("roll", re.compile(r"[1-9]\+")),
    ("dice", re.compile(r"([1-9][0-9]?)?D(3|6)([+-][1-9][0-9]?)?")),
)
OPTION_ELEMENT_BOUND = bound(ENTRY, "option", "element")  # the schema's bound on an option's element id
ELEMENT_BOUND = bound(ENTRY, "origin", "element")  # and on the element an entry's origin records
OPTION_ORDER = ("name", "group", "rules", "rows", "unit", "element")
PARAM_SUMMARY = "The value written in brackets after the rule's name."
WEAPON_TYPE = re.compile(r"weapon", re.IGNORECASE)
STATLINE_TYPE = re.compile(r"\b(unit|model|models|statline|characteristics|vehicle|walker|monster|character)\b", re.IGNORECASE)


def fingerprint(value: Any) -> str:
    """A short, stable hash of any JSON value (16 hex digits of SHA-256)."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def merge_key(name: str) -> str:
    """The form in which two rule names are one rule: `Hit & Run` and `Hit and Run`,
    `Twin-linked` and `Twin Linked`, `It Will Not Die!` and `It Will Not Die` (the
    brackets and `+` of a parameter's value are kept)."""
    text = normalise(clean_name(name)[0]).replace("&", " and ")
    return " ".join(re.sub(r"[^\w()+]+", " ", text).split())


def _army_words(catalogue: str) -> str:
    """A catalogue's name without its book and edition, as a qualifier reads best:
    `Blood Angels: Codex (2014)` is `Blood Angels` (a name taken twice is numbered)."""
    head = re.split(r"\s*[:\u2013\u2014]\s*|\s+-\s+|\s*\(", catalogue, maxsplit=1)[0].strip()
    return head if any(c.isalpha() for c in head) else catalogue


def _value_kind(value: str) -> str | None:
    return next((kind for kind, pattern in VALUE_KINDS if pattern.fullmatch(value)), None)


@dataclass
class PlannedEntry:
    id: str
    kind: str
    fields: dict[str, Any]  # the importer's fields, in the order they are written
    origin: dict[str, Any]
    derived: list[str]


@dataclass
class Conflict:
    """One rule name that the data gives several texts: each text is an entry of its own,
    the first under the bare name (`variants` holds the content names and where each text is)."""

    name: str
    variants: list[tuple[str, str]]  # (content name, file:line of its text)
    ids: list[str] = field(default_factory=list)  # the rules, the first text's first

    @property
    def first(self) -> str:
        return self.ids[0]


@dataclass
class Plan:
    system: dict[str, Any]
    entries: list[PlannedEntry] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # (file:line, what, reason)
    renamed: list[tuple[str, str]] = field(default_factory=list)  # (upstream name, content name)
    cleaned: list[tuple[str, str, str]] = field(default_factory=list)  # (upstream name, content name, what was removed)
    merged: list[tuple[str, str]] = field(default_factory=list)  # (spelling, the rule's name): one rule
    books_merged: list[tuple[str, str]] = field(default_factory=list)  # (title as cited, the book's title)
    disagreements: list[Disagreement] = field(default_factory=list)
    kept: list[tuple[str, str]] = field(default_factory=list)  # (upstream name, hand-written id)
    no_text: list[tuple[str, str]] = field(default_factory=list)  # (rule name, file:line): imported without text
    first_text: dict[str, str] = field(default_factory=dict)  # rule id -> the rule of its name's first text
    takeable: int = 0  # distinct things a force can take
    missing: list[MissingCatalogue] = field(default_factory=list)  # catalogues linked and not among the sources
    unresolved: dict[str, int] = field(default_factory=dict)  # file -> links whose target is in no file read
    left_out: list[LeftOut] = field(default_factory=list)  # of those, what is no unit, and why
    cut: list[tuple[str, str, int]] = field(default_factory=list)  # (row, characteristic, characters): cells cut to the schema's bound
    links: int = 0
    tables: int = 0


@dataclass
class _RuleGroup:
    key: str
    name: str  # upstream name (base name for a parameterised rule)
    elements: list[RuleElement]
    param: str | None = None  # the parameter's name, for a parameterised rule
    kind: str | None = None  # int, roll, dice
    values: dict[str, Scalar] = field(default_factory=dict)  # merge key of an upstream name -> value
    id: str = ""
    content_name: str = ""
    qualifier: str | None = None  # what tells this text of the name from its others (a unit, an army)
    family: str = ""  # the key of the name every text of it shares


def _rank(element: RuleElement, catalogue_books: dict[str, str]) -> tuple[int, int, int, str, int]:
    """Precedence: the game system file, then the catalogue of the rule's own book, then
    the longest text (ties: file name, line). An empty text never wins over a written one."""
    origin = element.origin
    if origin.kind == "gst":
        place = 0
    else:
        book = (element.book or "").casefold()
        printed_in = f"{catalogue_books.get(origin.file, '')} {origin.catalogue}".casefold()
        place = 1 if not book or book in printed_in else 2
    return (0 if element.text.strip() else 1, place, -len(element.text), origin.file, origin.line)


class _Mapper:
    def __init__(self, data: Data, system_id: str, name: str | None, existing: Existing) -> None:
        self.data = data
        self.system_id = system_id
        self.existing = existing
        self.plan = Plan(system={})
        self.taken_ids: set[str] = set(existing.by_id) | set(RESERVED_ENTRY_IDS)
        self.taken_names: dict[str, str] = {n: e.id for n, e in existing.hand_names.items()}
        self.name = name
        self.rule_of_element: dict[tuple[str, str], _RuleGroup] = {}  # (file, element id) -> its rule
        self.rule_of_id: dict[str, _RuleGroup] = {}  # element id -> the first rule of that id
        self.group_of_key: dict[str, _RuleGroup] = {}  # merge key of every name and base -> its group
        self.ref_of_name: dict[str, Ref] = {}
        self.rule_names: dict[str, str] = {}  # rule id -> its content name
        self.family_of: dict[str, str] = {}  # rule id -> the key of the name every text of it shares
        self.profile_type_ids: dict[str, str] = {}
        self.characteristic_names: dict[str, dict[str, str]] = {}  # type id -> upstream -> content
        self.next_number: dict[str, int] = {}  # qualified name -> next number to try
        self.link_names: dict[str, list[tuple[str, str]]] | None = None
        self.reused: set[str] = set()  # ids of imported entries found again by their origin
        self.army_ids = self._army_ids()
        known_books = {i: b["title"] for i, b in ((existing.system or {}).get("books") or {}).items() if isinstance(b, dict) and isinstance(b.get("title"), str)}
        self.books = Books(self._cited_titles(), known_books)
        rule_names = {normalise(origin_name(r.name)) for r in data.rules}
        rule_names |= {normalise(origin_name(m.group("base"))) for r in data.rules if (m := PARAM_FORM.fullmatch(r.name))}
        self.upstream_names = {"rule": rule_names, "unit": {normalise(origin_name(u.name)) for u in data.units}}
        self.upstream_elements = {"rule": {cut(r.id, ELEMENT_BOUND) for r in data.rules}, "unit": {cut(u.id, ELEMENT_BOUND) for u in data.units}}

    def _reuse(self, kind: str, element: str, name: str, file: str) -> str | None:
        """The id of the entry an earlier import made of this element, if any (found by the
        element as `origin` keeps it, cut to its bound, and by name). Catalogues copy each
        other's ids, so an entry made from this element's own file is taken first: two
        texts of one id and name in two files keep their own entries on every import."""
        recorded = cut(element, ELEMENT_BOUND)
        found = self.existing.imported(kind, recorded, origin_name(name))
        for again in sorted(found, key=lambda e: (e.origin or {}).get("file") != file):
            named = normalise(str((again.origin or {}).get("name", "")))
            if named != normalise(origin_name(name)) and named in self.upstream_names[kind]:
                continue  # the same element id, but another name that is still imported: not this one
            other = str((again.origin or {}).get("element", ""))
            if other != recorded and other in self.upstream_elements[kind]:
                continue  # the same name, but made of another element that is still imported (another text of it)
            if again.id not in self.reused:
                self.reused.add(again.id)
                return again.id
        return None

    # -- ids, names, armies and books ---------------------------------------------------------

    def _army_ids(self) -> dict[str, str]:
        """Army (its file) -> army id (kebab-case, one per army), in the data's order."""
        ids: dict[str, str] = {}
        for army in self.data.armies:
            ident, number = slug(content_name(army.name, 100), fallback="army"), 2
            base = ident
            while ident in ids.values():
                ident = f"{base[:56]}-{number}"
                number += 1
            ids[army.id] = ident
        return ids

    def armies_of(self, armies: Sequence[str | None]) -> list[str]:
        """Army ids of the given armies (their files), each once, in the order they are listed."""
        wanted = {c for c in armies if c}
        return [self.army_ids[a.id] for a in self.data.armies if a.id in wanted]

    @property
    def army_order(self) -> list[str]:
        return list(self.army_ids.values())

    def _cited_titles(self) -> list[str]:
        """Every book title as the rules and units cite it, once per citation."""
        titles = []
        for book in [*(r.book for r in self.data.rules), *(u.book for u in self.data.units)]:
            if book:
                publication = self.data.publications.get(book)
                titles.append(publication.name if publication is not None else self._publication_title(book))
        return titles

    def _publication_title(self, book: str) -> str:
        """A free-text book name, or the publication whose short name it is."""
        key = normalise(book)
        for other in self.data.publications.values():
            if normalise(other.short_name or "") == key:
                return other.name
        return book

    def _source(self, book: str | None, page: int | None) -> dict[str, Any] | None:
        if not book:
            return None
        publication = self.data.publications.get(book)
        citation = self.books.cite(publication.name if publication is not None else self._publication_title(book))
        if citation is None:
            return None
        source: dict[str, Any] = {"book": citation.book}
        if page is not None:
            source["page"] = page
        if citation.section:
            source["section"] = citation.section
        return source

    def _claim_id(self, wanted: str, kind: str) -> str:
        ident = usable_id(wanted, kind)
        base, number = ident, 2
        while ident in self.taken_ids:
            ident = suffixed_id(base, f"-{number}")
            number += 1
        self.taken_ids.add(ident)
        return ident

    def _claim_name(self, upstream: str, qualifier: str, ident: str) -> str:
        name = content_name(upstream)
        if normalise(name) in self.taken_names:
            name = content_name(f"{upstream} ({qualifier})")
            key = normalise(name)
            number = self.next_number.get(key, 2)
            qualified = name
            while normalise(name) in self.taken_names:
                suffix = f" #{number}"  # after any cut, so the number always shows
                name = content_name(qualified, MAX_NAME - len(suffix)) + suffix
                number += 1
            self.next_number[key] = number
        if name != upstream:
            self.plan.renamed.append((upstream, name))
            removed = clean_name(upstream)[1]
            if removed:
                self.plan.cleaned.append((upstream, name, ", ".join(removed)))
        self.taken_names[normalise(name)] = ident
        return name

    # -- rules ------------------------------------------------------------------------

    def group_rules(self) -> list[_RuleGroup]:
        """Rules by name; names that differ only in a bracketed value form one group, and
        so do names that are one name written differently (`merge_key`)."""
        by_name: dict[str, list[RuleElement]] = {}
        for rule in self.data.rules:
            by_name.setdefault(merge_key(rule.name), []).append(rule)
        by_base: dict[str, list[tuple[str, str]]] = {}  # base -> [(merge key of the name, value)]
        for key, rules in by_name.items():
            match = PARAM_FORM.fullmatch(rules[0].name)
            if match and _value_kind(match.group("value")):
                by_base.setdefault(merge_key(match.group("base")), []).append((key, match.group("value")))
        groups: list[_RuleGroup] = []
        consumed: set[str] = set()
        for base, named in sorted(by_base.items()):
            kinds = {_value_kind(v) for _, v in named} - {"placeholder"}
            if len(kinds) > 1:
                continue  # `Rule (2)` and `Rule (4+)`: not one parameter; kept as separate rules
            elements = [r for key, _ in named for r in by_name[key]] + by_name.get(base, [])
            first = PARAM_FORM.fullmatch(min((r for key, _ in named for r in by_name[key]), key=lambda r: (r.origin.kind != "gst", r.origin.file, r.origin.line)).name)
            assert first is not None
            placeholders = [v for _, v in named if _value_kind(v) == "placeholder"]
            group = _RuleGroup(base, first.group("base"), elements, param=placeholders[0] if placeholders else "X", kind=kinds.pop() if kinds else "int")
            for key, value in [*named, *self._linked_values(base)]:
                if _value_kind(value) == group.kind:
                    group.values[key] = int(value) if group.kind == "int" else value
            groups.append(group)
            consumed.update(key for key, _ in named)
            consumed.add(base)
        for key, rules in sorted(by_name.items()):
            if key not in consumed:
                chosen = min(rules, key=lambda r: _rank(r, self.data.catalogue_books))
                groups.append(_RuleGroup(key, chosen.name, rules))
        return groups

    def by_text(self, groups: list[_RuleGroup]) -> list[_RuleGroup]:
        """Each text of a name is a rule of its own: a link shows the text of the element it
        targets, never another army's. Texts are one text when they differ only in spacing,
        or, for a rule with a parameter, only in the value its name gives (`Feel No Pain
        (5+)`'s 5+). The text that the game system holds, or else the most catalogues hold,
        keeps the bare name; each other is named by what tells it apart: the one unit that
        has it, else the one catalogue that holds it. Copies without text are a text of
        their own (a link to one shows that the data gives none, not another copy's text),
        unless the game system holds the name: empty copies of a core rule stand for it."""
        users = self._users()
        split: list[_RuleGroup] = []
        for group in groups:
            group.family = group.key
            texts: dict[str, list[RuleElement]] = {}  # "" holds the elements without text
            for element in group.elements:
                texts.setdefault(self._text_key(element, group), []).append(element)
            if len(texts) < 2:
                split.append(group)
                continue
            untexted = texts.pop("", [])
            if any(e.origin.kind == "gst" for es in texts.values() for e in es):
                core = next(key for key, es in texts.items() if any(e.origin.kind == "gst" for e in es))
                texts[core] += untexted  # empty copies of a core rule stand for it
            elif untexted:
                texts[""] = untexted
            ranked = sorted(texts.values(), key=lambda es: (not any(e.origin.kind == "gst" for e in es), -len({e.origin.file for e in es}), min(_rank(e, self.data.catalogue_books) for e in es)))
            group.elements = ranked[0]
            split.append(group)
            if len(ranked) < 2:
                continue
            for number, elements in enumerate(ranked[1:], start=2):
                variant = _RuleGroup(f"{group.key}\u0000{number}", group.name, elements, group.param, group.kind, dict(group.values), family=group.key)
                variant.qualifier = self._qualifier(elements, users)
                split.append(variant)
        return split

    def _text_key(self, element: RuleElement, group: _RuleGroup) -> str:
        text = " ".join(clean_text(element.text).split())
        match = PARAM_FORM.fullmatch(element.name) if group.param else None
        if match and match.group("value") and _value_kind(match.group("value")) != "placeholder":
            text = text.replace(match.group("value"), "\u0000")
        return text

    def _users(self) -> dict[tuple[str, str], set[str]]:
        """The names of the units that have each rule element, as their own or an option's."""
        users: dict[tuple[str, str], set[str]] = {}
        for unit in self.data.units:
            uses = [*unit.rules, *unit.wargear, *(u for p in unit.profiles for u in p.rules), *(u for o in unit.shared for u in o.uses), *(u for o in unit.options for u in o.rules)]
            for use in uses:
                users.setdefault((use.file, use.target), set()).add(unit.name)
        return users

    def _qualifier(self, elements: list[RuleElement], users: dict[tuple[str, str], set[str]]) -> str:
        units = {name for e in elements for name in users.get(e.key, ())}
        if len(units) == 1:
            return next(iter(units))
        catalogues = {_army_words(e.origin.catalogue) for e in elements}
        if len(catalogues) == 1:
            return next(iter(catalogues))
        return _army_words(min(elements, key=lambda e: _rank(e, self.data.catalogue_books)).origin.catalogue)

    def _linked_values(self, base: str) -> list[tuple[str, str]]:
        """Values that links give a rule by name (`Hardy (2)` on a link to `Hardy (X)`)."""
        if self.link_names is None:
            self.link_names = {}
            uses = [u for unit in self.data.units for u in (*unit.rules, *unit.wargear, *(r for p in unit.profiles for r in p.rules), *(r for o in unit.shared for r in o.uses))]
            for use in uses:
                match = PARAM_FORM.fullmatch(use.name or "")
                if match and _value_kind(match.group("value")):
                    self.link_names.setdefault(merge_key(match.group("base")), []).append((merge_key(use.name or ""), match.group("value")))
        return self.link_names.get(base, [])

    def _params(self, group: _RuleGroup) -> dict[str, Any]:
        assert group.param is not None
        values = list(group.values.values())
        if group.kind == "dice":
            return {group.param: {"type": "dice", "summary": PARAM_SUMMARY, "values": sorted({str(v) for v in values}) or ["D6"]}}
        if group.kind == "roll":
            rolls = [int(str(v).rstrip("+")) for v in values]
            return {group.param: {"type": "roll", "summary": PARAM_SUMMARY, "min": min([2, *rolls]), "max": max([6, *rolls])}}
        numbers = [int(v) for v in values] or [1, 10]
        return {group.param: {"type": "int", "summary": PARAM_SUMMARY, "min": min(numbers), "max": max(numbers)}}

    def _hand_written(self, group: _RuleGroup) -> Any:
        for name in (group.name, *(e.name for e in group.elements)):
            hand = self.existing.hand_names.get(normalise(clean_name(name)[0]))
            if hand is not None and hand.kind == "rule":
                return hand
        return None

    def name_rules(self, groups: list[_RuleGroup]) -> list[_RuleGroup]:
        """Ids and names; a rule named like a hand-written rule is that rule (its other texts
        stay rules of their own, named apart)."""
        written = []
        for group in sorted(groups, key=lambda g: g.key):
            hand = self._hand_written(group) if group.qualifier is None else None
            if hand is not None:
                group.id = hand.id
                self.rule_names[hand.id] = str(hand.data.get("name", hand.id))
                self.plan.kept.append((group.name, hand.id))
            else:
                chosen = min(group.elements, key=lambda r: _rank(r, self.data.catalogue_books))
                shown = f"{group.name} ({group.param})" if group.param else group.name
                named = group.name
                if group.qualifier is not None:
                    shown, named = f"{shown} ({group.qualifier})", f"{group.name} {group.qualifier}"
                group.id = self._reuse("rule", chosen.id, group.name, chosen.origin.file) or self._claim_id(slug(clean_name(named)[0], fallback="rule"), "rule")
                group.content_name = self._claim_name(shown, chosen.origin.catalogue, group.id)
                self.rule_names[group.id] = group.content_name
                written.append(group)
            self.family_of[group.id] = group.family
            for element in group.elements:
                self.rule_of_element[element.key] = group
                self.rule_of_id.setdefault(element.id, group)
            if group.qualifier is not None:
                continue  # a name (and a link made from a mention of it) means the text it has first
            self.group_of_key[group.key] = group
            for element in group.elements:
                key = merge_key(element.name)
                self.group_of_key.setdefault(key, group)
                value = group.values.get(key)
                self.ref_of_name[key] = (group.id, {group.param: value} if value is not None and group.param else {})
            if group.param:
                self.ref_of_name.setdefault(group.key, (group.id, {}))
        return written

    def rule_entry(self, group: _RuleGroup) -> PlannedEntry:
        chosen = min(group.elements, key=lambda r: _rank(r, self.data.catalogue_books))
        text = clean_text(chosen.text)
        if not text:
            self.plan.no_text.append((group.name, f"{chosen.origin.file}:{chosen.origin.line}"))
        fields: dict[str, Any] = {"name": group.content_name}
        aliases = self._aliases(group)
        if aliases:
            fields["aliases"] = aliases
        fields["summary"] = ""  # derived once the text has its links
        table = find_table(text)
        if table is not None:
            self.plan.tables += 1
            text = table.text
            fields["table"] = table.data
        if text:  # a rule the data gives no text (or only its table) has none: its summary says so
            fields["text"] = text
        if group.param:
            fields["params"] = self._params(group)
        source = self._source(chosen.book, chosen.page)
        if source:
            fields["source"] = source
        origins = [e.origin for e in group.elements]
        armies = [] if any(o.kind == "gst" for o in origins) else self.armies_of([o.army for o in origins])
        if armies:
            fields["armies"] = armies
        origin: dict[str, Any] = {"from": "battlescribe", "file": chosen.origin.file, "element": chosen.id, "name": origin_name(group.name), "hash": fingerprint(chosen.text)}
        also = sorted({e.id for e in group.elements} - {chosen.id})
        if also:  # a roster names whichever copy its catalogue holds
            origin["also"] = also
        return PlannedEntry(group.id, "rule", fields, origin, ["summary"])

    def conflicts(self, written: list[_RuleGroup]) -> list[Conflict]:
        """Each name the data gives several texts, with the entry each text became."""
        families: dict[str, list[_RuleGroup]] = {}
        for group in written:
            families.setdefault(group.family, []).append(group)
        found = []
        for members in families.values():
            if len(members) > 1:
                members.sort(key=lambda g: (g.qualifier is not None, g.key))
                where = [min(g.elements, key=lambda r: _rank(r, self.data.catalogue_books)).origin for g in members]
                found.append(Conflict(members[0].name, [(g.content_name, f"{o.file}:{o.line}") for g, o in zip(members, where, strict=True)], [g.id for g in members]))
        return found

    def _aliases(self, group: _RuleGroup) -> list[str]:
        """The bare name of a parameterised rule, and the other spellings of a merged name
        (which name its first text: another text of the name has none)."""
        if group.qualifier is not None:
            return []
        spellings = [group.name] if group.param else []
        if not group.param:
            spellings += sorted({e.name for e in group.elements if PARAM_FORM.fullmatch(e.name) is None}, key=lambda n: (n.casefold(), n))
        aliases = []
        for spelling in spellings:
            alias = content_name(spelling)
            key = normalise(alias)
            if key in self.taken_names:
                continue
            self.taken_names[key] = group.id
            aliases.append(alias)
            if not group.param:
                self.plan.merged.append((spelling, group.content_name))
        return aliases

    # -- units ------------------------------------------------------------------------

    def _ref(self, use: RuleUse) -> Ref | None:
        """The rule a link names: the rule of the element it targets (never another text of
        that name), with the value the link's name (`Brutal (3)`) or the element's gives."""
        group = self.rule_of_element.get((use.file, use.target)) or self.rule_of_id.get(use.target)
        if group is None:
            return self.ref_of_name.get(merge_key(use.name)) if use.name is not None else None
        if not group.param or not group.kind:
            return group.id, {}
        element = next((e for e in group.elements if e.id == use.target), group.elements[0])
        for name in (use.name, element.name):
            match = PARAM_FORM.fullmatch(name or "")
            if match and _value_kind(match.group("value")) == group.kind:
                value = match.group("value")
                return group.id, {group.param: int(value) if group.kind == "int" else value}
            if name is not None and merge_key(name) in group.values:
                value_of = group.values[merge_key(name)]
                return group.id, {group.param: value_of}
        return group.id, {}

    def _named(self, item: str) -> Ref | None:
        """The rule a row's text names in one of its items (`Gets Hot`, `Brutal (2)`)."""
        if len(item) > MAX_NAME or not any(c.isalpha() for c in item):
            return None
        found = self.ref_of_name.get(merge_key(item))
        if found is not None:
            return found
        match = PARAM_FORM.fullmatch(item)
        if match is None:
            return None
        group = self.group_of_key.get(merge_key(match.group("base")))
        value = match.group("value")
        if group is None:
            return None
        if not group.param:  # a qualifier in brackets (`Armourbane (Melee)`): the rule itself
            return group.id, {}
        if _value_kind(value) != group.kind:
            return None
        return group.id, {group.param: int(value) if group.kind == "int" else value}

    def _refs(self, uses: list[RuleUse]) -> list[Any]:
        refs: list[Any] = []
        for use in uses:
            found = self._ref(use)
            if found is None:
                continue
            ident, args = found
            ref: Any = {"rule": ident, **args} if args else ident
            if ref not in refs:
                refs.append(ref)
        return refs

    def _profile(self, row: ProfileRow, rules: list[Any]) -> dict[str, Any]:
        names = self.characteristic_names[row.type.id]
        values: dict[str, str] = {}
        for upstream, value in row.values:
            if upstream in names:
                values[names[upstream]], cut = profile_value(value)
                if cut:
                    self.plan.cut.append((row.name, upstream, len(value)))
        profile: dict[str, Any] = {"type": self.profile_type_ids[row.type.id], "name": content_name(row.name, 100), "values": values}
        if rules:
            profile["rules"] = rules
        return profile

    def unit_entry(self, unit: UnitElement) -> PlannedEntry:
        ident = self._reuse("unit", unit.id, unit.name, unit.origin.file) or self._claim_id(slug(clean_name(unit.name)[0], fallback="unit"), "unit")
        qualifier = unit.origin.catalogue
        name = self._claim_name(unit.name, qualifier, ident)
        placed = place_rules(unit, self._ref, self._named, lambda rule: self.rule_names.get(rule, rule), lambda rule: self.family_of.get(rule, rule))
        self.plan.disagreements += placed.disagreements
        profiles: list[dict[str, Any]] = []
        for row in unit.profiles:
            profile = self._profile(row, placed.rows.get(id(row), []))
            if profile not in profiles:
                profiles.append(profile)
        fields: dict[str, Any] = {"name": name, "summary": f"{content_name(unit.name)}: a unit of {content_name(unit.origin.catalogue)}."}
        armies = self.armies_of(unit.armies)
        if armies:
            fields["armies"] = armies
        if unit.role:
            fields["role"] = content_name(unit.role, 60)
        fields["rules"] = self._refs(unit.rules)
        if profiles:
            fields["profiles"] = profiles
        if placed.wargear:
            fields["wargear"] = [ref for ref in placed.wargear if ref not in fields["rules"]]
            if not fields["wargear"]:
                del fields["wargear"]
        options: list[dict[str, Any]] = []
        for option in unit.options:
            found = self._option(option, placed.options.get(id(option), []))
            if found not in options:
                options.append(found)
        if options:
            fields["options"] = options
        source = self._source(unit.book, unit.page)
        if source:
            fields["source"] = source
        upstream = {
            "name": unit.name,
            "rules": [(u.target, u.name) for u in unit.rules],
            "profiles": [(p.name, p.values, [(u.target, u.name) for u in p.rules]) for p in unit.profiles],
            "shared": [([p.name for p in o.rows], [(u.target, u.name) for u in o.uses]) for o in unit.shared],
            "wargear": [(u.target, u.name) for u in unit.wargear],
            "options": [(o.id, o.name, o.group, [(u.target, u.name) for u in o.rules], [p.name for p in o.rows], o.unit) for o in unit.options],
            "armies": unit.armies,
            "role": unit.role,
        }
        origin = {"from": "battlescribe", "file": unit.origin.file, "element": unit.id, "name": origin_name(unit.name), "hash": fingerprint(upstream)}
        return PlannedEntry(ident, "unit", fields, origin, ["summary"])

    def _option(self, option: OptionElement, unnamed: list[Any]) -> dict[str, Any]:
        """An option as content lists it: its name and group, the rules it brings (those of
        its rows stay on the rows), the names of its rows, and the unit it is, if it is one
        (its id is filled in once every unit has one: `_option_units`). An option that brings
        nothing is still a choice a player has (data made for army building alone gives no
        more)."""
        rules = self._refs(option.rules)
        rules += (ref for ref in unnamed if ref not in rules)
        rows = list(dict.fromkeys(content_name(row.name, 100) for row in option.rows))
        found: dict[str, Any] = {"name": content_name(option.name)}
        if option.group:
            found["group"] = content_name(option.group)
        if rules:
            found["rules"] = rules
        if rows:
            found["rows"] = rows
        if option.unit is not None:
            found["unit"] = option.unit
        if 0 < len(option.id) <= OPTION_ELEMENT_BOUND and "\n" not in option.id and "\r" not in option.id:  # as the schema bounds it
            found["element"] = option.id
        return found

    # -- the system ---------------------------------------------------------------------

    def profile_types(self) -> list[dict[str, Any]]:
        types = []
        used: set[str] = set()
        for kind in self.data.profile_types.values():
            if kind.rule_like or not kind.characteristics:
                continue
            ident = slug(clean_name(kind.name)[0], fallback="profile")[:40].rstrip("-")
            base, number = ident, 2
            while ident in used:
                ident = f"{base}-{number}"
                number += 1
            used.add(ident)
            self.profile_type_ids[kind.id] = ident
            names: dict[str, str] = {}
            for upstream in kind.characteristics[:30]:
                name, number = content_name(upstream, 30), 2
                while name in names.values():
                    name, number = content_name(f"{upstream} {number}", 30), number + 1
                names[upstream] = name
            self.characteristic_names[kind.id] = names
            declared: dict[str, Any] = {"id": ident, "name": content_name(kind.name, 60), "characteristics": list(names.values())}
            if WEAPON_TYPE.search(kind.name):
                declared["kind"] = "weapon"
            elif STATLINE_TYPE.search(kind.name):
                declared["kind"] = "statline"
            types.append(declared)
        return types

    def system(self, profile_types: list[dict[str, Any]]) -> dict[str, Any]:
        self.plan.books_merged = sorted((title, shown) for title, shown in self.books.merged.items() if title != shown)
        books = self.books.listed()
        if not books:
            books = {slug(content_name(self.data.system_name, 150), fallback="book"): content_name(self.data.system_name, 150)}
        names = system_names(self.data.system_name, self.data.system_revision, self.system_id)
        system: dict[str, Any] = {
            "id": self.system_id,
            "name": self.name or names.name,
            "short_name": names.short_name,
            "edition": names.edition,
            "books": {ident: {"title": title} for ident, title in books.items()},
            "profile_types": profile_types,
        }
        armies = {self.army_ids[a.id]: {"name": content_name(a.name, 100)} for a in self.data.armies}
        if armies:
            system["armies"] = dict(sorted(armies.items()))
        if self.data.roles:
            system["roles"] = list(dict.fromkeys(content_name(r, 60) for r in self.data.roles))
        return system


def _option_units(plan: Plan, of_key: dict[Key, PlannedEntry]) -> None:
    """An option that is a unit of the import names that unit, and brings its rules."""
    for entry in plan.entries:
        for option in entry.fields.get("options", []):
            key = option.pop("unit", None)
            target = of_key.get(key) if key is not None else None
            if target is None:
                continue
            rules = option.get("rules", [])
            rules += (ref for ref in target.fields["rules"] if ref not in rules)
            if rules:
                option["rules"] = rules
            option["unit"] = target.id
            ordered = {key: option.pop(key) for key in OPTION_ORDER if key in option}
            option.update(ordered)


def _link_texts(plan: Plan, extra_names: list[tuple[str, str]]) -> None:
    """Mentions of rule names become links; then each summary is derived from its text."""
    names = list(extra_names)
    for entry in plan.entries:
        if entry.kind == "rule":
            names += [(entry.fields["name"], entry.id), *((a, entry.id) for a in entry.fields.get("aliases", []))]
    linker = Linker(names)
    for entry in plan.entries:
        if entry.kind != "rule":
            continue
        own = plan.first_text.get(entry.id, entry.id)  # another text of a name does not link the name's first
        if "text" in entry.fields:
            text, made = linker.link(entry.fields["text"], self_key=own)
            entry.fields["text"] = defused(text)
            plan.links += made
        for row in entry.fields.get("table", {}).get("rows", []):
            result, made = linker.link(row["result"], self_key=own)
            row["result"] = defused(result)
            plan.links += made
        entry.fields["summary"] = derive_summary(entry.fields.get("text"), entry.fields.get("table"))


def _library_rules_to_armies(plan: Plan, core: set[str]) -> None:
    """A rule of a library catalogue (neither the game system's nor one army's) belongs to
    the armies whose units have it."""
    of_rule: dict[str, list[str]] = {}
    for entry in plan.entries:
        if entry.kind != "unit":
            continue
        for ref in _unit_refs(entry):
            ident = ref if isinstance(ref, str) else ref["rule"]
            for army in entry.fields.get("armies", []):
                if army not in of_rule.setdefault(ident, []):
                    of_rule[ident].append(army)
    order = list(plan.system.get("armies", {}))
    for entry in plan.entries:
        if entry.kind == "rule" and entry.id not in core and "armies" not in entry.fields and entry.id in of_rule:
            entry.fields["armies"] = sorted(of_rule[entry.id], key=order.index)


def _unit_refs(entry: PlannedEntry) -> list[Any]:
    return [
        *entry.fields["rules"],
        *entry.fields.get("wargear", []),
        *(r for p in entry.fields.get("profiles", []) for r in p.get("rules", [])),
        *(r for o in entry.fields.get("options", []) for r in o.get("rules", [])),
    ]


def _widen_params(plan: Plan) -> None:
    """A parameter's range takes in every value a unit gives it (a row's text may say a
    value no rule name and no link does: `Transport (5)`)."""
    given: dict[tuple[str, str], set[Scalar]] = {}
    for entry in plan.entries:
        if entry.kind == "unit":
            for ref in _unit_refs(entry):
                if isinstance(ref, dict):
                    for param, value in ref.items():
                        if param != "rule":
                            given.setdefault((ref["rule"], param), set()).add(value)
    for entry in plan.entries:
        for param, spec in (entry.fields.get("params") or {}).items():
            values = given.get((entry.id, param), set())
            if spec["type"] == "dice":
                spec["values"] = sorted({*spec["values"], *map(str, values)})
            elif spec["type"] == "roll":
                rolls = [int(str(v).rstrip("+")) for v in values]
                spec["min"], spec["max"] = min([spec["min"], *rolls]), max([spec["max"], *rolls])
            else:
                numbers = [int(v) for v in values]
                spec["min"], spec["max"] = min([spec["min"], *numbers]), max([spec["max"], *numbers])


def map_data(data: Data, system_id: str, name: str | None, existing: Existing) -> Plan:
    """Decide every entry of the import and the system file (before merging with disk)."""
    mapper = _Mapper(data, system_id, name, existing)
    groups = mapper.name_rules(mapper.by_text(mapper.group_rules()))
    plan = mapper.plan
    plan.entries += (mapper.rule_entry(group) for group in groups)
    plan.conflicts = mapper.conflicts(groups)
    plan.first_text = {name: c.first for c in plan.conflicts for name in c.ids}
    core = {g.id for g in groups if any(e.origin.kind == "gst" for e in g.elements)}
    profile_types = mapper.profile_types()
    seen_units: dict[tuple[str, str], PlannedEntry] = {}
    of_key: dict[Key, PlannedEntry] = {}
    for unit in data.units:
        # catalogues copy one another: the same unit (id and name) in several is one unit of
        # all their armies; another unit under a copied id is a unit of its own
        same = seen_units.get((unit.id, normalise(unit.name)))
        if same is not None:
            armies = [*same.fields.get("armies", []), *mapper.armies_of(unit.armies)]
            same.fields["armies"] = [a for a in mapper.army_order if a in armies]
            of_key[unit.key] = same
            continue
        planned = mapper.unit_entry(unit)
        seen_units[(unit.id, normalise(unit.name))] = planned
        of_key[unit.key] = planned
        plan.entries.append(planned)
    _option_units(plan, of_key)
    plan.left_out = [o for o in data.left_out if (o.element, normalise(o.name)) not in seen_units]
    plan.takeable = len(seen_units) + len(plan.left_out)
    plan.missing, plan.unresolved = data.missing, data.unresolved
    _link_texts(plan, existing.link_names())
    plan.system = mapper.system(profile_types)
    _library_rules_to_armies(plan, core)
    _widen_params(plan)
    plan.skipped += ((f"{s.shown}:{s.line}", s.what, s.reason) for s in data.skipped)
    return plan
