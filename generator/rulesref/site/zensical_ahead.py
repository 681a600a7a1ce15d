"""A saved entry's page put into Zensical's site ahead of Zensical's own rebuild.

Zensical (0.0.73) builds every page again when any page's Markdown changes: each page shows
the nav, and the nav every page. On the 40K import that is 7,802 pages, 7 s after every save,
and it has no call that builds one page. Yet a save that rewords an entry changes little of
its page: the article, which is the page's Markdown as HTML, and the page's description.
Zensical renders the article in Python, with Python-Markdown and its own extensions and
config (`zensical.markdown.render.render`); its Rust core then drops the
`data-search-exclude` attributes (read by its search index) and turns links to `.md` files
into the pages' URLs, and its theme places the article, the front matter's description and
the headings (the table of contents) into the page.

So `serve` renders the saved page's old and new Markdown the same way, in its own process,
and where the page Zensical last built holds the old article exactly once and the old
description, and nothing else the theme shows from the page changed (its front matter but
the description, its title, its headings), it writes the page with the new article and
description in their place into the site folder Zensical serves. Zensical's server watches
that folder and reloads the browsers showing the page at once. Zensical's rebuild follows and
writes the same page again; a test builds both and compares them byte for byte. (A rebuild
that began before the save, from the docs as they were, may write the page again as it was:
the folders of the pages put are watched, and such a page is put again.) Anything else (a
new page, a changed title or heading, a page Zensical has not built yet or has built from
other Markdown, a save that changes the nav) waits for Zensical's rebuild.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulesref.paths import NAV_FILE
from rulesref.site.session import changed_pages
from rulesref.support.output import write_file_atomically

_FRONT = re.compile(rb"\A---\n(.*?)\n---\n", re.DOTALL)
_SEARCH_EXCLUDE = re.compile(r' data-search-exclude(?:="[^"]*")?')
_MD_LINK = re.compile(r'(<a [^>]*?href=")([^"#:?]*)\.md((?:#[^"]*)?")')
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_WARM_UP = b'---\ntitle: "A"\n---\n\n# A\n\n<div markdown>\n\n| a |\n|---|\n| [b](b/index.md) |\n\n</div>\n\n```python\nx = 1\n```\n'


@dataclass(frozen=True)
class Rendered:
    """What the theme places from a page's Markdown: the article, the headings, the front matter."""

    article: str
    toc: Any
    title: str | None
    meta: dict[str, Any]


@dataclass(frozen=True)
class _Saved:
    """A page's last save: its Markdown before and after, rendered (None: not renderable here)."""

    old: bytes
    before: Rendered | None
    new: bytes
    after: Rendered | None


class PagesAhead:
    """Zensical's Markdown renderer, set up in this process from the config Zensical serves,
    and the site folder it builds into. A page put ahead is kept: where a rebuild that began
    before the save (from the docs as they were) writes it again as it was, it is put again
    (the folders of the pages put are watched: `_Kept`)."""

    def __init__(self, site: Path, directory_urls: bool) -> None:
        self.site = site
        self.directory_urls = directory_urls
        self._last: dict[str, _Saved] = {}  # each page's last save
        self._lock = threading.Lock()  # (Zensical's renderer keeps the page it renders in its config: one at a time)
        self._kept = _Kept(self._rewritten)

    @classmethod
    def set_up(cls, staged: Path, site: Path, directory_urls: bool) -> PagesAhead | None:
        """The renderer, with Zensical's reading of the staged config; None (said why) when
        Zensical cannot read it here, and saves then wait for its rebuild."""
        try:
            from zensical.config import parse_config

            parse_config(str(staged))
        except Exception as exc:  # (Zensical's own reading of a config: its server says what is wrong with it)
            print(f"rulesref: saved pages are shown once Zensical has rebuilt them ({type(exc).__name__}: {exc})", file=sys.stderr)
            return None
        ahead = cls(site, directory_urls)
        ahead._render("index.md", _WARM_UP)  # (the first render imports what the extensions load lazily, Pygments' lexer: 0.1 s)
        return ahead

    def show(self, files: Mapping[str, bytes], known: Mapping[str, bytes]) -> list[str]:
        """Put each docs page of `files` whose bytes differ from `known` (what the docs folder
        holds, which Zensical built the site from) ahead into the site, where it can; the
        pages put: none when the nav (`files` has it) changed too: every page shows it."""
        if files.get(NAV_FILE) != known.get(NAV_FILE):
            return []
        return [rel for rel in changed_pages(files, known) if self.put(rel, known[rel], files[rel])]

    def put(self, rel: str, old: bytes, new: bytes) -> bool:
        """Write docs page `rel`'s new version into the site, if only its article and
        description changed and the site holds its old version (see the module's docstring);
        whether it did."""
        page = self._page(rel)
        if page is None:
            return False
        with self._lock:
            try:
                built = page.read_text(encoding="utf-8")
            except (FileNotFoundError, UnicodeDecodeError):  # (not built yet)
                return False
            updated = self.updated(rel, built, old, new)
            if updated is None or not _written(page, updated):
                return False
        self._kept.watch(page.parent)
        return True

    def _rewritten(self, page: Path) -> None:
        """Zensical wrote `page`: put it again if it holds the article of its last save's old
        Markdown (a rebuild from the docs before that save), not the new."""
        rel = f"{page.relative_to(self.site).as_posix().removesuffix('.html')}.md"
        with self._lock:
            saved = self._last.get(rel)
            try:
                built = page.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):  # (gone, or half-written: its next event comes)
                return
            if saved is None or saved.before is None or saved.after is None or saved.after.article in built:
                return
            updated = _splice(built, saved.before, saved.after)
            if updated is not None:
                _written(page, updated)

    def close(self) -> None:
        self._kept.close()

    def _page(self, rel: str) -> Path | None:
        """Where Zensical writes docs page `rel`; None for a page named other than `index.md`,
        whose URL is one folder deeper than its file (its relative links change)."""
        if not (rel == "index.md" or rel.endswith("/index.md")):
            return None
        return self.site / f"{rel.removesuffix('.md')}.html"

    def updated(self, rel: str, built: str, old: bytes, new: bytes) -> str | None:
        """Page `built` (Zensical's of docs page `rel`, from `old`) as Zensical would build
        it from `new`; None when that is not known here. (Remembered as `rel`'s last save.)"""
        last = self._last.get(rel)
        before = last.after if last is not None and last.new == old else self._render(rel, old)
        after = self._render(rel, new)
        self._last[rel] = _Saved(old, before, new, after)
        return _splice(built, before, after) if before is not None and after is not None else None

    def _render(self, rel: str, source: bytes) -> Rendered | None:
        """The page's Markdown as Zensical renders it (None: it cannot be read here)."""
        from zensical.markdown.render import render

        found = _FRONT.match(source)
        try:
            meta = yaml.load(found.group(1), Loader=_LOADER) if found else {}
            body = source[found.end() if found else 0 :].decode("utf-8")
            if not isinstance(meta, dict):
                return None
            url = rel.removesuffix("index.md")
            out = render(body, rel, url, json.dumps(meta))
        except Exception:  # (Python-Markdown's extensions on content Zensical renders the same way; its rebuild reports it)
            return None
        return Rendered(self._linked(_SEARCH_EXCLUDE.sub("", out["content"])), out["toc"], out["title"], meta)

    def _linked(self, html: str) -> str:
        """Links to `.md` files as Zensical writes them: the page's URL, relative as given."""
        return _MD_LINK.sub(lambda m: m[1] + self._url(m[2]) + m[3], html)

    def _url(self, page: str) -> str:
        """The URL of the page at `page` + `.md`, relative to an index page's folder."""
        if not self.directory_urls:
            return f"{page}.html"
        if page == "index":
            return ""  # (a link to the page itself: its fragment alone, or "")
        return page.removesuffix("index") if page.endswith("/index") else f"{page}/"


def _written(page: Path, text: str) -> bool:
    """Whether `page` could be written (the disk full, say: Zensical's rebuild writes it)."""
    try:
        write_file_atomically(page, text.encode("utf-8"))
    except OSError:
        return False
    return True


def _splice(built: str, before: Rendered, after: Rendered) -> str | None:
    """Page `built`, which shows `before`, showing `after` instead; None when more than the
    article and the description would change, or `built` does not show `before`."""
    if not _same_around(before, after) or built.count(before.article) != 1:
        return None
    at = built.index(before.article)
    head, tail = built[:at], after.article + built[at + len(before.article) :]
    old_description, new_description = _description(before.meta), _description(after.meta)
    if old_description == new_description:
        return head + tail
    if old_description is None or new_description is None or head.count(old_description) != 1 or old_description in tail:
        return None  # (without one, the theme writes the site's description: a save that adds or drops it waits)
    return head.replace(old_description, new_description) + tail


def _same_around(before: Rendered, after: Rendered) -> bool:
    """Whether the theme shows the same of the page around its article and description."""
    rest = {key: value for key, value in before.meta.items() if key != "description"}
    return before.toc == after.toc and before.title == after.title and rest == {k: v for k, v in after.meta.items() if k != "description"}


def _description(meta: dict[str, Any]) -> str | None:
    """The page's description as the theme writes it (the front matter's text, placed as it is)."""
    text = meta.get("description")
    return f'<meta name="description" content="{text}">' if isinstance(text, str) else None


class _Kept:
    """The folders of the pages put ahead, watched (watchdog): `told` hears of each page
    written into one (a file named `index.html`), in the watch's thread."""

    def __init__(self, told: Callable[[Path], None]) -> None:
        self.told = told
        self.folders: set[Path] = set()
        self.observer: Any = None

    def watch(self, folder: Path) -> None:
        if folder in self.folders:
            return
        self.folders.add(folder)
        try:
            if self.observer is None:
                from watchdog.observers import Observer

                self.observer = Observer()
                self.observer.start()
            self.observer.schedule(_page_written(self.told), str(folder), recursive=False)
        except (ImportError, OSError):  # (no watchdog, or no more inotify watches: a stale rebuild shows until the next)
            pass

    def close(self) -> None:
        if self.observer is not None:
            self.observer.stop()
            self.observer.join()


def _page_written(told: Callable[[Path], None]) -> Any:
    from watchdog.events import FileSystemEventHandler

    class Written(FileSystemEventHandler):
        def on_any_event(self, event: Any) -> None:
            if event.event_type in ("modified", "created", "moved", "closed"):
                path = Path(os.fsdecode(getattr(event, "dest_path", "") or event.src_path))
                if path.name == "index.html":
                    told(path)

    return Written()
