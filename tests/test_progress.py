"""Progress of long work: shown on a terminal, rewritten in place and cleared at the end;
never written to a pipe, a file or a CI log."""

from __future__ import annotations

import io

import pytest

from rulesref.support.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_line_counts_and_is_cleared_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr("rulesref.support.progress.MIN_INTERVAL", 0.0)
    out = Terminal()
    with Progress("import: reading files", 3, stream=out) as progress:
        for _ in range(3):
            progress.step()
    text = out.getvalue()
    assert "\rimport: reading files 1/3" in text and "\rimport: reading files 3/3" in text
    assert text.endswith("\r" + " " * len("import: reading files 3/3") + "\r")


def test_work_of_unknown_size_shows_what_it_is_doing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    out = Terminal()
    with Progress("build: validating", stream=out).start():
        pass
    assert out.getvalue().startswith("\rbuild: validating...")


def test_nothing_is_written_to_a_pipe_or_a_file() -> None:
    out = io.StringIO()
    with Progress("import: reading files", 2, stream=out) as progress:
        progress.start()
        progress.step(2)
    assert out.getvalue() == ""


def test_nothing_is_written_in_ci_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    out = Terminal()
    with Progress("build: writing", 1, stream=out) as progress:
        progress.step()
    assert out.getvalue() == ""
