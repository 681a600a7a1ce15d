"""No check page of the pools fixture shows a player code: a refusal by `until` (the roll-off
whose ties are rolled again), dice counted by an expression, pools whose dice are expressions
are all said in words, as `players_words` reads a page (the shipped site has none of these)."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulesref.pages.check_section import check_section
from rulesref.validate import validate
from rulesref.views.checks import check_views

from .players_words import code_in, player_text

FIXTURES = Path(__file__).parent.parent / "fixtures"


def test_no_check_of_the_pools_fixture_shows_a_player_code(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "content", content)
    shutil.copy(FIXTURES / "pools" / "volleys.yml", content / "demo")
    result = validate([str(content)])
    entry = result.content.entry("demo:volleys")
    assert entry is not None
    found, shown = [], {}
    for view in check_views(result.compiled[entry.key], result.settings):
        section = check_section(entry, view)
        parts = [*section["depends"], section["examples"], section["dice"], *section["charts"]]  # type: ignore[misc]
        text = player_text(" ".join(str(p) for p in parts))
        shown[view.name] = text.replace("\\", "")  # (the page escapes its markdown)
        found += [f"{view.name}: {code}" for code in code_in(text)]
    assert found == []
    assert "Refused: The dice are rolled again until attacker plus bonus is not defender, so it must hold" in shown["rolloff"]
    assert "Penetration (a roll of no dice if strength is 0, else 2 D6 if armourbane, else 1 D6)" in shown["armourbane"]
