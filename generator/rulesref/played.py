"""How an imported system is played: with another system's core steps and rules-as-code.

BattleScribe data gives a unit's profiles and the names of its rules, not what they do. A
system of content written by hand (`w40k7`) has the steps an attack goes through and the
rules that change them, as checks and effects. `played_with` in an imported system's
`system.yml` joins the two: which of its characteristics give each step's inputs, on the
attacker's side, the weapon's and the target's, and which of its rules are which rule of the
played system, with the values of its parameters where this system's rule's name gives none
(`Iron Halo` is Invulnerable Save (X+) with `X: 4`). Apart from `rulesref.model`, which names it in its `System`, so that the model
stays one file of a readable size; `rulesref.versus` reads and checks it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rulesref.model import Where

Side = Literal["attacker", "weapon", "target"]
SIDES: tuple[Side, ...] = ("attacker", "weapon", "target")


@dataclass(frozen=True)
class Fed:
    """One input of a step, and the characteristic of a profile that gives its value."""

    side: Side
    input: str
    characteristic: str
    where: Where


@dataclass(frozen=True)
class StepPlay:
    """How units play one `versus` step of the played system: the characteristics that give
    its inputs, and which weapon rows it is for (those whose `weapons_by` characteristic
    names `weapons_with`, or those that do not, with `weapons_without`)."""

    step: str  # `entry-id.check`, or `entry-id` when the entry has one check
    fed: tuple[Fed, ...]
    weapons_by: str | None
    weapons_with: str | None
    weapons_without: str | None
    where: Where

    def side(self, side: str) -> tuple[Fed, ...]:
        """The inputs one side gives (worked out once: every unit of the system asks)."""
        sides: dict[str, tuple[Fed, ...]] | None = self.__dict__.get("_sides")
        if sides is None:
            sides = {s: tuple(f for f in self.fed if f.side == s) for s in SIDES}
            object.__setattr__(self, "_sides", sides)
        return sides.get(side, ())


@dataclass(frozen=True)
class PlayedWith:
    """An imported system's mapping onto the system it is played with."""

    system: str
    rules: tuple[tuple[str, str, Where], ...]  # (this system's rule id, the played system's, where)
    steps: tuple[StepPlay, ...]
    where: Where
    given: tuple[tuple[str, tuple[tuple[str, bool | int | float | str], ...]], ...] = ()  # (this system's rule id, the values it gives the played rule's parameters)

    def rule(self, rule_id: str) -> str | None:
        """The played system's rule that this system's rule is, if mapped (looked up in a
        table made once: every weapon and rule of every unit of the system asks)."""
        table: dict[str, str] | None = self.__dict__.get("_table")
        if table is None:
            table = {}
            for mine, theirs, _ in self.rules:
                table.setdefault(mine, theirs)  # (the first, as a scan would find it)
            object.__setattr__(self, "_table", table)
        return table.get(rule_id)

    def args(self, rule_id: str) -> tuple[tuple[str, bool | int | float | str], ...]:
        """The parameter values the mapping gives the played rule for this system's rule
        (`iron-halo: {rule: invulnerable-save-x, X: 4}`): a wargear item or a rule whose name
        carries no value is the played rule with one."""
        return next((args for mine, args in self.given if mine == rule_id), ())
