"""Every string the import writes fits its schema's bound, by construction.

Upstream data has no limits: a 400-character name, an element id of 150, a rule text of a
hundred thousand characters. The schemas bound what content holds (a name 80 characters,
`origin.name` 300, a text 50,000), and `validate` refuses what passes a bound, so the
import's own output would fail. Names are made to fit where they are made (`naming`); as a
last step before writing, every string of an entry or system file is checked against the
bound its schema gives it (read from the schema itself, so the two cannot disagree), and one
that is longer is cut: its start, `…` and 8 hex digits of the whole value's SHA-256, so two
values that start alike stay two. Each cut is returned, to be listed in `IMPORT.md` with
where it was and how long it was.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from rulesref.support.schemas import ENTRY, SYSTEM, load_schema


def cut(text: str, limit: int) -> str:
    """`text` whole when it fits in `limit` characters; else cut to fit, marked and hashed."""
    if len(text) <= limit:
        return text
    mark = f"… #{hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"
    return text[: max(0, limit - len(mark))].rstrip() + mark


@dataclass(frozen=True)
class Cut:
    """A value cut to fit: where it was (`origin.name`, `profiles[2].name`), its bound, and
    the value whole."""

    field: str
    limit: int
    whole: str


def bound(schema_name: str, *path: str) -> int:
    """The `maxLength` a schema gives the string at a path of `$defs` and properties
    (`bound(ENTRY, "origin", "name")`)."""
    root = load_schema(schema_name)
    node = _resolved(root["$defs"][path[0]], root)
    for key in path[1:]:
        node = _resolved(node["properties"][key], root)
    limit: int = node["maxLength"]
    return limit


def fitted_entry(data: dict[str, Any]) -> tuple[dict[str, Any], list[Cut]]:
    """An entry's data with every string within its bound (the schema of its kind)."""
    root = load_schema(ENTRY)
    kind = data.get("kind")
    schema = root["$defs"].get(kind) if isinstance(kind, str) else None
    return _fitted(data, schema, root, "") if schema is not None else (data, [])


def fitted_system(data: dict[str, Any]) -> tuple[dict[str, Any], list[Cut]]:
    """A system file's data with every string within its bound."""
    root = load_schema(SYSTEM)
    return _fitted(data, root, root, "")


def _resolved(schema: Any, root: dict[str, Any]) -> Any:
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and schema["$ref"].startswith("#/$defs/"):
        schema = root["$defs"][schema["$ref"].removeprefix("#/$defs/")]
    return schema


def _fitted(value: Any, schema: Any, root: dict[str, Any], where: str) -> tuple[Any, list[Cut]]:
    """`value` with its strings cut to the bounds of `schema` (its properties, items and
    `additionalProperties` followed; a value several schemas could describe is left whole)."""
    schema = _resolved(schema, root)
    if not isinstance(schema, dict):
        return value, []
    if isinstance(value, str):
        limit = schema.get("maxLength")
        if isinstance(limit, int) and len(value) > limit:
            return cut(value, limit), [Cut(where, limit, value)]
        return value, []
    cuts: list[Cut] = []
    if isinstance(value, dict):
        properties = schema.get("properties") or {}
        others = schema.get("additionalProperties")
        out = {}
        for key, item in value.items():
            inner = properties.get(key, others if isinstance(others, dict) else None)
            out[key], found = _fitted(item, inner, root, f"{where}.{key}" if where else key)
            cuts += found
        return out, cuts
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        items = []
        for index, item in enumerate(value):
            fitted, found = _fitted(item, schema["items"], root, f"{where}[{index}]")
            items.append(fitted)
            cuts += found
        return items, cuts
    return value, []
