"""What `serve` keeps between saves, and a save's generation.

A save runs every stage again, each through one memo (`rulesref.incremental.memo`): a file
whose bytes are unchanged is not parsed again, an entry whose file is unchanged is not
compiled again, a page whose inputs are unchanged is not rendered again. Besides the memo,
a session knows what the docs folder holds (so a save rewrites only the files it changed)
and which entries the last valid save had (so the pages of the entries a save edited are
built first).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from rulesref import paths
from rulesref.config import Settings
from rulesref.history.changes import read_history
from rulesref.incremental.memo import Memo
from rulesref.model import Entry
from rulesref.pages.docs import docs_files
from rulesref.problems import Problem
from rulesref.validate import validate_kept

HISTORY = "history"  # the memo's stage: the releases' steps, by the tags


@dataclass
class Session:
    """One `serve`'s work kept from save to save."""

    memo: Memo = field(default_factory=Memo)
    written: dict[str, bytes] | None = None  # what the docs folder holds since the last sync
    entries: dict[str, Entry] = field(default_factory=dict)  # the last valid build's, by key
    edited_pages: frozenset[str] = frozenset()  # docs pages of the entries the last save changed or added
    noted: str | None = None  # the history's note last said

    def generate(
        self, content: str, settings: Settings, show_first: Callable[[dict[str, bytes]], None] | None = None
    ) -> tuple[dict[str, bytes], list[Problem]]:
        """`rulesref.site.generate`, redoing only what changed since the last call. The pages
        of the entries the save edited, with their JSON files, are handed to `show_first` as
        soon as they are rendered, before the pages that list or preview them."""
        self.memo.begin()
        try:
            build = validate_kept(self.memo, [content], settings, odds=True)
            if not build.ok:
                self.memo.finish()  # the pages keep what they had: they were not rendered
                return {}, list(build.problems)
            entries = {entry.key: entry for entry in build.content.entries}
            self.edited_pages = frozenset(paths.entry_page(e) for key, e in entries.items() if self.entries.get(key) != e)
            self.entries = entries
            history = read_history(build.content, build.files.roots, self.memo.stage(HISTORY))
            if history.note and history.note != self.noted:  # each note said once a serve
                print(history.note, file=sys.stderr)
                self.noted = history.note
            files = docs_files(build, self.memo, history, self.edited_pages, show_first)
        except BaseException:
            self.memo.begin()  # nothing of an unfinished run is kept
            raise
        self.memo.finish()
        return files, list(build.problems)
