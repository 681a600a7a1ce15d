"""The live preview's page-by-page rebuild (`rulesref.site.live`) never shows: after every
edit of a series, the site it updated holds exactly what a whole MkDocs build of the same docs
folder makes (the search index as a set of entries: a rebuilt page's entries move to its end),
and plain edits rebuild only the pages whose docs files changed."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from mkdocs.structure.files import File

from rulesref.config import Settings
from rulesref.pages.try_it import MODULES
from rulesref.site import generate
from rulesref.site.live import LiveSite
from rulesref.site.serve import save, sync_docs, sync_tree
from rulesref.site.session import Session
from rulesref.support.output import MARKER

from ..conftest import edit
from .conftest import Built, make_project, site_files

pytestmark = pytest.mark.slow

URL = "http://127.0.0.1:8000/rulesref/"


def _generated(tmp_path: Path) -> tuple[Built, Settings, Session]:
    """A project whose docs folder holds a first generation, and the session that made it."""
    project = make_project(tmp_path / "live")
    settings, session = Settings(), Session()
    files, problems = session.generate(str(project.content), settings)
    assert files, problems
    sync_tree(project.docs, files)
    session.written = files
    return project, settings, session


def test_page_by_page_updates_equal_a_whole_build(tmp_path: Path) -> None:
    project, settings, session = _generated(tmp_path)
    w40k = project.content / "w40k7"
    live = LiveSite(project.config, tmp_path / "served", URL)
    first = live.build_all()
    assert first.whole and first.pages > 20

    def add_term() -> None:
        (w40k / "steady.yml").write_text(
            "id: steady\nkind: term\nname: Steady\nsummary: Calm under fire; see [[Fear]].\n", encoding="utf-8"
        )

    # (edit, whether a page-by-page update can do it)
    edits: list[tuple[Callable[[], None], bool]] = [
        # a summary shown in other pages' link previews: fearless/ and the pages linking to it
        (lambda: edit(w40k / "fearless.yml", "automatically passes Pinning", "shrugs off Pinning"), True),
        (lambda: edit(w40k / "fear.yml", "summary: ", "summary: Dreadful. "), True),
        (add_term, True),  # a new page, listed on others
        (lambda: edit(w40k / "steady.yml", "Calm under fire", "Unshaken"), True),
        (lambda: (w40k / "steady.yml").unlink(), True),
        (lambda: edit(w40k / "system.yml", "short_name: ", "short_name: Renamed "), False),  # the nav names systems
    ]
    try:
        for number, (change, by_page) in enumerate(edits):
            change()
            published: list[tuple[str, ...]] = []

            def publish(published: list[tuple[str, ...]] = published) -> None:
                # what the edited entry's page, a page previewing it, and its docs file hold by then
                served = tmp_path / "served" / "w40k7"
                pages = tuple((served / page / "index.html").read_text(encoding="utf-8") for page in ("fearless", "fear"))
                published.append((*pages, (project.docs / "w40k7" / "fear" / "index.md").read_text(encoding="utf-8")))

            saved = save(session, live, project.docs, str(project.content), settings, publish)
            assert saved.done is not None, saved.problems
            changed, done = saved.changed, saved.done
            assert done.whole is not by_page, (number, changed)
            if number == 0:  # fearless/ first, shown before fear/, which previews its summary, is rendered or built
                assert session.edited_pages == {"w40k7/fearless/index.md"}
                assert len(published) == 1
                fearless, fear, fear_docs = published[0]
                assert "shrugs off Pinning" in fearless and "shrugs off Pinning" not in fear
                assert "shrugs off Pinning" not in fear_docs  # shown before the pages that preview it were written
                assert "w40k7/fear/index.md" in changed
            if by_page:
                assert 0 < done.pages <= len(changed) < first.pages, (number, changed)
            whole = LiveSite(project.config, tmp_path / f"whole-{number}", URL)
            whole.build_all()
            whole.close()
            expected, actual = site_files(tmp_path / f"whole-{number}"), site_files(tmp_path / "served")
            assert actual.keys() == expected.keys(), (number, actual.keys() ^ expected.keys())
            differing = [rel for rel in expected if actual[rel] != expected[rel]]
            assert not differing, (number, differing)
            shutil.rmtree(tmp_path / f"whole-{number}")
    finally:
        live.close()


def test_a_changed_config_rebuilds_everything(tmp_path: Path) -> None:
    project = make_project(tmp_path / "live")
    files, problems = generate(str(project.content), Settings())
    assert files, problems
    sync_tree(project.docs, files)
    live = LiveSite(project.config, tmp_path / "served", URL)
    live.build_all()
    try:
        edit(project.config, "site_name: rulesref", "site_name: Renamed reference")
        done = live.update([])
        assert done.whole
        assert "Renamed reference" in (tmp_path / "served" / "index.html").read_text(encoding="utf-8")
    finally:
        live.close()


def test_the_first_build_serves_the_index_pages_first_and_any_page_asked_for_at_once(tmp_path: Path) -> None:
    """`start` builds the nav's pages, then the rest in the background; a page asked for
    before its turn is built then. When the background part ends, the site is what a whole
    build makes (the search index and the sitemap included)."""
    from rulesref.pages.nav import in_nav

    project = make_project(tmp_path / "live")
    files, problems = generate(str(project.content), Settings())
    assert files, problems
    sync_tree(project.docs, files)
    served = tmp_path / "served"
    first = [rel for rel in files if in_nav(rel)]
    assert "index.md" in first and "w40k7/index.md" in first and "w40k7/fear/index.md" not in first
    gate = threading.Event()

    def held(build_pages: Callable[[Sequence[File]], bool], pages: Sequence[File]) -> bool:  # the background part waits until the test has asked for a page
        gate.wait(timeout=60)
        return build_pages(pages)

    live = LiveSite(project.config, served, URL)
    done: list[tuple[int, float]] = []
    try:
        live.start(first, lambda pages, seconds: done.append((pages, seconds)), pace=held)
        assert (served / "index.html").is_file() and (served / "w40k7" / "index.html").is_file()
        assert not (served / "w40k7" / "fear" / "index.html").exists()
        assert not (served / "search" / "search_index.json").exists()
        live.ensure("w40k7/fear/index.html")
        assert (served / "w40k7" / "fear" / "index.html").is_file()
        assert not (served / "w40k7" / "fearless" / "index.html").exists()
        gate.set()
        live.wait()
        assert done and done[0][0] > 20
        whole = LiveSite(project.config, tmp_path / "whole", URL)
        whole.build_all()
        whole.close()
        expected, actual = site_files(tmp_path / "whole"), site_files(served)
        assert actual.keys() == expected.keys(), actual.keys() ^ expected.keys()
        assert [rel for rel in expected if actual[rel] != expected[rel]] == []
    finally:
        gate.set()
        live.close()


def _whole_build_equals(project: object, served: Path, whole: Path) -> None:
    """The site in `served` is what a whole MkDocs build of the same docs makes in `whole`."""
    built = LiveSite(project.config, whole, URL)  # type: ignore[attr-defined]
    built.build_all()
    built.close()
    expected, actual = site_files(whole), site_files(served)
    assert actual.keys() == expected.keys(), actual.keys() ^ expected.keys()
    assert [rel for rel in expected if actual[rel] != expected[rel]] == []


def test_saves_during_the_first_build_are_built_at_once_and_the_site_ends_as_a_whole_build(tmp_path: Path) -> None:
    """`serve` takes a save in while the first build still runs: the saved pages are built
    at once (whether the background part had built them or not), an added page is built, a
    removed one is left out, and when the background part ends, the site is what a whole
    build of the last docs makes."""

    project, settings, session = _generated(tmp_path)
    w40k = project.content / "w40k7"
    served = tmp_path / "served"
    gate = threading.Event()
    halfway = threading.Event()

    def held(build_pages: Callable[[Sequence[File]], bool], queue: Sequence[File]) -> bool:  # the background part stops partway (fear/ built, fearless/ not) until the saves are made
        build_pages([file for file in queue if not file.src_uri.startswith("w40k7/") or file.src_uri == "w40k7/fear/index.md"])
        halfway.set()
        gate.wait(timeout=60)
        return build_pages(queue)

    live = LiveSite(project.config, served, URL)
    try:
        live.start(["index.md"], pace=held)
        assert halfway.wait(timeout=60) and live.building()
        built_before = {p.relative_to(served).as_posix() for p in served.rglob("index.html")}
        assert "w40k7/fear/index.html" in built_before and "w40k7/fearless/index.html" not in built_before
        (w40k / "solitaire.yml").unlink()  # a page in the background part's queue, not built yet
        saved = save(session, live, project.docs, str(project.content), settings, lambda: None)
        assert saved.done is not None and not saved.done.whole, saved.problems
        assert not (project.docs / "w40k7" / "solitaire" / "index.md").exists()
        edit(w40k / "fearless.yml", "automatically passes Pinning", "shrugs off Pinning")  # not built yet; previewed by built pages
        edit(w40k / "fear.yml", "summary: ", "summary: Dreadful. ")  # built already
        (w40k / "steady.yml").write_text("id: steady\nkind: term\nname: Steady\nsummary: Calm under fire; see [[Fear]].\n", encoding="utf-8")
        published: list[str] = []
        saved = save(session, live, project.docs, str(project.content), settings, lambda: published.append("shown"))
        assert saved.done is not None and not saved.done.whole, saved.problems
        assert published and live.building()
        for page, words in (("fearless", "shrugs off Pinning"), ("fear", "Dreadful."), ("steady", "Calm under fire")):
            assert words in (served / "w40k7" / page / "index.html").read_text(encoding="utf-8"), page
        assert not (served / "search" / "search_index.json").exists()  # written when the first build ends
        (w40k / "steady.yml").unlink()
        saved = save(session, live, project.docs, str(project.content), settings, lambda: None)
        assert saved.done is not None and not saved.done.whole, saved.problems
        assert not (served / "w40k7" / "steady").exists()
        gate.set()
        live.wait()
        _whole_build_equals(project, served, tmp_path / "whole")
    finally:
        gate.set()
        live.close()


def _put_off_at_the_start(tmp_path: Path) -> tuple[Built, Settings, Session, LiveSite, threading.Event]:
    """A project generated as `serve` starts (every entry's own page put off), its first
    build started and held once the pages outside w40k7/ and w40k7/fear/ are built (until
    the event returned is set)."""
    project = make_project(tmp_path / "live")
    settings, session = Settings(), Session()
    files, problems = session.generate(str(project.content), settings, put_off=True)
    assert files, problems
    sync_docs(project.docs, files, session)
    gate, halfway = threading.Event(), threading.Event()

    def held(build_pages: Callable[[Sequence[File]], bool], queue: Sequence[File]) -> bool:
        build_pages([file for file in queue if not file.src_uri.startswith("w40k7/") or file.src_uri == "w40k7/fear/index.md"])
        halfway.set()
        gate.wait(timeout=60)
        return build_pages(queue)

    live = LiveSite(project.config, tmp_path / "served", URL)
    live.start(
        ["index.md"],
        pace=held,
        write_docs=lambda rel: session.write_put_off(project.docs, rel),
        write_all=lambda: session.write_all_put_off(project.docs),
        unwritten=session.unwritten_pages,
    )
    assert halfway.wait(timeout=60) and live.building()
    return project, settings, session, live, gate


def _docs_are_a_full_generation(project: Built, session: Session) -> None:
    full, problems = generate(str(project.content), Settings())
    assert full, problems
    assert session.put_off == {} and session.folders_put_off == ()
    held = {p.relative_to(project.docs).as_posix(): p.read_bytes() for p in sorted(project.docs.rglob("*")) if p.is_file() and p.name != MARKER}
    assert held.keys() == full.keys(), held.keys() ^ full.keys()
    assert [rel for rel in full if held[rel] != full[rel]] == []


def test_pages_put_off_are_written_as_the_first_build_reaches_them_or_a_reader_asks(tmp_path: Path) -> None:
    """`serve` starts without the entries' own pages: MkDocs lists each before it is written, the
    first build writes each before it builds it, a page or JSON file asked for is written (and built) at once, a save during
    the first build is not undone by the page put off before it, and the site ends as a
    whole build of a full generation's docs folder."""
    project, settings, session, live, gate = _put_off_at_the_start(tmp_path)
    served, w40k = tmp_path / "served", project.content / "w40k7"
    try:
        assert "w40k7/fear/index.md" not in session.put_off and "Fear" in (served / "w40k7" / "fear" / "index.html").read_text(encoding="utf-8")
        assert "w40k7/consolidate/index.md" in session.put_off and not (served / "w40k7" / "consolidate" / "index.html").exists()
        live.ensure("w40k7/consolidate/index.html")
        assert "w40k7/consolidate/index.md" not in session.put_off
        assert "Consolidate" in (served / "w40k7" / "consolidate" / "index.html").read_text(encoding="utf-8")
        full, _ = generate(str(project.content), settings)
        assert not (served / "api" / "w40k7" / "fearless.json").exists()  # (not in the docs folder yet either)
        live.ensure("api/w40k7/fearless.json")
        assert (served / "api" / "w40k7" / "fearless.json").read_bytes() == full["api/w40k7/fearless.json"]
        assert "w40k7/fearless/index.md" not in session.put_off and not (served / "w40k7" / "fearless" / "index.html").exists()
        runtime = f"{MODULES}/_runtime.js"  # a script a form asks for: its folder is written whole, and served
        assert not (served / runtime).exists() and MODULES in session.folders_put_off
        live.ensure(runtime)
        assert (served / runtime).read_bytes() == full[runtime] and (served / MODULES / "w40k7" / "fear.js").is_file()
        edit(w40k / "fearless.yml", "automatically passes Pinning", "shrugs off Pinning")  # written, not built yet
        edit(w40k / "run.yml", "summary: ", "summary: Swift. ")  # put off, not built yet
        saved = save(session, live, project.docs, str(project.content), settings, lambda: None)
        assert saved.done is not None and not saved.done.whole, saved.problems
        for page, words in (("fearless", "shrugs off Pinning"), ("run", "Swift.")):
            assert words in (served / "w40k7" / page / "index.html").read_text(encoding="utf-8"), page
        assert "w40k7/run/index.md" not in session.put_off and "w40k7/solitaire/index.md" in session.put_off
        gate.set()
        live.wait()
        _docs_are_a_full_generation(project, session)
        assert "shrugs off Pinning" in (served / "w40k7" / "fearless" / "index.html").read_text(encoding="utf-8")
        _whole_build_equals(project, served, tmp_path / "whole")
    finally:
        gate.set()
        live.close()


def test_a_whole_build_during_the_first_writes_every_page_put_off_first(tmp_path: Path) -> None:
    """A save that changes the nav builds the site whole, stopping the first build: MkDocs
    then reads every docs file, so every page put off is written first (none is built
    unwritten), and the site is a whole build of a full generation's docs folder."""
    project, settings, session, live, gate = _put_off_at_the_start(tmp_path)
    try:
        edit(project.content / "w40k7" / "system.yml", "short_name: ", "short_name: Renamed ")  # the nav names systems
        gate.set()  # (the first build goes on meanwhile, as in `serve`)
        saved = save(session, live, project.docs, str(project.content), settings, lambda: None)
        assert saved.done is not None and saved.done.whole, saved.problems
        assert not live.building()
        _docs_are_a_full_generation(project, session)
        _whole_build_equals(project, tmp_path / "served", tmp_path / "whole")
    finally:
        gate.set()
        live.close()


def test_closing_stops_the_first_build_at_its_next_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve` exits promptly on Ctrl-C or SIGTERM: closing the live site ends the first
    build after the page it is building, without building the rest or the search index."""
    from rulesref.site import live as live_module

    project = make_project(tmp_path / "live")
    files, problems = generate(str(project.content), Settings())
    assert files, problems
    sync_tree(project.docs, files)
    served = tmp_path / "served"
    building, release = threading.Event(), threading.Event()
    pages: list[str] = []
    from rulesref.site.mkdocs_internals import populate_page as original  # the one `live` calls

    def slow(page: object, config: object, files: object) -> None:  # the background part's third page waits for the test
        if threading.current_thread().name == live_module.FIRST_BUILD:
            pages.append(page.file.src_uri)  # type: ignore[attr-defined]
            if len(pages) == 3:
                building.set()
                release.wait(timeout=60)
        original(page, config, files)

    monkeypatch.setattr(live_module, "populate_page", slow)
    live = LiveSite(project.config, served, URL)
    finished: list[int] = []
    live.start(["index.md"], lambda count, seconds: finished.append(count))
    try:
        assert building.wait(timeout=60)
        closing = threading.Thread(target=live.close)
        closing.start()
        while not live._stop.is_set() and closing.is_alive():  # close has asked the first build to stop
            closing.join(0.01)
        release.set()
        closing.join(timeout=60)
        assert not closing.is_alive() and not live.building()
        assert len(pages) == 3 and not finished
        assert len(list(served.rglob("index.html"))) == 4  # the home page and the three the background built
        assert not (served / "search" / "search_index.json").exists()
    finally:
        release.set()
        live.close()
