"""An imported unit's Versus form in Chromium, under `default-src 'self'`: its weapons, the
models attacking, a target typed by name from its system, the rules modelled, and the exact
chances the same as Python's (`tests/test_versus.py` counts them by hand)."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from rulesref import paths
from rulesref.config import DEFAULT_SITE_URL

from ..played import played_content
from .conftest import Built, Sites, offline_page, serving

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@pytest.fixture(scope="module")
def site(sites: Sites, engine: str) -> Built:
    """The invented data imported and played, built by each engine."""
    return sites.get("played", engine, lambda root: played_content(root / "content"))


@pytest.fixture(scope="module")
def url(site: Built) -> Iterator[str]:
    with serving(site.site, {"Content-Security-Policy": "default-src 'self'"}) as base:
        yield base


def test_the_targets_of_a_system_are_one_script_not_on_every_page(site: Built) -> None:
    script = (site.site / "assets" / "versus" / "lanterns.js").read_text(encoding="utf-8")
    targets = json.loads(script.split(" = ", 1)[1].rstrip(";\n"))
    assert [t["label"] for t in targets] == ["Hive Beetles", "Moth Reavers"]
    assert targets[0]["steps"]["close-combat.attack"] == {
        "values": {"target_weapon_skill": 4, "toughness": 4, "armour_save": 4, "wounds": 2},
        "held": {"eternal_warrior": True, "feel_no_pain": 5}, "brings": [["Eternal Warrior", "../eternal-warrior/"], ["Feel No Pain (5+)", "../feel-no-pain/"]],
    }
    # the Reavers' Invulnerable Save (4+) is held in both steps, whatever their armour
    assert targets[1]["steps"]["shooting-attack.attack"]["held"] == targets[1]["steps"]["close-combat.attack"]["held"] == {"invulnerable_save": 4}
    assert targets[1]["steps"]["shooting-attack.attack"]["brings"] == [["Invulnerable Save (4+)", "../invulnerable-save/"]]
    page = (site.site / "lanterns" / "moth-reavers" / "index.html").read_text(encoding="utf-8")
    assert "Hive Beetle" not in page  # the targets come with the script, not the page


def _spec(page: Any, holder: Any) -> dict[str, Any]:
    """The form's description as `rulesref-try.js` read it: the placeholder's part laid over
    the description a unit pages' script gives, where it names one."""
    own: dict[str, Any] = json.loads(holder.get_attribute("data-rr-try"))
    shared: dict[str, Any] = page.evaluate("(form) => (form ? globalThis.rulesrefForms[form] : {})", own.get("form"))
    return shared | own


def test_a_steps_own_check_is_one_script_the_unit_pages_share(site: Built, browser: Any, url: str) -> None:
    """A form of a step no rule of the unit changes names its description's script rather than
    holding it; the form made from it runs and draws its odds, with no error."""
    pages = {unit: (site.site / "lanterns" / unit / "index.html").read_text(encoding="utf-8") for unit in ("moth-reavers", "hive-beetles")}
    scripts = sorted(p.relative_to(site.site).as_posix() for p in (site.site / "assets" / "versus" / "described").rglob("*.js"))
    assert scripts and all(any(script.rsplit("/", 1)[1] in html for html in pages.values()) for script in scripts)
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{url}lanterns/moth-reavers/")
    expect(page.locator(".rr-try:not(.rr-try-ready)")).to_have_count(0)
    shared = [h for h in page.locator(".rr-try").all() if "form" in json.loads(h.get_attribute("data-rr-try"))]
    assert shared, "no form of the page names a shared description"
    for holder in shared:
        own = json.loads(holder.get_attribute("data-rr-try"))
        assert "args" not in own and own["form"] in scripts
        spec = _spec(page, holder)
        assert holder.locator(".rr-try-field").count() == len(spec["args"]) > 0
        assert holder.locator("legend").inner_text() == own["legend"]
        expect(holder.locator(".rr-try-odds svg, .rr-try-odds .rr-always").first).to_be_visible()
    assert [p for p in problems if not p.startswith("Loading the image 'data:image/svg+xml")] == []  # (the theme's own icons)
    page.close()


def test_a_shared_description_is_read_in_the_offline_copy_too(site: Built, browser: Any, tmp_path: Path) -> None:
    """From file://, where the form's module is a classic twin, the description's script is
    read as well: every form of the page starts and draws its odds."""
    with zipfile.ZipFile(site.site / paths.offline_zip(DEFAULT_SITE_URL)) as archive:
        archive.extractall(tmp_path)
    context, page, errors = offline_page(browser)
    page.goto((tmp_path / paths.offline_name(DEFAULT_SITE_URL) / "lanterns" / "moth-reavers" / "index.html").as_uri())
    page.wait_for_function("document.querySelectorAll('.rr-try-ready').length === document.querySelectorAll('.rr-try').length")
    shared = [h for h in page.locator(".rr-try").all() if "form" in json.loads(h.get_attribute("data-rr-try"))]
    assert shared and all(h.locator(".rr-try-field").count() == len(_spec(page, h)["args"]) for h in shared)
    expect(shared[0].locator(".rr-try-odds svg, .rr-try-odds .rr-always").first).to_be_visible()
    context.close()
    assert [e for e in errors if "data:image/svg+xml" not in e] == []


@pytest.mark.parametrize("width", [390, 1366])
def test_a_played_unit_aims_a_weapon_at_a_unit_typed_by_name(browser: Any, url: str, width: int, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{url}lanterns/moth-reavers/")
    expect(page.locator(".rr-try:not(.rr-try-ready)")).to_have_count(0)  # (every form started: they start in any order)
    holder = page.locator(".rr-try").first
    assert holder.locator("legend").inner_text() == "Versus: Close combat"
    spec = _spec(page, holder)
    fields = {arg["name"]: holder.locator(".rr-try-field").nth(i).locator("input, select") for i, arg in enumerate(spec["args"])}
    weapon = holder.locator("select[id$='-weapon']")
    assert weapon.locator("option").all_inner_texts() == ["Moth Reaver: Dust Blade", "Moth Reaver: Wing Hook"]
    # the weapon fills in and holds what the model and the weapon give; the models multiply the Attacks
    holder.locator("input[id$='-models']").fill("3")
    assert fields["attacks"].input_value() == "6" and fields["attacks"].is_disabled()
    holder.locator("input[id$='-models']").fill("1")
    assert fields["attacks"].input_value() == "2"
    weapon.select_option(label="Moth Reaver: Wing Hook")
    assert fields["strength"].input_value() == "8" and fields["ap"].input_value() == "2"
    applying = holder.locator(".rr-try-applying")
    assert applying.inner_text() == "Modelled: Furious Charge. Not modelled: Sputter, Glow."
    assert applying.locator("a").first.get_attribute("href") == "../furious-charge/"
    weapon.select_option(label="Moth Reaver: Dust Blade")
    # a target typed by name fills in and holds its profile and what its rules bring
    target = holder.locator("input[list]")
    holder.locator("datalist option[value='Hive Beetles']").wait_for(state="attached")
    target.fill("Hive Beetles")
    target.dispatch_event("change")
    assert fields["toughness"].input_value() == "4" and fields["toughness"].is_disabled()
    assert fields["eternal_warrior"].is_checked() and fields["eternal_warrior"].is_disabled()
    assert holder.locator(".rr-try-brings a").all_inner_texts() == ["Eternal Warrior", "Feel No Pain (5+)"]
    assert fields["feel_no_pain"].input_value() == "5" and fields["feel_no_pain"].is_disabled()
    fields["charged"].check()
    holder.locator(".rr-try-odds .rr-exact summary").click()
    shown = holder.locator(".rr-try-odds .rr-exact-table tbody tr")
    exact = sorted(Fraction(shown.nth(i).locator("td").nth(2).inner_text()) for i in range(shown.count()))
    p = Fraction(1, 9)  # hit 1/2, wound on 3+ with Furious Charge's Strength 5, the 4+ fails 1/2, Feel No Pain (5+) 2/3
    assert exact == sorted([(1 - p) ** 2, 2 * p * (1 - p), p * p])
    # a name no unit has says so and holds nothing
    target.fill("Nobody")
    target.dispatch_event("change")
    assert not fields["toughness"].is_disabled()
    assert "No unit of that name" in holder.locator(".rr-try-brings").inner_text()
    page.screenshot(path=str(tmp_path / f"played-{width}.png"), full_page=True)
    # the theme's own CSS icons (data: SVG chevrons) are refused by a policy without `img-src`
    # on every page, this form or not (see the note on the shipped pages); nothing else may fail
    assert [p for p in problems if not p.startswith("Loading the image 'data:image/svg+xml")] == []
    context.close()


def test_rage_in_the_browser_is_pythons_count(browser: Any, url: str) -> None:
    """Two charging Beetles with Rage strike with 4 Attacks at a Reaver behind its 4+
    invulnerable save: the page's exact odds are the hand count `tests/test_versus.py` makes."""
    page = browser.new_page()
    page.goto(f"{url}lanterns/hive-beetles/")
    expect(page.locator(".rr-try:not(.rr-try-ready)")).to_have_count(0)  # (every form started: they start in any order)
    holder = page.locator(".rr-try").first
    assert holder.locator("legend").inner_text() == "Versus: Close combat"
    spec = _spec(page, holder)
    fields = {arg["name"]: holder.locator(".rr-try-field").nth(i).locator("input, select") for i, arg in enumerate(spec["args"])}
    holder.locator("input[id$='-models']").fill("2")
    assert fields["attacks"].input_value() == "2"
    target = holder.locator("input[list]")
    holder.locator("datalist option[value='Moth Reavers']").wait_for(state="attached")
    target.fill("Moth Reavers")
    target.dispatch_event("change")
    assert fields["invulnerable_save"].input_value() == "4" and fields["invulnerable_save"].is_disabled()
    fields["models"].fill("4")
    fields["rage_charged"].fill("2")
    holder.locator(".rr-try-odds", has_text="Unsaved 4, models removed 4").wait_for()  # four Attacks: the odds redrawn
    shown = holder.locator(".rr-try-odds .rr-exact-table tbody tr")
    exact = sorted(Fraction(str(shown.nth(i).locator("td").nth(2).text_content()).strip()) for i in range(shown.count()))  # (the table folded away)
    p = Fraction(1, 6)  # hit 1/2, wound Toughness 3 on 3+, the 4+ invulnerable save fails 1/2
    assert exact == sorted(Fraction(comb(4, k)) * p**k * (1 - p) ** (4 - k) for k in range(5))
    page.close()


def test_weapons_added_to_the_form_fire_together_as_the_command_answers(browser: Any, url: str, site: Built, capsys: pytest.CaptureFixture[str]) -> None:
    """A second weapon added to the form, with models of its own: the chart is both weapons'
    odds added up, exactly what `rulesref versus --together` answers (the runtime both share,
    `combined`)."""
    from rulesref.commands.cli import main

    weapons = ["--weapon", "Moth Reaver: Dust Blade", "--models", "1", "--weapon", "Moth Reaver: Wing Hook", "--models", "2"]
    args = ["versus", "lanterns/moth-reavers", "lanterns/hive-beetles", *weapons, "--together", "--target-models", "2", "--json", "--content", str(site.content)]
    assert main(args) == 0
    together = next(a for a in json.loads(capsys.readouterr().out) if a["step"] == "close-combat.attack")
    assert together["weapon"] == "Moth Reaver: Dust Blade + Moth Reaver: Wing Hook"
    expected = sorted(Fraction(r["numerator"], r["denominator"]) for r in together["distribution"])
    assert len(expected) >= 4 and sum(expected) == 1
    page = browser.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{url}lanterns/moth-reavers/")
    expect(page.locator(".rr-try:not(.rr-try-ready)")).to_have_count(0)  # (every form started: they start in any order)
    holder = page.locator(".rr-try").first
    spec = _spec(page, holder)
    fields = {arg["name"]: holder.locator(".rr-try-field").nth(i).locator("input, select") for i, arg in enumerate(spec["args"])}
    target = holder.locator("input[list]")
    holder.locator("datalist option[value='Hive Beetles']").wait_for(state="attached")
    target.fill("Hive Beetles")
    target.dispatch_event("change")
    fields["models"].fill("2")
    holder.locator(".rr-try-add").click()
    holder.locator("select[id$='-weapon-1']").select_option(label="Moth Reaver: Wing Hook")
    holder.locator("input[id$='-weapon-1-models']").fill("2")  # two models with Wing Hooks, one with a Dust Blade
    figure = holder.locator(".rr-try-odds figcaption", has_text="Moth Reaver: Dust Blade ×1 + Moth Reaver: Wing Hook ×2")
    figure.wait_for()
    assert fields["strength"].input_value() == "4"  # the fields show the first weapon's
    assert holder.locator(".rr-try-applying").inner_text() == "Modelled: Furious Charge. Not modelled: Sputter, Glow."  # both weapons' rules
    shown = holder.locator(".rr-try-odds .rr-exact-table tbody tr")
    exact = sorted(Fraction(str(shown.nth(i).locator("td").nth(2).text_content()).strip()) for i in range(shown.count()))
    assert exact == expected
    # the added weapon removed: one weapon's chart again
    holder.locator(".rr-try-remove").click()
    holder.locator(".rr-try-odds figcaption", has_text="Moth Reaver: Dust Blade ×1 + ").wait_for(state="detached")
    assert holder.locator("select[id$='-weapon-1']").count() == 0
    assert problems == []
    page.close()
