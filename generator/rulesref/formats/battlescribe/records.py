"""The plain records the importer reads BattleScribe data into, and maps into content.

Each keeps where it came from (`Origin`), so that every report names a file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesref.formats.battlescribe.forces import Key, LeftOut
from rulesref.formats.battlescribe.index import MissingCatalogue, ProfileType, Publication

MAX_PROFILES_PER_UNIT = 120


@dataclass(frozen=True)
class Origin:
    """Where an element is: the file's name (as recorded in content and reports), the line,
    and the army whose file it is, if that file is an army's."""

    file: str
    line: int
    kind: str  # "gst" or "cat"
    catalogue: str  # the root element's name
    army: str | None = None


@dataclass(frozen=True)
class ArmyElement:
    """A catalogue that is not a library: an army. Known by its file (`id`): catalogues
    copied from one another can share their catalogue id."""

    id: str  # the catalogue's file name
    name: str
    file: str


@dataclass(frozen=True)
class RuleElement:
    """A `<rule>`, or a profile of a rule-like type, with its text and its book."""

    id: str
    name: str
    text: str
    book: str | None
    page: int | None
    origin: Origin

    @property
    def key(self) -> tuple[str, str]:
        """The element by its file and id: what a `RuleUse` names."""
        return (self.origin.file, self.id)


@dataclass(frozen=True)
class RuleUse:
    """A reference to a rule from a unit or a weapon: the rule element's id and the file that
    holds it (ids repeat across catalogues, with other texts), and the name the link gives it
    (`Brutal (3)`), when a modifier sets or extends the name."""

    target: str
    name: str | None
    file: str = ""


@dataclass
class ProfileRow:
    """One profile row, and the rules linked to it alone (it is the only row of its entry)."""

    id: str
    name: str
    type: ProfileType
    values: tuple[tuple[str, str], ...]
    rules: list[RuleUse] = field(default_factory=list)


@dataclass
class OptionElement:
    """A choice a unit offers (a weapon, a transport, a model, a warlord trait): what it
    brings. `unit` is set when the choice is a unit of the import itself (a dedicated
    transport): its page tells the rest."""

    id: str
    name: str
    group: str | None  # the name of the group it is chosen from
    rules: list[RuleUse] = field(default_factory=list)
    rows: list[ProfileRow] = field(default_factory=list)
    unit: Key | None = None


@dataclass
class OptionRules:
    """The rules linked from an entry that has several profile rows (a combi-weapon's two
    guns): each belongs to the rows whose own text names it, not to every row; a rule no
    row names is its owner's (the option it came with, or the unit's wargear)."""

    rows: list[ProfileRow]
    uses: list[RuleUse]
    owner: OptionElement | None = None


RowKey = tuple[str, str, tuple[tuple[str, str], ...], tuple[RuleUse, ...]]


@dataclass
class UnitElement:
    """A unit: its own rules and its models' (`rules`), the rules of its default wargear that
    has no row of its own (`wargear`), its rows, and its options."""

    id: str
    name: str
    book: str | None
    page: int | None
    origin: Origin
    key: Key = ("", "")
    rules: list[RuleUse] = field(default_factory=list)
    profiles: list[ProfileRow] = field(default_factory=list)
    shared: list[OptionRules] = field(default_factory=list)
    wargear: list[RuleUse] = field(default_factory=list)
    options: list[OptionElement] = field(default_factory=list)
    armies: list[str] = field(default_factory=list)
    role: str | None = None
    profiles_left_out: int = 0
    rows_seen: dict[RowKey, ProfileRow] = field(default_factory=dict, repr=False)

    def add_row(self, row: ProfileRow) -> ProfileRow | None:
        """The unit's row for `row`: the same weapon offered by several options is one row,
        unless the options link it to other rules (a twin-linked gun beside a plain one);
        None past the limit of rows a unit keeps."""
        key = (row.type.id, row.name, row.values, tuple(row.rules))
        same = self.rows_seen.get(key)
        if same is not None:
            return same
        if len(self.profiles) >= MAX_PROFILES_PER_UNIT:
            self.profiles_left_out += 1
            return None
        self.rows_seen[key] = row
        self.profiles.append(row)
        return row


@dataclass
class Skipped:
    shown: str
    line: int
    what: str
    reason: str


@dataclass
class Data:
    """Everything read from one game system and its catalogues."""

    system_name: str
    system_revision: str | None
    armies: list[ArmyElement] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)  # category names units fill, in the game system's order
    publications: dict[str, Publication] = field(default_factory=dict)
    profile_types: dict[str, ProfileType] = field(default_factory=dict)
    rules: list[RuleElement] = field(default_factory=list)
    units: list[UnitElement] = field(default_factory=list)
    catalogue_books: dict[str, str] = field(default_factory=dict)  # catalogue file -> free-text book
    skipped: list[Skipped] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)  # what a force can take that is no unit, and why
    missing: list[MissingCatalogue] = field(default_factory=list)  # catalogues linked and not among the sources
    unresolved: dict[str, int] = field(default_factory=dict)  # file -> links whose target is in no file read
    files: int = 0
    elements: int = 0
