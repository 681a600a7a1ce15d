"""`rulesref import battlescribe`: read, map, merge with disk, write, report (the format's
phases are `rulesref.formats.battlescribe`'s).

Every source file is read and checked before anything is written, so a malformed or hostile
file stops the import with nothing changed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rulesref.commands.init import EXAMPLE_RULE, example_rule
from rulesref.errors import EnvironmentProblem, UsageError
from rulesref.formats.battlescribe.elements import read_data
from rulesref.formats.battlescribe.existing import Existing, read_existing
from rulesref.formats.battlescribe.forces import NEVER_SHOWN
from rulesref.formats.battlescribe.mapping import map_data
from rulesref.formats.battlescribe.played import played_with
from rulesref.formats.battlescribe.read import SourceError, XmlFile, read_file, source_files
from rulesref.formats.battlescribe.report import counts, import_report, summary_lines
from rulesref.formats.battlescribe.write import changed_files, plan_files, write_files
from rulesref.scaffold import title
from rulesref.support.progress import Progress

SYSTEM_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


@dataclass(frozen=True)
class Coverage:
    """What a force can take and what became units: the import's measure of what a user
    would miss (the benchmark prints it per repository)."""

    takeable: int
    units: int
    left_out: dict[str, int]  # reason -> how many
    absent: int  # of those left out, how many are in catalogues the sources lack
    never_shown: int  # of those left out, how many are hidden with nothing to show them
    missing_catalogues: tuple[str, ...]
    rules: int
    without_profiles: int
    without_rules: int


@dataclass(frozen=True)
class ImportResult:
    lines: list[str]
    written: list[Path]
    system_name: str
    coverage: Coverage


def choose_game_system(files: list[XmlFile], wanted: str | None) -> list[XmlFile]:
    """The game system to import and the catalogues written for it (by `gameSystemId`).

    A checkout may hold several game systems (two editions side by side): `wanted` names one
    by its name, its id or its file; without it, a checkout of several is a usage error that
    lists each with its catalogues, so the user can pick one."""
    systems = [f for f in files if f.kind == "gst"]
    if not systems:
        raise UsageError("no game system (.gst or .gstz) among the sources; name the game system file too")

    def catalogues(system: XmlFile) -> list[XmlFile]:
        ident = system.root.get("id")
        return [f for f in files if f.kind == "cat" and f.root.get("gameSystemId") in (None, "", ident)]

    if wanted is not None:
        key = wanted.strip().casefold()
        found = [s for s in systems if key in {(s.root.get("id") or "").casefold(), (s.root.get("name") or "").strip().casefold(), s.name.casefold(), Path(s.name).stem.casefold()}]
        if not found:
            raise UsageError(f"--game-system `{wanted}` is none of the sources' game systems: {_listed(systems, catalogues)}")
        systems = found[:1]
    elif len(systems) > 1:
        raise UsageError(f"the sources hold {len(systems)} game systems: {_listed(systems, catalogues)}; import one with --game-system NAME (its name, id or file)")
    return [systems[0], *catalogues(systems[0])]


def _listed(systems: list[XmlFile], catalogues: Callable[[XmlFile], list[XmlFile]]) -> str:
    return "; ".join(f"`{s.root.get('name') or s.name}` ({s.name}, id {s.root.get('id')}, {len(catalogues(s))} catalogues)" for s in systems)


def import_battlescribe(sources: list[str], system_id: str, name: str | None, content: str, *, dry_run: bool, game_system: str | None = None) -> ImportResult:
    """Import the sources into `content/<system_id>/` (much faster with the garbage
    collector paused, `rulesref.support.collector`, which the command decides)."""
    if not SYSTEM_ID.fullmatch(system_id) or len(system_id) > 30:
        raise UsageError(f"--system `{system_id}` must be a kebab-case id of at most 30 characters, e.g. `w40k7`")
    found = source_files(sources)
    foreign: list[tuple[str, str, str]] = []  # (file, what, why): JSON a data folder holds beside the data
    with Progress("import: reading files", len(found)) as reading:
        files = []
        for path, shown in found:
            try:
                read = read_file(path, shown)
            except SourceError as exc:
                if not exc.foreign:
                    raise
                foreign.append((shown, "file", "JSON that is not BattleScribe data"))
            else:
                if read.kind == "ros":
                    foreign.append((shown, "file", "a roster, not data (read it with `rulesref roster`)"))
                else:
                    files.append(read)
            reading.step()
    chosen = choose_game_system(files, game_system)
    ignored = [(f.name, f.kind) for f in files if f not in chosen]
    with Progress("import: mapping rules, units and armies").start():
        data = read_data(chosen)
        del files, chosen  # the XML trees are not needed past this point
        folder = Path(content) / system_id
        existing = read_existing(folder)
        example = _untouched_example(existing, system_id)
        plan = map_data(data, system_id, name, existing)
        rules = {e.id: str(e.fields.get("name", e.id)) for e in plan.entries if e.kind == "rule"}
        played = played_with(data.system_name, Path(content), rules, (existing.system or {}).get("played_with"))
        if played is not None:
            plan.system["played_with"] = played
    plan.skipped += foreign
    plan.skipped += ((path, "catalogue", "written for another game system") for path, kind in ignored if kind == "cat")
    plan.skipped += ((path, "game system", "another game system among the sources") for path, kind in ignored if kind == "gst")
    outcome = plan_files(plan, existing, folder, name is not None)
    outcome.files[folder / "IMPORT.md"] = import_report(plan, outcome, system_id, counts(plan, 0, 0)).encode("utf-8")
    changed, same = changed_files(outcome.files)
    if not dry_run:
        try:
            with Progress("import: writing files", len(changed)) as writing:
                write_files(changed, writing.step)
            if example is not None:
                example.unlink()
        except OSError as exc:
            raise EnvironmentProblem(f"cannot write into {folder.as_posix()}/: {exc.strerror or exc}") from None
    numbers = counts(plan, len(changed), same + outcome.kept_untouched)
    head = f"{'dry run: ' if dry_run else ''}{data.files} BattleScribe files, {data.elements} elements -> {folder.as_posix()}/"
    lines = [head, *summary_lines(plan, outcome, numbers, dry_run=dry_run)]
    if example is not None:
        lines.append(f"  {example.as_posix()}: the example rule `rulesref init` wrote, never edited: {'would be ' if dry_run else ''}removed")
    left_out: dict[str, int] = {}
    for gone in plan.left_out:
        left_out[gone.reason] = left_out.get(gone.reason, 0) + 1
    absent = sum(gone.absent for gone in plan.left_out)
    coverage = Coverage(plan.takeable, numbers.units, left_out, absent, left_out.get(NEVER_SHOWN, 0), tuple(m.name for m in plan.missing), numbers.rules, numbers.without_profiles, numbers.without_rules)
    return ImportResult(lines, sorted(changed), str(plan.system.get("name", system_id)), coverage)


def _untouched_example(existing: Existing, system_id: str) -> Path | None:
    """The example rule `rulesref init` wrote into the system, if nobody edited it: it is
    no rule of the game, so the import takes it out (and does not count its name as taken)."""
    found = existing.by_id.get(Path(EXAMPLE_RULE).stem)
    if found is None or found.origin is not None:
        return None
    names = {title(system_id), str((existing.system or {}).get("name", ""))}
    if not any(found.doc.text == example_rule(name) for name in names):
        return None
    existing.forget(found)
    return found.path


__all__ = ["ImportResult", "SourceError", "import_battlescribe"]
