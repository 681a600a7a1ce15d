"""The site as an installable app: a web app manifest and a small service worker.

Players open the reference on a phone at a table that often has no network. Installed from
the browser, the site keeps what it has shown (see `templates/app/sw.js.jinja`); the zip of
the offline copy (`rulesref.site.offline`) is the way to carry all of it. The two do not meet:
the service worker is registered on http(s) pages only (`assets/rulesref-app.js`), and the
offline copy is opened from the file system, where browsers have no service workers.

Both files sit at the site root, so the worker's scope is the whole site. They are the same
for two builds of the same content (the cache has one fixed name; pages are fetched from
the network first, so a new build is seen as soon as there is a network).
"""

from __future__ import annotations

import json

from rulesref import paths
from rulesref.model import System
from rulesref.support.templates import render

MANIFEST = "manifest.webmanifest"
SERVICE_WORKER = "sw.js"
ICON = f"{paths.ASSETS}/favicon.svg"  # the site's own icon, drawn without a fixed size
THEME_COLOUR = "#3f51b5"  # Material's indigo, the primary colour in mkdocs.yml


def app_name(systems: tuple[System, ...]) -> tuple[str, str]:
    """The app's name and short name: the system's, when the reference holds one system."""
    if len(systems) == 1:
        system = systems[0]
        return f"{system.name} rules reference", system.short_name
    return "Rules reference", "Rules"


def manifest(systems: tuple[System, ...]) -> str:
    name, short_name = app_name(systems)
    data = {
        "name": name,
        "short_name": short_name,
        "description": "Tabletop rules: one page per rule, unit and term, with search, worked examples and odds.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": [{"src": ICON, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# Where each engine writes its search index (Material for MkDocs, Zensical): the docs folder
# is the same for both, so the worker keeps whichever of them the site has.
SEARCH_INDEXES = ("search/search_index.json", "search.json")


def start_urls(systems: tuple[System, ...]) -> list[str]:
    """What the worker keeps on install besides the search index: the index pages (relative
    to the site root, which is the worker's folder)."""
    pages = [paths.HOME, *(paths.system_page(s.id) for s in systems), paths.GLOSSARY, paths.TAGS]
    return [paths.url_of(page) or "./" for page in pages]


def app_files(systems: tuple[System, ...]) -> dict[str, bytes]:
    """The web app's manifest and its worker: they name the systems only."""
    return {
        MANIFEST: manifest(systems).encode("utf-8"),
        SERVICE_WORKER: render(
            "app/sw.js.jinja", start=json.dumps(start_urls(systems), ensure_ascii=False), indexes=json.dumps(list(SEARCH_INDEXES))
        ).encode("utf-8"),
    }
