"""The content model: frozen dataclasses built from schema-valid documents.

After this phase nothing in the program sees raw dicts. Every object that a later check
may blame keeps a `Where` (its document and JSON path) so problems land on the right line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, NamedTuple

from rulesref.composed import Part, Shares
from rulesref.names import python_module, python_name
from rulesref.played import PlayedWith
from rulesref.problems import Problem, Severity
from rulesref.read.load import Document, JsonPath

Kind = Literal["rule", "unit", "term"]
Scalar = bool | int | float | str  # a float only ever a distance in half inches (7.5)


class Where:
    """A place in a content file: the document and the JSON path of a value in it.

    A plain slotted class: the model makes one for nearly every value. Two are equal when
    they are the same path in the same text of the same file: a place stands for the line
    and column it is at, so the same value one line further down is somewhere else (a
    long-lived process's memo keeps problems by equal inputs, and their lines must hold)."""

    __slots__ = ("doc", "path")

    def __init__(self, doc: Document, path: JsonPath = ()) -> None:
        self.doc = doc
        self.path = path

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Where) or self.path != other.path:
            return False
        mine, theirs = self.doc, other.doc
        return mine is theirs or (mine.path == theirs.path and mine.text == theirs.text)

    def __hash__(self) -> int:
        return hash((self.doc.path, self.path))

    def __repr__(self) -> str:
        return f"Where({self.doc.path!r}, {self.path!r})"

    def __truediv__(self, part: str | int) -> Where:
        return Where(self.doc, (*self.path, part))

    def problem(self, code: str, message: str, *, key: bool = False, severity: Severity = "error") -> Problem:
        return self.doc.problem(self.path, code, message, key=key, severity=severity)

    def value(self) -> Any:
        """The raw value written here (None if nothing is)."""
        return self.doc.value(self.path)

    def problem_at(self, offset: int, code: str, message: str) -> Problem:
        """A problem at character `offset` inside the string value here."""
        line, col = self.doc.locate(self.path, offset)
        return Problem(self.doc.path, line, col, code, message)


@dataclass(frozen=True)
class Book:
    id: str
    title: str
    year: int | None
    edition: str | None


@dataclass(frozen=True)
class ProfileType:
    """A kind of characteristics table the system's units carry (a statline, a weapon).
    `kind` says which rows are weapons: each army's page lists those once, with their units."""

    id: str
    name: str
    characteristics: tuple[str, ...]
    where: Where
    kind: Literal["statline", "weapon"] | None = None


@dataclass(frozen=True)
class Army:
    """One army (faction, catalogue) of a system: its page lists its units by role, its rules
    and its weapons."""

    id: str
    name: str
    summary: str | None
    where: Where


@dataclass(frozen=True)
class DeclaredRelease:
    """What `system.yml` says of a release (a git tag): its date, label and publication."""

    version: str
    date: str | None
    label: str | None
    url: str | None
    where: Where


class Locales(NamedTuple):
    source: str  # a language code: `en`
    translated: tuple[str, ...]


@dataclass(frozen=True)
class System:
    id: str
    name: str
    edition: str
    short_name: str
    publisher: str | None
    year: int | None
    summary: str | None
    books: tuple[Book, ...]
    where: Where
    profile_types: tuple[ProfileType, ...] = ()
    armies: tuple[Army, ...] = ()
    roles: tuple[str, ...] = ()
    releases: tuple[DeclaredRelease, ...] = ()
    played_with: PlayedWith | None = None  # imported data played with another system's steps (`rulesref.played`)
    locales: Locales | None = None  # the language it is written in, and those it is translated into (`rulesref.translations`)

    def book(self, book_id: str) -> Book | None:
        return next((b for b in self.books if b.id == book_id), None)

    def army(self, army_id: str) -> Army | None:
        return next((a for a in self.armies if a.id == army_id), None)

    def profile_type(self, type_id: str) -> ProfileType | None:
        return next((t for t in self.profile_types if t.id == type_id), None)

    @property
    def package(self) -> str:
        return python_name(self.id)


@dataclass(frozen=True)
class Source:
    book: str
    page: int | None
    section: str | None
    where: Where


@dataclass(frozen=True)
class Correction:
    original: str
    corrected: str
    reason: str | None
    where: Where


@dataclass(frozen=True)
class TableRow:
    roll: str
    title: str | None
    result: str
    where: Where


@dataclass(frozen=True)
class Table:
    die: str
    title: str | None
    rows: tuple[TableRow, ...]
    where: Where


@dataclass(frozen=True)
class Param:
    name: str
    type: Literal["int", "roll", "dice"]
    summary: str
    min: int | None
    max: int | None
    values: tuple[str, ...]
    where: Where


@dataclass(frozen=True)
class RuleRef:
    """A unit's reference to one of its rules, with parameter values."""

    rule: str
    args: tuple[tuple[str, Scalar], ...]
    where: Where


@dataclass(frozen=True)
class Profile:
    """One row of a unit's characteristics: its type, its name, each value as printed, its rules.

    `values` keep the file's order; readers go through the profile type's characteristics
    and ask `value()`, so the printed column order is the system's."""

    type: str
    name: str
    values: tuple[tuple[str, str], ...]
    rules: tuple[RuleRef, ...]
    where: Where

    def value(self, characteristic: str) -> str | None:
        return next((v for c, v in self.values if c == characteristic), None)


@dataclass(frozen=True)
class Option:
    """A choice a unit offers and what it brings: the rules the unit has only with it, the
    names of the rows that come with it, the unit it is (a dedicated transport), and its id
    in the data it was imported from (a roster's selection of it is matched by it)."""

    name: str
    group: str | None
    rules: tuple[RuleRef, ...]
    rows: tuple[str, ...]
    unit: str | None
    element: str | None
    where: Where


CHARACTERISTIC = re.compile(r'(?P<number>-?[0-9]{1,4})(?:(?P<roll>\+)|(?P<inches>"|\u201d|\u2033| ?(?:in|inch|inches)\b))?')


def typed_value(text: str) -> tuple[str, int] | None:
    """What a characteristic's printed value means as a number: `4` is ("number", 4), `3+`
    is ("roll", 3), `12"` is ("inches", 12); None for anything else (`-`, `D6`, `Heavy 1`).
    The printed text stays what pages show; this is for tools (the JSON API) that compute."""
    match = CHARACTERISTIC.fullmatch(text.strip())
    if match is None:
        return None
    kind = "roll" if match.group("roll") else "inches" if match.group("inches") else "number"
    return kind, int(match.group("number"))


@dataclass(frozen=True)
class Origin:
    """Where an imported entry came from (see `rulesref import`), and which of its fields the
    importer made up (`derived`) rather than brought in."""

    source_format: str
    file: str
    element: str
    derived: tuple[str, ...]
    where: Where
    also: tuple[str, ...] = ()  # the other elements it was made from (copies, spellings, values)


def show(value: object) -> str:
    """A value as the YAML content writes it: true/false, numbers, words."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# -- the logic language ---------------------------------------------------------------------

DICE_TYPE = re.compile(r"([1-9]?)D(3|6)")


@dataclass(frozen=True)
class DiceSpec:
    """What a dice input rolls: `count` dice (as many as `count_expr` says, or the dice of `of_param`) of `sides` faces, summed."""

    sides: int
    count: int
    of_param: str | None = None
    better: bool = False  # `reroll_one: better`: one die rolled again, the better total kept
    count_expr: Expr | None = None  # `count:` as written, with its span: a name, a number or an expression


@dataclass(frozen=True)
class PoolSpec:
    """A pool as written: how many dice, how each die is tested and sorted, what is re-rolled,
    added or kept. Expressions stay `Expr`s (with their spans) for the analyser."""

    dice: Expr
    sides: int
    target: Expr | None
    modifier: Expr | None
    best: Expr | None
    natural: tuple[tuple[int, str], ...]
    classes: tuple[tuple[str, Expr], ...]
    fails: str | None
    reroll: str | tuple[str, ...] | None  # a list is written only to be refused: a die is re-rolled once
    explode_on: int | None
    explode_depth: Expr  # how many times in a row: a number or an expression (1 when left out)
    keep: tuple[str, Expr] | None  # ("highest" or "lowest", how many)
    total: str | None = None  # the name of an input that is the sum of the numbers the (kept) dice show

    @property
    def expressions(self) -> list[Expr]:
        """Every part written as an expression (or a number), in order."""
        parts = [self.dice, self.target, self.modifier, self.best, *(e for _, e in self.classes), self.keep[1] if self.keep else None, self.explode_depth if self.explode_on else None]
        return [e for e in parts if e is not None]


@dataclass(frozen=True)
class Input:
    name: str
    type: Literal["bool", "int", "enum", "dice", "pool", "inches"]
    summary: str | None
    min: int | float | None  # an inches input's may be x.5
    max: int | float | None
    values: tuple[str, ...]
    dice: DiceSpec | None
    where: Where
    pool: PoolSpec | None = None


@dataclass(frozen=True)
class OutputField:
    """One typed result. A single-value output is one field named ""."""

    name: str
    type: Literal["bool", "int", "enum", "dice", "inches"]
    summary: str | None
    min: int | float | None
    max: int | float | None
    values: tuple[str, ...]
    where: Where


@dataclass(frozen=True)
class Expr:
    """An expression (or a literal) as written, with where it is written."""

    source: Scalar
    where: Where


@dataclass(frozen=True)
class Result:
    """A result: one value per output field (field "" for a single-value output). A
    composed check's result is `made` by the composer, not written: no shape to check."""

    values: tuple[tuple[str, Expr], ...]
    where: Where
    made: bool = False


@dataclass(frozen=True)
class DecideRow:
    when: Expr | None  # None for `otherwise`
    then: Result
    note: str | None
    where: Where


@dataclass(frozen=True)
class Require:
    that: Expr
    message: str
    where: Where


@dataclass(frozen=True)
class Example:
    given: tuple[tuple[str, Scalar], ...]
    expect: Scalar | tuple[tuple[str, Scalar], ...] | None
    raises: str | None
    note: str | None
    where: Where


@dataclass(frozen=True)
class Check:
    name: str
    summary: str
    inputs: tuple[Input, ...]
    output: tuple[OutputField, ...]
    is_record: bool
    requires: tuple[Require, ...]
    lets: tuple[tuple[str, Expr], ...]
    expr: Result | None
    decide: tuple[DecideRow, ...] | None
    examples: tuple[Example, ...]
    where: Where
    parts: tuple[Part, ...] = ()  # a composed check: what each rule supplied
    versus: bool = False  # a core step every unit is composed with, whose form picks a target
    targets: tuple[Target, ...] = ()  # a composed `versus` check: the units it can be aimed at
    until: Expr | None = None  # the dice are rolled again until this holds (ties of a roll-off rolled again)
    shares: Shares | None = None  # a composed check whose code calls its step's
    alike: tuple[object, ...] | None = None  # an imported unit's composition: the same for every unit it computes the same for (`rulesref.logic.alike`)

    def input(self, name: str) -> Input | None:
        return next((i for i in self.inputs if i.name == name), None)


OPERATIONS = ("set", "add", "at_most", "at_least", "halve", "auto", "cannot")


@dataclass(frozen=True)
class Outcome:
    """A field an effect adds to the result of the check it acts on (Mob Rule's hits): its
    value where the effect applies, and `otherwise` where it does not."""

    field: OutputField
    value: Expr
    otherwise: Expr


@dataclass(frozen=True)
class Effect:
    """What an entry changes in another check (see `rulesref.logic.effects`): in the check
    `step` (an entry id, with `.check` when it has several), the quantity `changes` (an input
    or step of that check, or a field of its result; "" for its single result), by one
    operation, where `when` holds. `value` is the operation's expression (None for `auto`'s
    word, `cannot` and `halve`, whose word is `word`)."""

    id: str
    owner: str  # the key of the entry that declares it
    summary: str
    step: str
    changes: str
    operation: str
    value: Expr | None
    word: str | None
    when: Expr | None
    inputs: tuple[Input, ...]
    exception_to: tuple[str, ...]
    stacks: str | None
    where: Where
    side: str = "self"  # "target": it applies when its unit is the target of the check
    step_where: Where | None = None  # where `step` names this check (one of a list)
    outcomes: tuple[Outcome, ...] = ()  # fields it adds to the result
    new_values: tuple[str, ...] = ()  # words its `set` brings to an enum result
    needs: tuple[str, ...] = ()  # characteristics a unit's profile must have for the effect to reach it

    @property
    def ref(self) -> str:
        """`entry-id/effect-id`, as `exception_to` names it."""
        return f"{self.owner.split(':', 1)[1]}/{self.id}"


@dataclass(frozen=True)
class Target:
    """A unit a `versus` check can be aimed at: the values its rules give the check's inputs
    when it is the target, and what each rule supplied."""

    unit: str  # an entry id of the same system
    name: str
    values: tuple[tuple[str, Scalar], ...]
    parts: tuple[Part, ...]


# -- entries --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    system: str
    id: str
    kind: Kind
    name: str
    aliases: tuple[str, ...]
    summary: str
    text: str | None
    params: tuple[Param, ...]
    table: Table | None
    source: Source | None
    tags: tuple[str, ...]
    checks: tuple[Check, ...]
    rules: tuple[RuleRef, ...]
    notes: str | None
    corrections: tuple[Correction, ...]
    same_as: tuple[str, ...]
    where: Where
    profiles: tuple[Profile, ...] = ()
    origin: Origin | None = None
    wargear: tuple[RuleRef, ...] = ()
    options: tuple[Option, ...] = ()
    armies: tuple[str, ...] = ()
    role: str | None = None
    effects: tuple[Effect, ...] = ()
    composed: tuple[tuple[str, tuple[Example, ...], Where], ...] = ()  # a unit's examples of its composed checks, by check name
    depends: tuple[Document, ...] = ()  # the other files a composed entry was made from

    @property
    def module(self) -> str:
        """The generated module's name (`rulesref.names.python_module`: `leadership-test` ->
        `leadership_test_`)."""
        return python_module(self.id)

    @cached_property
    def key(self) -> str:
        """`system:id`, unique across the whole content (made once: every fact across
        entries is found by it)."""
        return f"{self.system}:{self.id}"

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    @cached_property
    def listing(self) -> Listing:
        """What another page shows of this entry when it lists it or links to it."""
        return Listing(self.system, self.id, self.kind, self.name, self.summary)


class Listing(NamedTuple):
    """What a page that lists an entry shows of it: its name, kind, system and summary (a
    link's preview), and where its page is. The facts across entries (who links here, the
    same rule elsewhere, a tag's entries) are told as listings, so a page that lists an entry
    is kept while these hold, however the entry's text or checks change."""

    system: str
    id: str
    kind: Kind
    name: str
    summary: str

    @property
    def key(self) -> str:
        return f"{self.system}:{self.id}"


def texts_of(entry: Entry) -> Iterator[tuple[Where, str]]:
    """Every Markdown text of an entry, with where it is: its text, notes and table cells."""
    for field in ("text", "notes"):
        value = getattr(entry, field)
        if value:
            yield entry.where / field, value
    if entry.table:
        for row in entry.table.rows:
            yield row.where / "result", row.result


@dataclass(frozen=True)
class Content:
    """Everything loaded: systems and their entries, sorted by id."""

    systems: tuple[System, ...]
    entries: tuple[Entry, ...]

    def system(self, system_id: str) -> System | None:
        return next((s for s in self.systems if s.id == system_id), None)

    def entries_of(self, system_id: str) -> tuple[Entry, ...]:
        """A system's entries, in content order (grouped once: pages ask per system, and a
        scan of every entry per system grew with the square of the content)."""
        cached: dict[str, tuple[Entry, ...]] | None = self.__dict__.get("_by_system_cache")
        if cached is None:
            grouped: dict[str, list[Entry]] = {}
            for entry in self.entries:
                grouped.setdefault(entry.system, []).append(entry)
            cached = {system: tuple(entries) for system, entries in grouped.items()}
            object.__setattr__(self, "_by_system_cache", cached)
        return cached.get(system_id, ())

    def entry(self, key: str) -> Entry | None:
        return self._by_key.get(key)

    @property
    def _by_key(self) -> dict[str, Entry]:
        cached: dict[str, Entry] | None = self.__dict__.get("_by_key_cache")
        if cached is None:
            cached = {e.key: e for e in self.entries}
            object.__setattr__(self, "_by_key_cache", cached)
        return cached
