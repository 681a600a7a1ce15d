"""The load cache: a second run parses only changed files and reports exactly what a run
without the cache reports, positions included, and a damaged cache is never trusted."""

from __future__ import annotations

import hashlib
import marshal
import shutil
from pathlib import Path

import pytest

from rulesref import validate as validate_module
from rulesref.read import cache as load_cache
from rulesref.validate import validate

from .conftest import FIXTURES, REPO


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(REPO / "content", target)
    return target


def _parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The shown paths of the files this run parses."""
    parsed: list[str] = []
    from rulesref.read.load import load_read as real  # the one `validate` calls

    def spy(raw: bytes, display: str):  # type: ignore[no-untyped-def]
        parsed.append(display)
        return real(raw, display)

    monkeypatch.setattr(validate_module, "load_read", spy)
    return parsed


def _cold(content: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    with monkeypatch.context() as patch:
        patch.setenv("RULESREF_CACHE", "off")
        return validate([str(content)], keep=False)


def _edit(content: Path) -> None:
    """Rename a term other files link to (their links now dangle, reported at positions in
    files that did not change), break one file's schema and another's YAML."""
    charge = content / "hh2" / "charge.yml"
    charge.write_text(charge.read_text(encoding="utf-8").replace('name: "Charge"', 'name: "Charge move"').replace('"Charging"', '"Charge moves"'), encoding="utf-8")
    blast = content / "hh2" / "blast.yml"
    blast.write_text(blast.read_text(encoding="utf-8") + "not_a_field: 1\n", encoding="utf-8")
    brutal = content / "hh2" / "brutal.yml"
    brutal.write_text(brutal.read_text(encoding="utf-8") + "summary: [unclosed\n", encoding="utf-8")


@pytest.mark.slow
def test_a_warm_run_parses_nothing_and_finds_what_a_cold_run_finds(shipped: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = _cold(shipped, monkeypatch)
    first = validate([str(shipped)], keep=False)
    assert sorted(p.name for p in (cache_dir / load_cache.FOLDER).glob("*.marshal")) == sorted(  # one file per system folder
        load_cache.LoadCache(cache_dir).shard(str(folder)).name for folder in shipped.iterdir()
    )
    parsed = _parsed(monkeypatch)
    warm = validate([str(shipped)], keep=False)
    assert parsed == []
    assert warm.problems == first.problems == cold.problems
    assert warm.content == cold.content  # the same model: every entry's data and text


def test_edited_and_broken_files_are_parsed_again_with_the_problems_of_a_cold_run(shipped: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    validate([str(shipped)], keep=False)
    _edit(shipped)
    parsed = _parsed(monkeypatch)
    warm = validate([str(shipped)], keep=False)
    assert sorted(Path(p).name for p in parsed) == ["blast.yml", "brutal.yml", "charge.yml"]
    cold = _cold(shipped, monkeypatch)
    codes = {p.code for p in cold.problems}
    assert "yaml-syntax" in codes and len(codes) >= 3  # the syntax error, the schema error, the dangling links
    assert any(p.path.endswith("pinning.yml") for p in cold.problems)  # a problem in a file read from the cache
    assert warm.problems == cold.problems
    assert warm.content == cold.content
    parsed.clear()
    again = validate([str(shipped)], keep=False)  # the edited file is cached now; files with problems never are
    assert sorted(Path(p).name for p in parsed) == ["blast.yml", "brutal.yml"]
    assert again.problems == cold.problems


def _damage_bytes(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0xFF
    path.write_bytes(bytes(raw))


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-100])


def _forge(path: Path) -> None:
    """A correct digest over data of the wrong shape: every file's data is a list."""
    fingerprint, files = marshal.loads(path.read_bytes().partition(b"\n")[2])
    payload = marshal.dumps((fingerprint, {key: marshal.dumps([1]) for key in files}))
    path.write_bytes(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)


def _forge_spans(path: Path) -> None:
    """A correct digest over data whose spans are of the wrong shape (a list, not a mapping)."""
    fingerprint, files = marshal.loads(path.read_bytes().partition(b"\n")[2])
    payload = marshal.dumps((fingerprint, {key: marshal.dumps(({"id": "x"}, [1, 2])) for key in files}))
    path.write_bytes(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)


def _stale(path: Path) -> None:
    """A well-formed cache of another rulesref whose data says something else."""
    _, files = marshal.loads(path.read_bytes().partition(b"\n")[2])
    payload = marshal.dumps(("another rulesref", {key: marshal.dumps({"id": 1}) for key in files}))
    path.write_bytes(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)


@pytest.mark.parametrize("damage", [_damage_bytes, _truncate, _forge, _forge_spans, _stale], ids=["flipped", "truncated", "forged", "forged spans", "stale"])
def test_a_damaged_cache_is_ignored(shipped: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch, damage) -> None:  # type: ignore[no-untyped-def]
    validate([str(shipped)], keep=False)
    _edit(shipped)
    cold = _cold(shipped, monkeypatch)
    for shard in (cache_dir / load_cache.FOLDER).glob("*.marshal"):
        damage(shard)
    parsed = _parsed(monkeypatch)
    warm = validate([str(shipped)], keep=False)
    assert warm.problems == cold.problems
    assert warm.content == cold.content
    assert len(parsed) > 100  # nothing was taken from the damaged cache


def test_positions_of_a_cached_document_are_found_by_parsing_its_text(shipped: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = _cold(shipped, monkeypatch)
    validate([str(shipped)], keep=False)
    warm = validate([str(shipped)], keep=False)
    for fresh, cached in zip(cold.content.entries, warm.content.entries, strict=True):
        assert cached.where.doc._spans is None  # not parsed until asked
        assert cached.where.doc.spans == fresh.where.doc.spans
        assert cached.where.doc.key_spans == fresh.where.doc.key_spans


def test_a_cached_document_places_top_level_problems_without_parsing(shipped: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The load cache keeps where each top-level key and value is: warnings placed there (a
    summary still to rewrite, on every imported entry) parse nothing on a warm run, and land
    where a cold run puts them."""
    from rulesref.commands.cli import main
    from rulesref.read import load

    imported = shipped.parent / "imported"
    assert main(["import", "battlescribe", str(FIXTURES / "battlescribe" / "pondwars"), "--system", "pond", "--content", str(imported)]) == 0
    cold = _cold(imported, monkeypatch)
    assert sum(p.code == "derived-summary" for p in cold.problems) > 10
    validate([str(imported)], keep=False)
    parses: list[str] = []
    real = load.parse_text

    def parse(text: str, path: str, *, positions: bool = True) -> load.Document:
        parses.append(path)
        return real(text, path, positions=positions)

    monkeypatch.setattr(load, "parse_text", parse)
    warm = validate([str(imported)], keep=False)
    assert parses == [] and warm.problems == cold.problems
    for fresh, cached in zip(cold.content.entries, warm.content.entries, strict=True):
        assert cached.where.doc._top == fresh.where.doc.top_spans()


def test_a_clean_cold_run_asks_no_file_for_more_than_its_top_level_places(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cold run keeps each file's top-level places only (`parse_text(positions=False)`);
    content without problems never asks for another, so no file is parsed twice. The broken
    edits then ask, and land where a parse with every position puts them (the warm tests
    above compare them with a cold run's)."""
    from rulesref.read import load

    asked: list[str] = []  # the files parsed again for every place (a document asked for one it lacks)
    real = load.parse_text

    def parse(text: str, path: str, *, positions: bool = True) -> load.Document:
        if positions:
            asked.append(path)
        return real(text, path, positions=positions)

    monkeypatch.setattr(load, "parse_text", parse)
    assert _cold(shipped, monkeypatch).problems == ()
    assert asked == []
    _edit(shipped)
    concussive = shipped / "hh2" / "concussive.yml"  # and a problem deep in a file: its places are found again
    concussive.write_text(concussive.read_text(encoding="utf-8").replace("wounds_suffered: {type: int, min: 0", "wounds_suffered: {type: int, min: zero"), encoding="utf-8")
    broken = _cold(shipped, monkeypatch)
    assert len(asked) == 1 and asked[0].endswith("concussive.yml")
    with monkeypatch.context() as patch:  # every file parsed with every place, as before documents kept top-level ones only
        patch.setattr(load, "load_bytes", lambda raw, path: load.parse_text(load.decode(raw), path))
        assert _cold(shipped, monkeypatch).problems == broken.problems
    assert {p.code for p in broken.problems} == {"unresolved-link", "unknown-key", "yaml-syntax", "wrong-type"}
