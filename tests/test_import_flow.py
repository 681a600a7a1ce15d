"""From BattleScribe data to a site in one command: an import into an empty folder makes a
repository that builds, `init --import` starts one from the data, an import after a plain
`init` leaves none of its placeholders, and a checkout of several game systems lists them
and imports the one named."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main
from rulesref.read.load import load_file
from rulesref.validate import validate

from .conftest import FIXTURES

POND = FIXTURES / "battlescribe" / "pondwars"
MARSH = FIXTURES / "battlescribe" / "twosystems"
REPOSITORY_FILES = [".github/workflows/rules.yml", ".gitignore", ".pre-commit-config.yaml", "README.md", "mkdocs.yml", "pyproject.toml"]


def run(*args: str, cwd: Path, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesref", *args], capture_output=True, text=True, cwd=cwd, timeout=timeout)


def data(path: Path) -> dict[str, Any]:
    doc, problems = load_file(path, path.name)
    assert doc is not None, problems
    return doc.data


@pytest.mark.slow
def test_an_import_into_an_empty_folder_makes_a_repository_that_builds_strictly(tmp_path: Path) -> None:
    done = run("import", "battlescribe", str(POND), "--system", "pond", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "made this folder a rules repository" in done.stderr
    assert all((tmp_path / rel).is_file() for rel in REPOSITORY_FILES)
    assert 'content = "content"' in (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    built = run("build", "--strict", "--no-offline", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    site = tmp_path / "build" / "site"
    assert (site / "pond" / "armies" / "frogs-army-book" / "index.html").is_file()
    assert (site / "pond" / "armies" / "frogs-army-book" / "weapons" / "index.html").is_file()


def test_an_import_into_a_repository_leaves_its_files_alone(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'mine'\n", encoding="utf-8")
    assert run("import", "battlescribe", str(POND), "--system", "pond", cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content", "pyproject.toml"]


def test_a_dry_run_makes_no_repository(tmp_path: Path) -> None:
    assert run("import", "battlescribe", str(POND), "--system", "pond", "--dry-run", cwd=tmp_path).returncode == 0
    assert list(tmp_path.iterdir()) == []


def test_init_with_import_starts_a_repository_from_the_data_with_no_example(tmp_path: Path) -> None:
    folder = tmp_path / "pond-rules"
    done = run("init", str(folder), "--system", "pond", "--import", str(POND), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert all((folder / rel).is_file() for rel in REPOSITORY_FILES)
    assert not (folder / "content" / "pond" / "steady.yml").exists()
    system = data(folder / "content" / "pond" / "system.yml")
    assert system["name"] == "Pond Wars 2nd Edition" and system["short_name"] == "Pond Wars 2nd"
    assert "Pond Wars 2nd Edition rules reference" in (folder / "mkdocs.yml").read_text(encoding="utf-8")
    assert "steady.yml" not in (folder / "README.md").read_text(encoding="utf-8")


def test_init_then_import_leaves_none_of_init_s_placeholders(tmp_path: Path) -> None:
    folder = tmp_path / "pond-rules"
    assert run("init", str(folder), "--system", "pond", cwd=tmp_path).returncode == 0
    done = run("import", "battlescribe", str(POND), "--system", "pond", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert "steady.yml: the example rule `rulesref init` wrote, never edited: removed" in done.stderr
    system = data(folder / "content" / "pond" / "system.yml")
    assert system["name"] == "Pond Wars 2nd Edition"
    assert system["edition"] == "2nd Edition, BattleScribe data revision 7"
    assert "summary" not in system and "core" not in system["books"]  # init's placeholders
    assert not (folder / "content" / "pond" / "steady.yml").exists()
    texts = "".join(p.read_text(encoding="utf-8") for p in (folder / "content").rglob("*.yml"))
    assert "in your own words, saying what this game is" not in texts and "1st edition" not in texts


def test_init_then_import_keeps_an_example_rule_a_person_edited(tmp_path: Path) -> None:
    folder = tmp_path / "pond-rules"
    assert run("init", str(folder), "--system", "pond", cwd=tmp_path).returncode == 0
    example = folder / "content" / "pond" / "steady.yml"
    example.write_text(example.read_text(encoding="utf-8").replace("summary:", "# ours\nsummary:"), encoding="utf-8")
    assert run("import", "battlescribe", str(POND), "--system", "pond", cwd=folder).returncode == 0
    assert example.is_file()


def test_a_checkout_of_two_game_systems_lists_each_with_its_catalogues(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "battlescribe", str(MARSH), "--system", "marsh", "--content", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "2 game systems" in err and "--game-system" in err
    assert "`Marsh Wars 1st Edition` (marsh-1.gst, id marsh-sys-1, 1 catalogues)" in err
    assert "`Marsh Wars 2nd Edition` (marsh-2.gst, id marsh-sys-2, 2 catalogues)" in err
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("named", ["Marsh Wars 2nd Edition", "marsh-sys-2", "marsh-2.gst", "marsh-2"])
def test_game_system_picks_one_and_its_catalogues_by_their_game_system_id(tmp_path: Path, named: str) -> None:
    content = tmp_path / "content"
    assert main(["import", "battlescribe", str(MARSH), "--system", "marsh", "--content", str(content), "--game-system", named]) == 0
    folder = content / "marsh"
    assert sorted(p.stem for p in folder.glob("*.yml")) == ["eels-pack", "otters-pack", "system", "wade"]
    assert "Edition 2" in str(data(folder / "wade.yml")["text"])
    assert [p for p in validate([str(content)]).problems if p.severity == "error"] == []
    report = (folder / "IMPORT.md").read_text(encoding="utf-8")
    assert "marsh-1.gst: game system: another game system among the sources" in report
    assert "eels-1.cat: catalogue: written for another game system" in report


def test_an_unknown_game_system_is_a_usage_error_naming_the_ones_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "battlescribe", str(MARSH), "--system", "marsh", "--content", str(tmp_path), "--game-system", "Swamp"]) == 2
    assert "`Marsh Wars 1st Edition`" in capsys.readouterr().err


def test_the_import_finds_the_working_folder_s_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`rulesref import` with no --content writes where `[tool.rulesref]` says."""
    (tmp_path / "pyproject.toml").write_text('[tool.rulesref]\ncontent = "rules"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["import", "battlescribe", str(POND), "--system", "pond"]) == 0
    assert (tmp_path / "rules" / "pond" / "system.yml").is_file()
