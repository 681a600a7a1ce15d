"""Whatever the data names things, the import writes only what `validate` accepts.

Names are generated (YAML's keywords and specials, names far past every bound, characters of
every Unicode category an XML file can hold) and written into an invented game in the
BattleScribe format: as rule names, unit names, profile names, characteristic values, the
catalogue's name and the game system's. The import of it must validate with no error,
a second import must change nothing, and a name cut to fit a bound must be listed whole in
`IMPORT.md`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesref.commands.cli import main
from rulesref.read.load import load_file
from rulesref.validate import validate

from .hang_guard import no_hang

YAML_WORDS = [
    "true", "True", "TRUE", "false", "False", "null", "Null", "NULL", "~", "yes", "No", "on", "OFF", "y", "N",
    ".inf", "-.Inf", ".nan", "0", "010", "0x1F", "0o17", "1e3", "1_000", "12:30", "2024-01-01", "3.14", "+1", "-0",
    "- a", "? a", ": a", "a: b", "a #b", "&anchor", "*alias", "!tag", "!!str", "%YAML 1.2", "@at", "`tick", "#hash",
    "|", ">", "'", '"', "[a]", "{a: b}", "---", "...", "<<", "=", ",", "a,b", "\\", "'quoted'", '"dq"', " lead", "trail ",
    "index", "system", "armies", "all", "class", "None", "range", "__init__", "con", "nul", "Ünïcødé", "名前",
]


def _xml_char(c: str) -> bool:
    """What XML 1.0 lets a document hold (the Char production; no surrogates)."""
    o = ord(c)
    return o in (0x9, 0xA, 0xD) or 0x20 <= o <= 0xD7FF or 0xE000 <= o <= 0xFFFD or 0x10000 <= o <= 0x10FFFF


CATEGORIES: list[Any] = ["Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cn"]
ANY_CHAR = st.characters(blacklist_categories=["Cs"]).filter(_xml_char)
NAMES = st.one_of(
    st.sampled_from(YAML_WORDS),
    st.text(ANY_CHAR, min_size=1, max_size=40),
    st.sampled_from(CATEGORIES).flatmap(lambda cat: st.text(st.characters(whitelist_categories=[cat]).filter(_xml_char), min_size=1, max_size=12)),
    st.builds(lambda word, n: (word + " ") * n, st.sampled_from(["Very Long Name", "Ærø", "true", "a:b"]), st.integers(20, 60)),
    st.text(ANY_CHAR, min_size=301, max_size=420),
)


def _attr(text: str) -> str:
    """An XML attribute that reads back as `text` exactly (line breaks and tabs as references)."""
    return quoteattr(text, {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


def write_game(folder: Path, names: list[str]) -> None:
    """A game system with a rule of each name, and a catalogue (named by the first) with a unit
    of each name, whose model's profile has that name and that characteristic value."""
    folder.mkdir(parents=True)
    rules = "".join(f'<rule id="r{n}" name={_attr(name)}><description>{escape(name)} is rule {n}.</description></rule>' for n, name in enumerate(names))
    (folder / "names.gst").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Invented test data in the BattleScribe format. -->\n'
        f'<gameSystem id="names-sys" name={_attr(names[-1])} revision="1" battleScribeVersion="2.03" xmlns="http://www.battlescribe.net/schema/gameSystemSchema">'
        '<profileTypes><profileType id="pt-critter" name="Critter"><characteristicTypes><characteristicType id="ct-grit" name="Grit"/></characteristicTypes></profileType></profileTypes>'
        f"<sharedRules>{rules}</sharedRules></gameSystem>\n",
        encoding="utf-8",
    )
    units = "".join(
        f'<selectionEntry id="u{n}" name={_attr(name)} type="unit"><infoLinks><infoLink id="l{n}" targetId="r{n}" type="rule"/></infoLinks>'
        f'<profiles><profile id="p{n}" name={_attr(name)} typeId="pt-critter"><characteristics><characteristic name="Grit" typeId="ct-grit">{escape(name)}</characteristic></characteristics></profile></profiles>'
        "</selectionEntry>"
        for n, name in enumerate(names)
    )
    (folder / "names.cat").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Invented test data in the BattleScribe format. -->\n'
        f'<catalogue id="names-cat" name={_attr(names[0])} revision="1" battleScribeVersion="2.03" gameSystemId="names-sys" xmlns="http://www.battlescribe.net/schema/catalogueSchema">'
        f"<sharedSelectionEntries>{units}</sharedSelectionEntries></catalogue>\n",
        encoding="utf-8",
    )


def run_import(data: Path, content: Path) -> int:
    return main(["import", "battlescribe", str(data), "--system", "names", "--content", str(content)])


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
@given(names=st.lists(NAMES, min_size=1, max_size=4))
@settings(max_examples=40, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
def test_any_name_imports_into_content_that_validates_and_imports_again_unchanged(names: list[str], tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path_factory.mktemp("names")
    write_game(root / "data", names)
    content = root / "content"
    with no_hang(60):
        assert run_import(root / "data", content) == 0, capsys.readouterr().err
        errors = [p for p in validate([str(content)]).problems if p.severity == "error"]
        assert errors == [], "\n".join(map(str, errors))
        first = snapshot(content)
        assert run_import(root / "data", content) == 0
        assert snapshot(content) == first  # the same data, imported again: nothing changes
    capsys.readouterr()


def test_an_id_that_yaml_would_read_as_another_type_is_written_as_a_string(tmp_path: Path) -> None:
    write_game(tmp_path / "data", ["True", "null", "yes", "Off", "1e3"])
    content = tmp_path / "content"
    assert run_import(tmp_path / "data", content) == 0
    assert validate([str(content)]).ok
    ids = {}
    for path in sorted((content / "names").glob("*.yml")):
        doc, problems = load_file(path, path.name)
        assert doc is not None, problems
        ids[path.name] = doc.data.get("id")
    assert all(isinstance(value, str) and f"{value}.yml" == name for name, value in ids.items() if name != "system.yml")
    assert 'id: "true"\n' in (content / "names" / "true.yml").read_text(encoding="utf-8")
    assert "id: fear\n" not in (content / "names" / "true.yml").read_text(encoding="utf-8")


def test_a_name_past_every_bound_is_cut_only_where_a_bound_applies_and_listed_whole(tmp_path: Path) -> None:
    long_name = "Unbearably Long Rule Name " * 16  # 416 characters: past `name` (80) and `origin.name` (300)
    write_game(tmp_path / "data", [long_name.strip(), "Short"])
    content = tmp_path / "content"
    assert run_import(tmp_path / "data", content) == 0
    assert validate([str(content)]).ok
    entries = [doc.data for path in sorted((content / "names").glob("*.yml")) if (doc := load_file(path, path.name)[0]) is not None and doc.data.get("kind") == "rule"]
    (rule,) = [e for e in entries if e["origin"]["element"] == "r0"]
    assert len(rule["name"]) <= 80 and rule["name"].startswith("Unbearably Long Rule Name")
    origin = rule["origin"]["name"]
    assert len(origin) == 300 and origin.startswith(long_name[:250]) and "… #" in origin
    assert rule["text"].startswith(long_name.strip())  # kept whole where it is shown: its own text names it
    report = (content / "names" / "IMPORT.md").read_text(encoding="utf-8")
    assert f"`{long_name.strip()}`" in report  # the whole name, in the report


def test_values_past_their_bounds_are_cut_there_and_listed_whole(tmp_path: Path) -> None:
    """An element id longer than `origin.element` may be, in a file whose name is longer than
    `origin.file` may be: both cut to fit, marked and hashed, and listed whole in the report;
    a second import changes nothing."""
    data = tmp_path / "data"
    write_game(data, ["Plain"])
    long_id = "element-" + "0123456789" * 15  # 158 characters; `origin.element` holds 100
    long_file = "the-game-system-" + "of-hedgerows-" * 16 + "names.gst"  # 233 characters; `origin.file` holds 200
    gst = data / "names.gst"
    gst.rename(data / long_file)
    (data / long_file).write_text((data / long_file).read_text(encoding="utf-8").replace('<rule id="r0"', f'<rule id="{long_id}"'), encoding="utf-8")
    content = tmp_path / "content"
    assert run_import(data, content) == 0
    assert validate([str(content)]).ok
    doc, _ = load_file(content / "names" / "plain.yml", "plain.yml")
    assert doc is not None
    origin = doc.data["origin"]
    assert len(origin["element"]) == 100 and origin["element"].startswith(long_id[:80]) and "… #" in origin["element"]
    assert len(origin["file"]) == 200 and origin["file"].startswith(long_file[:180]) and "… #" in origin["file"]
    report = (content / "names" / "IMPORT.md").read_text(encoding="utf-8")
    assert "## Cut to fit a bound (2)" in report and f"`{long_id}`" in report and f"`{long_file}`" in report
    assert "`origin.element` (at most 100 characters)" in report and "`origin.file` (at most 200 characters)" in report
    first = snapshot(content)
    assert run_import(data, content) == 0
    assert snapshot(content) == first
