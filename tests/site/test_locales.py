"""A site per locale, on each engine: the site fixture's 40K translated into French in part
(Morale check, and Fear with a link by the French name and a summary left in English), built
and read in headless Chromium. The French site has the same pages at the same paths under
/fr/, in French where it is translated, with a note where it is not; its search is French;
the language switch leads to the page being read in the other language; the Translations
page counts what is translated; each language has its offline copy and its API."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulesref.translations.words import state_of

from .conftest import FIXTURE_CONTENT, Built, Sites, error_free_page, search_box, search_titles, serving

pytestmark = [pytest.mark.slow, pytest.mark.browser]

MORALE = """id: morale-check
translates: "{state}"
name: Test de Moral
aliases: [Tests de Moral]
summary: Un test de Commandement sur 2D6 qu'une unité passe après de lourdes pertes ; si elle le rate, elle bat en retraite.
"""
FEAR = """id: fear
translates: "{state}"
name: Peur
text: |
  Au début de chaque sous-phase de combat, une unité au contact d'une ou plusieurs figurines
  ennemies qui causent la Peur doit passer un test de Commandement (appelé test de Peur). Si
  elle le rate, la Capacité de Combat de toutes ses figurines passe à 1. Une unité
  [[Fearless|sans peur]] le réussit.
"""


def _french(root: Path) -> Path:
    content = root / "content"
    shutil.copytree(FIXTURE_CONTENT, content)
    system = content / "w40k7" / "system.yml"
    system.write_text(system.read_text(encoding="utf-8") + "locales: {source: en, translated: [fr]}\n", encoding="utf-8")
    folder = content / "w40k7" / "translations" / "fr"
    folder.mkdir(parents=True)
    for entry_id, text in (("morale-check", MORALE), ("fear", FEAR)):
        state = state_of(yaml.safe_load((content / "w40k7" / f"{entry_id}.yml").read_text(encoding="utf-8")))
        (folder / f"{entry_id}.yml").write_text(text.format(state=state), encoding="utf-8")
    return content


@pytest.fixture(scope="module")
def french(sites: Sites, engine: str) -> Built:
    return sites.get("french", engine, _french)


@pytest.fixture(scope="module")
def server(french: Built) -> Iterator[str]:
    with serving(french.site) as url:
        yield url


def _pages(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("index.html")}


def test_the_french_site_has_every_page_at_the_same_path_with_its_api_and_offline_copy(french: Built) -> None:
    source = {p for p in _pages(french.site) if not p.startswith("fr/")}
    assert {f"fr/{p}" for p in source} == {p for p in _pages(french.site) if p.startswith("fr/")}
    assert (french.site / "fr" / "w40k7" / "morale-check" / "index.html").read_text(encoding="utf-8").count('lang="fr"') >= 1
    api = json.loads((french.site / "fr" / "api" / "w40k7" / "morale-check.json").read_text(encoding="utf-8"))
    assert (api["name"], api["summary"].split(" ")[:3]) == ("Test de Moral", ["Un", "test", "de"])
    assert json.loads((french.site / "api" / "w40k7" / "morale-check.json").read_text(encoding="utf-8"))["name"] == "Morale check"
    assert list((french.site / "fr" / "download").glob("*.zip")) and list((french.site / "download").glob("*.zip"))
    assert not (french.root / "build" / "docs" / "fr").exists()  # the locale's docs are built, never kept


def test_a_translated_page_is_in_french_and_an_untranslated_one_says_it_is_shown_in_english(browser: Any, server: str) -> None:
    with error_free_page(browser, viewport={"width": 390, "height": 844}) as page:
        page.goto(server + "fr/w40k7/fear/")
        assert page.locator("h1").first.inner_text().startswith("Peur")
        assert "Capacité de Combat" in page.locator(".md-content").inner_text()
        note = page.locator(".rr-untranslated")
        assert note.inner_text() == "Une partie de cette page n'est pas encore traduite : elle est affichée en anglais."  # its summary
        link = page.locator(".md-content a", has_text="sans peur")
        assert link.get_attribute("href") == "../fearless/"  # the same page, in the French site
        page.goto(server + "fr/w40k7/morale-check/")
        assert page.locator(".rr-untranslated").count() == 0
        page.goto(server + "fr/w40k7/mob-rule/")
        assert page.locator(".rr-untranslated").inner_text() == "Cette page n'est pas encore traduite : elle est affichée en anglais."
        assert page.locator("h1").first.inner_text().startswith("Mob Rule")


def test_the_language_switch_leads_to_the_page_being_read(browser: Any, server: str) -> None:
    with error_free_page(browser, viewport={"width": 1366, "height": 900}) as page:
        page.goto(server + "w40k7/fear/")
        links = {a.get_attribute("hreflang"): a.get_attribute("href") for a in page.locator("a[hreflang]").all()}
        assert links == {"en": "/w40k7/fear/", "fr": "/fr/w40k7/fear/"}
        page.goto(server + "fr/w40k7/fear/")
        links = {a.get_attribute("hreflang"): a.get_attribute("href") for a in page.locator("a[hreflang]").all()}
        assert links == {"en": "/w40k7/fear/", "fr": "/fr/w40k7/fear/"}
        page.goto(server + links["en"].lstrip("/"))
        assert page.locator("h1").first.inner_text().startswith("Fear")


def test_the_french_site_searches_in_french_names_first(browser: Any, server: str) -> None:
    with error_free_page(browser, viewport={"width": 1366, "height": 900}) as page:
        titles = search_titles(page, server + "fr/", "test de moral")
        search_box(page).first_title_becomes(page, "Test de Moral · 40k 7th")
        assert titles


def test_the_translations_page_counts_what_is_translated(browser: Any, server: str) -> None:
    with error_free_page(browser, viewport={"width": 390, "height": 844}) as page:
        page.goto(server + "translations/")
        text = page.locator(".md-content").inner_text()
        assert "40k 7th: Français (fr)" in text
        assert "2 of 11 entries translated (18%), 0 stale, 9 not translated yet" in text
