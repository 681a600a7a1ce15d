"""The whole generated docs folder, in memory: pages, nav, JSON API and static assets.

Nothing is written here; `rulesref.site` decides how the files reach the disk (all at
once for a build, changed files only for `serve`).
"""

from __future__ import annotations

from importlib import resources

from rulesref.build import Build
from rulesref.render import javascript, paths, scripts, try_it
from rulesref.render.api import api_files
from rulesref.render.app import app_files
from rulesref.render.checks import CheckView, check_views
from rulesref.render.nav import nav_file
from rulesref.render.pages import Site
from rulesref.render.relations import relations
from rulesref.schemas import schema_dir


def asset_files() -> dict[str, bytes]:
    """The site's own CSS, JavaScript, favicon and icons, from `generator/rulesref/templates/site/assets/`."""
    folder = resources.files("rulesref").joinpath("templates", "site", "assets")
    files = {}
    for sub, suffixes in (("", (".css", ".js", ".svg")), ("icons", (".svg",))):
        where = folder.joinpath(sub) if sub else folder
        for item in sorted(where.iterdir(), key=lambda i: i.name):
            if item.is_file() and item.name.endswith(suffixes):
                data = item.read_bytes()
                if item.name.endswith(".js"):  # served without the comments and indentation
                    data = scripts.served(data.decode("utf-8"), item.name).encode("utf-8")
                files["/".join(x for x in (paths.ASSETS, sub, item.name) if x)] = data
    return files


def schema_files() -> dict[str, bytes]:
    """The JSON Schemas, published at `schemas/<file>`: the URLs their `$id`s name, so that
    editors can fetch them (the `yaml.schemas` setting or a modeline)."""
    return {f"{paths.SCHEMAS}/{path.name}": path.read_bytes() for path in sorted(schema_dir().glob("*.schema.json"))}


def all_checks(build: Build) -> dict[str, tuple[CheckView, ...]]:
    return {key: check_views(compiled, build.settings) for key, compiled in build.compiled.items()}


def docs_files(build: Build) -> dict[str, bytes]:
    """Every file of the docs folder by relative path, from a build without errors."""
    assert build.ok, "pages are written from valid content only"
    content = build.content
    facts = relations(content, build.links)
    checks = all_checks(build)
    forms = {key: try_it.placeholders(compiled.entry, compiled.plans, checks[key]) for key, compiled in build.compiled.items()}
    site = Site(content, facts, checks, build.files.roots, build.settings, forms)
    pages: dict[str, str] = {
        paths.NAV_FILE: nav_file(content),
        paths.HOME: site.home(),
        paths.OFFLINE_HOME: site.home(offline=True),
        paths.GLOSSARY: site.glossary(),
        paths.TAGS: site.tags(),
        paths.API_PAGE: site.api_page(),
    }
    for tag in facts.tags:
        pages[paths.tag_page(tag)] = site.tag(tag)
    for system in content.systems:
        pages[paths.system_page(system.id)] = site.system(system)
    for entry in content.entries:
        pages[paths.entry_page(entry)] = site.entry(entry)
    files = {path: text.encode("utf-8") for path, text in pages.items()}
    files.update(api_files(build.settings, content, facts, checks))
    files.update(asset_files())
    # the generated JavaScript modules the "Try it" forms run (declarations are for programmers)
    modules = javascript.package_files(build)
    files.update({f"{try_it.MODULES}/{path}": data for path, data in modules.items() if path.endswith(".js")})
    files.update(schema_files())
    files.update(app_files(content))
    return dict(sorted(files.items()))
