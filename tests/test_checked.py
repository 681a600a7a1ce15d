"""`rulesref validate` with the record of the last run (`rulesref.check.kept`):
a system whose files are unchanged is not checked again, a changed system is, and so are
the systems that read a fact it changed; whatever was reused, the problems are a cold
run's. The Hypothesis series in `test_incremental_stateful` compares the same after random
edits; these tests name the cases and what each checks again."""

from __future__ import annotations

import hashlib
import marshal
import shutil
from pathlib import Path
from typing import Any

import pytest

from rulesref import validate as validate_module
from rulesref.check import kept as record_module
from rulesref.links import MAX_HINTS
from rulesref.problems import Problem
from rulesref.read import status as file_status
from rulesref.read.discover import display_path
from rulesref.validate import check, validate

from .conftest import REPO, edit


@pytest.fixture
def shipped(tmp_path: Path, cache_dir: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(REPO / "content", target)
    check([str(target)])  # the record every test starts from
    return target


def cold(content: Path, monkeypatch: pytest.MonkeyPatch, paths: list[str] | None = None) -> tuple[Problem, ...]:
    with monkeypatch.context() as patch:
        patch.setenv("RULESREF_CACHE", "off")
        return validate(paths or [str(content)], keep=False).problems


def checked(content: Path, paths: list[str] | None = None) -> tuple[tuple[str, ...], tuple[Problem, ...]]:
    """The system folders this run checked (by name), and its problems."""
    result = check(paths or [str(content)])
    return tuple(Path(folder).name for folder in result.checked), result.problems


def test_unchanged_content_is_not_checked_or_read_again(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = cold(shipped, monkeypatch)
    monkeypatch.setattr(file_status, "RACY_SECONDS", 0.0)  # every status trusted (the files were just copied)
    assert checked(shipped) == ((), expected)  # it reads every file, to record statuses it can trust
    read: list[str] = []
    from rulesref.read.load import read_file as real  # the one `validate` calls

    def spy(path: Any, *a: Any, **k: Any) -> Any:
        read.append(str(path))
        return real(path, *a, **k)

    monkeypatch.setattr(validate_module, "read_file", spy)
    assert checked(shipped) == ((), expected)
    assert read == []  # each file's status is the one recorded


def test_an_edit_checks_its_own_system_while_what_others_read_of_it_holds(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit(shipped / "w40k7" / "fear.yml", "text: |\n", "text: |\n  Fear [[Leadership|itself]].\n")
    assert checked(shipped) == (("w40k7",), cold(shipped, monkeypatch))
    edit(shipped / "w40k7" / "fear.yml", "[[Leadership|itself]]", "[[Leadershp|itself]]")  # a problem, found and kept
    systems, problems = checked(shipped)
    assert systems == ("w40k7",) and [p.code for p in problems] == ["unresolved-link"]
    assert problems == cold(shipped, monkeypatch)
    assert checked(shipped) == ((), problems)  # the record's problem, not checked again


@pytest.mark.slow
def test_a_renamed_entry_checks_the_systems_that_link_to_it_too(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit(shipped / "w40k7" / "fear.yml", "text: |\n", "text: |\n  As a [[hh2:Charge]].\n")
    assert checked(shipped) == (("w40k7",), cold(shipped, monkeypatch))  # it reads hh2, which is unchanged
    edit(shipped / "hh2" / "charge.yml", 'name: "Charge"', 'name: "Charge move"')
    systems, problems = checked(shipped)
    assert systems == ("hh2", "w40k7")  # t9a reads nothing of hh2
    assert any(p.code == "unresolved-link" and p.path.endswith("w40k7/fear.yml") for p in problems)
    assert problems == cold(shipped, monkeypatch)
    edit(shipped / "hh2" / "charge.yml", 'name: "Charge move"', 'name: "Charge"')
    assert checked(shipped) == (("hh2", "w40k7"), cold(shipped, monkeypatch))


def test_a_new_link_into_another_system_reads_that_system(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit(shipped / "w40k7" / "fear.yml", "text: |\n", "text: |\n  As [[t9a:Fearr]] and [[hh2:Charge]].\n")
    systems, problems = checked(shipped)
    assert systems == ("w40k7",)
    assert [p.code for p in problems] == ["unresolved-link"] and "did you mean" in problems[0].message  # t9a's names were there
    assert problems == cold(shipped, monkeypatch)


def test_a_system_added_or_removed_checks_everything(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit(shipped / "w40k7" / "fear.yml", "text: |\n", "text: |\n  As [[nine:Fear]].\n")
    systems, problems = checked(shipped)
    assert systems == ("w40k7",) and "no system `nine`" in problems[0].message
    shutil.copytree(shipped / "t9a", shipped / "nine")
    edit(shipped / "nine" / "system.yml", "id: t9a", "id: nine")
    assert checked(shipped) == (("hh2", "nine", "t9a", "w40k7"), cold(shipped, monkeypatch))
    shutil.rmtree(shipped / "nine")
    systems, problems = checked(shipped)
    assert systems == ("hh2", "t9a", "w40k7") and problems == cold(shipped, monkeypatch) and problems


def test_hints_are_counted_per_system(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MAX_HINTS broken links in one system, another system's broken link still gets
    its "did you mean": what one system is told depends on no other system's mistakes."""
    links = " ".join(["[[Chargx]]"] * (MAX_HINTS + 5))
    edit(shipped / "hh2" / "brutal.yml", "text: |\n", f"text: |\n  {links}\n")
    edit(shipped / "w40k7" / "fear.yml", "text: |\n", "text: |\n  [[Leadershp]].\n")
    systems, problems = checked(shipped)
    assert systems == ("hh2", "w40k7")
    assert problems == cold(shipped, monkeypatch)
    told = [p for p in problems if p.path.endswith("w40k7/fear.yml")]
    assert len(told) == 1 and "did you mean `Leadership" in told[0].message  # hh2 comes first, and spent its own
    assert sum("did you mean" in p.message for p in problems if p.path.endswith("hh2/brutal.yml")) == MAX_HINTS


def test_only_the_files_asked_about_are_reported(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fear, brutal = shipped / "w40k7" / "fear.yml", shipped / "hh2" / "brutal.yml"
    edit(fear, "text: |\n", "text: |\n  [[Leadershp]].\n")
    edit(brutal, "text: |\n", "text: |\n  [[Chargx]].\n")
    assert checked(shipped, [str(fear)])[1] == cold(shipped, monkeypatch, [str(fear)])
    assert [p.path for p in checked(shipped, [str(fear)])[1]] == [display_path(fear)]
    assert checked(shipped) == ((), cold(shipped, monkeypatch))  # both were recorded by the runs of one file


@pytest.mark.parametrize("damage", ["flipped", "truncated", "forged", "foreign"])
def test_a_damaged_or_foreign_record_is_ignored(shipped: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    edit(shipped / "w40k7" / "fear.yml", "text: |\n", "text: |\n  [[Leadershp]].\n")
    record = cache_dir / record_module.FILE_NAME
    raw = record.read_bytes()
    if damage == "flipped":
        record.write_bytes(raw[:-40] + bytes([raw[-40] ^ 0xFF]) + raw[-39:])
    elif damage == "truncated":
        record.write_bytes(raw[:-100])
    elif damage == "forged":  # a correct digest over records of the wrong shape
        stamp, systems = marshal.loads(raw.partition(b"\n")[2])
        payload = marshal.dumps((stamp, {key: ((1, 2), (), (), "", ()) for key in systems}))
        record.write_bytes(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    else:  # another rulesref's record: the same files, another fingerprint
        monkeypatch.setattr(validate_module, "compile_fingerprint", lambda: "another rulesref")
    assert checked(shipped) == (("hh2", "t9a", "w40k7"), cold(shipped, monkeypatch))


@pytest.mark.slow
def test_a_system_file_whose_id_is_not_its_folder_checks_everything(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two folders then answer to one system id: what one is checked against depends on the other."""
    edit(shipped / "hh2" / "system.yml", "id: hh2", "id: t9a")
    assert checked(shipped) == (("hh2", "t9a", "w40k7"), cold(shipped, monkeypatch))
    edit(shipped / "w40k7" / "fear.yml", "text: |\n", "text: |\n  Fear.\n")
    assert checked(shipped) == (("hh2", "t9a", "w40k7"), cold(shipped, monkeypatch))  # for as long as it lasts
    edit(shipped / "hh2" / "system.yml", "id: t9a", "id: hh2")
    assert checked(shipped) == (("hh2", "t9a", "w40k7"), cold(shipped, monkeypatch))
    edit(shipped / "w40k7" / "fear.yml", "  Fear.\n", "")
    assert checked(shipped) == (("w40k7",), cold(shipped, monkeypatch))
