"""An army, written as the roster command's outputs: the JSON other tools read, Markdown, one
self-contained printable HTML page, and the short summary a terminal gets.

The JSON is the contract (`schemas/roster.schema.json` describes it). The page holds one card
per unit (its profiles with the weapons it took, its rules by name with their summaries,
its points), then every rule of the army once, A to Z, with its text; it prints on A4 with
nothing of the site around it, each card the page's width with every column and every word of
its profiles, the rules in two columns. Values are escaped here; the template only places
them.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from rulesref import paths
from rulesref.config import Settings
from rulesref.formats.roster.match import Army, ArmyUnit, RuleUse, entry_ref
from rulesref.links import plain_text
from rulesref.support.templates import render


def _number(value: float) -> int | float:
    return int(value) if value == int(value) else value


def _costs(costs: dict[str, float] | tuple[tuple[str, float], ...]) -> dict[str, int | float]:
    items = costs.items() if isinstance(costs, dict) else costs
    return {name: _number(value) for name, value in items}


def _unit(unit: ArmyUnit) -> dict[str, Any]:
    return {
        "name": unit.name,
        "entry": entry_ref(unit.entry) if unit.entry is not None else None,
        "count": unit.count,
        "costs": _costs(unit.costs),
        "rules": [entry_ref(u.entry) for u in unit.rules],
        "profiles": [{"type": p.type, "name": p.name, "values": dict(p.values), "source": p.source} for p in unit.profiles],
        "selections": [{"name": name, "number": number} for name, number in unit.selections],
    }


def as_json(army: Army) -> str:
    roster = army.roster
    data = {
        "roster": {
            "name": roster.name,
            "game_system": roster.game_system,
            "battlescribe_version": roster.battlescribe_version,
            "generated_by": roster.generated_by,
            "costs": _costs(roster.costs),
        },
        "system": army.system,
        "units": [_unit(u) for u in army.units],
        "options": [_unit(u) for u in army.options],
        "rules": [entry_ref(u.entry) for u in army.rules],
        "unmatched": [{"name": u.name, "entry_id": u.entry_id, "reason": u.reason} for u in army.unmatched],
        "differences": [{"rule": entry_ref(d.rule), "name": d.name, "message": d.message} for d in army.differences],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _points(costs: dict[str, float] | tuple[tuple[str, float], ...]) -> str:
    shown = _costs(costs)
    return ", ".join(f"{value} {name}" for name, value in shown.items())


def as_markdown(army: Army) -> str:
    roster = army.roster
    lines = [f"# {roster.name}", "", f"{roster.game_system}" + (f" · {_points(roster.costs)}" if roster.costs else ""), ""]
    for unit in army.units:
        count = f" ({unit.count})" if unit.count > 1 else ""
        lines += [f"## {unit.name}{count}" + (f" · {_points(unit.costs)}" if unit.costs else ""), ""]
        for profile in unit.profiles:
            cells = " | ".join(f"{name}: {value}" for name, value in profile.values)
            lines.append(f"- **{profile.name}** ({profile.type}): {cells}")
        if unit.profiles:
            lines.append("")
        for use in unit.rules:
            lines.append(f"- *{use.shown}*: {use.entry.summary}")
        if unit.selections:
            lines += ["", f"Took: {_took(unit)}"]
        lines.append("")
    lines += ["## Rules", ""]
    for use in army.rules:
        lines += [f"### {use.shown}", "", plain_text(use.entry.text or use.entry.summary).strip(), ""]
    if army.unmatched:
        lines += ["## Not matched", ""] + [f"- {u.name} (`{u.entry_id}`): {u.reason}" for u in army.unmatched] + [""]
    return "\n".join(lines)


def _took(unit: ArmyUnit) -> str:
    """`Reed Spear x2, Lily Pad`: what a unit took, as its card and its section say it."""
    return ", ".join(name + (f" x{n}" if n > 1 else "") for name, n in unit.selections)


def _anchor(use: RuleUse) -> str:
    return anchor(use.entry.key)


def anchor(key: str) -> str:
    """The id of a rule's section on the army page, which each unit's list links to."""
    return key.replace(":", "-")


def paragraphs(text: str) -> list[str]:
    """A text as escaped paragraphs (links shown as their words, bold and italic kept). The
    site's Markdown renderer is an extra of the site; the roster's page needs none."""
    out = []
    for block in plain_text(text).split("\n\n"):
        escaped = html.escape(" ".join(block.split()))
        escaped = _emphasis(escaped)
        if escaped:
            out.append(escaped)
    return out


def _emphasis(escaped: str) -> str:
    """Markdown's bold and italic in an escaped text, as HTML."""
    escaped = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escaped)
    return re.sub(r"(?<!\*)\*(?!\s)(.+?)(?<!\s)\*(?!\*)", r"<em>\1</em>", escaped)


def _link(use: RuleUse, settings: Settings) -> str:
    return settings.site_url + paths.url_of(paths.entry_page(use.entry))


def as_html(army: Army, settings: Settings) -> str:
    roster = army.roster
    e = html.escape
    units = []
    for unit in army.units:
        columns: list[str] = []
        for profile in unit.profiles:
            for name, _ in profile.values:
                if name not in columns:
                    columns.append(name)
        by_type: dict[str, list[Any]] = {}
        for profile in unit.profiles:
            by_type.setdefault(profile.type, []).append(profile)
        tables = []
        for kind, profiles in by_type.items():
            heads = [n for n in columns if any(n in dict(p.values) for p in profiles)]
            tables.append(
                {
                    "type": e(kind),
                    "heads": [e(h) for h in heads],
                    "rows": [{"name": e(p.name), "cells": [e(dict(p.values).get(h, "")) for h in heads]} for p in profiles],
                }
            )
        units.append(
            {
                "name": e(unit.name),
                "count": unit.count,
                "points": e(_points(unit.costs)),
                "tables": tables,
                "rules": [{"name": e(u.shown), "summary": e(u.entry.summary), "anchor": e(_anchor(u))} for u in unit.rules],
                "took": e(_took(unit)),
                "matched": unit.entry is not None,
            }
        )
    rules = [
        {
            "name": e(u.shown),
            "anchor": e(_anchor(u)),
            "paragraphs": paragraphs(u.entry.text or u.entry.summary),
            "link": e(_link(u, settings)),
        }
        for u in army.rules
    ]
    return render(
        "roster/army.html.jinja",
        title=e(roster.name),
        system=e(roster.game_system),
        points=e(_points(roster.costs)),
        units=units,
        options=[{"name": e(o.name), "took": e(", ".join(n for n, _ in o.selections))} for o in army.options],
        rules=rules,
        unmatched=[{"name": e(u.name), "id": e(u.entry_id), "reason": e(u.reason)} for u in army.unmatched],
        differences=[{"name": e(d.name), "message": e(d.message)} for d in army.differences],
    )


FORMATS = (".html", ".md", ".json")  # what `--out` may end in


def written(army: Army, suffix: str, settings: Settings) -> str:
    """The army in the format a file's suffix names (one of `FORMATS`)."""
    if suffix == ".json":
        return as_json(army)
    if suffix == ".md":
        return as_markdown(army)
    return as_html(army, settings)


def summary(army: Army) -> str:
    roster = army.roster
    matched = sum(1 for u in army.units if u.entry is not None)
    lines = [
        f"{roster.name}: {roster.game_system}" + (f", {_points(roster.costs)}" if roster.costs else ""),
        f"  {len(army.units)} units ({matched} matched), {len(army.rules)} rules"
        + (f", {len(army.differences)} rule texts differ from the content's" if army.differences else ""),
    ]
    shown = [u for u in army.unmatched if u.reason != "hidden"]
    if shown:
        lines.append(f"  not matched ({len(shown)}):")
        lines += [f"    {u.name} ({u.entry_id}): {u.reason}" for u in shown]
    hidden = len(army.unmatched) - len(shown)
    if hidden:
        lines.append(f"  hidden in the roster, not matched: {hidden}")
    return "\n".join(lines) + "\n"
