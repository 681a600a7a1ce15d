"""The site's nav: a handful of systems at the top level, many folded into one section, so
that the part of the nav every page carries stays the same size whatever the content."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from rulesref.config import Settings
from rulesref.pages.nav import MAX_SYSTEMS_AT_TOP, SYSTEMS_SECTION, nav, nav_file
from rulesref.validate import validate

REPO = Path(__file__).resolve().parent.parent


def test_many_systems_go_into_one_section(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO))
    try:
        from benchmarks.realistic import write_content
    finally:
        sys.path.remove(str(REPO))
    write_content(tmp_path / "content", 3 * 199)  # three clones of the three shipped systems
    build = validate([str(tmp_path / "content")], Settings())
    assert build.ok, build.problems[:3]
    systems = build.content.systems
    assert len(systems) > MAX_SYSTEMS_AT_TOP
    items = yaml.safe_load(nav_file(build.content.systems))["nav"]
    assert items == nav(build.content.systems)
    assert [next(iter(item)) for item in items] == ["Home", SYSTEMS_SECTION, "Glossary", "Tags", "JSON API"]
    folded = items[1][SYSTEMS_SECTION]
    assert [next(iter(item.values())) for item in folded] == [f"{s.id}/index.md" for s in systems]


def test_a_handful_of_systems_stay_at_the_top() -> None:
    build = validate([str(REPO / "content")], Settings())
    items = nav(build.content.systems)
    assert len(items) == 1 + 3 + 4 and SYSTEMS_SECTION not in {next(iter(item)) for item in items}
