"""The generated docs folder (in memory, without MkDocs): which pages exist and what they say."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from rulesref.build import Build
from rulesref.links import display_name
from rulesref.model import Content
from rulesref.pages.datasheet import is_text
from rulesref.pages.docs import docs_files
from rulesref.pages.nav import nav
from rulesref.validate import validate

from .conftest import FIXTURE_CONTENT, section_heading


@pytest.fixture(scope="module")
def validated() -> Build:
    result = validate([str(FIXTURE_CONTENT)], odds=True)
    assert result.problems == ()
    return result


@pytest.fixture(scope="module")
def files(validated: Build) -> dict[str, str]:
    found = docs_files(validated)
    return {path: data.decode("utf-8") for path, data in found.items()}


def front(page: str) -> dict[str, object]:
    head = page.split("---\n")[1]
    data = yaml.safe_load(head)
    assert isinstance(data, dict)
    return data


def test_every_entry_and_system_has_its_page(validated: Build, files: dict[str, str]) -> None:
    content: Content = validated.content
    for entry in content.entries:
        assert f"{entry.system}/{entry.id}/index.md" in files
        assert f"api/{entry.system}/{entry.id}.json" in files
    for system in content.systems:
        assert f"{system.id}/index.md" in files
    for page in ("index.md", "glossary/index.md", "tags/index.md", "tags/morale/index.md", "api/index.md", ".nav.yml", "assets/rulesref.css", "assets/rulesref.js"):
        assert page in files


def test_two_generations_are_identical(validated: Build, files: dict[str, str]) -> None:
    again = docs_files(validated)
    assert {p: d.decode("utf-8") for p, d in again.items()} == files


def test_the_nav_holds_index_pages_only(validated: Build, files: dict[str, str]) -> None:
    items = yaml.safe_load(files[".nav.yml"])["nav"]
    assert items == nav(validated.content.systems)
    paths = [next(iter(item.values())) for item in items]
    assert paths == ["index.md", "t9a/index.md", "w40k7/index.md", "glossary/index.md", "tags/index.md", "api/index.md"]


def test_front_matter_is_html_escaped_because_the_theme_writes_it_raw(files: dict[str, str]) -> None:
    meta = front(files["w40k7/tricky-text/index.md"])
    assert meta["title"] == "Tricky &quot;Quotes&quot; &amp; *Stars*"
    assert isinstance(meta["description"], str)
    assert "<" not in meta["description"] and '"' not in meta["description"]
    assert "{{ config.site_name }}" in meta["description"]
    assert meta["search"] == {"boost": 4}
    assert front(files["w40k7/index.md"])["search"] == {"exclude": True}


def test_a_rule_page_shows_everything_about_the_rule(files: dict[str, str]) -> None:
    page = files["w40k7/hit-and-run/index.md"]
    assert "# Hit &amp; Run" in page
    assert "Also known as: <strong>Hit and Run</strong>" in page
    # its text is finished HTML, its links previewing their target (`rulesref.pages.finished`)
    assert 'must take an <a href="../initiative-test/" title="Roll a D6;' in page
    assert "from rulechecks.w40k7 import hit_and_run" in page
    assert "hit_and_run.breaks_away(distance=10, needed=7)\n# True" in page
    assert "`breaks_away(*, distance: int, needed: int) -> bool`" in page
    assert page.count('<figure class="rr-odds" id=') == 2  # needed = 7 and needed = 12
    assert "<summary>For programmers</summary>" in page
    assert section_heading("Source") + "\n\n<p>Warhammer 40,000 Rulebook (2014), page 165</p>" in page
    # the lists of other entries and the data line are finished HTML: links to the pages MkDocs writes
    assert section_heading("Referenced by") in page and '<li><a href="../solitaire/" title="A lone Harlequin' in page
    assert '<a href="../../api/w40k7/hit-and-run.json">api/w40k7/hit-and-run.json</a>' in page


def test_dice_tables_are_tables(files: dict[str, str]) -> None:
    page = files["w40k7/mob-rule/index.md"]
    # the heading Markdown (the table of contents lists it), the table finished HTML
    assert '## Mob Rule table\n\n<table>\n<thead>\n<tr>\n<th style="text-align: center;">D6</th>\n<th>Result</th>' in page
    assert "<td style=\"text-align: center;\">1</td>\n<td><strong>Breakin' Heads:</strong> If the unit" in page
    assert '<td style="text-align: center;">2-3</td>\n<td>If the unit includes' in page


def test_same_rule_in_other_systems_and_corrections(files: dict[str, str]) -> None:
    page = files["w40k7/fearless/index.md"]
    assert section_heading("Same rule in other systems") in page and '<a href="../../t9a/fearless/"' in page
    corrections = page[page.index(section_heading("Corrections")) :]
    assert '<table class="rr-stack rr-corrections" markdown>' in corrections
    assert '<td><span class="rr-colname" data-search-exclude="">The source said</span>Moral checks</td>' in corrections
    assert '<td markdown="span"><span class="rr-colname" data-search-exclude="">The text reads</span>[Morale checks][rr-' in corrections  # with its links
    assert '<span class="rr-colname" data-search-exclude="">Why</span>Typo in the source.</td>' in corrections
    assert 'href="../../w40k7/fear/"' in files["t9a/stubborn/index.md"]  # same_as, seen from both sides
    assert 'href="../../t9a/stubborn/"' in files["w40k7/fear/index.md"]


def test_a_unit_page_is_a_datasheet_profiles_first_in_the_systems_column_order(files: dict[str, str]) -> None:
    page = files["w40k7/solitaire/index.md"]
    sheet = page[page.index(section_heading("Profiles")) : page.index(section_heading("Rules"))]
    unit, weapon = sheet.split('<div class="rr-scroll"')[1:]
    heads = '<th scope="col">Unit</th>' + "".join(f'<th scope="col">{c}</th>' for c in ["WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv"])
    assert heads in unit
    assert '<th scope="row">Solitaire</th><td>7</td><td>7</td><td>4</td><td>3</td><td>4</td><td>7</td><td>7</td><td>10</td><td>3++</td>' in unit  # integers as their text, values as written
    # the file lists Type first; the system's order wins
    assert '<th scope="col">Weapon</th><th scope="col">Range</th><th scope="col">Strength</th><th scope="col">AP</th><th scope="col" class="rr-text">Type</th><th scope="col" class="rr-text">Rules</th>' in weapon
    assert '<th scope="row">Harlequin&#x27;s Kiss</th><td>-</td><td>User</td><td>-</td><td class="rr-text">Melee, Rending</td><td class="rr-text"><a href="../brutal/" title="Each Wound' in weapon
    assert '<a href="../fear/" title="' in weapon and "markdown" not in weapon  # finished HTML, links previewing their rule


def test_each_profile_table_scrolls_in_a_box_of_its_own_that_the_keyboard_reaches_by_name(files: dict[str, str]) -> None:
    page = files["w40k7/solitaire/index.md"]
    assert '<div class="rr-scroll" role="region" tabindex="0" aria-label="Unit profiles">' in page
    assert '<div class="rr-scroll" role="region" tabindex="0" aria-label="Weapon profiles">' in page


@pytest.mark.parametrize(
    ("value", "text"),
    [("3+", False), ("11", False), ('12"', False), ("Assault 2", False), ("2+ / 3++", False), ("D6+1", False),
     ("Melee, Rending", True), ("Assault 1, Gets Hot, Melta, One Use Only", True), ("Vehicle (Tank, Transport)", True), ("Supercalifragilistic", False)],
)
def test_short_values_never_wrap_and_free_text_does_between_words(value: str, text: bool) -> None:
    assert is_text(value) is text


def test_a_unit_page_shows_its_rules_as_cards_with_values_summaries_and_full_text(files: dict[str, str]) -> None:
    page = files["w40k7/solitaire/index.md"]
    cards = page[page.index(section_heading("Rules")) :].split('<div class="rr-card">')[1:]
    names = [card.split("\n")[1] for card in cards]
    assert names == [  # the unit's rules, then the ones only its weapon has
        '<p class="rr-card-name"><a href="../hit-and-run/">Hit &amp; Run</a></p>',
        '<p class="rr-card-name"><a href="../fearless/">Fearless</a></p>',
        '<p class="rr-card-name"><a href="../brutal/">Brutal (3)</a></p>',
        '<p class="rr-card-name"><a href="../brutal/">Brutal (2)</a></p>',
        '<p class="rr-card-name"><a href="../fear/">Fear</a></p>',
    ]
    assert '<p class="rr-card-param">X = 3: Wounds each allocated Wound becomes</p>' in cards[2]
    assert '<p class="rr-card-summary">A unit locked in combat may break away' in cards[0]
    # the full text converted from its Markdown, its links HTML that previews their target
    assert "<summary>Full text</summary>" in cards[0] and 'must take an <a href="../initiative-test/" title="Roll a D6;' in cards[0]


def test_a_unit_without_profiles_has_no_datasheet_but_its_cards(files: dict[str, str]) -> None:
    page = files["t9a/forsaken-one/index.md"]
    assert section_heading("Profiles") not in page and '<div class="rr-cards">' in page


def test_parameterised_names(validated: Build) -> None:
    brutal = validated.content.entry("w40k7:brutal")
    movement = validated.content.entry("t9a:random-movement")
    assert brutal is not None and movement is not None
    assert display_name(brutal, (("X", 3),)) == "Brutal (3)"
    assert display_name(movement, (("X", "2D6"),)) == "Random Movement (2D6)"
    assert display_name(brutal, ()) == "Brutal (X)"


def test_index_pages_link_every_entry(validated: Build, files: dict[str, str]) -> None:
    for system in validated.content.systems:
        index = files[f"{system.id}/index.md"]
        for entry in validated.content.entries_of(system.id):
            assert f"]({entry.id}/index.md): " in index
    glossary = files["glossary/index.md"]
    assert "../w40k7/initiative-test/index.md" in glossary and "../t9a/panic-test/index.md" in glossary
    assert "[morale](morale/index.md) (6)" in files["tags/index.md"]
    assert "](../../w40k7/fear/index.md) (40k 7th, rule): " in files["tags/morale/index.md"]


def test_api_index_lists_systems(files: dict[str, str]) -> None:
    index = json.loads(files["api/index.json"])
    assert [s["id"] for s in index["systems"]] == ["t9a", "w40k7"]
    assert index["systems"][1]["counts"] == {"rule": 7, "unit": 1, "term": 3}


def test_a_system_id_the_site_needs_is_refused_by_validate(tmp_path: Path) -> None:
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "system.yml").write_text("id: api\nname: A Game\nedition: 1st\nbooks: {core: {title: Core}}\n", encoding="utf-8")
    shutil.copy(FIXTURE_CONTENT / "w40k7" / "consolidate.yml", tmp_path / "api")
    problems = validate([str(tmp_path)]).problems
    assert [(p.line, p.col, p.code) for p in problems] == [(1, 5, "reserved-id")]
    assert problems[0].path.endswith("api/system.yml")


def test_many_results_of_one_number_are_a_histogram_and_mixed_ones_are_summed(files: dict[str, str]) -> None:
    page = files["w40k7/run/index.md"]
    charts = [line for line in page.splitlines() if line.startswith('<figure class="rr-odds"')]
    assert len(charts) == 4
    dice3, dice1, charge, move = charts
    assert 'class="rr-chart rr-histogram"' in dice3 and "<title>10: 1/8 (12.5%)</title>" in dice3
    assert 'class="rr-chart rr-histogram"' not in dice1 and "<title>4: 1/6 (16.7%)</title>" in dice1
    assert "<figcaption>Inches to the enemy: 7</figcaption>" in charge
    assert '<p class="rr-odds-note">Whatever the inches.</p>' in charge
    assert "<title>Fails: 5/54 (9.3%)</title>" in charge and "<td>Succeeds</td><td>90.7%</td><td>49/54</td>" in charge
    assert "<figcaption>Roll (D6)</figcaption>" in move and '<p class="rr-odds-note">In every case: moves.</p>' in move
    assert "<title>1 inch: 1/6 (16.7%)</title>" in move and "<title>6 inches: 1/6 (16.7%)</title>" in move


def test_a_certain_result_is_said_in_words_instead_of_a_chart(files: dict[str, str]) -> None:
    page = files["w40k7/fear/index.md"]
    always = next(line for line in page.splitlines() if "Always:" in line)
    assert always == '<figure class="rr-odds rr-always"><figcaption>Leadership: 7, fearless</figcaption><p>Always: passed, not weapon skill one (100%).</p></figure>'


def test_checks_read_for_players_first(files: dict[str, str]) -> None:
    page = files["w40k7/mob-rule/index.md"]
    check = page[page.index("### Resolve") :]
    assert check.index('<p class="rr-answers">') < check.index("It depends on:") < check.index("**Examples**")
    assert check.index("**Examples**") < check.index("**Chances**") < check.index("<summary>For programmers</summary>")
    assert "from rulechecks.w40k7 import mob_rule" in check[check.index("For programmers") :]
    assert '<th class="rr-given" colspan="4" scope="colgroup">Given</th><th class="rr-result rr-first" colspan="2" scope="colgroup">Result</th>' in check


def test_the_glossary_has_a_to_z_jump_links_per_system(files: dict[str, str]) -> None:
    page = files["glossary/index.md"]
    section = page[page.index("## Warhammer 40,000") :]
    letters = section.split("\n\n")[1]
    assert letters == '<p class="rr-letters" markdown>[C](#40k-7th-c) [I](#40k-7th-i) [M](#40k-7th-m) </p>'
    assert all(f"\n### 40k 7th: {letter}\n" in section for letter in "CIM")  # strict builds check these anchors


def test_entry_headings_carry_their_system_for_search_results(files: dict[str, str]) -> None:
    assert '\n# Fear<span class="rr-system"> · 40k 7th</span>\n' in files["w40k7/fear/index.md"]
    assert '\n# Fearless<span class="rr-system"> · T9A 3rd</span>\n' in files["t9a/fearless/index.md"]
