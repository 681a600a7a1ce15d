"""A unit's page as a datasheet: its profiles as tables of characteristics (one per profile
type, columns in the system's printed order), then its rules as compact cards: the rule's
name with its parameter values, what each value means, the summary, a link, and the rule's
full text (folded on screen, printed in full, so a printed unit page is its rules card).

Only the fragments are made here, every value escaped for where it goes; the template
places them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulesref.model import Entry, Param, Profile, RuleRef, Scalar, System
from rulesref.render.checks import show
from rulesref.render.markdown import attribute, plain

# A link to an entry (with parameter values) from the page being written, as Markdown.
EntryLink = Callable[[Entry, tuple[tuple[str, Scalar], ...]], str]


@dataclass(frozen=True)
class ProfileTable:
    heading: str  # the profile type's name, as Markdown
    columns: tuple[str, ...]  # characteristics (and "Rules" when a row has rules), as Markdown
    rows: tuple[tuple[str, ...], ...]  # the row's name, then its cells, as Markdown


def profile_tables(system: System, profiles: tuple[Profile, ...], rule_link: Callable[[RuleRef], str | None]) -> list[ProfileTable]:
    """One table per profile type the unit uses, in the order the system declares them."""
    tables = []
    for profile_type in system.profile_types:
        of_type = [p for p in profiles if p.type == profile_type.id]
        if not of_type:
            continue
        with_rules = any(p.rules for p in of_type)
        columns = tuple(plain(c) for c in profile_type.characteristics) + (("Rules",) if with_rules else ())
        rows = []
        for profile in of_type:
            cells = [plain(profile.value(c) or "") for c in profile_type.characteristics]
            if with_rules:
                cells.append(", ".join(link for ref in profile.rules if (link := rule_link(ref)) is not None))
            rows.append((plain(profile.name), *cells))
        tables.append(ProfileTable(plain(profile_type.name), columns, tuple(rows)))
    return tables


def unit_rule_refs(entry: Entry) -> list[RuleRef]:
    """The unit's rules, then those only its profiles have (each rule and value once)."""
    refs: list[RuleRef] = []
    seen: set[tuple[str, tuple[tuple[str, Scalar], ...]]] = set()
    for ref in (*entry.rules, *(r for p in entry.profiles for r in p.rules)):
        if (ref.rule, ref.args) not in seen:
            seen.add((ref.rule, ref.args))
            refs.append(ref)
    return refs


def parameter_values(target: Entry, args: tuple[tuple[str, Scalar], ...]) -> list[str]:
    """`X = 3: How many Wounds each allocated Wound becomes`, for each value given, as HTML text."""
    given = dict(args)
    return [attribute(f"{p.name} = {_value(p, given[p.name])}" + (f": {p.summary}" if p.summary else "")) for p in target.params if p.name in given]


def _value(param: Param, value: Scalar) -> str:
    return f"{value}+" if param.type == "roll" and isinstance(value, int) else show(value)
