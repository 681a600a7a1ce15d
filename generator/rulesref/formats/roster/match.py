"""A roster's selections matched to content entries by the BattleScribe ids the importer
recorded (`origin.element`, `origin.also`), never by name.

A selection names the data entry it was made from, often through links, as a chain of ids
(`link::target`, New Recruit's and BattleScribe 2.x's way); the target, last, is tried first.
Units are found at any depth, since a selection may hold other units: a transport taken with
a squad, a court with its lord, the units of a formation. At the top of a force, and inside
a selection that is no unit, a selection is a unit when BattleScribe types it `unit` or
`model` or when the content has a unit from its ids; inside a unit, when it is typed `unit`,
or when its own ids (its chain past its parents') are those of another unit of the content.
The rest (a unit's models, their wargear) are the unit's own.

The rules a selection carries are matched by id the same way, and so are the rules the
matched unit's own entry lists (with their parameters: "Brutal (3)"). A rule matched whose
text in the roster is not the content's is reported as a difference.

What cannot be matched is kept with its name, its id and why, each reason a fact the
matcher can check against what the import recorded:
- `hidden`: the roster hides it;
- `no id in the roster`: BattleScribe 1.x wrote rules so; such a rule is taken only as one
  the data links to its matched unit under that name;
- `in another system of this content`: an entry came from that id, in another system than
  the one the roster's ids are from;
- `an older data revision`, `a newer data revision`: no entry came from that id, though the
  import makes one of every such element of the data it reads (every rule, every unit or
  model a force can take), so the data the content was imported from has none of it; and
  the roster was made with an older (newer) revision of that data;
- `not in this content`: no entry came from that id, and no more is known: the roster and
  the content are of the same data revision (or either does not say), so the import left
  the element out or did not read its catalogue (its IMPORT.md tells), or it is a unit
  taken inside another, of which the data need not hold a unit a force can take alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rulesref.formats.battlescribe.naming import data_revision
from rulesref.formats.roster.read import Roster, RosterProfile, RosterRule, Selection
from rulesref.links import display_name, plain_text
from rulesref.model import Content, Entry, RuleRef

UNIT_TYPES = frozenset(("unit", "model"))  # a roster selection's types that are units
UNIT_KINDS = frozenset(("unit",))
RULE_KINDS = frozenset(("rule", "term"))


@dataclass(frozen=True)
class RuleUse:
    """A rule as an army uses it: its entry and its name with the values it was taken with."""

    entry: Entry
    shown: str


@dataclass(frozen=True)
class Unmatched:
    name: str
    entry_id: str
    reason: str
    line: int


@dataclass(frozen=True)
class Difference:
    rule: Entry
    name: str  # as the roster names it
    message: str


@dataclass(frozen=True)
class ShownProfile:
    type: str
    name: str
    values: tuple[tuple[str, str], ...]
    source: str  # "content" (the imported row) or "roster" (the roster's own, when the content has none)


@dataclass
class ArmyUnit:
    name: str
    entry: Entry | None
    count: int
    costs: dict[str, float]
    rules: list[RuleUse] = field(default_factory=list)
    profiles: list[ShownProfile] = field(default_factory=list)
    selections: list[tuple[str, int]] = field(default_factory=list)  # what it took, by name, with how many


@dataclass
class _Piece:
    """A unit of the army, or a selection for the whole army, with the selections that are
    its own (itself first; not the units it holds, nor theirs)."""

    head: Selection
    entry: Entry | None
    chain: str  # the ids it was looked for by
    unit: bool
    nested: bool  # taken inside another selection
    own: list[Selection] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.own.append(self.head)


@dataclass
class Army:
    roster: Roster
    system: str | None  # the content system matched
    units: list[ArmyUnit]
    options: list[ArmyUnit]  # selections for the whole army (a rite of war, an allegiance)
    rules: list[RuleUse]  # every rule the army uses, once, by name
    unmatched: list[Unmatched]
    differences: list[Difference]

    @property
    def complete(self) -> bool:
        """Whether every selection and rule that shows was matched (hidden ones aside)."""
        return all(u.reason == "hidden" for u in self.unmatched)


def entry_ref(entry: Entry) -> str:
    """How the roster's JSON names an entry: `<system>/<id>`."""
    return f"{entry.system}/{entry.id}"


def compared(text: str) -> str:
    """What a roster's copy of a rule is compared by: its words (links as they show, no
    emphasis), spaced singly, in any case."""
    return " ".join(plain_text(text).replace("**", "").replace("*", "").split()).casefold()


class _Index:
    """The imported entries of the content, by the BattleScribe id they came from."""

    def __init__(self, content: Content) -> None:
        self.by_element: dict[str, list[Entry]] = {}
        for entry in content.entries:
            if entry.origin is not None and entry.origin.source_format == "battlescribe":
                for element in (entry.origin.element, *entry.origin.also):
                    self.by_element.setdefault(element, []).append(entry)
        self.by_key = {e.key: e for e in content.entries}
        self.revisions = {s.id: data_revision(s.edition) for s in content.systems}
        self.type_names = {(s.id, t.id): t.name for s in content.systems for t in s.profile_types}

    def find(self, chain: str, kinds: frozenset[str], system: str | None) -> Entry | None:
        """The entry of `kinds` (in `system`, if given) from the last id of a chain that has one."""
        for part in reversed(chain.split("::")):
            for entry in self.by_element.get(part.strip(), ()):
                if entry.kind in kinds and (system is None or entry.system == system):
                    return entry
        return None


def _system(roster: Roster, index: _Index) -> str | None:
    """The content system most of the roster's ids are from."""
    votes: Counter[str] = Counter()
    for selection in roster.selections():
        for part in selection.entry_id.split("::"):
            votes.update({e.system for e in index.by_element.get(part, ())})
    return min(votes, key=lambda s: (-votes[s], s)) if votes else None


class _Matcher:
    def __init__(self, roster: Roster, content: Content) -> None:
        self.roster = roster
        self.index = _Index(content)
        self.system = _system(roster, self.index)
        self.unmatched: list[Unmatched] = []
        self.differences: dict[str, Difference] = {}
        revision = self.index.revisions.get(self.system) if self.system else None
        theirs = roster.game_system_revision
        self.revision: str | None = None  # how the roster's data differs from the content's, when both say
        if revision is not None and theirs is not None and theirs != revision:
            self.revision = "an older data revision" if theirs < revision else "a newer data revision"

    def missing(self, name: str, entry_id: str, line: int, kinds: frozenset[str], *, chain: str | None = None, hidden: bool = False, imported: bool = True) -> None:
        """Note a selection or rule that is not matched, with why (see the module's docstring).
        `chain`: its ids that were looked for (its own, for one inside a unit); `imported`:
        whether the import makes an entry of every element of the data it could be."""
        if hidden:
            reason = "hidden"
        elif self.index.find(entry_id if chain is None else chain, kinds, None) is not None:
            reason = "in another system of this content"
        elif imported and self.revision is not None:
            reason = self.revision
        else:
            reason = "not in this content"
        self.unmatched.append(Unmatched(name, entry_id, reason, line))

    def rule(self, rule: RosterRule, line: int, linked: dict[str, RuleUse] | None = None) -> RuleUse | None:
        """The content's rule for one of the roster's. A rule with no id (BattleScribe 1.x
        wrote none) is taken only as one of the rules the data links to the same unit
        (`linked`, by name): the unit was matched by id, and the name is looked for only
        among its own rules, never across the content."""
        if not rule.id.strip():
            use = (linked or {}).get(rule.name.casefold())
            if use is None:
                self.unmatched.append(Unmatched(rule.name, "", "hidden" if rule.hidden else "no id in the roster", line))
            return use
        entry = self.index.find(rule.id, RULE_KINDS, self.system)
        if entry is None:
            self.missing(rule.name, rule.id, line, RULE_KINDS, hidden=rule.hidden)
            return None
        if rule.text and entry.text and compared(rule.text) != compared(entry.text) and entry.key not in self.differences:
            message = (
                "the roster was made with an older revision of this rule"
                if self.revision == "an older data revision"
                else "the roster's text of this rule is not the content's"
            )
            self.differences[entry.key] = Difference(entry, rule.name, message)
        return RuleUse(entry, rule.name if "(" in rule.name and "(" in entry.name else entry.name)

    def refs(self, refs: tuple[RuleRef, ...], system: str) -> list[RuleUse]:
        uses = []
        for ref in refs:
            entry = self.index.by_key.get(f"{system}:{ref.rule}")
            if entry is not None:
                uses.append(RuleUse(entry, display_name(entry, ref.args)))
        return uses

    def rules_under(self, selections: list[Selection], uses: dict[str, RuleUse], linked: dict[str, RuleUse] | None = None) -> None:
        """Add the content's rule for each rule the selections carry to `uses` (by entry key)."""
        for selection in selections:
            for rule in selection.rules:
                found = self.rule(rule, selection.line, linked)
                if found is not None:
                    uses.setdefault(found.entry.key, found)

    def pieces(self, top: Selection) -> list[_Piece]:
        """The units a selection at the top of a force holds, itself first if it is one (else
        the first piece is it as a selection for the whole army), each with its own
        selections, in the roster's order."""
        pieces: list[_Piece] = []

        def visit(selection: Selection, above: frozenset[str], owner: _Piece | None) -> None:
            parts = [p.strip() for p in selection.entry_id.split("::")]
            chain = "::".join(p for p in parts if p not in above)  # its own ids, past its parents'
            entry = self.index.find(chain, UNIT_KINDS, self.system)
            if owner is None or not owner.unit:
                unit = selection.type in UNIT_TYPES or entry is not None
            else:
                unit = selection.type == "unit" or (entry is not None and entry is not owner.entry)
            if owner is None or unit:
                owner = _Piece(selection, entry, chain, unit, nested=owner is not None)
                pieces.append(owner)
            else:
                owner.own.append(selection)
            for child in selection.selections:
                visit(child, above | set(parts), owner)

        visit(top, frozenset(), None)
        return pieces

    def unit(self, piece: _Piece) -> ArmyUnit:
        """A unit, matched to its entry or listed as not matched."""
        top, entry, inside = piece.head, piece.entry, piece.own
        if entry is None:
            self.missing(top.name, top.entry_id, top.line, UNIT_KINDS, chain=piece.chain, imported=not piece.nested)
        models = sum(s.number for s in inside[1:] if s.type == "model")
        made = ArmyUnit(top.name, entry, models or top.number, _costs(inside))
        uses: dict[str, RuleUse] = {}
        linked: dict[str, RuleUse] = {}  # what the data links to the unit and its rows, by name
        if entry is not None:  # the rules the data gives the unit, with their values
            own = self.refs(entry.rules, entry.system)
            for use in own + self.refs(tuple(r for p in entry.profiles for r in p.rules) + entry.wargear, entry.system):
                for name in (use.shown, use.entry.name, *use.entry.aliases):
                    linked.setdefault(name.casefold(), use)
            for use in own:
                uses.setdefault(use.entry.key, use)
        self.rules_under(inside, uses, linked)
        made.profiles = self.profiles(entry, [p for s in inside for p in s.profiles])
        if entry is not None:  # the rules of the weapons it took
            taken = {p.name.casefold() for p in made.profiles}
            for profile in entry.profiles:
                if profile.name.casefold() in taken:
                    for use in self.refs(profile.rules, entry.system):
                        uses.setdefault(use.entry.key, use)
        made.rules = sorted(uses.values(), key=lambda u: u.shown.casefold())
        counts: Counter[str] = Counter()
        for selection in inside[1:]:
            if selection.type != "model":
                counts[selection.name] += selection.number
        made.selections = sorted(counts.items())
        return made

    def profiles(self, entry: Entry | None, taken: list[RosterProfile]) -> list[ShownProfile]:
        shown: list[ShownProfile] = []
        seen: set[tuple[str, str]] = set()
        rows = {p.name.casefold(): p for p in entry.profiles} if entry is not None else {}
        for profile in taken:
            if profile.hidden or (profile.type.casefold(), profile.name.casefold()) in seen:
                continue
            seen.add((profile.type.casefold(), profile.name.casefold()))
            row = rows.get(profile.name.casefold())
            if row is not None:
                assert entry is not None
                shown.append(ShownProfile(self.index.type_names.get((entry.system, row.type), row.type), row.name, row.values, "content"))
            else:
                shown.append(ShownProfile(profile.type, profile.name, profile.values, "roster"))
        return shown


def match(roster: Roster, content: Content) -> Army:
    """The army a roster holds, as the content knows it."""
    matcher = _Matcher(roster, content)
    units: list[ArmyUnit] = []
    options: list[ArmyUnit] = []
    for force in roster.forces:
        for top in force.selections:
            for piece in matcher.pieces(top):
                if piece.unit:
                    units.append(matcher.unit(piece))
                else:
                    options.append(_option(matcher, piece))
    everything: dict[str, RuleUse] = {}
    for made in units + options:
        for use in made.rules:
            everything.setdefault(use.entry.key, use)
    rules = sorted(everything.values(), key=lambda u: (u.shown.casefold(), u.entry.key))
    unmatched = list({(u.name, u.entry_id, u.reason): u for u in matcher.unmatched}.values())  # each once, as first met
    return Army(roster, matcher.system, units, options, rules, unmatched, list(matcher.differences.values()))


def _option(matcher: _Matcher, piece: _Piece) -> ArmyUnit:
    """A selection for the whole army: its rules count, it is no unit."""
    uses: dict[str, RuleUse] = {}
    matcher.rules_under(piece.own, uses)
    chosen = [s.name for s in piece.own[1:]]
    return ArmyUnit(piece.head.name, None, piece.head.number, _costs(piece.own), sorted(uses.values(), key=lambda u: u.shown.casefold()), [], [(n, 1) for n in chosen])


def _costs(selections: list[Selection]) -> dict[str, float]:
    """What selections cost together, by cost name (each selection's own costs, summed)."""
    costs: dict[str, float] = {}
    for selection in selections:
        for name, value in selection.costs:
            costs[name] = costs.get(name, 0) + value
    return costs
