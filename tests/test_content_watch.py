"""`serve --engine zensical` wakes for a change of the content, not for a file read (a
save's own validation reads every file), and looks again at the files the events name only."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rulesref.site import content_watch
from rulesref.site.content_watch import ContentWatch, stamps


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


def _looked(watch: ContentWatch, change: Callable[[], object]) -> set[str]:
    """What the watch's look finds changed after `change`, once an event has come."""
    assert _told(watch, change)
    watch.wait()
    return {Path(path).name for path in watch.look()}


def test_a_look_names_the_files_that_changed_and_a_folder_event_looks_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "content" / "w40k7"
    folder.mkdir(parents=True)
    rule, other = folder / "fear.yml", folder / "fearless.yml"
    rule.write_text("id: fear\n", encoding="utf-8")
    other.write_text("id: fearless\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: a\n", encoding="utf-8")
    watch = ContentWatch([tmp_path / "content", config])
    whole: list[list[Path]] = []

    def counted(paths: list[Path]) -> dict[str, content_watch.Stamp]:
        whole.append(paths)
        return stamps(paths)

    monkeypatch.setattr(content_watch, "stamps", counted)
    try:
        assert watch.observer is not None
        time.sleep(0.2)
        assert _looked(watch, lambda: rule.write_text("id: fear\nname: Fear\n", encoding="utf-8")) == {"fear.yml"}
        assert _looked(watch, lambda: config.write_text("site_name: b\n", encoding="utf-8")) == {"mkdocs.yml"}
        assert whole == []  # (the files named, looked at alone)
        assert not _told(watch, lambda: (tmp_path / "notes.txt").write_text("a", encoding="utf-8"))  # (beside the config, not watched)
        assert _looked(watch, lambda: folder.rename(folder.with_name("w40k7-old"))) == {"fear.yml", "fearless.yml"}  # (a folder's event: every file looked at)
        assert watch.look() == set() and len(whole) == 1
    finally:
        watch.close()
