"""The editor support the README promises, asked of the YAML language server itself: the
problems it underlines, what it completes and what it shows on hover, from the shipped
schemas given as local files (no schema store, no network).

The server is the one VS Code's YAML extension runs (`yaml-language-server`, pinned in
`tests/js/package.json`); `tests/yaml_language_server.py` speaks the protocol to it.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulesref.support.schemas import ENTRY, SYSTEM, schema_dir

from .conftest import REPO
from .yaml_language_server import YamlLanguageServer

pytestmark = [pytest.mark.slow, pytest.mark.node]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("editor")
    (folder / "content" / "demo").mkdir(parents=True)
    return folder


@pytest.fixture(scope="module")
def server(workspace: Path) -> Iterator[YamlLanguageServer]:
    """One server for the module: entries under `content/*/` are mapped to the entry schema
    by setting, as the README's `.vscode/settings.json` maps them; a system file names its
    schema in its first line, as `rulesref new` writes it."""
    settings = {
        "yaml": {
            "schemas": {(schema_dir() / ENTRY).as_uri(): [f"{workspace.as_posix()}/content/*/entry-*.yml"]},
            "schemaStore": {"enable": False},
            "validate": True,
            "hover": True,
            "completion": True,
        },
        "http": {},
        "[yaml]": {},
        "editor": {},
    }
    language_server = YamlLanguageServer(settings, workspace)
    yield language_server
    language_server.close()


def opened(server: YamlLanguageServer, workspace: Path, name: str, text: str) -> tuple[str, list[dict[str, Any]]]:
    """Open a file (unsaved, as an editor buffer) and wait for its problems."""
    uri = server.open(workspace / "content" / "demo" / name, text)
    return uri, server.diagnostics(uri)


def lines_of(diagnostics: list[dict[str, Any]]) -> list[int]:
    return sorted(d["range"]["start"]["line"] + 1 for d in diagnostics)


def labels(items: list[dict[str, Any]]) -> set[str]:
    return {item["label"] for item in items}


def test_a_shipped_rule_has_no_problem_in_the_editor(server: YamlLanguageServer, workspace: Path) -> None:
    text = (REPO / "content" / "w40k7" / "mob-rule.yml").read_text(encoding="utf-8").split("\n", 1)[1]  # without its own modeline
    _, found = opened(server, workspace, "entry-mob-rule.yml", text)
    assert found == []


BROKEN = """\
id: broken
kind: rule
name: Broken
sumary: x
text: x
checks:
  c:
    summary: x
    inputs:
      a: {type: integer, min: 1, max: 3}
    output: {type: bool}
    decide:
      - when: a > 1
        otherwise: true
    examples:
      - given: {a: 1}
        expect: true
"""


def test_the_editor_underlines_what_the_schema_refuses_on_its_line(server: YamlLanguageServer, workspace: Path) -> None:
    """A misspelt key (so `summary` is missing), a type in JSON Schema's words and a row with
    both `when` and `otherwise`: each is underlined on its line, while the file is unsaved."""
    _, found = opened(server, workspace, "entry-broken.yml", BROKEN)
    assert sorted(set(lines_of(found))) == [1, 4, 10, 13, 14], found
    by_line: dict[int, list[str]] = {}
    for diagnostic in found:
        by_line.setdefault(diagnostic["range"]["start"]["line"] + 1, []).append(diagnostic["message"])
    assert "summary" in by_line[1][0] and "sumary" in by_line[4][0]
    assert '"int"' in by_line[10][0]  # the allowed values are listed, `int` among them
    row = 'A row has either "when" and "then", or "otherwise".'  # the row's missing `then`, and its `otherwise`
    assert by_line[13] == [row] and by_line[14] == [row]


REFUSED = """\
id: refused
kind: rule
name: Refused
summary: x
text: x
checks:
  c:
    summary: x
    inputs:
      a: {type: D6, min: 1}
    output: {type: bool}
    expr: a > 1
    examples:
      - given: {a: 1}
        expect: false
        raises: never
"""


def test_a_key_that_cannot_be_there_is_told_what_to_write(server: YamlLanguageServer, workspace: Path) -> None:
    """A failed `not` would read "Matches a schema that is not allowed": the schemas refuse a
    key with `false` beside an `errorMessage`, so the editor says what `validate` says."""
    _, found = opened(server, workspace, "entry-refused.yml", REFUSED)
    messages = {(d["range"]["start"]["line"] + 1, d["message"]) for d in found}
    assert (10, 'Only an "int" or "inches" input has "min" and "max"; remove it.') in messages, messages
    assert (16, 'An example has either "expect" (the result) or "raises" (words of the error).') in messages, messages
    assert not any("not allowed" in message for _, message in messages), messages


def test_a_misspelt_kind_is_named_and_the_other_keys_are_still_checked(server: YamlLanguageServer, workspace: Path) -> None:
    """`kind: unti` is told the kind it was meant to be, and the rest of the file is checked
    as that kind's: the misspelt key and the unit's missing `rules` are underlined too."""
    _, found = opened(server, workspace, "entry-misspelt.yml", "id: sample\nkind: unti\nname: Sample\nsumary: x\n")
    messages = [(d["range"]["start"]["line"] + 1, d["message"]) for d in found]
    assert any(line == 2 and 'Did you mean "unit"?' in message for line, message in messages), messages
    assert any(line == 4 and "sumary" in message for line, message in messages), messages
    assert any('"rules"' in message for _, message in messages), messages
    _, far = opened(server, workspace, "entry-far.yml", "id: sample\nkind: special\nname: Sample\nsumary: x\n")
    assert [d["range"]["start"]["line"] + 1 for d in far] == [2] and "Did you mean" not in far[0]["message"]


def test_an_empty_entry_completes_to_a_rule_unit_or_term(server: YamlLanguageServer, workspace: Path) -> None:
    uri, _ = opened(server, workspace, "entry-new.yml", "")
    items = {item["label"]: item for item in server.completion(uri, 0, 0)}
    assert {"rule", "unit", "term"} <= set(items)
    assert items["rule"]["insertText"].startswith("id: ${1:my-rule}\nkind: rule\nname: ${2:My Rule}\n")


CURSOR = "^"  # where a line ends in blanks (the cursor's place), written so the source has none

PARTS = """\
id: parts
kind: rule
name: Parts
summary: x
text: x
checks:
  c:
    summary: x
    inputs:
      roll: {type: D6}
      ^
    output: {type: bool}
    decide:
      - ^
    examples:
      - given: {roll: 1}
        expect: true
""".replace(CURSOR, "")


def test_the_parts_of_a_check_complete_from_snippets(server: YamlLanguageServer, workspace: Path) -> None:
    uri, _ = opened(server, workspace, "entry-parts.yml", PARTS)
    assert {"whole number", "yes or no", "one of some words", "dice roll"} <= labels(server.completion(uri, 10, 6))
    rows = {item["label"]: item for item in server.completion(uri, 13, 8)}
    assert {"when … then", "otherwise"} <= set(rows)  # a row with both keys, and the last row
    assert rows["when … then"]["insertText"] == "when: ${1:roll >= 4}\n  then: ${2:passed}"
    # a key's own words, not those of the expression it refers to
    assert documentation(rows["when"]) == "The condition (a boolean expression)."


def test_a_new_object_completes_with_every_key_it_requires(server: YamlLanguageServer, workspace: Path) -> None:
    """The server writes an object's required keys into the completion of its key, each
    typed one with its default: a table's `die` (once only an enum, so left out) is there,
    as D6, and so is an import's `from`; an input's own completion is a whole D6 input."""
    uri, _ = opened(server, workspace, "entry-required.yml", "id: required\nkind: rule\nname: Required\nsummary: x\ntext: x\n\n")
    keys = {item["label"]: item["insertText"] for item in server.completion(uri, 5, 0)}
    assert keys["table"] == "table:\n  die: ${1:D6}\n  rows:\n    - roll: $2\n      result: $3"
    assert keys["origin"].startswith("origin:\n  from: ${1:battlescribe}\n")
    uri, _ = opened(server, workspace, "entry-input.yml", PARTS.replace("roll: {type: D6}", "roll:\n        "))
    inputs = {item["label"]: item["insertText"] for item in server.completion(uri, 10, 8)}
    assert inputs["input"] == "type: D6"


PLACEHOLDER = re.compile(r"\$\{(\d+):([^}]*)\}|\$\{(\d+)\|([^,|]*)[^}]*\}|\$\{?(\d+)\}?")


def filled(snippet: str, values: dict[int, str] | None = None) -> str:
    """A snippet's text with its placeholders filled as an author fills them: with their
    words, or with `values` by placeholder number. A bare `$1` (nothing to keep) fails: the
    author would not know what goes there."""

    def fill(match: re.Match[str]) -> str:
        number = int(next(group for group in (match.group(1), match.group(3), match.group(5)) if group))
        if values and number in values:
            return values[number]
        kept = match.group(2) if match.group(1) else match.group(4)
        assert match.group(5) is None and kept, f"placeholder {match.group()} has no words to keep: {snippet!r}"
        return kept

    return PLACEHOLDER.sub(fill, snippet)


class Inserter:
    """Completions taken as an editor takes them: the item of a label at the cursor (`^`) of
    a text, filled and written in, its later lines indented as far as the cursor's line (as
    VS Code adjusts a snippet's indentation)."""

    def __init__(self, server: YamlLanguageServer, workspace: Path) -> None:
        self.server, self.workspace, self.opened = server, workspace, 0

    def insert(self, text: str, label: str, values: dict[int, str] | None = None) -> str:
        at = text.index(CURSOR)
        before, after = text[:at], text[at + 1 :]
        line, character = before.count("\n"), len(before) - (before.rfind("\n") + 1)
        self.opened += 1
        uri, _ = opened(self.server, self.workspace, f"entry-insert-{self.opened}.yml", before + after)
        items = {item["label"]: item for item in self.server.completion(uri, line, character)}
        assert label in items, f"no completion {label!r} at {line + 1}:{character + 1}: {sorted(items)}"
        item = items[label]
        edit = item.get("textEdit")
        if edit is not None:  # it replaces what the range covers on the cursor's line
            assert edit["range"]["start"]["line"] == line == edit["range"]["end"]["line"], edit
            start, end = edit["range"]["start"]["character"], edit["range"]["end"]["character"]
            line_start = len(before) - character
            before, after = before[: line_start + start], before[line_start + end :] + after
        indent = re.match(r"[ ]*", before[before.rfind("\n") + 1 :])
        assert indent is not None
        words = filled(edit["newText"] if edit is not None else item["insertText"], values)
        return before + words.replace("\n", "\n" + indent.group()) + after


HOST = """\
  moves:
    summary: How far the unit moves.
    inputs:
      ^
    output: {type: int}
    expr: "turn + roll + dice + hits if locked_in_combat and test == 'morale-check' and distance <= 7.5 else 0"
    examples:
      - given: {turn: 2, locked_in_combat: true, test: morale-check, roll: 3, dice: 5, hits: 1, distance: 6.5}
        expect: 11
"""

INPUTS = {  # each input snippet and how its author fills it (the inputs of one check need their own names)
    "whole number": {1: "turn", 3: "5"},
    "yes or no": {},
    "one of some words": {},
    "dice roll": {},
    "as many D6 as another input": {1: "dice"},
    "dice pool": {2: "turn"},
    "distance in half inches": {},
}


def test_what_completion_inserts_for_new_content_validates_once_filled(server: YamlLanguageServer, workspace: Path, content: Path) -> None:
    """A new rule, unit and term (into an empty file), both checks (under `checks`), every
    input (a dice input among them) and both examples, each as the server inserts it and
    with its placeholders filled: the entries they make pass the JSON Schema and
    `rulesref validate` in a demo repository. Their summaries, kept as the snippets word
    them, are the placeholders `rulesref new` writes, and warned of as such; in the author's
    own words, nothing is left to say."""
    from rulesref.support.schemas import validator
    from rulesref.validate import validate

    insert = Inserter(server, workspace)
    rule = insert.insert(CURSOR, "rule").rstrip("\n") + "\nchecks:\n  ^\n"
    rule = insert.insert(rule, "check with one expression") + "  ^\n"
    rule = insert.insert(rule, "check with a decision table").rstrip("\n")  # the last check: its examples end the text
    for label in ("given … expect", "given … raises"):
        rule = insert.insert(rule + "\n      - ^", label)
    rule += "\n" + HOST
    for label, values in INPUTS.items():
        rule = insert.insert(rule, label, values).replace("    output: {type: int}", "      ^\n    output: {type: int}", 1)
    rule = rule.replace("      ^\n", "")
    unit = insert.insert(CURSOR, "unit") + "\n"
    term = insert.insert(CURSOR, "term") + "\n"

    demo = content / "demo"
    files = [str(demo / f"my-{kind}.yml") for kind in ("rule", "unit", "term")]
    for name, text in (("my-rule", rule), ("my-unit", unit), ("my-term", term)):
        data = yaml.safe_load(text)
        assert data["id"] == name
        assert list(validator(ENTRY).iter_errors(data)) == [], text
        (demo / f"{name}.yml").write_text(text, encoding="utf-8")
    kept = validate(files).problems
    assert sorted((Path(p.path).name, p.line, p.code, p.severity) for p in kept) == [
        ("my-rule.yml", 4, "placeholder-text", "warning"),
        ("my-term.yml", 4, "placeholder-text", "warning"),
        ("my-unit.yml", 4, "placeholder-text", "warning"),
    ], "\n".join(map(str, kept))
    for name in ("my-rule", "my-unit", "my-term"):
        text = (demo / f"{name}.yml").read_text(encoding="utf-8")
        (demo / f"{name}.yml").write_text(re.sub(r"^summary: .*$", "summary: In the author's own words.", text, count=1, flags=re.M), encoding="utf-8")
    assert [str(p) for p in validate(files).problems] == [], rule
    checks = yaml.safe_load(rule)["checks"]
    assert sorted(checks) == ["moves", "outcome", "passes"]
    assert len(checks["outcome"]["examples"]) == 3 and set(checks["moves"]["inputs"]) == {"turn", "locked_in_combat", "test", "roll", "dice", "hits", "distance"}


def test_an_input_type_completes_to_the_types_there_are(server: YamlLanguageServer, workspace: Path) -> None:
    uri, _ = opened(server, workspace, "entry-type.yml", PARTS.replace("roll: {type: D6}", "roll:\n        type: "))
    offered = labels(server.completion(uri, 10, 14))
    assert {"bool", "int", "enum", "dice", "D6", "2D6", "3D6", "D3"} <= offered


def test_hover_renders_code_and_shows_an_example(server: YamlLanguageServer, workspace: Path) -> None:
    """The descriptions' code spans are Markdown (not escaped backquotes), and a value
    without an example in its words shows one."""
    uri, _ = opened(server, workspace, "entry-hover.yml", "id: hover\nkind: rule\nname: Hover\nsummary: x\ntext: x\nsource: {book: core, page: 3}\n")
    kind = server.hover(uri, 1, 1)
    assert "`rule` (a special rule)" in kind and "\\`" not in kind
    page = server.hover(uri, 5, 25)
    assert "Page number in that book." in page and "```yaml\n92\n```" in page


def test_a_system_file_names_its_schema_and_completes(server: YamlLanguageServer, workspace: Path) -> None:
    modeline = f"# yaml-language-server: $schema={(schema_dir() / SYSTEM).as_uri()}\n"
    uri, found = opened(server, workspace, "system.yml", modeline + "id: demo\nname: Demo\nedition: 1st\nbooks:\n  core: {title: Core, yeer: 2024}\n")
    assert lines_of(found) == [6] and "yeer" in found[0]["message"]
    uri, _ = opened(server, workspace, "new-system.yml", modeline)
    assert "system" in labels(server.completion(uri, 1, 0))


def documentation(item: dict[str, Any]) -> str:
    found = item.get("documentation") or ""
    return str(found["value"] if isinstance(found, dict) else found)


def rendered_hover(text: str) -> str:
    """A hover as the README shows it: the Markdown the server returned, without the line
    naming the local schema file (which differs per checkout)."""
    return re.sub(r"\n*Source: \[[^\]]*\]\([^)]*\)\s*$", "", text).strip()


def rendered_completion(items: list[dict[str, Any]]) -> str:
    """A completion list as the README shows it: each label and the first line of its text."""
    width = max(len(item["label"]) for item in items)
    return "\n".join(f"{item['label']:<{width}}  {documentation(item).splitlines()[0] if documentation(item) else ''}".rstrip() for item in items)


README_ENTRY = """\
id: readme
kind: rule
name: Readme
summary: x
text: x
checks:
  c:
    summary: x
    inputs:
      turn: {type: int, min: 1, max: 5}
      roll: {type: D6, count: turn}
    output: {type: bool}
    decide:
      - ^
""".replace(CURSOR, "")


def test_the_readme_shows_a_hover_and_a_completion_as_the_server_returns_them(server: YamlLanguageServer, workspace: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    uri, _ = opened(server, workspace, "entry-readme.yml", README_ENTRY)
    hover = rendered_hover(server.hover(uri, 10, 32))
    assert textwrap.indent(f"~~~markdown\n{hover}\n~~~", "  ") in readme, hover  # in a list item
    completion = rendered_completion(server.completion(uri, 13, 8))
    assert textwrap.indent(f"~~~text\n{completion}\n~~~", "  ") in readme, completion
