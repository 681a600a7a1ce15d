"""Every name of MkDocs' own that is not its public API, in one place, for the versions it
was written against (`SUPPORTED`): a MkDocs outside them is refused with a clear message
(`check_version`) rather than left to misbehave.

MkDocs' public API is its command line, its config and its plugin events. rulesref stays
within them where they serve: `rulesref build` runs MkDocs' command line (no plugin of ours:
the same docs folder must build with Zensical, which has no plugin API). Three things need
more, and each is here with why:

- `serve` builds pages one at a time and again after a save (`rulesref.site.live`). MkDocs
  builds a site only whole (`mkdocs.commands.build.build`); what that function does before
  its first page is copied here, step for step (`build_prelude`; pages not written yet are
  listed where MkDocs' walk of the docs folder, with its `_file_sort_key`, would list them:
  `docs_files`), and its page steps `_populate_page`
  (read a page: Markdown to HTML) and `_build_page` (write it through the theme), and
  `_build_theme_template` (the sitemap, which lists every page), are what that function runs
  for each page, and there is no public way to run them for one page.
- `serve` answers a page before the first build has reached it and shows a save's first
  pages before its last: the live-reload server's request handler (`_serve_request`) and the
  epochs it serves pages at (`_epoch_cond`, `_visible_epoch`, `_wanted_epoch`) have no public
  counterpart. Nor has the wait after a file event for the next before a rebuild
  (`build_delay`, 0.1 s, set in the server's constructor), which `serve` shortens.
- `rulesref build`'s MkDocs child finds the ids of a page's raw HTML without parsing every
  tag of it (`replace_raw_html_ids`): MkDocs' `_RawHTMLPreprocessor` has no public switch.
  It also links the docs folder's other files into the site rather than copying them
  (`link_static_files`): MkDocs copies each with `mkdocs.utils.copy_file`.
- `rulesref build`'s MkDocs child reads pages on every core and takes unchanged pages from
  the last build (`rulesref.site.mkdocs_split`), and counts pages on a terminal
  (`rulesref.site.mkdocs_runner`): both wrap the two page steps,
  which the build looks up by name in `mkdocs.commands.build` for every page. The plugin
  events around them (`on_page_markdown`...) would make a plugin of ours, which the split
  must not be (a plugin's state would not survive a fork). A page taken from the last build
  gives the search index what it gave then: the theme's search plugin keeps the entries in
  `search_index.entries` (`search_entries`). `serve` takes a rebuilt page's old entries out
  of the same list.

This module imports nothing of rulesref: the MkDocs child loads it by its path.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import mkdocs
from mkdocs.commands import build as _build
from mkdocs.livereload import LiveReloadServer

SUPPORTED = ("1.6.0", "1.6.1")  # pinned in pyproject.toml as mkdocs>=1.6,<1.7

PageStep = Callable[..., Any]


class UnsupportedMkDocs(RuntimeError):
    """The installed MkDocs is not one this module was written for."""


def check_version(version: str | None = None) -> None:
    """Refuse a MkDocs this module was not written for (default: the installed one)."""
    found = version or mkdocs.__version__
    if found not in SUPPORTED:
        raise UnsupportedMkDocs(
            f"MkDocs {found} is installed, but rulesref's site needs MkDocs {' or '.join(SUPPORTED)} "
            "(it runs MkDocs' page steps itself); install the versions of constraints.txt"
        )


def build_prelude(config: Any, unwritten: Collection[str] = ()) -> tuple[Any, Any, Any, Any]:
    """What `mkdocs.commands.build.build` does before it reads the first page, as it does it
    for `mkdocs serve`: plugins' config and pre-build events, the site folder cleaned, the
    files (`docs_files`), the nav and the theme's environment, each page's object, and the
    static files copied. The config as the plugins left it, the files, the nav and the environment."""
    from mkdocs import utils
    from mkdocs.structure.files import InclusionLevel, set_exclusions
    from mkdocs.structure.nav import get_navigation
    from mkdocs.structure.pages import Page

    config = config.plugins.on_config(config)
    config.plugins.on_pre_build(config=config)
    utils.clean_directory(config.site_dir)
    files = docs_files(config, unwritten)
    env = config.theme.get_env()
    files.add_files_from_theme(env, config)
    files = config.plugins.on_files(files, config=config)
    set_exclusions(files, config)
    nav = get_navigation(files, config)
    nav = config.plugins.on_nav(nav, config=config, files=files)
    for file in files.documentation_pages(inclusion=InclusionLevel.is_in_serve):
        if file.page is None:
            Page(None, file, config)
    env = config.plugins.on_env(env, config=config, files=files)
    files.copy_static_files(inclusion=InclusionLevel.is_in_serve)
    return config, files, nav, env


def docs_files(config: Any, unwritten: Collection[str] = ()) -> Any:
    """MkDocs' files of the docs folder (`get_files`), and the pages `unwritten` (paths in
    the docs folder of pages not on disk yet, each written before it is read), in the order
    MkDocs' walk of the folder (`_file_sort_key` in each folder, a folder's files before its
    folders) would list them once written: a whole build lists them so, and the sitemap
    follows that order."""
    from mkdocs.structure.files import File, Files, _file_sort_key, get_files, set_exclusions

    files = get_files(config)
    listed = {file.src_uri for file in files}
    added = [File(rel, config.docs_dir, config.site_dir, config.use_directory_urls) for rel in unwritten if rel not in listed]
    if not added:
        return files
    set_exclusions(added, config)

    def walked(file: Any) -> tuple[tuple[object, ...], ...]:
        *folders, name = file.src_uri.split("/")
        return (*((1, folder) for folder in folders), (0, *_file_sort_key(name)))

    return Files(sorted([*files, *added], key=walked))


def populate_page(page: Any, config: Any, files: Any) -> None:
    """Read one page: its Markdown, converted to HTML, with its table of contents."""
    _build._populate_page(page, config, files)


def build_page(page: Any, config: Any, doc_files: Any, nav: Any, env: Any, *, excluded: bool) -> None:
    """Write one page through the theme's template."""
    _build._build_page(page, config, doc_files, nav, env, excluded=excluded)


def build_theme_template(name: str, env: Any, files: Any, config: Any, nav: Any) -> None:
    """Write one of the theme's own files that lists every page (the sitemap, 404)."""
    _build._build_theme_template(name, env, files, config, nav)


def page_steps() -> tuple[PageStep, PageStep]:
    """The build's two page steps as it will call them (reading, writing)."""
    return _build._populate_page, _build._build_page


def replace_page_steps(populate: PageStep | None = None, build: PageStep | None = None) -> None:
    """Make the next build of this process call these page steps instead (each wraps what
    `page_steps` gave: the build looks them up by name for every page)."""
    if populate is not None:
        _build._populate_page = populate
    if build is not None:
        _build._build_page = build


def replace_raw_html_ids(find: Callable[[str], set[str]]) -> None:
    """Make MkDocs find the ids of a page's raw HTML with `find` (`mkdocs_anchors.present_ids`)
    instead of its `_RawHTMLPreprocessor`'s parse of every tag of the page."""
    from mkdocs.structure import pages

    def run(self: Any, lines: list[str]) -> list[str]:
        self.present_anchor_ids = find("\n".join(lines))
        return lines

    pages._RawHTMLPreprocessor.run = run  # type: ignore[method-assign]


def link_static_files() -> None:
    """Make the next build of this process put each file of its docs folder that is not a
    page (the JSON API, the scripts, the generated modules: thousands on a big import) into
    the site as a hard link to the docs folder's, where both are on one file system, instead
    of a copy of its bytes, which cost seconds of the build's one busy core. The build's
    docs folder and site are written whole and swapped in, never changed in place, and
    `serve` writes its docs by renaming new files over the old, so the two never differ.
    Still copied: the theme's own files (a link into the installed theme could be edited
    through the site), an HTML file (the CSP step rewrites the site's HTML in place,
    `rulesref.site.csp`), and anything a link cannot be made for. The docs folder is the
    one the build reads its files from (`get_files`, which the build looks up by name)."""
    import os
    import shutil

    from mkdocs import utils

    copy = utils.copy_file
    read = _build.get_files  # type: ignore[attr-defined]
    docs: list[str] = []

    def get_files(config: Any) -> Any:
        docs[:] = [os.path.join(os.path.abspath(config.docs_dir), "")]
        return read(config)

    def link_file(source_path: str, output_path: str) -> None:
        if not docs or not os.path.abspath(source_path).startswith(docs[0]) or source_path.endswith((".html", ".htm")) or os.path.isdir(output_path):
            copy(source_path, output_path)
            return
        os.makedirs(os.path.dirname(output_path), exist_ok=True)
        try:
            if os.path.lexists(output_path):
                os.unlink(output_path)
            os.link(source_path, output_path)
        except OSError:  # another file system, or one without links
            shutil.copyfile(source_path, output_path)

    _build.get_files = get_files  # type: ignore[attr-defined]
    utils.copy_file = link_file


def search_entries(config: Any) -> list[dict[str, Any]] | None:
    """The entries the theme's search plugin has collected so far in this build (each page's
    sections, added as the page is written), or None without that plugin. A build that takes
    a page's written HTML from the last build (`rulesref.site.mkdocs_split`) adds the entries
    the page gave then: Material keeps them in `search_index.entries`, which no event hands out."""
    for method in config.plugins.events.get("page_context", []):
        plugin = getattr(method, "__self__", None)
        index = getattr(plugin, "search_index", None)
        entries = getattr(index, "entries", None)
        if isinstance(entries, list):
            return entries
    return None


class Server(LiveReloadServer):
    """MkDocs' live-reload server, able to build a page before it answers a request for it
    (`ensure`) and to show a rebuild's first pages before its last (`publish`)."""

    ensure: Callable[[str], None] = staticmethod(lambda path: None)

    def _serve_request(self, environ: dict[str, Any], start_response: Any) -> Any:
        path = str(environ.get("PATH_INFO", "")).encode("latin-1").decode("utf-8", "ignore")
        mount: str = self.mount_path
        if (path + "/").startswith(mount):
            self.ensure(path[len(mount) :] + ("index.html" if path.endswith("/") else ""))
        return super()._serve_request(environ, start_response)

    def settle(self, seconds: float) -> None:
        """Wait `seconds` after a file event for the next before rebuilding."""
        self.build_delay = seconds

    def publish(self) -> None:
        """Serve what is built so far and reload open pages, while the rebuild goes on (the
        rebuild's end reloads them again), with the epochs the server's rebuild loop keeps."""
        with self._epoch_cond:
            if self._visible_epoch == self._wanted_epoch:  # this rebuild was published already
                self._wanted_epoch += 1
            self._visible_epoch = self._wanted_epoch
            self._epoch_cond.notify_all()
