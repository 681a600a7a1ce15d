"""The whole generated docs folder, in memory: pages, nav, JSON API and static assets.

Nothing is written here; `rulesref.site` decides how the files reach the disk (all at
once for a build, changed files only for `serve`).

A long-lived process renders only what changed, and nothing here lists what a file is made
from: a page is kept with the answers it read (`rulesref.incremental.reads`), and a file
made by a pure function (the nav, the JSON indexes, the names file, the checks' modules) is
kept by that function's arguments (`rulesref.incremental.memo.call`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import partial
from importlib import resources

from rulesref import paths
from rulesref.build import Build
from rulesref.emit import js_package
from rulesref.emit.api import api_files, entry_file
from rulesref.emit.js_module import served, served_module
from rulesref.history.changes import NO_HISTORY, History
from rulesref.incremental.memo import FRESH, Get, Memo, call, fresh
from rulesref.logic.compiled import CompiledEntry
from rulesref.model import Entry
from rulesref.pages import changes, roster, try_it, versus_forms
from rulesref.pages.app import app_files
from rulesref.pages.findable import NAMES_FILE, findable, names_file
from rulesref.pages.kinds import KINDS
from rulesref.pages.kinds.entry import entry_page
from rulesref.pages.nav import nav_file
from rulesref.pages.writer import Pages
from rulesref.support.forked import Shared
from rulesref.support.schemas import schema_dir
from rulesref.views.checks import CheckView, check_views
from rulesref.views.relations import relations

SCRIPT_FOLDERS: tuple[str, ...] = (versus_forms.TARGETS, roster.DATA, try_it.MODULES)  # the forms' scripts: the played units', the roster page's data, the generated modules
RENDERED, RELATIONS, PLAYED, ROSTER = "rendered", "relations", "played", "roster"  # the memo's stages: docs files and intermediate values; facts across entries; the Versus forms of imported units; their records on the roster page


def _run(job: Callable[[], dict[str, bytes]]) -> dict[str, bytes]:
    return job()


def asset_files() -> dict[str, bytes]:
    """The site's own CSS, JavaScript, favicon and icons, from `generator/rulesref/templates/site/assets/`."""
    folder = resources.files("rulesref").joinpath("templates", "site", "assets")
    files = {}
    for sub, suffixes in (("", (".css", ".js", ".svg")), ("icons", (".svg",))):
        where = folder.joinpath(sub) if sub else folder
        for item in sorted(where.iterdir(), key=lambda i: i.name):
            if item.is_file() and item.name.endswith(suffixes):
                data = item.read_bytes()
                rel = "/".join(x for x in (paths.ASSETS, sub, item.name) if x)
                if rel in paths.MODULE_SCRIPTS:  # served, and for the offline copy as a classic script too
                    files.update({path: text.encode("utf-8") for path, text in served_module(data.decode("utf-8"), rel).items()})
                    continue
                if item.name.endswith(".js"):  # served without the comments and indentation
                    data = served(data.decode("utf-8"), item.name).encode("utf-8")
                files[rel] = data
    return files


def schema_files() -> dict[str, bytes]:
    """The JSON Schemas, published at `schemas/<file>`: the URLs their `$id`s name, so that
    editors can fetch them (the `yaml.schemas` setting or a modeline)."""
    return {f"{paths.SCHEMAS}/{path.name}": path.read_bytes() for path in sorted(schema_dir().glob("*.schema.json"))}


def all_checks(build: Build, get: Get = fresh) -> dict[str, tuple[CheckView, ...]]:
    return {key: call(get, f"checks:{key}", check_views, compiled, build.settings) for key, compiled in build.compiled.items()}


def _forms(compiled: CompiledEntry, views: tuple[CheckView, ...], names: dict[str, str], page: str | None = None) -> dict[str, str]:
    return try_it.placeholders(compiled.entry, compiled.plans, views, names, page)


@dataclass
class PutOff:
    """The entries' own pages and the forms' scripts a run leaves unmade (`docs_files`), so
    that `serve` starts without most of its rendering: what lists or links an entry needs
    only its page's path, and the scripts are read only by a page's forms, which name them.
    `wanted` says which (by the page's path, or the scripts' folder: `SCRIPT_FOLDERS`); the
    run lists the pages in `pages` (each with the docs files it would make: the page and its
    JSON file) and the folders in `folders` (whose files are known once made), and leaves in
    `render` how to make one of them later (the files of a page, or all a folder holds),
    exactly as the run would have (from the same build and memo)."""

    wanted: Callable[[str], bool]
    pages: dict[str, tuple[str, ...]] = field(default_factory=dict)
    folders: tuple[str, ...] = ()
    render: Callable[[str], dict[str, bytes]] | None = None


def docs_files(
    build: Build,
    memo: Memo = FRESH,
    history: History = NO_HISTORY,
    first: Collection[str] = (),
    show_first: Callable[[dict[str, bytes]], None] | None = None,
    processes: int = 1,
    put_off: PutOff | None = None,
    notes: dict[str, str] | None = None,
) -> dict[str, bytes]:
    """Every file of the docs folder by relative path, from a build without errors and the
    content's `history` (`rulesref.history.changes.read_history`). With a long-lived
    process's `memo` (`serve`), only files whose inputs changed are rendered. The entry pages
    in `first` (a save's edited entries') are rendered before any other page and handed to
    `show_first` with their JSON files and the nav, so `serve` can show them without waiting
    for every page that lists or previews them. A run that keeps nothing (`build`) renders the entries'
    pages, the roster page's data and the generated modules in `processes` processes
    (`rulesref.support.forked`): each depends on the build alone, so it comes out as this
    process would make it. The entries' pages and the folders of scripts `put_off` wants
    are left out (`PutOff`), but for the pages in `first`; a page made then makes only its
    own unit's Versus forms (`versus_forms.Played`). `notes`: on a locale's site,
    each entry's note that its page shows words in the source's language."""
    assert build.ok, "pages are written from valid content only"
    get = memo.stage(RENDERED)
    content = build.content
    facts = relations(content, build.links, memo.stage(RELATIONS))
    checks = all_checks(build, get)
    forms, roster_forms = {}, {}
    rosters = any(roster.imported(e) for e in content.entries)  # then the roster page (`roster_systems`) is made, with the forms too
    for key, compiled in build.compiled.items():
        names = try_it.choice_names(compiled.entry, compiled.plans, content)  # a rename of such an entry renames the choice
        forms[key] = call(get, f"form:{key}", _forms, compiled, checks[key], names)
        if rosters:
            roster_forms[key] = call(get, f"roster-form:{key}", _forms, compiled, checks[key], names, roster.PAGE)
    played = versus_forms.Played(build, checks, roster.PAGE if rosters else None, get=memo.stage(PLAYED))  # imported units' Versus forms, their targets, the roster page's
    site = Pages(content, facts, checks, build.files.roots, build.settings, forms, memo, roster_forms, history, played, notes, build.translations)

    def roster_data() -> dict[str, bytes]:
        return roster.roster_data(site, site.reads.page, memo.stage(ROSTER))

    def modules() -> dict[str, bytes]:  # the generated JavaScript modules the "Try it" forms run (declarations are for programmers)
        return {f"{try_it.MODULES}/{path}": data for path, data in js_package.package_files(build, get, twins=True).items() if path.endswith(".js")}

    # the scripts the forms read, by the folder each fills (`PutOff`)
    scripts: dict[str, Callable[[], dict[str, bytes]]] = dict(zip(SCRIPT_FOLDERS, (lambda: played.files().files, roster_data, modules), strict=True))
    scripts_later = {folder: make for folder, make in scripts.items() if put_off is not None and put_off.wanted(folder)}
    scripts_now = {folder: make for folder, make in scripts.items() if folder not in scripts_later}

    def page(name: str, make: Callable[[], str]) -> bytes:
        # kept as bytes: an unchanged page is then the very object of the last save, which
        # `serve` tells apart from a changed one without comparing contents
        return site.reads.page(name, lambda: make().encode("utf-8"))

    def entry_files(entry: Entry, into: dict[str, bytes]) -> None:
        name = paths.entry_page(entry)
        owner = site.system_of(entry.system)
        if owner is None:  # (validation refuses an entry without a system)
            into[name] = page(name, lambda k=entry.key: entry_page(site, k))  # type: ignore[misc]
            return

        def both(key: str = entry.key, system_id: str = entry.system) -> tuple[bytes, bytes]:
            # the page and its JSON file, made together: what either reads is recorded once
            entry = site.entry_of(key)
            owner = site.system_of(system_id)
            assert entry is not None and owner is not None
            return entry_page(site, key).encode("utf-8"), entry_file(site, entry, owner)

        into[name], into[paths.api_entry(entry)] = site.reads.page(f"{name} and its JSON", both)

    nav = call(get, paths.NAV_FILE, lambda s, r, c: nav_file(s, r, c).encode("utf-8"), content.systems, rosters, bool(history.releases))
    shown: dict[str, bytes] = {paths.NAV_FILE: nav}  # (with the nav: a page shown ahead of the others shows the nav too)
    early = [entry for entry in content.entries if paths.entry_page(entry) in first] if show_first is not None else []
    for entry in early:
        entry_files(entry, shown)
    if early and show_first is not None:
        show_first(shown)
    done = {entry.key for entry in early}

    def entry_only(entry: Entry) -> dict[str, bytes]:
        made: dict[str, bytes] = {}
        entry_files(entry, made)
        return made

    if put_off is not None:
        example = site.api_example()  # the API page links its JSON file: made now, so that MkDocs finds the link's target
        now = {*done, example.key} if example is not None else done
        left = {name: entry for entry in content.entries if entry.key not in now and put_off.wanted(name := paths.entry_page(entry))}
        for name, entry in left.items():
            put_off.pages[name] = (name, paths.api_entry(entry)) if site.system_of(entry.system) is not None else (name,)
            done.add(entry.key)
        put_off.folders = tuple(scripts_later)
        put_off.render = lambda name: entry_only(left[name]) if name in left else scripts_later[name]()
    later = [entry for entry in content.entries if entry.key not in done]
    played_now = scripts_now.pop(versus_forms.TARGETS, None)  # the played units' scripts: made here, with their parts
    if played_now is not None:  # every unit's part, after the saved pages (each made its own) and before workers fork (they have them)
        played.files()

    # the entries' pages, then the roster page's data and the modules, which workers take first (from the last)
    jobs: list[Callable[[], dict[str, bytes]]] = [partial(entry_only, entry) for entry in later] + list(scripts_now.values())
    # forked now, so that the workers do their jobs while this process does the rest too
    shared = Shared.start(_run, jobs, processes) if processes > 1 and not memo.keeps else None
    files: dict[str, bytes] = dict(shown)
    for kind in KINDS:  # every kind of page but the entries' own
        for name, make in kind.pages(site):
            files[name] = page(name, make)
    files.update(roster.roster_page(site, site.reads.page))
    for index, job in enumerate(jobs):
        taken, made = shared.take(index) if shared is not None else (False, None)
        files.update(made if taken and made is not None else job())
    files.update(changes.change_pages(site, page))
    files.update(call(get, changes.API_INDEX, changes.release_files, history))
    files.update(api_files(build.settings, content, get))
    files[NAMES_FILE] = call(get, NAMES_FILE, names_file, *findable(content.systems, content.entries, {s.id: site.armies_of(s.id) for s in content.systems}))
    files.update(asset_files())
    if played_now is not None:
        files.update(played_now())
    files.update(schema_files())
    files.update(app_files(content.systems))
    return dict(sorted(files.items()))
