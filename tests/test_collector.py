"""The garbage collector is the command's to switch (`rulesref.support.collector`): a command that
runs once pauses it for its run, `serve` around each save only, and the library never. A
long-lived command's process ends without freeing its heap."""

from __future__ import annotations

import gc
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rulesref.commands.cli as cli
from rulesref.config import Settings
from rulesref.site import generate
from rulesref.site.serve import save_generation
from rulesref.site.session import Session
from rulesref.support import collector
from rulesref.validate import validate

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_library_never_switches_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> None:
        raise AssertionError("a library function switched the process's garbage collector")

    monkeypatch.setattr(gc, "disable", refused)
    monkeypatch.setattr(gc, "freeze", refused)
    assert validate([str(REPO / "content")]).ok
    files, _ = generate(str(REPO / "content"), Settings())
    assert files


@pytest.mark.parametrize(("argv", "paused"), [(["codes"], True), (["serve"], False)])
def test_a_command_that_runs_once_pauses_the_collector_and_serve_does_not(argv: list[str], paused: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    def command(args: object) -> int:
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr(cli, "cmd_codes", command)
    monkeypatch.setattr(cli, "cmd_serve", command)
    assert gc.isenabled()
    assert cli.main(argv) == 0
    assert seen == [not paused]
    assert gc.isenabled()  # as it was


def test_a_save_runs_with_the_collector_paused_and_freezes_what_it_keeps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    seen: list[bool] = []
    generating = Session.generate

    def watched(self: Session, *args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return generating(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "generate", watched)
    gc.unfreeze()
    try:
        files, _ = save_generation(Session(), str(content), Settings())
        assert files and seen == [False]
        assert gc.isenabled()
        assert gc.get_freeze_count() > 10_000  # the kept content is frozen, not scanned again
    finally:
        gc.unfreeze()


def test_a_long_lived_command_ends_its_process_at_once_with_its_output_said() -> None:
    """`serve` ends without the interpreter's tear-down: the code and the output stay, exit
    handlers (which the tear-down would run) do not."""
    program = (
        "import atexit, sys; from rulesref.support.collector import end_now; "
        "atexit.register(lambda: print('torn down')); "
        "print('said', end=''); sys.stderr.write('also said'); end_now(3)"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (3, "said", "also said")


@pytest.mark.parametrize(("argv", "ended"), [(["codes"], False), (["serve"], True)])
def test_only_a_long_lived_command_ends_the_process_and_only_when_asked(argv: list[str], ended: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    endings: list[int] = []
    monkeypatch.setattr(cli, "cmd_codes", lambda args: 4)
    monkeypatch.setattr(cli, "cmd_serve", lambda args: 4)
    monkeypatch.setattr(collector, "end_now", endings.append)
    assert cli.main(argv) == 4 and endings == []  # in-process callers (tests, tools) keep their process
    assert cli.main(argv, ending=True) == 4
    assert endings == ([4] if ended else [])


def test_the_first_save_freezes_without_a_collection_and_the_later_ones_collect(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first save would have the collector scan the whole heap (nothing is frozen yet): it
    freezes instead; each later save collects what it made, then freezes it."""
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    collections: list[int] = []
    collect = gc.collect

    def counted(generation: int = 2) -> int:
        collections.append(gc.get_freeze_count())
        return collect(generation)

    monkeypatch.setattr(gc, "collect", counted)
    session = Session()
    gc.unfreeze()
    try:
        save_generation(session, str(content), Settings())
        assert collections == [] and gc.get_freeze_count() > 10_000
        save_generation(session, str(content), Settings())
        assert len(collections) == 1 and collections[0] > 10_000  # (only what the second save made is scanned)
    finally:
        gc.unfreeze()
