"""MkDocs' reading of pages, split over processes: the other cores convert Markdown while the
build's own process does.

`mkdocs build` reads every page (Markdown to HTML, about two thirds of a build) in one
process before it writes any. In the MkDocs child of `rulesref build` (`mkdocs_runner`),
the build forks workers when it reads its first page: page i of the build's list of pages is
read by process i mod n (process 0 being the build's own). A worker sends back what reading
set on each of its pages (Markdown, metadata, HTML, table of contents, anchors), in page
order, and the build sets it on its own page object when its loop reaches that page; all
else (the nav, templates, search index, anchor checks) stays as `mkdocs build` does it, so
the site is the same byte for byte. What a worker logs while reading a page is handed back
with the page and logged by the build when it reaches it: messages come in page order, and
`--strict` counts them.

Only a build whose plugins do nothing while pages are read is split (a plugin that does
could keep state that a worker's copy of it would lose). A worker that fails leaves the rest
of its pages to the build's process, which reads them itself and reports what MkDocs reports.
The page step it wraps is MkDocs' own (`rulesref.site.mkdocs_internals` names it).

This module imports nothing of rulesref: the runner loads it, and the internals module it is
handed, by their paths.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import logging
import os
import pickle
import sys
from collections.abc import Callable
from typing import IO, Any

# the plugin events MkDocs runs while it reads a page (`mkdocs_internals.populate_page`)
READING_EVENTS = ("pre_page", "page_read_source", "page_markdown", "page_content")
MAX_WORKERS = 4
# a worker reads ahead of the build by as much as its pipe holds (64 KiB by default: 3 pages)
F_SETPIPE_SZ = 1031
PIPE_BYTES = 1 << 20

Populate = Callable[..., None]


def install(processes: int, internals: Any) -> None:
    """Make the next MkDocs build of this process read its pages in `processes` processes.
    `internals`: the module `rulesref.site.mkdocs_internals` (loaded by its path)."""
    original: Populate = internals.page_steps()[0]
    split: list[_Split | None] = []  # decided at the first page

    def populate(page: Any, config: Any, files: Any, dirty: bool = False) -> None:
        if not split:
            split.append(_Split.start(original, config, files, processes) if not dirty and splittable(config) else None)
        if split[0] is None:
            original(page, config, files, dirty)
        else:
            split[0].populate(page, config, files)

    internals.replace_page_steps(populate=populate)


def splittable(config: Any) -> bool:
    """Whether no plugin runs while pages are read."""
    return not any(config.plugins.events.get(event) for event in READING_EVENTS)


class _Split:
    """The build's side: which process reads which page, and the workers' results."""

    def __init__(self, original: Populate, order: dict[str, int], workers: dict[int, _Worker], processes: int) -> None:
        self.original = original
        self.order = order
        self.workers = workers
        self.processes = processes

    @classmethod
    def start(cls, original: Populate, config: Any, files: Any, processes: int) -> _Split | None:
        from mkdocs.structure.files import InclusionLevel

        pages = list(files.documentation_pages(inclusion=InclusionLevel.is_included))
        processes = min(processes, MAX_WORKERS, len(pages) // 2)
        if processes < 2:
            return None
        sys.stdout.flush()  # (a forked process would write out what is buffered a second time)
        sys.stderr.flush()
        workers = {}
        for number in range(1, processes):
            mine = [file for index, file in enumerate(pages) if index % processes == number]
            workers[number] = _Worker.fork(original, config, files, mine)
        return cls(original, {file.src_uri: index for index, file in enumerate(pages)}, workers, processes)

    def populate(self, page: Any, config: Any, files: Any) -> None:
        index = self.order.get(page.file.src_uri)
        worker = None if index is None else self.workers.get(index % self.processes)
        if worker is None or not worker.take(page, files):
            self.original(page, config, files)


class _Worker:
    """One forked reader, seen from the build: its pipe, and whether it has pages left to send."""

    def __init__(self, pid: int, pipe: IO[bytes], count: int) -> None:
        self.pid = pid
        self.pipe = pipe
        self.left = count
        self.done = False

    @classmethod
    def fork(cls, original: Populate, config: Any, files: Any, mine: list[Any]) -> _Worker:
        read_end, write_end = os.pipe()
        with contextlib.suppress(OSError, AttributeError):  # room for pages read ahead (Linux)
            fcntl.fcntl(write_end, F_SETPIPE_SZ, PIPE_BYTES)
        pid = os.fork()
        if pid == 0:  # the worker: reads its pages, sends them, and ends without cleaning up the build's things
            code = 0
            try:
                os.close(read_end)
                with os.fdopen(write_end, "wb") as out:
                    _read_pages(original, config, files, mine, out)
            except BaseException:  # (the build reads what was not sent; exiting is all that is left)
                code = 1
            finally:
                os._exit(code)
        os.close(write_end)
        return cls(pid, os.fdopen(read_end, "rb"), len(mine))

    def take(self, page: Any, files: Any) -> bool:
        """Set what the worker read on `page`; False if it has nothing for it (it failed)."""
        if self.done:
            return False
        try:
            uri, attributes, records = _FileUnpickler(self.pipe, files).load()
        except (EOFError, pickle.UnpicklingError, OSError, ValueError):
            uri, attributes, records = None, None, []
        if uri != page.file.src_uri or attributes is None:
            self._stop()
            return False
        vars(page).update(attributes)
        for record in records:
            logging.getLogger(record.name).handle(record)
        self.left -= 1
        if self.left == 0:
            self._stop()
        return True

    def _stop(self) -> None:
        self.done = True
        self.pipe.close()
        os.waitpid(self.pid, 0)


def _read_pages(original: Populate, config: Any, files: Any, mine: list[Any], out: IO[bytes]) -> None:
    """In a worker: read each page and send (its path, what reading set on it, its log records)."""
    from mkdocs.structure.pages import Page

    records: list[logging.LogRecord] = []

    def keep(logger: logging.Logger, record: logging.LogRecord) -> None:
        record.msg, record.args = record.getMessage(), None  # (arguments may not pickle)
        record.exc_info = None
        records.append(record)

    logging.Logger.handle = keep  # type: ignore[method-assign,assignment]  # this process only
    for file in mine:
        page = file.page if file.page is not None else Page(None, file, config)
        before = dict(vars(page))
        try:
            original(page, config, files)
            set_by_reading = {key: value for key, value in vars(page).items() if key not in before or before[key] is not value}
            out.write(_FilePickler.dumps((file.src_uri, set_by_reading, records)))
        except Exception:
            out.write(_FilePickler.dumps((file.src_uri, None, [])))  # the build reads this page and the rest itself
            return
        records.clear()


class _FilePickler(pickle.Pickler):
    """Sends docs files (and their pages) by path: the build has its own objects for them."""

    def persistent_id(self, obj: Any) -> Any:
        from mkdocs.structure.files import File
        from mkdocs.structure.pages import Page

        if isinstance(obj, File):
            return ("file", obj.src_uri)
        if isinstance(obj, Page):
            return ("page", obj.file.src_uri)
        return None

    @classmethod
    def dumps(cls, value: object) -> bytes:
        buffer = io.BytesIO()
        cls(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
        return buffer.getvalue()


class _FileUnpickler(pickle.Unpickler):
    def __init__(self, pipe: IO[bytes], files: Any) -> None:
        super().__init__(pipe)
        self.files = files

    def persistent_load(self, pid: Any) -> Any:
        kind, uri = pid
        file = self.files.get_file_from_path(uri)
        if file is None:
            raise pickle.UnpicklingError(f"no docs file {uri}")
        return file if kind == "file" else file.page
