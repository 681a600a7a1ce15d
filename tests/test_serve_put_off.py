"""`serve` starts without the entries' own pages and the forms' scripts
(`Session.generate(put_off=True)`) and writes each later (`Session.write_put_off`; the
scripts a folder at a time): the docs folder is never other than a full
generation's but for the files still put off (not written yet: MkDocs lists those pages and
builds none of them until they are written), a save is never undone by a page put off before it, and once every
page put off is written, the folder is exactly what a full generation writes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesref import paths
from rulesref.config import Settings
from rulesref.incremental.reads import PAGES
from rulesref.pages.docs import PLAYED, SCRIPT_FOLDERS, PutOff, docs_files
from rulesref.pages.roster import DATA as ROSTER_DATA
from rulesref.pages.try_it import MODULES
from rulesref.pages.versus_forms import TARGETS
from rulesref.site import generate
from rulesref.site.serve import sync_docs
from rulesref.site.session import Session
from rulesref.support.output import MARKER
from rulesref.validate import validate

from .conftest import edit

pytestmark = pytest.mark.slow  # over 5 s (tasks.py test --fast leaves it out)

REPO = Path(__file__).resolve().parent.parent


def folder_files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and p.name != MARKER}


def _as_full_but_put_off(docs: Path, session: Session, content: Path, step: str) -> dict[str, bytes]:
    """The folder is a full generation's, but for the files still put off (a page not written
    yet, or what the folder held; no JSON file; nothing of a folder of scripts): checked, and
    the full generation returned."""
    full, problems = generate(str(content), Settings())
    assert full, problems
    held = folder_files(docs)
    json_put_off = {rel for rel in session.put_off if not rel.endswith(".md")}  # written with its page, not before
    unwritten = set(session.unwritten_pages())
    assert unwritten <= session.put_off.keys() and not unwritten & held.keys(), step
    assert unwritten == {rel for rel in session.put_off if rel.endswith(".md") and rel not in held}, step  # (what the session says is what the disk lacks)
    in_folders = {rel for rel in full if rel.startswith(tuple(f"{folder}/" for folder in session.folders_put_off))}  # written whole, when asked for
    absent = json_put_off | unwritten | in_folders
    assert held.keys() == full.keys() - absent, (step, held.keys() ^ (full.keys() - absent))
    assert set(session.put_off) <= full.keys(), step
    differ = sorted(rel for rel in held if held[rel] != full[rel])
    assert set(differ) <= set(session.put_off), (step, sorted(set(differ) - set(session.put_off)))
    return full


def test_docs_files_leaves_out_the_pages_put_off_and_renders_each_alike_later() -> None:
    build = validate([str(REPO / "content")], Settings(), odds=True)
    full = docs_files(build)
    later = PutOff(lambda page: page.startswith("w40k7/") and page != "w40k7/index.md")
    files = docs_files(build, put_off=later)
    assert "w40k7/fear/index.md" in later.pages and "w40k7/fear/index.md" not in files
    assert later.pages["w40k7/fear/index.md"] == ("w40k7/fear/index.md", "api/w40k7/fear.json")
    assert "w40k7/index.md" in files and "t9a/fearless/index.md" in files  # an index page, another system's entry
    put_off = {rel for rels in later.pages.values() for rel in rels}
    assert files.keys() == full.keys() - put_off
    assert all(files[rel] == full[rel] for rel in files)  # what lists an entry needs only its page's path
    assert later.render is not None
    for page, rels in later.pages.items():
        assert later.render(page) == {rel: full[rel] for rel in rels}, page


def test_the_api_example_is_never_put_off() -> None:
    """The API page links one entry's JSON file as its example: that entry's files are made
    at once, so MkDocs finds the link's target from the start (and warns of nothing)."""
    build = validate([str(REPO / "content")], Settings(), odds=True)
    later = PutOff(lambda page: True)
    files = docs_files(build, put_off=later)
    example = next(e for e in build.content.entries if e.checks)  # the first with checks (`Pages.api_example`)
    assert paths.api_entry(example) in files and paths.entry_page(example) in files
    assert paths.entry_page(example) not in later.pages
    assert len(later.pages) == len(build.content.entries) - 1  # every other entry's page is put off


def test_pages_put_off_are_written_later_and_a_save_is_never_undone(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    docs = tmp_path / "docs"
    settings = Settings()
    session = Session()
    files, problems = session.generate(str(content), settings, put_off=True)
    assert files, problems
    entries = {paths.entry_page(e) for e in session.entries.values()}
    example = paths.entry_page(next(e for e in session.entries.values() if e.checks))  # the API page's example: made at once
    assert entries - {example} <= set(session.put_off) and "index.md" not in session.put_off
    assert not (entries - {example}) & files.keys() and example in files
    sync_docs(docs, files, session)
    assert set(session.unwritten_pages()) == {rel for rel in session.put_off if rel.endswith(".md")}  # no page put off is on disk
    assert not (docs / "w40k7" / "fear").exists()
    assert not (docs / "api" / "w40k7" / "fear.json").exists()
    assert session.folders_put_off == SCRIPT_FOLDERS and not (docs / MODULES).exists()  # the forms' scripts too
    _as_full_but_put_off(docs, session, content, "start")

    # a script asked for: its whole folder is written, as a full generation has it
    modules = session.write_put_off(docs, f"{MODULES}/w40k7/fear.js")
    assert f"{MODULES}/w40k7/fear.js" in modules and f"{MODULES}/_runtime.js" in modules and all(rel.startswith(f"{MODULES}/") for rel in modules)
    assert MODULES not in session.folders_put_off and session.write_put_off(docs, f"{MODULES}/_runtime.js") == []
    assert session.write_put_off(docs, f"{MODULES}-not/x.js") == []  # (a folder's name is no prefix of another's)
    _as_full_but_put_off(docs, session, content, "a script written")

    # a page asked for, by its page and by its JSON file: both are written, as a full generation has them
    assert session.write_put_off(docs, "w40k7/fear/index.md") == ["api/w40k7/fear.json", "w40k7/fear/index.md"]
    assert session.write_put_off(docs, "api/w40k7/charge.json") == ["api/w40k7/charge.json", "w40k7/charge/index.md"]
    assert session.write_put_off(docs, "w40k7/fear/index.md") == []  # written once
    assert session.write_put_off(docs, "index.md") == []  # never put off
    full = _as_full_but_put_off(docs, session, content, "two pages written")
    for rel in ("w40k7/fear/index.md", "api/w40k7/fear.json", "w40k7/charge/index.md"):
        assert (docs / rel).read_bytes() == full[rel] and rel not in session.put_off
    fear_key = "w40k7/fear/index.md and its JSON"
    fear_rendered = session.memo.kept(PAGES, fear_key)
    assert fear_rendered is not None  # kept, as if the first generation had rendered it

    # a save that edits a page still put off (previewed by pages that are written) and one written already
    w40k = content / "w40k7"
    edit(w40k / "fearless.yml", "never fails Morale checks", "shrugs off Morale checks")
    edit(w40k / "charge.yml", "text: |\n", "text: |\n  Units that cause [[Fear]] are charged all the same.\n")
    files, problems = session.generate(str(content), settings)
    assert files, problems
    assert "w40k7/fearless/index.md" in files and "w40k7/fearless/index.md" not in session.put_off
    assert "w40k7/morale-check/index.md" in session.put_off  # not edited: still put off
    sync_docs(docs, files, session)
    full = _as_full_but_put_off(docs, session, content, "a save")
    assert b"shrugs off Morale checks" in (docs / "w40k7" / "fearless" / "index.md").read_bytes()
    assert session.write_put_off(docs, "w40k7/fearless/index.md") == []  # the save's render stays
    assert (docs / "w40k7" / "fear" / "index.md").read_bytes() == full["w40k7/fear/index.md"]  # its backlinks follow
    assert session.memo.kept(PAGES, fear_key) is not fear_rendered  # (the backlink changed what it read)

    # an entry added, and one put off deleted
    (w40k / "steady.yml").write_text("id: steady\nkind: term\nname: Steady\nsummary: Calm under fire; see [[Fear]].\n", encoding="utf-8")
    assert "w40k7/deffkoptas/index.md" in session.put_off
    (w40k / "deffkoptas.yml").unlink()
    files, problems = session.generate(str(content), settings)
    assert files, problems
    assert "w40k7/steady/index.md" in files and "w40k7/deffkoptas/index.md" not in session.put_off
    sync_docs(docs, files, session)
    assert not (docs / "w40k7" / "deffkoptas").exists()
    _as_full_but_put_off(docs, session, content, "an entry added, one deleted")

    # content with errors: nothing changes, what is put off stays so
    still = dict(session.put_off)
    edit(w40k / "fear.yml", "kind:", "kind: [not, a, kind]\nold_kind:")
    files, problems = session.generate(str(content), settings)
    assert not files and any(p.severity == "error" for p in problems)
    assert session.put_off == still
    edit(w40k / "fear.yml", "kind: [not, a, kind]\nold_kind:", "kind:")

    # every page put off written: the folder is a full generation's
    written = session.write_all_put_off(docs)
    assert written and session.written is not None and all(rel in session.written for rel in written)
    assert session.put_off == {} and session.folders_put_off == () and session.unwritten_pages() == []
    full, _ = generate(str(content), settings)
    assert folder_files(docs) == full

    # and the next save reuses what was written late instead of rendering it again
    morale_key = "w40k7/morale-check/index.md and its JSON"
    late = session.memo.kept(PAGES, morale_key)
    assert late is not None
    files, problems = session.generate(str(content), settings)
    assert files and session.memo.kept(PAGES, morale_key) is late
    assert files == full


def test_the_played_units_scripts_are_put_off_and_a_unit_page_needs_only_its_own_part(tmp_path: Path) -> None:
    """With imported units played with another system: the Versus scripts and the roster
    page's data are made only when asked for, each folder whole and as a full generation
    makes it; a unit's page put off, or saved while they are, makes that unit's part alone."""
    from .played import played_content

    content = played_content(tmp_path / "content")
    docs, settings, session = tmp_path / "docs", Settings(), Session()
    files, problems = session.generate(str(content), settings, put_off=True)
    assert files, problems
    example = "lanterns/hive-beetles/index.md"  # the API page's example, made at once (`test_the_api_example_is_never_put_off`)
    assert example in files and example not in session.put_off
    assert session.memo.made[PLAYED] == 2  # its part alone, and what the system's units share
    assert "roster/index.md" in files  # the page: it names its data by the systems alone
    assert not any(rel.startswith((f"{TARGETS}/", f"{ROSTER_DATA}/", f"{MODULES}/")) for rel in files)
    sync_docs(docs, files, session)
    full = _as_full_but_put_off(docs, session, content, "start")
    unit = "lanterns/moth-reavers/index.md"
    assert b"rr-try" in full[unit] and unit in session.put_off

    assert session.write_put_off(docs, unit) == ["api/lanterns/moth-reavers.json", unit]
    assert (docs / unit).read_bytes() == full[unit]
    targets = session.write_put_off(docs, f"{TARGETS}/lanterns.js")
    assert f"{TARGETS}/lanterns.js" in targets and any(rel.startswith(f"{TARGETS}/described/") for rel in targets)
    assert TARGETS not in session.folders_put_off and ROSTER_DATA in session.folders_put_off
    data = session.write_put_off(docs, f"{ROSTER_DATA}/lanterns.js")
    assert f"{ROSTER_DATA}/lanterns.js" in data and any(rel.startswith(f"{ROSTER_DATA}/lanterns/") for rel in data)
    _as_full_but_put_off(docs, session, content, "scripts written")

    # a save of a unit whose page is put off, while the scripts are: its page is made (its part alone), the rest stays put off
    session = Session()
    files, _ = session.generate(str(content), settings, put_off=True)
    edit(content / "lanterns" / "moth-reavers.yml", '"Strength": "8"', '"Strength": "7"')
    files, problems = session.generate(str(content), settings)
    assert files, problems
    assert unit in files and unit not in session.put_off and session.folders_put_off == SCRIPT_FOLDERS
    assert session.memo.made[PLAYED] == 1  # the unit's part (what the units share holds no unit)
    full, _ = generate(str(content), settings)
    assert files[unit] == full[unit] and files[unit] != (docs / unit).read_bytes()
