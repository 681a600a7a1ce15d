"""Skeletons of a new system or entry that already validate (`rulesref new`; `init` and the
importer start systems from them too).

The skeleton names its schema for editor autocompletion (a relative path where the schemas
sit beside the content folder, as in rulesref's own repository; else the schema's published
URL) and holds placeholder words the editor replaces; it never overwrites a file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rulesref.errors import UsageError
from rulesref.names import RESERVED_ENTRY_IDS, python_module, python_name, python_reason
from rulesref.support.schemas import ENTRY, SYSTEM, schema_url
from rulesref.support.templates import render

ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
KINDS = ("rule", "unit", "term")


def check_id(identifier: str, what: str, *, package: bool = True) -> None:
    """Refuse an id that is no kebab-case, or a system id that cannot name a Python package
    (an entry's id always makes a module: `rulesref.names.python_module`)."""
    if not ID.fullmatch(identifier) or len(identifier) > 60:
        raise UsageError(f"{what} `{identifier}` must be kebab-case ASCII, e.g. `hit-and-run`")
    reason = python_reason(python_name(identifier)) if package else None
    if reason:
        raise UsageError(f"{what} `{identifier}` becomes the Python name `{python_name(identifier)}`, which {reason}")


def title(identifier: str) -> str:
    """`hit-and-run` -> `Hit And Run`: a starting name the editor will correct."""
    return " ".join(part.capitalize() for part in identifier.split("-"))


def skeleton_system(system: str) -> dict[str, Any]:
    """The values `rulesref new system` (and `init`, without `--name`) writes for `system`:
    placeholders until a person or an import replaces them."""
    from rulesref.read.load import load_read

    text = render("new/system.yml.jinja", id=system, name=_yaml_string(title(system)), schema="")
    doc, _ = load_read(text.encode("utf-8"), "system.yml")
    return {k: v for k, v in (doc.data if doc is not None else {}).items() if k != "id"}


def _yaml_string(text: str) -> str:
    """A double-quoted YAML string (JSON string syntax is valid YAML)."""
    import json

    return json.dumps(text, ensure_ascii=False)


def schema_reference(content: Path, folder: Path, name: str) -> str:
    """What a file in `folder` names as its schema: `../../schemas/<name>` when that file
    exists beside the content folder, else the schema's URL."""
    local = content.resolve().parent / "schemas" / name
    if local.is_file():
        depth = len(folder.resolve().relative_to(content.resolve().parent).parts)
        return f"{'../' * depth}schemas/{name}"
    return schema_url(name)


def new_system(content: Path, system: str, name: str | None) -> Path:
    check_id(system, "system id")
    folder = content / system
    target = folder / "system.yml"
    if target.exists():
        raise UsageError(f"{target} already exists")
    folder.mkdir(parents=True, exist_ok=True)
    schema = schema_reference(content, folder, SYSTEM)
    target.write_text(render("new/system.yml.jinja", id=system, name=_yaml_string(name or title(system)), schema=schema), encoding="utf-8")
    return target


def new_entry(content: Path, kind: str, system: str, identifier: str, name: str | None) -> Path:
    if kind not in KINDS:
        raise UsageError(f"kind must be one of {', '.join(KINDS)} (or `system`)")
    check_id(identifier, "id", package=False)
    if identifier in RESERVED_ENTRY_IDS:
        raise UsageError(f"`{identifier}` is {RESERVED_ENTRY_IDS[identifier]}; choose another id")
    folder = content / system
    if not (folder / "system.yml").is_file():
        raise UsageError(f"no system `{system}` in {content}/; create it with `rulesref new system {system}`")
    target = folder / f"{identifier}.yml"
    if target.exists() or (folder / f"{identifier}.yaml").exists():
        raise UsageError(f"{target} already exists")
    text = render(
        f"new/{kind}.yml.jinja",
        id=identifier,
        name=_yaml_string(name or title(identifier)),
        schema=schema_reference(content, folder, ENTRY),
        function=python_module(identifier),
    )
    target.write_text(text, encoding="utf-8")
    return target
