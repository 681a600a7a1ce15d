"""The static JSON API: every file valid against schemas/api.schema.json, and the schema a
good public contract (described, closed, self-contained)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulesref.pages.docs import docs_files
from rulesref.support.schemas import API, load_schema, validator
from rulesref.validate import validate

from .conftest import FIXTURE_CONTENT


@pytest.fixture(scope="module")
def api() -> dict[str, Any]:
    build = validate([str(FIXTURE_CONTENT)], odds=True)
    assert build.problems == ()
    files = docs_files(build)
    return {path: json.loads(data) for path, data in files.items() if path.startswith("api/") and path.endswith(".json")}


def test_every_api_file_is_valid(api: dict[str, Any]) -> None:
    check = validator(API)
    assert len(api) > 10
    for path, data in api.items():
        if path == "api/schema.json":
            assert data == load_schema(API)
            continue
        errors = [f"{path}: {'/'.join(map(str, e.absolute_path))}: {e.message}" for e in check.iter_errors(data)]
        assert errors == []


def test_an_entry_file_has_its_full_data(api: dict[str, Any]) -> None:
    fear = api["api/w40k7/fear.json"]
    assert fear["name"] == "Fear" and fear["aliases"] == ["Fear test", "Causes Fear"]
    assert fear["url"].endswith("/w40k7/fear/")
    check = fear["checks"][0]
    assert check["module"] == "rulechecks.w40k7.fear" and check["odds_function"] == "fear_test_odds"
    assert check["signature"] == "fear_test(*, roll: int, leadership: int, fearless: bool) -> FearTest"
    assert [a["name"] for a in check["args"]] == ["roll", "leadership", "fearless"]
    assert check["args"][0]["dice"] == "2D6" and check["args"][1]["min"] == 2
    assert check["output"]["record"] == "FearTest"
    assert check["examples"][0] == {"given": {"roll": 7, "leadership": 8, "fearless": False}, "expect": {"passed": True, "weapon_skill_one": False}, "raises": None, "note": None}
    mob = api["api/w40k7/mob-rule.json"]
    assert [r["roll"] for r in mob["table"]["rows"]] == ["1", "2-3", "4-6"]
    brutal = api["api/w40k7/brutal.json"]
    lost = next(c for c in brutal["checks"] if c["name"] == "wounds_lost")
    assert lost["pools"] == [
        {"name": "saves", "summary": "The saving throws", "dice": "X", "die": "D6", "target": "save", "modifier": None, "best": None,
         "natural": {}, "classes": {}, "fails": "unsaved", "reroll": None, "explode": None, "keep": None, "counts": ["saves", "unsaved"], "total": None}
    ]
    assert [a["kind"] for a in lost["args"]] == ["param", "int", "pool", "pool"]
    (odds,) = lost["odds"]
    assert odds["given"] == {"X": 3, "save": 4} and odds["mean"] == {"exact": "3/2", "value": 1.5}
    assert [(o["result"], o["exact"], o["at_least"]["exact"]) for o in odds["outcomes"]] == [
        ({"": 0}, "1/8", "1/1"), ({"": 1}, "3/8", "7/8"), ({"": 2}, "3/8", "1/2"), ({"": 3}, "1/8", "1/8")
    ]
    assert brutal["params"][0] == {"name": "X", "type": "int", "summary": "Wounds each allocated Wound becomes", "min": 2, "max": 10, "values": []}
    unit = api["api/w40k7/solitaire.json"]
    assert [(r["id"], r.get("args")) for r in unit["rules"]] == [("hit-and-run", None), ("fearless", None), ("brutal", {"X": 3})]


def test_system_indexes_list_every_entry(api: dict[str, Any]) -> None:
    index = api["api/w40k7/index.json"]
    assert [e["id"] for e in index["entries"]] == sorted(e["id"] for e in index["entries"])
    for entry in index["entries"]:
        assert f"api/w40k7/{entry['data']}" in api
