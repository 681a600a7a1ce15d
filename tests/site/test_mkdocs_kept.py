"""What the split sends between processes (`mkdocs_kept.sendable`, `received`): plain data,
its docs files by path; a page state holding anything else, or bytes that are not such data,
arrive as None, so the build does that page itself."""

from __future__ import annotations

import marshal
from typing import Any

from mkdocs.structure.files import File, Files

from rulesref.site import mkdocs_kept


def _files() -> Files:
    return Files([File("fearless/index.md", "docs", "site", use_directory_urls=True)])


def test_a_state_of_plain_data_and_docs_files_is_received_as_it_was_sent() -> None:
    files = _files()
    file = files.get_file_from_path("fearless/index.md")
    state: dict[str, Any] = {"title": "Fearless", "levels": [1, 2], "file": file, "pair": ("a", 1.5)}
    assert mkdocs_kept.received(mkdocs_kept.sendable(state), files) == state
    assert mkdocs_kept.received(mkdocs_kept.sendable(state), files)["file"] is file  # the build's own file, not a copy


def test_a_state_holding_what_is_not_data_is_sent_as_none() -> None:
    class Markup(str):  # a subclass is not kept as its base
        pass

    for state in ({"title": Markup("Fearless")}, [object()], {"at": lambda: None}):
        assert mkdocs_kept.received(mkdocs_kept.sendable(state), _files()) is None, state


def test_what_is_not_sent_data_is_received_as_none() -> None:
    files = _files()
    assert mkdocs_kept.received(b"\xff not marshalled", files) is None
    assert mkdocs_kept.received(marshal.dumps(("code", ["print()"])), files) is None  # a tag `to_data` never makes
    assert mkdocs_kept.received(marshal.dumps(("file", "missing/index.md")), files) is None  # no such docs file
