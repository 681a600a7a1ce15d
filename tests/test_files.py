"""Files in the content folder: links that leave it are not followed, messages never flood a
log with a file's text, and a file name that is not UTF-8 still gives valid UTF-8 reports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesref.incremental.memo import Memo
from rulesref.problems import MAX_MESSAGE, Problem
from rulesref.read import discover as discovering
from rulesref.validate import validate


def test_a_link_to_a_file_outside_the_content_is_not_read(content: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n" * 50)
    (content / "demo" / "x.yml").symlink_to(secret)
    [problem] = validate([str(content / "demo" / "x.yml")]).problems
    assert (problem.code, problem.line) == ("outside-content", 1)
    assert "root:x" not in problem.message


def test_a_link_that_stays_inside_the_content_is_read(content: Path) -> None:
    (content / "demo" / "fearless-again.yml").symlink_to(content / "other" / "system.yml")
    codes = {p.code for p in validate([str(content / "demo" / "fearless-again.yml")]).problems}
    assert "outside-content" not in codes and codes  # read, and then refused for what it holds


def test_a_linked_system_folder_outside_the_content_is_not_read(content: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "system.yml").write_text((content / "demo" / "system.yml").read_text().replace("id: demo", "id: evil"))
    (content / "evil").symlink_to(outside)
    problems = validate([str(content)]).problems
    assert {(p.code, Path(p.path).name) for p in problems} == {("outside-content", "system.yml")}


def test_a_folder_holding_a_link_is_listed_again_though_its_status_holds(content: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a link leads to can change without the folder holding it changing, so `serve`'s
    memo never takes such a folder's listing for its status."""
    monkeypatch.setattr(discovering, "racy_after", lambda: 2**62)  # every status old enough to trust
    target = tmp_path / "elsewhere"
    target.mkdir()
    (content / "demo" / "linked.yml").symlink_to(target)  # a link to a folder: neither walked into nor an entry file
    memo = Memo()
    memo.begin()
    assert content / "demo" / "linked.yml" not in discovering.discover([str(content)], memo).all_files()
    memo.finish()
    target.rmdir()
    target.write_text("x")  # the link now leads to a file; the folder holding it is as it was
    memo.begin()
    assert content / "demo" / "linked.yml" in discovering.discover([str(content)], memo).all_files()
    memo.finish()
    memo.begin()  # a folder whose status holds and that holds no link is not listed again
    discovering.discover([str(content)], memo)
    assert memo.made[discovering.LISTINGS] == 1  # one folder listed again: the one holding the link
    kept_status = memo.kept(discovering.LISTINGS, str(content / "demo"))
    assert kept_status is not None and kept_status[0] is None


def test_a_scalar_file_is_quoted_only_in_part(content: Path) -> None:
    path = content / "demo" / "scalar.yml"
    path.write_text("just words " * 2000 + "\n")
    [problem] = validate([str(path)]).problems
    assert problem.code == "not-a-mapping"
    assert len(problem.message) < 150


def test_no_message_is_longer_than_the_limit() -> None:
    problem = Problem("x.yml", 1, 1, "unresolved-link", "x" * 10_000)
    assert len(problem.message) == MAX_MESSAGE and problem.message.endswith("…")


def test_a_file_name_that_is_not_utf8_gives_valid_json(content: Path) -> None:
    name = os.fsencode(content / "demo") + b"/bad-\xff-name.yml"
    with open(name, "wb") as handle:
        handle.write(b"id: x\n")
    done = subprocess.run([sys.executable, "-m", "rulesref", "validate", str(content), "--format", "json"], capture_output=True, timeout=120)
    assert done.returncode == 1
    items = json.loads(done.stdout.decode("utf-8"))
    assert any(item["path"].endswith("bad-\\xff-name.yml") for item in items)
