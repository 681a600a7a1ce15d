"""MkDocs' reading and writing of pages, kept from the last build, and its reading split over
processes: a build reads and writes only the pages that changed, on every core.

`mkdocs build` reads every page (Markdown to HTML, about two thirds of a build) in one
process before it writes any. In the MkDocs child of `rulesref build` (`mkdocs_runner`):

- **Kept.** What reading set on a page (its HTML, table of contents, title, metadata, the
  links it checked) and what it logged are kept on disk (`<cache>/mkdocs-pages/`, one file a
  page) under a digest of what reading depends on: the page's own Markdown, and the context
  every page shares (MkDocs' and the theme's versions, the Markdown extensions and their
  settings, the link checks' levels, directory URLs, and the path of every file of the site,
  which decides where each link leads and whether it is broken). A later build finds an
  unchanged page there, sets what was kept on its page object and logs what it logged
  (`--strict` counts it alike), and reads only the others. Likewise the page as the theme
  wrote it, with the entries it gave the search index and what writing it logged, is kept
  (`<cache>/mkdocs-written/`) under the digest of its reading and of what writing every page
  shares (the nav, the site's and the theme's settings): an unchanged page is written from
  there. A build keeps what it used.
- **Split.** The pages left to read are shared out when the build reads its first page:
  the i-th of them is read by process i mod n (process 0 being the build's own). A worker
  sends back what reading set on each of its pages, in page order, and the build sets it on
  its own page object when its loop reaches that page; all else (the nav, templates, search
  index, anchor checks) stays as `mkdocs build` does it, so the site is the same byte for
  byte. What a worker logs while reading a page is handed back with the page and logged by
  the build when it reaches it: messages come in page order, and `--strict` counts them.

Only a build whose plugins do nothing while pages are read is kept or split (a plugin that
does could keep state that a worker's copy of it would lose, or read what a digest does not
cover). A worker that fails leaves the rest of its pages to the build's process, which
reads them itself and reports what MkDocs reports; a kept page that cannot be read back is
read again. The page step it wraps is MkDocs' own (`rulesref.site.mkdocs_internals` names it).

This module imports nothing of rulesref: the runner loads it, and the internals module it is
handed, by their paths.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io
import logging
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from rulesref.support.cache_files import read_payload, write_payload

# the plugin events MkDocs runs while it reads a page (`mkdocs_internals.populate_page`)
READING_EVENTS = ("pre_page", "page_read_source", "page_markdown", "page_content")
MAX_WORKERS = 4
# a worker reads ahead of the build by as much as its pipe holds (64 KiB by default: 3 pages)
F_SETPIPE_SZ = 1031
PIPE_BYTES = 1 << 20

Populate = Callable[..., None]


def install(processes: int, internals: Any, cache: str | None = None) -> None:
    """Make the next MkDocs build of this process read its pages in `processes` processes,
    taking unchanged ones from `cache` (a folder; None: every page is read).
    `internals`: the module `rulesref.site.mkdocs_internals` (loaded by its path)."""
    original: Populate = internals.page_steps()[0]
    state: dict[str, Any] = {}  # decided at the first page

    def populate(page: Any, config: Any, files: Any, dirty: bool = False) -> None:
        if not state:
            usable = not dirty and splittable(config)
            pages = _pages(files)
            kept = _Kept.open(cache, config, files, pages) if usable and cache else None
            left = [f for f in pages if kept is None or not kept.has(f)]
            state["kept"] = kept
            state["split"] = _Split.start(original, config, files, processes, left) if usable and processes > 1 else None
            state["pages"] = len(pages)
        kept, split = state["kept"], state["split"]
        if kept is None or not kept.restore(page, files):
            with _Recorded() as records:
                before = dict(vars(page))
                if split is None:
                    original(page, config, files, dirty)
                else:
                    split.populate(page, config, files)
            if kept is not None:
                kept.store(page, {key: value for key, value in vars(page).items() if key not in before or before[key] is not value}, records)
        state["pages"] -= 1
        if kept is not None and state["pages"] == 0:  # the build's last page: what it did not use goes
            kept.finish()

    original_build: Populate = internals.page_steps()[1]

    def build(page: Any, config: Any, doc_files: Any, nav: Any, env: Any, dirty: bool = False, excluded: bool = False) -> None:
        kept = state.get("kept")
        if "written" not in state:  # the first page written: every page is read and the nav is whole
            state["written"] = _Written.open(kept, config, nav, internals) if kept is not None and not dirty else None
            state["to_write"] = len(doc_files)  # (the build hands its list of pages to write)
        written = state["written"]
        if written is None or excluded or not written.restore(page):
            entries = written.entries if written is not None else None
            before = len(entries) if entries is not None else 0
            with _Recorded() as records:
                original_build(page, config, doc_files, nav, env, dirty, excluded=excluded)
            if written is not None and not excluded:
                written.store(page, entries[before:] if entries is not None else [], records)
        state["to_write"] -= 1
        if written is not None and state["to_write"] == 0:
            written.finish()

    internals.replace_page_steps(populate=populate, build=build)


def _pages(files: Any) -> list[Any]:
    from mkdocs.structure.files import InclusionLevel

    return list(files.documentation_pages(inclusion=InclusionLevel.is_included))


class _Recorded(logging.Handler):
    """The log records of one page's reading, as they are logged (they go on to MkDocs' own
    handlers as ever)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def __enter__(self) -> list[logging.LogRecord]:
        logging.getLogger("mkdocs").addHandler(self)
        return self.records

    def __exit__(self, *exc: object) -> None:
        logging.getLogger("mkdocs").removeHandler(self)


class _Kept:
    """Pages as reading left them, one file each under the digest of what reading read."""

    FOLDER = "mkdocs-pages"

    def __init__(self, where: Path, context: bytes, keys: dict[str, str]) -> None:
        self.where = where
        self.context = context
        self.keys = keys  # page source path -> its digest
        self.used: set[str] = set()

    @classmethod
    def open(cls, cache: str, config: Any, files: Any, pages: list[Any]) -> _Kept | None:
        import markdown  # type: ignore[import-untyped]
        import mkdocs

        try:
            import material  # type: ignore[import-untyped]

            theme = getattr(material, "__version__", "")
        except ImportError:
            theme = ""
        shared = repr(
            (
                mkdocs.__version__, theme, markdown.__version__, KEPT_FORMAT,
                config["markdown_extensions"], config["mdx_configs"], config["use_directory_urls"], config["validation"],
                sorted(f.src_uri for f in files),
            )
        ).encode("utf-8")
        context = hashlib.sha256(shared).digest()
        keys = {}
        try:
            for file in pages:
                keys[file.src_uri] = hashlib.sha256(context + file.src_uri.encode("utf-8") + b"\0" + file.content_bytes).hexdigest()
        except OSError:
            return None
        where = Path(cache) / cls.FOLDER
        return cls(where, context, keys)

    def has(self, file: Any) -> bool:
        key = self.keys.get(file.src_uri)
        return key is not None and (self.where / key).is_file()

    def _payload(self, page: Any) -> tuple[str, bytes] | None:
        """The key and payload kept for a page, when its file is whole (its digest holds)."""
        key = self.keys.get(page.file.src_uri)
        payload = read_payload(self.where, key) if key is not None else None
        return (key, payload) if key is not None and payload is not None else None

    def _keep(self, page: Any, make: Callable[[], bytes]) -> None:
        """Keep `make()` for a page, replacing its file atomically; skipped when it cannot be."""
        key = self.keys.get(page.file.src_uri)
        if key is None:
            return
        self.used.add(key)
        try:
            payload = make()
        except (pickle.PicklingError, TypeError, AttributeError):
            return
        write_payload(self.where, key, payload)

    def _replay(self, key: str, records: list[logging.LogRecord]) -> bool:
        """Log what the page logged when it was kept, and count its file as used."""
        for record in records:
            logging.getLogger(record.name).handle(record)
        self.used.add(key)
        return True

    def restore(self, page: Any, files: Any) -> bool:
        """Set what reading set on `page` when it was kept, and log what it logged; False
        when nothing usable is kept for it."""
        found = self._payload(page)
        if found is None:
            return False
        try:
            attributes, records = _FileUnpickler(io.BytesIO(found[1]), files).load()
        except (EOFError, pickle.UnpicklingError, ValueError, AttributeError, TypeError):
            return False
        vars(page).update(attributes)
        return self._replay(found[0], records)

    def store(self, page: Any, attributes: dict[str, Any], records: list[logging.LogRecord]) -> None:
        self._keep(page, lambda: _FilePickler.dumps((attributes, [_plain(r) for r in records])))

    def finish(self) -> None:
        """Forget the pages this build did not use (the folder holds one build's pages)."""
        with contextlib.suppress(OSError):
            for path in self.where.iterdir():
                if path.name not in self.used and not path.name.startswith("."):  # (the folder's `.gitignore`)
                    path.unlink()


KEPT_FORMAT = 1  # of what a kept page holds


class _Written(_Kept):
    """Pages as the theme wrote them, by the digest of their reading (`_Kept`) and of all
    that writing every page shares: the nav (each item's title and address, in order), the
    site's settings and the theme's. Kept with a page: its HTML, what it gave the search
    index, what it logged. Only for a build whose plugins, while pages are written, are the
    theme's search alone (any other could change a page a digest does not see)."""

    FOLDER = "mkdocs-written"
    SHARED_EVENTS = ("pre_page", "page_context", "post_page", "pre_template", "template_context", "post_template")

    def __init__(self, where: Path, context: bytes, keys: dict[str, str], entries: list[dict[str, Any]] | None) -> None:
        super().__init__(where, context, keys)
        self.entries = entries

    @classmethod
    def open(cls, kept: _Kept, config: Any, nav: Any, internals: Any) -> _Written | None:  # type: ignore[override]
        entries = internals.search_entries(config)
        for event in cls.SHARED_EVENTS:
            for method in config.plugins.events.get(event, []):
                if getattr(getattr(method, "__self__", None), "search_index", None) is None:
                    return None  # a plugin other than search works on written pages
        try:
            settings = {key: repr(config[key]) for key in sorted(config) if key not in _NOT_SHARED}
            theme = (config.theme.name, repr(sorted(dict(config.theme).items(), key=lambda kv: kv[0])))
            plugins = {name: repr(dict(plugin.config)) for name, plugin in config.plugins.items()}
        except (TypeError, ValueError, AttributeError):
            return None
        shared = repr((kept.context, _nav_key(nav), settings, theme, plugins)).encode("utf-8")
        if " at 0x" in shared.decode("utf-8", "replace"):  # a setting shown by its address: no digest holds
            return None
        context = hashlib.sha256(shared).digest()
        keys = {uri: hashlib.sha256(context + key.encode("ascii")).hexdigest() for uri, key in kept.keys.items()}
        return cls(kept.where.with_name(cls.FOLDER), context, keys, entries)

    def restore(self, page: Any, files: Any = None) -> bool:
        """Write the page as it was written, give the search index its entries again and log
        what writing it logged; False when nothing usable is kept for it."""
        found = self._payload(page)
        if found is None:
            return False
        try:
            html, entries, records = pickle.loads(found[1])
            target = Path(page.file.abs_dest_path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(html)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError, AttributeError):
            return False
        if self.entries is not None:
            self.entries.extend(entries)
        return self._replay(found[0], records)

    def store(self, page: Any, entries: Any, records: list[logging.LogRecord]) -> None:
        def payload() -> bytes:
            html = Path(page.file.abs_dest_path).read_bytes()
            return pickle.dumps((html, list(entries), [_plain(r) for r in records]), protocol=pickle.HIGHEST_PROTOCOL)

        self._keep(page, payload)


# settings no page shows: where the build reads and writes, and what the digest covers apart
_NOT_SHARED = frozenset({"plugins", "theme", "docs_dir", "site_dir", "config_file_path", "watch", "dev_addr", "hooks", "strict"})


def _nav_key(nav: Any) -> list[Any]:
    """The nav as every page shows it: each item's kind, title and address, in order."""

    def item(node: Any) -> Any:
        children = getattr(node, "children", None) or []
        return (type(node).__name__, str(getattr(node, "title", "")), str(getattr(node, "url", "") or ""), [item(c) for c in children])

    return [item(node) for node in nav.items] + [str(p.url) for p in nav.pages]


def _plain(record: logging.LogRecord) -> logging.LogRecord:
    """A record that pickles: its message made, its arguments and exception dropped."""
    copy = logging.makeLogRecord(record.__dict__)
    copy.msg, copy.args, copy.exc_info, copy.exc_text = record.getMessage(), None, None, None
    return copy


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
    def start(cls, original: Populate, config: Any, files: Any, processes: int, pages: list[Any]) -> _Split | None:
        """Workers for `pages` (those left to read), or None when they are too few to share."""
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
