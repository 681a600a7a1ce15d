"""Search in headless Chromium on a game whose names share their words: what is named
exactly what was typed (an entry, a weapon of an army's weapons page, a row of a unit's
profiles) is the first result, even among a hundred and more partial matches, and what it
opens is that very heading.

The fixture (tests/site/fixtures/search) is an invented game; the partial matches are
written here, into a copy of it: rules whose names and texts hold the words of the names
searched for, which the theme's ranking (a wildcard on every word, weighted by rarity, a
tag a thousand times a title) lists before a weapon's heading on a weapons page."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import HERE, Sites, error_free_page, search_box, search_titles, serving

pytestmark = [pytest.mark.slow, pytest.mark.browser]

FIXTURE = HERE / "fixtures" / "search"
WORDS = (
    "Frenzy", "Fury", "Grip", "Hunger", "Lunge", "Rage", "Snap", "Strike", "Bite", "Crunch", "Gnash", "Rend", "Tear", "Clamp",
    "Maw", "Fang", "Tusk", "Hook", "Barb", "Spike", "Lash", "Sting", "Venom", "Mire", "Ooze", "Slime", "Reed", "Rush",
)


def _rule(folder: Path, name: str, text: str) -> None:
    ident = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    entry = {"id": ident, "kind": "rule", "name": name, "summary": text, "text": text, "source": {"book": "core", "page": 30}}
    folder.joinpath(f"{ident}.yml").write_text(json.dumps(entry), encoding="utf-8")  # JSON is YAML


def _marsh(root: Path) -> Path:
    content = root / "content"
    shutil.copytree(FIXTURE, content)
    folder = content / "marsh"
    for word in WORDS:
        _rule(folder, f"Snapper Jaw {word}", f"A Snapper Jaw with {word.lower()} bites a snapper's jaws shut.")
        _rule(folder, f"{word} of the Snapper Jaws", f"The jaws of a snapper, {word.lower()} and all.")
        _rule(folder, f"Marsh Warden {word}", f"A Marsh Warden's {word.lower()}: the warden of the marsh strikes.")
        _rule(folder, f"Jaw Spear {word}", f"A jaw spear's {word.lower()}.")
        _rule(folder, f"Bog {word} and Mire", f"A bog's {word.lower()} in the mire.")
        _rule(folder, f"Snapper {word}", f"A snapper that bites with its jaw, {word.lower()} first.")
    return content


@pytest.fixture(scope="module")
def marsh(sites: Sites, engine: str) -> Iterator[str]:
    """The fixture with 168 rules named and written like the names searched for, built by each
    engine and served."""
    with serving(sites.get("marsh", engine, _marsh).site) as url:
        yield url


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    with error_free_page(browser, viewport={"width": 1280, "height": 900}) as page:
        yield page


def _results(page: Any, base: str, words: str, first: str) -> tuple[int, list[tuple[str, str, str]]]:
    """How many documents the theme matched, and every result link once the first result's
    title is `first` (the site's script places it when its names file has loaded: this
    fails if it never does): its title, the line under it, and where it leads."""
    search_titles(page, base, words)
    box = search_box(page)
    box.first_title_becomes(page, first)
    return box.matched(page), [(title, where, re.sub(r"^/", "", href)) for title, where, href in box.links(page)]


def test_a_weapon_named_what_was_typed_is_first_among_many_partial_matches(desktop: Any, marsh: str) -> None:
    matched, links = _results(desktop, marsh, "snapper jaw", "Snapper Jaw")
    assert matched >= 80  # the partial matches the theme ranks (Material matches any word of it: 100 and more; Zensical every word: 90)
    # each army's weapons page holds it once: both, in the system's order of armies, before anything else
    assert links[:2] == [("Snapper Jaw", "Weapons of Bog Folk", "marsh/armies/bog-folk/weapons/#snapper-jaw"), ("Snapper Jaw", "Weapons of Reed Clans", "marsh/armies/reed-clans/weapons/#snapper-jaw")]
    assert all(title != "Snapper Jaw" for title, _, _ in links[2:])  # not listed again under its page
    desktop.locator(search_box(desktop).result).first.click()
    desktop.wait_for_url("**/marsh/armies/bog-folk/weapons/#snapper-jaw")
    assert desktop.locator("h3#snapper-jaw").inner_text().rstrip("¶") == "Snapper Jaw"  # the heading the result names


@pytest.mark.parametrize("typed", ["SNAPPER JAWS LAUNCHER", "snapper-jaws launcher"])
def test_a_weapon_is_found_in_any_case_and_spacing(desktop: Any, marsh: str, typed: str) -> None:
    _, links = _results(desktop, marsh, typed, "Snapper Jaws Launcher")
    assert links[0] == ("Snapper Jaws Launcher", "Weapons of Bog Folk", "marsh/armies/bog-folk/weapons/#snapper-jaws-launcher")


def test_an_entry_of_the_name_comes_before_the_weapons_of_that_name(desktop: Any, marsh: str) -> None:
    _, links = _results(desktop, marsh, "jaw spear", "Jaw Spear · Marsh")
    assert [(title, href) for title, _, href in links[:3]] == [
        ("Jaw Spear · Marsh", "marsh/jaw-spear/"),
        ("Jaw Spear", "marsh/armies/bog-folk/weapons/#jaw-spear"),
        ("Jaw Spear", "marsh/armies/reed-clans/weapons/#jaw-spear"),
    ]


def test_a_profile_row_named_what_was_typed_is_first_and_opens_its_datasheet(desktop: Any, marsh: str) -> None:
    matched, links = _results(desktop, marsh, "marsh warden", "Marsh Warden")
    assert matched >= 28
    assert links[0] == ("Marsh Warden", "Bog Chief · Marsh", "marsh/bog-chief/#profiles")
    desktop.locator(search_box(desktop).result).first.click()
    desktop.wait_for_url("**/marsh/bog-chief/#profiles")
    assert "Marsh Warden" in desktop.locator("table.rr-profile").first.inner_text()


def test_a_row_named_as_its_own_entry_is_the_entry(desktop: Any, marsh: str) -> None:
    """Bog Chief's first row is named Bog Chief: the entry is the result, once."""
    _, links = _results(desktop, marsh, "bog chief", "Bog Chief · Marsh")
    assert [href for _, _, href in links].count("marsh/bog-chief/#profiles") == 0
    assert links[0][2] == "marsh/bog-chief/"


def test_and_finds_an_ampersand_among_names_with_and(desktop: Any, marsh: str) -> None:
    _, links = _results(desktop, marsh, "bog and mire", "Bog & Mire · Marsh")
    assert links[0][2] == "marsh/bog-and-mire/"
