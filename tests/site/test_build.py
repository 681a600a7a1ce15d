"""Building the site for real: `rulesref build` (MkDocs, strict), a link check over the
built HTML, byte-identical rebuilds, failures that leave nothing half-written (Zensical's
build of the same content: `test_zensical.py`)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulesref.commands.cli import main as rulesref
from rulesref.problems import format_text
from rulesref.validate import validate

from .conftest import REPO, Built, build_project, make_project
from .linkcheck import broken_links

pytestmark = pytest.mark.slow


def tree_hashes(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_every_entry_has_its_page(built: Built) -> None:
    result = validate([str(built.content)])
    assert len(result.content.entries) > 10
    for entry in result.content.entries:
        assert (built.site / entry.system / entry.id / "index.html").is_file(), entry.key
        assert (built.site / "api" / entry.system / f"{entry.id}.json").is_file(), entry.key
    for page in ("index.html", "glossary/index.html", "tags/index.html", "api/index.html", "api/index.json", "search/search_index.json"):
        assert (built.site / page).is_file(), page
    assert not (built.site / ".nav.yml").exists()


def test_no_internal_link_or_anchor_is_broken(built: Built) -> None:
    assert broken_links(built.site) == []


def test_the_link_checker_finds_broken_links_and_anchors(built: Built, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(built.site, site)
    page = site / "w40k7" / "fear" / "index.html"
    html = page.read_text(encoding="utf-8")
    page.write_text(html.replace("</article>", '<a href="../nowhere/">x</a><a href="../fearless/#no-such-anchor">y</a></article>'), encoding="utf-8")
    assert broken_links(site) == [
        "w40k7/fear/index.html: ../nowhere/ (no such file)",
        "w40k7/fear/index.html: ../fearless/#no-such-anchor (no #no-such-anchor on w40k7/fearless/index.html)",
    ]


def test_pages_stay_small(built: Built) -> None:
    sizes = sorted(p.stat().st_size for p in built.site.rglob("*.html"))
    assert sizes[len(sizes) // 2] < 60_000


def test_mkdocs_strict_fails_on_a_broken_anchor(built: Built, tmp_path: Path) -> None:
    project = make_project(tmp_path / "project")
    shutil.copytree(built.docs, project.docs)
    page = project.docs / "w40k7" / "fear" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n[broken](../fearless/index.md#no-such-anchor)\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(project.config)],
        capture_output=True,
        text=True,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        check=False,
    )
    assert done.returncode != 0
    assert "no-such-anchor" in done.stderr


def test_two_builds_are_byte_identical(built: Built, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    again = make_project(tmp_path / "again", built.content)  # copied with its files' times
    assert build_project(again) == 0
    assert tree_hashes(again.docs) == tree_hashes(built.docs)
    assert tree_hashes(again.site) == tree_hashes(built.site)


def test_the_docs_folders_other_files_are_linked_into_the_site_and_the_themes_copied(built: Built) -> None:
    """The build's MkDocs links the JSON API, scripts and modules of its docs folder into the
    site (one file, two names) rather than copying their bytes; the theme's own files and
    every page are the site's alone."""
    api = sorted(p for p in (built.site / "api").rglob("*.json"))
    assert len(api) >= 10
    for path in api:
        twin = built.docs / path.relative_to(built.site)
        assert path.stat().st_ino == twin.stat().st_ino and path.read_bytes() == twin.read_bytes()
    theme = [p for p in (built.site / "assets" / "javascripts").rglob("*.js")]
    assert theme and all(p.stat().st_nlink == 1 for p in theme)
    assert all(p.stat().st_nlink == 1 for p in built.site.rglob("*.html"))


@pytest.mark.parametrize("which", ["shipped", "played"])
def test_pages_rendered_on_several_cores_are_the_pages_one_process_renders(which: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`build` renders the entries' pages, the roster page's data and the generated modules
    in forked workers (`rulesref.support.forked`): the docs folder is byte for byte the one a
    single process renders (the shipped content, and imported data played with it, which has
    a roster page)."""
    from rulesref.config import Settings
    from rulesref.site import generate

    from ..played import played_content

    content = REPO / "content" if which == "shipped" else played_content(tmp_path / "content")
    files = {}
    for jobs in ("1", "3"):
        monkeypatch.setenv("RULESREF_JOBS", jobs)
        files[jobs], problems = generate(str(content), Settings())
        assert files[jobs], problems
    assert files["3"] == files["1"]
    assert which == "shipped" or any(rel.startswith("assets/roster/") for rel in files["1"])


def test_source_date_epoch_dates_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    project = make_project(tmp_path / "dated")
    assert build_project(project) == 0
    assert "<lastmod>1970-01-02</lastmod>" in (project.site / "sitemap.xml").read_text(encoding="utf-8")


def project_with_a_broken_link(root: Path) -> Built:
    """A project whose content has one problem: `[[Fearles]]` in w40k7/fear.yml."""
    project = make_project(root)
    rule = project.content / "w40k7" / "fear.yml"
    rule.write_text(rule.read_text(encoding="utf-8").replace("[[Fearless]]", "[[Fearles]]"), encoding="utf-8")
    return project


def test_content_problems_stop_the_build_as_validate_reports_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = project_with_a_broken_link(tmp_path / "broken")
    monkeypatch.chdir(project.root)
    assert rulesref(["validate", "content"]) == 1
    reported = capsys.readouterr().err
    assert re.search(r"^content/w40k7/fear\.yml:\d+:\d+: error\[unresolved-link\]", reported, re.MULTILINE)
    assert rulesref(["build", "--content", "content"]) == 1
    assert capsys.readouterr().err == reported == format_text(validate(["content"]).problems)
    assert not (project.root / "build").exists()


def test_build_counts_many_warnings_of_a_code_as_validate_does_and_lists_them_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = project_with_a_broken_link(tmp_path / "broken")
    derived = (REPO / "tests" / "fixtures" / "bad" / "derived-summary.yml").read_text(encoding="utf-8")
    for number in range(6):
        (project.content / "w40k7" / f"derived-{number}.yml").write_text(derived.replace("derived-summary", f"derived-{number}").replace("Derived Summary", f"Derived {number}"), encoding="utf-8")
    monkeypatch.chdir(project.root)
    for flags in ([], ["--all-warnings"]):
        assert rulesref(["validate", *flags, "content"]) == 1
        reported = capsys.readouterr().err
        assert rulesref(["build", *flags, "--content", "content"]) == 1
        assert capsys.readouterr().err == reported
        assert ("warning[derived-summary]: 3 more like these in 3 files (6 in all)" in reported) is not bool(flags)
        assert reported.count("warning[derived-summary]") == (6 if flags else 4)


def test_the_early_mkdocs_child_is_stopped_when_validation_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """MkDocs is started before validation; content errors kill it before it builds anything."""
    from rulesref.site.mkdocs_child import EarlyMkDocs

    project = project_with_a_broken_link(tmp_path / "called-off")
    ready, asked = tmp_path / "ready", tmp_path / "asked"
    # a stand-in for MkDocs that says when it is up and records whether it was ever asked to build
    child = f"import pathlib, sys; pathlib.Path({str(ready)!r}).write_text('up'); line = sys.stdin.readline(); line and pathlib.Path({str(asked)!r}).write_text(line)"
    started: list[EarlyMkDocs] = []
    start = EarlyMkDocs.start

    def recorded(command: list[str], env: dict[str, str]) -> EarlyMkDocs:
        started.append(start(command, env))
        return started[-1]

    monkeypatch.setattr(EarlyMkDocs, "start", staticmethod(recorded))
    assert build_project(project, mkdocs_command=[sys.executable, "-c", child]) == 1
    assert "error[unresolved-link]" in capsys.readouterr().err
    assert len(started) == 1 and started[0].process.returncode is not None  # stopped and reaped
    assert not asked.exists()
    assert not (project.root / "build").exists()
    assert sorted(p.name for p in project.root.iterdir()) == ["content", "mkdocs.yml"]


def test_the_mkdocs_child_runs_the_mkdocs_command_line(tmp_path: Path) -> None:
    """The runner waits for its arguments and runs them as `python -m mkdocs` would; without
    them it exits at once, having done nothing."""
    from rulesref.site.mkdocs_child import EarlyMkDocs, runner_command

    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    with EarlyMkDocs.start(runner_command(), env) as child:
        assert child.run(["--version"]) == 0
    with EarlyMkDocs.start(runner_command(), env) as child:
        assert child.run(["build", "--config-file", str(tmp_path / "missing.yml")]) != 0
    called_off = subprocess.run(runner_command(), input=b"", capture_output=True, env=env, check=False)
    assert called_off.returncode == 0 and called_off.stdout == called_off.stderr == b""


def test_a_failed_mkdocs_run_leaves_the_previous_site(tmp_path: Path) -> None:
    project = make_project(tmp_path / "kept")
    assert build_project(project) == 0
    before = tree_hashes(project.site)
    failing = (
        "import json, sys, pathlib; args = json.loads(sys.stdin.readline()); "
        "d = pathlib.Path(args[args.index('--site-dir') + 1]); (d / 'half.html').write_text('x'); sys.exit(1)"
    )
    assert build_project(project, mkdocs_command=[sys.executable, "-c", failing]) == 1
    assert tree_hashes(project.site) == before
    assert [p.name for p in project.site.parent.iterdir() if p.name.startswith(".")] == []


def test_the_docs_folder_changes_only_after_mkdocs_succeeds(tmp_path: Path) -> None:
    project = make_project(tmp_path / "staged")
    assert build_project(project) == 0
    docs, site = tree_hashes(project.docs), tree_hashes(project.site)
    rule = project.content / "w40k7" / "fear.yml"
    rule.write_text(rule.read_text(encoding="utf-8").replace("summary: ", "summary: Changed. ", 1), encoding="utf-8")
    assert build_project(project, mkdocs_command=[sys.executable, "-c", "import sys; sys.stdin.readline(); sys.exit(1)"]) == 1
    assert tree_hashes(project.docs) == docs and tree_hashes(project.site) == site
    assert sorted(p.name for p in project.root.iterdir()) == ["build", "content", "mkdocs.yml"]  # no staged config left
    assert build_project(project) == 0
    assert tree_hashes(project.docs) != docs


def test_the_built_site_is_readable_by_others(tmp_path: Path) -> None:
    project = make_project(tmp_path / "modes")
    old = os.umask(0o022)
    try:
        assert build_project(project) == 0
    finally:
        os.umask(old)
    for folder in (project.docs, project.site, project.site / "w40k7"):
        assert folder.stat().st_mode & 0o777 == 0o755, folder


def test_a_site_dir_holding_other_files_is_never_replaced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = make_project(tmp_path / "own-site")
    project.site.mkdir(parents=True)
    (project.site / "notes.txt").write_text("mine\n", encoding="utf-8")
    assert rulesref(["build", "--content", str(project.content), "--config-file", str(project.config)]) == 2
    assert "did not write" in capsys.readouterr().err
    assert (project.site / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    assert not project.docs.exists()


def test_the_repository_config_is_plain_yaml_without_plugins() -> None:
    import yaml

    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["docs_dir"] == "build/docs" and config["site_dir"] == "build/site"
    assert "site_url" not in config  # stated once, under [tool.rulesref]; `build` gives it to MkDocs
    assert [next(iter(p)) if isinstance(p, dict) else p for p in config["plugins"]] == ["search"]
    assert "navigation.prune" in config["theme"]["features"]
    assert config["validation"]["anchors"] == "warn"


def test_the_site_is_built_at_the_repositorys_address(built: Built) -> None:
    from rulesref.config import DEFAULT_SITE_URL

    page = (built.site / "w40k7" / "fear" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{DEFAULT_SITE_URL}w40k7/fear/">' in page
    assert f"<loc>{DEFAULT_SITE_URL}w40k7/fear/</loc>" in (built.site / "sitemap.xml").read_text(encoding="utf-8")


def test_a_docs_folder_of_hand_written_pages_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = make_project(tmp_path / "mine")
    project.docs.mkdir(parents=True)
    (project.docs / "index.md").write_text("# My own page\n", encoding="utf-8")
    assert rulesref(["build", "--content", str(project.content), "--config-file", str(project.config)]) == 2
    assert "did not write" in capsys.readouterr().err
    assert (project.docs / "index.md").read_text(encoding="utf-8") == "# My own page\n"


def test_the_search_index_names_systems_and_leaves_generated_text_out(built: Built) -> None:
    docs = json.loads((built.site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    titles = {d["location"]: d["title"] for d in docs}
    assert titles["w40k7/fearless/"] == "Fearless · 40k 7th" and titles["t9a/fearless/"] == "Fearless · T9A 3rd"
    check = next(d for d in docs if d["location"] == "w40k7/mob-rule/#resolve")
    assert check["text"] == "<p>What a failed Morale check becomes under Mob Rule.</p>"  # what it answers, nothing generated
    generated = ("It depends on", "Chances over", "Exact chances", "For programmers", "rulechecks.", "returns the exact chances", "Full text")
    assert [(d["location"], g) for d in docs for g in generated if g in d["text"]] == []


def test_every_page_has_the_favicon(built: Built) -> None:
    for page in (built.site / "index.html", built.site / "w40k7" / "fear" / "index.html"):
        assert '<link rel="icon" href="' in page.read_text(encoding="utf-8") and "favicon.svg" in page.read_text(encoding="utf-8")
    assert (built.site / "assets" / "favicon.svg").read_text(encoding="utf-8").startswith("<svg")


def kept_files(folder: Path) -> dict[str, int]:
    """The pages a cache folder keeps, each with its time (not the folder's `.gitignore`)."""
    return {p.name: p.stat().st_mtime_ns for p in folder.iterdir() if not p.name.startswith(".")}


def test_a_build_reads_only_the_pages_that_changed_and_builds_what_a_cold_build_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MkDocs' reading and writing of each page are kept (`mkdocs_split`): after an edit, the
    pages whose Markdown (and the nav) are unchanged are taken from the cache, the others
    read and written, and the site equals a build with no cache at all, byte for byte (the
    search index too); what the build did not use is dropped."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    cache = tmp_path / "cache"
    monkeypatch.setenv("RULESREF_CACHE", str(cache))
    project = make_project(tmp_path / "warm")
    assert build_project(project) == 0
    pages = sum(1 for _ in project.docs.rglob("*.md"))
    times = {folder: kept_files(cache / folder) for folder in ("mkdocs-pages", "mkdocs-written")}
    assert all(len(kept) == pages for kept in times.values())  # every page read and written, once
    fear = project.content / "w40k7" / "fear.yml"
    fear.write_text(fear.read_text(encoding="utf-8").replace("must take a Leadership test", "must pass a Leadership test"), encoding="utf-8")
    assert build_project(project) == 0
    for folder, first in times.items():
        second = kept_files(cache / folder)
        made_again = [name for name in second if first.get(name) != second[name]]
        assert 1 <= len(made_again) <= 3 and len(second) == pages, folder  # the edited page and those showing its text; the rest kept
    monkeypatch.setenv("RULESREF_CACHE", "off")
    cold = make_project(tmp_path / "cold", project.content)
    assert build_project(cold) == 0
    assert tree_hashes(project.site) == tree_hashes(cold.site)
    assert tree_hashes(project.docs) == tree_hashes(cold.docs)


def test_a_change_every_page_shows_writes_every_page_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The nav is on every page: a system renamed in it makes every page's kept writing stale."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    monkeypatch.setenv("RULESREF_CACHE", str(tmp_path / "cache"))
    project = make_project(tmp_path / "warm")
    assert build_project(project) == 0
    system = project.content / "w40k7" / "system.yml"
    system.write_text(system.read_text(encoding="utf-8").replace("short_name: 40k 7th", "short_name: 40K Seventh"), encoding="utf-8")
    assert build_project(project) == 0
    monkeypatch.setenv("RULESREF_CACHE", "off")
    cold = make_project(tmp_path / "cold", project.content)
    assert build_project(cold) == 0
    assert tree_hashes(project.site) == tree_hashes(cold.site)
    assert "40K Seventh" in (project.site / "t9a" / "fearless" / "index.html").read_text(encoding="utf-8")  # (a page of the other system: its nav)


class _Runs:
    """A pickle that, loaded, would run code (it never must be)."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, ("import pathlib; pathlib.Path('RAN').write_text('ran')",))


def test_kept_pages_are_data_and_a_kept_file_of_any_other_shape_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What MkDocs' reading and writing left is kept as marshalled plain data and checked as it
    is read: kept files holding a pickle, marshalled code, or data of the wrong shape (each
    with a digest that holds, as a hand-made file would) are read and written again, nothing
    in them runs, and the site equals a build with no cache."""
    import marshal
    import pickle

    from rulesref.support.cache_files import read_payload, write_payload

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    cache = tmp_path / "cache"
    monkeypatch.setenv("RULESREF_CACHE", str(cache))
    monkeypatch.chdir(tmp_path)
    project = make_project(tmp_path / "warm")
    assert build_project(project) == 0
    for folder in ("mkdocs-pages", "mkdocs-written"):
        names = sorted(kept_files(cache / folder))
        for name in names:
            payload = read_payload(cache / folder, name)
            assert payload is not None
            data = marshal.loads(payload)  # (a pickle is no marshal data)
            assert isinstance(data, tuple) and data[0] == "tuple"  # (page state, as `to_data` tags it)
        hostile = [pickle.dumps(_Runs()), marshal.dumps(compile("open('RAN', 'w')", "x", "exec")), marshal.dumps(("tuple", [("dict", [(1, 2)]), []])), marshal.dumps({"content": "<p>forged</p>"})]
        for index, name in enumerate(names):
            write_payload(cache / folder, name, hostile[index % len(hostile)])
    assert build_project(project) == 0
    assert not (tmp_path / "RAN").exists()
    monkeypatch.setenv("RULESREF_CACHE", "off")
    cold = make_project(tmp_path / "cold", project.content)
    assert build_project(cold) == 0
    assert tree_hashes(project.site) == tree_hashes(cold.site)
