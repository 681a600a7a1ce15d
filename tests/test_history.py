"""Releases and every rule's history, on a repository whose edits are known (`history_repo`):
each release shows exactly the edits made for it, on the entry pages, the Changes pages and in
the JSON API; entries are followed across file moves and id changes; the generated packages
carry the release; a shallow clone without tags says once that history is off; `serve`
shows unreleased changes as they are saved."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rulesref.build import Build
from rulesref.config import Settings
from rulesref.history.changes import History, package_versions, read_history
from rulesref.history.diff import check_diff, word_diff
from rulesref.pages.docs import docs_files
from rulesref.site import generate
from rulesref.site.session import Session
from rulesref.support.schemas import API, validator
from rulesref.validate import validate

from .history_repo import FAQ_URL, make_history_repo


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_history_repo(tmp_path_factory.mktemp("history"))


@pytest.fixture(scope="module")
def built(repo: Path) -> tuple[Build, History, dict[str, str]]:
    build = validate([str(repo)], odds=True)
    assert build.ok, build.problems
    history = read_history(build.content, build.files.roots)
    files = {path: data.decode("utf-8") for path, data in docs_files(build, history=history).items()}
    return build, history, files


def changes_of(history: History, slug: str) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(c.key, c.change, c.fields) for c in history.step(slug).changes]


def test_the_releases_are_the_tags_with_what_system_yml_says(built: tuple[Build, History, dict[str, str]]) -> None:
    _, history, _ = built
    assert [(r.version, r.date, r.label, r.url) for r in history.releases] == [
        ("1.0", "2026-01-10", None, None),
        ("1.1", "2026-03-01", "FAQ", FAQ_URL),
        ("1.2", "2026-06-15", None, None),
    ]
    assert [s.slug for s in history.steps] == ["1.0", "1.1", "1.2", "unreleased"]


def test_each_release_holds_exactly_the_edits_made_for_it(built: tuple[Build, History, dict[str, str]]) -> None:
    _, history, _ = built
    assert {c.change for c in history.step("1.0").changes} == {"added"} and len(history.step("1.0").changes) == 16
    assert changes_of(history, "1.1") == [
        ("w40k7:consolidate", "moved", ("name",)),
        ("w40k7:fear", "changed", ("text",)),
        ("w40k7:hit-and-run", "moved", ("path",)),
    ]
    assert changes_of(history, "1.2") == [
        ("w40k7:initiative-roll", "moved", ("path", "id")),
        ("w40k7:run", "changed", ("checks",)),
        ("w40k7:steady", "added", ()),
        ("t9a:forsaken-one", "removed", ()),
    ]
    assert changes_of(history, "unreleased") == [("w40k7:fearless", "changed", ("summary",))]


def test_an_entry_s_history_follows_its_id_across_a_rename_of_its_file(built: tuple[Build, History, dict[str, str]]) -> None:
    _, history, files = built
    assert [(step.slug, change.change) for step, change in history.of_entry("w40k7:initiative-roll")] == [("1.2", "moved"), ("1.0", "added")]
    page = files["w40k7/initiative-roll/index.md"]
    assert "Its id was initiative-test" in page and "its file moved from w40k7/initiative-test.yml to w40k7/initiative-roll.yml" in page


def test_entry_pages_list_the_releases_that_changed_them_with_word_diffs(built: tuple[Build, History, dict[str, str]]) -> None:
    _, _, files = built
    fear = files["w40k7/fear/index.md"]
    history = fear[fear.index('id="history"') :]
    assert "1.1 (2026-03-01, FAQ)" in history and "Text changed" in history
    assert "must <del>take</del><ins>pass</ins> a Leadership test" in history  # the words that changed, and no others
    assert "1.0 (2026-01-10)" in history and "First released" in history and "1.2 (" not in history
    assert "Added" in files["w40k7/steady/index.md"] and "1.2 (2026-06-15)" in files["w40k7/steady/index.md"]
    run = files["w40k7/run/index.md"]
    assert "Check run_distance" in run and "summary changed; 1 example added" in run
    fearless = files["w40k7/fearless/index.md"]
    assert "Since 1.2, not released yet" in fearless and "<ins>Unshaken, the</ins>" in fearless
    assert "First released" in files["w40k7/brutal/index.md"] and "Since 1.2" not in files["w40k7/brutal/index.md"]  # unchanged since 1.0


def test_the_changes_pages_group_each_release_s_changes(built: tuple[Build, History, dict[str, str]]) -> None:
    _, _, files = built
    latest = files["changes/index.md"]
    assert "# Changes in 1\\.2" in latest and "compared with 1\\.1 \\(2026\\-03\\-01\\)" in latest  # (as Markdown writes them)
    assert "1 added, 1 changed, 1 moved or renamed, 1 removed\\." in latest
    for name in ("Steady", "Run", "Initiative test", "Forsaken One"):
        assert name in latest, name
    assert latest.index("Added") < latest.index("Steady") < latest.index("Changed") < latest.index("Run")
    assert "Fear" not in latest.replace("Fearless", "")  # 1.1's change is 1.1's
    faq = files["changes/1.1/index.md"]
    assert "\\(FAQ\\)" in faq and FAQ_URL in faq and "<del>take</del><ins>pass</ins>" in faq and "Renamed from Consolidate" in faq
    unreleased = files["changes/unreleased/index.md"]
    assert "# Changes since 1\\.2" in unreleased and "Fearless" in unreleased
    assert "Changes" in files[".nav.yml"] and "changes/index.md" in files[".nav.yml"]


def test_the_json_api_publishes_each_release_s_diff(built: tuple[Build, History, dict[str, str]]) -> None:
    _, _, files = built
    check = validator(API)
    api = {path: json.loads(text) for path, text in files.items() if path.startswith("api/releases/")}
    assert sorted(api) == ["api/releases/1.0.json", "api/releases/1.1.json", "api/releases/1.2.json", "api/releases/index.json", "api/releases/unreleased.json"]
    for path, data in api.items():
        assert [e.message for e in check.iter_errors(data)] == [], path
    changes = api["api/releases/1.2.json"]["changes"]
    assert [(c["entry"], c["change"]) for c in changes] == [("w40k7/initiative-roll", "moved"), ("w40k7/run", "changed"), ("w40k7/steady", "added"), ("t9a/forsaken-one", "removed")]
    assert changes[0]["before"] == {"name": "Initiative test", "path": "w40k7/initiative-test.yml", "id": "initiative-test"}
    assert api["api/releases/index.json"]["unreleased"] is True


def test_the_packages_carry_the_release(built: tuple[Build, History, dict[str, str]]) -> None:
    _, history, _ = built
    assert package_versions(history) == ("1.2+unreleased", "1.2.0+unreleased")
    released = History(history.releases, history.steps[:-1])
    assert package_versions(released) == ("1.2", "1.2.0")
    assert package_versions(History()) is None


def test_a_shallow_clone_without_tags_builds_and_says_once_that_history_is_off(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "1", "--no-tags", repo.parent.as_uri(), str(clone)], check=True, capture_output=True)
    files, problems = generate(str(clone / "content"), Settings())
    assert files and not any(p.severity == "error" for p in problems)
    said = capsys.readouterr().err
    assert said.count("history is off") == 1 and "shallow clone" in said
    assert "changes/index.md" not in files and 'id="history"' not in files["w40k7/fear/index.md"].decode("utf-8")


def test_content_outside_a_repository_has_no_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from .site.conftest import FIXTURE_CONTENT

    shutil.copytree(FIXTURE_CONTENT, tmp_path / "content")
    files, _ = generate(str(tmp_path / "content"), Settings())
    assert "changes/index.md" not in files and "api/releases/index.json" not in files
    assert "history" not in capsys.readouterr().err


def test_serve_shows_unreleased_changes_as_they_are_saved(repo: Path, tmp_path: Path) -> None:
    """The releases' steps are kept by the tags; each save compares the content now with the
    last release, and what a save gives equals a fresh full generation."""
    work = tmp_path / "work"
    shutil.copytree(repo.parent, work)
    content = work / "content"
    session = Session()
    first, _ = session.generate(str(content), Settings())
    assert "Fearless" in first["changes/unreleased/index.md"].decode("utf-8")
    brutal = content / "w40k7" / "brutal.yml"
    brutal.write_text(brutal.read_text(encoding="utf-8").replace("\nsummary: ", "\nsummary: Savagely, ", 1), encoding="utf-8")
    saved, _ = session.generate(str(content), Settings())
    assert "Brutal" in saved["changes/unreleased/index.md"].decode("utf-8")
    assert saved == generate(str(content), Settings())[0]
    (content / "w40k7" / "fearless.yml").write_text(subprocess.run(["git", "show", "1.2:content/w40k7/fearless.yml"], cwd=work, capture_output=True, text=True, check=True).stdout, encoding="utf-8")
    again, _ = session.generate(str(content), Settings())
    assert "Fearless" not in again["changes/unreleased/index.md"].decode("utf-8").replace("Fearless unit", "")
    assert again == generate(str(content), Settings())[0]


def test_a_word_diff_marks_the_changed_words_and_escapes_the_rest() -> None:
    assert word_diff("roll a D6 <b>", "roll two D6 <b>") == "roll <del>a</del><ins>two</ins> D6 &lt;b&gt;"
    assert word_diff("See [[Fear]] now.", "See [[Fear|fear]] now.") == "See <del>Fear</del><ins>fear</ins> now."
    assert word_diff(None, "new") == "<ins>new</ins>" and word_diff("old", None) == "<del>old</del>"


def test_a_check_diff_says_what_part_changed() -> None:
    before: dict[str, Any] = {"summary": "A", "inputs": {"x": {"type": "bool"}}, "output": {"type": "bool"}, "expr": "x", "examples": [{"given": {"x": True}, "expect": True}]}
    after = {**before, "inputs": {"x": {"type": "bool"}, "y": {"type": "bool"}}, "expr": "x and y", "examples": [{"given": {"x": True}, "expect": False}]}
    assert check_diff(before, after) == ["inputs added: `y`", "logic changed", "1 example changed"]


# -- hostile histories: old releases read as safely as the content, tags of any name, many tags --


def _tagged(root: Path, releases: list[tuple[str, dict[str, str]]]) -> Path:
    """A repository of the site's fixture content with a commit and tag per release, each
    writing its files (path in the content folder -> text) first; returns the content folder."""
    from .site.conftest import FIXTURE_CONTENT

    content = root / "content"
    shutil.copytree(FIXTURE_CONTENT, content)
    env = {"GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.org", "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, env=env, check=True)
    for day, (tag, files) in enumerate(releases, start=1):
        for path, text in files.items():
            (content / path).write_text(text, encoding="utf-8")
        date = {"GIT_AUTHOR_DATE": f"2026-01-{day:02d}T12:00:00+00:00", "GIT_COMMITTER_DATE": f"2026-01-{day:02d}T12:00:00+00:00"}
        subprocess.run(["git", "add", "-A"], cwd=root, env=env, check=True)
        subprocess.run(["git", "commit", "-q", "--allow-empty", "-m", tag], cwd=root, env=env | date, check=True)
        subprocess.run(["git", "tag", tag], cwd=root, env=env | date, check=True)
    return content


FEAR = "w40k7/fear.yml"


def _fear() -> str:
    from .site.conftest import FIXTURE_CONTENT

    return (FIXTURE_CONTENT / FEAR).read_text(encoding="utf-8")


def _bomb() -> str:
    """A billion laughs in 1 KB: nine levels of ten aliases each."""
    lines = ["  a0: &a0 [x, x, x, x, x, x, x, x, x, x]"] + [f"  a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("case", "old", "said"),
    [
        ("alias cycle", lambda fear: fear.replace("\nchecks:", "\nold_checks:") + "checks: &a {x: *a}\n", "old:content/w40k7/fear.yml:38:9: anchor `&a`"),
        ("alias bomb", lambda fear: fear.replace("\nchecks:", "\nold_checks:") + "checks:\n" + _bomb(), "old:content/w40k7/fear.yml:39:7: anchor `&a0`"),
        ("oversized", lambda fear: fear + "notes: |\n" + "  lorem ipsum dolor sit amet\n" * 10_000, "old:content/w40k7/fear.yml:1:1: file is"),
        ("custom tag", lambda fear: fear.replace("name: Fear\n", "name: !!python/name:os.system Fear\n"), "old:content/w40k7/fear.yml:3:7: tag `!!python/name:os.system`"),
    ],
    ids=["alias-cycle", "alias-bomb", "oversized", "custom-tag"],
)
def test_an_old_release_whose_file_does_not_load_is_left_out_and_said_once(tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, old: Any, said: str) -> None:
    """The content now is fine; a release before it holds a file the loader refuses. The
    build goes on, without that release, and says which release and file, once."""
    from .hang_guard import no_hang

    fear = _fear()
    content = _tagged(tmp_path / "repo", [("old", {FEAR: old(fear)}), ("new", {FEAR: fear})])
    with no_hang(60):
        files, problems = generate(str(content), Settings())
    assert files and not [p for p in problems if p.severity == "error"]
    err = capsys.readouterr().err
    assert err.count("history: release old is left out") == 1 and said in err, err
    index = json.loads(files["api/releases/index.json"])
    assert [r["version"] for r in index["releases"]] == ["new"]
    assert "changes/new/index.md" in files and "changes/old/index.md" not in files
    with no_hang(60):
        assert main_generate(content, tmp_path / "packages") == 0  # `rulesref generate` too
    assert capsys.readouterr().err.count("history: release old is left out") == 1


def main_generate(content: Path, out: Path) -> int:
    from rulesref.commands.cli import main

    return main(["generate", "--content", str(content), "--out", str(out / "rulechecks")])


def test_a_refused_blob_is_remembered_as_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], cache_dir: Path) -> None:
    """The snapshots kept on disk keep a refusal too: the next run says it again without
    reading the blob (and an old cache, read with PyYAML's loader, is not trusted)."""
    from rulesref.history import snapshots

    fear = _fear()
    content = _tagged(tmp_path / "repo", [("old", {FEAR: fear.replace("\nchecks:", "\nold_checks:") + "checks: &a {x: *a}\n"}), ("new", {FEAR: fear})])
    build = validate([str(content)])
    first = read_history(build.content, build.files.roots)
    assert (cache_dir / snapshots.Snapshots.FILE).is_file()  # (a reading keeps nothing in the process: only the disk remembers)
    again = read_history(build.content, build.files.roots)
    assert first.note == again.note and again.note is not None and "anchor `&a`" in again.note
    assert [r.version for r in again.releases] == ["new"]


TAG_NAMES = ["index", "unreleased", "all", "1+0", "1-0", "1_0", "V1", "v1", "con", "nul.1", "faq/2026", "faq-2026", "版本", "x" * 80]


def test_tags_of_any_name_get_pages_and_api_files_of_their_own(tmp_path: Path) -> None:
    """Tags that differ only in punctuation or case, tags named like the site's own pages, and
    names no file system takes as they are: each release has its own page and API file, and
    the site's pages stay the site's."""
    fear = _fear()
    releases = [(tag, {FEAR: fear.replace("must take a Leadership test", f"must take a Leadership test ({n})")}) for n, tag in enumerate(TAG_NAMES)]
    content = _tagged(tmp_path / "repo", releases)
    (content / FEAR).write_text(fear.replace("must take a Leadership test", "must pass a Leadership test"), encoding="utf-8")
    build = validate([str(content)])
    history = read_history(build.content, build.files.roots)
    files = {path: data.decode("utf-8") for path, data in docs_files(build, history=history).items()}
    slugs = [s.slug for s in history.steps]
    assert [s.release.version if s.release else None for s in history.steps] == [*TAG_NAMES, None]
    assert len(set(slugs)) == len(slugs) == len(TAG_NAMES) + 1
    assert len({s.casefold() for s in slugs}) == len(slugs)  # one folder each on a file system that ignores case
    assert slugs[-1] == "unreleased" and {"index", "unreleased", "all", "con", "nul.1"}.isdisjoint(slugs[:-1])
    assert slugs[TAG_NAMES.index("1-0")] == "1-0" and slugs[TAG_NAMES.index("1+0")].startswith("1-0_")
    assert all(len(s) <= 80 and s.isascii() and "/" not in s for s in slugs)
    index = json.loads(files["api/releases/index.json"])
    assert "releases" in index and [s["slug"] for s in index["steps"]] == slugs  # the list, not a release's changes
    for step in history.steps:  # each release's changes in its own file and on its own page
        data = json.loads(files[f"api/releases/{step.slug}.json"])
        assert (data["release"] or {}).get("version") == (step.release.version if step.release else None)
        page = files[f"changes/{step.slug}/index.md"]
        assert (f"# Changes in {step.release.version}" if step.release else "# Changes since") in page.replace("\\", "")
    assert "not released yet" in files["changes/unreleased/index.md"]
    check = validator(API)
    assert [e.message for e in check.iter_errors(index)] == []


def test_thousands_of_tags_make_pages_that_link_a_bounded_number_of_releases(tmp_path: Path) -> None:
    """1,000 tags, 40 of them with changes: only releases that changed something have pages,
    each page links at most the newest releases and its neighbours, and the list of every
    release comes in parts."""
    from rulesref.pages.changes import PER_LIST, RECENT

    from .history_repo import make_tagged_repo

    changed = set(range(0, 1000, 25))
    content = make_tagged_repo(tmp_path / "repo", 1000, changed)
    build = validate([str(content)])
    history = read_history(build.content, build.files.roots)
    assert len(history.steps) == 1000 and sum(1 for s in history.steps if s.changes) == len(changed)
    files = {path: data.decode("utf-8") for path, data in docs_files(build, history=history).items()}
    pages = sorted(p for p in files if p.startswith("changes/") and not p.startswith("changes/all/"))
    assert len(pages) == len(changed) + 1  # a page per release with changes, and the index
    for page in pages:
        linked = files[page].split("## Releases", 1)[1].split("These changes as data", 1)[0]
        assert linked.count("<li>") <= RECENT + 4, page  # the newest, the page's own with its neighbours, a gap
    parts = sorted(p for p in files if p.startswith("changes/all/"))
    assert len(parts) == -(-1000 // PER_LIST)
    listed = "".join(files[p] for p in parts)
    assert all(f">1.{n} (" in listed or f"<li>1.{n} (" in listed for n in range(1000))  # every release, in some part
    assert len(json.loads(files["api/releases/index.json"])["steps"]) == 1000
    assert max(len(files[p]) for p in [*pages, *parts]) < 100_000
