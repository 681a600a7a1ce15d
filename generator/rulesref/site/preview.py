"""The live-reload server of `serve`: MkDocs' own, told of changes by the system's file
events, building a page asked for during the first build before it answers
(`rulesref.site.live` builds the pages), and showing a rebuild's first pages before its last.
Its innards are MkDocs' private names, which only `rulesref.site.mkdocs_internals` uses.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from pathlib import Path
from typing import Any

from watchdog.events import (
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from rulesref.site.mkdocs_internals import Server, check_version

# How long the server waits, after a file event, for the next before it rebuilds (MkDocs waits
# 0.1 s). A save is a few events within a millisecond (written, closed; or written elsewhere and
# moved), and a rebuild takes in every file changed before it starts, so a shorter wait loses
# nothing but the wait; a burst of writes longer than this (a checkout) is at worst two rebuilds.
SETTLE_SECONDS = 0.03


class PreviewServer(Server):
    """MkDocs' live-reload server: it holds page requests while a rebuild runs, then tells
    open pages to reload. Told of changes by file events (inotify on Linux) instead of a walk
    over every watched file twice a second; a page asked for during the first build is built
    first (`ensure`), and a rebuild's first pages show before its last (`publish`)."""

    def __init__(
        self, builder: Callable[[], None], host: str, port: int, root: Path, mount_path: str, ensure: Callable[[str], None] = lambda output: None
    ) -> None:
        check_version()
        super().__init__(builder=builder, host=host, port=port, root=str(root), mount_path=mount_path)
        self.settle(SETTLE_SECONDS)
        self.observer = _Changes()
        self.error_handler = lambda code: _error_page(root, code)
        self.ensure = lambda path: _ensure_page(ensure, path)


def _ensure_page(ensure: Callable[[str], None], path: str) -> None:
    """Ask for the page a request's path names (`w40k7/fear/index.html`, or a folder's)."""
    rel = posixpath.normpath("/" + path).lstrip("/")
    ensure(rel)
    if not rel.endswith(".html"):
        ensure(posixpath.join(rel, "index.html"))


CHANGES: list[type[FileSystemEvent]] = [FileCreatedEvent, FileDeletedEvent, FileModifiedEvent, FileMovedEvent, FileClosedEvent]


class _Changes(Observer):  # type: ignore[misc,valid-type]
    """File events that change a file: not opening or reading one, which every validation
    does to every content file (those would start one rebuild after another)."""

    def schedule(self, event_handler: FileSystemEventHandler, path: str | Path, *, recursive: bool = False, **options: Any) -> ObservedWatch:
        options.setdefault("event_filter", CHANGES)
        watch: ObservedWatch = super().schedule(event_handler, path, recursive=recursive, **options)
        return watch


def _error_page(root: Path, code: int) -> bytes | None:
    page = root / f"{code}.html"
    return page.read_bytes() if code in (404, 500) and page.is_file() else None
