"""The static JSON API: every file valid against schemas/api.schema.json, and the schema a
good public contract (described, closed, self-contained)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from generator.render.docs import docs_files
from generator.schemas import API, load_schema, validator
from generator.validate import validate

from .conftest import FIXTURE_CONTENT


@pytest.fixture(scope="module")
def api() -> dict[str, Any]:
    files, problems = docs_files(validate([str(FIXTURE_CONTENT)]))
    assert problems == []
    return {path: json.loads(data) for path, data in files.items() if path.startswith("api/") and path.endswith(".json")}


def subschemas(node: Any, where: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from subschemas(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from subschemas(value, f"{where}/{index}")


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    schema = load_schema(API)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_property_is_described_and_every_object_closed() -> None:
    for where, node in subschemas(load_schema(API)):
        properties = node.get("properties")
        if isinstance(properties, dict) and all(isinstance(p, dict) for p in properties.values()):
            for name, prop in properties.items():
                assert "description" in prop, f"{where}/properties/{name}"
        if "properties" in node and node.get("type") == "object":
            assert node.get("additionalProperties") is False, where


def test_the_schema_references_nothing_outside_itself() -> None:
    for where, node in subschemas(load_schema(API)):
        ref = node.get("$ref")
        if isinstance(ref, str):
            assert ref.startswith("#/"), where


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
    assert brutal["params"][0] == {"name": "X", "type": "int", "summary": "Wounds each allocated Wound becomes", "min": 2, "max": 10, "values": []}
    unit = api["api/w40k7/solitaire.json"]
    assert [(r["id"], r.get("args")) for r in unit["rules"]] == [("hit-and-run", None), ("fearless", None), ("brutal", {"X": 3})]


def test_system_indexes_list_every_entry(api: dict[str, Any]) -> None:
    index = api["api/w40k7/index.json"]
    assert [e["id"] for e in index["entries"]] == sorted(e["id"] for e in index["entries"])
    for entry in index["entries"]:
        assert f"api/w40k7/{entry['data']}" in api
