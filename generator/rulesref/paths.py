"""Where every page of the site lives, and how one page links to another.

Paths are file paths inside the generated docs folder (`w40k7/fear/index.md`); MkDocs turns
each into a directory URL (`w40k7/fear/`). An entry gets a folder of its own, so its URL is
`/<system>/<id>/` whatever its id is (even `index`). Links between pages are written as
relative `.md` paths, which both MkDocs and Zensical check and rewrite.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from rulesref.model import Entry, Listing

HOME = "index.md"
GLOSSARY = "glossary/index.md"
TAGS = "tags/index.md"
API_PAGE = "api/index.md"
ROSTER_PAGE = "roster/index.md"  # "Open a roster" (`rulesref.pages.roster`)
TRANSLATIONS_PAGE = "translations/index.md"  # how far each locale is translated (`rulesref.pages.kinds.translations`)
CHANGES_PAGE = "changes/index.md"  # the latest release's changes (`rulesref.pages.changes`)
ASSETS = "assets"
MODULE_SCRIPTS = (f"{ASSETS}/rulesref-try.js",)  # the site's own scripts that are ES modules (`type: module` in mkdocs.yml)
SCHEMAS = "schemas"  # the JSON Schemas, at the URLs their `$id`s name
NAV_FILE = ".nav.yml"
DOWNLOAD = "download"


def entry_page(entry: Entry | Listing) -> str:
    return page_of_entry(entry.system, entry.id)


def page_of_entry(system_id: str, entry_id: str) -> str:
    return f"{system_id}/{entry_id}/index.md"


def system_page(system_id: str) -> str:
    return f"{system_id}/index.md"


def army_page(system_id: str, army_id: str) -> str:
    """An army's page: its units by role, its rules (`w40k7/armies/orks/index.md`)."""
    return f"{system_id}/armies/{army_id}/index.md"


def army_weapons_page(system_id: str, army_id: str, part: str = "") -> str:
    """Every weapon an army's units carry, each once, with its carriers (a big army's on
    several pages: `weapons/`, `weapons/2/`...)."""
    return f"{system_id}/armies/{army_id}/weapons/{part + '/' if part else ''}index.md"


def letter_page(system_id: str, kind: str, part: str) -> str:
    """A part of a big system's A to Z list of one kind (`w40k7/all/rules-s/index.md`)."""
    return f"{system_id}/all/{kind}s-{part}/index.md"


def glossary_page(system_id: str | None = None) -> str:
    """The glossary, or one system's glossary when there are too many terms for one page."""
    return GLOSSARY if system_id is None else f"glossary/{system_id}/index.md"


def tag_page(tag: str, part: int = 1) -> str:
    """A tag's page (`tags/morale/`), and the pages after it of a tag too many entries carry
    for one (`tags/morale/2/`)."""
    return f"tags/{tag}/index.md" if part == 1 else f"tags/{tag}/{part}/index.md"


def name_group_page(folder: str) -> str:
    """The page of a name many systems share (`compare/rule-fearless/index.md`)."""
    return f"compare/{folder}/index.md"


def api_entry(entry: Entry) -> str:
    return f"api/{entry.system}/{entry.id}.json"


def api_system(system_id: str) -> str:
    return f"api/{system_id}/index.json"


def offline_name(site_url: str) -> str:
    """The offline copy's name: `<last part of the site URL>-offline` (`rulesref-offline`)."""
    parts = urlsplit(site_url)
    last = parts.path.rstrip("/").rpartition("/")[2] or parts.hostname or "reference"
    return f"{last}-offline"


def offline_zip(site_url: str) -> str:
    """Where the published site offers its offline copy, relative to the site root."""
    return f"{DOWNLOAD}/{offline_name(site_url)}.zip"


def relative(from_page: str, to_file: str, anchor: str = "") -> str:
    """The link from one docs file to another, relative, as MkDocs wants it in Markdown.
    (Both are clean relative paths, so plain list work does what `relpath` does, faster:
    a big site makes tens of thousands of links.)"""
    here = from_page.split("/")[:-1]
    there = to_file.split("/")
    common = 0
    while common < len(here) and common < len(there) - 1 and here[common] == there[common]:
        common += 1
    rel = "/".join([".."] * (len(here) - common) + there[common:])
    return rel + (f"#{anchor}" if anchor else "")


def url_of(path: str) -> str:
    """The site URL path (relative to the site root) of a docs file, with directory URLs."""
    if path.endswith("index.md"):
        return path[: -len("index.md")]
    if path.endswith(".md"):
        return path[: -len(".md")] + "/"
    return path
