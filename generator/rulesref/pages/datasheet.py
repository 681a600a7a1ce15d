"""A unit's page as a datasheet, in the order a printed one reads: its profiles as tables of
characteristics (one per profile type, columns in the system's printed order), then its
weapons with their rules, then its special rules as compact cards (the rule's name with its
parameter values, what each value means, the summary, a link, and the rule's full text,
folded on screen, printed in full, so a printed unit page is its rules card), then its
options, each with what it brings.

A profile table can be wider than a phone (a vehicle has eleven characteristics), and no
word in it may break. So each table sits in a scroll box of its own (`rr-scroll`, which the
keyboard reaches by name) with the row's name held at the left while the values scroll;
short values never wrap, and a column of free text (a weapon's type and abilities, the
row's rules) wraps between words, never narrower than a few words.

Only the fragments are made here, as finished HTML (`rulesref.pages.finished`: MkDocs
passes them through unconverted), every value escaped; the template places them.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesref.links import shown_value
from rulesref.model import Entry, Profile, RuleRef, Scalar, System
from rulesref.pages.markdown import attribute

# A value longer than this with a space in it is free text ("Heavy 1, Gets Hot, Melta"),
# which may wrap between its words; anything shorter ("3+", "12\"", "Assault 2") never wraps.
SHORT_VALUE = 12


def is_text(value: str) -> bool:
    """Whether a cell holds free text, which wraps, rather than a value, which never does."""
    return len(value) > SHORT_VALUE and any(c.isspace() for c in value)


def profile_tables(system: System, profiles: tuple[Profile, ...], rule_link: Callable[[RuleRef], str | None], *, weapons: bool) -> list[str]:
    """One table per profile type the unit uses, of weapons or of the rest, in the order the
    system declares them, each as a finished HTML block in its scroll box
    (`rulesref.pages.finished`): `rule_link` gives a rule's link as HTML (one that previews
    the rule), every other cell is escaped text."""
    tables = []
    for profile_type in system.profile_types:
        if (profile_type.kind == "weapon") != weapons:
            continue
        of_type = [p for p in profiles if p.type == profile_type.id]
        if not of_type:
            continue
        characteristics = profile_type.characteristics
        values = [[p.value(c) or "" for c in characteristics] for p in of_type]
        text = [any(is_text(row[i]) for row in values) for i in range(len(characteristics))]
        rules = [", ".join(link for ref in p.rules if (link := rule_link(ref)) is not None) for p in of_type]
        with_rules = any(p.rules for p in of_type)
        head = [f'<th scope="col">{attribute(profile_type.name)}</th>']
        head += [f'<th scope="col"{_text(i, text)}>{attribute(c)}</th>' for i, c in enumerate(characteristics)]
        if with_rules:
            head.append('<th scope="col" class="rr-text">Rules</th>')
        rows = []
        for profile, row, links in zip(of_type, values, rules, strict=True):
            cells = [f'<th scope="row">{attribute(profile.name)}</th>']
            cells += [f"<td{_text(i, text)}>{attribute(value)}</td>" for i, value in enumerate(row)]
            if with_rules:
                cells.append(f'<td class="rr-text">{links}</td>')
            rows.append("<tr>" + "".join(cells) + "</tr>")
        tables.append(
            f'<div class="rr-scroll" role="region" tabindex="0" aria-label="{attribute(profile_type.name)} profiles">\n'
            f'<table class="rr-profile">\n<thead><tr>{"".join(head)}</tr></thead>\n<tbody>\n'
            + "\n".join(rows)
            + "\n</tbody>\n</table>\n</div>"
        )
    return tables


def _text(index: int, text: list[bool]) -> str:
    return ' class="rr-text"' if text[index] else ""


def option_groups(entry: Entry, rule_link: Callable[[RuleRef], str | None], unit_link: Callable[[str], str | None]) -> list[dict[str, object]]:
    """A unit's options by the group they are chosen from (in the order the unit lists them),
    each group one line of HTML (the links are HTML, `rulesref.pages.finished`): every option's name (a link, when it is a unit of its
    own, or when it is the one rule it brings), then what it brings: its rules, and the rows
    that come with it where they are named otherwise."""
    groups: dict[str | None, list[str]] = {}
    for option in entry.options:
        links = [link for ref in option.rules if (link := rule_link(ref)) is not None]
        name = unit_link(option.unit) if option.unit is not None else None
        if name is None and len(option.rules) == 1 and not option.rows and links and _plain_name(option.name) == _plain_name(option.rules[0].rule):
            name, links = links[0], []
        brings = [*links, *(attribute(r) for r in option.rows if _plain_name(r) != _plain_name(option.name))]
        groups.setdefault(option.group, []).append((name or attribute(option.name)) + (f" ({', '.join(brings)})" if brings else ""))
    return [{"name": attribute(group) if group else "Other options", "choices": " · ".join(items)} for group, items in groups.items()]


def _plain_name(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def unit_rule_refs(entry: Entry) -> list[RuleRef]:
    """The unit's rules, then those only its profiles have (each rule and value once)."""
    refs: list[RuleRef] = []
    seen: set[tuple[str, tuple[tuple[str, Scalar], ...]]] = set()
    for ref in (*entry.rules, *(r for p in entry.profiles for r in p.rules)):
        if (ref.rule, ref.args) not in seen:
            seen.add((ref.rule, ref.args))
            refs.append(ref)
    return refs


def row_rule_refs(entry: Entry) -> list[RuleRef]:
    """The rules only the unit's profile rows have (a weapon's, an option's vehicle's), each
    rule and value once: on the page they come after the unit's own, under a note, so that a
    rule an option's row brings never reads as the unit's."""
    own = {(ref.rule, ref.args) for ref in entry.rules}
    return [ref for ref in unit_rule_refs(entry) if (ref.rule, ref.args) not in own]


def parameter_values(target: Entry, args: tuple[tuple[str, Scalar], ...]) -> list[str]:
    """`X = 3: How many Wounds each allocated Wound becomes`, for each value given, as HTML text."""
    given = dict(args)
    return [attribute(f"{p.name} = {shown_value(p, given[p.name])}" + (f": {p.summary}" if p.summary else "")) for p in target.params if p.name in given]
