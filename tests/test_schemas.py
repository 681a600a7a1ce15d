"""The JSON Schemas are the public contract: valid, self-describing, closed and local-only."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing.exceptions import Unresolvable

from rulesref.support.schemas import ENTRY, schema_dir, validator

from .conftest import FIXTURES, REPO

SCHEMAS = sorted(schema_dir().glob("*.json"))
DISPATCHERS = {("entry.schema.json", "")}  # the entry root only routes to rule/unit/term by `kind`
OPEN = {("pyproject.schema.json", ""), ("pyproject.schema.json", "/properties/tool")}  # a pyproject.toml holds other tools' tables too


INSTANCES = frozenset(("examples", "defaultSnippets", "enum", "const", "default"))  # keywords whose values are content, not schemas


def walk(node: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema node with its JSON pointer (not the content that examples and snippets hold)."""
    if isinstance(node, dict):
        yield pointer, node
        for key, value in node.items():
            if key not in INSTANCES or pointer.endswith("/properties"):  # a property may be named `examples`
                yield from walk(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, f"{pointer}/{index}")


def refuses_only(node: dict[str, Any]) -> bool:
    """A schema whose properties are all `false`: it refuses keys (a `D6` input's `min`), with
    the editor's words in its `errorMessage`, and describes none; the object it applies to
    describes them."""
    properties = node.get("properties")
    return isinstance(properties, dict) and bool(properties) and all(p is False for p in properties.values())


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_keys_are_refused_with_false_never_with_a_not(path: Path) -> None:
    """A `not` that names required keys is what the editor can only word as "Matches a
    schema that is not allowed", and what `validate` words no better: a key that cannot be
    there is refused with `false` beside an `errorMessage` (`refuses_only`)."""
    for pointer, node in walk(json.loads(path.read_text(encoding="utf-8"))):
        refused = node.get("not")
        assert not (isinstance(refused, dict) and ("required" in refused or "anyOf" in refused)), f"{path.name}{pointer} refuses keys with a not"


def resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node and "description" not in node:
        node = schema["$defs"][node["$ref"].split("/")[-1]]
    return node


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_schema_is_valid_draft_2020_12(path: Path) -> None:
    schema = json.loads(path.read_text())
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_every_property_is_described_and_every_object_closed(path: Path) -> None:
    schema = json.loads(path.read_text())
    for pointer, node in walk(schema):
        if "properties" in node and isinstance(node["properties"], dict) and not pointer.endswith("/properties"):
            if refuses_only(node):
                assert isinstance(node.get("errorMessage"), str), f"{path.name}{pointer} refuses keys without saying why"
                continue
            if "allOf" in node and all("if" in branch for branch in node["allOf"]) and (path.name, pointer) in DISPATCHERS:
                continue
            in_condition = "/if" in pointer or "/not" in pointer
            if not in_condition and (path.name, pointer) not in OPEN:
                assert node.get("additionalProperties") is False, f"{path.name}{pointer} is not closed"
            for name, prop in node["properties"].items():
                if not in_condition:
                    assert "description" in resolve(schema, prop), f"{path.name}{pointer}/properties/{name} has no description"


YAML11_BOOLEANS = {"y", "yes", "n", "no", "on", "off", "true", "false"}  # keys PyYAML and other YAML 1.1 readers turn into true or false


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_no_key_is_a_word_yaml_1_1_reads_as_a_boolean(path: Path) -> None:
    """Content is read by other tools too (editors, linters, PyYAML scripts), and those that
    follow YAML 1.1 read an unquoted key `on:` as `true`: no key of a content file may be one
    of those words (a pool's explode says `at`, an effect its `step`)."""
    names = [
        f"{pointer}/{name}"
        for pointer, node in walk(json.loads(path.read_text(encoding="utf-8")))
        for name in (node.get("properties") or {} if isinstance(node.get("properties"), dict) else {})
        if name.lower() in YAML11_BOOLEANS
    ]
    assert names == []


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_no_remote_refs(path: Path) -> None:
    for _, node in walk(json.loads(path.read_text())):
        ref = node.get("$ref")
        assert ref is None or (isinstance(ref, str) and ref.startswith("#")), ref


def test_a_remote_ref_is_an_error_not_a_fetch() -> None:
    from rulesref.support import schemas

    remote = Draft202012Validator({"$ref": "https://example.invalid/schema.json"}, registry=schemas.validator(ENTRY)._registry)  # type: ignore[attr-defined]  # the shipped validator's own
    with pytest.raises(Unresolvable):
        list(remote.iter_errors({}))


def test_shipped_validator_has_no_network_registry() -> None:
    with pytest.raises(Unresolvable):
        validator(ENTRY)._resolver.lookup("https://example.invalid/x.json")  # type: ignore[attr-defined]


def content_files(root: Path) -> tuple[list[Path], list[Path], list[Path]]:
    """The system files, the entry files and the translation files under `root`."""
    systems = sorted(root.glob("*/system.yml"))
    translations = sorted(root.glob("*/translations/**/*.yml"))
    entries = sorted(p for p in root.rglob("*.yml") if p.name != "system.yml" and p not in translations)
    return systems, entries, translations


@pytest.mark.slow
@pytest.mark.parametrize("root", [REPO / "content", FIXTURES / "content"], ids=["shipped", "fixtures"])
def test_check_jsonschema_accepts_the_content(root: Path) -> None:
    """An independent validator agrees: the schemas stand on their own."""
    exe = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or shutil.which("check-jsonschema")
    if exe is None:
        pytest.skip("check-jsonschema is not installed")
    systems, entries, translations = content_files(root)
    assert systems and entries
    for schema, files in (("system.schema.json", systems), ("entry.schema.json", entries), ("translation.schema.json", translations)):
        if not files:  # (the fixtures have no translation)
            continue
        result = subprocess.run(
            [exe, "--schemafile", str(schema_dir() / schema), *map(str, files)], capture_output=True, text=True, timeout=300
        )
        assert result.returncode == 0, result.stdout + result.stderr


def test_schema_comments_in_content_point_at_real_schemas() -> None:
    pattern = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)")
    checked = 0
    for path in sorted((REPO / "content").rglob("*.yml")) + sorted((FIXTURES / "content").rglob("*.yml")):
        match = pattern.search(path.read_text(encoding="utf-8").split("\n", 1)[0])
        if match:
            assert (path.parent / match.group(1)).resolve().is_file(), f"{path}: {match.group(1)}"
            checked += 1
    assert checked > 0


def test_the_schema_spells_dice_notation_as_the_runtime_reads_it() -> None:
    """One notation: the JSON Schema's pattern (for editors) accepts exactly what the dice
    runtime of the generated package reads."""
    from rulesref.logic.runtime_dice import NOTATION

    schema = json.loads((schema_dir() / ENTRY).read_text())
    pattern = re.compile(schema["$defs"]["dice_notation"]["pattern"])
    samples = ["D6", "D3", "2D6", "10D6", "D6+1", "D3-1", "2D6+12", "0", "7", "100", "999", "1000", "D4", "0D6", "D6+0", "d6", "D", "2D", "+1", "D6+100", "", " D6"]
    assert any(NOTATION.fullmatch(s) for s in samples) and not all(NOTATION.fullmatch(s) for s in samples)
    for sample in samples:
        assert bool(pattern.search(sample)) == bool(NOTATION.fullmatch(sample)), sample


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_id_is_its_url_on_the_published_site(path: Path) -> None:
    from rulesref.config import DEFAULT_SITE_URL

    assert json.loads(path.read_text())["$id"] == f"{DEFAULT_SITE_URL}schemas/{path.name}"


def test_the_schema_lists_exactly_the_input_types_the_model_reads() -> None:
    """The input types are an enum (so editors complete them and a misspelling gets a "did
    you mean"): the named types and every dice type the model reads, no more."""
    from rulesref.model import DICE_TYPE

    schema = json.loads((schema_dir() / ENTRY).read_text())
    listed = schema["$defs"]["input"]["properties"]["type"]["enum"]
    candidates = {f"{count}D{sides}" for count in ["", *map(str, range(0, 12))] for sides in range(1, 13)}
    assert len(listed) == len(set(listed))
    assert set(listed) == {"bool", "int", "enum", "dice", "pool", "inches"} | {c for c in candidates if DICE_TYPE.fullmatch(c)}


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_every_markdown_description_is_written_from_its_description(path: Path) -> None:
    """Editors render `markdownDescription` and escape `description`: each description with
    code spans has its Markdown twin, derived, never kept by hand (`python3 tasks.py schemas`
    writes them)."""
    from rulesref.support.schema_text import derived

    text = path.read_text(encoding="utf-8")
    assert derived(text) == text, f"run `python3 tasks.py schemas`: {path.name} has a markdownDescription that differs from its description"
    described = [node for _, node in walk(json.loads(text)) if isinstance(node.get("description"), str) and "`" in node["description"]]
    assert described and all("markdownDescription" in node for node in described)


def test_the_branches_for_a_misspelt_kind_are_derived_from_the_kinds() -> None:
    """The entry schema checks a kind one edit from another against that kind (`schema_kinds`):
    its branches and each kind's `errorMessage` are what the module derives, never kept by hand."""
    from rulesref.support.schema_kinds import derived

    path = schema_dir() / ENTRY
    text = path.read_text(encoding="utf-8")
    assert derived(text) == text, "run `python3 tasks.py schemas`: the entry schema's branches for a misspelt kind differ"
    assert len(json.loads(text)["allOf"]) == 6


def _one_edit_from(word: str) -> set[str]:
    letters = "abcdefghijklmnopqrstuvwxyz-"
    out = {word[:i] + word[i + 1 :] for i in range(len(word))}
    out |= {word[:i] + c + word[i + 1 :] for i in range(len(word)) for c in letters}
    out |= {word[:i] + c + word[i:] for i in range(len(word) + 1) for c in letters}
    out |= {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return out


def test_a_value_is_near_a_kind_exactly_when_it_is_one_edit_from_it() -> None:
    """Every value one edit from a kind (in any case) matches that kind's pattern and no
    other's; values two edits away match none."""
    import re

    from rulesref.support.schema_kinds import near_pattern

    kinds = json.loads((schema_dir() / ENTRY).read_text(encoding="utf-8"))["properties"]["kind"]["enum"]
    patterns = {kind: re.compile(near_pattern(kind)) for kind in kinds}
    for kind in kinds:
        near = _one_edit_from(kind)
        for value in near | {v.upper() for v in near} | {kind.title()}:
            assert [k for k, p in patterns.items() if p.search(value)] == [kind], value
        far = {two for one in near for two in _one_edit_from(one)} - near - {kind}
        assert far and not any(p.search(value) for value in far for p in patterns.values())
        assert not patterns[kind].search(f"a {kind}") and not patterns[kind].search(f"{kind}s!")


def test_a_markdown_description_keeps_code_and_escapes_the_rest() -> None:
    from rulesref.support.schema_text import derived, markdown_of

    assert markdown_of("Page number in that book.") is None  # plain text reads the same either way
    assert markdown_of("`<system>` or <this> *here*") == r"`<system>` or \<this\> \*here\*"
    stale = '{"description": "A `kind`.", "markdownDescription": "A kind.", "type": "string"}'
    assert derived(stale) == '{"description": "A `kind`.", "markdownDescription": "A `kind`.", "type": "string"}'
    assert derived('{"markdownDescription": "left", "type": "string"}') == '{"type": "string"}'
    # a snippet's body and an example are content: a `description` key there is no schema's
    content = '{"examples": [{"description": "a `b`"}], "defaultSnippets": [{"label": "x", "description": "y", "body": {"description": "c `d`"}}]}'
    assert derived(content) == content
    # beside a `$ref`, even plain words get their twin: the referenced schema's would win otherwise
    beside = '{"$ref": "#/$defs/x", "description": "The condition."}'
    assert derived(beside) == '{"$ref": "#/$defs/x", "description": "The condition.", "markdownDescription": "The condition."}'


def _registry(schema: dict[str, Any]) -> Any:
    from referencing import Registry, Resource

    return Registry().with_resource(schema["$id"], Resource.from_contents(schema))


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_every_example_is_valid_where_it_stands(path: Path) -> None:
    """An example offered on hover and in completion, and a default the editor fills in, is
    a value the schema accepts there."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    registry = _registry(schema)
    for pointer, node in walk(schema):
        if pointer.endswith("/properties"):  # property names, one of which may be `examples`
            continue
        for example in node.get("examples", []) + ([node["default"]] if "default" in node else []):
            checker = Draft202012Validator({"$ref": f"{schema['$id']}#{pointer}"}, registry=registry)
            assert checker.is_valid(example), f"{path.name}{pointer}: {example!r}"


def pointed(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """`node`, or what its `$ref`s lead to until one has a `type` (refs are JSON pointers
    into the same schema)."""
    while "type" not in node and "$ref" in node:
        target: Any = schema
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def required_keys(node: dict[str, Any]) -> list[str]:
    """The keys an object's schema requires: its own `required` and those of its `allOf`,
    `oneOf` and `anyOf` branches and `then`s (an `int` input's `min`), not of its conditions."""
    found = list(node.get("required", []))
    for key in ("allOf", "oneOf", "anyOf"):
        for branch in node.get(key, []):
            found += required_keys(branch)
    return found + (required_keys(node["then"]) if "then" in node else [])


@pytest.mark.parametrize("name", ["entry.schema.json", "system.schema.json", "pyproject.schema.json"])
def test_every_required_key_has_a_type(name: str) -> None:
    """The YAML language server writes a new object's required keys into its completion only
    when their schemas name a `type` (with the `default`, when there is one, filled in): a key
    that is only an `enum`, such as a table's `die`, was left out, and the author learnt of it
    from the error. (The API schema describes files the build writes, which nobody completes.)"""
    schema = json.loads((schema_dir() / name).read_text(encoding="utf-8"))
    untyped = []
    for pointer, node in walk(schema):
        properties = node.get("properties")
        if not isinstance(properties, dict) or pointer.endswith("/properties") or "/if" in pointer or (name, pointer) in DISPATCHERS:
            continue
        if refuses_only(node):
            continue
        for key in dict.fromkeys(required_keys(node)):
            assert key in properties, f"{name}{pointer} requires `{key}`, which it does not describe"
            if "type" not in pointed(schema, properties[key]):
                untyped.append(f"{pointer}/properties/{key}")
    assert untyped == []


@pytest.mark.parametrize("name", ["entry.schema.json", "system.schema.json"])
def test_every_value_a_person_types_has_examples_or_choices(name: str) -> None:
    """Each string or number a person writes into a content file shows an example on hover,
    and completes: its own `examples`, those of what it refers to, or an enum or const."""
    schema = json.loads((schema_dir() / name).read_text(encoding="utf-8"))
    defs = schema.get("$defs", {})

    def offers(node: dict[str, Any]) -> bool:
        while True:
            if {"examples", "enum", "const"} & set(node):
                return True
            if "$ref" not in node:
                return False
            node = defs[node["$ref"].split("/")[-1]]

    def scalar(node: dict[str, Any]) -> bool:
        while "$ref" in node and "type" not in node:
            node = defs[node["$ref"].split("/")[-1]]
        kinds: list[Any] = node["type"] if isinstance(node.get("type"), list) else [node.get("type")]
        return bool(kinds) and set(kinds) <= {"string", "integer", "boolean"} and "oneOf" not in node and kinds != ["boolean"]

    lacking = []
    for pointer, node in walk(schema):
        leaves = [(f"{pointer}/properties/{k}", v) for k, v in node.get("properties", {}).items()] if not pointer.endswith("/properties") else []
        if isinstance(node.get("additionalProperties"), dict):
            leaves.append((f"{pointer}/additionalProperties", node["additionalProperties"]))
        if isinstance(node.get("items"), dict):
            leaves.append((f"{pointer}/items", node["items"]))
        lacking += [where for where, leaf in leaves if isinstance(leaf, dict) and scalar(leaf) and not offers(leaf) and "/if/" not in where]
    assert lacking == []


def as_inserted(body: Any) -> Any:
    """A snippet's body as the YAML language server inserts it with its placeholders left as
    they are: `${1:models}` becomes `models`, and each string is written as YAML, unquoted
    (`${2:1}` is the number 1)."""
    import yaml

    def words(text: str) -> str:
        return re.sub(r"\$\d+", "", re.sub(r"\$\{\d+:([^}]*)\}", r"\1", text))

    if isinstance(body, dict):
        return {words(k): as_inserted(v) for k, v in body.items()}
    if isinstance(body, list):
        return [as_inserted(v) for v in body]
    return yaml.safe_load(words(body)) if isinstance(body, str) else body


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_every_snippet_completes_to_a_value_valid_where_it_stands(path: Path) -> None:
    """A completion snippet (`defaultSnippets`) inserts valid content: its body, placeholders
    kept, passes the schema where it is offered (an array's snippet is one item of it)."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    registry = _registry(schema)
    for pointer, node in walk(schema):
        for snippet in node.get("defaultSnippets", []):
            assert {"label", "description", "body"} <= set(snippet), f"{path.name}{pointer}: {snippet}"
            value = as_inserted(snippet["body"])
            checker = Draft202012Validator({"$ref": f"{schema['$id']}#{pointer}"}, registry=registry)
            assert checker.is_valid([value] if node.get("type") == "array" else value), f"{path.name}{pointer}: {snippet['label']}: {value}"
