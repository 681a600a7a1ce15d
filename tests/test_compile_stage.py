"""The compile stage: a cache that skips unchanged entries and never trusts a bad file, and
workers that report exactly what a serial run reports."""

from __future__ import annotations

import marshal
import shutil
from pathlib import Path

import pytest

from rulesref.config import Settings
from rulesref.logic import cache as compile_cache
from rulesref.logic import stage as compile_stage
from rulesref.model import Entry
from rulesref.problems import Problem
from rulesref.validate import validate

from .conftest import FIXTURES, REPO


@pytest.fixture
def failing(content: Path) -> Path:
    """Demo content plus every logic fixture: checks whose proofs and examples fail."""
    for fixture in sorted((FIXTURES / "bad").glob("logic-*.yml")):
        shutil.copy(fixture, content / "demo" / fixture.name)
    return content


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    compiled: list[str] = []
    from rulesref.logic.check import compile_entry as real  # the one `compile_stage` calls

    def spy(entry, settings, **kwargs):  # type: ignore[no-untyped-def]
        compiled.append(entry.key)
        return real(entry, settings, **kwargs)

    monkeypatch.setattr(compile_stage, "compile_entry", spy)
    return compiled


def test_second_run_compiles_only_the_edited_entry(failing: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESREF_JOBS", "1")
    first = validate([str(failing)], keep=False).problems
    assert (cache_dir / compile_cache.FILE_NAME).exists()
    compiled = _counting(monkeypatch)
    assert validate([str(failing)], keep=False).problems == first
    assert compiled == []  # everything came from the cache, problems included
    edited = failing / "demo" / "logic-out-of-range.yml"
    edited.write_text(edited.read_text().replace("expr: a * 2", "expr: a * 3"))
    again = validate([str(failing)], keep=False).problems
    assert compiled == ["demo:logic-out-of-range"]
    assert [p for p in again if "logic-out-of-range" in p.path] != [p for p in first if "logic-out-of-range" in p.path]
    assert again == validate([str(failing)], keep=True).problems  # the same with the cache turned off below
    monkeypatch.setenv("RULESREF_CACHE", "off")
    assert again == validate([str(failing)], keep=False).problems


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw[: len(raw) // 2],  # truncated
        lambda raw: raw.replace(b"out-of-range", b"out-of-rangE"),  # edited: the digest no longer matches
        lambda raw: b"\x00\xff" * 10,  # garbage
    ],
    ids=["truncated", "edited", "garbage"],
)
def test_a_damaged_cache_is_ignored(failing: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch, damage) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RULESREF_JOBS", "1")
    first = validate([str(failing)], keep=False).problems
    path = cache_dir / compile_cache.FILE_NAME
    path.write_bytes(damage(path.read_bytes()))
    compiled = _counting(monkeypatch)
    assert validate([str(failing)], keep=False).problems == first
    assert len(compiled) >= 10  # recompiled, not read


def test_a_forged_cache_of_the_wrong_shape_is_ignored(failing: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import hashlib

    monkeypatch.setenv("RULESREF_JOBS", "1")
    first = validate([str(failing)], keep=False).problems
    path = cache_dir / compile_cache.FILE_NAME
    stamp, entries = marshal.loads(path.read_bytes().partition(b"\n")[2])
    key = next(iter(entries))
    entries[key] = [("x", "1", 1, "c", "m", "error")]  # a line that is not a number
    payload = marshal.dumps((stamp, entries))
    path.write_bytes(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    compiled = _counting(monkeypatch)
    assert validate([str(failing)], keep=False).problems == first
    assert len(compiled) == 1  # that entry is compiled again, the others are taken as they were


def test_a_cache_of_another_rulesref_is_stale(failing: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESREF_JOBS", "1")
    validate([str(failing)], keep=False)
    monkeypatch.setattr(compile_cache, "fingerprint", lambda: "another version")
    compiled = _counting(monkeypatch)
    validate([str(failing)], keep=False)
    assert len(compiled) >= 10


@pytest.mark.slow
def test_workers_report_what_a_serial_run_reports(failing: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESREF_CACHE", "off")
    for source in sorted((REPO / "content").iterdir()):
        shutil.copytree(source, failing / source.name)
    monkeypatch.setenv("RULESREF_JOBS", "1")
    serial = validate([str(failing)], keep=False)
    monkeypatch.setenv("RULESREF_JOBS", "2")
    used: list[int] = []
    real = compile_stage.in_workers

    def counted(entries: list[Entry], settings: Settings, workers: int) -> list[list[Problem]]:
        used.append(workers)
        return real(entries, settings, workers)

    monkeypatch.setattr(compile_stage, "in_workers", counted)
    monkeypatch.setattr(compile_stage, "MIN_PARALLEL_CHECKS", 10)
    queued: list[str] = []  # the entries queued to compile while the rest loaded (`Ahead`)
    whole: list[str] = []  # those of them sent pickled: the units composing changed
    queue = compile_stage.Ahead.queue

    def watch(self: compile_stage.Ahead) -> list[tuple[str, bool]]:
        chunk = queue(self)
        queued.extend(key for key, _ in chunk)
        whole.extend(key for key, pickled in chunk if pickled)
        return chunk

    monkeypatch.setattr(compile_stage.Ahead, "queue", watch)
    parallel = validate([str(failing)], keep=False)
    assert used == []  # the units' composed checks are queued with the rest: no second pool
    assert len(queued) > 20 and len(set(queued)) == len(queued)
    assert whole and set(whole) < set(queued) and all(parallel.content.entry(key).kind == "unit" for key in whole)  # type: ignore[union-attr]
    assert parallel.problems == serial.problems
    # no chunk sent to the worker: this process compiles every queued one itself once loaded
    monkeypatch.setattr(compile_stage.Ahead, "IN_FLIGHT", 0)
    queued.clear()
    assert validate([str(failing)], keep=False).problems == serial.problems
    assert len(queued) > 20
    # nothing taken while loading: every entry (the composed ones too) compiled in a pool after it
    monkeypatch.setattr(compile_stage.Ahead, "add", lambda self, entry, whole=False: None)
    assert validate([str(failing)], keep=False).problems == serial.problems
    assert used == [2]
    assert {p.code for p in serial.problems} >= {"decide-dead-row", "out-of-range", "example-failed"}
    kept = validate([str(failing)], keep=True)  # the writers' path compiles here, workers or not
    monkeypatch.setenv("RULESREF_JOBS", "1")
    kept_serially = validate([str(failing)], keep=True)
    assert kept.problems == kept_serially.problems == serial.problems
    assert list(kept.compiled) == list(kept_serially.compiled) and len(kept.compiled) >= 20
