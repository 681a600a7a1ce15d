"""Distances in half inches (`type: inches`): exact in Python's floats and JavaScript's numbers
alike, refused when they are not halves, a whole number of inches given back as an int."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulesref.validate import validate

from .test_javascript import compare_groups
from .test_logic import compiled

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def moves(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    content = tmp_path_factory.mktemp("distances") / "content"
    shutil.copytree(FIXTURES / "content", content)
    shutil.copy(FIXTURES / "distances" / "moves.yml", content / "demo")
    return compiled(content, "demo", "moves"), content


def test_a_distance_is_exact_and_a_whole_one_is_an_int(moves: tuple[dict[str, Any], Path]) -> None:
    ns, _ = moves
    got = ns["reaches"](distance=10, move=5.5, roll=2)
    assert got == ns["Reaches"](reached=False, left=3.5)
    whole = ns["reaches"](distance=12, move=6.5, roll=3).left
    assert whole == 4 and type(whole) is int  # 12 - (6.5 + 1.5), as the content would write it
    assert ns["reaches_odds"](distance=9, move=6) == {ns["Reaches"](reached=False, left=x): Fraction(1, 6) for x in (0.5, 1, 1.5, 2, 2.5)} | {ns["Reaches"](reached=True, left=0): Fraction(1, 6)}


@pytest.mark.parametrize("bad", [7.25, True, "7", 24.5, -0.5, float("nan"), float("inf")])
def test_a_value_that_is_no_half_inch_distance_is_refused(moves: tuple[dict[str, Any], Path], bad: object) -> None:
    with pytest.raises(ValueError, match="distance must be a distance in half inches from 0 to 24, not "):
        moves[0]["reaches"](distance=bad, move=6, roll=3)


@pytest.mark.node
def test_javascript_equals_python_on_distances(moves: tuple[dict[str, Any], Path], tmp_path: Path) -> None:
    ns, content = moves
    from rulesref.commands.cli import main

    assert main(["generate", "--content", str(content), "--out", str(tmp_path / "py"), "--js-out", str(tmp_path / "js")]) == 0
    module = (tmp_path / "js" / "demo" / "moves.js").as_uri()
    halves = [n / 2 for n in range(0, 49)]
    points: list[dict[str, Any]] = [{"distance": d, "move": m, "roll": r} for d in halves[::3] for m in halves[:25:4] for r in (1, 4, 6)]
    wrong: list[dict[str, Any]] = [{"distance": 7.25, "move": 6, "roll": 3}, {"distance": 24.5, "move": 6, "roll": 3}, {"distance": True, "move": 6, "roll": 3}, {"distance": "7", "move": 6, "roll": 3}]
    odds = [{"distance": d, "move": m} for d in halves[::5] for m in halves[:25:6]]
    groups = [("demo/moves reaches", module, "reaches", ns["reaches"], points + wrong), ("demo/moves reaches_odds", module, "reaches_odds", ns["reaches_odds"], odds)]
    assert compare_groups(tmp_path, groups) == []


def test_the_try_it_form_steps_a_distance_by_half_inches(moves: tuple[dict[str, Any], Path]) -> None:
    from rulesref.pages.try_it import description
    from rulesref.views.checks import check_views

    result = validate([str(moves[1])])
    entry = result.content.entry("demo:moves")
    assert entry is not None
    compiled = result.compiled[entry.key]
    (plan,) = compiled.plans
    (view,) = check_views(compiled, result.settings)
    args = {a["name"]: a for a in description(entry, plan, view)["args"]}
    assert args["distance"] | {"label": "", "empty": ""} == {
        "name": "distance", "label": "", "kind": "int", "lo": 0, "hi": 24, "step": 0.5, "hint": " (0 to 24 inches)", "empty": "",
    }
    assert "step" not in args["roll"]
    assert view.args[0].domain == "a distance in half inches from 0 to 24"
