"""`rulesref import battlescribe`: read, map, merge with disk, write, report.

Every source file is read and checked before anything is written, so a malformed or hostile
file stops the import with nothing changed.
"""

from __future__ import annotations

import gc
import re
from dataclasses import dataclass
from pathlib import Path

from rulesref.errors import EnvironmentProblem, UsageError
from rulesref.importers.battlescribe.elements import read_data
from rulesref.importers.battlescribe.existing import read_existing
from rulesref.importers.battlescribe.mapping import map_data
from rulesref.importers.battlescribe.read import SourceError, XmlFile, read_file, source_files
from rulesref.importers.battlescribe.report import counts, import_report, summary_lines
from rulesref.importers.battlescribe.write import changed_files, plan_files, write_files

SYSTEM_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


@dataclass(frozen=True)
class ImportResult:
    lines: list[str]
    written: list[Path]


def _one_game_system(files: list[XmlFile]) -> list[XmlFile]:
    """The game system and the catalogues written for it."""
    systems = [f for f in files if f.kind == "gst"]
    if not systems:
        raise UsageError("no game system (.gst or .gstz) among the sources; name the game system file too")
    if len(systems) > 1:
        shown = ", ".join(f.path for f in systems)
        raise UsageError(f"the sources hold {len(systems)} game systems ({shown}); import one at a time, naming its .gst and its catalogues")
    system_id = systems[0].root.get("id")
    return [f for f in files if f.kind == "gst" or f.root.get("gameSystemId") in (None, "", system_id)]


def import_battlescribe(sources: list[str], system_id: str, name: str | None, content: str, *, dry_run: bool) -> ImportResult:
    """Import the sources into `content/<system_id>/`.

    The cyclic garbage collector is paused meanwhile: parsing builds hundreds of thousands
    of long-lived elements and no cycles, and its repeated scans of the growing heap cost
    more than the parse itself."""
    if not SYSTEM_ID.fullmatch(system_id) or len(system_id) > 30:
        raise UsageError(f"--system `{system_id}` must be a kebab-case id of at most 30 characters, e.g. `w40k7`")
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _import(sources, system_id, name, content, dry_run=dry_run)
    finally:
        if enabled:
            gc.enable()


def _import(sources: list[str], system_id: str, name: str | None, content: str, *, dry_run: bool) -> ImportResult:
    files = [read_file(path, shown) for path, shown in source_files(sources)]
    chosen = _one_game_system(files)
    ignored = [f.name for f in files if f not in chosen]
    data = read_data(chosen)
    del files, chosen  # the XML trees are not needed past this point
    folder = Path(content) / system_id
    existing = read_existing(folder)
    plan = map_data(data, system_id, name, existing)
    plan.skipped += ((path, "catalogue", "written for another game system") for path in ignored)
    outcome = plan_files(plan, existing, folder, name is not None)
    outcome.files[folder / "IMPORT.md"] = import_report(plan, outcome, system_id).encode("utf-8")
    changed, same = changed_files(outcome.files)
    if not dry_run:
        try:
            write_files(changed)
        except OSError as exc:
            raise EnvironmentProblem(f"cannot write into {folder.as_posix()}/: {exc.strerror or exc}") from None
    numbers = counts(plan, len(changed), same + outcome.kept_untouched)
    head = f"{'dry run: ' if dry_run else ''}{data.files} BattleScribe files, {data.elements} elements -> {folder.as_posix()}/"
    return ImportResult([head, *summary_lines(plan, outcome, numbers, dry_run=dry_run)], sorted(changed))


__all__ = ["ImportResult", "SourceError", "import_battlescribe"]
