"""The front of every command: discover -> load -> JSON Schema -> model -> semantic checks
-> compile, returning one `Build`.

Every phase adds problems to one list instead of stopping, so a run reports every problem
in every file. A file that fails to load or fails its schema is left out of the model (its
name still counts for links, so one broken file does not make every link to it dangle).
Everything a later command would refuse is refused here, so `rulesref validate` passing
means `generate` and `build` will too.
"""

from __future__ import annotations

import gc
from pathlib import Path

from rulesref.build import Build
from rulesref.cache import open_cache
from rulesref.check_content import content_problems
from rulesref.check_schema import schema_problems
from rulesref.compile_stage import Memo, compile_content
from rulesref.config import Settings
from rulesref.discover import SYSTEM_FILE_NAMES, discover, display_path
from rulesref.links import LinkIndex, normalise
from rulesref.load import load_file
from rulesref.model import Content, Entry, System, build_entry, build_system
from rulesref.problems import Problem, sort_problems
from rulesref.schemas import ENTRY, SYSTEM

Validated = Build  # the name the outcome of validation had before it became the build


def _names_of(data: object) -> list[str]:
    if not isinstance(data, dict):
        return []
    aliases = data.get("aliases")
    names = [data.get("name"), *(aliases if isinstance(aliases, list) else [])]
    return [n for n in names if isinstance(n, str)]


def validate(paths: list[str], settings: Settings | None = None, *, odds: bool = False, keep: bool = True, memo: Memo | None = None) -> Build:
    """Validate and compile the content that `paths` belong to; report problems of the files
    in `paths`. With `odds`, the build also holds the exact odds the pages chart. Without
    `keep`, only problems are wanted: the build's compiled checks may then be incomplete
    (entries whose problems the cache knew are not compiled again). A process that validates
    again and again (`serve`) passes the same `memo` each time to reuse unchanged entries.

    The cyclic garbage collector is paused meanwhile: validation builds many long-lived
    objects and no cycles worth collecting, and the collector's repeated scans of the growing
    heap would otherwise double the time of a large run.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _validate(paths, settings or Settings(), odds, keep, memo)
    finally:
        if enabled:
            gc.enable()


def _validate(paths: list[str], settings: Settings, odds: bool, keep: bool, memo: Memo | None) -> Build:
    files = discover(paths)
    problems: list[Problem] = []
    systems: list[System] = []
    entries: list[Entry] = []
    broken_names: dict[str, dict[str, str]] = {}
    broken_ids: set[str] = set()
    file_stems: dict[str, str] = {}
    shown: dict[str, Path] = {}
    for folder in files.systems:
        system_id = folder.path.name
        if folder.system_file is None:
            for path in folder.entry_files:
                shown[display_path(path)] = path
                problems.append(
                    Problem(display_path(path), 1, 1, "missing-system", f"no system.yml in {display_path(folder.path)}/; every system folder needs one")
                )
        else:
            display = display_path(folder.system_file)
            shown[display] = folder.system_file
            doc, found = load_file(folder.system_file, display, root=folder.path.parent)
            if doc is not None:
                found = schema_problems(doc, SYSTEM)
                if not found:
                    systems.append(build_system(doc))
            problems += found
        for path in folder.entry_files:
            display = display_path(path)
            shown[display] = path
            if path.name in SYSTEM_FILE_NAMES:
                problems.append(Problem(display, 1, 1, "misplaced-system", "system.yml belongs at the top of a system folder"))
                continue
            doc, found = load_file(path, display, root=folder.path.parent)
            if doc is not None:
                found = schema_problems(doc, ENTRY)
                if found:
                    for name in _names_of(doc.data):
                        broken_names.setdefault(system_id, {})[normalise(name)] = name
                    broken_ids.add(f"{system_id}:{path.name.rsplit('.', 1)[0]}")
                else:
                    entries.append(build_entry(doc, system_id))
                    file_stems[display] = path.name.rsplit(".", 1)[0]
            problems += found
    content = Content(
        systems=tuple(sorted(systems, key=lambda s: s.id)),
        entries=tuple(sorted(entries, key=lambda e: (e.system, e.id))),
    )
    links = LinkIndex(content, broken_names, frozenset(broken_ids))
    problems += content_problems(content, file_stems, links)
    cache = open_cache()
    compiled, found = compile_content(content, settings, cache, odds=odds, keep=keep, memo=memo)
    cache.save()
    problems += found
    reported = [p for p in problems if p.path not in shown or files.is_selected(shown[p.path])]
    return Build(settings, content, sort_problems(reported), files, links, compiled)
