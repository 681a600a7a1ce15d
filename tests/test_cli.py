"""The command line as CI and editors use it: formats, exit codes, selection, no tracebacks."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulesref.commands.cli import main


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesref", *args], capture_output=True, text=True, cwd=cwd, timeout=60)


def break_link(content: Path) -> Path:
    path = content / "demo" / "morale-check.yml"
    path.write_text(path.read_text().replace("Roll 2D6;", "Roll [[2D6 dice]];"))
    return path


def test_clean_content_exits_0(content: Path) -> None:
    result = run("validate", str(content))
    assert result.returncode == 0
    assert "no problems" in result.stderr
    assert "Traceback" not in result.stderr


def test_text_format_is_path_line_col_code_message(content: Path) -> None:
    break_link(content)
    result = run("validate", str(content))
    assert result.returncode == 1
    first = result.stderr.splitlines()[0]
    assert first.endswith("morale-check.yml:5:12: error[unresolved-link]: [[2D6 dice]]: no entry named `2D6 dice`")
    assert "Traceback" not in result.stderr


def test_json_format(content: Path) -> None:
    break_link(content)
    result = run("validate", str(content), "--format", "json")
    assert result.returncode == 1
    items = json.loads(result.stdout)
    assert items[0]["code"] == "unresolved-link"
    assert {"path", "line", "col", "code", "message", "severity"} <= set(items[0])
    clean = run("validate", str(content / "other"), "--format", "json")
    assert clean.returncode == 0 and json.loads(clean.stdout) == []


def test_github_format(content: Path) -> None:
    break_link(content)
    result = run("validate", str(content), "--format", "github")
    assert result.returncode == 1
    line = result.stdout.splitlines()[0]
    assert line.startswith("::error file=") and ",line=5,col=12," in line
    assert "::[[2D6 dice]]: no entry named" in line


def test_every_problem_in_every_file_in_one_run_sorted(content: Path) -> None:
    (content / "demo" / "a.yml").write_text("id: a\nkind: term\nname: A\nsummary: x\nsumary: y\n")
    (content / "demo" / "z.yml").write_text("id: z\nkind: term\nname: Z\nsummary: no\n")
    break_link(content)
    result = run("validate", str(content), "--format", "json")
    found = [(Path(i["path"]).name, i["line"], i["code"]) for i in json.loads(result.stdout)]
    assert found == sorted(found)
    assert {f[0] for f in found} == {"a.yml", "morale-check.yml", "z.yml"}


def test_selected_file_reports_only_its_own_problems(content: Path) -> None:
    break_link(content)
    fine = run("validate", str(content / "demo" / "brutal.yml"))
    assert fine.returncode == 0
    bad = run("validate", str(content / "demo" / "morale-check.yml"))
    assert bad.returncode == 1


@pytest.mark.slow
def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run("validate", str(tmp_path / "missing")).returncode == 2
    assert run("validate", "--format", "xml").returncode == 2
    assert run("frobnicate").returncode == 2
    (tmp_path / "notes.txt").write_text("hi")
    assert run("validate", str(tmp_path / "notes.txt")).returncode == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("validate", str(empty))
    assert result.returncode == 2 and "no content found" in result.stderr


def test_default_path_is_content_in_the_working_folder(content: Path) -> None:
    assert run("validate", cwd=content.parent).returncode == 0


def test_a_file_outside_any_system_is_reported(tmp_path: Path) -> None:
    loose = tmp_path / "loose.yml"
    loose.write_text("id: loose\nkind: term\nname: Loose\nsummary: x\n")
    result = run("validate", str(loose))
    assert result.returncode == 1 and "missing-system" in result.stderr


def test_hostile_bytes_never_traceback(content: Path) -> None:
    samples = [b"\x00\xff\xfe", b"a: !!python/object:os.system\n", b"- [\n", b"a: &x 1\nb: *x\n", b"\t", "\u202e".encode()]
    for index, raw in enumerate(samples):
        (content / "demo" / f"hostile-{index}.yml").write_bytes(raw)
    result = run("validate", str(content))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert result.stderr.count("error[") == len(samples)


def test_main_returns_codes_in_process(content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(content)]) == 0
    break_link(content)
    assert main(["validate", str(content), "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)


@pytest.mark.slow
def test_new_writes_skeletons_that_validate_and_never_overwrites(tmp_path: Path) -> None:
    content = tmp_path / "content"
    assert run("new", "system", "demo", "--name", "Demo: Game", "--content", str(content)).returncode == 0
    for kind, ident in (("rule", "rage"), ("unit", "squad"), ("term", "morale")):
        assert run("new", kind, "demo", ident, "--content", str(content)).returncode == 0
    text = (content / "demo" / "rage.yml").read_text()
    assert text.startswith("# yaml-language-server: $schema=https://rulesref.github.io/rulesref/schemas/entry.schema.json\n")
    assert run("validate", str(content)).returncode == 0
    before = (content / "demo" / "rage.yml").read_bytes()
    again = run("new", "rule", "demo", "rage", "--content", str(content))
    assert again.returncode == 2 and "already exists" in again.stderr
    assert (content / "demo" / "rage.yml").read_bytes() == before
    assert run("new", "rule", "nowhere", "x", "--content", str(content)).returncode == 2
    assert run("new", "term", "demo", "Bad_Id", "--content", str(content)).returncode == 2
    for ident, module in (("class", "class_"), ("leadership-test", "leadership_test_")):  # any id: its module is renamed
        assert run("new", "rule", "demo", ident, "--content", str(content)).returncode == 0
        assert f"generated module `{module}`" in (content / "demo" / f"{ident}.yml").read_text()
    assert run("validate", str(content)).returncode == 0
    assert run("new", "system", "class", "--content", str(content)).returncode == 2  # a system id names a package


@pytest.mark.slow
def test_the_placeholder_words_of_new_are_warnings_until_replaced(tmp_path: Path) -> None:
    """A skeleton validates, but its placeholder summary and text must not be published as
    they are: each is a warning at its line (failing only under --strict) until rewritten."""
    content = tmp_path / "content"
    assert run("new", "system", "demo", "--content", str(content)).returncode == 0
    for kind, ident in (("rule", "rage"), ("unit", "squad"), ("term", "morale")):
        assert run("new", kind, "demo", ident, "--content", str(content)).returncode == 0
    result = run("validate", "--format", "json", str(content))
    assert result.returncode == 0
    found = sorted((Path(i["path"]).name, i["line"], i["code"], i["severity"]) for i in json.loads(result.stdout))
    expected = [("morale.yml", 6), ("morale.yml", 7), ("rage.yml", 6), ("rage.yml", 7), ("squad.yml", 5), ("system.yml", 5)]
    assert found == [(name, line, "placeholder-text", "warning") for name, line in expected]
    assert run("validate", "--strict", str(content)).returncode == 1
    rage = content / "demo" / "rage.yml"
    rage.write_text(rage.read_text().replace("One line, in your own words, saying what the rule does.", "A raging model strikes harder."))
    again = [(Path(i["path"]).name, i["line"]) for i in json.loads(run("validate", "--format", "json", str(content)).stdout)]
    assert ("rage.yml", 6) not in again and ("rage.yml", 7) in again


def test_new_names_the_schemas_beside_the_content_by_relative_path(tmp_path: Path) -> None:
    from rulesref.support.schemas import schema_dir

    shutil.copytree(schema_dir(), tmp_path / "schemas")
    content = tmp_path / "content"
    assert run("new", "system", "demo", "--content", str(content)).returncode == 0
    assert run("new", "rule", "demo", "rage", "--content", str(content)).returncode == 0
    for name, schema in (("system", "system"), ("rage", "entry")):
        first = (content / "demo" / f"{name}.yml").read_text().splitlines()[0]
        assert first == f"# yaml-language-server: $schema=../../schemas/{schema}.schema.json"
        assert (content / "demo" / first.split("=", 1)[1]).resolve().is_file()


def test_codes_explains_every_code() -> None:
    from rulesref.problems.codes import CODES

    listing = run("codes")
    assert listing.returncode == 0 and len(listing.stdout.splitlines()) == len(CODES)
    one = run("codes", "unresolved-link")
    assert one.returncode == 0 and one.stdout.startswith("unresolved-link: ")
    assert run("codes", "no-such-code").returncode == 2


@pytest.mark.slow
def test_the_readme_walkthrough_rule_validates(tmp_path: Path) -> None:
    """The README's "write your first rule" example is real: it validates in the shipped content."""
    import re
    import shutil

    from .conftest import REPO

    readme = (REPO / "README.md").read_text()
    block = re.search(r"```yaml\n   (# yaml-language-server.*?)```", readme, re.DOTALL)
    assert block is not None
    example = "\n".join(line[3:] if line.startswith("   ") else line for line in block.group(1).splitlines()) + "\n"
    shutil.copytree(REPO / "content", tmp_path / "content")
    path = tmp_path / "content" / "w40k7" / "rage.yml"
    path.write_text(example)
    result = run("validate", str(path))
    assert result.returncode == 0, result.stderr
    path.write_text(example.replace("expect: 4", "expect: 5"))
    broken = run("validate", str(path))
    assert broken.returncode == 1 and "example-failed" in broken.stderr


def test_a_broken_file_is_not_blamed_again_in_the_files_that_refer_to_it(content: Path) -> None:
    """brutal.yml fails its schema; the unit listing it and the text linking it stay quiet."""
    brutal = content / "demo" / "brutal.yml"
    brutal.write_text(brutal.read_text().replace("summary:", "sumary:", 1))
    result = run("validate", str(content), "--format", "json")
    assert result.returncode == 1
    assert {Path(item["path"]).name for item in json.loads(result.stdout)} == {"brutal.yml"}


def test_a_closed_pipe_ends_quietly() -> None:
    """`rulesref codes | head -1`: the reader is gone before the listing is written."""
    process = subprocess.Popen([sys.executable, "-m", "rulesref", "codes"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    with process.stderr:
        error = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0
    assert error == ""


def test_build_without_the_site_extra_names_the_extra(content: Path) -> None:
    code = "import sys; sys.modules['mkdocs'] = None; from rulesref.commands.cli import main; raise SystemExit(main(['build']))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=content.parent, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "rulesref: error: `rulesref build` needs mkdocs, which is not installed; install it with: pip install 'rulesref[site]'"
    ]


def test_an_unwritable_output_folder_is_one_line(content: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run("generate", "--content", str(content), "--out", str(blocker / "rulechecks"))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rulesref: error: cannot use") and "Traceback" not in result.stderr


def test_settings_come_from_pyproject(content: Path) -> None:
    root = content.parent
    (root / "pyproject.toml").write_text('[tool.rulesref]\ncontent = "nowhere"\n', encoding="utf-8")
    result = run("validate", cwd=root)
    assert result.returncode == 2 and "no such file or folder: nowhere" in result.stderr
    (root / "pyproject.toml").write_text('[tool.rulesref]\ncontnet = "content"\n', encoding="utf-8")
    result = run("validate", cwd=root)
    assert result.returncode == 2
    assert result.stderr.strip() == "rulesref: error: pyproject.toml: [tool.rulesref] has no setting `contnet`; did you mean `content`? (settings: content, package, site_url, engine)"


def test_a_site_config_that_states_another_address_is_refused(content: Path) -> None:
    root = content.parent
    shutil.copy(Path(__file__).parent.parent / "mkdocs.yml", root / "mkdocs.yml")
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    (root / "mkdocs.yml").write_text(config + "site_url: https://elsewhere.example.org/\n", encoding="utf-8")
    result = run("build", cwd=root)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "rulesref: error: mkdocs.yml has site_url 'https://elsewhere.example.org/', but the repository's is "
        "'https://rulesref.github.io/rulesref/' ([tool.rulesref] in pyproject.toml, or the default); "
        "the address is set there only: remove site_url from mkdocs.yml"
    )
    assert not (root / "build").exists()


@pytest.mark.slow
def test_the_last_line_counts_errors_and_warnings_apart(content: Path) -> None:
    """Only errors fail a run (warnings too under --strict), so the summary says which is which."""
    derived = content / "demo" / "derived-summary.yml"
    derived.write_text((Path(__file__).parent / "fixtures" / "bad" / "derived-summary.yml").read_text())
    warned = run("validate", str(content))
    assert warned.returncode == 0 and warned.stderr.splitlines()[-1] == "1 warning in 1 file"
    assert run("validate", "--strict", str(content)).returncode == 1
    break_link(content)
    both = run("validate", str(content))
    assert both.returncode == 1 and both.stderr.splitlines()[-1] == "1 error and 1 warning in 2 files"
    derived.unlink()
    path = content / "demo" / "morale-check.yml"
    path.write_text(path.read_text().replace("Roll [[2D6 dice]];", "Roll [[2D6 dice]] [[3D6 dice]];"))
    errors = run("validate", str(content))
    assert errors.returncode == 1 and errors.stderr.splitlines()[-1] == "2 errors in 1 file"


def _derived_summaries(content: Path, count: int) -> None:
    """`count` entries whose summaries an importer derived: one `derived-summary` warning each."""
    text = (Path(__file__).parent / "fixtures" / "bad" / "derived-summary.yml").read_text()
    for number in range(count):
        (content / "demo" / f"derived-{number:02}.yml").write_text(text.replace("derived-summary", f"derived-{number:02}").replace("Derived Summary", f"Derived {number:02}"))


@pytest.mark.slow
def test_many_warnings_of_one_code_are_counted_in_one_line_and_all_warnings_lists_them(content: Path) -> None:
    _derived_summaries(content, 40)
    break_link(content)
    grouped = run("validate", str(content))
    lines = grouped.stderr.splitlines()
    assert grouped.returncode == 1
    assert lines[-1] == "1 error and 40 warnings in 41 files"  # every warning still counted
    assert sum("warning[derived-summary]" in line and ".yml:" in line for line in lines) == 3  # the first three listed
    assert [line for line in lines if line.startswith("warning[")] == [
        "warning[derived-summary]: 37 more like these in 37 files (40 in all); `rulesref validate --all-warnings` lists every one"
    ]
    assert any("error[unresolved-link]" in line for line in lines)  # errors are never counted away
    every = run("validate", "--all-warnings", str(content))
    assert sum("warning[derived-summary]" in line for line in every.stderr.splitlines()) == 40
    assert not any(line.startswith("warning[") for line in every.stderr.splitlines())
    assert every.stderr.splitlines()[-1] == lines[-1]
    # machine formats list every row; --strict fails on the warnings whether they are listed or counted
    assert len([item for item in json.loads(run("validate", "--format", "json", str(content)).stdout) if item["code"] == "derived-summary"]) == 40
    assert sum(line.startswith("::warning ") for line in run("validate", "--format", "github", str(content)).stdout.splitlines()) == 40
    (content / "demo" / "morale-check.yml").write_text((content / "demo" / "morale-check.yml").read_text().replace("Roll [[2D6 dice]];", "Roll 2D6;"))
    warned = run("validate", str(content))
    assert warned.returncode == 0 and warned.stderr.splitlines()[-1] == "40 warnings in 40 files"
    assert run("validate", "--strict", str(content)).returncode == 1


def test_a_count_never_stands_for_one_line(content: Path) -> None:
    """Four warnings of a code are listed: one line saying "1 more" would hide a line to show a line."""
    _derived_summaries(content, 4)
    lines = run("validate", str(content)).stderr.splitlines()
    assert sum("warning[derived-summary]" in line for line in lines) == 4 and not any(line.startswith("warning[") for line in lines)
    _derived_summaries(content, 5)
    lines = run("validate", str(content)).stderr.splitlines()
    assert sum(".yml:" in line for line in lines) == 3 and "warning[derived-summary]: 2 more like these in 2 files (5 in all)" in lines[-2]
