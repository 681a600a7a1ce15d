"""The offline copy of the site: the built site, made to work from the file system, as a zip.

Players read rules at a table that often has no network. A site with directory URLs
(`/<system>/<id>/`) does not work from the file system: a link to a folder opens the folder,
not its `index.html`. The published site keeps its stable directory URLs, so the copy is
made from it, after MkDocs built it, by changing only what the file system needs (a second
MkDocs build with `use_directory_urls: false` did the same at twice the build's cost):

- every link to a page of the site ends in `index.html` (`../fear/` is `../fear/index.html`,
  `../..` is `../../index.html`, anchors kept); every page of the site is an `index.html`
  in a folder of its own (`rulesref.paths`), so that is where each link leads;
- the search index is also a script (`search/search_index.js`, as the theme's offline
  plugin writes it; `search.js` from Zensical's `search.json`, which its pages load from
  file://), with its locations changed the same way;
- browsers refuse to start the search worker on a page opened from file://, so each page
  loads `assets/rulesref-iframe-worker.js`, which runs the worker in a frame instead (and
  does nothing on http(s)); nothing is fetched from another site;
- nor do they run ES modules there: each module script is replaced by its classic twin,
  which the site carries (`rulesref.emit.js_module`), after the loader of the twins of
  the modules it imports, so
  "Try it" works there too; and they load no CSS mask images from file://, so the copy's
  stylesheets carry their icons inline;
- its home page says where the newest copy lives instead of offering a download.

A test makes the copy of the fixture site and a second MkDocs build for the file system
(the old way) and finds them the same, page by page. The zip holds one folder named after
the site, with fixed file times (`SOURCE_DATE_EPOCH`), so two builds of the same content
give the same bytes.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import re
import struct
import time
import zlib
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache, partial
from pathlib import Path

from rulesref import paths
from rulesref.emit.js_module import twin_path
from rulesref.support.cache_files import Store, fingerprint

POLYFILL = f"{paths.ASSETS}/rulesref-iframe-worker.js"
MODULE_SCRIPTS = paths.MODULE_SCRIPTS
LOADER = f"{paths.ASSETS}/rulesref-classic.js"  # loads the classic twins of modules (file:// runs no modules)
SEARCH_INDEX = "search/search_index.json"
SEARCH_SCRIPT = "search/search_index.js"
SEARCH_SCRIPTS = {SEARCH_INDEX: SEARCH_SCRIPT, "search.json": "search.js"}  # each engine's index, and the script its pages load from file:// (Material's, Zensical's)
SITEMAP = "sitemap.xml"

# Each pattern starts with a literal, which the regular expression engine skips to in C: one
# that starts with a class that may match nothing (the tag's indentation) is tried at every
# byte of every page (10 s over the 150 MB of the 40K import's pages); the indentation is
# read back from the page instead (`_indent`).
_HREF = re.compile(rb'(<(?P<tag>a|link)\b[^>]*?\shref=")([^"]*)(")')
_MODULE_TAG = re.compile(rb'<script src="(?P<prefix>[^"]*?)(?P<path>' + b"|".join(re.escape(m.encode()) for m in MODULE_SCRIPTS) + rb')" type="module"></script>')
_HEAD_END = b"</head>"
# the theme's language switch: a copy holds one language's site (each has its own copy), and the
# theme reads the other sites' sitemaps, which a page from file:// may not
_LANGUAGES = re.compile(rb'<div class="md-header__option">\s*<div class="md-select">.*?</ul>\s*</div>\s*</div>\s*</div>\s*|<link rel="alternate" href="[^"]*" hreflang="[^"]*">\s*', re.DOTALL)
_ONLINE_ONLY = re.compile(rb'<p class="rr-online-only"[^>]*>.*?</p>\s*', re.DOTALL)
_OFFLINE_ONLY = re.compile(rb'(<p class="rr-offline-only"[^>]*?) hidden(?:="[^"]*")?')
_BASE = re.compile(rb'"base": ?"([^"]*)"')
_ICON = re.compile(rb'url\("(icons/[a-z0-9-]+\.svg)"\)')
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def file_url(href: str, site_url: str = "") -> str:
    """A link of the published site as the file system needs it: a page's folder becomes
    its `index.html` (`../fear/#roll` is `../fear/index.html#roll`); anything else (an
    asset, an anchor on the same page, another site) stays as it is. Links from the root
    (`/rulesref/fear/`) are changed the same way, and with `site_url`, absolute links into
    the site (the page's canonical address)."""
    if site_url and href.startswith(site_url):
        return site_url + file_url(href[len(site_url) :]) if href != site_url else site_url + "index.html"
    if href.startswith("/") and not href.startswith("//"):  # from the site's root (the 404 page's links)
        return "/" + file_url(href[1:]) if href != "/" else "/index.html"
    if not href or href.startswith(("#", "?")) or _SCHEME.match(href) or href.startswith("//"):
        return href
    path, mark, rest = href.partition("#")
    path, question, query = path.partition("?")
    if path.startswith("./"):
        path = path[2:] or "."
    if path == ".":
        path = "index.html"
    elif path.endswith("/."):
        path = path[:-1] + "index.html"
    elif path.endswith("/"):
        path += "index.html"
    elif path.split("/")[-1] == "..":
        path += "/index.html"
    else:
        return href
    return path + (question + query) + (mark + rest)


@lru_cache(maxsize=1 << 16)
def _file_href(href: bytes, site_url: str) -> bytes:
    """`file_url` of a link as the page holds it (pages repeat their links: each is made once)."""
    return file_url(href.decode("utf-8"), site_url).encode("utf-8")


def _indent(html: bytes, at: int) -> bytes:
    """The spaces and tabs just before `at`."""
    start = at
    while start > 0 and html[start - 1] in b" \t":
        start -= 1
    return html[start:at]


def _page(html: bytes, site_url: str, home: bool) -> bytes:
    """One page of the copy."""
    def link(m: re.Match[bytes]) -> bytes:  # the page's own address (`<link rel="canonical">`) is a file too; content's links to the site stay
        return m.group(1) + _file_href(m.group(3), site_url if m.group("tag") == b"link" else "") + m.group(4)

    html = _HREF.sub(link, _LANGUAGES.sub(b"", html))
    base = _BASE.search(html)  # the way from the page to the site's root, as the theme states it
    prefix = "" if base is None or base.group(1) in (b"", b".") else base.group(1).decode("utf-8") + "/"

    def classic_scripts(found: re.Match[bytes]) -> bytes:  # the loader, then the twin on a line of its own, indented alike
        at = found.group("prefix")
        twin = twin_path(found.group("path").decode("utf-8")).encode("utf-8")
        return b'<script src="' + at + LOADER.encode() + b'"></script>\n' + _indent(found.string, found.start()) + b'<script src="' + at + twin + b'"></script>'

    html = _MODULE_TAG.sub(classic_scripts, html)
    end = html.find(_HEAD_END)
    if end >= 0:  # the polyfill on a line of its own before </head>, indented two more
        indent = _indent(html, end)
        start = end - len(indent) - (html[end - len(indent) - 1 : end - len(indent)] == b"\n")
        polyfill = f'<script src="{prefix}{POLYFILL}"></script>'.encode()
        html = html[:start] + b"\n" + indent + b"  " + polyfill + b"\n" + indent + html[end:]
    if home:
        html = _OFFLINE_ONLY.sub(lambda m: m.group(1), _ONLINE_ONLY.sub(b"", html), count=1)
    return html


def _search_index(data: bytes) -> bytes:
    """The search index with each location a file's (`w40k7/fear/#roll` -> `.../index.html#roll`)."""
    index = json.loads(data)
    for doc in index.get("docs", index.get("items", ())):  # (Material's list, Zensical's)
        doc["location"] = file_url(doc["location"]) if doc["location"] else "index.html"
    return json.dumps(index, separators=(",", ":"), default=str).encode("utf-8")


def _search_script(data: bytes) -> bytes:
    """The search index as a script, which a page opened from file:// can load."""
    return b"var __index = " + _search_index(data)


def _sitemap_gz(data: bytes, site_url: str) -> bytes:
    return gzip.compress(_sitemap(data, site_url), mtime=0)


def _sitemap(data: bytes, site_url: str) -> bytes:
    return re.sub(rb"<loc>([^<]*)</loc>", lambda m: b"<loc>" + file_url(m.group(1).decode("utf-8"), site_url).encode("utf-8") + b"</loc>", data)


def _inline_icons(_: bytes, css: bytes, rel: str, files: Mapping[str, bytes]) -> bytes:
    """A stylesheet with its icons inlined: browsers load no CSS mask image from file:// (the
    published site keeps them as files, which its content security policy allows). Made from
    the docs files (`css` and its icons among `files`), not from the site's copy (`_`)."""
    folder = rel.rsplit("/", 1)[0]

    def inline(found: re.Match[bytes]) -> bytes:
        svg = files[f"{folder}/{found.group(1).decode('ascii')}"]
        return b'url("data:image/svg+xml;base64,' + base64.b64encode(svg) + b'")'

    return _ICON.sub(inline, css)


Made = tuple[str, Path | None, Callable[[bytes], bytes]]  # a file of the copy: its path, the file of the site it is made from (None: more than one file), how


def _made_files(site: Path, docs: Mapping[str, bytes], site_url: str) -> list[Made]:
    """Every file of the offline copy, sorted, each with the file of the built site `site` it
    is made from and how (from that file's bytes; a stylesheet is made from the docs files it
    was built from, with their icons); source maps are left out (a third of the size, useful
    only to debug the theme). Nothing is read yet: the copy is made a file at a time."""
    made: dict[str, Made] = {}
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix == ".map":
            continue
        rel = path.relative_to(site).as_posix()
        if rel.endswith(".html"):
            made[rel] = (rel, path, partial(_page, site_url=site_url, home=rel == "index.html"))
        elif rel in SEARCH_SCRIPTS:
            made[rel] = (rel, path, _search_index)
            made[SEARCH_SCRIPTS[rel]] = (SEARCH_SCRIPTS[rel], path, _search_script)
        elif rel == SITEMAP:
            made[rel] = (rel, path, partial(_sitemap, site_url=site_url))
            made[f"{SITEMAP}.gz"] = (f"{SITEMAP}.gz", path, partial(_sitemap_gz, site_url=site_url))
        elif rel != f"{SITEMAP}.gz":  # written from the new sitemap
            made[rel] = (rel, path, bytes)
    for rel, data in docs.items():
        if rel.startswith(f"{paths.ASSETS}/") and rel.endswith(".css"):
            made[rel] = (rel, None, partial(_inline_icons, css=data, rel=rel, files=docs))
    return [made[rel] for rel in sorted(made)]


def offline_site(site: Path, docs: Mapping[str, bytes], site_url: str) -> dict[str, bytes]:
    """Every file of the offline copy (`_made_files`), by path."""
    return {rel: make(source.read_bytes() if source is not None else b"") for rel, source, make in _made_files(site, docs, site_url)}


# -- the zip ----------------------------------------------------------------------------------

Member = tuple[int, int, bytes]  # a file in the zip: its CRC-32, its size, its bytes deflated
MEMBERS_FILE = "offline-members.marshal"
MEMBERS_FORMAT = "rulesref-offline-members 2"  # 2: a `Store`


def deflated(data: bytes) -> Member:
    """A file's bytes as a zip member: CRC-32, size, raw deflate."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)  # raw deflate, as zip members hold it
    return zlib.crc32(data), len(data), packer.compress(data) + packer.flush()


def zip_members(members: list[tuple[str, Member]], top: str, epoch: int) -> bytes:
    """The members as a zip under `top/`, in the order given, with one fixed time, so the
    bytes only change when the files do. (Written here rather than by `zipfile`, which
    cannot take a member already deflated: a build keeps its unchanged members.)"""
    year, month, day, hour, minute, second = time.gmtime(max(epoch, 315532800))[:6]  # zip times start in 1980
    dos_time, dos_date = (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day
    out, directory = io.BytesIO(), io.BytesIO()
    for rel, (crc, size, packed) in members:
        name = f"{top}/{rel}".encode()
        flags = 0 if name.isascii() else 0x800  # the name is UTF-8
        offset = out.tell()
        if len(packed) >= 0xFFFFFFFF or size >= 0xFFFFFFFF or offset >= 0xFFFFFFFF:
            raise ValueError("the offline copy is too large for a zip without its 64-bit extensions")
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, 8, dos_time, dos_date, crc, len(packed), size, len(name), 0) + name)
        out.write(packed)
        directory.write(
            struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, (3 << 8) | 20, 20, flags, 8, dos_time, dos_date, crc, len(packed), size, len(name), 0, 0, 0, 0, 0o644 << 16, offset)
            + name
        )
    start, listing = out.tell(), directory.getvalue()
    if len(members) >= 0xFFFF:
        raise ValueError("the offline copy has too many files for a zip without its 64-bit extensions")
    out.write(listing)
    out.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(listing), start, 0))
    return out.getvalue()


def offline_zip(
    site: Path, docs: Mapping[str, bytes], site_url: str, epoch: int, store: Path | None = None, *, deflate: Callable[[bytes], Member] = deflated
) -> bytes:
    """The zip of the offline copy of the built site `site`. With `store` (the cache folder),
    each member is kept there by the bytes it was made from, so the next build makes and
    deflates only the files that changed (a build after one edit changes a few pages, the
    search index and the sitemap). Files are made and deflated on two threads (deflating
    leaves the interpreter's lock to the other), a file at a time, in the zip's order.
    `deflate` makes a member of a file's bytes (`deflated`; a test counts the calls)."""
    kept = Store(store, MEMBERS_FILE, (MEMBERS_FORMAT, fingerprint()), _member_of)

    def member(item: Made) -> tuple[bytes | None, Member]:
        rel, source, make = item
        data = source.read_bytes() if source is not None else b""
        key = hashlib.sha256(f"{rel}\0{site_url}\0".encode() + data).digest() if source is not None else None
        found = kept.get(key) if key is not None else None
        return key, found if found is not None else deflate(make(data))

    members: list[tuple[str, Member]] = []
    items = _made_files(site, docs, site_url)
    with ThreadPoolExecutor(2) as pool:
        for (rel, _, _), (key, made) in zip(items, pool.map(member, items), strict=True):
            if key is not None:
                kept.put(key, made)
            members.append((rel, made))
    kept.save()
    return zip_members(members, paths.offline_name(site_url), epoch)


def _member_of(value: object) -> Member:
    """A member as the last build kept it (raises on another shape)."""
    if isinstance(value, tuple) and len(value) == 3 and type(value[0]) is int and type(value[1]) is int and isinstance(value[2], bytes):
        return value
    raise ValueError("not a member")
