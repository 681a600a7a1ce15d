"""The whole generated docs folder, in memory: pages, nav, JSON API and static assets.

Nothing is written here; `rulesref.site` decides how the files reach the disk (all at
once for a build, changed files only for `serve`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from importlib import resources

from rulesref.build import Build
from rulesref.incremental.memo import FRESH, Get, Memo, fresh
from rulesref.links import find_links
from rulesref.model import Entry, System
from rulesref.render import javascript, paths, scripts, try_it
from rulesref.render.api import api_files, entry_file
from rulesref.render.app import app_files
from rulesref.render.armies import tag_parts, weapon_parts
from rulesref.render.checks import CheckView, check_views
from rulesref.render.datasheet import unit_rule_refs
from rulesref.render.findable import NAMES_FILE, names_file
from rulesref.render.js_module import read_module, twin_path
from rulesref.render.nav import nav_file
from rulesref.render.pages import Site
from rulesref.render.relations import relations
from rulesref.schemas import schema_dir

RENDERED, RELATIONS = "rendered", "relations"  # the memo's stages: docs files and intermediate values; facts across entries


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
                if item.name.endswith(".js"):  # served without the comments and indentation
                    text = scripts.served(data.decode("utf-8"), item.name)
                    data = text.encode("utf-8")
                    if rel in paths.MODULE_SCRIPTS:  # and, for the offline copy, as a classic script
                        files[twin_path(rel)] = read_module(text, rel).classic().encode("utf-8")
                files[rel] = data
    return files


def schema_files() -> dict[str, bytes]:
    """The JSON Schemas, published at `schemas/<file>`: the URLs their `$id`s name, so that
    editors can fetch them (the `yaml.schemas` setting or a modeline)."""
    return {f"{paths.SCHEMAS}/{path.name}": path.read_bytes() for path in sorted(schema_dir().glob("*.schema.json"))}


def all_checks(build: Build, get: Get = fresh) -> dict[str, tuple[CheckView, ...]]:
    return {key: get(f"checks:{key}", (compiled, build.settings), lambda c=compiled: check_views(c, build.settings)) for key, compiled in build.compiled.items()}  # type: ignore[misc]


def _entry_inputs(site: Site, entry: Entry, anchors: dict[str, dict[str, str]], roots: tuple[str, ...]) -> tuple[object, ...]:
    """Every value an entry's page (and its JSON file) is rendered from; see `reuse`.
    `anchors`: each system's `Site.kind_anchors`; `roots`: the content roots, as text (paths
    compare slowly, and every entry's inputs hold them)."""
    content, facts = site.content, site.relations
    # (what most entries lack is not looked for: this runs for every entry on every save)
    targets = tuple(content.entry(f"{entry.system}:{ref.rule}") for ref in (*unit_rule_refs(entry), *entry.wargear)) if entry.rules or entry.profiles or entry.wargear else ()
    corrections = (
        tuple(site.relations.links.resolution(entry, link) for c in entry.corrections for link in find_links(c.corrected) if not isinstance(link, int))
        if entry.corrections
        else ()
    )
    return (
        entry,
        content.systems,
        site.settings,
        roots,
        anchors[entry.system][entry.kind],
        site.checks.get(entry.key),
        site.forms.get(entry.key),
        facts.referenced_by.get(entry.key),
        facts.same_rule.get(entry.key),
        facts.name_groups.get(entry.key),
        facts.links_out.get(entry.key),
        targets,
        tuple(facts.links_out.get(t.key) for t in targets if t is not None),
        corrections,
    )


def _index_pages(site: Site, counts: Counter[tuple[str, str]]) -> list[tuple[str, object, Callable[[], str]]]:
    """The pages that list the content, each with what it is rendered from (see `reuse`):
    counts, not entries, where only counts are shown, so most saves render none of them."""
    content, settings = site.content, site.settings
    terms = tuple(e for e in content.entries if e.kind == "term")
    example = next((e for e in content.entries if e.checks), content.entries[0] if content.entries else None)
    shown = (content.systems, tuple(sorted(counts.items())), settings)
    return [
        (paths.NAV_FILE, content.systems, lambda: nav_file(content)),
        (paths.HOME, shown, site.home),
        (paths.GLOSSARY, (content.systems, terms), site.glossary),
        (paths.TAGS, tuple((tag, len(tagged)) for tag, tagged in site.relations.tags.items()), site.tags),
        (paths.API_PAGE, (content.systems, example and example.key), site.api_page),
    ]


def docs_files(build: Build, memo: Memo = FRESH) -> dict[str, bytes]:
    """Every file of the docs folder by relative path, from a build without errors. With a
    long-lived process's `memo` (`serve`), only files whose inputs changed are rendered."""
    assert build.ok, "pages are written from valid content only"
    get = memo.stage(RENDERED)
    content = build.content
    facts = relations(content, build.links, memo.stage(RELATIONS))
    checks = all_checks(build, get)
    forms = {}
    for key, compiled in build.compiled.items():
        names = try_it.choice_names(compiled.entry, compiled.plans, content)  # a rename of such an entry renames the choice
        forms[key] = get(
            f"form:{key}", (compiled, checks[key], names), lambda c=compiled, k=key, n=names: try_it.placeholders(c.entry, c.plans, checks[k], n)  # type: ignore[misc]
        )
    site = Site(content, facts, checks, build.files.roots, build.settings, forms)
    # kept pages are kept as bytes: an unchanged page is then the very object of the last
    # save, which `serve` tells apart from a changed one without comparing contents
    files: dict[str, bytes] = {}
    counts: Counter[tuple[str, str]] = Counter((e.system, e.kind) for e in content.entries)  # entries per system and kind
    for page, inputs, make in _index_pages(site, counts):
        files[page] = get(page, inputs, lambda m=make: m().encode("utf-8"))  # type: ignore[misc]
    for system in site.glossary_systems():
        page = paths.glossary_page(system.id)
        files[page] = get(page, (system, tuple(e for e in content.entries_of(system.id) if e.kind == "term")), lambda s=system: site.glossary(s).encode("utf-8"))  # type: ignore[misc]
    for tag, tagged in facts.tags.items():
        for number in range(1, tag_parts(len(tagged)) + 1):
            page = paths.tag_page(tag, number)
            files[page] = get(page, (tagged, content.systems), lambda t=tag, n=number: site.tag(t, n).encode("utf-8"))  # type: ignore[misc]
    for page, group in facts.group_pages.items():
        files[page] = get(page, (group, content.systems), lambda p=page: site.name_group(p).encode("utf-8"))  # type: ignore[misc]
    by_system = {system.id: content.entries_of(system.id) for system in content.systems}
    for system in content.systems:
        page = paths.system_page(system.id)
        files[page] = get(page, (system, by_system[system.id]), lambda s=system: site.system(s).encode("utf-8"))  # type: ignore[misc]
    for system in content.systems:
        for view in site.armies.get(system.id, ()):
            page = paths.army_page(system.id, view.army.id)
            files[page] = get(page, (system, view), lambda s=system, v=view: site.army(s, v).encode("utf-8"))  # type: ignore[misc]
            for weapons in weapon_parts(view):
                page = paths.army_weapons_page(system.id, view.army.id, weapons.part)
                files[page] = get(page, (system, view, weapons.part), lambda s=system, v=view, w=weapons: site.weapons(s, v, w).encode("utf-8"))  # type: ignore[misc]
        parts = site.letter_pages(system)
        listed = tuple((p.kind, p.part, p.title) for p in parts)
        for part in parts:
            page = paths.letter_page(system.id, part.kind, part.part)
            files[page] = get(page, (system, part, listed), lambda s=system, p=part: site.letters(s, p).encode("utf-8"))  # type: ignore[misc]
    anchors = {
        system.id: get(f"kind-anchors:{system.id}", (system, *by_system[system.id]), lambda s=system: site.kind_anchors(s))  # type: ignore[misc]
        for system in content.systems
    }
    roots = tuple(map(str, site.roots))
    inputs = {entry.key: _entry_inputs(site, entry, anchors, roots) for entry in content.entries}
    for entry in content.entries:
        # the page and the JSON file are made from the same inputs: kept together, compared once
        owner = site.systems.get(entry.system)
        page = paths.entry_page(entry)
        if owner is None:  # (validation refuses an entry without a system)
            files[page] = get(page, inputs[entry.key], lambda e=entry: site.entry(e).encode("utf-8"))  # type: ignore[misc]
            continue

        def both(entry: Entry = entry, owner: System = owner) -> tuple[bytes, bytes]:
            return site.entry(entry).encode("utf-8"), entry_file(build.settings, entry, owner, facts, checks.get(entry.key, ()))

        files[page], files[paths.api_entry(entry)] = get(f"{page} and its JSON", inputs[entry.key], both)
    files.update(api_files(build.settings, content, counts, get))
    files[NAMES_FILE] = get(NAMES_FILE, tuple((e.key, e.name, e.aliases) for e in content.entries) + (content.systems,), lambda: names_file(content))
    files.update(asset_files())
    # the generated JavaScript modules the "Try it" forms run (declarations are for programmers)
    modules = javascript.package_files(build, get, twins=True)
    files.update({f"{try_it.MODULES}/{path}": data for path, data in modules.items() if path.endswith(".js")})
    files.update(schema_files())
    files.update(app_files(content))
    return dict(sorted(files.items()))
