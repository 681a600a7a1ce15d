"""MkDocs' own command line, started before the docs it will build exist.

`rulesref build` starts this script in a child process as soon as the build begins, so that
the interpreter's start and MkDocs' imports (its command line, build machinery, Markdown
extensions and the Material theme's plugins) happen on another core while rulesref validates
the content and writes the docs. The script then waits for one line on its standard input:
the arguments of the MkDocs command line in a JSON object, which it runs exactly as
`python -m mkdocs ARGS...` would (same exit code, same log). End of input without a line
means the build was called off: the script exits at once, having built nothing.

It is run by its path with `python -P`, so it imports nothing of rulesref (that would cost
the time it is meant to save) and its own folder is not on the import path. Asked to, it
reads the pages in several processes (`mkdocs_split`, loaded by its path).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from contextlib import suppress
from pathlib import Path

# what a build of a rulesref site imports; a missing one is only imported later, or never
WARM_UP = (
    "mkdocs.__main__",
    "mkdocs.commands.build",
    "mkdocs.config.defaults",
    "mkdocs.structure.pages",
    "mkdocs.theme",
    "jinja2",
    "markdown",
    "markdown.extensions.toc",
    "markdown.extensions.tables",
    "markdown.extensions.md_in_html",
    "markdown.extensions.fenced_code",
    "material.plugins.search.plugin",
)


def _warm_up() -> None:
    for name in WARM_UP:
        with suppress(ImportError):
            importlib.import_module(name)


def _split_pages(processes: int) -> None:
    spec = importlib.util.spec_from_file_location("rulesref_mkdocs_split", Path(__file__).with_name("mkdocs_split.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.install(processes)


def main() -> int:
    try:
        _warm_up()
        line = sys.stdin.readline()
    except KeyboardInterrupt:  # the build was interrupted before it needed MkDocs
        return 130
    if not line.strip():
        return 0
    order = json.loads(line)  # {"args": [...], "processes": n}
    args = order["args"]
    if order.get("processes", 1) > 1:
        _split_pages(order["processes"])
    from mkdocs.__main__ import cli

    cli.main(args=[str(a) for a in args], prog_name="mkdocs")  # exits with MkDocs' own code
    return 0


if __name__ == "__main__":
    sys.exit(main())
