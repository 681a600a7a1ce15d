"""A name many systems share: each member's page lists a few of the others and links to a page
of the name that lists them all, so that no page grows with the number of systems."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesref.pages.docs import docs_files
from rulesref.validate import validate
from rulesref.views.relations import SAME_RULE_SHOWN, _group_pages

from .conftest import build_project, make_project, section_heading

SYSTEMS = SAME_RULE_SHOWN + 3  # one more member than a page lists, and two to spare


def _write(root: Path) -> Path:
    """`SYSTEMS` systems with a rule named Fearless each, and system x with Bold (also known as
    Fearless) and Valiant, which the first system's Fearless declares the same as itself."""
    for n in range(SYSTEMS):
        folder = root / f"s{n}"
        folder.mkdir(parents=True)
        (folder / "system.yml").write_text(f"id: s{n}\nname: Game {n}\nedition: 1st edition\nbooks:\n  rules: {{title: Rules {n}}}\n")
        same_as = "same_as: [x:valiant]\n" if n == 0 else ""
        (folder / "fearless.yml").write_text(
            f"id: fearless\nkind: rule\nname: Fearless\nsummary: Never flees, in game {n}.\ntext: This unit never flees.\n{same_as}"
        )
    folder = root / "x"
    folder.mkdir()
    (folder / "system.yml").write_text("id: x\nname: Game X\nedition: 1st edition\nbooks:\n  rules: {title: Rules X}\n")
    (folder / "bold.yml").write_text("id: bold\nkind: rule\nname: Bold\naliases: [Fearless]\nsummary: Does not flee.\ntext: It does not flee.\n")
    (folder / "valiant.yml").write_text("id: valiant\nkind: rule\nname: Valiant\nsummary: Stands.\ntext: It stands.\n")
    return root


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _write(tmp_path_factory.mktemp("shared") / "content")


@pytest.fixture(scope="module")
def files(content: Path) -> dict[str, str]:
    result = validate([str(content)])
    assert result.problems == ()
    return {path: data.decode("utf-8") for path, data in docs_files(result).items()}


def _same_section(page: str) -> str:
    return page[page.index(section_heading("Same rule in other systems")) : page.index("</div>", page.index(section_heading("Same rule in other systems")))]


def _linked(page: str) -> set[str]:
    """The entry pages a page links to (as `system/id`), inline, by reference or in HTML."""
    return set(re.findall(r"\.\./\.\./([a-z0-9]+/[a-z0-9-]+)/(?:index\.md|\")", page))


def test_the_name_has_a_page_listing_every_member_with_its_summary(files: dict[str, str]) -> None:
    page = files["compare/rule-fearless/index.md"]
    assert f'title: "Fearless in {SYSTEMS + 1} systems"' in page  # Bold has the name as an alias
    assert "search:\n  exclude: true" in page  # the members' own pages are what search finds
    assert _linked(page) == {f"s{n}/fearless" for n in range(SYSTEMS)} | {"x/bold"}
    assert "(s3): Never flees, in game 3\\." in page


def test_a_members_page_lists_a_few_others_and_links_the_names_page(files: dict[str, str]) -> None:
    section = _same_section(files["s5/fearless/index.md"])
    assert section.count("<li>") == SAME_RULE_SHOWN
    others = SYSTEMS  # the other Fearless rules and Bold
    assert f'{others - SAME_RULE_SHOWN} more, listed with the rest on the page of <a href="../../compare/rule-fearless/">all {SYSTEMS + 1} rules named Fearless</a>.' in section


def test_what_only_the_entry_declares_is_listed_whatever_the_group_size(files: dict[str, str]) -> None:
    """s0's Fearless is declared the same as Valiant, which sorts after every Fearless: cutting
    the list at its first few would leave it out."""
    section = _same_section(files["s0/fearless/index.md"])
    assert ">Valiant</a>" in section and section.count("<li>") == SAME_RULE_SHOWN


def test_every_other_member_is_on_the_page_or_on_the_names_page(files: dict[str, str]) -> None:
    for n in range(SYSTEMS):
        page = files[f"s{n}/fearless/index.md"]
        reached = _linked(page) | _linked(files["compare/rule-fearless/index.md"])
        assert {f"s{k}/fearless" for k in range(SYSTEMS) if k != n} | {"x/bold"} <= reached
    assert "x/valiant" in _linked(files["s0/fearless/index.md"])


def test_a_small_group_has_no_page_of_its_own(content: Path, tmp_path: Path) -> None:
    small = _write(tmp_path / "content")
    for n in range(SAME_RULE_SHOWN, SYSTEMS):
        for file in (small / f"s{n}").iterdir():
            file.unlink()
        (small / f"s{n}").rmdir()
    result = validate([str(small)])
    assert result.problems == ()
    found = docs_files(result)
    assert not any(path.startswith("compare/") for path in found)
    section = _same_section(found["s1/fearless/index.md"].decode("utf-8"))
    assert section.count("<li>") == SAME_RULE_SHOWN  # all the others: Bold and 7 Fearless rules
    assert "more, listed" not in section


def test_names_of_one_slug_get_pages_of_their_own() -> None:
    pages = _group_pages([("rule", "hit-run"), ("rule", "hit & run"), ("term", "hit & run"), ("rule", "!!")])
    assert pages == {
        ("rule", "!!"): "compare/rule-name/index.md",
        ("rule", "hit & run"): "compare/rule-hit-run/index.md",
        ("rule", "hit-run"): "compare/rule-hit-run-2/index.md",
        ("term", "hit & run"): "compare/term-hit-run/index.md",
    }


def test_the_site_builds_strictly_with_the_names_pages(content: Path, tmp_path: Path) -> None:
    project = make_project(tmp_path, content)
    assert build_project(project) == 0  # strict: every link resolves, no page is left out of the nav unplanned
    assert (project.site / "compare" / "rule-fearless" / "index.html").is_file()
