"""The pages a player finds their army by: each army's page (units by role, its rules, the
core rules its units have), its weapons pages, the system page that lists armies, the A to
Z pages of a big system, and what each entry page says of its army."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulesref import paths
from rulesref.commands.cli import main
from rulesref.pages import armies
from rulesref.pages.docs import docs_files
from rulesref.validate import validate

from ..conftest import FIXTURES
from .conftest import ENGINES, build_project, make_project

POND = FIXTURES / "battlescribe" / "pondwars"
SYSTEM = "pond"


def _import(content: Path) -> Path:
    assert main(["import", "battlescribe", str(POND), "--system", SYSTEM, "--content", str(content)]) == 0
    return content


def _docs(content: Path) -> dict[str, str]:
    result = validate([str(content)])
    assert [p for p in result.problems if p.severity == "error"] == []
    return {path: data.decode("utf-8") for path, data in docs_files(result).items()}


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _import(tmp_path_factory.mktemp("pond") / "content")


@pytest.fixture(scope="module")
def files(content: Path) -> dict[str, str]:
    return _docs(content)


def _links(markdown: str) -> list[str]:
    """The labels of the Markdown links of a page, in order."""
    return re.findall(r"\[([^\]]+)\]\((?!#)[^)]*\)", markdown)


def _between(page: str, start: str, end: str | None = None) -> str:
    """From `start` up to the next `end` after it (or the page's end)."""
    at = page.index(start)
    return page[at : page.index(end, at + len(start)) if end else len(page)]


def test_the_system_page_lists_its_armies_with_their_counts(files: dict[str, str]) -> None:
    page = files[paths.system_page(SYSTEM)]
    table = _between(page, "## Armies", "## Rules")
    assert "| [Frogs \\- Army Book](armies/frogs-army-book/index.md) | 4 | 1 |" in table
    assert "| [Newts](armies/newts/index.md) | 2 | 1 |" in table


def test_an_army_page_lists_its_units_under_their_roles_in_the_system_s_order(files: dict[str, str]) -> None:
    page = files[paths.army_page(SYSTEM, "frogs-army-book")]
    units = _between(page, 'id="units"', 'id="rules-of-the-army"')
    assert units.index(">Leaders</h3>") < units.index("Toad Lord") < units.index(">Rank and File</h3>") < units.index("Frog Guard")
    newts = files[paths.army_page(SYSTEM, "newts")]
    assert _between(newts, 'id="units"').index("Newt Skirmishers") < _between(newts, 'id="units"').index("Heron")  # Rank and File before Big Beasts


def test_an_army_page_names_its_units_without_the_army_s_name_they_carry(tmp_path: Path) -> None:
    content = _import(tmp_path / "content")
    guard = content / SYSTEM / "frog-guard.yml"
    guard.write_text(guard.read_text(encoding="utf-8").replace('name: "Frog Guard"', 'name: "Frog Guard (Frogs - Army Book)"'), encoding="utf-8")
    files = _docs(content)
    page = files[paths.army_page(SYSTEM, "frogs-army-book")]
    assert "- [Frog Guard](../../frog-guard/index.md)" in page
    assert "[Frog Guard](../../../frog-guard/index.md)" in files[paths.army_weapons_page(SYSTEM, "frogs-army-book")]
    assert "Frog Guard \\(Frogs" in files[f"{SYSTEM}/frog-guard/index.md"]  # its own page keeps its whole name


def test_an_army_page_lists_its_own_rules_and_the_core_rules_its_units_have(files: dict[str, str]) -> None:
    page = files[paths.army_page(SYSTEM, "frogs-army-book")]
    own = _between(page, 'id="rules-of-the-army"', 'id="core-rules-its-units-have"')
    assert _links(own) == ["Frog Fury"]
    core = _between(page, 'id="core-rules-its-units-have"')
    assert "[Leap]" in core and "[Hit &amp; Run]" in core and "[Murky Aura]" in core and "[Float]" in core  # Float: wargear
    assert "[Frog Fury]" not in core


def test_the_weapons_page_lists_each_weapon_once_with_its_profile_rules_and_carriers(files: dict[str, str]) -> None:
    page = files[paths.army_weapons_page(SYSTEM, "frogs-army-book")]
    assert page.count(">Croak Gun</h3>") == 1
    assert '<h3 id="croak-gun" markdown>Croak Gun</h3>' in page  # an id search links it by (`rulesref.pages.findable`)
    croak = _between(page, ">Croak Gun</h3>", "<h3 ")
    assert "Range **12\"** · Punch **3** · Type **Shoot 1, Splash \\(2\\)**" in croak
    assert "Splash \\(2\\)]" in croak  # its rule, with the value its row gives
    assert "Carried by [Frog Guard]" in croak
    assert ">Stick</h3>" in page and "Range **6\"**" in _between(page, ">Stick</h3>")
    newts = files[paths.army_weapons_page(SYSTEM, "newts")]
    assert "Range **12\"**" in _between(newts, ">Stick</h3>")


def test_an_army_without_weapons_has_no_weapons_page(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "content", content)
    files = _docs(content)
    assert not any("/weapons/" in path for path in files)


def test_a_unit_page_shows_its_army_its_role_and_its_wargear(files: dict[str, str]) -> None:
    page = files[f"{SYSTEM}/frog-guard/index.md"]
    badges = _between(page, '<div class="rr-badges"', "</div>")
    assert '<a href="../armies/frogs-army-book/">Frogs - Army Book</a>' in badges
    assert '<span class="rr-param">Rank and File</span>' in badges
    wargear = _between(page, 'id="wargear"', 'id="options"')
    assert ">One Use</a>" in wargear and ">Leap</a>" not in wargear
    # Lily Pad is an option the unit may take, not what it comes with: its rule is on the option
    assert ">Float</a>" not in wargear
    options = _between(page, 'id="options"')
    assert "Lily Pad" in options and ">Float</a>" in options


def test_each_army_is_a_page_of_its_system_s_section_in_the_nav(files: dict[str, str]) -> None:
    nav = files[paths.NAV_FILE]
    assert "- Pond Wars 2nd:\n  - pond/index.md\n  - Frogs - Army Book: pond/armies/frogs-army-book/index.md\n  - Newts: pond/armies/newts/index.md\n" in nav
    assert "/*/armies/*/weapons/index.md" in nav and "/*/all/*/index.md" in nav  # not in the nav


def test_entry_pages_give_search_their_names_and_keep_lists_out_of_it(files: dict[str, str]) -> None:
    page = files[f"{SYSTEM}/hit-run/index.md"]
    assert 'tags: ["Hit & Run", "Hit and Run"]' in page
    unit = files[f"{SYSTEM}/frog-guard/index.md"]
    for heading in ("profiles", "rules", "wargear", "source"):
        assert f'<h2 id="{heading}" data-search-exclude=""' in unit
    assert '<div class="rr-badges" data-search-exclude=""' in unit


def test_a_big_kind_is_listed_on_a_to_z_pages_of_a_readable_size(content: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(armies, "INLINE_MAX", 6)
    monkeypatch.setattr(armies, "PAGE_ITEMS", 3)
    files = _docs(content)
    system = files[paths.system_page(SYSTEM)]
    rules = _between(system, "## Rules", "## Units")
    assert "rules, A to Z" in rules and "[A](../" not in rules
    parts = [f"{SYSTEM}/{link}" for link in re.findall(r"\]\((all/rules-[^)]*)\)", rules)]  # in the order the system page links them
    assert parts and set(parts) == {path for path in files if path.startswith(f"{SYSTEM}/all/rules-")}
    listed: list[str] = []
    for part in parts:
        page = files[part]
        items = [line for line in page.splitlines() if line.startswith("- [")]
        assert 1 <= len(items) <= 3
        listed += items
    names = [re.match(r"- \[([^\]]+)\]", item).group(1) for item in listed]  # type: ignore[union-attr]
    result = validate([str(content)])
    assert len(names) == sum(1 for e in result.content.entries if e.kind == "rule")
    assert names == sorted(names, key=lambda n: n.replace("\\", "").casefold())
    # the units (fewer than the limit) stay on the system page
    assert "- [Frog Guard]" in _between(system, "## Units")


def test_many_weapons_with_many_carriers_are_cut_into_weapons_pages(content: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(armies, "WEAPON_PAGE_BYTES", 1500)
    files = _docs(content)
    pages = [path for path in files if path.startswith(f"{SYSTEM}/armies/frogs-army-book/weapons/")]
    assert len(pages) == 4
    weapons = [name for path in pages for name in re.findall(r'<h3 id="[^"]+" markdown>([^<]+)</h3>', files[path])]
    assert sorted(weapons) == ["Croak Gun", "Reed Spear", "Stick", "Tongue"]  # each weapon once, on one page
    first = files[paths.army_weapons_page(SYSTEM, "frogs-army-book")]
    assert ">Croak Gun</h3>" in first
    letters = _between(first, '<p class="rr-letters"', "</p>")
    assert "**C**" in letters and "[R](2/index.md)" in letters and "[T](4/index.md)" in letters


@pytest.mark.slow
@pytest.mark.parametrize("site_engine", ENGINES)
def test_the_imported_site_builds_strictly_and_no_page_is_over_300_kb(content: Path, tmp_path: Path, site_engine: str) -> None:
    """With either engine (their themes write the nav and header around the same article)."""
    project = make_project(tmp_path / "site", content)
    assert build_project(project, engine=site_engine) == 0
    pages = list(project.site.rglob("*.html"))
    assert (project.site / "pond" / "armies" / "newts" / "index.html").is_file()
    assert max(p.stat().st_size for p in pages) < 300_000


def test_a_tag_many_entries_carry_is_listed_on_pages_of_a_readable_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(armies, "PAGE_ITEMS", 2)
    from .conftest import FIXTURE_CONTENT

    files = _docs(FIXTURE_CONTENT)
    tagged = [line for path, page in files.items() if path.startswith("tags/morale/") for line in page.splitlines() if line.startswith("- [")]
    pages = sorted(path for path in files if path.startswith("tags/morale/"))
    assert len(pages) > 1 and all(sum(1 for line in files[p].splitlines() if line.startswith("- [")) <= 2 for p in pages)
    assert len(tagged) == len(set(tagged)) and "[2](2/index.md)" in files["tags/morale/index.md"]


def test_a_glossary_of_many_terms_lists_the_systems_each_with_its_own_page(monkeypatch: pytest.MonkeyPatch) -> None:
    from .conftest import FIXTURE_CONTENT

    whole = _docs(FIXTURE_CONTENT)[paths.GLOSSARY]
    assert "## Warhammer 40,000" in whole and not any(line.startswith("- [Warhammer") for line in whole.splitlines())
    monkeypatch.setattr(armies, "INLINE_MAX", 1)
    files = _docs(FIXTURE_CONTENT)
    index = files[paths.GLOSSARY]
    assert "- [Warhammer 40,000](w40k7/index.md): 3 terms" in index and "## " not in index
    own = files[paths.glossary_page("w40k7")]
    assert "# Glossary of Warhammer 40,000" in own
    terms = [line for line in own.splitlines() if line.startswith("- [")]
    assert terms and all("../../w40k7/" in line for line in terms)


def test_a_rule_only_a_row_has_comes_after_the_unit_s_own_rules_under_a_note(files: dict[str, str]) -> None:
    """Frog Guard's own rules are cards first; Two-handed (the Reed Spear's, an option's row)
    comes after the note, never among the unit's own."""
    page = files[f"{SYSTEM}/frog-guard/index.md"]
    rules = _between(page, 'id="rules"', 'id="wargear"')
    own, rows = rules.split("Rules of the weapons and other rows")
    assert ">Leap</a>" in own and ">Two-handed</a>" not in own
    assert "Two" in rows and "Leap" not in rows
