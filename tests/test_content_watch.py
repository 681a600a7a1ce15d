"""`serve --engine zensical` wakes for a change of the content, not for a file read: a
save's own validation reads every file, and waking for that would look at them all again."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rulesref.site.zensical_serve import ContentWatch


def _told(watch: ContentWatch, change: Callable[[], object]) -> bool:
    """Whether the watch wakes after `change` is made (within a second)."""
    watch.changed.clear()
    change()
    deadline = time.monotonic() + 1.0
    while not watch.changed.is_set() and time.monotonic() < deadline:
        time.sleep(0.02)
    return watch.changed.is_set()


def test_a_change_wakes_the_watch_and_a_read_does_not(tmp_path: Path) -> None:
    folder = tmp_path / "content" / "w40k7"
    folder.mkdir(parents=True)
    rule, new, renamed = folder / "fear.yml", folder / "new.yml", folder / "renamed.yml"
    rule.write_text("id: fear\n", encoding="utf-8")
    watch = ContentWatch([tmp_path / "content"])
    try:
        assert watch.observer is not None  # (watchdog comes with the site extra)
        time.sleep(0.2)
        assert not _told(watch, lambda: rule.read_text(encoding="utf-8"))
        assert _told(watch, lambda: rule.write_text("id: fear\nname: Fear\n", encoding="utf-8"))
        assert _told(watch, lambda: new.write_text("id: new\n", encoding="utf-8"))
        assert _told(watch, lambda: new.rename(renamed))
        assert _told(watch, renamed.unlink)
        assert watch.wait() is True  # (the last change is still to be looked at)
        assert watch.wait() is False  # (and then nothing changed: it waits, and says so)
    finally:
        watch.close()
