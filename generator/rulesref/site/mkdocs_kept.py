"""MkDocs' reading and writing of pages, kept from the last build: a build reads and writes
only the pages that changed (`rulesref.site.mkdocs_split` uses it in the MkDocs child of
`rulesref build`).

What reading set on a page (its HTML, table of contents, title, metadata, the links it
checked) and what it logged are kept on disk (`<cache>/mkdocs-pages/`, one file a page)
under a digest of what reading depends on: the page's own Markdown, and the context every
page shares (MkDocs' and the theme's versions, the Markdown extensions and their settings,
the link checks' levels, directory URLs, and the path of every file of the site, which
decides where each link leads and whether it is broken). A later build finds an unchanged
page there, sets what was kept on its page object and logs what it logged (`--strict`
counts it alike), and reads only the others. Likewise the page as the theme wrote it, with
the entries it gave the search index and what writing it logged, is kept
(`<cache>/mkdocs-written/`) under the digest of its reading and of what writing every page
shares (the nav, the site's and the theme's settings): an unchanged page is written from
there. A build keeps what it used. A kept page that cannot be read back is read again.

What is kept, and what the split sends between processes, is plain data (`to_data`):
strings, numbers, lists and tagged tuples, written with `marshal`, so reading it back builds
no object of any other kind and runs no code; `from_data` checks every part as it rebuilds
the page's objects (a docs file by its path, the table of contents), and a kept page of any
other shape is read again. A page whose state holds anything else is not kept. This module
imports nothing of rulesref's but its cache files: the runner loads it by its path.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import marshal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulesref.support.cache_files import read_payload, write_payload


class Kept:
    """Pages as reading left them, one file each under the digest of what reading read."""

    FOLDER = "mkdocs-pages"

    def __init__(self, where: Path, context: bytes, keys: dict[str, str]) -> None:
        self.where = where
        self.context = context
        self.keys = keys  # page source path -> its digest
        self.used: set[str] = set()

    @classmethod
    def open(cls, cache: str, config: Any, files: Any, pages: list[Any]) -> Kept | None:
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
        except Unkept:
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
            attributes, records = page_state(loads(found[1], files))
        except ValueError:
            return False
        vars(page).update(attributes)
        return self._replay(found[0], records)

    def store(self, page: Any, attributes: dict[str, Any], records: list[logging.LogRecord]) -> None:
        self._keep(page, lambda: dumps((attributes, [plain(r) for r in records])))

    def finish(self) -> None:
        """Forget the pages this build did not use (the folder holds one build's pages)."""
        with contextlib.suppress(OSError):
            for path in self.where.iterdir():
                if path.name not in self.used and not path.name.startswith("."):  # (the folder's `.gitignore`)
                    path.unlink()


KEPT_FORMAT = 1  # of what a kept page holds


class Written(Kept):
    """Pages as the theme wrote them, by the digest of their reading (`Kept`) and of all
    that writing every page shares: the nav (each item's title and address, in order), the
    site's settings and the theme's. Kept with a page: its HTML, what it gave the search
    index, what it logged. Only for a build whose plugins, while pages are written, are the
    theme's search alone (any other could change a page a digest does not see: the caller,
    `mkdocs_split`, makes sure)."""

    FOLDER = "mkdocs-written"

    def __init__(self, where: Path, context: bytes, keys: dict[str, str], entries: list[dict[str, Any]] | None) -> None:
        super().__init__(where, context, keys)
        self.entries = entries

    @classmethod
    def open(cls, kept: Kept, config: Any, nav: Any, internals: Any) -> Written | None:  # type: ignore[override]
        entries = internals.search_entries(config)
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
            html, entries, records = written_state(loads(found[1], files))
            target = Path(page.file.abs_dest_path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(html)
        except (OSError, ValueError):
            return False
        if self.entries is not None:
            self.entries.extend(entries)
        return self._replay(found[0], records)

    def store(self, page: Any, entries: Any, records: list[logging.LogRecord]) -> None:
        def payload() -> bytes:
            html = Path(page.file.abs_dest_path).read_bytes()
            return dumps((html, list(entries), [plain(r) for r in records]))

        self._keep(page, payload)


# settings no page shows: where the build reads and writes, and what the digest covers apart
_NOT_SHARED = frozenset({"plugins", "theme", "docs_dir", "site_dir", "config_file_path", "watch", "dev_addr", "hooks", "strict"})


def _nav_key(nav: Any) -> list[Any]:
    """The nav as every page shows it: each item's kind, title and address, in order."""

    def item(node: Any) -> Any:
        children = getattr(node, "children", None) or []
        return (type(node).__name__, str(getattr(node, "title", "")), str(getattr(node, "url", "") or ""), [item(c) for c in children])

    return [item(node) for node in nav.items] + [str(p.url) for p in nav.pages]


def plain(record: logging.LogRecord) -> logging.LogRecord:
    """A record that is plain data: its message made, its arguments and exception dropped."""
    copy = logging.makeLogRecord(record.__dict__)
    copy.msg, copy.args, copy.exc_info, copy.exc_text = record.getMessage(), None, None, None
    return copy


class Unkept(Exception):
    """A page state holding a value that is not kept as data."""


_SCALARS = (str, int, float, bool, bytes, type(None))


def to_data(value: Any) -> Any:
    """`value` as plain data for `marshal`: scalars and lists as they are, anything else a
    tagged tuple (a docs file or page by its path, the table of contents, a log record)."""
    from mkdocs.structure.files import File
    from mkdocs.structure.pages import Page
    from mkdocs.structure.toc import AnchorLink, TableOfContents

    if type(value) in _SCALARS:  # (exactly: a subclass, such as markup, is not kept as its base)
        return value
    if type(value) is list:
        return [to_data(item) for item in value]
    if isinstance(value, tuple | set | frozenset):
        return ("tuple" if isinstance(value, tuple) else "set", [to_data(item) for item in value])
    if isinstance(value, dict):
        return ("dict", [(to_data(key), to_data(item)) for key, item in value.items()])
    if isinstance(value, File):
        return ("file", value.src_uri)
    if isinstance(value, Page):
        return ("page", value.file.src_uri)
    if isinstance(value, TableOfContents):
        return ("toc", [to_data(item) for item in value.items])
    if isinstance(value, AnchorLink):
        active = bool(getattr(value, "active", False))
        return ("anchor", value.title, value.id, value.level, active, [to_data(child) for child in value.children])
    if isinstance(value, logging.LogRecord):
        return ("record", [(key, item) for key, item in vars(value).items() if type(item) in _SCALARS])
    raise Unkept(type(value).__name__)


def from_data(data: Any, files: Any) -> Any:
    """The value `to_data` made `data` of, its docs files and pages the build's own (found in
    `files` by path); ValueError for anything `to_data` does not make."""
    from mkdocs.structure.toc import AnchorLink, TableOfContents

    if type(data) in _SCALARS:
        return data
    if type(data) is list:
        return [from_data(item, files) for item in data]
    if not isinstance(data, tuple) or not data or not isinstance(data[0], str):
        raise ValueError(f"not page state: {type(data).__name__}")
    tag, *parts = data
    if tag in ("tuple", "set") and len(parts) == 1 and isinstance(parts[0], list):
        items = [from_data(item, files) for item in parts[0]]
        return tuple(items) if tag == "tuple" else set(items)
    if tag == "dict" and len(parts) == 1 and isinstance(parts[0], list):
        return {from_data(key, files): from_data(item, files) for key, item in _pairs(parts[0])}
    if tag in ("file", "page") and len(parts) == 1 and isinstance(parts[0], str):
        file = files.get_file_from_path(parts[0]) if files is not None else None
        if file is None or (tag == "page" and file.page is None):
            raise ValueError(f"no docs {tag} {parts[0]}")
        return file if tag == "file" else file.page
    if tag == "toc" and len(parts) == 1 and isinstance(parts[0], list):
        return TableOfContents([_anchor(from_data(item, files)) for item in parts[0]])
    if tag == "anchor" and len(parts) == 5 and isinstance(parts[4], list):
        title, anchor_id, level, active = parts[:4]
        if not (isinstance(title, str) and isinstance(anchor_id, str) and type(level) is int):
            raise ValueError("not a table of contents' entry")
        link = AnchorLink(title, anchor_id, level)
        link.children = [_anchor(from_data(child, files)) for child in parts[4]]
        if active is True:
            link.active = True  # type: ignore[attr-defined]  # (MkDocs marks the first entry so)
        return link
    if tag == "record" and len(parts) == 1 and isinstance(parts[0], list):
        fields = dict(_pairs(parts[0]))
        if not all(type(key) is str and type(item) in _SCALARS for key, item in fields.items()):
            raise ValueError("not a log record")
        if not isinstance(fields.get("name"), str) or type(fields.get("levelno")) is not int:
            raise ValueError("a log record without its logger or level")
        return logging.makeLogRecord(fields)
    raise ValueError(f"not page state: {tag!r}")


def _pairs(items: list[Any]) -> list[tuple[Any, Any]]:
    if not all(isinstance(pair, tuple) and len(pair) == 2 for pair in items):
        raise ValueError("not key and value pairs")
    return items


def _anchor(value: Any) -> Any:
    from mkdocs.structure.toc import AnchorLink

    if not isinstance(value, AnchorLink):
        raise ValueError("not a table of contents' entry")
    return value


def dumps(value: Any) -> bytes:
    """`value` as kept or sent (`to_data`, then `marshal`); Unkept when it holds anything else."""
    return marshal.dumps(to_data(value))


def loads(sent: bytes, files: Any) -> Any:
    """What `dumps` made `sent` of; ValueError when it is not that."""
    try:
        data = marshal.loads(sent)
    except (EOFError, ValueError, TypeError) as exc:
        raise ValueError(f"not marshalled data: {exc}") from None
    return from_data(data, files)


def sendable(value: Any) -> bytes:
    """`value` as the split sends it from a worker (`dumps`), or as None when it holds a value
    that is not kept as data (`Unkept`): the build then does that page itself."""
    try:
        return dumps(value)
    except Unkept:
        return dumps(None)


def received(sent: bytes, files: Any) -> Any:
    """What `sendable` sent, its docs files and pages the build's own (`loads`), or None when
    `sent` is not that: the build then does that page itself."""
    try:
        return loads(sent, files)
    except ValueError:
        return None


def page_state(value: Any) -> tuple[dict[str, Any], list[logging.LogRecord]]:
    """What reading set on a page and what it logged, checked."""
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], dict) and isinstance(value[1], list)):
        raise ValueError("not a page's reading")
    attributes, records = value
    if not all(isinstance(key, str) for key in attributes) or not all(isinstance(r, logging.LogRecord) for r in records):
        raise ValueError("not a page's reading")
    return attributes, records


def written_state(value: Any) -> tuple[bytes, list[Any], list[logging.LogRecord]]:
    """A written page's HTML, its search entries and what writing it logged, checked."""
    if not (isinstance(value, tuple) and len(value) == 3 and isinstance(value[0], bytes) and isinstance(value[1], list)):
        raise ValueError("not a written page")
    if not isinstance(value[2], list) or not all(isinstance(r, logging.LogRecord) for r in value[2]):
        raise ValueError("not a written page")
    return value
