"""The Versus forms of an imported unit's page, and the targets its system offers them.

A unit of a system played with another (`played_with`) gets one Versus form per step it is
played in: the "Try it" form of the check that answers it (the unit's composed check where its
rules change the step, else the step's own), with what `rulesref.versus.matchups` found:
- its weapons, each a choice that fills in and holds the inputs its model and weapon give
  (Attacks and shots times the models attacking), with the rules that choice models and those
  it does not, linked; more weapons can be added, and the chart then adds up all of them
  firing together (the package runtime's `combined`, `_versus.js`, which the site carries);
- the targets: every unit of the system, in one classic script per system
  (`assets/versus/<system>.js`, loaded when the form first needs it, offline too), searched by
  name rather than listed on every page: each fills in and holds what its profile gives and
  what its rules hold (Eternal Warrior), and names those rules.

A step's own check (no rule of the unit changes it) is described in a script of its own
(`assets/versus/described/`), once for the unit pages of a folder, whose placeholders carry only
what each unit adds and the script's name (`form`, `script`): most of an imported site's forms
run a step's own check, and its arguments and words, written into every unit page, were most
of those pages' bytes. `rulesref-try.js` reads the script once a page and lays the unit's
part over it, so the form is the one the whole description would make. A form too long for
its page (a formation of hundreds of weapons: 2,700 choices, a megabyte of page) is, whole, a
script of its own (`assets/versus/own/`), read the same way once the form is built.

The "Open a roster" page plays a roster against another with the same forms: each unit's
record there carries what its forms add and what it is as a target (`roster_versus`), and the
description of each check they run is a script of its own (`assets/versus/forms/`), which the
units of one check share and the page reads only for the units a roster names.

The form opens on the first weapon against the unit itself, every other input at its "none".
"""

from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass
from typing import Any

from rulesref import paths
from rulesref.build import Build
from rulesref.incremental.memo import Get, call, fresh
from rulesref.links import display_name
from rulesref.logic.plan import Plan
from rulesref.model import Content, Entry, Scalar, System
from rulesref.pages import try_it
from rulesref.versus.matchups import Choice, Matchup, Playing, matchups, playing
from rulesref.versus.odds import arguments, plan_of
from rulesref.views.checks import CheckView

PLAYED = "versus:"  # a played form's key among an entry's forms (check names are snake_case: no clash)
TARGETS = f"{paths.ASSETS}/versus"  # one script per played system: its units as targets
FORMS = f"{TARGETS}/forms"  # the roster page's: one script per check its Versus forms run
DESCRIBED = f"{TARGETS}/described"  # the unit pages': a step's own check, one script per folder of units
OWN = f"{TARGETS}/own"  # a unit page's form too long to carry: the whole of it, one script per unit and step
INLINE_AT_MOST = 16_000  # bytes of a form's JSON that its unit page carries (half as many again, escaped)
SHARED = ("words", "targets", "system")  # what every unit's form of a system says alike: the roster page gives it once (`roster_shared`)
WORDS = {
    "weapon": "Attacking with", "models": "Models attacking", "target": "Target (type a name)",
    "add": "Add a weapon", "remove": "Remove", "also": "And with (weapon, models)",
    "together": "The chart adds up every weapon chosen: their unsaved Wounds, and the models they remove between them.",
    "modelled": "Modelled:", "notModelled": "Not modelled:", "none": "none",
    "unknown": "No unit of that name: type its characteristics in below.",
}


def targets_asset(system: str) -> str:
    return f"{TARGETS}/{system}.js"


def rule_args(unit: Entry) -> dict[str, tuple[tuple[str, Scalar], ...]]:
    """The values a unit gives each of its rules and its rows' rules, by rule id (what its
    links name: `Feel No Pain (5+)`)."""
    return {ref.rule: ref.args for ref in (*unit.rules, *(r for p in unit.profiles for r in p.rules))}


def _links(here: str, system: str, rules: tuple[str, ...], content: Content, args: dict[str, tuple[tuple[str, Scalar], ...]]) -> list[list[str]]:
    """Each rule linked, named as the unit gives it (`args`: `rule_args`)."""
    out = []
    for rule in rules:
        entry = content.entry(f"{system}:{rule}")
        out.append([display_name(entry, args.get(rule, ())) if entry is not None else rule, try_it.page_url(here, system, rule)])
    return out


def _choice(here: str, unit: Entry, choice: Choice, content: Content, args: dict[str, tuple[tuple[str, Scalar], ...]]) -> dict[str, Any]:
    return {
        "label": choice.label, "values": dict(choice.values), "perModel": list(choice.per_model),
        "modelled": _links(here, unit.system, choice.modelled, content, args), "notModelled": _links(here, unit.system, choice.not_modelled, content, args),
    }


def _plan(build: Build, unit: Entry, matchup: Matchup, checks: dict[str, tuple[CheckView, ...]]) -> tuple[Entry, Plan, CheckView] | None:
    """The check a unit's form of a step runs, as its page words it; None where the unit has
    no weapon for the step, or the check rolls no dice."""
    if not matchup.choices:
        return None
    entry, plan = plan_of(build, unit, matchup)
    view = next((v for v in checks.get(entry.key, ()) if v.name == plan.name), None)
    return (entry, plan, view) if view is not None and plan.odds_name is not None else None


def _played(here: str, build: Build, unit: Entry, matchup: Matchup, plan: Plan) -> dict[str, Any]:
    """What a unit's Versus form of a step adds to its check's "Try it" description, for
    the page `here`: its weapons, its rules, the targets script, the values it opens on."""
    content = build.content
    args = rule_args(unit)  # (once: an imported unit can have hundreds of rows)
    played = {
        "choices": [_choice(here, unit, c, content, args) for c in matchup.choices],
        "modelled": _links(here, unit.system, matchup.modelled, content, args),
        "notModelled": _links(here, unit.system, matchup.not_modelled, content, args),
        "unread": list(matchup.unread),
        "targets": paths.relative(here, targets_asset(unit.system)),
        "system": unit.system, "step": matchup.play.step, "words": WORDS,
    }
    return {"played": played, "given": _given(matchup, plan, unit), "targets": [], "applying": [], "legend": f"{try_it.VERSUS}: {matchup.step.name}"}


Wanted = dict[str, tuple[Entry, Plan, CheckView, str]]  # description scripts by path: the check each describes, and for which page


def unit_forms(
    build: Build, unit: Entry, found: tuple[Matchup, ...], checks: dict[str, tuple[CheckView, ...]], wanted: Wanted | None,
    own: dict[str, bytes] | None = None, inline_at_most: int = INLINE_AT_MOST,
) -> dict[str, str]:
    """The placeholders of the unit's Versus forms, one per step it has a weapon for, by
    `PLAYED` and the step. A step's own check (no rule of the unit changes it) is described
    once for the unit pages of a folder, in a script asked for in `wanted` (its links, to
    other pages than the unit's, are the same from each of them; `scripts` makes it), which
    the placeholder names; with no `wanted`, every description is written into its
    placeholder whole.

    A form longer than `inline_at_most` bytes (a unit of hundreds of weapons: a formation, a
    chapter's support) is put whole, description and all, in a script of its own, added to
    `own` by path, which the placeholder names as it would a shared one: the page stays
    small, and the form is read only once it is built."""
    here = paths.entry_page(unit)
    out = {}
    for matchup in found:
        planned = _plan(build, unit, matchup, checks)
        if planned is None:
            continue
        entry, plan, view = planned
        played = _played(here, build, unit, matchup, plan)
        shared = None if entry is unit or wanted is None else described_asset(here, entry, plan)
        if shared is None:
            placeholder = _described(build.content, entry, plan, view, here) | played
        else:
            placeholder = {"form": shared, "script": paths.relative(here, shared)} | played
        data = try_it.form_data(placeholder)
        if own is not None and len(data) > inline_at_most:
            asset = own_asset(unit, matchup.play.step)
            whole = placeholder if shared is None else _described(build.content, entry, plan, view, here) | played  # (not laid over a shared one: one script is read)
            own[asset] = form_script(asset, whole)
            data = try_it.form_data({"form": asset, "script": paths.relative(here, asset)})
        elif shared is not None and wanted is not None:  # (asked for only by a form that reads it)
            wanted.setdefault(shared, (entry, plan, view, here))
        out[f"{PLAYED}{matchup.play.step}"] = try_it.holder(data)
    return out


def own_asset(unit: Entry, step: str) -> str:
    """The script of a unit's form of `step` that is too long for its page (`unit_forms`)."""
    return f"{OWN}/{unit.system}/{unit.id}.{step}.js"


def _described(content: Content, entry: Entry, plan: Plan, view: CheckView, page: str) -> dict[str, Any]:
    """The check's description, as its "Try it" form gives it, for `page`."""
    return try_it.description(entry, plan, view, try_it.choice_names(entry, [plan], content), page)


def described_asset(page: str, entry: Entry, plan: Plan) -> str:
    """The script of a check's description as the unit pages of `page`'s folder of units read
    it (`system/unit/index.md`: the folder of the units' folders)."""
    return f"{DESCRIBED}/{posixpath.dirname(posixpath.dirname(page))}/{entry.system}/{entry.id}.{plan.name}.js"


def form_script(asset: str, described: dict[str, Any]) -> bytes:
    """A classic script that gives the description of a form by the name of its script (a
    module could not be read from the offline copy's file:// pages)."""
    data = json.dumps(described, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return f"(globalThis.rulesrefForms ??= {{}})[{json.dumps(asset)}] = {data};\n".encode()


def roster_shared(systems: tuple[System, ...], page: str) -> dict[str, Any]:
    """What the roster `page` gives each unit's form of the played `systems` (`SHARED`)."""
    return {"words": WORDS, "targets": {s.id: paths.relative(page, targets_asset(s.id)) for s in systems if s.played_with is not None}}


def form_asset(entry: Entry, plan: Plan) -> str:
    """The script of a check's description as the roster page's Versus forms read it."""
    return f"{FORMS}/{entry.system}/{entry.id}.{plan.name}.js"


def roster_versus(build: Build, unit: Entry, found: tuple[Matchup, ...], checks: dict[str, tuple[CheckView, ...]], page: str, wanted: Wanted) -> list[dict[str, Any]]:
    """A unit on the roster `page`, for its matrix (`assets/rulesref-matrix.js`): each step it
    is played in, with what its form there adds (`form` names the script of the check's own
    description, which units of one check share) and the unit as the target (its first model
    profile, what its rules hold, those rules linked). The scripts are asked for in `wanted`."""
    content = build.content
    steps: list[dict[str, Any]] = []
    for matchup in found:
        one: dict[str, Any] = {"step": matchup.play.step, "name": matchup.step.name}
        planned = _plan(build, unit, matchup, checks)
        if planned is not None:
            entry, plan, view = planned
            asset = form_asset(entry, plan)
            wanted.setdefault(asset, (entry, plan, view, page))
            adds = _played(page, build, unit, matchup, plan)
            adds["played"] = {k: v for k, v in adds["played"].items() if k not in SHARED}  # (the page gives them once)
            one |= {"form": asset, "script": paths.relative(page, asset), **adds}
        if matchup.aims:
            aim = matchup.aims[0]
            one["aim"] = {"values": dict(aim.values), "held": dict(aim.held), "brings": _links(page, unit.system, aim.brings, content, rule_args(unit))}
        if "form" in one or "aim" in one:  # (a unit with neither has nothing in the matrix)
            steps.append(one)
    return steps


def _given(matchup: Matchup, plan: Plan, unit: Entry) -> dict[str, Scalar]:
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
                one["steps"][matchup.play.step] = {"values": dict(aim.values), "held": dict(aim.held), "brings": _links(here, system.id, aim.brings, content, rule_args(unit))}
    data = json.dumps(sorted(targets.values(), key=lambda t: str(t["label"]).lower()), separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return f"(globalThis.rulesrefTargets ??= {{}})[{json.dumps(system.id)}] = {data};\n".encode()


def scripts(content: Content, wanted: Wanted, get: Get = fresh) -> dict[str, bytes]:
    """The description scripts the forms asked for (`unit_forms`, `roster_versus`), by path;
    each kept by what it describes (`get`) and the names of the entries its choices are."""
    return {
        asset: call(get, f"described:{asset}", _script, asset, entry, plan, view, page, try_it.choice_names(entry, [plan], content))
        for asset, (entry, plan, view, page) in wanted.items()
    }


def _script(asset: str, entry: Entry, plan: Plan, view: CheckView, page: str, names: dict[str, str]) -> bytes:
    return form_script(asset, try_it.description(entry, plan, view, names, page))


@dataclass(frozen=True)
class PlayedFiles:
    """Every played unit's Versus forms (by entry key, then as `unit_forms`), and the scripts
    of the targets of each played system, of the descriptions the unit pages share, of the
    roster page's forms and of the forms too long for their pages (by path). (The units as
    the roster page's matrix reads them are `Played.roster_of`.)"""

    forms: dict[str, dict[str, str]]
    files: dict[str, bytes]


@dataclass(frozen=True)
class _UnitPlayed:
    """What one unit gives: its matchups, its forms, its record on the roster page, and the
    description scripts they name."""

    found: tuple[Matchup, ...]
    forms: dict[str, str]
    roster: list[dict[str, Any]]
    wanted: Wanted
    own: dict[str, bytes]


def _unit_played(
    build: Build, played: Playing | None, unit: Entry, checks: dict[str, tuple[CheckView, ...]], roster_page: str | None, shared: bool, inline_at_most: int
) -> _UnitPlayed:
    found = matchups(played, unit)
    wanted: Wanted = {}
    own: dict[str, bytes] = {}
    forms = unit_forms(build, unit, found, checks, wanted if shared else None, own if shared else None, inline_at_most)
    steps = roster_versus(build, unit, found, checks, roster_page, wanted) if roster_page is not None else []
    return _UnitPlayed(found, forms, steps, wanted, own)


def _basis(build: Build, checks: dict[str, tuple[CheckView, ...]], system: System) -> tuple[object, ...]:
    """What every unit's forms of a played `system` read besides the unit itself: the system,
    every other entry of it (its rules: their names and pages), the played system's entries
    and their checks (the steps, the rules acting on them), and the settings."""
    content = build.content
    assert system.played_with is not None
    own = tuple(e for e in content.entries_of(system.id) if e.kind != "unit")
    steps = content.entries_of(system.played_with.system)
    return (system, own, steps, tuple(build.compiled.get(e.key) for e in steps), tuple(checks.get(e.key) for e in steps), build.settings)


class Played:
    """Every played unit's forms and the scripts they read, each made when first asked for:
    one unit's part (`unit`: its forms, its record on the roster page) without the others',
    so that `serve` renders a unit's page without making every unit's, and the files of all
    (`files`) once the scripts are asked for. With a `roster_page`, the units as that page's
    matrix reads them too. `shared`: a step's own check is described once for a folder of
    units, and a form longer than `inline_at_most` bytes is a script of its own
    (`unit_forms`); else every form is whole.

    With a long-lived process's `get` (`serve`), a unit's part is made again only when the
    unit, its compiled checks or what the system's units share (`_basis`) changed: what they
    share is compared once a run (an object of this class is one run's), and then stands for
    itself by identity, so each unit's inputs compare in a few steps."""

    def __init__(
        self, build: Build, checks: dict[str, tuple[CheckView, ...]], roster_page: str | None = None, *,
        shared: bool = True, get: Get = fresh, inline_at_most: int = INLINE_AT_MOST,
    ) -> None:
        self._build, self._checks, self._roster_page = build, checks, roster_page
        self._shared, self._get, self._inline_at_most = shared, get, inline_at_most
        self._systems: dict[str, tuple[object, Playing | None]] = {}
        self._units: dict[str, _UnitPlayed] = {}
        self._files: PlayedFiles | None = None

    def _playing(self, system: System) -> tuple[object, Playing | None]:
        if system.id not in self._systems:
            content = self._build.content
            self._systems[system.id] = self._get(f"playing:{system.id}", _basis(self._build, self._checks, system), lambda: (object(), playing(content, system.id)))
        return self._systems[system.id]

    def unit(self, key: str) -> _UnitPlayed | None:
        """The part of the unit `key`; None for an entry that is no played unit."""
        if key in self._units:
            return self._units[key]
        build = self._build
        unit = build.content.entry(key)
        system = build.content.system(unit.system) if unit is not None and unit.kind == "unit" else None
        if unit is None or system is None or system.played_with is None:
            return None
        basis, played = self._playing(system)
        checks, roster_page, shared, bound = self._checks, self._roster_page, self._shared, self._inline_at_most
        inputs = (basis, unit, build.compiled.get(key), checks.get(key), roster_page, shared, bound)
        mine: _UnitPlayed = self._get(f"played:{key}", inputs, lambda: _unit_played(build, played, unit, checks, roster_page, shared, bound))
        self._units[key] = mine
        return mine

    def forms_of(self, key: str) -> dict[str, str]:
        """The unit's Versus forms, as `unit_forms` gives them (none for another entry)."""
        mine = self.unit(key)
        return mine.forms if mine is not None else {}

    def roster_of(self, key: str) -> list[dict[str, Any]]:
        """The unit as the roster page's matrix reads it (`roster_versus`; none for another entry)."""
        mine = self.unit(key)
        return mine.roster if mine is not None else []

    def files(self) -> PlayedFiles:
        """Every unit's part, and the scripts they read: the targets of each played system,
        the descriptions the unit pages share and the roster page's forms, and the forms
        too long for their pages (the units matched once for all)."""
        if self._files is not None:
            return self._files
        content = self._build.content
        out = PlayedFiles({}, {})
        wanted: Wanted = {}
        for system in (s for s in content.systems if s.played_with is not None):
            basis, _ = self._playing(system)
            found: dict[str, tuple[Matchup, ...]] = {}
            units = tuple(u for u in content.entries_of(system.id) if u.kind == "unit")
            for unit in units:
                mine = self.unit(unit.key)
                assert mine is not None
                found[unit.key] = mine.found
                out.forms[unit.key] = mine.forms
                out.files.update(mine.own)
                for asset, described in mine.wanted.items():
                    wanted.setdefault(asset, described)
            out.files[targets_asset(system.id)] = self._get(f"targets:{system.id}", (basis, units, tuple(found.values())), lambda s=system, f=found: targets_file(content, s, f))  # type: ignore[misc]
        out.files.update(scripts(content, wanted, self._get))
        self._files = out
        return out
