"""The JSON Schemas shipped in `schemas/`: found on disk, loaded once, never fetched remotely.

Each schema's `$id` is the URL where the reference site publishes it (`<site>/schemas/<file>`),
so an editor can fetch it by that URL; the validator itself never does.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the Python validator is imported only when a file needs explaining
    from jsonschema import Draft202012Validator

ENTRY = "entry.schema.json"
SYSTEM = "system.schema.json"
API = "api.schema.json"
ROSTER = "roster.schema.json"  # what `rulesref roster --out army.json` writes
PYPROJECT = "pyproject.schema.json"  # `[tool.rulesref]`, for editors of pyproject.toml
TRANSLATION = "translation.schema.json"  # an entry's words in another language (`rulesref.translations`)


def schema_dir() -> Path:
    """`schemas/` of a source checkout, or the copy packaged into an installed `rulesref`."""
    package = Path(__file__).resolve().parent.parent  # rulesref/
    for candidate in (package / "schemas", package.parent.parent / "schemas"):
        if (candidate / ENTRY).is_file():
            return candidate
    raise FileNotFoundError("rulesref's JSON Schemas are missing from this installation")


@cache
def load_schema(name: str) -> dict[str, Any]:
    with open(schema_dir() / name, encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def schema_url(name: str) -> str:
    """The stable URL of a schema: its `$id`, where the site publishes it."""
    url: str = load_schema(name)["$id"]
    return url


def _refuse_remote(uri: str) -> Any:
    from referencing.exceptions import NoSuchResource

    raise NoSuchResource(ref=uri)  # type: ignore[call-arg]


@cache
def fast_validator(name: str) -> Any:
    """A compiled (Rust) validator of the same schema, used to pass valid files quickly; None
    where jsonschema-rs is not installed. It works offline and refuses every remote reference."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - the pure-Python validator does all the work then
        return None
    return jsonschema_rs.Draft202012Validator(load_schema(name), offline=True)


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator whose registry resolves nothing outside the schema itself: no network, ever."""
    from jsonschema import Draft202012Validator
    from referencing import Registry

    registry: Registry[Any] = Registry(retrieve=_refuse_remote)  # type: ignore[call-arg]
    return Draft202012Validator(load_schema(name), registry=registry)
