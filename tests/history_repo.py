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
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .site.conftest import FIXTURE_CONTENT

DATES = {"1.0": "2026-01-10T12:00:00+00:00", "1.1": "2026-03-01T12:00:00+00:00", "1.2": "2026-06-15T12:00:00+00:00"}

FAQ_URL = "https://example.org/faq-1.1.pdf"

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
