"""`rulesref init`: a new rules repository that validates, generates, builds and publishes,
whose workflow and the action it uses are valid GitHub Actions files, and which never
writes into a folder that already holds something."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from rulesref import paths
from rulesref.commands.init import WORKFLOW, action_reference, release_tag, repository_url
from rulesref.config import Settings, load_settings
from rulesref.support.schemas import load_schema

from .conftest import REPO

SYSTEM = "mygame"
SITE_URL = "https://example.org/mygame-rules/"
WRITTEN = [
    ".github/workflows/rules.yml",
    ".gitignore",
    ".pre-commit-config.yaml",
    "README.md",
    f"content/{SYSTEM}/steady.yml",
    f"content/{SYSTEM}/system.yml",
    "mkdocs.yml",
    "pyproject.toml",
]


def run(*args: str, cwd: Path | None = None, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesref", *args], capture_output=True, text=True, cwd=cwd, timeout=timeout)


def check_jsonschema() -> str:
    exe = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or shutil.which("check-jsonschema")
    if exe is None:
        pytest.fail("check-jsonschema is not installed (it comes with the test extra)")
    return exe


def files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    folder = tmp_path / "mygame-rules"
    done = run("init", str(folder), "--system", SYSTEM, "--name", 'My Game: "Skirmish" & More', "--site-url", SITE_URL)
    assert done.returncode == 0, done.stderr
    return folder


def load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_init_engine_is_written_as_the_repositorys_setting(tmp_path: Path) -> None:
    from rulesref.commands.cli import main

    assert main(["init", str(tmp_path / "zen"), "--system", "mygame", "--engine", "zensical"]) == 0
    assert load_settings(tmp_path / "zen").engine == "zensical"
    assert "/.cache/" in (tmp_path / "zen" / ".gitignore").read_text(encoding="utf-8")  # (Zensical's cache)


def test_init_writes_the_files_of_a_rules_repository(repository: Path) -> None:
    assert files_under(repository) == WRITTEN
    system = load(repository / "content" / SYSTEM / "system.yml")
    assert system["id"] == SYSTEM and system["name"] == 'My Game: "Skirmish" & More'
    pyproject = tomllib.loads((repository / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["tool"]["rulesref"] == {"content": "content", "package": "mygame_rules", "site_url": SITE_URL, "engine": "mkdocs-material"}
    Draft202012Validator(load_schema("pyproject.schema.json")).validate(pyproject)  # what editors are told
    first = (repository / "pyproject.toml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "#:schema https://rulesref.github.io/rulesref/schemas/pyproject.schema.json"  # taplo's directive
    assert load_settings(repository) == Settings(content="content", package="mygame_rules", site_url=SITE_URL)
    site = load(repository / "mkdocs.yml")
    assert "site_url" not in site and site["site_name"] == "My Game: &quot;Skirmish&quot; &amp; More rules reference"
    ignored = (repository / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "/build/" in ignored
    assert {"/mygame_rules/build/", "/mygame_rules/dist/", "*.egg-info/"} <= set(ignored)  # what `pip install ./mygame_rules` leaves


def test_the_example_rule_and_the_system_summary_are_placeholders_to_replace(repository: Path) -> None:
    done = run("validate", "--format", "json", cwd=repository)
    assert done.returncode == 0
    found = sorted((Path(i["path"]).name, i["code"], i["severity"]) for i in json.loads(done.stdout))
    assert found == [("steady.yml", "placeholder-text", "warning")] * 2 + [("system.yml", "placeholder-text", "warning")]


@pytest.mark.slow
def test_the_new_repository_validates_generates_and_builds(repository: Path) -> None:
    assert run("validate", cwd=repository).returncode == 0
    assert run("generate", cwd=repository).returncode == 0
    assert run("generate", "--check", cwd=repository).returncode == 0
    assert (repository / "mygame_rules" / SYSTEM / "steady.py").is_file()
    doctests = subprocess.run(
        [sys.executable, "-m", "pytest", "--doctest-modules", "-p", "no:cacheprovider", "-q", "mygame_rules"],
        cwd=repository,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert doctests.returncode == 0 and " passed" in doctests.stdout, doctests.stdout + doctests.stderr
    built = run("build", "--strict", cwd=repository, timeout=300)
    assert built.returncode == 0, built.stderr
    site = repository / "build" / "site"
    assert (site / SYSTEM / "steady" / "index.html").is_file()
    assert (site / paths.offline_zip(SITE_URL)).is_file()
    assert (site / "schemas" / "entry.schema.json").is_file()
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'aria-label="My Game: &quot;Skirmish&quot; &amp; More rules reference"' in home  # the name cannot break markup


def test_the_example_rule_and_system_name_their_schemas_by_url(repository: Path) -> None:
    for path in (repository / "content" / SYSTEM).glob("*.yml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=https://"), path.name
        assert first.endswith(("/schemas/entry.schema.json", "/schemas/system.schema.json"))


def test_the_workflow_is_a_valid_github_workflow(repository: Path) -> None:
    done = subprocess.run(
        [check_jsonschema(), "--builtin-schema", "vendor.github-workflows", str(repository / WORKFLOW)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_workflow_checks_with_the_action_and_deploys_with_the_pages_actions(repository: Path) -> None:
    workflow = load(repository / WORKFLOW)
    check, deploy = workflow["jobs"]["check"], workflow["jobs"]["deploy"]
    used = [step.get("uses", "") for step in check["steps"]]
    assert used[0].startswith("actions/checkout@")
    ours = next(step for step in check["steps"] if step.get("uses") == action_reference())
    declared = load(REPO / "action.yml")["inputs"]
    assert set(ours["with"]) <= set(declared) and ours["with"]["build"] is True
    assert any(u.startswith("actions/upload-pages-artifact@") for u in used)
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert "default_branch" in deploy["if"] and "pull_request" in deploy["if"]
    assert workflow["permissions"] == {"contents": "read"}


def test_the_action_is_a_valid_composite_action() -> None:
    done = subprocess.run(
        [check_jsonschema(), "--builtin-schema", "vendor.github-actions", str(REPO / "action.yml")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    action = load(REPO / "action.yml")
    assert action["runs"]["using"] == "composite"
    scripts = "\n".join(step.get("run", "") for step in action["runs"]["steps"])
    assert "--format github" in scripts and "--doctest-modules" in scripts and "rulesref build" in scripts
    assert "${{" not in scripts  # inputs reach the shell through env, never pasted into the script


def test_pre_commit_uses_this_repositorys_hooks(repository: Path) -> None:
    config = load(repository / ".pre-commit-config.yaml")
    hooks = {hook["id"] for hook in load(REPO / ".pre-commit-hooks.yaml")}
    (repo,) = config["repos"]
    assert repo["repo"] == repository_url() and repo["rev"] == release_tag()
    assert {hook["id"] for hook in repo["hooks"]} == hooks


def test_the_new_site_config_matches_this_repositorys(repository: Path) -> None:
    ours, theirs = load(REPO / "mkdocs.yml"), load(repository / "mkdocs.yml")
    different = {key for key in ours.keys() | theirs.keys() if ours.get(key) != theirs.get(key)}
    assert different == {"site_name", "site_description"}


def test_init_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    done = run("init", str(folder), "--system", SYSTEM)
    assert done.returncode == 2 and "not empty" in done.stderr and "notes.txt" in done.stderr
    assert files_under(folder) == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]  # no staging folder left behind


def test_init_fills_a_fresh_git_folder_and_the_current_folder(tmp_path: Path) -> None:
    folder = tmp_path / "fresh"
    (folder / ".git").mkdir(parents=True)
    assert run("init", str(folder), "--system", SYSTEM).returncode == 0
    assert files_under(folder) == WRITTEN
    assert "https://OWNER.github.io/fresh/" in (folder / "pyproject.toml").read_text(encoding="utf-8")
    here = tmp_path / "here"
    here.mkdir()
    assert run("init", "--system", SYSTEM, cwd=here).returncode == 0
    assert files_under(here) == WRITTEN


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--system", "Bad_Id"], "kebab-case"),
        (["--system", "class"], "Python name"),
        (["--system", SYSTEM, "--site-url", "ftp://example.org/"], "--site-url"),
        (["--system", SYSTEM, "--name", " "], "--name"),
        (["--system", SYSTEM, "--name", "Evil <b>Game</b>"], "--name"),
        (["--system", SYSTEM, "--name", "Two\nLines"], "--name"),
    ],
)
def test_init_refuses_bad_settings_and_writes_nothing(tmp_path: Path, args: list[str], message: str) -> None:
    done = run("init", str(tmp_path / "new"), *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "new").exists()


def action_env(step: dict[str, Any], inputs: dict[str, str]) -> dict[str, str]:
    """A step's `env`, with `${{ inputs.X }}` replaced as the runner would."""
    env = {}
    for key, value in (step.get("env") or {}).items():
        name = str(value).removeprefix("${{ inputs.").removesuffix(" }}")
        env[key] = inputs[name] if str(value).startswith("${{ inputs.") else str(value)
    return env


@pytest.mark.slow
def test_the_actions_scripts_check_and_build_the_new_repository(repository: Path, tmp_path: Path) -> None:
    """Each `run` of action.yml (after the install step), run by bash in the new repository
    with the inputs' defaults, as the runner would: the settings come from pyproject.toml."""
    assert run("generate", cwd=repository).returncode == 0
    action = load(REPO / "action.yml")
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    output = tmp_path / "github-output"
    output.write_text("")
    base_env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "GITHUB_OUTPUT": str(output)}
    ran = []
    for step in action["runs"]["steps"]:
        if "run" not in step or step.get("name") == "Install rulesref":
            continue
        done = subprocess.run(
            ["bash", "-e", "-c", step["run"]],
            cwd=repository,
            env={**base_env, **action_env(step, inputs)},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, f"{step['name']}:\n{done.stdout}\n{done.stderr}"
        ran.append(step["name"])
    assert len(ran) == 4
    assert output.read_text() == "site-dir=build/site\n"
    assert (repository / "build" / "site" / SYSTEM / "steady" / "index.html").is_file()
    # and a problem fails the validation step, as an annotation
    rule = repository / "content" / SYSTEM / "steady.yml"
    rule.write_text(rule.read_text(encoding="utf-8").replace("expect: false", "expect: true"), encoding="utf-8")
    validate_step = next(step for step in action["runs"]["steps"] if step.get("name") == "Validate the content")
    done = subprocess.run(
        ["bash", "-e", "-c", validate_step["run"]], cwd=repository, env={**base_env, **action_env(validate_step, inputs)},
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 1 and f"::error file=content/{SYSTEM}/steady.yml,line=" in done.stdout
