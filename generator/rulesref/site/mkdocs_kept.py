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

Pages and their files are pickled by their paths (`FilePickler`), both here and when the
split sends them between processes. This module imports nothing of rulesref's but its
cache files: the runner loads it by its path.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

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
        except (pickle.PicklingError, TypeError, AttributeError):
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
            attributes, records = FileUnpickler(io.BytesIO(found[1]), files).load()
        except (EOFError, pickle.UnpicklingError, ValueError, AttributeError, TypeError):
            return False
        vars(page).update(attributes)
        return self._replay(found[0], records)

    def store(self, page: Any, attributes: dict[str, Any], records: list[logging.LogRecord]) -> None:
        self._keep(page, lambda: FilePickler.dumps((attributes, [plain(r) for r in records])))

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
            html, entries, records = pickle.loads(found[1])
            target = Path(page.file.abs_dest_path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(html)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError, AttributeError):
            return False
        if self.entries is not None:
            self.entries.extend(entries)
        return self._replay(found[0], records)

    def store(self, page: Any, entries: Any, records: list[logging.LogRecord]) -> None:
        def payload() -> bytes:
            html = Path(page.file.abs_dest_path).read_bytes()
            return pickle.dumps((html, list(entries), [plain(r) for r in records]), protocol=pickle.HIGHEST_PROTOCOL)

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
    """A record that pickles: its message made, its arguments and exception dropped."""
    copy = logging.makeLogRecord(record.__dict__)
    copy.msg, copy.args, copy.exc_info, copy.exc_text = record.getMessage(), None, None, None
    return copy


class FilePickler(pickle.Pickler):
    """Sends docs files (and their pages) by path: the build has its own objects for them."""

    def persistent_id(self, obj: Any) -> Any:
        from mkdocs.structure.files import File
        from mkdocs.structure.pages import Page

        if isinstance(obj, File):
            return ("file", obj.src_uri)
        if isinstance(obj, Page):
            return ("page", obj.file.src_uri)
        return None

    @classmethod
    def dumps(cls, value: object) -> bytes:
        buffer = io.BytesIO()
        cls(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
        return buffer.getvalue()


class FileUnpickler(pickle.Unpickler):
    def __init__(self, pipe: IO[bytes], files: Any) -> None:
        super().__init__(pipe)
        self.files = files

    def persistent_load(self, pid: Any) -> Any:
        kind, uri = pid
        file = self.files.get_file_from_path(uri)
        if file is None:
            raise pickle.UnpicklingError(f"no docs file {uri}")
        return file if kind == "file" else file.page
