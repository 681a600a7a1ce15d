"""What changed in each release: the content at every release read from git, compared release
by release, and the content as it is now compared with the last release ("unreleased").

A release is a git tag (its name the version, its date the release date); `system.yml` may
say more of one (`releases:`: a date, a label such as "FAQ", a link to the publication). An
entry is known by its key (`system:id`), which stays when its file moves or its name changes;
when an id itself changes, git's rename detection of the file links the two ids, so the
entry's history goes on under its new id.

Each entry at a release is a `Snapshot` of what a reader compares: its name, kind, summary,
text, parameters and checks, and where its file is. Between two releases an entry is added,
removed, changed (its words, parameters or checks) or moved (only its file, its name or its
id). A snapshot is made from a file's parsed YAML; the same blob gives the same snapshot, so
they are kept by blob id (in the process, and on disk for the next run), and only files that
changed since an earlier run are parsed.

Git is asked in `rulesref.history.git` only. Content outside a repository has no history;
a shallow clone without tags says so once (`History.note`) and builds without it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rulesref.history.git import GitUnavailable, Repository, Tag
from rulesref.incremental.memo import Get, fresh
from rulesref.model import Content, DeclaredRelease, Entry, System
from rulesref.read.discover import SYSTEM_FILE_NAMES
from rulesref.support import cache_files

COMPARED = ("kind", "name", "summary", "text", "params", "checks")  # what a change is made of
WORDS = ("kind", "summary", "text", "params", "checks")  # a change of these is "changed"; of the others, "moved"


@dataclass(frozen=True)
class Snapshot:
    """An entry as one state of the content has it."""

    key: str
    path: str  # relative to the content folder
    kind: str
    name: str
    summary: str
    text: str | None
    params: str  # canonical JSON: compared as text, read back for diffs
    checks: str

    def params_data(self) -> dict[str, Any]:
        data = json.loads(self.params)
        return data if isinstance(data, dict) else {}

    def checks_data(self) -> dict[str, Any]:
        data = json.loads(self.checks)
        return data if isinstance(data, dict) else {}


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


Fields = tuple[str, str, str, str, "str | None", str, str]  # id, kind, name, summary, text, params, checks


def fields_of(data: object) -> Fields | None:
    """What a snapshot holds of an entry file's parsed YAML, or None for what is no entry
    (an old release may hold files of shapes today's schema refuses)."""
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        return None
    text = data.get("text")
    return (
        data["id"],
        _text(data.get("kind")),
        _text(data.get("name")),
        _text(data.get("summary")),
        text if isinstance(text, str) else None,
        json.dumps(data.get("params") or {}, sort_keys=True, ensure_ascii=False, default=str),
        json.dumps(data.get("checks") or {}, sort_keys=True, ensure_ascii=False, default=str),
    )


def snapshot(path: str, fields: Fields | None) -> Snapshot | None:
    """An entry file's snapshot where it is (`system/.../file.yml`); None for a system file,
    a file outside every system folder, or what is no entry."""
    system, _, rest = path.partition("/")
    if fields is None or not rest or Path(path).name in SYSTEM_FILE_NAMES:
        return None
    entry_id, kind, name, summary, text, params, checks = fields
    return Snapshot(f"{system}:{entry_id}", path, kind, name, summary, text, params, checks)


@dataclass(frozen=True)
class Release:
    version: str
    date: str  # YYYY-MM-DD
    commit: str
    label: str | None = None
    url: str | None = None

    @property
    def slug(self) -> str:
        """The release's folder in the site and the API (`1.2`, `2026-faq`)."""
        return re.sub(r"[^A-Za-z0-9._-]+", "-", self.version).strip("-") or "release"


@dataclass(frozen=True)
class Change:
    key: str  # the entry's key after the change (before it, for a removed entry)
    change: str  # added, removed, changed, moved
    before: Snapshot | None
    after: Snapshot | None
    fields: tuple[str, ...]  # of COMPARED and "path" and "id": what differs

    @property
    def snapshot(self) -> Snapshot:
        found = self.after or self.before
        assert found is not None
        return found


@dataclass(frozen=True)
class Step:
    """One state of the content compared with the one before it: a release with the release
    before it (the first with nothing), or the content now with the last release."""

    release: Release | None  # None: the content now, not released yet
    previous: Release | None
    changes: tuple[Change, ...]

    @property
    def slug(self) -> str:
        return self.release.slug if self.release is not None else "unreleased"


@dataclass(frozen=True)
class History:
    releases: tuple[Release, ...] = ()
    steps: tuple[Step, ...] = ()  # each release in order, then the unreleased changes (when any)
    note: str | None = None  # said once by a build that could not read history
    by_entry: dict[str, tuple[tuple[Step, Change], ...]] = field(default_factory=dict, compare=False, hash=False)

    @property
    def unreleased(self) -> Step | None:
        last = self.steps[-1] if self.steps else None
        return last if last is not None and last.release is None else None

    def of_entry(self, key: str) -> tuple[tuple[Step, Change], ...]:
        """Every change of the entry now under `key`, newest first, across changes of its id."""
        return self.by_entry.get(key, ())

    def step(self, slug: str) -> Step:
        return next(s for s in self.steps if s.slug == slug)


NO_HISTORY = History()


def compare(before: dict[str, Snapshot], after: dict[str, Snapshot], renames: dict[str, str]) -> tuple[Change, ...]:
    """Every entry's change from one state to the next, in key order (removed ones last)."""
    at_path = {s.path: s for s in after.values()}
    renamed: dict[str, str] = {}  # new key -> old key: an id changed with its file, as git sees it
    for old_key, old in before.items():
        moved_to = at_path.get(renames.get(old.path, ""))
        if old_key not in after and moved_to is not None and moved_to.key not in before:
            renamed[moved_to.key] = old_key
    changes = []
    for key in sorted(after):
        new = after[key]
        was = before.get(renamed.get(key, key))
        if was is None:
            changes.append(Change(key, "added", None, new, ()))
            continue
        fields = tuple(f for f in COMPARED if getattr(was, f) != getattr(new, f))
        fields += ("path",) if was.path != new.path else ()
        fields += ("id",) if was.key != new.key else ()
        if fields:
            changes.append(Change(key, "changed" if set(fields) & set(WORDS) else "moved", was, new, fields))
    gone = set(renamed.values())
    changes += [Change(key, "removed", before[key], None, ()) for key in sorted(before) if key not in after and key not in gone]
    return tuple(changes)


def _per_entry(steps: list[Step], now: set[str]) -> dict[str, tuple[tuple[Step, Change], ...]]:
    """Each entry's changes, newest first, by its key now: the steps walked back from the
    content now, following ids back through their changes."""
    found: dict[str, list[tuple[Step, Change]]] = {}
    current = {key: key for key in now}  # a key at the step being walked -> the key now
    for step in reversed(steps):
        earlier = dict(current)
        for change in step.changes:
            if change.change == "removed" or change.key not in current:
                continue
            found.setdefault(current[change.key], []).append((step, change))
            del earlier[change.key]
            if change.change != "added" and change.before is not None:
                earlier[change.before.key] = current[change.key]
        current = earlier
    return {key: tuple(items) for key, items in found.items()}


def _fields(value: object) -> Fields | None:
    """A blob's snapshot fields as `_Snapshots` keeps them (raises on another shape)."""
    if value is None or (isinstance(value, tuple) and len(value) == 7):
        return value
    raise ValueError("not a blob's fields")


class _Snapshots:
    """Each blob's snapshot fields, kept in the process and on disk (a blob never changes, so
    the store keeps every blob it found)."""

    FILE = "history-snapshots"
    FORMAT = "rulesref-history 1"

    def __init__(self) -> None:
        self.known: dict[str, Fields | None] = {}
        self.store: cache_files.Store[Fields | None] | None = None

    def _store(self) -> cache_files.Store[Fields | None]:
        """The store of the caches' folder as it is now (read when first asked for)."""
        where = cache_files.folder()
        if self.store is None or self.store.where != where:
            self.store = cache_files.Store(where, self.FILE, (self.FORMAT, cache_files.fingerprint()), _fields)
            self.known.update(self.store.values() or {})
        return self.store

    def of(self, repository: Repository, files: dict[str, str]) -> dict[str, Snapshot]:
        """The entries of the content files `files` (path -> blob id) name."""
        store = self._store()
        missing = sorted({blob for blob in files.values() if blob not in self.known})
        for blob, data in repository.blobs(missing).items():
            try:
                parsed = yaml.load(data, Loader=yaml.CSafeLoader)
            except (yaml.YAMLError, ValueError):
                parsed = None
            self.known[blob] = fields_of(parsed)
            store.put(blob, self.known[blob])
        found: dict[str, Snapshot] = {}
        for path, blob in sorted(files.items()):
            shot = snapshot(path, self.known.get(blob))
            if shot is not None:
                found.setdefault(shot.key, shot)  # (a duplicated id: the first file, as validation reports)
        return found

    def save(self) -> None:
        if self.store is not None:
            self.store.save(keep_found=True)


_SNAPSHOTS = _Snapshots()


def _releases(tags: list[Tag], systems: tuple[System, ...]) -> tuple[Release, ...]:
    """Each tag as a release, with what `system.yml` says of it (the first system that does)."""
    declared: dict[str, DeclaredRelease] = {}
    for system in systems:
        for release in system.releases:
            declared.setdefault(release.version, release)
    releases = []
    for tag in tags:
        said = declared.get(tag.name)
        date = (said.date if said is not None and said.date else None) or tag.date[:10]
        releases.append(Release(tag.name, date, tag.commit, said.label if said else None, said.url if said else None))
    return tuple(sorted(releases, key=lambda r: (r.date, r.version)))


def _released(repository: Repository, releases: tuple[Release, ...]) -> tuple[tuple[Step, ...], dict[str, Snapshot]]:
    """Each release compared with the one before, and the entries of the last."""
    steps: list[Step] = []
    before: dict[str, Snapshot] = {}
    previous: Release | None = None
    for release in releases:
        after = _SNAPSHOTS.of(repository, repository.files(release.commit))
        renames = repository.renames(previous.commit, release.commit) if previous is not None else {}
        steps.append(Step(release, previous, compare(before, after, renames)))
        before, previous = after, release
    _SNAPSHOTS.save()
    return tuple(steps), before


def now_snapshots(content: Content, root: Path) -> dict[str, Snapshot]:
    """The content as this run reads it."""
    found: dict[str, Snapshot] = {}
    base = root.resolve()
    for entry in content.entries:
        shot = _entry_snapshot(entry, base)
        if shot is not None:
            found[shot.key] = shot
    return found


def _entry_snapshot(entry: Entry, base: Path) -> Snapshot | None:
    try:
        path = Path(entry.where.doc.path).resolve().relative_to(base).as_posix()
    except ValueError:
        path = f"{entry.system}/{Path(entry.where.doc.path).name}"
    return snapshot(path, fields_of(entry.where.doc.data))


def read_history(content: Content, roots: tuple[Path, ...], get: Get = fresh) -> History:
    """The history of the content in its git repository, up to the content as it is now. The
    releases' own steps depend on the tags alone; a long-lived process keeps them in `get`
    while the tags are the same, and compares only the content now with the last release."""
    if not roots:
        return NO_HISTORY
    root = roots[0]
    try:
        repository = Repository.of(root)
        releases = _releases(repository.tags(), content.systems)
        if not releases:
            if repository.shallow():
                return History(note="history is off: this is a shallow clone without tags (fetch them with `git fetch --tags --unshallow` to show releases)")
            return NO_HISTORY
        steps, last = get(("history", str(repository.root), repository.prefix), releases, lambda: _released(repository, releases))
        now = now_snapshots(content, root)
        unreleased = Step(None, releases[-1], compare(last, now, repository.renames(releases[-1].commit, None)))
    except GitUnavailable:
        return NO_HISTORY
    walked = (*steps, unreleased)
    return History(releases, walked if unreleased.changes else steps, None, _per_entry(list(walked), set(now)))


def package_versions(history: History) -> tuple[str, str] | None:
    """The generated packages' versions from the last release, `(Python, npm)`: the tag's
    numbers (a leading `v` dropped; npm's padded to three), marked `+unreleased` when the
    content has changed since. None without releases (the packages then carry rulesref's)."""
    if not history.releases:
        return None
    tag = history.releases[-1].version
    numbers = re.fullmatch(r"[vV]?(\d+(?:\.\d+)*)((?:a|b|rc)\d+)?", tag)
    if numbers is None:  # a tag that is no version number (`faq-2026`): it stays a label of version 0
        local = re.sub(r"[^A-Za-z0-9]+", ".", tag).strip(".").lower() or "release"
        python, npm = f"0+{local}", f"0.0.0+{local}"
    else:
        parts = numbers.group(1).split(".")
        pre = numbers.group(2) or ""
        python = numbers.group(1) + pre
        npm = ".".join((parts + ["0", "0"])[:3] if len(parts) < 3 else parts[:3]) + (f"-{pre}" if pre else "")
    if history.unreleased is not None:
        python += ".unreleased" if "+" in python else "+unreleased"
        npm += ".unreleased" if "+" in npm else "+unreleased"
    return python, npm
