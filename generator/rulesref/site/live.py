"""The live preview's site: MkDocs run inside the `serve` process, kept between saves, so a
save rebuilds only the pages whose docs files changed.

`mkdocs serve --dirty` reloads its config and theme, walks every docs file and rebuilds the
search index on every save (seconds at a thousand pages). Here MkDocs builds the whole site
once and its state stays in memory: the files, the nav, the theme's template environment and
every page. A save hands over the docs files it rewrote (`rulesref.site.serve` rewrites
exactly the files whose bytes changed: the saved entry's page and every page whose links,
backlinks, previews or indexes show it), and only those are read and rendered again, with
their search entries replaced. Files added or removed are taken in the same way (the
sitemap is rebuilt with them); only a changed nav or `mkdocs.yml` rebuilds everything.

The first build of a big site takes a minute, so `serve` does not wait for it (`start`):
MkDocs' config, files, nav and theme are set up, the pages a player opens first (`first`:
the home page) are built, and the server starts; the other pages are built in the
background (`order`: the index pages first), and a page asked for before its turn is built
at once, so every address answers within a page's build. The search index and the sitemap
are written when the last page is. A save does not wait for the first build: while it is
made, the background build pauses between pages (`priority`); its pages are built at once
and marked built, and a page the background has not reached is built from the docs file as
the save left it. Closing stops the background build at the next page (`close`). The docs
files `serve` put off (the entries' own pages, the forms' scripts: `rulesref.site.session`)
are written just before the first build builds them or a request asks for them
(`write_docs`), what is left at the first build's end, and all of them before the site is
built whole.

This uses MkDocs' own page steps, so pages come out as `mkdocs build` makes them; they and
the server's innards are MkDocs' private names, which only `rulesref.site.mkdocs_internals`
uses. `rulesref build` still runs MkDocs through its command line only; both read pages with the
same shortcuts (`mkdocs_anchors`, `mkdocs_raw_blocks`), which give the same HTML.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from rulesref.paths import NAV_FILE
from rulesref.site import mkdocs_anchors, mkdocs_raw_blocks
from rulesref.site.mkdocs_internals import (
    build_page,
    build_prelude,
    build_theme_template,
    check_version,
    docs_files,
    populate_page,
    replace_raw_html_ids,
    search_entries,
)

FIRST_BUILD = "rulesref-first-build"  # the thread that builds the pages of the first build in the background


@dataclass(frozen=True)
class Rebuilt:
    """What one update did: how many pages it rendered again, or whether it built everything."""

    pages: int
    whole: bool


def _read_plainly() -> None:
    """Read pages as `rulesref build`'s MkDocs child reads them: the ids of their raw HTML,
    and where its blocks end, found by regular expressions (the same HTML comes out)."""
    replace_raw_html_ids(mkdocs_anchors.present_ids)
    mkdocs_raw_blocks.install()


class LiveSite:
    """One MkDocs site in memory and on disk (`site_dir`), updated file by file."""

    def __init__(self, config_file: Path, site_dir: Path, site_url: str) -> None:
        self.config_file = config_file
        self.site_dir = site_dir
        self.site_url = site_url
        self._state: _State | None = None
        self._rest: threading.Thread | None = None
        self._priority = _Waiting()
        self._stop = threading.Event()
        self._write_all: Callable[[], Collection[str]] | None = None  # (`start`)

    def start(
        self,
        first: Collection[str],
        finished: Callable[[int, float], None] | None = None,
        order: Callable[[str], object] | None = None,
        *,
        pace: Callable[[Callable[[Sequence[File]], bool], Sequence[File]], bool] | None = None,
        write_docs: Callable[[str], Collection[str]] | None = None,
        write_all: Callable[[], Collection[str]] | None = None,
        unwritten: Callable[[], Collection[str]] = tuple,
    ) -> Rebuilt:
        """The first build, in two parts: set MkDocs up and build the docs pages `first`
        (relative paths) now; build every other page in a background thread (sorted by
        `order` of their paths, stably), then write the search index and the sitemap, and
        call `finished` (pages built, seconds). `pace`: how the background part goes through
        its pages, given what builds pages (False: stopped) and the pages in order; by
        default all in one call (a test holds it partway). `write_docs`: called with a docs
        file's path before the first build builds it, or serves it when asked for; `serve`
        writes then the docs files it put off (the page, its JSON file), which it returns;
        `write_all` writes all those left (the files it returns: the forms' scripts, say, that
        no page needs to be built), at the end of the first build and before the site is
        built whole (`build_all`).
        `unwritten`: the docs pages put off that are not on disk yet, which MkDocs lists all
        the same (`mkdocs_internals.docs_files`)."""
        check_version()
        _read_plainly()
        started = time.perf_counter()
        config = load_config(str(self.config_file), site_dir=str(self.site_dir))
        config.site_url = self.site_url
        config.plugins.on_startup(command="serve", dirty=False)
        state = _State.set_up(config, os.stat(self.config_file).st_mtime_ns, self._priority, self._stop, unwritten)
        state.write_docs = write_docs
        self._write_all = write_all
        pages = state.files.documentation_pages(inclusion=InclusionLevel.is_in_serve)
        state.build_pages([file for file in pages if file.src_uri in first])
        self._state = state
        queue = sorted(pages, key=lambda file: order(file.src_uri)) if order is not None else pages  # type: ignore[arg-type,return-value]

        def rest() -> None:
            if not (pace or _at_once)(state.build_pages, queue):
                return  # stopped: closing, or the site is being built whole
            if write_all is not None:
                state.take(write_all())
            state.finish()
            if finished is not None:
                finished(len(pages), time.perf_counter() - started)

        self._rest = threading.Thread(target=rest, name=FIRST_BUILD, daemon=True)
        self._rest.start()
        return Rebuilt(len(first), whole=True)

    def ensure(self, output: str) -> None:
        """Build the page written at `output` (a path in the site) now, if it is not yet."""
        state = self._state
        if state is not None and self.building():
            with self._priority:
                state.build_output(output)

    def building(self) -> bool:
        """Whether the first build's background part is still running."""
        return self._rest is not None and self._rest.is_alive()

    def priority(self) -> _Waiting:
        """A context during which the first build waits between pages (a save's, a request's)."""
        return self._priority

    def wait(self) -> None:
        """Until the first build's background part has ended."""
        if self._rest is not None:
            self._rest.join()

    def _halt(self) -> None:
        """Stop the first build's background part at its next page, and wait for it."""
        self._stop.set()
        self.wait()
        self._stop.clear()

    def build_all(self) -> Rebuilt:
        """Load the config and build every page (the first build, and the fallback)."""
        check_version()
        _read_plainly()
        self._halt()
        if self._write_all is not None:  # MkDocs reads every docs file: none may be a stand-in
            self._write_all()
        if self._state is not None:
            self._state.config.plugins.on_shutdown()
        config = load_config(str(self.config_file), site_dir=str(self.site_dir))
        config.site_url = self.site_url
        kept = _Keeper()
        config.plugins["rulesref/live"] = kept
        config.plugins.on_startup(command="serve", dirty=False)
        build(config, serve_url=self.site_url)
        assert kept.files is not None and kept.nav is not None and kept.env is not None
        self._state = _State(config, kept.files, kept.nav, kept.env, os.stat(self.config_file).st_mtime_ns, self._priority, self._stop, complete=True)
        return Rebuilt(len(kept.files.documentation_pages()), whole=True)

    def show(self, changed: Collection[str], publish: Callable[[], None]) -> int:
        """Build the docs pages `changed` (relative paths, pages already in the site: the
        saved entries' own, written before a save has rendered the rest) and `publish` them;
        the `update` that follows, told they were `shown`, builds the rest and the search
        index. How many pages were built: none when the site is to be built whole anyway."""
        state = self._by_page(changed)
        if state is None:
            return 0
        with state.lock:
            pages = [file for rel in changed if (file := state.files.get_file_from_path(rel)) is not None and file.is_documentation_page()]
            if pages:
                state.rebuild(pages, last=False)
        if pages:
            publish()
        return len(pages)

    def update(self, changed: Collection[str], first: Collection[str] = (), publish: Callable[[], None] | None = None, shown: int = 0) -> Rebuilt:
        """Bring the site up to date after the docs files `changed` (relative paths) were
        written or removed; page by page unless the nav or the config changed. The pages in
        `first` (the saved entries' own) are built before the others, and `publish` is called
        between the two, so the page being edited shows its edit without waiting for every
        page that lists or previews it. `shown`: the pages `show` built ahead of this update
        (whose search entries this update writes out)."""
        state = self._by_page(changed)
        if state is None:
            return self.build_all()
        with state.lock:
            return self._update(state, changed, first, publish, shown)

    def _update(self, state: _State, changed: Collection[str], first: Collection[str], publish: Callable[[], None] | None, shown: int) -> Rebuilt:
        rels = [rel for rel in changed if not (rel.startswith(".") or "/." in rel)]  # MkDocs leaves dotfiles out
        docs = Path(state.config.docs_dir)
        gone = [rel for rel in rels if not (docs / rel).is_file()]
        added = [rel for rel in rels if state.files.get_file_from_path(rel) is None and rel not in gone]
        if gone or added:
            state.refile(gone)
        files = [file for rel in rels if rel not in gone and (file := state.files.get_file_from_path(rel)) is not None]
        others = [file for file in files if not file.is_documentation_page()]
        for file in others:
            file.copy_file()
        pages = [file for file in files if file.is_documentation_page()]
        early = [file for file in pages if file.src_uri in first]
        late = [file for file in pages if file.src_uri not in first]
        if early and late and publish is not None:
            state.rebuild(early, last=False)
            publish()
            pages = late
        if pages or gone or shown:
            state.rebuild(pages, listing=bool(gone or added))
        return Rebuilt(shown + len(early) + len(late), whole=False)

    def _by_page(self, changed: Collection[str]) -> _State | None:
        """The site's state, to be updated page by page after `changed` (the first build may
        still run: see the module's docstring); None when the site must be built whole
        (nothing built yet, the nav or `mkdocs.yml` changed)."""
        state = self._state
        if state is None or NAV_FILE in changed or os.stat(self.config_file).st_mtime_ns != state.config_mtime:
            return None
        return state

    def close(self) -> None:
        """Stop the first build (at its next page) and shut MkDocs' plugins down."""
        self._halt()
        if self._state is not None:
            self._state.config.plugins.on_shutdown()
            self._state = None


class _Keeper(BasePlugin):  # type: ignore[type-arg,no-untyped-call]
    """Keeps what a whole build makes and a page rebuild needs (MkDocs hands it to plugins)."""

    files: Files | None = None
    nav: Navigation | None = None
    env: jinja2.Environment | None = None

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation:
        self.nav = nav
        return nav

    def on_env(self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files) -> jinja2.Environment:
        self.files, self.env = files, env
        return env


class _Waiting:
    """How many threads want the first build to wait between pages (a context, counted)."""

    def __init__(self) -> None:
        self._count = 0
        self._lock = threading.Lock()

    def __enter__(self) -> None:
        with self._lock:
            self._count += 1

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._count -= 1

    def __bool__(self) -> bool:
        return self._count > 0


def _at_once(build_pages: Callable[[Sequence[File]], bool], pages: Sequence[File]) -> bool:
    return build_pages(pages)


@dataclass
class _State:
    config: MkDocsConfig
    files: Files
    nav: Navigation
    env: jinja2.Environment
    config_mtime: int
    waiting: _Waiting  # saves and requests: the background build lets them go first
    stop: threading.Event  # the background build stops at its next page
    complete: bool = False  # whether the first build has ended (the search index and sitemap written)
    built: set[str] = field(default_factory=set)  # src_uri of the pages the first build (or a save) has built
    lock: threading.Lock = field(default_factory=threading.Lock)
    outputs: dict[str, File] = field(default_factory=dict)  # docs pages by output path, for `build_output`
    outputs_of: Files | None = None  # the files `outputs` lists
    write_docs: Callable[[str], Collection[str]] | None = None  # writes a docs file put off, before its first build (`start`)
    unwritten: Callable[[], Collection[str]] = tuple  # the docs pages put off and not on disk yet (`start`)

    @classmethod
    def set_up(cls, config: MkDocsConfig, config_mtime: int, waiting: _Waiting, stop: threading.Event, unwritten: Callable[[], Collection[str]] = tuple) -> _State:
        """MkDocs' build up to its first page (`mkdocs_internals.build_prelude`)."""
        config, files, nav, env = build_prelude(config, unwritten())
        return cls(config, files, nav, env, config_mtime, waiting, stop, unwritten=unwritten)

    def build_pages(self, pages: Iterable[File]) -> bool:
        """Read and write each page the first build has not built yet, one at a time (a
        request or a save may come in between); a page a save removed is left out. False
        when told to stop first."""
        background = threading.current_thread().name == FIRST_BUILD
        listed: Files | None = None
        doc_files: Sequence[File] = ()
        for file in pages:
            while background and self.waiting and not self.stop.is_set():
                time.sleep(0.005)  # a lock is not fair: without this, the next page would take it first
            if background and self.stop.is_set():
                return False
            written = self.write_docs(file.src_uri) if self.write_docs is not None and file.src_uri not in self.built else ()
            with self.lock:
                self._copy(written)
                if file.src_uri in self.built or file.page is None or self.files.get_file_from_path(file.src_uri) is not file:
                    continue
                if listed is not self.files:  # (a save may have added or removed files)
                    listed, doc_files = self.files, self.files.documentation_pages(inclusion=InclusionLevel.is_in_serve)
                populate_page(file.page, self.config, self.files)
                excluded: bool = file.inclusion.is_excluded()  # type: ignore[no-untyped-call]
                build_page(file.page, self.config, doc_files, self.nav, self.env, excluded=excluded)
                self.built.add(file.src_uri)
        return True

    def build_output(self, output: str) -> None:
        """Build the page whose output is `output` (`w40k7/fear/index.html`), if it is one."""
        files = self.files
        if self.outputs_of is not files:
            self.outputs, self.outputs_of = {f.dest_uri: f for f in files.documentation_pages()}, files
        file = self.outputs.get(output)
        if file is not None and file.src_uri not in self.built:
            self.build_pages([file])
        elif file is None and self.write_docs is not None:  # a JSON file put off, say
            self.take(self.write_docs(output))

    def take(self, written: Collection[str]) -> None:
        """Take into the site the docs files just `written` (`_copy`), between two pages."""
        with self.lock:
            self._copy(written)

    def _copy(self, written: Collection[str]) -> None:
        """Copy into the site the docs files just `written` that are no pages (a page's JSON
        file, written with it), each taken into MkDocs' files if it is new there."""
        config = self.config
        for rel in written:
            other = self.files.get_file_from_path(rel)
            if other is None:
                other = File(rel, config.docs_dir, config.site_dir, config.use_directory_urls)
                if other.is_documentation_page():
                    continue
                self.files.append(other)
            if not other.is_documentation_page():
                other.copy_file()

    def finish(self) -> None:
        """The end of the first build: the theme's files that list every page (the sitemap)
        and the plugins' post-build events (the search index)."""
        with self.lock:
            for template in self.config.theme.static_templates:
                build_theme_template(template, self.env, self.files, self.config, self.nav)
            self.config.plugins.on_post_build(config=self.config)
            self.complete = True

    def refile(self, gone: list[str]) -> None:
        """Take in the docs files added and drop the ones `gone` (their output and search
        entries too). The collection is listed again from the docs folder (with the pages
        not written yet), in the order a whole build lists it, keeping the File (and Page)
        objects of files it already had."""
        old = self.files
        removed = [file for rel in gone if (file := old.get_file_from_path(rel)) is not None]
        self._drop_search_entries(removed)
        for file in removed:
            output = Path(file.abs_dest_path)
            output.unlink(missing_ok=True)
            if file.is_documentation_page() and output.parent != Path(self.config.site_dir) and output.parent.is_dir() and not any(output.parent.iterdir()):
                output.parent.rmdir()
        listed = [old.get_file_from_path(file.src_uri) or file for file in docs_files(self.config, self.unwritten())]
        docs = {file.src_uri for file in listed}
        theme = [file for file in old if file.src_uri not in docs and file.src_dir != self.config.docs_dir]
        self.files = Files(listed + theme)

    def rebuild(self, pages: list[File], *, listing: bool = False, last: bool = True) -> None:
        """Read, render and write `pages` again, replacing their search entries; with
        `listing`, also the theme's files that list every page (the sitemap). The search
        index is written by the `last` rebuild of an update. (While the first build runs,
        the pages count as built, and the files that list every page wait for its end.)"""
        config, files = self.config, self.files
        self._drop_search_entries(pages)
        built = [(file, file.page if file.page is not None else Page(None, file, config)) for file in pages]
        for _, page in built:
            populate_page(page, config, files)
        doc_files = files.documentation_pages()
        if listing and self.complete:
            for template in config.theme.static_templates:
                build_theme_template(template, self.env, files, config, self.nav)
        for file, page in built:
            excluded: bool = file.inclusion.is_excluded()  # type: ignore[no-untyped-call]
            build_page(page, config, doc_files, self.nav, self.env, excluded=excluded)
            self.built.add(file.src_uri)
        if last and self.complete:
            config.plugins.on_post_build(config=config)  # writes the search index (and whatever else plugins write)

    def _drop_search_entries(self, files: list[File]) -> None:
        urls = {file.page.url for file in files if file.page is not None}  # as search entries give them ("" for the home page)
        entries = search_entries(self.config)
        if entries is not None:
            entries[:] = [entry for entry in entries if _page_of(entry.get("location", "")) not in urls]


def _page_of(location: str) -> str:
    """The page URL of a search entry's location (`w40k7/fear/#roll`)."""
    return location.split("#", 1)[0]
