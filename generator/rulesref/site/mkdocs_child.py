"""The MkDocs child of `rulesref build`, started before the docs it builds are written.

A build validates the content and renders the docs (rulesref's work) and then runs MkDocs
on them. MkDocs' start (a Python interpreter, its imports, the theme's plugins) does not
depend on the docs, so the child is started at once and does that on another core while
this process validates; it then waits, doing nothing, for the arguments of its command line
(`rulesref.site.mkdocs_runner`). When the content has errors, or anything else stops the
build first, the child is killed before it has touched a file. On a machine with cores to
spare, the child reads the pages in several processes (`rulesref.site.mkdocs_split`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import suppress
from pathlib import Path
from types import TracebackType

from rulesref.support import forked

RUNNER = Path(__file__).with_name("mkdocs_runner.py")


def reading_processes() -> int:
    """How many processes read and write the site's pages (`mkdocs_split`): one per core this
    process may use; one without `fork`. `RULESREF_MKDOCS_PROCESSES` sets it (1: MkDocs does
    every page itself, as `mkdocs build`)."""
    asked = os.environ.get("RULESREF_MKDOCS_PROCESSES", "")
    if asked.isdigit() and int(asked) > 0:
        return int(asked)
    return max(1, forked.processes())


def runner_command() -> list[str]:
    """The child's command: the runner, by path, without its folder on the import path."""
    return [sys.executable, "-P", str(RUNNER)]


class EarlyMkDocs:
    """One MkDocs child: `start` it, then either `run` it with its arguments or let the
    context end (or `stop`), which kills it if it has not finished."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process

    @classmethod
    def start(cls, command: list[str], env: dict[str, str]) -> EarlyMkDocs:
        return cls(subprocess.Popen(command, stdin=subprocess.PIPE, env=env))

    def run(self, args: list[str], processes: int = 1, cache: Path | None = None) -> int:
        """Hand MkDocs its arguments (how many processes read the pages, and the cache folder
        of pages kept from the last build: see `mkdocs_split`) and wait for it; its exit code."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            order = {"args": args, "processes": processes, "cache": str(cache) if cache is not None else None}
            stdin.write((json.dumps(order) + "\n").encode("utf-8"))
            stdin.close()
        except BrokenPipeError:  # it ended before it was asked to build: its code says why
            pass
        return self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.process.stdin is not None:
            with suppress(OSError):  # a pipe to a child that is gone
                self.process.stdin.close()

    def __enter__(self) -> EarlyMkDocs:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.stop()
