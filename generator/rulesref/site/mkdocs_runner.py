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
reads and writes the pages in several processes, and takes the unchanged ones from the last
build (`mkdocs_split` and `mkdocs_kept`, loaded by their paths); it finds the ids of a page's
raw HTML, and where its raw HTML blocks end, without an HTML parser (`mkdocs_anchors`,
`mkdocs_raw_blocks`). On a terminal it
shows how many pages it has read and written (`_show_progress`; `rulesref.support.progress` says
when a line is shown), which MkDocs itself does not say for the minute a big site takes.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

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


def _beside(name: str) -> Any:
    """A module of this folder, loaded by its path (imports of rulesref would cost the time
    this script saves)."""
    spec = importlib.util.spec_from_file_location(f"rulesref_{name}", Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _on_terminal() -> bool:
    """As `rulesref.support.progress.on_terminal` (this script imports nothing of rulesref)."""
    if os.environ.get("CI") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _show_progress(internals: Any) -> None:
    """Count the pages MkDocs reads and writes, on one line of the terminal."""
    state = {"read": 0, "written": 0, "total": 0, "shown": 0.0, "width": 0}

    def show(force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - state["shown"] < 0.1:
            return
        state["shown"] = now
        line = f"mkdocs: pages read {state['read']:,}, written {state['written']:,} of {state['total']:,}"
        sys.stderr.write("\r" + line.ljust(int(state["width"])))
        sys.stderr.flush()
        state["width"] = len(line)

    populate, build_page = internals.page_steps()

    def counted_populate(page: Any, config: Any, files: Any, *args: Any, **kwargs: Any) -> Any:
        if not state["total"]:
            state["total"] = len(files.documentation_pages())
        result = populate(page, config, files, *args, **kwargs)
        state["read"] += 1
        show()
        return result

    def counted_build(page: Any, config: Any, doc_files: Any, *args: Any, **kwargs: Any) -> Any:
        result = build_page(page, config, doc_files, *args, **kwargs)
        state["written"] += 1
        show(state["written"] == state["total"])
        if state["written"] == state["total"]:
            sys.stderr.write("\r" + " " * int(state["width"]) + "\r")
        return result

    internals.replace_page_steps(populate=counted_populate, build=counted_build)


def main() -> int:
    try:
        _warm_up()
        line = sys.stdin.readline()
    except KeyboardInterrupt:  # the build was interrupted before it needed MkDocs
        return 130
    if not line.strip():
        return 0
    order = json.loads(line)  # {"args": [...], "processes": n, "cache": folder or null}
    args = order["args"]
    internals = _beside("mkdocs_internals")
    try:
        internals.check_version()
    except internals.UnsupportedMkDocs as exc:
        print(f"rulesref: error: {exc}", file=sys.stderr)
        return 2
    internals.replace_raw_html_ids(_beside("mkdocs_anchors").present_ids)  # without parsing every tag
    _beside("mkdocs_raw_blocks").install()  # ... nor to find where raw blocks end
    internals.link_static_files()  # the docs folder's other files, linked rather than copied
    if order.get("processes", 1) > 1 or order.get("cache"):
        _beside("mkdocs_split").install(order.get("processes", 1), internals, _beside("mkdocs_kept"), order.get("cache"))
    if _on_terminal():
        _show_progress(internals)
    from mkdocs.__main__ import cli

    cli.main(args=[str(a) for a in args], prog_name="mkdocs")  # exits with MkDocs' own code
    return 0


if __name__ == "__main__":
    sys.exit(main())
