"""The "Open a roster" page, in Chromium: the invented Pond Wars data imported and built as a
site (with two other invented games beside it: one whose turtle has an id a Pond Wars roster
names, and one whose statlines are as wide as a tank's), and every fixture roster opened there
as a player would (the file picker), on the published site and in the offline copy from the
file system with the network off.

The page reads and matches the roster in JavaScript (`assets/rulesref-roster.js`), a second
implementation of `rulesref roster`; these tests prove the two equal on every fixture roster:
the JSON the page offers for download is the command's JSON, and each unit's card and each
rule's section read the same words as the command's printable page. Hostile rosters are
refused with the file, the line and the reason, and nothing is shown of them.
"""

from __future__ import annotations

import gzip
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main
from rulesref.config import MKDOCS
from rulesref.formats.battlescribe.read import MAX_DEPTH, MAX_XML_BYTES

from ..conftest import FIXTURES
from .conftest import Built, Sites, error_free_page, pdf_text, serving
from .test_offline import unzip_offline_copy
from .test_roster_page import printed_on_a4

pytestmark = [pytest.mark.slow, pytest.mark.browser]

DATA = FIXTURES / "battlescribe" / "pondwars"
ROSTERS = FIXTURES / "battlescribe" / "rosters"
PLAIN = ("pond-2x.ros", "pond-1x.ros", "pond-newrecruit.ros", "pond-models.ros", "pond-watch.test", "brass-engines.ros")
FIXTURE_ROSTERS = (*PLAIN, "pond-2x.rosz", "pond-2x-zipped.test")

# a check on an imported rule, so that the army page has a "Try it" to run
LEAP_CHECK = """checks:
  clears:
    summary: Whether a leaping beast clears the beasts in its way.
    inputs:
      beasts_in_the_way: {type: int, min: 0, max: 6}
    output: {type: bool}
    expr: "beasts_in_the_way <= 2"
    examples:
      - given: {beasts_in_the_way: 1}
        expect: true
      - given: {beasts_in_the_way: 3}
        expect: false
"""


@pytest.fixture(scope="module")
def rosters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture rosters, with zipped ones beside them (BattleScribe's own .rosz, and one
    under another name: a roster is known by what it holds)."""
    folder = tmp_path_factory.mktemp("rosters")
    for name in PLAIN:
        (folder / name).write_bytes((ROSTERS / name).read_bytes())
    for name in ("pond-2x.rosz", "pond-2x-zipped.test"):
        with zipfile.ZipFile(folder / name, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(ROSTERS / "pond-2x.ros", "pond-2x.ros")
    return folder


def _pond(root: Path) -> Path:
    """The fixture data imported (and Leap given a check); where its content is."""
    assert main(["import", "battlescribe", str(DATA), "--system", "pond", "--content", str(root / "imported")]) == 0
    for folder, system in (("turtles", "shell"), ("wide", "brass")):
        assert main(["import", "battlescribe", str(FIXTURES / "battlescribe" / folder), "--system", system, "--content", str(root / "imported")]) == 0
    leap = root / "imported" / "pond" / "leap.yml"
    leap.write_text(leap.read_text(encoding="utf-8") + LEAP_CHECK, encoding="utf-8")
    return root / "imported"


@pytest.fixture(scope="module")
def pond_site(sites: Sites, engine: str) -> Built:
    """The imported data, built by each engine."""
    return sites.get("pond", engine, _pond)


@pytest.fixture(scope="module")
def pond_files(sites: Sites) -> Built:
    """The imported data built by MkDocs, for the tests that read its files only."""
    return sites.get("pond", MKDOCS, _pond)


@pytest.fixture(scope="module")
def site_url(pond_site: Built) -> Iterator[str]:
    with serving(pond_site.site) as url:
        yield url


def command(pond_site: Built, roster: Path, out: Path) -> str:
    main(["roster", str(roster), "--content", str(pond_site.content), "--out", str(out)])
    return out.read_text(encoding="utf-8")


def opened(page: Any, roster: Path) -> str:
    """Open a roster with the page's file picker; the status line once it is read."""
    page.set_input_files(".rr-roster input[type=file]", str(roster))
    page.wait_for_function("(s => s.textContent && !s.textContent.startsWith('Reading'))(document.querySelector('.rr-roster-status'))")
    return str(page.inner_text(".rr-roster-status"))


def downloaded_json(page: Any) -> Any:
    with page.expect_download() as download:
        page.click(".rr-roster-json a")
    return json.loads(Path(download.value.path()).read_text(encoding="utf-8"))


def words(page: Any, selector: str) -> list[str]:
    """The texts of each element a selector finds, piece by piece (each text node's words,
    spaced singly; "Try it" forms aside), so that markup's spacing between elements is not
    compared but every piece of text and its order are."""
    return page.eval_on_selector_all(  # type: ignore[no-any-return]
        selector,
        """nodes => nodes.map(node => {
            const copy = node.cloneNode(true);
            copy.querySelectorAll('.rr-try').forEach(t => t.remove());
            const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
            const pieces = [];
            while (walker.nextNode()) { const t = walker.currentNode.data.split(/\\s+/).filter(Boolean).join(' '); if (t) pieces.push(t); }
            return pieces.join(' | ');
        })""",
    )


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with error_free_page(browser, accept_downloads=True) as page:
        yield page


@pytest.mark.parametrize("name", FIXTURE_ROSTERS)
def test_the_page_gives_the_command_s_army(pond_site: Built, site_url: str, rosters: Path, page: Any, tmp_path: Path, name: str) -> None:
    page.goto(site_url + "roster/")
    status = opened(page, rosters / name)
    assert "units" in status and "rules" in status
    assert downloaded_json(page) == json.loads(command(pond_site, rosters / name, tmp_path / "army.json"))
    # the same cards and rules, word for word, as the command's printable page
    command(pond_site, rosters / name, tmp_path / "army.html")
    printable = page.context.new_page()
    printable.goto((tmp_path / "army.html").as_uri())
    for selector in (".unit", ".rule", ".unmatched li"):
        assert words(page, f".rr-army {selector}") == words(printable, selector), selector
    assert words(page, ".rr-army .rule")  # (something was compared)
    printable.close()


def test_try_it_runs_on_the_army_s_rules_and_a_second_roster_replaces_the_first(site_url: str, rosters: Path, page: Any) -> None:
    page.goto(site_url + "roster/")
    opened(page, rosters / "pond-2x.ros")
    leap = page.locator("#pond-leap")
    leap.locator(".rr-try-ready").wait_for()
    field = leap.locator("input")
    result = leap.locator(".rr-try-result")
    field.fill("1")
    cleared = result.inner_text()
    field.fill("3")
    assert result.inner_text() != cleared and "Not allowed" not in cleared  # the generated check ran, on each change
    field.fill("7")
    assert "Not allowed" in result.inner_text()  # (its input's bounds are the check's)
    opened(page, rosters / "pond-newrecruit.ros")
    assert page.locator("#pond-leap").count() == 0 and page.locator(".rr-army .unit").count() == 2


def test_the_army_prints_without_the_site_around_it(site_url: str, rosters: Path, page: Any) -> None:
    page.goto(site_url + "roster/")
    opened(page, rosters / "pond-2x.ros")
    names = words(page, ".rr-army .unit h3") + words(page, ".rr-army .rule h3")
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('.rr-army .units')).columnCount") == "auto"  # a card the page's width
    assert page.evaluate("getComputedStyle(document.querySelector('.rr-army .rulebook')).columnCount") == "2"
    for chrome in (".md-header", ".md-sidebar--primary", ".rr-roster-pick", ".md-content h1"):
        assert page.evaluate(f"getComputedStyle(document.querySelector({json.dumps(chrome)})).display") == "none", chrome
    pages, printed = pdf_text(page.pdf(format="A4", prefer_css_page_size=True))
    assert pages >= 1 and names
    assert [name for name in names if name not in printed] == []  # every unit and rule, on paper
    assert "Open a roster" not in printed and "Choose or drop" not in printed  # and nothing of the site's page


@pytest.mark.parametrize("name", ["pond-2x.ros", "brass-engines.ros"])
def test_every_column_and_every_word_of_a_profile_prints_on_a4(site_url: str, rosters: Path, page: Any, name: str) -> None:
    """As the command's page prints (tests/site/test_roster_page.py): no scroll box or clip
    keeps a column (Rear, Attacks, Hull Points, Save) or a long Type off the paper."""
    page.goto(site_url + "roster/")
    opened(page, rosters / name)
    wider, lost = printed_on_a4(page, ".rr-army")
    assert wider == [] and lost == []


@pytest.mark.parametrize("width", [390, 1366])
def test_the_army_fits_a_phone_and_a_desktop(site_url: str, rosters: Path, browser: Any, width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto(site_url + "roster/")
    opened(page, rosters / "pond-2x.ros")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()


def hostile(folder: Path) -> dict[str, tuple[Path, str, str]]:
    """Rosters that must be refused: the file, the line shown, and the reason's words."""
    folder.mkdir(exist_ok=True)
    made: dict[str, tuple[Path, str, str]] = {}
    dtd = folder / "dtd.ros"
    dtd.write_text('<?xml version="1.0"?>\n<!DOCTYPE roster [<!ENTITY a "aaaa">]>\n<roster name="&a;"/>\n', encoding="utf-8")
    made["dtd"] = (dtd, "line 2", "document type declaration")
    deep = folder / "deep.ros"
    deep.write_text("<roster>" + "<forces>" * MAX_DEPTH + "</forces>" * MAX_DEPTH + "</roster>", encoding="utf-8")
    made["deep"] = (deep, "line 1", f"nest more than {MAX_DEPTH} deep")
    bomb = folder / "bomb.rosz"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bomb.ros", b"<roster>" + b" " * (MAX_XML_BYTES + 1) + b"</roster>")
    made["bomb"] = (bomb, "line 1", "the limit is")
    two = folder / "two.rosz"
    with zipfile.ZipFile(two, "w") as archive:
        archive.writestr("a.ros", "<roster/>")
        archive.writestr("b.ros", "<roster/>")
    made["two"] = (two, "line 1", "exactly one .ros file")
    broken = folder / "broken.ros"
    broken.write_text("<roster>\n<forces>\n</roster>\n", encoding="utf-8")
    made["broken"] = (broken, "line 3", "malformed XML")
    other = folder / "catalogue.ros"
    other.write_text("<catalogue/>", encoding="utf-8")
    made["other"] = (other, "line 1", "root element is <catalogue>")
    pdf = folder / "army.test"
    pdf.write_bytes(b"%PDF-1.4 a printed army, not a roster")
    made["pdf"] = (pdf, "line 1", "not a roster: a roster is BattleScribe's XML")
    # numbers as BattleScribe writes them or refused at their line (`int()` took `²` and failed on 5,000 digits)
    revision = folder / "revision.ros"
    revision.write_text(f'<?xml version="1.0"?>\n<roster name="r" gameSystemRevision="{"9" * 5000}">\n</roster>\n', encoding="utf-8")
    made["revision"] = (revision, "line 2", "`gameSystemRevision` is \"999999999999999999999999… (5000 characters)\", which is not a number")
    count = folder / "count.test"
    count.write_text('<roster gameSystemRevision="7">\n<!-- <selection number="1"> -->\n<forces><force>\n<selections>\n<selection\n  number="²"/>\n</selections></force></forces>\n</roster>\n', encoding="utf-8")
    made["count"] = (count, "line 5", "`number` is \"²\", which is not a number")
    cost = folder / "cost.ros"
    cost.write_text('<roster><costs><cost name="pts" value="205.0"/>\n<cost name="cp" value="1_0"/></costs></roster>\n', encoding="utf-8")
    made["cost"] = (cost, "line 2", "`value` is \"1_0\", which is not a number")
    return made


@pytest.mark.parametrize("case", ["dtd", "deep", "bomb", "two", "broken", "other", "pdf", "revision", "count", "cost"])
def test_a_hostile_roster_is_refused_at_its_line(site_url: str, page: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    roster, line, reason = hostile(tmp_path)[case]
    page.goto(site_url + "roster/")
    status = opened(page, roster)
    assert roster.name in status and line in status and reason in status, status
    assert page.locator(".rr-army > *").count() == 0
    # the command refuses it too, at the same line, for the same reason
    assert main(["roster", str(roster), "--content", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f":{line.removeprefix('line ')}:1: error[roster-source]: " in err and reason in err, err


def test_the_offline_copy_opens_a_roster_from_the_file_system(pond_site: Built, rosters: Path, browser: Any, tmp_path: Path) -> None:
    copy = unzip_offline_copy(pond_site, tmp_path)
    context = browser.new_context(offline=True, accept_downloads=True)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.goto((copy / "roster" / "index.html").as_uri())
    opened(page, rosters / "pond-2x.rosz")
    assert page.locator(".rr-army .unit").count() == 3
    assert page.get_attribute("#pond-leap h3 a", "href", timeout=2000).endswith("/leap/index.html")
    page.locator("#pond-leap .rr-try-ready").wait_for()
    assert [url for url in requests if not url.startswith(("file://", "data:", "blob:", "about:"))] == []
    context.close()


def test_content_without_battlescribe_entries_has_no_roster_page(built: Built) -> None:
    assert not (built.site / "roster").exists()
    assert "Open a roster" not in (built.docs / ".nav.yml").read_text(encoding="utf-8")


def test_the_data_files_hold_what_the_matcher_reads(pond_files: Built) -> None:
    """An index per system (the entries by BattleScribe id, each one's kind and part) and the
    records in parts, one per army and one for entries of none, which the page reads as a
    roster needs them."""

    def data(path: str) -> Any:
        script = (pond_files.site / "assets" / "roster" / path).read_text(encoding="utf-8")
        return json.loads(script.partition(" = ")[2].rstrip().rstrip(";"))

    index = data("pond.js")
    entries = {entry_id: (kind, index["parts"][part][0]) for entry_id, kind, part in index["entries"]}
    assert [index["entries"][n][0] for n in index["elements"]["r-leap"]] == ["leap"] and entries["leap"][0] == "rule"
    parts = {part: data(f"pond/{part}.js")["entries"] for part, _ in index["parts"]}
    assert all(entry_id in parts[part] for entry_id, (_, part) in entries.items())
    assert len(parts) > 1  # (the fixture's armies each have a part)
    leap = parts[entries["leap"][1]]["leap"]
    assert leap["url"] == "../pond/leap/" and leap["forms"] and leap["paragraphs"] and isinstance(leap["digest"], int)
    guard = parts[entries["frog-guard"][1]]["frog-guard"]
    assert "frog-fury" in guard["rules"] and guard["profiles"]
    total = sum(len(gzip.compress((pond_files.site / "assets" / "roster" / f"pond/{part}.js").read_bytes())) for part in parts)
    assert total < 20_000
