"""`rulesref serve`: the site with live reload, regenerated whenever a content file changes.

One process does it all. MkDocs' live-reload server serves a site built in this process
(`rulesref.site.live`) and is told of changes by the system's file events. On a save the
content is validated and rendered again, reusing what the save did not touch (`rulesref.site.session`); the
docs files whose bytes changed are rewritten in the docs folder, and exactly their pages are
built again. Content with problems is reported and the last good pages stay up.
"""

from __future__ import annotations

import logging
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from rulesref import paths
from rulesref.config import Settings
from rulesref.errors import EnvironmentProblem, UsageError
from rulesref.pages.nav import in_nav
from rulesref.problems import Problem, format_text
from rulesref.site import DOCS_OWNER, SiteConfig, _nav_written
from rulesref.site.session import STAND_IN, Session, changed_pages
from rulesref.support import collector
from rulesref.support.extras import require_site_tools
from rulesref.support.output import differences, ensure_owned, remove_later, with_marker, write_file_atomically

if TYPE_CHECKING:
    from rulesref.site.live import LiveSite, Rebuilt


def sync_tree(target: Path, files: dict[str, bytes], known: dict[str, bytes] | None = None) -> list[str]:
    """Make `target` hold exactly `files`, rewriting only what changed (each file replaced
    atomically), so a watcher of the folder sees just the real changes. `known` is what this
    process last made the folder hold (`serve` passes it after its first sync): changes are
    then found in memory instead of by reading every file back."""
    if known is None:
        changed = differences(target, files)
    else:
        changed = sorted(rel for rel in files.keys() | known.keys() if files.get(rel) != known.get(rel))
    removed = False
    for rel in changed:
        path = target / rel
        if rel not in files:
            path.unlink(missing_ok=True)
            removed = True
            continue
        write_file_atomically(path, files[rel])
    if removed or known is None:
        for folder in sorted((p for p in target.rglob("*") if p.is_dir()), key=lambda p: len(p.parts), reverse=True):
            if not any(folder.iterdir()):
                folder.rmdir()
    return changed


def sync_docs(docs: Path, files: dict[str, bytes], session: Session) -> list[str]:
    """One save's docs files into the docs folder (marked as rulesref's, `sync_tree` against
    what the last save wrote, or against the disk at first); the files that changed. A page
    the session put off keeps what the folder holds; one the folder does not hold stays
    unwritten (a `STAND_IN` in `Session.written`), and MkDocs lists it all the same (pages
    link to it) and builds it once it is written (`Session.write_put_off`): thousands of
    files and folders less to make before the first page. A JSON file put off is left out
    until then (MkDocs is told of it as it is written)."""
    marked = with_marker(files, DOCS_OWNER)
    known = session.written
    unwritten: set[str] = set()
    for rel in session.put_off:
        if not rel.endswith(".md"):
            continue
        if known is not None and rel in known:
            marked[rel] = known[rel]
        elif (path := docs / rel).is_file():
            marked[rel] = path.read_bytes()
        else:
            marked[rel] = STAND_IN
            unwritten.add(rel)
    changed = sync_tree(docs, marked if known is not None else {rel: data for rel, data in marked.items() if rel not in unwritten}, known)
    session.written = marked
    return changed


def sync_first(docs: Path, files: dict[str, bytes], session: Session) -> list[str]:
    """The saved entries' own pages, written ahead of the rest of a save: each docs page
    among `files` that the folder holds already and whose bytes changed. (A new page, and the
    JSON files, wait for the save's `sync_docs`, which finds them changed.)"""
    known = session.written
    if known is None:
        return []
    changed = changed_pages(files, known)
    for rel in changed:
        write_file_atomically(docs / rel, files[rel])
    session.written = {**known, **{rel: files[rel] for rel in changed}}
    return changed


@dataclass(frozen=True)
class Saved:
    """What one save did."""

    problems: list[Problem]
    changed: list[str]  # the docs files rewritten (none when the content has errors)
    done: Rebuilt | None  # what MkDocs built again (None: the content has errors, the pages stay)
    written: float  # when the docs files were rewritten (`time.perf_counter`)


def save(session: Session, live: LiveSite, docs: Path, content: str, settings: Settings, publish: Callable[[], None]) -> Saved:
    """One save: the content validated and rendered again (`Session`), the saved entries'
    own pages written and built as soon as they are rendered and `publish`ed, then every
    other docs file that changed, and the pages built from them."""
    from mkdocs.exceptions import MkDocsException

    ahead: list[str] = []
    shown = 0

    def show_first(files: dict[str, bytes]) -> None:
        nonlocal shown
        ahead.extend(sync_first(docs, files, session))
        try:
            shown = live.show(ahead, publish)
        except MkDocsException:  # the update below builds them again, and says what failed
            shown = 0

    with session.lock:  # no page put off is written meanwhile (`Session.write_put_off`): the folder is this save's
        files, problems = save_generation(session, content, settings, show_first)
        if not files:
            return Saved(problems, [], None, time.perf_counter())
        rest = sync_docs(docs, files, session)
    written = time.perf_counter()
    changed = sorted({*rest, *ahead})
    done = live.update(rest if shown else changed, first=session.edited_pages, publish=publish, shown=shown)
    return Saved(problems, changed, done, written)


def free_port(host: str, port: int, dev_addr: str) -> None:
    """Refuse a busy address up front, in one line, instead of letting the server fail."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will: TIME_WAIT is no obstacle
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise EnvironmentProblem(f"cannot serve on {dev_addr}: {exc.strerror or exc}; stop what uses it or pass --dev-addr") from None


def stop_on_signals() -> None:
    """SIGTERM ends `serve` the way Ctrl-C does, so the server always shuts down and frees its
    port. The first of either is the one that counts: the next are ignored, so that they cannot
    cut the clean-up short (a terminal sends Ctrl-C to a whole process group, and whatever
    started `serve` may pass it a SIGTERM too)."""

    def ignore(signum: int, frame: object) -> None:
        pass  # (a Python handler: with SIG_IGN, a signal already pending is printed as "ignored due to race condition")

    def interrupt(signum: int, frame: object) -> None:
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, ignore)
        raise KeyboardInterrupt

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, interrupt)


def dev_address(dev_addr: str) -> tuple[str, int]:
    host, _, port = dev_addr.rpartition(":")
    if not host or not port.isdigit():
        raise UsageError(f"--dev-addr must be HOST:PORT, such as 127.0.0.1:8000, not {dev_addr!r}")
    return host.strip("[]"), int(port)


def _show_mkdocs_messages() -> None:
    """MkDocs' own messages (serving address, warnings from pages) on stderr, as its CLI shows them."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("mkdocs: %(message)s"))
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)


def save_generation(
    session: Session, content: str, settings: Settings, show_first: Callable[[dict[str, bytes]], None] | None = None, *, put_off: bool = False
) -> tuple[dict[str, bytes], list[Problem]]:
    """A save's generation (`Session.generate`), with the garbage collector paused meanwhile
    and what it keeps frozen afterwards (`rulesref.support.collector`); MkDocs, between
    saves, runs with it."""
    first = session.memo.runs == 0
    with collector.paused():
        try:
            return session.generate(content, settings, show_first, put_off=put_off)
        finally:
            collector.settle(first=first)  # before the collector runs again: it would scan all a save made


@dataclass(frozen=True)
class Start:
    """What `serve` has once the docs folder holds the first pages: with either engine."""

    config: SiteConfig
    settings: Settings
    host: str
    port: int
    session: Session


def first_docs(content: str, config_file: str, dev_addr: str, settings: Settings, *, put_off: bool) -> Start | None:
    """What `serve` does first, with either engine: the config read, the docs folder checked
    to be rulesref's, the address checked free, the signals that stop it set, and the content
    rendered into the docs folder (`put_off`: the entries' own pages later); or, when the
    content has errors, the last good pages kept. None (said why) when there is nothing to serve."""
    config = SiteConfig.read(config_file, settings.site_url)
    settings = config.pages_settings(settings)
    ensure_owned(config.docs_dir, DOCS_OWNER, legacy=_nav_written)
    host, port = dev_address(dev_addr)
    free_port(host, port, dev_addr)
    stop_on_signals()
    session = Session()
    files, problems = save_generation(session, content, settings, put_off=put_off)
    sys.stderr.write(format_text(problems))
    if not files:
        if not (config.docs_dir / "index.md").is_file():
            print("rulesref: nothing to serve until the content is valid", file=sys.stderr)
            return None
        print(f"rulesref: serving the last good pages in {config.docs_dir}", file=sys.stderr)
    else:
        config.docs_dir.mkdir(parents=True, exist_ok=True)
        sync_docs(config.docs_dir, files, session)
    return Start(config, settings, host, port, session)


def serve(content: str, config_file: str, dev_addr: str, settings: Settings | None = None) -> int:
    """Serve the site with live reload, regenerating the pages a save changes."""
    require_site_tools("serve")
    from mkdocs.exceptions import MkDocsException

    from rulesref.site.live import LiveSite
    from rulesref.site.preview import PreviewServer

    _show_mkdocs_messages()
    start = first_docs(content, config_file, dev_addr, settings or Settings(), put_off=True)  # the entries' own pages come as they are built
    if start is None:
        return 1
    config, settings, host, port, session = start.config, start.settings, start.host, start.port, start.session
    mount = urlsplit(settings.site_url).path or "/"
    shown_host = f"[{host}]" if ":" in host else host
    site_dir = Path(tempfile.mkdtemp(prefix="rulesref-serve-"))
    live = LiveSite(config.config_file, site_dir, f"http://{shown_host}:{port}{mount}")

    def rebuild() -> None:
        started = time.perf_counter()

        def publish() -> None:
            server.publish()
            print(f"rulesref: the edited page(s) shown {time.perf_counter() - started:.2f} s after the change", file=sys.stderr)

        try:
            with live.priority():  # the first build, if it still runs, waits between pages meanwhile
                saved = save(session, live, config.docs_dir, content, settings, publish)
        except MkDocsException as exc:
            print(f"rulesref: MkDocs could not build the pages: {exc}; fix it and save again", file=sys.stderr)
            return
        sys.stderr.write(format_text(saved.problems))
        if saved.done is None:
            print("rulesref: the pages stay as they were until these are fixed", file=sys.stderr)
            return
        what = "the whole site rebuilt" if saved.done.whole else f"{saved.done.pages} page(s) rebuilt"
        print(
            f"rulesref: content changed; {len(saved.changed)} docs file(s) rewritten in {saved.written - started:.2f} s, "
            f"{what} in {time.perf_counter() - saved.written:.2f} s",
            file=sys.stderr,
        )

    def finished(pages: int, seconds: float) -> None:
        print(f"rulesref: all {pages:,} pages built in {seconds:.1f} s; search covers them all", file=sys.stderr)

    try:
        try:
            live.start(
                [paths.HOME],
                finished,
                order=lambda rel: not in_nav(rel),
                write_docs=lambda rel: session.write_put_off(config.docs_dir, rel),
                write_all=lambda: session.write_all_put_off(config.docs_dir),
                unwritten=session.unwritten_pages,
            )
        except MkDocsException as exc:
            raise UsageError(f"MkDocs could not build the site from {config.config_file.name}: {exc}") from None
        print("rulesref: the home page is built; the others are built in the background, the index pages first (a page asked for is built at once)", file=sys.stderr)
        server = PreviewServer(rebuild, host, port, site_dir, mount, ensure=live.ensure)
        server.watch(str(Path(content).resolve()))
        server.watch(str(config.config_file))
        try:
            server.serve()  # type: ignore[no-untyped-call]
        finally:
            server.shutdown()
    except KeyboardInterrupt:
        pass
    finally:
        live.close()
        remove_later(site_dir)  # exit does not wait for it
    return 0
