"""MkDocs' reading and writing of pages split over processes, and kept from the last build: a
build reads and writes only the pages that changed, on every core.

`mkdocs build` reads every page (Markdown to HTML) in one process, then writes every page
(the theme's template, and the search plugin's parse of the page's HTML) in the same one;
each is about half of a build. In the MkDocs child of `rulesref build` (`mkdocs_runner`):

- **Kept.** Pages whose reading or writing is kept from the last build are taken from there
  (`mkdocs_kept`); only the others are read, and written.
- **Split.** The pages left to read are shared out when the build reads its first page
  (`rulesref.support.forked`): the build's loop reads them from the first, the workers from
  the last, until they meet. A worker sends back what reading set on each of its pages, and
  the build sets it on its own page object when its loop reaches that page. The pages left to write are shared out
  the same way when the build writes its first page (every page is read then, and the nav
  whole): a worker forked then writes each of its pages as the build would, and sends back
  the entries it gave the search index, which the build adds when its loop reaches that
  page. All else (the nav, templates, the search index, anchor checks) stays as `mkdocs
  build` does it, so the site is the same byte for byte. What a worker logs while it reads
  or writes a page is handed back with the page and logged by the build when it reaches it:
  messages come in page order, and `--strict` counts them.

Only a build whose plugins do nothing while pages are read is kept or split (a plugin that
does could keep state that a worker's copy of it would lose, or read what a digest does not
cover); writing is kept or split only when the theme's search is the one plugin that works
on written pages. A worker that fails leaves the rest of its pages to the build's process,
which reads or writes them itself and reports what MkDocs reports. The page steps it wraps
are MkDocs' own (`rulesref.site.mkdocs_internals` names them).

The runner loads it, and the modules it is handed (`mkdocs_internals`, `mkdocs_kept`), by
their paths; of rulesref it imports only the forking (`rulesref.support.forked`), which
imports nothing of the rest.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from rulesref.support.forked import Shared

# the plugin events MkDocs runs while it reads a page (`mkdocs_internals.populate_page`)
READING_EVENTS = ("pre_page", "page_read_source", "page_markdown", "page_content")
# ... and while it writes one (`mkdocs_internals.build_page`), or a theme template
WRITING_EVENTS = ("pre_page", "page_context", "post_page", "pre_template", "template_context", "post_template")

Step = Callable[..., None]
Work = Callable[[Any], Any]  # what a worker does with one docs file: what it sends back


def install(processes: int, internals: Any, kept_module: Any, cache: str | None = None) -> None:
    """Make the next MkDocs build of this process read and write its pages in `processes`
    processes, taking unchanged ones from `cache` (a folder; None: every page is read and
    written). `internals` and `kept_module`: the modules `rulesref.site.mkdocs_internals` and
    `rulesref.site.mkdocs_kept` (loaded by their paths)."""
    original, original_build = internals.page_steps()
    state: dict[str, Any] = {}  # decided at the first page read, and at the first written

    def populate(page: Any, config: Any, files: Any, dirty: bool = False) -> None:
        if not state:
            usable = not dirty and splittable(config)
            pages = _pages(files)
            kept = kept_module.Kept.open(cache, config, files, pages) if usable and cache else None
            left = [f for f in pages if kept is None or not kept.has(f)]
            state.update(kept=kept, files=files, pages=len(pages))
            state["split"] = _Split.start(_reading(original, config, files), kept_module, files, processes, left) if usable else None
        kept, split = state["kept"], state["split"]
        if kept is None or not kept.restore(page, files):
            with _Recorded() as records:
                before = dict(vars(page))
                taken, attributes = split.take(page) if split is not None else (False, None)
                if taken:
                    vars(page).update(attributes)
                else:
                    original(page, config, files, dirty)
            if kept is not None:
                kept.store(page, _set_since(before, page), records)
        state["pages"] -= 1
        if kept is not None and state["pages"] == 0:  # the build's last page: what it did not use goes
            kept.finish()

    def build(page: Any, config: Any, doc_files: Any, nav: Any, env: Any, dirty: bool = False, excluded: bool = False) -> None:
        kept = state.get("kept")
        entries = internals.search_entries(config)
        if "written" not in state:  # the first page written: every page is read and the nav is whole
            usable = not dirty and writable(config)
            written = kept_module.Written.open(kept, config, nav, internals) if kept is not None and usable else None
            left = [f for f in doc_files if written is None or not written.has(f)]
            work = _writing(original_build, config, doc_files, nav, env, entries)
            state.update(written=written, to_write=len(doc_files))  # (the build hands its list of pages to write)
            state["write_split"] = _Split.start(work, kept_module, state["files"], processes, left) if usable and "files" in state else None
        written, split = state["written"], state["write_split"]
        if written is None or excluded or not written.restore(page):
            before = len(entries) if entries is not None else 0
            with _Recorded() as records:
                taken, made = split.take(page) if split is not None else (False, None)
                if not taken:
                    original_build(page, config, doc_files, nav, env, dirty, excluded=excluded)
                elif entries is not None:
                    entries.extend(made)
            if written is not None and not excluded:
                written.store(page, entries[before:] if entries is not None else [], records)
        state["to_write"] -= 1
        if written is not None and state["to_write"] == 0:
            written.finish()

    internals.replace_page_steps(populate=populate, build=build)


def _reading(original: Step, config: Any, files: Any) -> Work:
    """A reading worker's work: read a page, and send what reading set on it."""

    def read(file: Any) -> dict[str, Any]:
        from mkdocs.structure.pages import Page

        page = file.page if file.page is not None else Page(None, file, config)
        before = dict(vars(page))
        original(page, config, files)
        return _set_since(before, page)

    return read


def _writing(original_build: Step, config: Any, doc_files: Any, nav: Any, env: Any, entries: list[Any] | None) -> Work:
    """A writing worker's work: write a page as the build would, and send the entries it gave
    the search index (`entries`: the search plugin's list, or None without that plugin)."""

    def write(file: Any) -> list[Any]:
        before = len(entries) if entries is not None else 0
        original_build(file.page, config, doc_files, nav, env, excluded=file.inclusion.is_excluded())
        return entries[before:] if entries is not None else []

    return write


def _set_since(before: dict[str, Any], page: Any) -> dict[str, Any]:
    """What a page step set on `page` since its attributes were `before`."""
    return {key: value for key, value in vars(page).items() if key not in before or before[key] is not value}


def _pages(files: Any) -> list[Any]:
    from mkdocs.structure.files import InclusionLevel

    return list(files.documentation_pages(inclusion=InclusionLevel.is_included))


class _Recorded(logging.Handler):
    """The log records of one page's reading or writing, as they are logged (they go on to
    MkDocs' own handlers as ever)."""

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


def splittable(config: Any) -> bool:
    """Whether no plugin runs while pages are read."""
    return not any(config.plugins.events.get(event) for event in READING_EVENTS)


def writable(config: Any) -> bool:
    """Whether the only plugin that runs while pages are written is the theme's search (which
    keeps its entries where `mkdocs_internals.search_entries` finds them)."""
    return all(
        getattr(getattr(method, "__self__", None), "search_index", None) is not None
        for event in WRITING_EVENTS
        for method in config.plugins.events.get(event, [])
    )


class _Split:
    """One step shared out over forked workers (`rulesref.support.forked`): what each sends
    back for a page is (its path, what the step made, what it logged) as plain data, its
    files by path, or nothing when it holds anything else (`mkdocs_kept.sendable` and
    `received`: the build then does that page itself); the build logs what a worker logged
    when it takes the page."""

    def __init__(self, shared: Shared[Any, Any], order: dict[str, int]) -> None:
        self.shared = shared
        self.order = order

    @classmethod
    def start(cls, work: Work, kept_module: Any, files: Any, processes: int, pages: list[Any]) -> _Split | None:
        """Workers doing `work` for `pages` (those left to read or write), or None when they
        are too few to share."""
        shared = Shared.start(_recorded(work, kept_module), pages, processes, kept_module.sendable, lambda sent: kept_module.received(sent, files))
        return cls(shared, {file.src_uri: index for index, file in enumerate(pages)}) if shared is not None else None

    def take(self, page: Any) -> tuple[bool, Any]:
        """(True, what a worker made of `page`, its log records logged), or (False, None) when
        the page is the build's own or its worker failed."""
        index = self.order.get(page.file.src_uri)
        taken, sent = self.shared.take(index) if index is not None else (False, None)
        if not taken or sent is None or sent[0] != page.file.src_uri:
            return False, None
        for record in sent[2]:
            logging.getLogger(record.name).handle(record)
        return True, sent[1]


def _recorded(work: Work, kept_module: Any) -> Work:
    """`work` as a worker does it: (the page's path, what the work made, the records it logged)."""
    records: list[logging.LogRecord] = []

    def keep(logger: logging.Logger, record: logging.LogRecord) -> None:
        records.append(kept_module.plain(record))  # (its arguments may be of any kind)

    def done(file: Any) -> tuple[str, Any, list[logging.LogRecord]]:
        logging.Logger.handle = keep  # type: ignore[method-assign,assignment]  # (only ever run in a worker)
        records.clear()
        return file.src_uri, work(file), list(records)

    return done
