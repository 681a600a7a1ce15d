"""The front of every command: discover -> load -> JSON Schema -> model -> semantic checks
-> compile, returning one `Build`.

Every phase adds problems to one list instead of stopping, so a run reports every problem
in every file. A file that fails to load or fails its schema is left out of the model (its
name still counts for links, so one broken file does not make every link to it dangle).
Everything a later command would refuse is refused here, so `rulesref validate` passing
means `generate` and `build` will too.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from rulesref.build import Build
from rulesref.check.content import content_problems
from rulesref.check.schema import schema_problems
from rulesref.config import Settings
from rulesref.incremental.memo import FRESH, Memo
from rulesref.links import LinkIndex, normalise
from rulesref.logic.cache import CompileCache, open_cache
from rulesref.logic.compose import composed_content
from rulesref.logic.effects import resolve_all
from rulesref.logic.stage import Ahead, compile_content
from rulesref.model import Content, Entry, System, build_entry, build_system
from rulesref.problems import Problem, sort_problems
from rulesref.read import unchanged
from rulesref.read.cache import LoadCache, file_key, open_load_cache
from rulesref.read.discover import SYSTEM_FILE_NAMES, discover, display_path
from rulesref.read.load import Document, folder_outside_content, load_read, read_file, text_of
from rulesref.read.status import racy_after
from rulesref.read.unchanged import FileNames, trusted_status
from rulesref.support.schemas import ENTRY, SYSTEM


def _names_of(data: object) -> list[str]:
    if not isinstance(data, dict):
        return []
    aliases = data.get("aliases")
    names = [data.get("name"), *(aliases if isinstance(aliases, list) else [])]
    return [n for n in names if isinstance(n, str)]


def validate(paths: list[str], settings: Settings | None = None, *, odds: bool = False, keep: bool = True) -> Build:
    """Validate and compile the content that `paths` belong to; report problems of the files
    in `paths`. With `odds`, the build also holds the exact odds the pages chart. Without
    `keep`, only problems are wanted: the build's compiled checks may then be incomplete
    (entries whose problems the cache knew are not compiled again). A process that validates
    again and again (`serve`) runs `validate_kept` instead.

    A large run is much faster with the garbage collector paused (`rulesref.support.collector`),
    which the command decides.
    """
    return _validate(paths, settings or Settings(), odds, keep, FRESH)


def validate_kept(memo: Memo, paths: list[str], settings: Settings, *, odds: bool = False) -> Build:
    """`validate`, as one run of a long-lived process that keeps its work in `memo` (each
    stage reuses what an earlier run made from equal inputs); the caller begins and
    finishes the memo's run."""
    return _validate(paths, settings, odds, True, memo)


@dataclass(frozen=True)
class FileOutcome:
    """What one content file contributes: its problems, and its system or entry when it is
    valid; an entry file that fails its schema still lends its names to the link index."""

    problems: tuple[Problem, ...]
    system: System | None = None
    entry: Entry | None = None
    schema_failed: bool = False
    broken_names: tuple[str, ...] = ()


def _clean_document(raw: bytes, display: str, system_id: str, cache: LoadCache) -> tuple[Document | None, list[Problem], str]:
    """The document of a file, or None and its load problems; the file's key in the load
    cache is "" when the document came from it (already known clean), otherwise its key."""
    key = file_key(raw, display, system_id)
    known = cache.get(key)
    if known is not None:
        data, top = known
        try:  # the same bytes passed every check of `decode` when they were recorded
            return Document(path=display, data=data, text=text_of(raw), _top=top), [], ""
        except UnicodeDecodeError:  # cannot happen to bytes that loaded cleanly; parse them to be sure
            pass
    doc, found = load_read(raw, display)
    return doc, found, key


def _system_outcome(raw: bytes, display: str, cache: LoadCache) -> FileOutcome:
    doc, found, key = _clean_document(raw, display, "", cache)
    if doc is None:
        return FileOutcome(tuple(found))
    found = schema_problems(doc, SYSTEM) if key else []
    if key and not found:
        cache.put(key, doc)
    return FileOutcome(tuple(found), system=None if found else build_system(doc))


def _entry_outcome(raw: bytes, display: str, system_id: str, cache: LoadCache) -> FileOutcome:
    doc, found, key = _clean_document(raw, display, system_id, cache)
    if doc is None:
        return FileOutcome(tuple(found))
    found = schema_problems(doc, ENTRY) if key else []
    if found:
        return FileOutcome(tuple(found), schema_failed=True, broken_names=tuple(_names_of(doc.data)))
    if key:
        cache.put(key, doc)
    return FileOutcome((), entry=build_entry(doc, system_id))


def _outcome(
    path: Path, names: FileNames, system_id: str | None, memo: Memo, racy: int, root: str, cache: LoadCache, real_dirs: dict[str, str]
) -> FileOutcome:
    display, key = names.display, names.key
    if memo.keeps:
        known: FileOutcome | None = unchanged.by_status(memo, key, racy)
        if known is not None and not folder_outside_content(names.folder, root, real_dirs):  # its status said: a regular file
            return known
    status = trusted_status(key[0], racy) if memo.keeps else None  # taken before reading: a later write changes it
    raw, found = read_file(path, display, root=Path(root), real_dirs=real_dirs)
    if raw is None:
        return FileOutcome(tuple(found))

    def make(data: bytes) -> FileOutcome:
        return _system_outcome(data, display, cache) if system_id is None else _entry_outcome(data, display, system_id, cache)

    return unchanged.by_bytes(memo, key, raw, make, status) if memo.keeps else make(raw)


COMPOSED = "composed"  # the memo's stage: a system's units composed with its effects, by every entry they can read


def _composed(content: Content, memo: Memo) -> tuple[Content, list[Problem]]:
    """The content with its units' composed checks, and the problems of the effects and of
    composing. Effects act within their system, so each system is composed on its own, from
    its entries with checks or effects and its units: a long-lived process reuses a system's
    when those are equal (an edit of a text alone, or of another system, composes nothing
    again)."""
    changed: dict[str, Entry] = {}
    problems: list[Problem] = []
    for system in sorted({e.system for e in content.entries}):
        entries = content.entries_of(system)
        reads = tuple(e for e in entries if e.checks or e.effects or e.kind == "unit")
        if not any(e.kind == "unit" or e.effects for e in reads):
            continue  # nothing to compose, nothing to resolve

        def make(entries: tuple[Entry, ...] = entries) -> tuple[dict[str, Entry], list[Problem]]:
            part = Content(systems=(), entries=entries)
            effects, found = resolve_all(part)
            composed, composing = composed_content(part, effects)
            return composed, found + composing

        made, found = memo.get(COMPOSED, system, reads, make)
        changed |= made
        problems += found
    if not changed:
        return content, problems
    return Content(systems=content.systems, entries=tuple(changed.get(e.key, e) for e in content.entries)), problems


def _validate(paths: list[str], settings: Settings, odds: bool, keep: bool, memo: Memo) -> Build:
    cache = open_cache()
    # where only problems are wanted, entries are compiled in workers as they load
    with Ahead(settings, cache, problems_only=not keep and not memo.keeps) as ahead:
        return _run(paths, settings, odds, keep, memo, cache, ahead)


def _run(paths: list[str], settings: Settings, odds: bool, keep: bool, memo: Memo, cache: CompileCache, ahead: Ahead) -> Build:
    racy = racy_after()  # of this run: a status newer than this is not trusted
    files = discover(paths, memo)
    cwd = os.getcwd()  # once: every file is shown relative to it
    problems: list[Problem] = []
    systems: list[System] = []
    entries: list[Entry] = []
    broken_names: dict[str, dict[str, str]] = {}
    broken_ids: set[str] = set()
    file_stems: dict[str, str] = {}
    shown: dict[str, Path] = {}
    # a process that keeps each file's outcome (`serve`) needs the cache on disk for its
    # first run only; later runs would read all of it to parse the one file that changed,
    # and write back only what they parsed
    load_cache = LoadCache(None) if memo.runs else open_load_cache()
    real_dirs: dict[str, str] = {}  # folders resolved once per run
    for folder in files.systems:
        system_id = folder.path.name
        root = str(folder.path.parent)  # the content folder no file may lead out of
        if folder.system_file is None:
            for path in folder.entry_files:
                shown[display_path(path, cwd)] = path
                problems.append(
                    Problem(display_path(path, cwd), 1, 1, "missing-system", f"no system.yml in {display_path(folder.path)}/; every system folder needs one")
                )
        else:
            names = unchanged.names(memo, folder.system_file, cwd, "")
            shown[names.display] = folder.system_file
            outcome = _outcome(folder.system_file, names, None, memo, racy, root, load_cache, real_dirs)
            if outcome.system is not None:
                systems.append(outcome.system)
            problems += outcome.problems
        for path in folder.entry_files:
            names = unchanged.names(memo, path, cwd, system_id)
            display = names.display
            shown[display] = path
            if names.name in SYSTEM_FILE_NAMES:
                problems.append(Problem(display, 1, 1, "misplaced-system", "system.yml belongs at the top of a system folder"))
                continue
            outcome = _outcome(path, names, system_id, memo, racy, root, load_cache, real_dirs)
            if outcome.entry is not None:
                entries.append(outcome.entry)
                ahead.add(outcome.entry)
                file_stems[display] = names.stem
            elif outcome.schema_failed:
                for name in outcome.broken_names:
                    broken_names.setdefault(system_id, {})[normalise(name)] = name
                broken_ids.add(f"{system_id}:{names.stem}")
            problems += outcome.problems
    load_cache.save()
    content = Content(
        systems=tuple(sorted(systems, key=lambda s: s.id)),
        entries=tuple(sorted(entries, key=lambda e: (e.system, e.id))),
    )
    links = LinkIndex(content, broken_names, frozenset(broken_ids), memo)
    problems += content_problems(content, file_stems, links, memo)
    content, found = _composed(content, memo)
    problems += found
    compiled, found = compile_content(content, settings, cache, odds=odds, keep=keep, memo=memo, ahead=ahead)
    cache.save()
    problems += found
    reported = [p for p in problems if p.path not in shown or files.is_selected(shown[p.path])]
    return Build(settings, content, tuple(sort_problems(reported)), files, links, compiled)
