"""`rulesref roster`: an invented roster of every writer's shape (BattleScribe 1.x and 2.x, New
Recruit, zipped) read against the invented Pond Wars data imported as content, each selection
matched by the ids the import recorded and never by name; hostile rosters refused at their
line; the JSON, Markdown and printable page that come out.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from rulesref.commands.cli import main
from rulesref.support.schemas import ROSTER, schema_dir

from .conftest import FIXTURES

DATA = FIXTURES / "battlescribe" / "pondwars"
ROSTERS = FIXTURES / "battlescribe" / "rosters"


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pond") / "content"
    assert main(["import", "battlescribe", str(DATA), "--system", "pond", "--content", str(folder)]) == 0
    return folder


def army(content: Path, roster: Path, tmp_path: Path) -> tuple[int, dict[str, Any]]:
    """The JSON of a roster's army, checked against the published schema of that JSON."""
    out = tmp_path / "army.json"
    code = main(["roster", str(roster), "--content", str(content), "--out", str(out)])
    made = json.loads(out.read_text(encoding="utf-8"))
    Draft202012Validator(json.loads((schema_dir() / ROSTER).read_text(encoding="utf-8"))).validate(made)
    return code, made


def unit(made: dict[str, Any], name: str) -> dict[str, Any]:
    return next(u for u in made["units"] if u["name"] == name)


def test_a_battlescribe_2_roster_is_matched_by_ids(content: Path, tmp_path: Path) -> None:
    code, made = army(content, ROSTERS / "pond-2x.ros", tmp_path)
    assert made["roster"] == {"name": "Frog Raid", "game_system": "Pond Wars 2nd Edition", "battlescribe_version": "2.03", "generated_by": None, "costs": {"pts": 205}}
    guard = unit(made, "Frog Guard")
    assert guard["entry"] == "pond/frog-guard" and guard["count"] == 5 and guard["costs"] == {"pts": 70}
    # its own rules (Hit and Run by the id of the copy the import merged into Hit & Run), its spear's
    assert guard["rules"] == ["pond/frog-fury", "pond/hit-run", "pond/leap", "pond/two-handed"]
    assert [(p["name"], p["source"]) for p in guard["profiles"]] == [("Frog Guard", "content"), ("Stick", "content"), ("Reed Spear", "content")]
    assert guard["profiles"][0]["type"] == "Beast" and guard["profiles"][2]["values"] == {"Range": "-", "Punch": "+1", "Type": "Melee"}
    assert guard["selections"] == [{"name": "Reed Spear", "number": 2}]
    assert unit(made, "Toad Lord")["entry"] == "pond/toad-lord"  # the data's name held a zero-width space
    assert unit(made, "Marsh Eels")["entry"] is None
    assert made["rules"] == ["pond/frog-fury", "pond/hit-run", "pond/leap", "pond/murky-aura", "pond/slime-trail", "pond/two-handed"]
    assert made["unmatched"] == [
        {"name": "Organiser's Note", "entry_id": "r-hidden-note", "reason": "hidden"},
        {"name": "Marsh Eels", "entry_id": "root-eels::se-marsh-eels", "reason": "not in this content"},
        {"name": "Slither", "entry_id": "r-slither", "reason": "not in this content"},
    ]
    # the roster names the frogs' copy of Hit and Run, which the import merged into Hit & Run
    # (its id is in the entry's origin.also), with the frogs' own words
    assert made["differences"] == [
        {"rule": "pond/hit-run", "name": "Hit and Run", "message": "the roster's text of this rule is not the content's"},
        {"rule": "pond/slime-trail", "name": "Slime Trail", "message": "the roster's text of this rule is not the content's"},
    ]
    assert made["options"][0]["name"] == "General's Banner"
    assert code == 1  # some selections are not matched


def test_a_battlescribe_1_roster_reads_points_categories_and_attribute_values(content: Path, tmp_path: Path) -> None:
    code, made = army(content, ROSTERS / "pond-1x.ros", tmp_path)
    newts = unit(made, "Newt Skirmishers")
    assert newts["entry"] == "pond/newt-skirmishers" and newts["costs"] == {"pts": 30} and made["roster"]["costs"] == {"pts": 45}
    assert (newts["profiles"][0]["name"], newts["profiles"][0]["values"]) == ("Newt", {"Beast Type": "Amphibian", "Move": '7"', "Grit": "1", "Save": "6+"})
    # made with revision 6 of data the content was imported from at revision 7
    # a rule 1.x wrote without its id is one the data links to the unit by that name (Hit and
    # Run, an alias of Hit & Run), or it is not matched: never looked for across the content
    assert newts["rules"] == ["pond/hit-run"]
    assert made["unmatched"] == [
        {"name": "Slippery", "entry_id": "", "reason": "no id in the roster"},
        {"name": "Old Pike", "entry_id": "se-old-pike", "reason": "an older data revision"},
    ]
    assert made["differences"] == [{"rule": "pond/hit-run", "name": "Hit & Run", "message": "the roster was made with an older revision of this rule"}]
    assert code == 1


def test_a_new_recruit_roster_follows_link_chains_and_group_choices(content: Path, tmp_path: Path) -> None:
    code, made = army(content, ROSTERS / "pond-newrecruit.ros", tmp_path)
    assert made["roster"]["generated_by"] == "https://newrecruit.eu"
    assert unit(made, "Heron")["entry"] == "pond/heron"  # library link, root link, entry
    newts = unit(made, "Newt Skirmishers")
    assert newts["costs"] == {"Pts": 50} and "pond/float-rule" in newts["rules"]  # a kit chosen from a group
    assert made["unmatched"] == [] and code == 0


def test_models_and_units_taken_inside_others_are_matched_by_their_own_ids(content: Path, tmp_path: Path) -> None:
    """A model a force takes on its own is the unit the import made of that model entry; a
    unit taken inside another (a transport, a leader joining it) or inside a warband (as a
    formation's units are) is a unit of its own, matched by its ids past its parents'."""
    _, made = army(content, ROSTERS / "pond-models.ros", tmp_path)
    assert [(u["name"], u["entry"]) for u in made["units"]] == [
        ("Bullfrog Champion", "pond/bullfrog-champion"),  # a root entry of type model
        ("Frog Guard", "pond/frog-guard"),
        ("Bullfrog Champion", "pond/bullfrog-champion"),  # a model inside the unit, of another unit's entry
        ("Lily Barge", "pond/lily-barge"),  # a unit inside the unit
        ("Reed Raft", None),
        ("Lily Barge", "pond/lily-barge"),  # a unit inside a warband
        ("Snapping Turtle", None),
    ]
    champion, guard, _, barge = made["units"][:4]
    assert champion["rules"] == ["pond/leap"] and champion["profiles"][0]["values"]["Move"] == '9"' and champion["profiles"][0]["source"] == "content"
    # the guard's own models and costs; its transport's rule and costs are the transport's
    assert guard["count"] == 4 and guard["costs"] == {"pts": 50} and "pond/float-rule" not in guard["rules"]
    assert barge["rules"] == ["pond/float-rule"] and barge["costs"] == {"pts": 35.5}
    assert made["options"] == [{"name": "Frog Warband", "entry": None, "count": 1, "costs": {"pts": 5}, "rules": [], "profiles": [], "selections": [{"name": "War Drum", "number": 1}]}]


def test_each_reason_a_selection_is_not_matched_is_a_fact(content: Path, tmp_path: Path) -> None:
    """The roster was made with revision 8 of the data, the content imported from revision 7.
    A unit a force takes on its own and a rule, of neither of which the import made an entry
    though it makes one of every such element, are not in the data of revision 7: "a newer
    data revision". A unit taken inside another may be one the data holds only there, which
    the import need not make a unit: only "not in this content"."""
    _, made = army(content, ROSTERS / "pond-models.ros", tmp_path)
    assert made["unmatched"] == [
        {"name": "Reed Raft", "entry_id": "root-guard::el-guard-raft::se-raft", "reason": "not in this content"},
        {"name": "Snapping Turtle", "entry_id": "root-turtle::se-turtle", "reason": "a newer data revision"},
        {"name": "Shell Slam", "entry_id": "r-shell-slam", "reason": "a newer data revision"},
    ]
    # the same roster against content that holds a second game whose turtle has that id
    both = tmp_path / "both"
    shutil.copytree(content, both)
    assert main(["import", "battlescribe", str(FIXTURES / "battlescribe" / "turtles"), "--system", "shell", "--content", str(both)]) == 0
    _, made = army(both, ROSTERS / "pond-models.ros", tmp_path)
    assert made["system"] == "pond" and made["unmatched"][1] == {"name": "Snapping Turtle", "entry_id": "root-turtle::se-turtle", "reason": "in another system of this content"}
    # and a roster of the same revision as the content's: what the content lacks is only not in it
    same = tmp_path / "same.ros"
    same.write_text((ROSTERS / "pond-models.ros").read_text(encoding="utf-8").replace('gameSystemRevision="8"', 'gameSystemRevision="7"'), encoding="utf-8")
    _, made = army(content, same, tmp_path)
    assert {u["reason"] for u in made["unmatched"]} == {"not in this content"}


@pytest.mark.parametrize("name", ["army.test", "army.xml", "army", "army.ROS.txt"])
def test_a_roster_is_known_by_what_it_holds_whatever_its_name(content: Path, tmp_path: Path, name: str) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    renamed = tmp_path / name
    renamed.write_bytes((ROSTERS / "pond-2x.ros").read_bytes())
    assert army(content, renamed, tmp_path / "a") == army(content, ROSTERS / "pond-2x.ros", tmp_path / "b")


@pytest.mark.parametrize("name", ["raid.rosz", "raid.zip", "raid.ros", "raid.test", "raid"])
def test_a_zipped_roster_gives_what_its_roster_gives_whatever_its_name(content: Path, tmp_path: Path, name: str) -> None:
    zipped = tmp_path / name
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(ROSTERS / "pond-2x.ros", "raid.ros")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert army(content, zipped, tmp_path / "a") == army(content, ROSTERS / "pond-2x.ros", tmp_path / "b")


def test_a_bsdata_test_roster_is_read(content: Path, tmp_path: Path) -> None:
    """BSData keeps the rosters its tests read as `.test` files: New Recruit's output, on one line."""
    code, made = army(content, ROSTERS / "pond-watch.test", tmp_path)
    assert [(u["name"], u["entry"]) for u in made["units"]] == [("Heron", "pond/heron"), ("Newt Skirmishers", "pond/newt-skirmishers")]
    assert made["roster"]["generated_by"] == "https://newrecruit.eu" and made["unmatched"] == [] and code == 0


def test_the_printable_page_names_every_unit_and_rule_and_escapes_them(content: Path, tmp_path: Path) -> None:
    roster = tmp_path / "odd.ros"
    roster.write_text((ROSTERS / "pond-2x.ros").read_text(encoding="utf-8").replace('name="Frog Raid"', 'name="Frogs &lt;b&gt;&amp; Toads"'), encoding="utf-8")
    out = tmp_path / "army.html"
    assert main(["roster", str(roster), "--content", str(content), "--out", str(out)]) == 1
    page = out.read_text(encoding="utf-8")
    assert "<title>Frogs &lt;b&gt;&amp; Toads</title>" in page and "<b>&" not in page
    for name in ("Frog Guard", "Toad Lord", "Marsh Eels", "Frog Fury", "Hit &amp; Run", "Leap", "Murky Aura", "Slime Trail", "Two-handed"):
        assert name in page, name
    assert "@page { size: A4" in page and "<script" not in page  # printable, self-contained
    markdown = tmp_path / "army.md"
    assert main(["roster", str(roster), "--content", str(content), "--out", str(markdown)]) == 1
    assert "## Frog Guard (5) · 70 pts" in markdown.read_text(encoding="utf-8")


def test_without_out_a_summary_is_printed(content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roster", str(ROSTERS / "pond-2x.ros"), "--content", str(content)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Frog Raid: Pond Wars 2nd Edition, 205 pts\n  3 units (2 matched), 6 rules")
    assert "Marsh Eels (root-eels::se-marsh-eels): not in this content" in out and "hidden in the roster, not matched: 1" in out


DTD = """<?xml version="1.0"?>
<!DOCTYPE roster [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
<roster name="&lol2;"/>
"""


@pytest.mark.parametrize(
    ("name", "data", "line", "words"),
    [
        ("laughs.ros", DTD.encode(), 2, "refused: the XML holds a document type declaration"),
        ("deep.ros", b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema">\n' + b"<a>" * 300 + b"</a>" * 300 + b"</roster>", 2, "refused: elements nest more than 200 deep"),
        ("catalogue.ros", (DATA / "newts.cat").read_bytes(), 4, "not a BattleScribe roster: the root element is <catalogue>, not <roster>"),
        ("broken.ros", b"<roster><forces></roster>", 1, "malformed XML"),
        ("notzip.rosz", b"PK\x03\x04 not really", 1, "not a readable zip file"),
        ("notxml.rosz", b"PK not really", 1, "not a roster: a roster is BattleScribe's XML (a .ros file) or a zip holding one"),
        ("army.pdf", b"%PDF-1.4 not a roster", 1, "not a roster"),
        ("empty.ros", b"", 1, "not a roster"),
    ],
)
def test_a_hostile_or_broken_roster_is_refused_at_its_line(content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: bytes, line: int, words: str) -> None:
    roster = tmp_path / name
    roster.write_bytes(data)
    out = tmp_path / "army.json"
    assert main(["roster", str(roster), "--content", str(content), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f":{line}:1: error[roster-source]: " in err and words in err, err
    assert not out.exists()  # nothing written


def test_a_zip_bomb_is_refused_from_what_it_inflates_to(content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesref.formats.battlescribe import read

    monkeypatch.setattr(read, "MAX_XML_BYTES", 100_000)
    bomb = tmp_path / "bomb.rosz"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bomb.ros", b"<roster>" + b" " * 1_000_000 + b"</roster>")
    assert bomb.stat().st_size < 10_000
    assert main(["roster", str(bomb), "--content", str(content)]) == 1
    assert "inflates to 1000017 bytes; the limit is 100000" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["missing.ros"], "no such roster: missing.ros"),
        ([str(ROSTERS / "pond-2x.ros"), "--out", "army.pdf"], "--out names the format by its suffix"),
        ([str(ROSTERS / "pond-2x.ros"), "--out", "no/such/folder/army.html"], "--out: no folder no/such/folder to write army.html into"),
    ],
)
def test_usage_errors_exit_2(content: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    assert main(["roster", *args, "--content", str(content)]) == 2
    assert words in capsys.readouterr().err


def test_a_roster_of_a_copy_whose_rule_files_are_hand_edited_is_still_matched_by_id(content: Path, tmp_path: Path) -> None:
    """A name edited by hand in the content does not lose the match: ids, not names."""
    copy = tmp_path / "content"
    shutil.copytree(content, copy)
    leap = copy / "pond" / "leap.yml"
    leap.write_text(leap.read_text(encoding="utf-8").replace('name: "Leap"', 'name: "Great Leap"'), encoding="utf-8")
    _, made = army(copy, ROSTERS / "pond-2x.ros", tmp_path)
    assert "pond/leap" in unit(made, "Frog Guard")["rules"]


def test_content_with_errors_is_named_without_its_warnings(content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "content"
    shutil.copytree(content, broken)
    (broken / "pond" / "leap.yml").write_text("oops: [\n", encoding="utf-8")
    assert main(["roster", str(ROSTERS / "pond-2x.ros"), "--content", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "error[yaml-syntax]" in err and "warning[" not in err and "has errors (above)" in err


@pytest.mark.node
def test_the_page_s_digest_of_a_rule_s_words_is_the_data_s(tmp_path: Path) -> None:
    """The roster page compares a roster's copy of a rule by a digest of its words; the data
    files carry the same digest of the content's (`rulesref.pages.roster.text_digest`)."""
    import re
    import subprocess

    from rulesref.pages.roster import text_digest

    from .jsnode import node

    script = (Path(__file__).parent.parent / "generator" / "rulesref" / "templates" / "site" / "assets" / "rulesref-roster.js").read_text(encoding="utf-8")
    function = re.search(r"^  function digest\(text\) \{\n.*?^  \}$", script, re.M | re.S)
    assert function is not None
    texts = ["", "a", "the beast ignores deep water.", "straße ss", "ǅ ﬁ ς", "日本語のルール", "emoji 😀 outside the first plane", "x" * 5000]
    (tmp_path / "digest.js").write_text(function.group(0) + f"\nconsole.log(JSON.stringify({json.dumps(texts)}.map(digest)));\n", encoding="utf-8")
    done = subprocess.run([node(), str(tmp_path / "digest.js")], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [text_digest(t) for t in texts]
    assert len(set(json.loads(done.stdout))) == len(texts)
