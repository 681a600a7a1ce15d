"""The entry schema's branches for a misspelt `kind`, derived from its list of kinds.

An entry's keys are checked by the branch its `kind` selects (`if kind is rule, then the rule
schema`). A file whose `kind` is misspelt selected none, so it got one problem, the unknown
kind, and neither the editor nor `rulesref validate` said a word about its other keys. Both
read the same schema, so the fix is in the schema: beside each kind's own branch there is one
for the values a single edit away from it (a letter wrong, missing, added or two swapped; any
case: `rul`, `Rules`, `ruel`), which checks the other keys as that kind's, and the kind's own
`const` carries an `errorMessage` (the editor's words when it fails, which it can only fail
through that branch) naming the kind meant. The kinds are at least three edits apart, so no
value is near two of them.

JSON Schema cannot measure edit distance, so each near branch holds a regular expression of
the values one edit away, written out here; `python3 tasks.py schemas` writes the branches
and a test fails while the schema's differ from what this module derives.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

BLOCK = re.compile(r'(?m)^  "allOf": \[\n(?:    .*\n)*?  \]')  # the entry schema's top-level branches


def _letter(char: str) -> str:
    """A character of the kind's name in any case, as a regular expression."""
    return f"[{char.lower()}{char.upper()}]" if char.lower() != char.upper() else re.escape(char)


def near_pattern(word: str) -> str:
    """A regular expression (of the syntax JSON Schema and Python share) matching every
    value within one edit of `word`, case aside: `word` itself in any case, one letter
    changed, left out or added, or two neighbours swapped."""
    letters = [_letter(c) for c in word]
    forms = {"".join(letters)}
    for i in range(len(word)):
        forms.add("".join(letters[:i] + ["."] + letters[i + 1 :]))  # changed
        forms.add("".join(letters[:i] + letters[i + 1 :]))  # left out
    for i in range(len(word) + 1):
        forms.add("".join(letters[:i] + ["."] + letters[i:]))  # added
    for i in range(len(word) - 1):
        forms.add("".join(letters[:i] + [letters[i + 1], letters[i]] + letters[i + 2 :]))  # swapped
    forms.discard("")
    return f"^(?:{'|'.join(sorted(forms))})$"


def error_message(kind: str, kinds: list[str]) -> str:
    """What the editor says of a misspelt kind near `kind`."""
    listed = ", ".join(f'"{k}"' for k in kinds[:-1]) + f' or "{kinds[-1]}"'
    return f'Not a kind: an entry is a {listed}. Did you mean "{kind}"? (The other keys are checked against "{kind}".)'


def _branches(kinds: list[str]) -> list[dict[str, object]]:
    exact: list[dict[str, object]] = [
        {"if": {"properties": {"kind": {"const": k}}, "required": ["kind"]}, "then": {"$ref": f"#/$defs/{k}"}} for k in kinds
    ]
    near: list[dict[str, object]] = [
        {
            "$comment": f"a kind one edit from `{k}` (misspelt): the other keys are checked against `{k}`",
            "if": {"properties": {"kind": {"type": "string", "not": {"enum": kinds}, "pattern": near_pattern(k)}}, "required": ["kind"]},
            "then": {"$ref": f"#/$defs/{k}"},
        }
        for k in kinds
    ]
    return exact + near


def _with_member(member: str) -> Callable[[re.Match[str]], str]:
    """A replacement keeping the matched line's start and ending it with `member`."""

    def replace(found: re.Match[str]) -> str:
        return found.group(1) + member

    return replace


def derived(text: str) -> str:
    """The entry schema's text with its top-level branches and each kind's `errorMessage`
    as the kinds listed in its `kind` enum make them; any other schema's text as it is."""
    schema = json.loads(text)
    kinds = schema.get("properties", {}).get("kind", {}).get("enum")
    if not isinstance(kinds, list) or not BLOCK.search(text):
        return text
    lines = [f"    {json.dumps(branch, ensure_ascii=False)}" for branch in _branches(kinds)]
    text = BLOCK.sub(lambda _: '  "allOf": [\n' + ",\n".join(lines) + "\n  ]", text, count=1)
    for kind in kinds:
        line = re.compile(rf'("kind": \{{"description"[^\n]*"const": "{re.escape(kind)}")(?:, "errorMessage": "(?:[^"\\]|\\.)*")?\}}')
        text, count = line.subn(_with_member(f', "errorMessage": {json.dumps(error_message(kind, kinds))}}}'), text)
        if count != 1:
            raise ValueError(f"the entry schema's `{kind}` has {count} `kind` lines with its const, not one")
    json.loads(text)  # still JSON
    return text
