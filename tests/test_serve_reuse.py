"""What `serve` keeps between saves (loaded files, folder listings, resolved links, checks
across files, compiled entries, rendered files, what the docs folder holds) never shows:
after every edit of a series, the docs folder it keeps in sync holds exactly what a fresh,
full generation writes, and the problems are exactly a full validation's.

The series runs twice: as files are when just saved (their status too new to trust, so
every file is read), and with every status trusted at once, so that files and folders
are known unchanged by their status alone."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import rulesref.validate as validate_module
from rulesref import paths
from rulesref.config import Settings
from rulesref.incremental.reads import PAGES
from rulesref.pages.finished import url
from rulesref.read import status as file_status
from rulesref.read import unchanged
from rulesref.site import generate
from rulesref.site.serve import sync_tree
from rulesref.site.session import Session
from rulesref.views.relations import SAME_RULE_SHOWN

from .conftest import edit

pytestmark = pytest.mark.slow  # over 5 s (tasks.py test --fast leaves it out)

REPO = Path(__file__).resolve().parent.parent


def folder_files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def series(content: Path) -> list[tuple[str, Callable[[], object]]]:
    """The edits, each named; each is applied to what the ones before it left."""
    w40k = content / "w40k7"
    original = {name: (REPO / "content" / "w40k7" / name).read_bytes() for name in ("fear.yml", "fearless.yml", "charge.yml", "deffkoptas.yml", "eternal-warrior.yml")}

    def restore(name: str) -> Callable[[], object]:
        return lambda: (w40k / name).write_bytes(original[name])

    def rename_morale() -> None:
        # a name shown on other pages: "referenced by" lists, the index, the glossary, previews
        edit(w40k / "morale-check.yml", 'name: "Morale check"', 'name: "Nerve roll"\n# renamed')
        edit(w40k / "morale-check.yml", 'aliases: ["Morale checks",', 'aliases: ["Morale check", "Morale checks",')

    def add_entry() -> None:
        (w40k / "steady-nerves.yml").write_text(
            "id: steady-nerves\nkind: term\nname: Steady nerves\nsummary: Calm under fire; see [[Morale check]].\ntags: [morale, new-tag]\n",
            encoding="utf-8",
        )

    def duplicate_in_new_folder() -> None:
        # a new sub-folder, and an id and names its system already has
        (w40k / "more").mkdir()
        shutil.copy(w40k / "fear.yml", w40k / "more" / "fear.yml")

    def touch_unchanged() -> None:
        # a file rewritten with the same bytes and one whose times alone change
        (w40k / "charge.yml").write_bytes((w40k / "charge.yml").read_bytes())
        later = time.time_ns() + 10**9
        os.utime(w40k / "fearless.yml", ns=(later, later))

    def share_name_widely() -> None:
        # small systems with a Fearless each: the name gets a page of its own (`NameGroup`)
        for n in range(SAME_RULE_SHOWN):
            folder = content / f"g{n}"
            folder.mkdir()
            (folder / "system.yml").write_text(f"id: g{n}\nname: Game {n}\nedition: 1st edition\nbooks:\n  rules: {{title: Rules}}\n", encoding="utf-8")
            (folder / "fearless.yml").write_text(f"id: fearless\nkind: rule\nname: Fearless\nsummary: Never flees ({n}).\ntext: It never flees.\n", encoding="utf-8")

    def unshare_name() -> None:
        for n in range(SAME_RULE_SHOWN):
            shutil.rmtree(content / f"g{n}")

    return [
        ("summary other pages preview", lambda: edit(w40k / "fearless.yml", "never fails Morale checks", "shrugs off Morale checks")),
        ("name shown elsewhere", rename_morale),
        ("new tag", lambda: edit(w40k / "fear.yml", "tags: [", "tags: [terror, ")),
        ("new entry", add_entry),
        ("schema error", lambda: edit(w40k / "fearless.yml", "kind:", "kind: [not, a, kind]\nold_kind:")),
        ("schema error fixed", restore("fearless.yml")),
        ("entry deleted", lambda: (w40k / "steady-nerves.yml").unlink()),
        ("system shown beside same-named rules", lambda: edit(content / "hh2" / "system.yml", "short_name: ", "short_name: X")),
        ("backlink added", lambda: edit(w40k / "charge.yml", "text: |\n", "text: |\n  Units that cause [[Fear]] are charged all the same.\n")),
        ("backlink removed", restore("charge.yml")),
        ("same rule listed by same_as", lambda: edit(w40k / "fearless.yml", "kind:", "same_as: [hh2:brutal]\nkind:")),
        ("duplicate id and names in a new folder", duplicate_in_new_folder),
        ("duplicate gone with its folder", lambda: shutil.rmtree(w40k / "more")),
        ("link that does not resolve", lambda: edit(w40k / "fear.yml", "[[base contact]]", "[[base contakt]]")),
        ("second unresolved link, earlier in content order", lambda: edit(w40k / "charge.yml", "text: |\n", "text: |\n  See [[Fearles]].\n")),
        ("first one fixed", lambda: edit(w40k / "fear.yml", "[[base contakt]]", "[[base contact]]")),
        ("second one fixed", restore("charge.yml")),
        ("book that does not exist", lambda: edit(w40k / "fear.yml", "{book: brb}", "{book: nowhere}")),
        ("a comment moves that problem down a line", lambda: edit(w40k / "fear.yml", "id: fear", "# a comment\nid: fear")),
        ("book fixed", restore("fear.yml")),
        ("files touched, bytes unchanged", touch_unchanged),
        ("same_as removed", restore("fearless.yml")),
        ("a name shared by many systems", share_name_widely),
        ("a summary shown on the name's page", lambda: edit(content / "g3" / "fearless.yml", "Never flees (3)", "Stands fast (3)")),
        ("systems gone, name shared by few", unshare_name),
        # composed checks: a unit gains a rule that another unit's Versus form fills in for it as a target
        ("a unit gains a rule others aim at", lambda: edit(w40k / "deffkoptas.yml", "  - ere-we-go\n", "  - ere-we-go\n  - eternal-warrior\n")),
        ("the effect a composed check names, reworded", lambda: edit(w40k / "eternal-warrior.yml", "Instant Death takes only one Wound from this model.\n    set: 1", "Instant Death costs this model one Wound only.\n    set: 1")),
        ("the rule taken away again", restore("deffkoptas.yml")),
        ("the effect as it was", restore("eternal-warrior.yml")),
    ]


@pytest.fixture(params=["statuses too new to trust", "statuses trusted"])
def trusted(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    if request.param == "statuses trusted":
        monkeypatch.setattr(file_status, "RACY_SECONDS", 0.0)
        return True
    monkeypatch.setattr(file_status, "RACY_SECONDS", 3600.0)
    return False


@pytest.mark.deep(everyday={"trusted": "statuses trusted"})  # (the other way, every file read again, with --deep)
def test_kept_generation_equals_a_full_one_after_every_edit(tmp_path: Path, trusted: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    from rulesref.read.load import read_file  # the one `validate` calls

    def spy(path: Any, *a: Any, **k: Any) -> Any:
        reads.append(str(path))
        return read_file(path, *a, **k)

    monkeypatch.setattr(validate_module, "read_file", spy)
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    docs = tmp_path / "docs"
    docs.mkdir()
    settings = Settings()
    session = Session()
    before, _ = session.generate(str(content), settings)
    sync_tree(docs, before)
    written = before
    shown: dict[str, dict[str, bytes]] = {}
    seen_errors: set[str] = set()
    for name, change in series(content):
        change()
        reads.clear()
        files, problems = session.generate(str(content), settings)
        if trusted:  # only what the edit touched is read; all of it when nothing can be trusted
            if name == "a name shared by many systems":
                assert sorted(Path(r).parent.name for r in reads) == sorted([f"g{n}" for n in range(SAME_RULE_SHOWN)] * 2), reads
            else:
                assert len(reads) <= 3, (name, reads)
            if name == "summary other pages preview":
                assert [Path(r).name for r in reads] == ["fearless.yml"], reads
        else:
            assert len(reads) > 100, name
        full_files, full_problems = generate(str(content), settings)
        assert problems == full_problems, name
        assert files.keys() == full_files.keys(), name
        seen_errors |= {p.code for p in problems if p.severity == "error"}
        if not files:
            assert any(p.severity == "error" for p in problems), name
            continue
        changed = sync_tree(docs, files, written)  # as serve does: changes found in memory, not on disk
        assert changed == sorted(rel for rel in files.keys() | written.keys() if files.get(rel) != written.get(rel)), name
        written = files
        assert folder_files(docs) == full_files, f"{name}: the kept docs folder differs from a full generation"
        shown[name] = files
    # the series did reach what it means to test
    assert seen_errors >= {"duplicate-id", "duplicate-name", "unresolved-link", "unknown-book"}, seen_errors
    renamed = [page for page, data in shown["name shown elsewhere"].items() if b"Nerve roll" in data and page.endswith(".md")]
    assert len(renamed) >= 4, renamed  # its own page, its system's index, the glossary, pages that list it
    assert all(b"Nerve roll" not in before.get(page, b"") for page in renamed)
    fear_page, charge_link = "w40k7/fear/index.md", b'<li><a href="../charge/"'  # a row of "Referenced by"
    assert charge_link not in shown["new tag"][fear_page]
    assert charge_link in shown["backlink added"][fear_page]  # "Referenced by" gained the charge
    assert charge_link not in shown["backlink removed"][fear_page]
    brutal = "hh2/brutal/index.md"  # now lists the Fearless it does not share a name with
    assert b">Fearless</a>" not in shown["backlink removed"][brutal]
    assert b">Fearless</a>" in shown["same rule listed by same_as"][brutal]
    name_page = "compare/rule-fearless/index.md"
    assert b"Never flees \\(3\\)" in shown["a name shared by many systems"][name_page]
    assert b"Stands fast \\(3\\)" in shown["a summary shown on the name's page"][name_page]
    assert name_page not in shown["systems gone, name shared by few"]


def test_rewording_a_text_leaves_the_pages_that_list_the_entry_as_they_were(tmp_path: Path) -> None:
    """Pages that list an entry (the same rule in other systems, "Referenced by", a tag's
    entries) show its name, kind, system and summary, never its text: a save that rewords the
    text renders its own page again and leaves those kept, and what is kept is still what a
    full generation writes."""
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    settings = Settings()
    session = Session()
    before, _ = session.generate(str(content), settings)
    edited = "w40k7/fearless/index.md"
    listing = ["t9a/fearless/index.md", "w40k7/morale-check/index.md", "tags/psychology/index.md", "tags/morale/index.md", "w40k7/index.md"]
    for page in listing:  # the same rule, a rule it links to, its tags, its system's index: each lists it
        link = paths.relative(page, edited)  # in Markdown, or in the finished HTML of an entry's page
        assert any(form.encode() in before[page] for form in (link, f'href="{url(link)}"')), page
    keys = {page: f"{page} and its JSON" if page.count("/") == 2 and not page.startswith("tags/") else page for page in [*listing, edited]}
    rendered = {page: session.memo.kept(PAGES, key) for page, key in keys.items()}
    assert all(found is not None for found in rendered.values())
    edit(content / "w40k7" / "fearless.yml", "all the effects of", "every effect of")
    files, problems = session.generate(str(content), settings)
    assert session.memo.kept(PAGES, keys[edited]) is not rendered[edited]
    assert b"every effect of" in files[edited]
    assert [page for page in listing if session.memo.kept(PAGES, keys[page]) is rendered[page]] == listing
    assert (files, problems) == generate(str(content), settings)


def test_a_file_just_written_is_read_again_not_trusted_by_its_status(tmp_path: Path) -> None:
    path = tmp_path / "rule.yml"
    path.write_text("id: a\n", encoding="utf-8")
    assert unchanged.trusted_status(str(path)) is None  # written within the clock's step: its times prove nothing
    old = time.time_ns() - 10 * 10**9
    os.utime(path, ns=(old, old))
    assert unchanged.trusted_status(str(path)) is None  # setting the times changed the status change time


def test_an_old_file_is_trusted_by_its_status_and_a_link_never(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "rule.yml"
    path.write_text("id: a\n", encoding="utf-8")
    (tmp_path / "link.yml").symlink_to(path)
    monkeypatch.setattr(file_status, "RACY_SECONDS", 0.0)
    status = unchanged.trusted_status(str(path))
    assert status is not None
    assert unchanged.trusted_status(str(tmp_path / "link.yml")) is None
    path.write_text("id: b\n", encoding="utf-8")  # same size, new bytes: the times differ
    assert unchanged.trusted_status(str(path)) != status


def kept_and_full(content: Path, steps: list[tuple[str, Callable[[], object]]]) -> Iterator[tuple[str, Session, dict[str, bytes]]]:
    """One session's generations: the first (named ""), then one after each edit of `steps`
    in turn, each found equal (files and problems) to a full generation of the same content."""
    settings = Settings()
    session = Session()
    files, _ = session.generate(str(content), settings)
    yield "", session, files
    for name, change in steps:
        change()
        files, problems = session.generate(str(content), settings)
        full_files, full_problems = generate(str(content), settings)
        assert problems == full_problems, name
        assert files == full_files, name
        yield name, session, files


def test_the_roster_page_and_its_data_follow_each_edit(tmp_path: Path) -> None:
    """Imported content has an "Open a roster" page and a data file per system; what they
    read (summaries, texts, units' rules, checks' forms, which entries came from
    BattleScribe) is recorded as they are made, so each kept file equals a full generation's.
    Each kept record is made again only when what it reads changed, and so is each army's
    pages: an edit of one army's unit leaves another army's pages as they were."""
    from rulesref.commands.cli import main

    from .conftest import FIXTURES

    content = tmp_path / "content"
    assert main(["import", "battlescribe", str(FIXTURES / "battlescribe" / "pondwars"), "--system", "pond", "--content", str(content)]) == 0
    pond = content / "pond"
    leap = (pond / "leap.yml").read_text(encoding="utf-8")
    check = "checks:\n  clears:\n    summary: Whether it clears them.\n    inputs: {beasts: {type: int, min: 0, max: 6}}\n    output: {type: bool}\n    expr: beasts <= 2\n    examples:\n      - {given: {beasts: 1}, expect: true}\n"
    def unmark_imported() -> None:
        for p in sorted(pond.glob("*.yml")):
            if "\norigin:" in p.read_text(encoding="utf-8"):
                edit(p, "\norigin:", "\n# origin:")

    steps: list[tuple[str, Callable[[], object]]] = [
        ("a rule's summary", lambda: edit(pond / "leap.yml", 'summary: "A beast', 'summary: "Any beast')),
        ("a weapon of one army's unit", lambda: edit(pond / "newt-skirmishers.yml", '"Punch": "1"', '"Punch": "2"')),
        ("a check added", lambda: (pond / "leap.yml").write_text((pond / "leap.yml").read_text(encoding="utf-8") + check, encoding="utf-8")),
        ("a unit's rule removed", lambda: edit(pond / "frog-guard.yml", "\"leap\", ", "")),
        ("no entry from BattleScribe left", unmark_imported),
        ("imported again", lambda: (pond / "leap.yml").write_text(leap, encoding="utf-8")),
    ]
    from rulesref.pages.docs import ROSTER

    seen: dict[str, dict[str, bytes]] = {}
    records: dict[str, int] = {}
    for name, session, files in kept_and_full(content, steps):
        if not name:
            assert "roster/index.md" in files and "assets/roster/pond.js" in files
        seen[name] = files
        records[name] = session.memo.made[ROSTER]
    assert records[""] > 5 and records["a rule's summary"] == 3  # the rule's record and those of the two units that name it, not every entry's
    before, after = seen["a rule's summary"], seen["a weapon of one army's unit"]
    newts = paths.army_weapons_page("pond", "newts")
    assert after[newts] != before[newts]  # the edited unit's army lists the weapon anew
    frogs = [paths.army_page("pond", "frogs-army-book"), paths.army_weapons_page("pond", "frogs-army-book")]
    assert all(after[page] is before[page] for page in frogs)  # another army's pages are kept, not made again (the very bytes)
    def roster_data(files: dict[str, bytes]) -> bytes:
        return b"".join(data for path, data in sorted(files.items()) if path.startswith("assets/roster/"))

    assert b"Any beast" in roster_data(seen["a rule's summary"])
    assert b"rr-try" in roster_data(seen["a check added"])
    assert "roster/index.md" not in seen["no entry from BattleScribe left"]
    assert "roster/index.md" in seen["imported again"]


def test_the_versus_forms_of_played_units_follow_each_edit_and_only_what_changed_is_made_again(tmp_path: Path) -> None:
    """Imported units played with another system's steps: each unit's forms, the system's
    targets and the description scripts equal a full generation's after every edit; a unit's
    edit makes that unit's part again (and the targets), not every unit's, and composes again
    only what that unit composes."""
    from rulesref.logic.by_system import ALIKE
    from rulesref.pages.docs import PLAYED

    from .played import played_content

    content = played_content(tmp_path / "content")
    lanterns, w40k = content / "lanterns", content / "w40k7"
    reavers = (lanterns / "moth-reavers.yml").read_text(encoding="utf-8")
    steps: list[tuple[str, Callable[[], object]]] = [
        ("a weapon's Strength", lambda: edit(lanterns / "moth-reavers.yml", '"Strength": "8"', '"Strength": "7"')),
        ("a unit gains a mapped rule", lambda: edit(lanterns / "hive-beetles.yml", "rules: [", 'rules: ["furious-charge", ')),
        ("a played rule renamed, as composed checks name it", lambda: edit(w40k / "furious-charge.yml", "name: Furious Charge", "name: Furious charge")),
        ("a rule's name, as every form links it", lambda: edit(lanterns / "rending.yml", 'name: "Rending"', 'name: "Rending Blows"')),
        ("a played step's rule reworded", lambda: edit(w40k / "eternal-warrior.yml", "Instant Death takes only one Wound from this model.", "Instant Death costs this model one Wound only.")),
        ("a mapping taken away", lambda: edit(lanterns / "system.yml", "    rending: rending\n", "")),
        ("the unit as it was", lambda: (lanterns / "moth-reavers.yml").write_text(reavers, encoding="utf-8")),
    ]
    made: dict[str, int] = {}
    composed: dict[str, int] = {}  # compositions that units share, made again
    for name, session, files in kept_and_full(content, steps):
        if not name:
            assert any(path.startswith("assets/versus/described/") for path in files), "the fixture's forms share their descriptions"
        made[name] = session.memo.made[PLAYED]
        composed[name] = session.memo.made[f"{ALIKE}:lanterns"]
    assert made["a weapon's Strength"] == 3  # the unit's part, the targets and the script of its own check's roster form
    assert made["a unit gains a mapped rule"] == 3  # (the unit's check is a new composition: its script is new)
    assert made["a rule's name, as every form links it"] == 4  # what units share, both units, the targets
    assert made["a played step's rule reworded"] == 4
    # a system composed again makes again only the compositions whose unit, step or effects changed
    assert composed["a weapon's Strength"] == 1  # the edited unit's own
    assert composed["a played rule renamed, as composed checks name it"] == 2  # both units compose it
    assert composed["a played step's rule reworded"] == 0 and composed["a rule's name, as every form links it"] == 0


def test_a_saved_page_is_shown_before_every_units_versus_forms_are_made_again(tmp_path: Path) -> None:
    """A rule of the played system is what every imported unit's forms share: a save of it
    makes every unit's part again, but only after its own page was handed over to be shown
    (that page shows no unit's forms)."""
    from rulesref.pages.docs import PLAYED

    from .played import played_content

    content = played_content(tmp_path / "content")
    session, settings = Session(), Settings()
    files, problems = session.generate(str(content), settings)
    assert files, problems
    edit(content / "w40k7" / "fearless.yml", "never fails Morale checks", "shrugs off Morale checks")
    shown: list[tuple[int, list[str]]] = []
    files, problems = session.generate(str(content), settings, lambda early: shown.append((session.memo.made[PLAYED], sorted(early))))
    assert files, problems
    assert [made for made, _ in shown] == [0] and "w40k7/fearless/index.md" in shown[0][1]
    assert session.memo.made[PLAYED] > 2  # then what the units share, and each unit's part
