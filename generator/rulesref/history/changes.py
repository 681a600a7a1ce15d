"""What changed in each release: the content at every release read from git, compared release
by release, and the content as it is now compared with the last release ("unreleased").

A release is a git tag (its name the version, its date the release date); `system.yml` may
say more of one (`releases:`: a date, a label such as "FAQ", a link to the publication). An
entry is known by its key (`system:id`), which stays when its file moves or its name changes;
when an id itself changes, git's rename detection of the file links the two ids, so the
entry's history goes on under its new id.

Each entry at a release is a `Snapshot` of what a reader compares (`rulesref.history.
snapshots`, which reads a release's files as safely as the content now and keeps them by
blob id). Between two releases an entry is added, removed, changed (its words, parameters or
checks) or moved (only its file, its name or its id). Releases whose content folder is the
same git tree as the release before changed nothing, and are known so without reading a
file: a repository that tags every build costs what its changes cost.

A release with a file the loader refuses is left out of the history, and said once, by tag
and file (`History.note`): its tag cannot be fixed, and the build goes on without it. Each
release has a slug of its own (`rulesref.history.slugs`) for its page and API file.

Git is asked in `rulesref.history.git` only. Content outside a repository has no history;
a shallow clone without tags says so once (`History.note`) and builds without it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from rulesref.history.git import GitUnavailable, Repository, Tag
from rulesref.history.slugs import UNRELEASED, release_slugs
from rulesref.history.snapshots import Snapshot, Snapshots, fields_of, snapshot
from rulesref.incremental.memo import Get, fresh
from rulesref.model import Content, DeclaredRelease, Entry, System

COMPARED = ("kind", "name", "summary", "text", "params", "checks")  # what a change is made of
WORDS = ("kind", "summary", "text", "params", "checks")  # a change of these is "changed"; of the others, "moved"


@dataclass(frozen=True)
class Release:
    version: str
    date: str  # YYYY-MM-DD
    commit: str
    label: str | None = None
    url: str | None = None
    slug: str = ""  # its folder in the site and its file in the API (`1.2`, `1-0_<hash>`: `rulesref.history.slugs`)


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
        return self.release.slug if self.release is not None else UNRELEASED


@dataclass(frozen=True)
class History:
    releases: tuple[Release, ...] = ()
    steps: tuple[Step, ...] = ()  # each release in order, then the unreleased changes (when any)
    note: str | None = None  # said once by a build: why history is off, or which releases are left out (a line each)
    by_entry: dict[str, tuple[tuple[Step, Change], ...]] = field(default_factory=dict, compare=False, hash=False)

    @property
    def unreleased(self) -> Step | None:
        last = self.steps[-1] if self.steps else None
        return last if last is not None and last.release is None else None

    def of_entry(self, key: str) -> tuple[tuple[Step, Change], ...]:
        """Every change of the entry now under `key`, newest first, across changes of its id."""
        return self.by_entry.get(key, ())

    @cached_property
    def _at(self) -> dict[str, int]:
        return {s.slug: i for i, s in enumerate(self.steps)}

    def step(self, slug: str) -> Step:
        return self.steps[self._at[slug]]

    def index_of(self, slug: str) -> int:
        """Where the step of `slug` is in `steps`."""
        return self._at[slug]


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


def _releases(tags: list[Tag], systems: tuple[System, ...]) -> tuple[Release, ...]:
    """Each tag as a release, with what `system.yml` says of it (the first system that does)
    and its slug, oldest first."""
    declared: dict[str, DeclaredRelease] = {}
    for system in systems:
        for release in system.releases:
            declared.setdefault(release.version, release)
    releases = []
    for tag in tags:
        said = declared.get(tag.name)
        date = (said.date if said is not None and said.date else None) or tag.date[:10]
        releases.append(Release(tag.name, date, tag.commit, said.label if said else None, said.url if said else None))
    releases.sort(key=lambda r: (r.date, r.version))
    slugs = release_slugs(r.version for r in releases)
    return tuple(Release(r.version, r.date, r.commit, r.label, r.url, slugs[r.version]) for r in releases)


@dataclass(frozen=True)
class Released:
    """The releases read: each one's step, the entries of the last, the releases kept (those
    whose files all loaded) and a line for each one left out."""

    steps: tuple[Step, ...]
    last: dict[str, Snapshot]
    kept: tuple[Release, ...]
    left_out: tuple[str, ...]


def _released(repository: Repository, releases: tuple[Release, ...]) -> Released:
    """Each release compared with the one before, and the entries of the last."""
    steps: list[Step] = []
    kept: list[Release] = []
    left_out: list[str] = []
    before: dict[str, Snapshot] = {}
    previous: Release | None = None
    trees = repository.trees([r.commit for r in releases])
    snapshots = Snapshots()
    same_as = None  # the content folder's tree at the previous release
    for release in releases:
        tree = trees.get(release.commit)
        if previous is not None and tree is not None and tree == same_as:
            steps.append(Step(release, previous, ()))  # the same files: nothing changed
        else:
            after, refused = snapshots.of(repository, repository.files(release.commit))
            if refused is not None:
                path, why = refused
                left_out.append(f"history: release {release.version} is left out: {release.version}:{repository.prefix}{path}:{why.line}:{why.col}: {why.message}")
                continue
            renames = repository.renames(previous.commit, release.commit) if previous is not None else {}
            steps.append(Step(release, previous, compare(before, after, renames)))
            before, same_as = after, tree
        previous = release
        kept.append(release)
    snapshots.save()
    return Released(tuple(steps), before, tuple(kept), tuple(left_out))


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
        read = get(("history", str(repository.root), repository.prefix), releases, lambda: _released(repository, releases))
        note = "\n".join(read.left_out) or None
        if not read.kept:
            return History(note=note)
        last_release = read.kept[-1]
        now = now_snapshots(content, root)
        unreleased = Step(None, last_release, compare(read.last, now, repository.renames(last_release.commit, None)))
    except GitUnavailable:
        return NO_HISTORY
    walked = (*read.steps, unreleased)
    return History(read.kept, walked if unreleased.changes else read.steps, note, _per_entry(list(walked), set(now)))


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
