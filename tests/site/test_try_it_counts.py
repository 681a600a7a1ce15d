"""A "Try it" form whose dice are counted by an expression offers the totals of as many dice
as the count gives for what the reader has set (looked up in the table the build worked out:
no expression runs in the browser), in place of one die's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import build_project, make_project, serving

pytestmark = [pytest.mark.slow, pytest.mark.browser]

RULE = """id: penetrating-shot
kind: rule
name: Penetrating Shot
summary: Armour penetration, two dice with Armourbane and one without.
text: x
checks:
  penetration:
    summary: The armour penetration of a shot.
    inputs:
      armourbane: {type: bool, summary: The weapon has Armourbane}
      roll: {type: D6, count: "2 if armourbane else 1", summary: The penetration roll}
    output: {type: int, min: 1, max: 12}
    expr: roll
    examples:
      - given: {armourbane: true, roll: 9}
        expect: 9
"""


def test_the_dice_offered_follow_the_count_the_reader_sets(browser: Any, tmp_path: Path) -> None:
    project = make_project(tmp_path / "project")
    (project.content / "w40k7" / "penetrating-shot.yml").write_text(RULE, encoding="utf-8")
    assert build_project(project) == 0
    with serving(project.site, {"Content-Security-Policy": "default-src 'self'"}) as url:
        context = browser.new_context()
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{url}w40k7/penetrating-shot/")
        page.wait_for_selector(".rr-try-ready")
        holder = page.locator(".rr-try").first
        options = "select => [...select.options].map(o => Number(o.value))"
        holder.locator("input[type=checkbox]").uncheck()
        assert holder.locator("select").evaluate(options) == list(range(1, 7))
        holder.locator("input[type=checkbox]").check()
        assert holder.locator("select").evaluate(options) == list(range(2, 13))
        holder.locator("select").select_option("12")
        assert "12" in holder.locator(".rr-try-result").inner_text()
        context.close()
    assert errors == []
