"""How the source changed since the state a stale translation translates.

A translation records the state of the source's words (`rulesref.translations.words`). When
the source's words are in another state now, git holds the file as it was: the newest
version of the source file whose words are in the recorded state is what was translated, the
version after it is the change, and the first release (tag) holding that change is the one
the translation is stale since. Each field's word diff, from that version to the source
now, is what a translator reads.

Outside a repository, in a shallow clone without the translated version, or for a state no
version had, the translation is still stale, without a diff (`Stale.known` is false).
"""

from __future__ import annotations

from pathlib import Path

from rulesref.history.diff import word_diff
from rulesref.history.git import GitUnavailable, Repository
from rulesref.read.load import load_read
from rulesref.translations.model import Stale
from rulesref.translations.words import FIELDS, shown_words, source_words, state_of

LOOKED_BACK = 500  # versions of a source file searched for the translated state


def stale(source: Path, data: object, translated: str, repositories: dict[Path, Repository | None]) -> tuple[Stale, object]:
    """How the entry file `source`, whose words are now those of `data`, changed since the
    state `translated`, and the file's data in that state (None when git does not hold it);
    `repositories` keeps each folder's repository for the run."""
    folder = source.resolve().parent
    if folder not in repositories:
        try:
            repositories[folder] = Repository.of(folder)
        except GitUnavailable:
            repositories[folder] = None
    repository = repositories[folder]
    if repository is None:
        return Stale(None, (), False), None
    try:
        versions = repository.versions(source, LOOKED_BACK)
    except (GitUnavailable, ValueError):
        return Stale(None, (), False), None
    newer: str | None = None  # the commit after the one found: the change
    for commit, raw in versions:
        doc, _ = load_read(raw, source.name)
        if doc is not None and state_of(doc.data) == translated:
            return Stale(_release_of(repository, newer), _diffs(doc.data, data), True), doc.data
        newer = commit
    return Stale(None, (), False), None


def _release_of(repository: Repository, change: str | None) -> str | None:
    """The first release holding the commit `change` (None: not committed, or not released)."""
    if change is None:
        return None
    try:
        holding = repository.tags_containing(change)
    except GitUnavailable:
        return None
    return holding[0] if holding else None


def _diffs(before: object, after: object) -> tuple[tuple[str, str], ...]:
    old, new = shown_words(source_words(before)), shown_words(source_words(after))
    return tuple((field, word_diff(old[field], new[field])) for field in FIELDS if old[field] != new[field])
