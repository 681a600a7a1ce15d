"""Which rules each profile row of a unit has: what players read on the row is what it links.

A weapon's row says its rules in its own words (`Type: Melee, Brutal (2), Sunder`), and the
data links rules to the options that carry rows. An option with one row gives it its links;
an option with several rows (a combi-weapon, a claw with a built-in flamer) links rules for
all of them at once, and a row must not take its sibling's rules. So a row's rules are:

1. the rules its own text names, with the values its text gives (`Brutal (2)`);
2. its own links (it was the only row of its option), where its text does not name them;
3. of its option's shared links, those its text names.

A shared link that no row of its entry names belongs to no row: it goes to the entry's owner,
the option it came with, or the unit's wargear. Where a link's value differs from what the row's text says, the text wins (it is
what players see) and the disagreement is reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulesref.formats.battlescribe.records import RuleUse, UnitElement

Scalar = int | str
Ref = tuple[str, dict[str, Scalar]]  # a rule id and its parameter values
_ITEMS = re.compile(r"\s*[,;]\s*")


@dataclass(frozen=True)
class Disagreement:
    """A row whose link gives a rule another value than the row's own text does."""

    unit: str
    row: str
    linked: str
    written: str


@dataclass
class UnitRules:
    """What the unit's rows and wargear carry, as rule references written in content."""

    rows: dict[int, list[Any]] = field(default_factory=dict)  # id(row) -> its refs
    wargear: list[Any] = field(default_factory=list)
    options: dict[int, list[Any]] = field(default_factory=dict)  # id(option) -> the refs no row of it names
    disagreements: list[Disagreement] = field(default_factory=list)


def content_ref(found: Ref) -> Any:
    """`brutal`, or `{rule: brutal, X: 2}` when the reference gives values."""
    ident, args = found
    return {"rule": ident, **args} if args else ident


def _shown(found: Ref, names: Callable[[str], str]) -> str:
    ident, args = found
    values = ", ".join(str(v) for v in args.values())
    return f"{names(ident)} ({values})" if values else names(ident)


def place_rules(
    unit: UnitElement,
    resolve: Callable[[RuleUse], Ref | None],
    named: Callable[[str], Ref | None],
    names: Callable[[str], str],
    family: Callable[[str], str] = lambda ident: ident,
) -> UnitRules:
    """The rules of each row of `unit` and of its wargear. `resolve` gives the rule a link
    names, `named` the rule an item of a row's text names (or None), `names` a rule's name,
    `family` what a rule's every text shares (one name the data gives several texts: the row's
    text names the name, and its link the text it has, which is the one shown)."""
    out = UnitRules()
    written: dict[int, dict[str, Ref]] = {}  # id(row) -> family -> the rule as its text names it
    for row in unit.profiles:
        refs: list[Ref] = []
        texts: dict[str, Ref] = {}
        for _, value in row.values:
            for item in _ITEMS.split(value):
                found = named(item.strip()) if item.strip() else None
                if found is not None and family(found[0]) not in texts:
                    texts[family(found[0])] = found
                    refs.append(found)
        written[id(row)] = texts
        for use in row.rules:
            found = resolve(use)
            if found is None:
                continue
            text = texts.get(family(found[0]))
            if text is None:
                if found not in refs:
                    refs.append(found)
                continue
            if found[1] and text[1] != found[1]:
                out.disagreements.append(Disagreement(unit.name, row.name, _shown(found, names), _shown(text, names)))
            if text[0] != found[0]:  # the link's text of the name, with the value the row's text gives
                refs[refs.index(text)] = texts[family(found[0])] = (found[0], text[1])
        out.rows[id(row)] = refs
    for option in unit.shared:
        linked: dict[str, list[Ref]] = {}  # family -> the rule as the option's links give it
        for use in option.uses:
            found = resolve(use)
            if found is not None:
                linked.setdefault(family(found[0]), []).append(found)
        for kin, given in linked.items():
            takers = [row for row in option.rows if kin in written[id(row)]]
            if not takers:
                owner = out.wargear if option.owner is None else out.options.setdefault(id(option.owner), [])
                owner += (found for found in given if found not in owner)
            for row in takers:
                text = written[id(row)][kin]
                if any(found[1] for found in given) and all(found[1] != text[1] for found in given):
                    linked_shown = " or ".join(_shown(found, names) for found in given)
                    out.disagreements.append(Disagreement(unit.name, row.name, linked_shown, _shown(text, names)))
                if all(found[0] != text[0] for found in given):
                    refs = out.rows[id(row)]
                    refs[refs.index(text)] = written[id(row)][kin] = (given[0][0], text[1])
    for use in unit.wargear:
        found = resolve(use)
        if found is not None and found not in out.wargear:
            out.wargear.append(found)
    return UnitRules(
        {key: _unique(refs) for key, refs in out.rows.items()},
        _unique(out.wargear),
        {key: _unique(refs) for key, refs in out.options.items()},
        _unique_disagreements(out.disagreements),
    )


def _unique(refs: list[Ref]) -> list[Any]:
    shown: list[Any] = []
    for found in refs:
        ref = content_ref(found)
        if ref not in shown:
            shown.append(ref)
    return shown


def _unique_disagreements(found: list[Disagreement]) -> list[Disagreement]:
    return list(dict.fromkeys(found))
