"""JSON Schema validation of a loaded document, with every error mapped back to a line and column.

jsonschema's own messages quote Python reprs of whole subtrees; an editor wants "unknown key
`nmae`; did you mean `name`?" at the key's line. So each error is rephrased here, by the
keyword that failed, and placed at the key or value it is about.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from jsonschema import ValidationError

from rulesref.problems import Problem, excerpt
from rulesref.problems.suggest import did_you_mean
from rulesref.read.load import Document, JsonPath
from rulesref.support.schemas import fast_validator, validator

_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def _type_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _where(path: JsonPath) -> str:
    """A readable name for the place an error is about: `checks.resolve.inputs`."""
    parts = [f"[{p}]" if isinstance(p, int) else p for p in path]
    text = ".".join(parts).replace(".[", "[")
    return f"`{text}`" if text else "the top level"


def _show(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"`{text}`"


def _first_sentence(text: str) -> str:
    match = re.match(r"(.+?\.)(\s|$)", text)
    return (match.group(1) if match else text).rstrip(".:")


def _allowed_keys(schema: dict[str, Any]) -> list[str]:
    return sorted(schema.get("properties", {}))


class _Checked(NamedTuple):
    """What an error is explained against: the document's data and the whole schema."""

    data: Any
    schema: Any


def _errors(error: ValidationError, checked: _Checked) -> Iterator[tuple[JsonPath, bool, str, str]]:
    """(path, at_key, code, message) for one jsonschema error; may expand to several."""
    if error.schema is False:
        yield _refusal(error, checked)
        return
    path: JsonPath = tuple(error.absolute_path)
    keyword = error.validator
    value: Any = error.instance
    limit: Any = error.validator_value
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    if keyword == "additionalProperties" and isinstance(value, dict):
        allowed = _allowed_keys(schema)
        patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
        for key in value:
            if key in schema.get("properties", {}) or any(p.search(key) for p in patterns):
                continue
            hint = did_you_mean(key, allowed)
            if not hint and any(p.search(key.upper()) for p in patterns):
                hint = f"; did you mean `{key.upper()}`? (parameter names are upper case)"
            if not hint and " " in key.strip():
                hint = "; if these words belong to the value before them, quote that value: a comma inside `{...}` ends it"
            listed = f" (allowed: {', '.join(allowed)})" if allowed and not hint else ""
            yield path + (key,), True, "unknown-key", f"unknown key `{key}` in {_where(path)}{hint}{listed}"
        return
    if keyword == "required":
        for key in limit:
            if isinstance(value, dict) and key not in value:
                yield path, bool(path), "missing-key", f"{_where(path)} is missing the required key `{key}`{_condition(error, ', which `{}` needs')}"
        return
    if keyword == "type":
        wanted = limit
        wanted_list = wanted if isinstance(wanted, list) else [wanted]
        names = " or ".join(_TYPE_NAMES.get(str(w), str(w)) for w in wanted_list)
        yield path, False, "wrong-type", f"{_where(path)} must be {names}, not {_TYPE_NAMES[_type_of(value)]}"
        return
    if keyword in ("enum", "const"):
        options = limit if keyword == "enum" else [limit]
        yield path, False, "bad-value", f"{_where(path)} is {_show(value)}; it must be {_one_of(options)}{_value_hint(value, options)}"
        return
    if keyword == "pattern" and "propertyNames" in error.absolute_schema_path and isinstance(value, str):
        # a key's name is checked with the key as the instance, at the path of its mapping
        what = _first_sentence(schema.get("description", "a name"))
        yield path + (value,), True, "bad-key", f"key `{value}` in {_where(path)} is not allowed: it must be {what[0].lower() + what[1:]}"
        return
    if keyword == "pattern":
        what = _first_sentence(schema.get("description", "the expected form"))
        yield path, False, "bad-format", f"{_where(path)} {_show(value)} is not in the expected form: {what}"
        return
    if keyword in ("minLength", "maxLength"):
        if keyword == "minLength":
            yield path, False, "out-of-range", f"{_where(path)} must not be empty"
        else:
            yield path, False, "out-of-range", f"{_where(path)} is {len(value)} characters long; the limit is {limit}"
        return
    if keyword in ("minimum", "maximum"):
        word = "at least" if keyword == "minimum" else "at most"
        yield path, False, "out-of-range", f"{_where(path)} is {value}; it must be {word} {limit}"
        return
    if keyword in ("minItems", "maxItems", "minProperties", "maxProperties"):
        word = "at least" if keyword.startswith("min") else "at most"
        noun = "item" if "Items" in keyword else "key"
        count = limit
        yield path, False, "out-of-range", f"{_where(path)} must have {word} {count} {noun}{'s' if count != 1 else ''}"
        return
    if keyword == "uniqueItems":
        seen: list[Any] = []
        for index, item in enumerate(value):
            if item in seen:
                yield path + (index,), False, "duplicate-item", f"{_where(path)} lists {_show(item)} twice"
            seen.append(item)
        return
    if keyword == "not":  # (a value, such as a Python keyword for a package name; keys are refused with `false`)
        yield path, False, "schema", f"{_where(path)} is not allowed here"
        return
    if keyword in ("oneOf", "anyOf"):
        forms = _key_forms(limit)
        if forms is not None and isinstance(value, dict):
            yield _explain_forms(path, value, forms)
            return
        yield from _best_branch(error, checked)
        return
    yield path, False, "schema", f"{_where(path)}: {error.message}"


def _code(text: str) -> str:
    return f"`{text}`"


def _and(keys: list[str]) -> str:
    """`a`, `b` and `c`."""
    shown = [_code(k) for k in keys]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


MAX_LISTED = 8  # values named in a message; a longer list ends in "..."


def _one_of(options: list[Any]) -> str:
    shown = [_code(str(o)) for o in options[:MAX_LISTED]] + (["..."] if len(options) > MAX_LISTED else [])
    return shown[0] if len(shown) == 1 else f"one of {', '.join(shown)}"


# what people write for rulesref's types in the words of JSON Schema, Python or TypeScript
_TYPE_WORDS = {"integer": "int", "number": "int", "float": "int", "boolean": "bool", "true/false": "bool", "choice": "enum", "dice roll": "D6"}


def _value_hint(value: Any, options: list[Any]) -> str:
    """"; did you mean `x`?" for a value near one of the options, or meaning one (`integer`)."""
    if not isinstance(value, str):
        return ""
    names = [str(o) for o in options]
    meant = _TYPE_WORDS.get(value.strip().casefold())
    if meant in names and meant != value:
        return f"; did you mean `{meant}`?"
    return did_you_mean(value, names)


def _condition(error: ValidationError, template: str) -> str:
    """For an error of a `then` that applies under an `if` on the value's `type` (an `int`
    input needs `min` and `max`), `template` filled with `type: <its value>`; else ''."""
    schema_path = list(error.absolute_schema_path)
    if len(schema_path) < 2 or schema_path[-2] != "then" or not isinstance(error.instance, dict):
        return ""
    kind = error.instance.get("type")
    return template.format(f"type: {kind}") if isinstance(kind, str) else ""


def _key_forms(branches: Any) -> list[tuple[list[str], list[str]]] | None:
    """A `oneOf` whose branches only say which keys must and must not be there (`when` and
    `then`, or `otherwise`; `expect` or `raises`): each branch's (required, forbidden) keys;
    None for any other `oneOf`."""
    if not isinstance(branches, list) or not branches:
        return None
    forms = []
    for branch in branches:
        if not isinstance(branch, dict) or not set(branch) <= _FORM_KEYS or "required" not in branch:
            return None
        forms.append((list(branch["required"]), _false_keys(branch)))
    return forms


_FORM_KEYS = frozenset(("required", "properties", "description", "errorMessage"))


def _false_keys(schema: dict[str, Any]) -> list[str]:
    """The keys a schema refuses outright (`properties: {raises: false}`): how the schemas
    say a key cannot be there, because the editor then words it by the `errorMessage`
    beside them (it has no words of its own for a failed `not`)."""
    return [key for key, sub in schema.get("properties", {}).items() if sub is False]


def _explain_forms(path: JsonPath, value: dict[str, Any], forms: list[tuple[list[str], list[str]]]) -> tuple[JsonPath, bool, str, str]:
    """One problem for a mapping that fits none of its key forms: the keys that cannot go
    together, or the key it lacks, and the forms it may take."""
    either = (", or " if any(len(required) > 1 for required, _ in forms) else " or ").join(_and(required) for required, _ in forms)
    for required, forbidden in forms:
        clash = [k for k in value if k in forbidden]
        if all(k in value for k in required) and clash:
            keys = [k for k in value if k in required or k in clash]
            return path + (keys[-1],), True, "conflicting-keys", f"{_where(path)} cannot have {_and(keys)} together: it takes either {either}"
    mentioned = {k for required, forbidden in forms for k in required + forbidden}
    if not any(k in value for k in mentioned):
        return path, bool(path), "missing-key", f"{_where(path)} needs {either}"
    closest = min(forms, key=lambda form: sum(1 for k in form[0] if k not in value))
    lacking = [k for k in closest[0] if k not in value]
    return path, bool(path), "missing-key", f"{_where(path)} is missing {_and(lacking)}: it takes either {either}"


def _best_branch(error: ValidationError, checked: _Checked) -> Iterator[tuple[JsonPath, bool, str, str]]:
    """Explain a failed oneOf/anyOf by the branch that fits the value's type best."""
    branches: dict[int, list[ValidationError]] = {}
    for sub in error.context or []:
        branches.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
    path: JsonPath = tuple(error.absolute_path)
    if not branches:
        yield path, False, "schema", f"{_where(path)} matches more than one allowed form"
        return

    def badness(subs: list[ValidationError]) -> tuple[int, int, int]:
        shallow_type = sum(1 for s in subs if s.validator == "type" and len(s.absolute_path) == len(error.absolute_path))
        return (shallow_type, -max(_depth(s) for s in subs), len(subs))

    best = min(branches.values(), key=badness)
    if badness(best)[0]:
        described = error.schema.get("description") if isinstance(error.schema, dict) else None
        what = _first_sentence(described) if described else "one of the allowed forms"
        yield path, False, "wrong-type", f"{_where(path)} must be {what[0].lower() + what[1:]}, not {_TYPE_NAMES[_type_of(error.instance)]}"
        return
    from jsonschema.exceptions import relevance

    for sub in sorted(best, key=relevance):
        yield from _errors(sub, checked)


FULL_EXPLANATION_CHARS = 32 * 1024  # larger invalid files are explained by the compiled validator
MAX_COMPILED_ERRORS = 200
_CODES = {
    "additionalProperties": "unknown-key", "required": "missing-key", "type": "wrong-type", "enum": "bad-value",
    "const": "bad-value", "pattern": "bad-format", "format": "bad-format", "propertyNames": "bad-key",
    "maxLength": "out-of-range", "minLength": "out-of-range", "maxItems": "out-of-range", "minItems": "out-of-range",
    "minimum": "out-of-range", "maximum": "out-of-range", "maxProperties": "out-of-range", "minProperties": "out-of-range",
    "uniqueItems": "duplicate-item",
}


def _compiled_problems(doc: Document, fast: Any) -> list[Problem]:
    """Problems as the compiled validator words them: plainer than the Python validator's
    explanations, but found in a time that does not grow with the Python validator's cost
    per value (seconds for a file near the size limit)."""
    problems = []
    for error in itertools.islice(fast.iter_errors(doc.data), MAX_COMPILED_ERRORS):
        path: JsonPath = tuple(error.instance_path)
        keyword = error.schema_path[-1] if error.schema_path and isinstance(error.schema_path[-1], str) else ""
        problems.append(doc.problem(path, _CODES.get(keyword, "schema"), f"{_where(path)}: {excerpt(error.message, 200)}"))
    return problems


def schema_problems(doc: Document, schema_name: str) -> list[Problem]:
    """Problems of a document against a schema. Valid files (nearly all of them) are passed by
    the compiled validator; the full Python validator explains the rest, key by key (the
    compiled one words them when a file is large)."""
    fast = fast_validator(schema_name)
    if fast is not None and fast.is_valid(doc.data):
        return []
    if fast is not None and len(doc.text) > FULL_EXPLANATION_CHARS:
        return _compiled_problems(doc, fast)
    problems: list[Problem] = []
    checker = validator(schema_name)
    errors = list(checker.iter_errors(doc.data))
    checked = _Checked(doc.data, checker.schema)
    nearest = _nearest(errors)
    wrong = {tuple(e.absolute_path) for e in errors if e.schema is not False}
    said = set()
    for error in _unshadowed(errors):
        if error.validator == "const" and tuple(error.absolute_path) in nearest:
            continue  # said by the value's own problem
        if error.schema is False and tuple(error.absolute_path) + ("type",) in wrong:
            continue  # a key refused for a type that is itself wrong: the type's problem says it
        for path, at_key, code, message in _errors(error, checked):
            meant = nearest.get(path) if error.validator == "enum" else None
            if meant is not None:
                message += f" (the other keys are checked against {_code(meant)})"
            if (path, code, message) not in said:  # the keys one branch refuses are said once
                said.add((path, code, message))
                problems.append(doc.problem(path, code, message, key=at_key))
    return problems


def _depth(error: ValidationError) -> int:
    """How far into the value an error is: a refused key is one step in (jsonschema reports
    a `false` schema at the mapping that holds the key)."""
    return len(error.absolute_path) + (error.schema is False)


def _refusal(error: ValidationError, checked: _Checked) -> tuple[JsonPath, bool, str, str]:
    """The problem of keys a schema refuses with `false` (a `D6` input's `min`, under an `if`
    on its `type`): the keys, the type and, in the editor's words (the `errorMessage`
    beside them), which type has them. jsonschema reports a `false` schema at the mapping,
    with no key, so the keys are found again from the schema that refuses them."""
    path: JsonPath = tuple(error.absolute_path)
    branch, value = _schema_at(checked.schema, tuple(error.absolute_schema_path)[:-1]), _value_at(checked.data, path)
    keys = [k for k in _false_keys(branch) if k in value] if isinstance(branch, dict) and isinstance(value, dict) else []
    if not keys:
        return path, False, "schema", f"{_where(path)} is not allowed here"
    typed = value.get("type")
    condition = f" with `type: {typed}`" if isinstance(typed, str) and tuple(error.absolute_schema_path)[-2:-1] == ("then",) else ""
    words = branch.get("errorMessage")
    reason = _as_code(words).rstrip(".") if isinstance(words, str) else ""
    said = f": {reason[0].lower()}{reason[1:]}" if reason else ""
    return path + (keys[-1],), True, "conflicting-keys", f"{_where(path)} cannot have {_and(keys)}{condition}{said}"


def _schema_at(root: Any, schema_path: tuple[Any, ...]) -> Any:
    """The schema at a jsonschema error's `absolute_schema_path` (which passes through a
    `$ref` without naming it)."""
    node = root
    for part in schema_path:
        while isinstance(node, dict) and part not in node and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
            node = _value_at(root, tuple(node["$ref"][2:].split("/")))
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        else:
            return None
    return node


def _value_at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _as_code(words: str) -> str:
    """The editor's words (plain text, names in double quotes) with names as code."""
    return re.sub(r'"([^"\s]+)"', r"`\1`", words)


def _nearest(errors: list[ValidationError]) -> dict[JsonPath, str]:
    """The value meant, where a value failed its `enum` and also the `const` of a branch
    taken because it is near one of them (a misspelt `kind`: `schema_kinds`), by path."""
    refused = {tuple(e.absolute_path) for e in errors if e.validator == "enum"}
    return {
        tuple(e.absolute_path): str(e.validator_value)
        for e in errors
        if e.validator == "const" and tuple(e.absolute_path) in refused and isinstance(e.validator_value, str)
    }


_SAYS_MORE_THAN_TYPE = frozenset(("enum", "const", "oneOf", "anyOf"))


def _unshadowed(errors: list[ValidationError]) -> list[ValidationError]:
    """The errors without a `type` error that a sibling keyword of the same schema explains
    better: a key typed for editors beside its `enum` (`die: 3`) or its `oneOf` (an `output`)
    gets one problem, the one naming the values or forms it may take."""
    explained = {
        (tuple(e.absolute_path), tuple(e.absolute_schema_path)[:-1]) for e in errors if e.validator in _SAYS_MORE_THAN_TYPE
    }
    return [
        e for e in errors if e.validator != "type" or (tuple(e.absolute_path), tuple(e.absolute_schema_path)[:-1]) not in explained
    ]
