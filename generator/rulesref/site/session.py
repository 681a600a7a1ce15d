"""What `serve` keeps between saves, and a save's generation.

A save runs every stage again, each through one memo (`rulesref.incremental.memo`): a file
whose bytes are unchanged is not parsed again, an entry whose file is unchanged is not
compiled again, a page whose inputs are unchanged is not rendered again. Besides the memo,
a session knows what the docs folder holds (so a save rewrites only the files it changed)
and which entries the last valid save had (so the pages of the entries a save edited are
built first).

The first generation puts the entries' own pages off (`put_off`; most of the rendering of a
big site), so that `serve` starts without them: what lists or links an entry needs only its
page's path. They are rendered one by one afterwards (`write_put_off`), from the latest
valid generation, as the first build reaches them or a reader asks for one; a save renders
those it edits and leaves the others put off. The scripts the forms read (the played units'
targets and descriptions, the roster page's data, the generated modules) are put off the
same way, a folder at a time, until a page's form asks for one or the first build ends. A
lock keeps a generation and such a page apart: the docs folder is the latest generation's,
never an older one's.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from rulesref import paths
from rulesref.config import Settings
from rulesref.history.changes import read_history
from rulesref.incremental.memo import Memo
from rulesref.model import Entry
from rulesref.pages.docs import PutOff, docs_files
from rulesref.problems import Problem
from rulesref.support.output import write_file_atomically
from rulesref.validate import validate_kept

HISTORY = "history"  # the memo's stage: the releases' steps, by the tags
STAND_IN = b""  # what `Session.written` holds for an entry's page put off that the docs folder does not hold yet (a page is never empty)


def changed_pages(files: Mapping[str, bytes], known: Mapping[str, bytes]) -> list[str]:
    """The docs pages (`.md`) among `files` that the docs folder holds already (`known`: what
    it holds, `Session.written`) with other bytes, sorted: the saved entries' pages a `serve`
    shows ahead of the rest of a save."""
    return sorted(rel for rel, data in files.items() if rel.endswith(".md") and rel in known and known[rel] != data)


@dataclass
class Session:
    """One `serve`'s work kept from save to save."""

    memo: Memo = field(default_factory=Memo)
    written: dict[str, bytes] | None = None  # what the docs folder holds since the last sync
    entries: dict[str, Entry] = field(default_factory=dict)  # the last valid build's, by key
    edited_pages: frozenset[str] = frozenset()  # docs pages of the entries the last save changed or added
    noted: str | None = None  # the history's note last said
    put_off: dict[str, str] = field(default_factory=dict)  # docs files not rendered yet (a page, its JSON file): their page
    folders_put_off: tuple[str, ...] = ()  # folders of scripts not made yet (`PutOff.folders`), each made whole
    render_later: Callable[[str], dict[str, bytes]] | None = None  # how the latest valid generation renders such a page
    lock: threading.RLock = field(default_factory=threading.RLock)  # a generation, or a page put off being written

    def generate(
        self, content: str, settings: Settings, show_first: Callable[[dict[str, bytes]], None] | None = None, *, put_off: bool = False
    ) -> tuple[dict[str, bytes], list[Problem]]:
        """`rulesref.site.generate`, redoing only what changed since the last call. The pages
        of the entries the save edited, with their JSON files and the nav, are handed to `show_first` as
        soon as they are rendered, before the pages that list or preview them. With
        `put_off`, every entry's own page is put off; else those put off before stay so, but
        for the entries this save edited. The files returned leave the pages put off out."""
        with self.lock:
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
                still, edited = {*self.put_off, *self.folders_put_off}, self.edited_pages
                later = PutOff(lambda page: put_off or (page in still and page not in edited))
                files = docs_files(build, self.memo, history, self.edited_pages, show_first, put_off=later)
            except BaseException:
                self.memo.begin()  # nothing of an unfinished run is kept
                raise
            self.memo.finish()
            self.put_off = {rel: page for page, rels in later.pages.items() for rel in rels}
            self.folders_put_off = later.folders
            self.render_later = later.render if later.pages or later.folders else None
            return files, list(build.problems)

    def _put_off_as(self, rel: str) -> str | None:
        """What put off `rel`: its page, or the folder of scripts it is in (None: nothing)."""
        return self.put_off.get(rel) or next((folder for folder in self.folders_put_off if rel.startswith(f"{folder}/")), None)

    def write_put_off(self, docs: Path, rel: str) -> list[str]:
        """Render the entry's page that was put off and that `rel` is (or is the JSON file
        of), or the folder of scripts put off that `rel` is in, from the latest valid
        generation, and write its docs files into `docs` (as `written` says they are now);
        those files (none when `rel` is not put off)."""
        if self._put_off_as(rel) is None:  # (read without the lock: a request for any file asks)
            return []
        with self.lock:
            name = self._put_off_as(rel)
            return self._write(docs, name) if name is not None else []

    def _write(self, docs: Path, name: str) -> list[str]:
        """The page or folder `name` put off, rendered and written (under the lock)."""
        if self.render_later is None or self.written is None:
            return []
        with self.memo.late():
            files = self.render_later(name)
        for made, data in files.items():
            write_file_atomically(docs / made, data)
            self.put_off.pop(made, None)
        self.folders_put_off = tuple(folder for folder in self.folders_put_off if folder != name)
        self.written.update(files)
        return sorted(files)

    def unwritten_pages(self) -> list[str]:
        """The pages put off that the docs folder does not hold yet, each a `STAND_IN` in
        `written` (for MkDocs to list them)."""
        written = dict(self.written or {})  # (copied at once: the first build writes pages meanwhile)
        return sorted(rel for rel, data in written.items() if data == STAND_IN and rel in self.put_off)

    def write_all_put_off(self, docs: Path) -> list[str]:
        """Every page and folder still put off, written (before MkDocs builds the site whole,
        and at the end of its first build); the files written."""
        written: list[str] = []
        with self.lock:
            for name in dict.fromkeys([*self.put_off.values(), *self.folders_put_off]):  # (each page once, not once a file of it)
                written += self._write(docs, name)
        return written
