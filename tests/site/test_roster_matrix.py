"""A roster against another on "Open a roster", in Chromium under `default-src 'self'`: the
invented Lantern Wars rosters opened as a player opens them (the file pickers), the matrix the
page draws, cell for cell the same exact fractions as `rulesref versus --roster A --against B
--json`, and a cell opening the Versus form on its weapon and target with the command's whole
distribution and the rules modelled and not."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main

from ..conftest import FIXTURES
from ..played import played_content
from .conftest import Built, Sites, serving
from .test_offline import unzip_offline_copy

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROSTERS = FIXTURES / "battlescribe" / "lanterns-rosters"
# each pair: the Reavers that took their Dust Blade only, one that shows no weapons (every one of
# its datasheet's), a unit with no weapon (no row), each side against the other and itself
PAIRS = [("moth-raid.ros", "beetle-hive.ros"), ("beetle-hive.ros", "moth-raid.ros"), ("beetle-hive.ros", "beetle-hive.ros")]
# the theme's own CSS icons (data: SVG chevrons) are refused by a policy without `img-src` on
# every page (see tests/site/test_versus_played.py); nothing else may fail
THEME_ICONS = "Loading the image 'data:image/svg+xml"


@pytest.fixture(scope="module")
def site(sites: Sites, engine: str) -> Built:
    """The invented data imported and played, built by each engine."""
    return sites.get("played", engine, lambda root: played_content(root / "content"))


@pytest.fixture(scope="module")
def url(site: Built) -> Iterator[str]:
    with serving(site.site, {"Content-Security-Policy": "default-src 'self'"}) as base:
        yield base


def command_cells(site: Built, mine: str, theirs: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    capsys.readouterr()
    assert main(["versus", "--roster", str(ROSTERS / mine), "--against", str(ROSTERS / theirs), "--json", "--content", str(site.content)]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def opened_matrix(page: Any, url: str, mine: str, theirs: str) -> None:
    """The roster page with `mine` opened, then `theirs` as the opponent's, the matrix drawn."""
    page.goto(f"{url}roster/")
    page.set_input_files(".rr-roster input[type=file]", str(ROSTERS / mine))
    page.locator(".rr-army h2").first.wait_for()
    assert page.locator(".rr-matrix").is_visible()
    page.set_input_files(".rr-matrix input[type=file]", str(ROSTERS / theirs))
    page.locator(".rr-matrix-grid").wait_for()


def watched(context: Any) -> tuple[Any, list[str]]:
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return page, problems


@pytest.mark.parametrize(("mine", "theirs"), PAIRS)
def test_every_cell_of_the_page_is_the_commands(browser: Any, url: str, site: Built, mine: str, theirs: str, capsys: pytest.CaptureFixture[str]) -> None:
    expected = command_cells(site, mine, theirs, capsys)
    assert expected  # (each pair has cells)
    context = browser.new_context()
    page, problems = watched(context)
    opened_matrix(page, url, mine, theirs)
    shown = page.eval_on_selector_all(".rr-matrix-grid tbody button", "buttons => buttons.map(b => ({...b.dataset}))")
    command = [
        {"attacker": c["attacker"], "weapon": c["weapon"], "step": c["step"], "defender": c["defender"], "mean": Fraction(c["mean_unsaved"]["numerator"], c["mean_unsaved"]["denominator"]), "some": Fraction(c["some_removed"]["numerator"], c["some_removed"]["denominator"])}
        for c in expected
    ]
    browser_cells = [{**cell, "mean": Fraction(cell["mean"]), "some": Fraction(cell["some"])} for cell in shown]
    assert browser_cells == command  # every cell, in the command's order (rows of attackers by weapon, then defenders)
    rows = page.locator(".rr-matrix-grid tbody tr").count()
    assert page.inner_text(".rr-matrix-status") == f"{rows} weapons against {page.locator('.rr-matrix-grid thead th').count() - 1} units: {len(command)} cells."
    assert [p for p in problems if not p.startswith(THEME_ICONS)] == []
    context.close()


@pytest.mark.parametrize("width", [390, 1366])
def test_a_cell_opens_the_versus_form_on_its_weapon_and_target(browser: Any, url: str, site: Built, width: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = command_cells(site, "beetle-hive.ros", "beetle-hive.ros", capsys)
    context = browser.new_context(viewport={"width": width, "height": 900})
    page, problems = watched(context)
    opened_matrix(page, url, "beetle-hive.ros", "beetle-hive.ros")
    grid = page.locator(".rr-matrix-grid")
    # a real table: the weapons and the units are its headers, each cell a button
    assert grid.locator("thead th").all_inner_texts() == ["Your weapon", "Hive Beetles", "Moth Reavers"]
    assert grid.locator("tbody th[scope=row]").first.inner_text().split("\n") == [f"{expected[0]['attacker']} · {expected[0]['weapon']}", "Close combat"]
    # the matrix scrolls in its own box, the weapons' column staying in view; the page does not
    assert grid.locator("tbody th").first.evaluate("th => getComputedStyle(th).position") == "sticky"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    # Wing Hook (Strength x2, AP 2, Sputter) against the Beetles (Eternal Warrior, Feel No Pain (5+))
    cell = next(c for c in expected if c["weapon"] == "Moth Reaver: Wing Hook" and c["defender"] == "Hive Beetles")
    button = grid.locator("button[data-weapon='Moth Reaver: Wing Hook'][data-defender='Hive Beetles']")
    mean = Fraction(cell["mean_unsaved"]["numerator"], cell["mean_unsaved"]["denominator"])
    assert button.inner_text().split() == [f"{float(mean):.2f}", f"{float(Fraction(cell['some_removed']['numerator'], cell['some_removed']['denominator'])):.1%}"]
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    form = page.locator(".rr-matrix-cell .rr-try.rr-try-ready")
    form.wait_for()
    assert page.locator(".rr-matrix-cell h3").inner_text() == "Moth Reavers · Moth Reaver: Wing Hook against Hive Beetles"
    some = Fraction(cell["some_removed"]["numerator"], cell["some_removed"]["denominator"])
    assert page.inner_text(".rr-matrix-sums").startswith(f"Expected unsaved Wounds {float(mean):.2f} (exactly {mean.numerator}/{mean.denominator}); chance of removing at least one model {float(some):.1%} (exactly {some.numerator}/{some.denominator}).")
    assert form.locator("select[id$='-weapon'] option:checked").inner_text() == "Moth Reaver: Wing Hook"
    assert form.locator("input[list]").input_value() == "Hive Beetles"
    # the rules that acted, linked, as the Versus form lists them
    assert form.locator(".rr-try-applying").inner_text() == "Modelled: Furious Charge. Not modelled: Sputter, Glow."
    assert form.locator(".rr-try-brings a").all_inner_texts() == ["Eternal Warrior", "Feel No Pain (5+)"]
    assert form.locator(".rr-try-brings a").first.get_attribute("href") == "../lanterns/eternal-warrior/"
    assert cell["not_modelled"] == ["sputter", "glow"] and cell["modelled"] == ["furious-charge", "eternal-warrior", "feel-no-pain"]
    # the whole distribution: the command's, fraction for fraction
    form.locator(".rr-try-odds .rr-exact summary").click()
    rows = form.locator(".rr-try-odds .rr-exact-table tbody tr")
    exact = sorted(Fraction(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(rows.count()))
    assert exact == sorted(Fraction(r["numerator"], r["denominator"]) for r in cell["distribution"])
    page.screenshot(path=str(tmp_path / f"matrix-{width}.png"), full_page=True)
    assert [p for p in problems if not p.startswith(THEME_ICONS)] == []
    context.close()


def test_an_army_whole_is_an_opponent_as_the_command_takes_it(browser: Any, url: str, site: Built, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["versus", "--roster", str(ROSTERS / "beetle-hive.ros"), "--against-army", "lanterns/moth-court", "--json", "--content", str(site.content)]) == 0
    expected = [(c["attacker"], c["weapon"], c["defender"], f"{c['mean_unsaved']['numerator']}/{c['mean_unsaved']['denominator']}", f"{c['some_removed']['numerator']}/{c['some_removed']['denominator']}") for c in json.loads(capsys.readouterr().out)]
    context = browser.new_context()
    page, problems = watched(context)
    page.goto(f"{url}roster/")
    page.set_input_files(".rr-roster input[type=file]", str(ROSTERS / "beetle-hive.ros"))
    page.locator(".rr-army h2").first.wait_for()
    armies = page.locator(".rr-matrix-army select")
    assert armies.locator("option").all_inner_texts() == ["Moth Court"]
    page.locator(".rr-matrix-army button").click()
    page.locator(".rr-matrix-grid").wait_for()
    shown = page.eval_on_selector_all(".rr-matrix-grid tbody button", "bs => bs.map(b => [b.dataset.attacker, b.dataset.weapon, b.dataset.defender, b.dataset.mean, b.dataset.some])")
    assert [tuple(cell) for cell in shown] == expected and {c[2] for c in expected} == {"Hive Beetles", "Moth Reavers"}
    assert [p for p in problems if not p.startswith(THEME_ICONS)] == []
    context.close()


def test_an_opponent_that_cannot_be_read_is_told_and_draws_nothing(browser: Any, url: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.ros"
    bad.write_text("not a roster", encoding="utf-8")
    context = browser.new_context()
    page, _ = watched(context)
    opened_matrix(page, url, "moth-raid.ros", "beetle-hive.ros")
    page.set_input_files(".rr-matrix input[type=file]", str(bad))
    page.locator(".rr-matrix-status.rr-try-error").wait_for()
    assert page.inner_text(".rr-matrix-status").startswith("bad.ros, line 1: not a roster")
    assert page.locator(".rr-matrix-grid").count() == 0
    context.close()


def test_the_offline_copy_draws_the_matrix_from_the_file_system(browser: Any, site: Built, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = command_cells(site, "beetle-hive.ros", "moth-raid.ros", capsys)
    copy = unzip_offline_copy(site, tmp_path)
    context = browser.new_context(offline=True)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page, problems = watched(context)
    page.goto((copy / "roster" / "index.html").as_uri())
    page.set_input_files(".rr-roster input[type=file]", str(ROSTERS / "beetle-hive.ros"))
    page.locator(".rr-army h2").first.wait_for()
    page.set_input_files(".rr-matrix input[type=file]", str(ROSTERS / "moth-raid.ros"))
    page.locator(".rr-matrix-grid").wait_for()
    shown = page.eval_on_selector_all(".rr-matrix-grid tbody button", "bs => bs.map(b => b.dataset.mean)")
    assert shown == [f"{c['mean_unsaved']['numerator']}/{c['mean_unsaved']['denominator']}" for c in expected]
    page.locator(".rr-matrix-grid tbody button").last.click()
    page.locator(".rr-matrix-cell .rr-try.rr-try-ready .rr-try-odds figure").wait_for()
    assert [url for url in requests if not url.startswith(("file://", "data:", "blob:", "about:"))] == []
    assert problems == []
    context.close()
