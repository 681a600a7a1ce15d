"""The front of every command: discover -> load -> JSON Schema -> model -> semantic checks
-> compile, returning one `Build`.

Every phase adds problems to one list instead of stopping, so a run reports every problem
in every file. A file that fails to load or fails its schema is left out of the model, but
hides no problem of another file: an entry file's names still count for links and clash
with other entries' names (so one broken file does not make every link to it dangle), and
a system file's keys that passed the schema still check its entries (`check.salvage`).
Everything a later command would refuse is refused here, so `rulesref validate` passing
means `generate` and `build` will too.

`rulesref validate` itself runs `check`: it wants the problems alone, so it takes those of
every system whose files are as the last run found them from that run's record
(`rulesref.check.kept`), and runs the stages above over the systems an edit can
have changed the problems of.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from rulesref.build import Build
from rulesref.check import kept as kept_checks
from rulesref.check.content import content_problems
from rulesref.check.kept import UNREAD, CheckRecord, FileState, SystemRecord, identity
from rulesref.check.salvage import Salvaged, salvaged_system
from rulesref.check.schema import schema_problems
from rulesref.config import Settings
from rulesref.from_documents import build_entry, build_system
from rulesref.incremental.memo import FRESH, Memo
from rulesref.links import LinkIndex, normalise
from rulesref.logic.by_system import composed_system
from rulesref.logic.cache import CompileCache, compile_fingerprint, open_cache
from rulesref.logic.compiled import CompiledEntry
from rulesref.logic.stage import Ahead, compile_content
from rulesref.model import Content, Entry, System
from rulesref.problems import Problem, as_row, from_row, sort_problems
from rulesref.read import unchanged
from rulesref.read.ahead import ParsedAhead
from rulesref.read.cache import LoadCache, LoadShard, file_key, load_fingerprint, open_load_cache
from rulesref.read.discover import SYSTEM_FILE_NAMES, ContentFiles, SystemFolder, discover, display_path
from rulesref.read.load import Document, folder_outside_content, load_read, read_file, text_of
from rulesref.read.status import racy_after
from rulesref.read.unchanged import FileNames, trusted_status
from rulesref.support.cache_files import folder as cache_folder
from rulesref.support.forked import jobs
from rulesref.support.schemas import ENTRY, SYSTEM
from rulesref.translations.model import Translation
from rulesref.translations.stage import translated


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
class Checked:
    """What `rulesref validate` reports: the problems of the files asked about, the files,
    and the system folders whose files this run checked (the others' problems are the last
    run's: `rulesref.check.kept`)."""

    problems: tuple[Problem, ...]
    files: ContentFiles
    checked: tuple[str, ...]


def check(paths: list[str], settings: Settings | None = None) -> Checked:
    """The problems `validate` finds in the content that `paths` belong to (of the files in
    `paths`), checking again only the systems an edit since the last run can have changed
    the problems of (`rulesref.check.kept` says which, and why that is exact).
    With caching off, every system is checked."""
    settings = settings or Settings()
    files = discover(paths)
    cwd = os.getcwd()
    folders = {str(f.path): f for f in files.systems}
    everything = set(folders)
    where = cache_folder() if len({f.path.name for f in files.systems}) == len(folders) else None  # one folder per system id
    if where is None:  # nothing to reuse or to record: one run over everything
        ran, _ = _run_part(files, settings, everything, {}, recording=False)
        return Checked(_reported(files, ran.problems, ran.shown), files, tuple(sorted(everything)))
    record = CheckRecord(where, _check_fingerprint(files, settings, cwd))
    kept = record.systems
    if kept.keys() != folders.keys() or any(r.ids and r.ids != (folders[key].path.name,) for key, r in kept.items()):
        kept = {}  # a system added or removed, or a system file's id not its folder's: all anew
    racy = racy_after()
    real_dirs: dict[str, str] = {}
    now = {key: _states_now(folder, kept[key], cwd, racy, real_dirs) for key, folder in folders.items()} if kept else {}
    checked = {key for key, states in now.items() if not _unchanged(states, kept[key])} if kept else everything
    fresh: dict[str, SystemRecord] = {}
    strays: list[Problem] = []  # problems of no file of a folder (none is known): reported, never recorded
    while checked:
        ran, states = _run_part(files, settings, checked, kept, recording=True)
        fresh = {key: _system_record(folders[key], ran, states, cwd) for key in checked}
        strays = [p for p in ran.problems if p.path not in ran.shown]
        if checked == everything:
            break
        if any(r.ids != kept[key].ids for key, r in fresh.items()):
            checked = everything  # the content's system ids changed: every link into another system may resolve anew
            continue
        lent = {i for key, r in fresh.items() if r.facts != kept[key].facts for i in r.ids}
        readers = {key for key, r in kept.items() if key not in checked and lent.intersection(r.reads)}
        if not readers:
            break
        checked |= readers
    systems = {key: fresh[key] if key in checked else kept[key]._replace(files=now[key]) for key in folders}
    if not strays:
        record.save_run(systems)
    problems = [from_row(item) for r in systems.values() for item in r.problems] + strays
    shown = {display_path(path, cwd): path for path in files.all_files()} if files.selected is not None else {}
    return Checked(_reported(files, problems, shown), files, tuple(sorted(checked)))


def _reported(files: ContentFiles, problems: list[Problem], shown: dict[str, Path]) -> tuple[Problem, ...]:
    """The problems of the files asked about (`shown`: each file by its shown path, needed
    only when some were asked about), sorted."""
    if files.selected is not None:
        problems = [p for p in problems if p.path not in shown or files.is_selected(shown[p.path])]
    return tuple(sort_problems(problems))


def _check_fingerprint(files: ContentFiles, settings: Settings, cwd: str) -> str:
    """What every recorded problem depends on besides the files: rulesref, its schemas, the
    settings, and where the content is seen from."""
    key = (load_fingerprint(), compile_fingerprint(), repr(settings), cwd, tuple(str(root) for root in files.roots))
    return hashlib.sha256(repr(key).encode()).hexdigest()


def _states_now(folder: SystemFolder, known: SystemRecord | None, cwd: str, racy: int, real_dirs: dict[str, str]) -> tuple[FileState, ...]:
    """Each file of a folder as it is now: as recorded when its trusted status is the one
    recorded, else by the key of its bytes. A run reads neither the entry files of a folder
    with no system file nor a system file misplaced in a sub-folder: their problem is their
    name or place."""
    recorded = {state[0]: state for state in known.files} if known is not None else {}
    root = str(folder.path.parent)
    found: list[FileState] = []
    for index, path in enumerate(folder.files()):
        text = str(path)
        is_system = index == 0 and folder.system_file is not None
        if folder.system_file is None or (not is_system and path.name in SYSTEM_FILE_NAMES):
            found.append((text, None, UNREAD))
            continue
        status = trusted_status(text, racy)
        before = recorded.get(text)
        if status is not None and before is not None and before[1] == status and not folder_outside_content(os.path.dirname(text), root, real_dirs):
            found.append(before)
            continue
        display = display_path(path, cwd)
        raw, _ = read_file(path, display, root=Path(root), real_dirs=real_dirs)
        found.append((text, status, None if raw is None else file_key(raw, display, "" if is_system else folder.path.name)))
    return tuple(found)


def _unchanged(states: tuple[FileState, ...], known: SystemRecord) -> bool:
    return all(key is not None for _, _, key in states) and identity(states) == identity(known.files)


def _run_part(
    files: ContentFiles, settings: Settings, checked: set[str], kept: dict[str, SystemRecord], *, recording: bool
) -> tuple[_Ran, dict[str, FileState]]:
    """A run over the folders `checked` and those whose systems they read (as recorded);
    `recording`: with each file's state as it was read."""
    wanted = {i for key in checked if key in kept for i in kept[key].reads}
    part = checked | {key for key, r in kept.items() if wanted.intersection(r.ids)}
    while True:
        chosen = tuple(f for f in files.systems if str(f.path) in part)
        others = frozenset(i for key, r in kept.items() if key not in part for i in r.ids)
        states: dict[str, FileState] = {}
        cache = open_cache()
        with Ahead(settings, cache, problems_only=True) as ahead:
            ran = _run(
                ContentFiles(files.roots, chosen, None), settings, False, False, FRESH, cache, ahead,
                others=others, states=states if recording else None, partial=len(chosen) < len(files.systems),
            )
        # the systems the checked ones read now, which the record may not have known
        read = {i for f in chosen if str(f.path) in checked for i in kept_checks.reads(f.path.name, ran.content, ran.links)}
        more = {key for key, r in kept.items() if key not in part and read.intersection(r.ids)}
        if not more:
            return ran, states
        part |= more


def _system_record(folder: SystemFolder, ran: _Ran, states: dict[str, FileState], cwd: str) -> SystemRecord:
    """A checked folder as this run found it."""
    system = folder.path.name
    paths = folder.files()
    mine = {display_path(path, cwd) for path in paths}
    problems = tuple(as_row(p) for p in sort_problems(p for p in ran.problems if p.path in mine))
    system_file = None if folder.system_file is None else display_path(folder.system_file, cwd)
    return SystemRecord(
        files=tuple(states[str(path)] for path in paths),
        problems=problems,
        reads=kept_checks.reads(system, ran.content, ran.links),
        facts=kept_checks.facts(system, ran.links),
        ids=kept_checks.ids(system, system_file, ran.content, ran.links),
    )


@dataclass(frozen=True)
class FileOutcome:
    """What one content file contributes: its problems, and its system or entry when it is
    valid; an entry file that fails its schema still lends its names to the link index."""

    problems: tuple[Problem, ...]
    system: System | None = None
    entry: Entry | None = None
    schema_failed: bool = False
    broken_names: tuple[str, ...] = ()
    salvaged: Salvaged | None = None  # of a system file that failed its schema: what it still declares validly


def _clean_document(raw: bytes, display: str, key: str, cache: LoadShard) -> tuple[Document | None, list[Problem], str]:
    """The document of a file (`key`: its `file_key`), or None and its load problems; the
    key returned is "" when the document came from the load cache (already known clean),
    otherwise the file's."""
    known = cache.get(key)
    if known is not None:
        data, top = known
        try:  # the same bytes passed every check of `decode` when they were recorded
            return Document(path=display, data=data, text=text_of(raw), _top=top), [], ""
        except UnicodeDecodeError:  # cannot happen to bytes that loaded cleanly; parse them to be sure
            pass
    doc, found = load_read(raw, display)
    return doc, found, key


def _system_outcome(raw: bytes, display: str, file: str, cache: LoadShard) -> FileOutcome:
    doc, found, key = _clean_document(raw, display, file, cache)
    if doc is None:
        return FileOutcome(tuple(found))
    found = schema_problems(doc, SYSTEM) if key else []
    if found:
        return FileOutcome(tuple(found), salvaged=salvaged_system(doc, Path(display).parent.name))
    if key:
        cache.keep(key, doc)
    return FileOutcome((), system=build_system(doc))


def _entry_outcome(raw: bytes, display: str, system_id: str, file: str, cache: LoadShard) -> FileOutcome:
    doc, found, key = _clean_document(raw, display, file, cache)
    if doc is None:
        return FileOutcome(tuple(found))
    found = schema_problems(doc, ENTRY) if key else []
    if found:
        return FileOutcome(tuple(found), schema_failed=True, broken_names=tuple(_names_of(doc.data)))
    if key:
        cache.keep(key, doc)
    return FileOutcome((), entry=build_entry(doc, system_id))


def _outcome(
    path: Path,
    names: FileNames,
    system_id: str | None,
    memo: Memo,
    racy: int,
    root: str,
    cache: LoadShard,
    real_dirs: dict[str, str],
    states: dict[str, FileState] | None,
) -> FileOutcome:
    display, key = names.display, names.key
    if memo.keeps:
        known: FileOutcome | None = unchanged.by_status(memo, key, racy)
        if known is not None and not folder_outside_content(names.folder, root, real_dirs):  # its status said: a regular file
            return known
    # taken before reading: a later write changes it
    status = trusted_status(key[0], racy) if memo.keeps or states is not None else None
    raw, found = read_file(path, display, root=Path(root), real_dirs=real_dirs)
    if raw is None:
        if states is not None:
            states[names.text] = (names.text, None, None)
        return FileOutcome(tuple(found))

    def make(data: bytes) -> FileOutcome:
        file = file_key(data, display, system_id or "")
        if states is not None:
            states[names.text] = (names.text, status, file)
        return _system_outcome(data, display, file, cache) if system_id is None else _entry_outcome(data, display, system_id, file, cache)

    return unchanged.by_bytes(memo, key, raw, make, status) if memo.keeps else make(raw)


def _composed(system: str, mine: list[Entry], memo: Memo, ahead: Ahead, changed: dict[str, Entry], played: tuple[System, list[Entry]] | None = None) -> list[Problem]:
    """Compose a system (`composed_system`) into `changed`, and queue its entries to be compiled."""
    made, found = composed_system(system, mine, memo, played)
    changed |= made
    for entry in mine:
        ahead.add(made.get(entry.key, entry), whole=entry.key in made)
    return found


def _validate(paths: list[str], settings: Settings, odds: bool, keep: bool, memo: Memo) -> Build:
    cache = open_cache()
    # where only problems are wanted, entries are compiled in workers as they load
    with Ahead(settings, cache, problems_only=not keep and not memo.keeps) as ahead:
        files = discover(paths, memo)
        ran = _run(files, settings, odds, keep, memo, cache, ahead)
    return Build(settings, ran.content, _reported(files, ran.problems, ran.shown), files, ran.links, ran.compiled, ran.translations)


@dataclass(frozen=True)
class _Ran:
    """What one run over some system folders made: its content and links, every problem of
    their files (not yet sorted or selected), and each file by its shown path."""

    content: Content
    links: LinkIndex
    problems: list[Problem]
    shown: dict[str, Path]
    compiled: dict[str, CompiledEntry]
    translations: tuple[Translation, ...]


def _run(
    files: ContentFiles,
    settings: Settings,
    odds: bool,
    keep: bool,
    memo: Memo,
    cache: CompileCache,
    ahead: Ahead,
    *,
    others: frozenset[str] = frozenset(),
    states: dict[str, FileState] | None = None,
    partial: bool = False,
) -> _Ran:
    """Load, check and compile the files of `files`' system folders. `others`: the ids of
    the content's systems outside them (a `partial` run, over some systems only); `states`
    gets each file's status and key as it was read (`rulesref.check.kept`)."""
    racy = racy_after()  # of this run: a status newer than this is not trusted
    cwd = os.getcwd()  # once: every file is shown relative to it
    problems: list[Problem] = []
    systems: list[System] = []
    entries: list[Entry] = []
    broken_names: dict[str, dict[str, str]] = {}
    broken_files: dict[tuple[str, str], tuple[str, ...]] = {}  # (system, name) -> the files that failed their schema with it
    broken_ids: set[str] = set()
    salvaged: dict[str, Salvaged] = {}
    file_stems: dict[str, str] = {}
    shown: dict[str, Path] = {}
    # a process that keeps each file's outcome (`serve`) needs the cache on disk for its
    # first run only; later runs would read all of it to parse the one file that changed,
    # and write back only what they parsed
    load_cache = LoadCache(None) if memo.runs else open_load_cache()
    real_dirs: dict[str, str] = {}  # folders resolved once per run
    # each system is composed as soon as its last folder is loaded (effects act within their
    # system), and its entries are then queued to `ahead` as they will be compiled: the
    # entries composing changes are compiled by the workers too, while this process goes on
    last_folder = {f.path.name: i for i, f in enumerate(files.systems)}
    loaded: dict[str, list[Entry]] = {}  # the entries of each system not yet composed
    changed: dict[str, Entry] = {}  # each entry composing changed, by key
    waiting: list[tuple[str, list[Entry]]] = []  # the systems played with another, composed last
    # a run that parses most files (not a save of `serve`, which parses what changed) shares
    # the parsing out to the cores the compile workers leave free
    with ParsedAhead.start(files, load_cache, cwd, 1 if memo.runs else jobs() - ahead.workers, lambda doc: not schema_problems(doc, ENTRY)) as parsed:
        for index, folder in enumerate(files.systems):
            system_id = folder.path.name
            root = str(folder.path.parent)  # the content folder no file may lead out of
            shard = load_cache.shard(str(folder.path))
            if folder.system_file is None:
                for path in folder.entry_files:
                    display = display_path(path, cwd)
                    shown[display] = path
                    if states is not None:
                        states[str(path)] = (str(path), None, UNREAD)
                    problems.append(Problem(display, 1, 1, "missing-system", f"no system.yml in {display_path(folder.path)}/; every system folder needs one"))
            else:
                names = unchanged.names(memo, folder.system_file, cwd, "")
                shown[names.display] = folder.system_file
                outcome = _outcome(folder.system_file, names, None, memo, racy, root, shard, real_dirs, states)
                if outcome.system is not None:
                    systems.append(outcome.system)
                elif outcome.salvaged is not None:
                    salvaged[system_id] = outcome.salvaged
                problems += outcome.problems
            for path in folder.entry_files:
                parsed.reached(path)
                names = unchanged.names(memo, path, cwd, system_id)
                display = names.display
                shown[display] = path
                if names.name in SYSTEM_FILE_NAMES:
                    if states is not None:
                        states[names.text] = (names.text, None, UNREAD)
                    problems.append(Problem(display, 1, 1, "misplaced-system", "system.yml belongs at the top of a system folder"))
                    continue
                outcome = _outcome(path, names, system_id, memo, racy, root, shard, real_dirs, states)
                if outcome.entry is not None:
                    loaded.setdefault(system_id, []).append(outcome.entry)
                    file_stems[display] = names.stem
                elif outcome.schema_failed:
                    for name in outcome.broken_names:
                        broken_names.setdefault(system_id, {})[normalise(name)] = name
                        holders = broken_files.get((system_id, normalise(name)), ())
                        broken_files[system_id, normalise(name)] = holders if display in holders else (*holders, display)
                    broken_ids.add(f"{system_id}:{names.stem}")
                problems += outcome.problems
            if last_folder[system_id] == index:
                mine = sorted(loaded.pop(system_id, ()), key=lambda e: e.id)  # in content order
                entries += mine
                if any(s.id == system_id and s.played_with for s in systems):  # composed once the system it is played with is loaded
                    waiting.append((system_id, mine))
                else:
                    problems += _composed(system_id, mine, memo, ahead, changed)
    for system_id, mine in waiting:
        system = next(s for s in systems if s.id == system_id)
        played = system.played_with.system if system.played_with is not None else ""
        problems += _composed(system_id, mine, memo, ahead, changed, (system, [e for e in entries if e.system == played]))
    load_cache.save(prune=not partial)
    content = Content(
        systems=tuple(sorted(systems, key=lambda s: s.id)),
        entries=tuple(sorted(entries, key=lambda e: (e.system, e.id))),
    )
    links = LinkIndex(content, broken_names, frozenset(broken_ids), memo, others)
    problems += content_problems(content, file_stems, links, memo, salvaged, broken_files)
    translations, found = translated(files.systems, content, links, cwd, shown, states, racy)
    problems += found
    if changed:  # what is compiled
        content = Content(systems=content.systems, entries=tuple(changed.get(e.key, e) for e in content.entries))
    compiled, found = compile_content(content, settings, cache, odds=odds, keep=keep, memo=memo, ahead=ahead)
    cache.save(keep_found=partial)  # a run over some systems: the rest of the content still needs what it found
    problems += found
    return _Ran(content, links, problems, shown, compiled, translations)
