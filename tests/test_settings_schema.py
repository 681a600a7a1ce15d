"""`[tool.rulesref]` as editors see it (`schemas/pyproject.schema.json`) and as rulesref reads
it (`rulesref.config`): the same keys, the same defaults, the same values accepted."""

from __future__ import annotations

import json
import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from rulesref.config import Settings, load_settings, table_keys
from rulesref.errors import UsageError
from rulesref.support.schemas import schema_dir

from .conftest import REPO

SCHEMA = json.loads((schema_dir() / "pyproject.schema.json").read_text(encoding="utf-8"))
TABLE = SCHEMA["$defs"]["settings"]

TABLES: list[dict[str, Any]] = [
    {},
    {"content": "rules"},
    {"content": ""},
    {"content": 3},
    {"package": "demo_checks"},
    {"package": "_private"},
    {"package": "Demo"},
    {"package": "my-rules"},
    {"package": "class"},
    {"package": "2rules"},
    {"site_url": "https://example.org/reference/"},
    {"site_url": "http://localhost:8000"},
    {"site_url": "https://"},
    {"site_url": "ftp://example.org/"},
    {"site_url": "example.org"},
    {"sit_url": "https://example.org/"},
    {"engine": "zensical"},
    {"engine": "mkdocs-material"},
    {"engine": "mkdocs"},
    {"engine": "Zensical"},
    {"content": "content", "package": "rulechecks", "site_url": "https://rulesref.github.io/rulesref/"},
]


def read_by_rulesref(table: dict[str, Any], folder: Path) -> bool:
    lines = ["[tool.rulesref]", *(f"{key} = {json.dumps(value)}" for key, value in table.items())]
    (folder / "pyproject.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        load_settings(folder)
    except UsageError:
        return False
    return True


def test_the_schema_has_the_settings_and_defaults_rulesref_reads() -> None:
    defaults = Settings()
    assert sorted(TABLE["properties"]) == sorted(table_keys())
    assert {key: spec["default"] for key, spec in TABLE["properties"].items()} == {name: getattr(defaults, name) for name in table_keys()}
    # the one field that is not a key of the table is mkdocs.yml's (`use_directory_urls`)
    assert [f.name for f in fields(Settings) if f.name not in table_keys()] == ["directory_urls"]


@pytest.mark.parametrize("table", TABLES, ids=[json.dumps(t) for t in TABLES])
def test_editors_and_rulesref_accept_the_same_settings(table: dict[str, Any], tmp_path: Path) -> None:
    checker = Draft202012Validator(SCHEMA)
    assert checker.is_valid({"tool": {"rulesref": table}}) == read_by_rulesref(table, tmp_path)


def test_the_cases_hold_settings_both_accept_and_refuse(tmp_path: Path) -> None:
    outcomes = {read_by_rulesref(table, tmp_path) for table in TABLES}
    assert outcomes == {True, False}


@pytest.mark.parametrize("path", [REPO / "pyproject.toml"], ids=["this repository"])
def test_a_whole_pyproject_is_valid_with_its_other_tables(path: Path) -> None:
    """The schema speaks for `[tool.rulesref]` only: a `#:schema` directive naming it leaves
    `[project]` and the other tools' tables alone."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert {"project", "build-system"} <= set(data) and len(data["tool"]) > 1
    Draft202012Validator(SCHEMA).validate(data)
