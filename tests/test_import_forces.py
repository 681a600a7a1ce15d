"""What a force can take becomes units, with their own rules and their options' apart; each
text of a name is a rule of its own; JSON data imports as its XML does; nothing is lost
without a word (a long cell, a missing library, older markup).

The data is the invented Moorland Raids (tests/fixtures/battlescribe/moorland), and the same
data written as JSON (moorland-json).
"""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main
from rulesref.read.load import load_file
from rulesref.validate import validate

from .conftest import FIXTURES

DATA = FIXTURES / "battlescribe"
NS = "{http://www.battlescribe.net/schema/catalogueSchema}"
GST_NS = "{http://www.battlescribe.net/schema/gameSystemSchema}"


def run_import(source: Path, content: Path) -> int:
    return main(["import", "battlescribe", str(source), "--system", "moor", "--content", str(content)])


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    content = tmp_path_factory.mktemp("xml") / "content"
    assert run_import(DATA / "moorland", content) == 0
    return content


def entry(content: Path, ident: str) -> dict[str, Any]:
    doc, problems = load_file(content / "moor" / f"{ident}.yml", ident)
    assert doc is not None, problems
    return doc.data


def report(content: Path) -> str:
    return (content / "moor" / "IMPORT.md").read_text()


def test_what_a_force_can_take_is_counted_and_every_difference_has_its_reason(imported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_import(DATA / "moorland", tmp_path / "again") == 0
    err = capsys.readouterr().err
    assert "what a force can take: 6; units: 4; not units: 2" in err
    assert "not a unit, 1: hidden, and no modifier shows it" in err
    text = report(imported)
    assert "- `Old Buck` (hares.cat:38; Hares of the High Moor): hidden, and no modifier shows it" in text
    assert "- `Weasel Pack` (stoats.cat:10; Stoat Clans): its target is in no file read: the sources lack the catalogue `Moor Beasts Library`" in text


def test_the_coverage_tells_what_the_sources_lack_from_what_the_import_left_out(tmp_path: Path) -> None:
    """The benchmark's measure: of what a force can take, the Weasel Pack is in a catalogue
    the checkout lacks (nothing there to import); Old Buck is in the data and left out."""
    from rulesref.commands.import_battlescribe import import_battlescribe

    coverage = import_battlescribe([str(DATA / "moorland")], "moor", None, str(tmp_path / "content"), dry_run=False).coverage
    assert (coverage.takeable, coverage.units, coverage.absent, coverage.never_shown) == (6, 4, 1, 1)
    assert coverage.left_out == {"hidden, and no modifier shows it": 1, "its target is in no file read: the sources lack the catalogue `Moor Beasts Library`": 1}
    assert coverage.missing_catalogues == ("Moor Beasts Library",)


def test_a_hidden_single_model_a_modifier_shows_is_a_unit_with_its_role(imported: Path) -> None:
    king = entry(imported, "hare-king")
    assert king["role"] == "Leader" and king["armies"] == ["hares-of-the-high-moor"]
    assert king["profiles"][0] == {"type": "beast", "name": "Hare King", "values": {"Move": '9"', "Grit": "3", "Nerve": "3+"}}
    assert entry(imported, "stoat-chief")["profiles"][0]["name"] == "Stoat Chief"  # a model, by a root link
    assert not (imported / "moor" / "old-buck.yml").exists()


def test_a_unit_s_rules_are_its_own_and_its_options_bring_theirs(imported: Path) -> None:
    band = entry(imported, "hare-band")
    assert band["rules"] == ["stampede"]
    assert "wargear" not in band
    assert band["options"] == [
        {"name": "Lucky Foot", "rules": ["lucky"], "element": "se-lucky-foot"},
        {"name": "Turnip Cart", "group": "Dedicated Transport", "rules": ["rickety"], "unit": "turnip-cart", "element": "se-cart"},
    ]
    # the default weapon's row is the unit's; the transport's rows are on its own page
    assert [p["name"] for p in band["profiles"]] == ["Hare", "Thorn Spear"]
    assert entry(imported, "turnip-cart")["rules"] == ["rickety"]


def test_warlord_traits_are_options_not_wargear(imported: Path) -> None:
    king = entry(imported, "hare-king")
    assert "wargear" not in king
    assert {"name": "Swift as the Wind", "group": "Warlord Traits", "rules": ["swift-as-the-wind"], "element": "se-trait-swift"} in king["options"]


def test_a_required_group_s_default_is_the_unit_s_and_its_other_entries_options(imported: Path) -> None:
    king = entry(imported, "hare-king")
    assert [p["name"] for p in king["profiles"]] == ["Hare King", "Thorn Spear", "Royal Sling"]
    assert king["options"][0] == {"name": "Royal Sling", "group": "Weapon", "rows": ["Royal Sling"], "element": "se-king-sling"}
    assert [o["name"] for o in king["options"]] == ["Royal Sling", "Swift as the Wind"]  # the default spear is no option


def test_a_profile_type_a_catalogue_defines_is_declared_and_one_with_no_characteristics_is_passed_over(imported: Path) -> None:
    types = entry(imported, "system")["profile_types"]
    assert {"id": "sling-shot", "name": "Sling Shot", "characteristics": ["Reach", "Stones"]} in types
    assert "banner" not in [t["id"] for t in types]


def test_each_text_of_a_name_is_a_rule_and_the_report_lists_them(imported: Path) -> None:
    assert entry(imported, "hare-king")["rules"][0] == "warlord"
    assert entry(imported, "warlord")["text"].startswith("If the Hare King is part of a raid")
    assert entry(imported, "stoat-chief")["rules"][0] == "warlord-stoat-chief"
    assert entry(imported, "warlord-stoat-chief")["text"] == "The leader with the best Nerve is the raid's Warlord."
    assert "| Warlord | `Warlord` (hares.cat:51); `Warlord (Stoat Chief)` (stoats.cat:13) |" in report(imported)


def _unlinked(text: str) -> str:
    """Text as the data wrote it: `[[Name]]` and `[[Name|words]]` read as their words."""
    text = re.sub(r"\[\[(?:[^\]|]*\|)?([^\]|]*)\]\]", r"\1", text)
    return " ".join(text.split())


def _as_text(description: str) -> str:
    """A description as the import reads it: older markup `[Punch](+1)` is its words and value."""
    return " ".join(re.sub(r"\[([^\]]*)\]\(([^)]*)\)", r"\1 (\2)", description).split())


def _rule_texts(folder: Path) -> dict[tuple[str, str], str]:
    """Every `<rule>`'s text by (file, id), read straight from the XML."""
    found = {}
    for path in folder.iterdir():
        for element in ET.parse(path).getroot().iter():
            if element.tag.rpartition("}")[2] == "rule" and element.get("id"):
                description = next((c for c in element if c.tag.rpartition("}")[2] == "description"), None)
                found[(path.name, element.get("id", ""))] = _as_text("".join(description.itertext())) if description is not None else ""
    return found


@pytest.mark.parametrize(("folder", "system"), [("moorland", "moor"), ("pondwars", "pond"), ("hedgerow", "hedge")])
def test_every_imported_link_shows_the_text_of_the_element_it_targets(folder: str, system: str, tmp_path: Path) -> None:
    source = DATA / folder
    content = tmp_path / "content"
    assert main(["import", "battlescribe", str(source), "--system", system, "--content", str(content)]) == 0
    texts = _rule_texts(source)
    entries = {p.stem: load_file(p, p.stem)[0] for p in (content / system).glob("*.yml")}
    by_element: dict[str, list[dict[str, Any]]] = {}
    for doc in entries.values():
        assert doc is not None
        origin = doc.data.get("origin") or {}
        for element in [origin.get("element"), *origin.get("also", [])]:
            by_element.setdefault(element, []).append(doc.data)
    checked = 0
    for doc in entries.values():
        assert doc is not None
        if doc.data.get("kind") != "unit":
            continue
        unit = ET.parse(source / doc.data["origin"]["file"]).getroot()
        element = next(e for e in unit.iter() if e.get("id") == doc.data["origin"]["element"])
        refs = {r if isinstance(r, str) else r["rule"] for r in doc.data["rules"]} | _option_rules(doc.data)
        for link in element.iter():
            if link.tag.rpartition("}")[2] != "infoLink" or link.get("type") != "rule":
                continue
            target = (doc.data["origin"]["file"], link.get("targetId", ""))
            if target not in texts:
                target = next((key for key in texts if key[1] == target[1] and key[0].endswith(".gst")), target)
            if target not in texts:
                continue  # a library the sources lack
            linked = [e for e in by_element.get(target[1], []) if e["id"] in refs]
            assert linked, f"{doc.data['id']}: no rule of its own or of an option for {target}"
            assert any(_unlinked(e.get("text", "")) == texts[target] for e in linked), (doc.data["id"], target, [e.get("text") for e in linked])
            checked += 1
    assert checked >= 3


def _option_rules(unit: dict[str, Any]) -> set[str]:
    """The rules of a unit's options, rows and wargear."""
    refs = [r for o in unit.get("options", []) for r in o.get("rules", [])] + [r for p in unit.get("profiles", []) for r in p.get("rules", [])] + unit.get("wargear", [])
    return {r if isinstance(r, str) else r["rule"] for r in refs}


def test_a_long_cell_is_kept_whole(imported: Path) -> None:
    spear = next(p for p in entry(imported, "hare-band")["profiles"] if p["name"] == "Thorn Spear")
    assert len(spear["values"]["Abilities"]) > 450
    assert spear["values"]["Abilities"].endswith("must also pass a Nerve test or flee.")
    assert "## Profile cells cut (0)" in report(imported)


def test_a_missing_library_is_named_with_what_it_left_unresolved(imported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_import(DATA / "moorland", tmp_path / "again") == 0
    err = capsys.readouterr().err
    line = "the catalogue `Moor Beasts Library` (cat-moor-library) is linked from 1 file and is not among the sources: 2 links in them resolve to nothing"
    assert line in err
    assert line in report(imported)
    assert "  - stoats.cat: 2 links resolve to nothing" in report(imported)


def test_older_markup_imports_as_text_that_validates(imported: Path) -> None:
    assert entry(imported, "stampede")["text"].endswith("and gains Punch (+1) until the end of the turn.")
    assert [p for p in validate([str(imported)]).problems if p.severity == "error"] == []


def test_a_link_made_right_before_a_bracket_is_no_markdown_link(tmp_path: Path) -> None:
    source = tmp_path / "data"
    shutil.copytree(DATA / "moorland", source)
    hares = source / "hares.cat"
    hares.write_text(hares.read_text().replace("a lucky foot may roll", "a lucky foot (a Stampede(+1) charm) may roll"))
    content = tmp_path / "content"
    assert run_import(source, content) == 0
    assert "[[Stampede]] (+1) charm" in entry(content, "lucky")["text"]
    assert [p for p in validate([str(content)]).problems if p.severity == "error"] == []


def _without_places(folder: Path) -> dict[str, str]:
    """Each file's text with file names, lines and the hashes made from them set aside."""
    names = {"hares.cat": "Hares of the High Moor.json", "stoats.cat": "Stoat Clans.json", "moorland.gst": "Moorland Raids.json"}
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            text = path.read_text()
            for xml_name, json_name in names.items():
                text = text.replace(json_name, xml_name)
            text = re.sub(r"(\.(?:cat|gst)):\d+", r"\1:N", text)
            out[path.relative_to(folder).as_posix()] = re.sub(r'"hash": "[0-9a-f]+"', '"hash": "-"', text)
    return out


def test_the_json_form_imports_as_the_xml_does(imported: Path, tmp_path: Path) -> None:
    content = tmp_path / "content"
    assert run_import(DATA / "moorland-json", content) == 0
    assert _without_places(content) == _without_places(imported)


def test_malformed_or_foreign_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "data"
    shutil.copytree(DATA / "moorland-json", source)
    (source / "package.json").write_text('{"name": "not data"}\n')
    assert run_import(source, tmp_path / "content") == 0
    assert "package.json: file: JSON that is not BattleScribe data" in (tmp_path / "content" / "moor" / "IMPORT.md").read_text()
    (source / "broken.json").write_text('{"catalogue": {"id": "x",\n  "name": }}\n')
    capsys.readouterr()
    assert run_import(source, tmp_path / "content2") == 1
    assert "broken.json:2:1: error[import-source]: malformed JSON" in capsys.readouterr().err
    assert not (tmp_path / "content2").exists()
    (source / "broken.json").write_text('{"catalogue": {"id": "x", "id": "y"}}\n')
    assert run_import(source, tmp_path / "content3") == 1
    assert "written twice" in capsys.readouterr().err
    deep = '{"catalogue": ' + '{"a": [' * 400 + "]}" * 400 + "}"
    (source / "broken.json").write_text(deep)
    assert run_import(source, tmp_path / "content4") == 1
    assert "nest" in capsys.readouterr().err


def test_data_in_battlescribe_s_first_schema_imports_as_the_current_does(tmp_path: Path) -> None:
    content = tmp_path / "content"
    assert main(["import", "battlescribe", str(DATA / "oldmoor"), "--system", "om", "--content", str(content)]) == 0

    def unit(ident: str) -> dict[str, Any]:
        doc, problems = load_file(content / "om" / f"{ident}.yml", ident)
        assert doc is not None, problems
        return doc.data

    band = unit("hare-band")
    assert band["role"] == "Band" and band["rules"] == ["stampede"]
    # the models the entry requires and the group's default are the unit's; the rest are options
    assert [p["name"] for p in band["profiles"]] == ["Hare", "Thorn Spear", "Sling"]
    assert band["options"] == [
        {"name": "Sling", "group": "Weapon", "rows": ["Sling"], "element": "e-sling"},
        {"name": "Lucky Foot", "group": "Extras", "rules": ["lucky"], "element": "e-foot"},
    ]
    assert next(p for p in band["profiles"] if p["name"] == "Sling")["rules"] == ["volley"]
    king = unit("hare-king")  # hidden, and shown by a 1.x `show` modifier
    assert king["role"] == "Leader" and king["rules"] == ["stampede"]
    assert [p for p in validate([str(content)]).problems if p.severity == "error"] == []


def test_data_with_no_profiles_and_no_rules_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "data"
    source.mkdir()
    shutil.copy(DATA / "moorland" / "moorland.gst", source)
    (source / "voles.cat").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Invented test data: army building only. -->\n'
        '<catalogue id="cat-voles" name="Voles" gameSystemId="moor-sys-0001" battleScribeVersion="2.03" xmlns="http://www.battlescribe.net/schema/catalogueSchema">\n'
        '  <entryLinks><entryLink id="root-v" targetId="se-voles" type="selectionEntry"/></entryLinks>\n'
        '  <sharedSelectionEntries><selectionEntry id="se-voles" name="Vole Pack" type="unit">\n'
        '    <selectionEntries><selectionEntry id="se-net" name="Net" type="upgrade"/></selectionEntries>\n'
        "  </selectionEntry></sharedSelectionEntries>\n</catalogue>\n"
    )
    content = tmp_path / "content"
    capsys.readouterr()
    assert run_import(source, content) == 0
    err = capsys.readouterr().err
    assert "the data gives no unit any profile (characteristics)" in err
    assert "the data gives no unit any rule: unit pages list what each unit can take" in err
    assert "Note: the data gives no unit any rule" in report(content)
    assert entry(content, "vole-pack")["options"] == [{"name": "Net", "element": "se-net"}]


def test_one_id_and_name_with_two_texts_in_two_catalogues_keeps_each_entry_on_every_import(tmp_path: Path) -> None:
    """Catalogues copy each other's ids: the two Warlords share one id here. Each text is
    found again by its own file on a re-import, which writes nothing (they swapped before)."""
    data = tmp_path / "data"
    shutil.copytree(DATA / "moorland", data)
    stoats = data / "stoats.cat"
    stoats.write_text(stoats.read_text(encoding="utf-8").replace("r-warlord-stoat", "r-warlord-king"), encoding="utf-8")
    content = tmp_path / "content"
    assert run_import(data, content) == 0
    first = {path.name: path.read_bytes() for path in (content / "moor").glob("*.yml")}
    warlords = {name: entry(content, name.removesuffix(".yml")) for name in first if name.startswith("warlord")}
    assert sorted(w["origin"]["file"] for w in warlords.values()) == ["hares.cat", "stoats.cat"]
    assert run_import(data, content) == 0
    assert {path.name: path.read_bytes() for path in (content / "moor").glob("*.yml")} == first
