"""Which units an effect reaches: those whose profile has the characteristics it `needs`.

A core effect (a term's, such as Instant Death) changes a step for every unit of its system,
but some only make sense for some units: Instant Death compares a Strength with a Toughness,
which a vehicle with Armour values has not. `needs: [T]` says so, in the names of the system's
profile types, and the composer gives a composed check only to a unit one of whose profiles
has a value for each. A unit that writes no profiles is not known to lack them: it is reached,
as before `needs` existed. (A characteristic no profile type of the system has is refused at
its line by `check.content`: it would quietly reach no unit that has profiles.)
"""

from __future__ import annotations

from rulesref.model import Effect, Entry

BLANK = ("", "-")  # a profile's value that says the unit has no such characteristic


def reaches(effect: Effect, unit: Entry) -> bool:
    """Whether the effect applies to the unit, by its profiles (see the module's docstring)."""
    if not effect.needs or not unit.profiles:
        return True
    return any(all((value := p.value(c)) is not None and value.strip() not in BLANK for c in effect.needs) for p in unit.profiles)

