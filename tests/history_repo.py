"""A rules repository with a history: the site tests' fixture content committed and tagged
three times (1.0, 1.1 and 1.2), with edits of every kind between the tags and one more edit
left uncommitted, so that releases, per-entry histories, the Changes pages and the JSON
diffs can be checked against exactly the edits made here.

- 1.0: the fixture content as it is.
- 1.1: Fear reworded ("must take" -> "must pass"); Consolidate renamed (its `name`; the old one kept as an alias, which links use);
  Hit and Run moved to another folder (`git mv`, same id).
- 1.2: Run's check changed (its summary and a new example); Steady added; Forsaken One removed;
  Initiative test's file renamed and its id with it (`initiative-roll`), which git's rename
  detection links.
- unreleased: Fearless's summary reworded in the work tree; `system.yml` says 1.1 was a FAQ.

`make_tagged_repo` makes a repository of thousands of tags in seconds (`git fast-import`),
for the tests and the benchmark of a history that long (benchmarks/history_tags.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from .site.conftest import FIXTURE_CONTENT

DATES = {"1.0": "2026-01-10T12:00:00+00:00", "1.1": "2026-03-01T12:00:00+00:00", "1.2": "2026-06-15T12:00:00+00:00"}

FAQ_URL = "https://example.org/faq-1.1.pdf"
EPOCH = 1_767_225_600  # 2026-01-01
IDENTITY = "Rules Team <rules@example.org>"

STEADY = """id: steady
kind: rule
name: Steady
summary: The unit ignores the first failed Morale check of each turn.
text: The first failed [[Morale check]] the unit takes in a turn counts as passed.
source: {book: brb, page: 170}
"""


def _git(root: Path, *args: str, date: str | None = None) -> None:
    env = dict(os.environ, GIT_AUTHOR_NAME="Rules Team", GIT_AUTHOR_EMAIL="rules@example.org", GIT_COMMITTER_NAME="Rules Team", GIT_COMMITTER_EMAIL="rules@example.org")
    if date:
        env |= {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (old, path)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _release(root: Path, version: str) -> None:
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", f"rules {version}", date=DATES[version])
    _git(root, "tag", "-a", version, "-m", f"release {version}", date=DATES[version])


def make_history_repo(root: Path) -> Path:
    """The repository at `root`; returns its content folder."""
    content = root / "content"
    shutil.copytree(FIXTURE_CONTENT, content)
    _git(root, "init", "-q", "-b", "main")
    _release(root, "1.0")
    w40k = content / "w40k7"
    _edit(w40k / "fear.yml", "must take a Leadership test", "must pass a Leadership test")
    _edit(w40k / "consolidate.yml", "name: Consolidate\naliases: [", "name: Consolidation move\naliases: [Consolidate, ")
    (w40k / "assault").mkdir()
    _git(root, "mv", "content/w40k7/hit-and-run.yml", "content/w40k7/assault/hit-and-run.yml")
    _release(root, "1.1")
    _edit(w40k / "run.yml", "summary: How far a unit runs when it rolls several dice and adds them up.", "summary: How far a unit runs, the dice it rolls added up.")
    _edit(w40k / "run.yml", "      - given: {dice: 1, roll: 4}\n        expect: 4\n", "      - given: {dice: 1, roll: 4}\n        expect: 4\n      - given: {dice: 2, roll: 12}\n        expect: 12\n")
    (w40k / "steady.yml").write_text(STEADY, encoding="utf-8")
    _git(root, "rm", "-q", "content/t9a/forsaken-one.yml")
    _git(root, "mv", "content/w40k7/initiative-test.yml", "content/w40k7/initiative-roll.yml")
    _edit(w40k / "initiative-roll.yml", "id: initiative-test", "id: initiative-roll")
    _release(root, "1.2")
    _edit(w40k / "fearless.yml", "summary: The unit", "summary: Unshaken, the unit")
    _edit(w40k / "system.yml", "\nbooks:", f"\nreleases:\n  - {{version: '1.1', label: FAQ, url: '{FAQ_URL}'}}\nbooks:")
    return content


# -- many tags, made fast --------------------------------------------------------------------


def _reword(text: bytes, n: int) -> bytes:
    """An entry's text with release `n` said in its summary (instead of the release before
    it): a change of its words."""
    return re.sub(rb"\nsummary: (\([0-9]+\) )?", f"\nsummary: ({n}) ".encode(), text, count=1)


def make_tagged_repo(root: Path, tags: int, changed: set[int]) -> Path:
    """A repository at `root` whose content is the fixture content, with `tags` tags on as
    many commits (a day apart); the commits whose numbers are in `changed` reword one entry
    (each its own, in turn), the others change only a file outside the content folder.
    Returns the content folder, checked out at the last commit."""
    files = {p.relative_to(FIXTURE_CONTENT).as_posix(): p.read_bytes() for p in sorted(FIXTURE_CONTENT.rglob("*.yml"))}
    entries = sorted(p for p, text in files.items() if not p.endswith("system.yml") and b"\nsummary: '" not in text)
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True)
    stream: list[bytes] = []

    def data(payload: bytes) -> None:
        stream.append(b"data %d\n" % len(payload) + payload + b"\n")

    current = dict(files)
    edits = 0
    for n in range(tags):
        when = EPOCH + n * 86_400
        stream.append(b"commit refs/heads/main\n")
        stream.append(f"mark :{n + 1}\ncommitter {IDENTITY} {when} +0000\n".encode())
        data(f"build {n}".encode())
        if n:
            stream.append(f"from :{n}\n".encode())
        if n == 0:
            for path, payload in sorted(current.items()):
                stream.append(f"M 100644 inline content/{path}\n".encode())
                data(payload)
        elif n in changed:
            path = entries[edits % len(entries)]
            edits += 1
            current[path] = _reword(current[path], n)
            stream.append(f"M 100644 inline content/{path}\n".encode())
            data(current[path])
        stream.append(b"M 100644 inline BUILD\n")
        data(f"{n}\n".encode())
        stream.append(f"reset refs/tags/1.{n}\nfrom :{n + 1}\n\n".encode())
    subprocess.run(["git", "fast-import", "--quiet"], cwd=root, input=b"".join(stream), check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=root, check=True)
    return root / "content"
