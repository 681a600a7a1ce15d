"""Two distributions, each standing alone: `rulesref` (the tool) and the generated package.

A tool that only wants the check functions installs the generated package and nothing else:
it has no runtime dependencies and imports its dice runtime relatively, so any package name
works. The rulesref wheel installs the import package `rulesref` only: no top-level
`generator`, and no content's checks. Wheels are built offline, from copies, with the test
environment's setuptools, and installed into fresh virtual environments.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from rulesref.commands.cli import main

from .conftest import REPO

pytestmark = pytest.mark.slow


def run(*args: str | Path, cwd: Path | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def wheel(source: Path, out: Path, *, quiet: bool = False) -> Path:
    """The wheel built from `source`; with `quiet`, the build must print no warning (pip
    passes on the build backend's, such as setuptools' deprecations)."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q", "-w", str(out), str(source)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    if quiet:
        assert "warning" not in (done.stdout + done.stderr).lower(), done.stdout + done.stderr
    (found,) = out.glob("*.whl")
    return found


def fresh_venv(folder: Path) -> Path:
    venv.EnvBuilder(with_pip=True).create(folder)
    return folder / "bin" / "python"


def installed(python: Path) -> set[str]:
    lines = run(python, "-m", "pip", "list", "--format=freeze", "--disable-pip-version-check").splitlines()
    return {line.split("==")[0].lower() for line in lines if line}


def test_the_generated_package_installs_alone_with_no_dependencies(tmp_path: Path) -> None:
    source = tmp_path / "rulechecks"
    shutil.copytree(REPO / "rulechecks", source, ignore=shutil.ignore_patterns("__pycache__"))
    built = wheel(source, tmp_path / "dist")
    with zipfile.ZipFile(built) as archive:
        names = archive.namelist()
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Requires-Dist" not in metadata
    assert {n.split("/")[0] for n in names} == {"rulechecks", built.name.split("-")[0] + "-" + built.name.split("-")[1] + ".dist-info"}
    assert "rulechecks/py.typed" in names and "rulechecks/w40k7/mob_rule.py" in names
    python = fresh_venv(tmp_path / "venv")
    before = installed(python)
    run(python, "-m", "pip", "install", "--no-index", "--no-deps", "-q", built)
    assert installed(python) - before == {"rulechecks"}
    code = (
        "from rulechecks.w40k7 import mob_rule\n"
        "print(mob_rule.resolve_odds(locked_in_combat=False, has_ork_character=True, models=12))\n"
    )
    out = run(python, "-c", code, cwd=tmp_path)
    assert out.strip() == "{Resolve(outcome='failed', hits='none'): Fraction(1, 6), Resolve(outcome='passed', hits='D6'): Fraction(5, 6)}"


def test_any_package_name_works(tmp_path: Path, content: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.rulesref]\npackage = "demo_checks"\ncontent = "rules"\n', encoding="utf-8")
    shutil.copytree(content, tmp_path / "rules")
    run(sys.executable, "-m", "rulesref", "generate", cwd=tmp_path)
    assert (tmp_path / "demo_checks" / "pyproject.toml").is_file()
    out = run(sys.executable, "-c", "from demo_checks.demo import brutal; print(brutal.wounds_suffered(X=3, allocated_wounds=2, has_toughness=True))", cwd=tmp_path)
    assert out.strip() == "6"
    assert "rulechecks" not in (tmp_path / "demo_checks" / "demo" / "brutal.py").read_text()


def test_the_rulesref_wheel_holds_only_the_rulesref_package(tmp_path: Path) -> None:
    source = tmp_path / "src"
    for item in ("generator", "schemas"):
        shutil.copytree(REPO / item, source / item, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for item in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / item, source / item)
    built = wheel(source, tmp_path / "dist", quiet=True)
    with zipfile.ZipFile(built) as archive:
        names = archive.namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"rulesref", next(t for t in tops if t.endswith(".dist-info"))}
    assert "rulesref/schemas/entry.schema.json" in names
    assert "rulesref/templates/site/entry.md.jinja" in names
    python = fresh_venv(tmp_path / "venv")
    run(python, "-m", "pip", "install", "--no-index", "--no-deps", "-q", built)
    out = run(python, "-c", "import importlib.util as u; print(u.find_spec('generator'), u.find_spec('rulechecks'), u.find_spec('rulesref') is not None)", cwd=tmp_path)
    assert out.split() == ["None", "None", "True"]


def test_every_folder_of_the_source_is_a_listed_package() -> None:
    """The packages are listed by hand (nothing else is ever installed), so a new folder of
    modules or templates must be listed too, or the wheel would lack it."""
    import tomllib

    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    root = REPO / "generator"
    folders = {
        ".".join(path.relative_to(root).parts)
        for path in (root / "rulesref").rglob("*")
        if path.is_dir() and "__pycache__" not in path.parts and any(child.is_file() for child in path.iterdir())
    }
    assert listed - {"rulesref.schemas"} == folders | {"rulesref"}


def test_generate_writes_the_package_pyproject(tmp_path: Path, content: Path) -> None:
    out = tmp_path / "rulechecks"
    assert main(["generate", "--content", str(content), "--out", str(out)]) == 0
    text = (out / "pyproject.toml").read_text()
    assert "dependencies = []" in text and 'name = "rulechecks"' in text


def test_installing_the_generated_package_from_its_folder_leaves_it_up_to_date(tmp_path: Path, content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pip install ./rulechecks` builds in the folder itself and leaves `build/` and an
    `.egg-info` there: `generate --check` is not fooled into calling the package stale."""
    out = tmp_path / "rulechecks"
    assert main(["generate", "--content", str(content), "--out", str(out)]) == 0
    wheel(out, tmp_path / "dist")
    assert {p.name for p in out.iterdir() if p.is_dir()} >= {"build", "rulechecks.egg-info"}
    capsys.readouterr()
    assert main(["generate", "--check", "--content", str(content), "--out", str(out)]) == 0
    assert "is up to date" in capsys.readouterr().err
    (out / "demo" / "brutal.py").write_text("# stale\n")  # a real change is still found
    assert main(["generate", "--check", "--content", str(content), "--out", str(out)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[1] == f"  {out.as_posix()}/demo/brutal.py" and lines[2].startswith(f"{out}-js/ is up to date")
