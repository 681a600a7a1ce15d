"""The mapping: BattleScribe records -> rulesref entries (the README states it for users).

- Every `<rule>` and every profile of a one-characteristic type (`Description`, `Text`) is a
  rule. Rules with the same name are one rule: its text is chosen by precedence (the game
  system file first, then the catalogue of the rule's own book, then the longest text) and
  the other texts are recorded as variants in the import report.
- Names that differ only by a bracketed value (`Stout Heart (5+)`, `Stout Heart (6+)`,
  `Stout Heart (X)`) are one parameterised rule `Stout Heart (X)`; a unit's link to one of
  them becomes `{rule: stout-heart, X: 5}`.
- `selectionEntry` elements of type unit (and models no unit links to) are units: their
  rules in the order written (a link's name modifier, `Brutal (3)`, gives the parameter),
  and their profiles; rules of wargear go to that wargear's profile, not to the unit.
- Publications and free-text book names become the system's books; `page` is kept.
- Text is cleaned (`text.clean_text`), a dice table in it becomes `table` data, mentions of
  rule names become links (`rulesref.linker`), and the summary is derived from the first
  sentence and marked as derived.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from rulesref.importers.battlescribe.elements import Data, ProfileRow, RuleElement, RuleUse, UnitElement
from rulesref.importers.battlescribe.existing import Existing
from rulesref.importers.battlescribe.naming import MAX_NAME, content_name, profile_value, usable_id
from rulesref.importers.battlescribe.text import NO_TEXT, clean_text, derive_summary, find_table
from rulesref.linker import Linker
from rulesref.links import normalise
from rulesref.slugs import slug

Scalar = int | str
PARAM_FORM = re.compile(r"^(?P<base>.*?\S)\s*\(\s*(?P<value>[^()]*?)\s*\)$")
VALUE_KINDS = (
    ("placeholder", re.compile(r"[A-Z]")),
    ("int", re.compile(r"-?[0-9]{1,3}")),
    ("roll", re.compile(r"[1-9]\+")),
    ("dice", re.compile(r"([1-9][0-9]?)?D(3|6)([+-][1-9][0-9]?)?")),
)
PARAM_SUMMARY = "The value written in brackets after the rule's name."


def fingerprint(value: Any) -> str:
    """A short, stable hash of any JSON value (16 hex digits of SHA-256)."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def _value_kind(value: str) -> str | None:
    return next((kind for kind, pattern in VALUE_KINDS if pattern.fullmatch(value)), None)


@dataclass
class PlannedEntry:
    id: str
    kind: str
    fields: dict[str, Any]  # the importer's fields, in the order they are written
    origin: dict[str, Any]
    derived: list[str]

    @property
    def body(self) -> dict[str, Any]:
        """The fields whose edits by a person make the entry theirs (hashed as `written`)."""
        keys = ("text", "table") if self.kind == "rule" else ("rules", "profiles")
        return {k: self.fields[k] for k in keys if k in self.fields}


@dataclass
class Conflict:
    name: str
    chosen: str
    variants: list[tuple[str, int]]  # (file:line, characters)


@dataclass
class Plan:
    system: dict[str, Any]
    entries: list[PlannedEntry] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # (file:line, what, reason)
    renamed: list[tuple[str, str]] = field(default_factory=list)  # (upstream name, content name)
    kept: list[tuple[str, str]] = field(default_factory=list)  # (upstream name, hand-written id)
    no_text: list[tuple[str, str]] = field(default_factory=list)  # (rule name, file:line): imported with a placeholder text
    links: int = 0
    tables: int = 0


@dataclass
class _RuleGroup:
    key: str
    name: str  # upstream name (base name for a parameterised rule)
    elements: list[RuleElement]
    param: str | None = None  # the parameter's name, for a parameterised rule
    kind: str | None = None  # int, roll, dice
    values: dict[str, Scalar] = field(default_factory=dict)  # normalised upstream name -> value
    id: str = ""
    content_name: str = ""


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
        self.taken_ids: set[str] = set(existing.by_id) | {"system"}
        self.taken_names: dict[str, str] = {n: e.id for n, e in existing.hand_names.items()}
        self.books: dict[str, tuple[str, str]] = {}  # book key -> (id, title)
        for ident, book in ((existing.system or {}).get("books") or {}).items():
            if isinstance(book, dict) and isinstance(book.get("title"), str):  # books people listed keep their ids
                self.books.setdefault(normalise(book["title"]), (ident, book["title"]))
        self.name = name
        self.rule_of_element: dict[str, _RuleGroup] = {}
        self.ref_of_name: dict[str, tuple[str, dict[str, Scalar]]] = {}
        self.profile_type_ids: dict[str, str] = {}
        self.characteristic_names: dict[str, dict[str, str]] = {}  # type id -> upstream -> content
        self.next_number: dict[str, int] = {}  # qualified name -> next number to try
        self.link_names: dict[str, list[tuple[str, str]]] | None = None
        self.reused: set[str] = set()  # ids of imported entries found again by their origin
        rule_names = {normalise(r.name) for r in data.rules}
        rule_names |= {normalise(m.group("base")) for r in data.rules if (m := PARAM_FORM.fullmatch(r.name))}
        self.upstream_names = {"rule": rule_names, "unit": {normalise(u.name) for u in data.units}}

    def _reuse(self, kind: str, element: str, name: str) -> str | None:
        for again in self.existing.imported(kind, element, name):
            named = normalise(str((again.origin or {}).get("name", "")))
            if named != normalise(name) and named in self.upstream_names[kind]:
                continue  # the same element id, but another name that is still imported: not this one
            if again.id not in self.reused:
                self.reused.add(again.id)
                return again.id
        return None

    # -- ids, names and books -------------------------------------------------------------

    def _claim_id(self, wanted: str, kind: str) -> str:
        ident = usable_id(wanted, kind)
        base, number = ident, 2
        while ident in self.taken_ids:
            suffix = f"-{number}"
            ident = base[: 60 - len(suffix)] + suffix
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
        self.taken_names[normalise(name)] = ident
        return name

    def _book_id(self, book: str | None) -> str | None:
        if not book:
            return None
        publication = self.data.publications.get(book)
        title = publication.name if publication is not None else book
        key = normalise(title)
        for other in self.data.publications.values():  # a free-text name of a known publication
            if publication is None and normalise(other.short_name or "") == key:
                key, title = normalise(other.name), other.name
        if key not in self.books:
            clean = " ".join(re.sub(r"[<>{}]", "", title).split())[:150].strip() or "Untitled"
            ident = slug(clean, fallback="book")
            used = {i for i, _ in self.books.values()}
            base, number = ident, 2
            while ident in used:
                ident = f"{base[:56]}-{number}"
                number += 1
            self.books[key] = (ident, clean)
        return self.books[key][0]

    def _source(self, book: str | None, page: int | None) -> dict[str, Any] | None:
        ident = self._book_id(book)
        if ident is None:
            return None
        return {"book": ident, "page": page} if page is not None else {"book": ident}

    # -- rules ------------------------------------------------------------------------

    def group_rules(self) -> list[_RuleGroup]:
        """Rules by name; names that differ only in a bracketed value form one group."""
        by_name: dict[str, list[RuleElement]] = {}
        for rule in self.data.rules:
            by_name.setdefault(normalise(rule.name), []).append(rule)
        by_base: dict[str, list[tuple[str, str]]] = {}  # base -> [(normalised name, value)]
        for key, rules in by_name.items():
            match = PARAM_FORM.fullmatch(rules[0].name)
            if match and _value_kind(match.group("value")):
                by_base.setdefault(normalise(match.group("base")), []).append((key, match.group("value")))
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
                groups.append(_RuleGroup(key, rules[0].name, rules))
        return groups

    def _linked_values(self, base: str) -> list[tuple[str, str]]:
        """Values that links give a rule by name (`Hardy (2)` on a link to `Hardy (X)`)."""
        if self.link_names is None:
            self.link_names = {}
            uses = [u for unit in self.data.units for u in (*unit.rules, *(r for p in unit.profiles for r in p.rules))]
            for use in uses:
                match = PARAM_FORM.fullmatch(use.name or "")
                if match and _value_kind(match.group("value")):
                    self.link_names.setdefault(normalise(match.group("base")), []).append((normalise(use.name or ""), match.group("value")))
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

    def name_rules(self, groups: list[_RuleGroup]) -> list[_RuleGroup]:
        """Ids and names; a rule named like a hand-written rule is that rule."""
        written = []
        for group in sorted(groups, key=lambda g: g.key):
            hand = self.existing.hand_names.get(group.key)
            if hand is not None and hand.kind == "rule":
                group.id = hand.id
                self.plan.kept.append((group.name, hand.id))
            else:
                chosen = min(group.elements, key=lambda r: _rank(r, self.data.catalogue_books))
                group.id = self._reuse("rule", chosen.id, group.name) or self._claim_id(slug(group.name, fallback="rule"), "rule")
                shown = f"{group.name} ({group.param})" if group.param else group.name
                group.content_name = self._claim_name(shown, chosen.origin.catalogue, group.id)
                written.append(group)
            for element in group.elements:
                self.rule_of_element[element.id] = group
                key = normalise(element.name)
                value = group.values.get(key)
                self.ref_of_name[key] = (group.id, {group.param: value} if value is not None and group.param else {})
            if group.param:
                self.ref_of_name.setdefault(group.key, (group.id, {}))
        return written

    def rule_entry(self, group: _RuleGroup) -> PlannedEntry:
        ordered = sorted(group.elements, key=lambda r: _rank(r, self.data.catalogue_books))
        chosen = ordered[0]
        texts: dict[str, RuleElement] = {}
        for element in ordered:
            if element.text.strip():
                texts.setdefault(" ".join(element.text.split()), element)
        if len(texts) > 1:
            self.plan.conflicts.append(
                Conflict(group.name, f"{chosen.origin.file}:{chosen.origin.line}", [(f"{e.origin.file}:{e.origin.line}", len(e.text)) for e in list(texts.values())[1:]])
            )
        text = clean_text(chosen.text)
        if not text:
            self.plan.no_text.append((group.name, f"{chosen.origin.file}:{chosen.origin.line}"))
            text = NO_TEXT
        fields: dict[str, Any] = {"name": group.content_name}
        if group.param:
            bare = content_name(group.name)
            if normalise(bare) not in self.taken_names:
                self.taken_names[normalise(bare)] = group.id
                fields["aliases"] = [bare]
        fields["summary"] = ""  # derived once the text has its links
        table = find_table(text)
        if table is not None:
            self.plan.tables += 1
            text = "\n\n".join(part for part in (table.before, table.after) if part) or f"Roll a {table.die} and look up the result."
            fields["text"] = text
            fields["table"] = {"die": table.die, "rows": [{"roll": roll, "result": result} for roll, result in table.rows]}
        else:
            fields["text"] = text
        if group.param:
            fields["params"] = self._params(group)
        source = self._source(chosen.book, chosen.page)
        if source:
            fields["source"] = source
        origin = {"from": "battlescribe", "file": chosen.origin.file, "element": chosen.id, "name": group.name, "hash": fingerprint(chosen.text)}
        return PlannedEntry(group.id, "rule", fields, origin, ["summary"])

    # -- units ------------------------------------------------------------------------

    def _ref(self, use: RuleUse) -> tuple[str, dict[str, Scalar]] | None:
        if use.name is not None:
            found = self.ref_of_name.get(normalise(use.name))
            if found is not None:
                return found
            match = PARAM_FORM.fullmatch(use.name)
            group = self.rule_of_element.get(use.target)
            if match and group is not None and group.param and group.kind and _value_kind(match.group("value")) == group.kind:
                value = match.group("value")
                return group.id, {group.param: int(value) if group.kind == "int" else value}
        group = self.rule_of_element.get(use.target)
        if group is None:
            return None
        element = next(e for e in group.elements if e.id == use.target)
        return self.ref_of_name.get(normalise(element.name), (group.id, {}))

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

    def _profile(self, row: ProfileRow) -> dict[str, Any]:
        names = self.characteristic_names[row.type.id]
        values = {names[c]: profile_value(v) for c, v in row.values if c in names}
        profile: dict[str, Any] = {"type": self.profile_type_ids[row.type.id], "name": content_name(row.name, 100), "values": values}
        rules = self._refs(row.rules)
        if rules:
            profile["rules"] = rules
        return profile

    def unit_entry(self, unit: UnitElement) -> PlannedEntry:
        ident = self._reuse("unit", unit.id, unit.name) or self._claim_id(slug(unit.name, fallback="unit"), "unit")
        qualifier = unit.origin.catalogue
        name = self._claim_name(unit.name, qualifier, ident)
        profiles: list[dict[str, Any]] = []
        for row in unit.profiles:
            profile = self._profile(row)
            if profile not in profiles:
                profiles.append(profile)
        fields: dict[str, Any] = {"name": name, "summary": f"{content_name(unit.name)}: a unit of {content_name(unit.origin.catalogue)}."}
        fields["rules"] = self._refs(unit.rules)
        if profiles:
            fields["profiles"] = profiles
        source = self._source(unit.book, unit.page)
        if source:
            fields["source"] = source
        upstream = {"name": unit.name, "rules": [(u.target, u.name) for u in unit.rules], "profiles": [(p.name, p.values, [(u.target, u.name) for u in p.rules]) for p in unit.profiles]}
        origin = {"from": "battlescribe", "file": unit.origin.file, "element": unit.id, "name": unit.name, "hash": fingerprint(upstream)}
        return PlannedEntry(ident, "unit", fields, origin, ["summary"])

    # -- the system ---------------------------------------------------------------------

    def profile_types(self) -> list[dict[str, Any]]:
        types = []
        used: set[str] = set()
        for kind in self.data.profile_types.values():
            if kind.rule_like or not kind.characteristics:
                continue
            ident = slug(kind.name, fallback="profile")[:40].rstrip("-")
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
            types.append({"id": ident, "name": content_name(kind.name, 60), "characteristics": list(names.values())})
        return types

    def system(self, profile_types: list[dict[str, Any]]) -> dict[str, Any]:
        if not self.books:
            self._book_id(self.data.system_name)
        revision = f"BattleScribe data, revision {self.data.system_revision}" if self.data.system_revision else "BattleScribe data"
        name = self.name or " ".join(re.sub(r"[<>{}\[\]]", "", self.data.system_name).split())[:100] or self.system_id
        return {
            "id": self.system_id,
            "name": name,
            "edition": revision,
            "books": {ident: {"title": title} for ident, title in sorted(self.books.values())},
            "profile_types": profile_types,
        }


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
        entry.fields["text"], made = linker.link(entry.fields["text"], self_key=entry.id)
        plan.links += made
        for row in entry.fields.get("table", {}).get("rows", []):
            row["result"], made = linker.link(row["result"], self_key=entry.id)
            plan.links += made
        entry.fields["summary"] = derive_summary(entry.fields["text"])


def map_data(data: Data, system_id: str, name: str | None, existing: Existing) -> Plan:
    """Decide every entry of the import and the system file (before merging with disk)."""
    mapper = _Mapper(data, system_id, name, existing)
    groups = mapper.name_rules(mapper.group_rules())
    plan = mapper.plan
    plan.entries += (mapper.rule_entry(group) for group in groups)
    profile_types = mapper.profile_types()
    seen_units: set[str] = set()
    for unit in data.units:
        if unit.id in seen_units:
            continue
        seen_units.add(unit.id)
        plan.entries.append(mapper.unit_entry(unit))
    hand_rules = [(e.data.get("name", ""), e.id) for e in existing.hand_names.values() if e.kind == "rule"]
    _link_texts(plan, [(n, i) for n, i in hand_rules if isinstance(n, str)])
    plan.system = mapper.system(profile_types)
    plan.skipped += ((f"{s.shown}:{s.line}", s.what, s.reason) for s in data.skipped)
    return plan
