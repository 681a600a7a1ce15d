"""Releases on a built site: a repository made by `rulesref init`, tagged twice with an edit
between, builds a per-entry history and a Changes page between the two tags; a diff reads on
a phone (390 px: nothing wider than the screen, the changed words marked)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main

from ..history_repo import make_history_repo
from .conftest import Built, Sites, build_project, error_free_page, make_project, serving

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def _git(root: Path, *args: str, date: str) -> None:
    env = {"GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def test_a_repository_made_by_init_shows_its_two_releases(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "rules"
    assert main(["init", str(root), "--system", "skirmish", "--name", "Skirmish"]) == 0
    _git(root, "init", "-q", "-b", "main", date="2026-01-01T10:00:00+00:00")
    _git(root, "add", "-A", date="2026-01-01T10:00:00+00:00")
    _git(root, "commit", "-q", "-m", "first rules", date="2026-01-01T10:00:00+00:00")
    _git(root, "tag", "v1.0", date="2026-01-01T10:00:00+00:00")
    rule = next((root / "content").glob("*/steady.yml"))
    rule.write_text(rule.read_text(encoding="utf-8").replace("rolls the test again; the second roll stands", "rolls the test once more; the second roll stands"), encoding="utf-8")
    _git(root, "commit", "-q", "-am", "steadier", date="2026-02-01T10:00:00+00:00")
    _git(root, "tag", "-a", "v1.1", "-m", "FAQ", date="2026-02-01T10:00:00+00:00")
    monkeypatch.chdir(root)
    assert main(["build"]) == 0
    site = root / "build" / "site"
    changes = (site / "changes" / "index.html").read_text(encoding="utf-8")
    assert "Changes in v1.1" in changes and "compared with v1.0" in changes
    assert "<del>again</del><ins>once more</ins>" in changes
    steady = (site / rule.parent.name / "steady" / "index.html").read_text(encoding="utf-8")
    assert 'id="history"' in steady and "v1.1 (2026-02-01)" in steady and "v1.0 (2026-01-01)" in steady


@pytest.fixture(scope="module")
def history_site(sites: Sites, engine: str) -> Built:
    """Content with a history of releases, built by each engine."""
    return sites.get("history", engine, make_history_repo)


def test_a_diff_reads_on_a_phone(history_site: Built, browser: Any) -> None:
    with serving(history_site.site) as url, error_free_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True) as page:
        page.goto(url + "changes/1.1/")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        deleted, inserted = page.inner_text(".rr-diff del"), page.inner_text(".rr-diff ins")
        assert (deleted, inserted) == ("take", "pass")
        assert page.evaluate("getComputedStyle(document.querySelector('.rr-diff del')).textDecorationLine") == "line-through"
        box = page.locator(".rr-diff").first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.goto(url + "w40k7/fear/")
        page.locator("#history").scroll_into_view_if_needed()
        assert "must takepass a Leadership test" in " ".join(page.inner_text(".rr-history").split())
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_any_two_releases_can_be_compared(history_site: Built, browser: Any) -> None:
    """From 1.0 to the content now: every entry that differs, each once, under what its
    changes add up to (Steady added; Fear, Run and Fearless changed; three moved or renamed,
    one of them with a new id; Forsaken One removed)."""
    with serving(history_site.site) as url, error_free_page(browser) as page:
        page.goto(url + "changes/")
        page.select_option("form.rr-compare select[name=from]", "1.0")
        page.select_option("form.rr-compare select[name=to]", "unreleased")
        page.click("form.rr-compare button")
        page.locator(".rr-compare-result h4").first.wait_for()
        groups = page.eval_on_selector_all(".rr-compare-result h4", "hs => hs.map(h => [h.textContent, [...h.nextElementSibling.querySelectorAll('li')].map(li => li.textContent)])")
        assert groups == [
            ["Added (1)", ["Steady (1.2)"]],
            ["Changed (3)", ["Fear (1.1)", "Fearless (now)", "Run (1.2)"]],
            ["Moved or renamed (3)", ["Consolidation move (1.1)", "Hit & Run (1.1)", "Initiative test (1.2)"]],
            ["Removed (1)", ["Forsaken One (1.2)"]],
        ]
        assert page.get_attribute(".rr-compare-result a", "href") == "../w40k7/steady/"
        page.select_option("form.rr-compare select[name=from]", "1.2")
        page.select_option("form.rr-compare select[name=to]", "1.1")
        page.click("form.rr-compare button")
        assert "earlier release first" in page.inner_text(".rr-compare-result")


def test_a_long_history_offers_every_release_to_compare_and_builds_strictly(tmp_path: Path, browser: Any) -> None:
    """60 tags, a change in every fifth: the page offers the releases it links, the script
    adds every other from the API's list, and comparing from the first release reads only the
    files of releases that changed something. The strict build finds no broken link."""
    from ..history_repo import make_tagged_repo

    root = tmp_path / "long"
    content = make_tagged_repo(root, 60, set(range(5, 60, 5)))
    project = make_project(root, content)
    assert build_project(project) == 0
    offered = (project.site / "changes" / "index.html").read_text(encoding="utf-8").count('<option value="1.')
    assert offered <= 2 * 10  # the newest releases, in each of the two choices
    with serving(project.site) as url, error_free_page(browser) as page:
        read: list[str] = []
        page.on("request", lambda request: read.append(request.url.rsplit("/", 1)[-1]) if "/api/releases/" in request.url else None)
        page.goto(url + "changes/")
        page.wait_for_function("document.querySelectorAll('form.rr-compare select[name=from] option').length === 60")
        page.select_option("form.rr-compare select[name=from]", "1.0")
        page.select_option("form.rr-compare select[name=to]", "1.59")
        page.click("form.rr-compare button")
        page.locator(".rr-compare-result h4").first.wait_for()
        assert page.inner_text(".rr-compare-result h3") == "From 1.0 to 1.59"
        assert "Changed (11)" in page.inner_text(".rr-compare-result")
        assert sorted(set(read)) == sorted(["index.json", *(f"1.{n}.json" for n in range(5, 60, 5))])
