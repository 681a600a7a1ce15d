"""The Versus forms of an imported unit's page, and the targets its system offers them.

A unit of a system played with another (`played_with`) gets one Versus form per step it is
played in: the "Try it" form of the check that answers it (the unit's composed check where its
rules change the step, else the step's own), with what `rulesref.versus.matchups` found:
- its weapons, each a choice that fills in and holds the inputs its model and weapon give
  (Attacks and shots times the models attacking), with the rules that choice models and those
  it does not, linked;
- the targets: every unit of the system, in one classic script per system
  (`assets/versus/<system>.js`, loaded when the form first needs it, offline too), searched by
  name rather than listed on every page: each fills in and holds what its profile gives and
  what its rules hold (Eternal Warrior), and names those rules.

The form opens on the first weapon against the unit itself, every other input at its "none".
"""

from __future__ import annotations

import json
from typing import Any

from rulesref import paths
from rulesref.build import Build
from rulesref.links import display_name
from rulesref.model import Content, Entry, Scalar, System
from rulesref.pages import try_it
from rulesref.versus.matchups import Choice, Matchup, matchups, playing
from rulesref.versus.odds import arguments, plan_of
from rulesref.views.checks import CheckView

PLAYED = "versus:"  # a played form's key among an entry's forms (check names are snake_case: no clash)
TARGETS = f"{paths.ASSETS}/versus"  # one script per played system: its units as targets
WORDS = {
    "weapon": "Attacking with", "models": "Models attacking", "target": "Target (type a name)",
    "modelled": "Modelled:", "notModelled": "Not modelled:", "none": "none",
    "unknown": "No unit of that name: type its characteristics in below.",
}


def targets_asset(system: str) -> str:
    return f"{TARGETS}/{system}.js"


def _links(here: str, system: str, rules: tuple[str, ...], content: Content, unit: Entry) -> list[list[str]]:
    """Each rule linked, named as the unit gives it (`Feel No Pain (5+)`)."""
    args = {ref.rule: ref.args for ref in (*unit.rules, *(r for p in unit.profiles for r in p.rules))}
    out = []
    for rule in rules:
        entry = content.entry(f"{system}:{rule}")
        out.append([display_name(entry, args.get(rule, ())) if entry is not None else rule, try_it.page_url(here, system, rule)])
    return out


def _choice(here: str, unit: Entry, choice: Choice, content: Content) -> dict[str, Any]:
    return {
        "label": choice.label, "values": dict(choice.values), "perModel": list(choice.per_model),
        "modelled": _links(here, unit.system, choice.modelled, content, unit), "notModelled": _links(here, unit.system, choice.not_modelled, content, unit),
    }


def unit_forms(build: Build, unit: Entry, found: tuple[Matchup, ...], checks: dict[str, tuple[CheckView, ...]]) -> dict[str, str]:
    """The placeholders of the unit's Versus forms, one per step it has a weapon for, by
    `PLAYED` and the step."""
    content = build.content
    here = paths.entry_page(unit)
    out = {}
    for matchup in found:
        if not matchup.choices:
            continue
        entry, plan = plan_of(build, unit, matchup)
        view = next((v for v in checks.get(entry.key, ()) if v.name == plan.name), None)
        if view is None or plan.odds_name is None:
            continue
        names = try_it.choice_names(entry, [plan], content)
        played = {
            "choices": [_choice(here, unit, c, content) for c in matchup.choices],
            "modelled": _links(here, unit.system, matchup.modelled, content, unit),
            "notModelled": _links(here, unit.system, matchup.not_modelled, content, unit),
            "unread": list(matchup.unread),
            "targets": paths.relative(here, targets_asset(unit.system)),
            "system": unit.system, "step": matchup.play.step, "words": WORDS,
        }
        more = {"played": played, "given": _given(matchup, plan, unit), "targets": [], "applying": [], "legend": f"{try_it.VERSUS}: {matchup.step.name}"}
        out[f"{PLAYED}{matchup.play.step}"] = try_it.placeholder(entry, plan, view, names, here, more)
    return out


def _given(matchup: Matchup, plan: Any, unit: Entry) -> dict[str, Scalar]:
    """What the form opens on: the first weapon against the unit itself, dice counts at 0."""
    aim = dict(matchup.aims[0].values) if matchup.aims else {}
    given = arguments(plan, matchup.choices[0], 1, aim, {}, lowest=True)  # (what nothing gives, at its lowest: a unit of 1)
    return given | {a.name: 0 for a in plan.args if a.pool is not None}


def targets_file(content: Content, system: System, found: dict[str, tuple[Matchup, ...]]) -> bytes:
    """The system's units as targets: by label, what each gives each step, what its rules
    hold, and those rules linked (as from any unit page of the system: all sit side by side)."""
    here = paths.page_of_entry(system.id, "_")
    targets: dict[str, dict[str, Any]] = {}
    owners: dict[str, str] = {}  # each label's unit
    for unit in content.entries_of(system.id):
        for matchup in found.get(unit.key, ()):
            for aim in matchup.aims:
                label = aim.label if owners.setdefault(aim.label, unit.key) == unit.key else f"{aim.label} ({unit.id})"  # (two units of one name)
                one = targets.setdefault(label, {"label": label, "steps": {}})
                one["steps"][matchup.play.step] = {"values": dict(aim.values), "held": dict(aim.held), "brings": _links(here, system.id, aim.brings, content, unit)}
    data = json.dumps(sorted(targets.values(), key=lambda t: str(t["label"]).lower()), separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return f"(globalThis.rulesrefTargets ??= {{}})[{json.dumps(system.id)}] = {data};\n".encode()


def played_files(build: Build, checks: dict[str, tuple[CheckView, ...]]) -> tuple[dict[str, dict[str, str]], dict[str, bytes]]:
    """Every played unit's Versus forms (by entry key, then as `unit_forms`), and the targets
    script of each played system (by its path): the units matched once for both."""
    content = build.content
    forms: dict[str, dict[str, str]] = {}
    files: dict[str, bytes] = {}
    for system in (s for s in content.systems if s.played_with is not None):
        played = playing(content, system.id)
        found = {u.key: matchups(played, u) for u in content.entries_of(system.id) if u.kind == "unit"}
        for key, matched in found.items():
            unit = content.entry(key)
            assert unit is not None
            forms[key] = unit_forms(build, unit, matched, checks)
        files[targets_asset(system.id)] = targets_file(content, system, found)
    return forms, files
