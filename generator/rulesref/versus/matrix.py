"""A roster against a roster: each attacker's weapons against each defender, exactly.

Both rosters are matched to the content by id (`rulesref.formats.roster.match`). Each unit of
the first that the content has, in a system played with another, attacks with each weapon it
took (the rows its roster shows; every weapon of its datasheet where the roster shows none),
one model at a time, in each step it is played in; each unit of the second is the target, its
first model profile with what its rules hold, one model. A cell gives the expected unsaved
Wounds and the chance of removing at least one model, both exact, and keeps the whole answer
(the distribution and the rules that acted) for whoever wants it.

The "Open a roster" page draws the same matrix in the browser (`assets/rulesref-matrix.js`),
from the same choices and targets and with the same generated checks; the constants below
reach it through the page, and a test proves its cells equal these.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from rulesref.model import Content, Entry, Scalar
from rulesref.versus.matchups import HALF_RANGE, Choice, Matchup, matchups, playing
from rulesref.versus.odds import Odds
from rulesref.versus.runtime import REMOVED, UNSAVED, Answer

MEAN_FIELD, REMOVED_FIELD = UNSAVED, REMOVED  # the fields of the result a cell sums up
ONE_MODEL: dict[str, Scalar] = {"models": 1}  # the target: one model of its unit


@dataclass(frozen=True)
class Cell:
    """One attacker's weapon against one defender."""

    attacker: str  # the unit's name in the roster
    weapon: str  # the choice's label (model: weapon)
    step: str
    defender: str
    mean_unsaved: Fraction
    some_removed: Fraction
    answer: Answer


@dataclass(frozen=True)
class Side:
    """A unit of a roster: its name there, its entry, and the rows it took (by name)."""

    name: str
    entry: Entry
    taken: frozenset[str]


def units_of_army(entries: Iterable[Entry], army_id: str) -> list[Entry]:
    """Every unit of an army among a system's `entries`, in their order: an opponent taken
    whole (`rulesref versus --against-army`, and the roster page's choice of an army)."""
    return [e for e in entries if e.kind == "unit" and army_id in e.armies]


def _weapon(choice: Choice) -> str:
    return choice.label.split(": ")[-1].removesuffix(HALF_RANGE).casefold()


def matrix(odds: Odds, content: Content, attackers: list[Side], defenders: list[Side]) -> list[Cell]:
    """Every cell, attackers (by roster order, then weapon) by defenders (by roster order)."""
    cells = []
    systems = {side.entry.system for side in (*attackers, *defenders)}
    played = {system: playing(content, system) for system in systems}  # (worked out once a system)
    targets: dict[str, dict[str, Matchup]] = {}
    for side in defenders:
        targets[side.entry.key] = {m.play.step: m for m in matchups(played[side.entry.system], side.entry)}
    for unit in attackers:
        entry, taken = unit.entry, {t.casefold() for t in unit.taken}
        found = matchups(played[entry.system], entry)
        shown = any(_weapon(c) in taken for m in found for c in m.choices)  # the roster shows its weapons: those only
        for matchup in found:
            for choice in (c for c in matchup.choices if not shown or _weapon(c) in taken):
                for defender in defenders:
                    target = defender.entry
                    aims = targets[target.key].get(matchup.play.step)
                    if aims is None or not aims.aims or target.system != entry.system:
                        continue
                    one = odds.answer(entry, matchup, choice, aims.aims[0], 1, ONE_MODEL, {})
                    cells.append(Cell(unit.name, choice.label, matchup.play.step, defender.name, one.mean(MEAN_FIELD), one.at_least_one(REMOVED_FIELD), one))
    return cells
