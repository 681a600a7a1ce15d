"""Differences a reader can see: a text's words marked `<ins>` and `<del>`, and a check's or a
rule's parameters compared part by part (what was added, removed or changed).

The word diff works on the words and spaces of the text as it reads (links shown as their
words), so a reworded sentence marks the words that changed, not its whole paragraph. The
output is escaped HTML: the only markup in it is the `<ins>` and `<del>` this module writes.
"""

from __future__ import annotations

import html
import json
import re
from difflib import SequenceMatcher
from typing import Any

from rulesref.links import plain_text

_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")


def word_diff(before: str | None, after: str | None) -> str:
    """HTML of `after` with the words `before` had and it lacks in `<del>`, its new ones in `<ins>`."""
    old = _TOKEN.findall(plain_text(before or ""))
    new = _TOKEN.findall(plain_text(after or ""))
    parts: list[str] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            parts.append(html.escape("".join(old[i1:i2])))
            continue
        removed, added = "".join(old[i1:i2]), "".join(new[j1:j2])
        if removed:
            parts.append(f"<del>{html.escape(removed)}</del>")
        if added:
            parts.append(f"<ins>{html.escape(added)}</ins>")
    return "".join(parts)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _keyed(before: dict[str, Any], after: dict[str, Any], what: str) -> list[str]:
    """`what` added, removed and changed between two mappings by key, in words."""
    said = []
    added = [k for k in after if k not in before]
    removed = [k for k in before if k not in after]
    changed = [k for k in after if k in before and _canonical(before[k]) != _canonical(after[k])]
    for verb, keys in (("added", added), ("removed", removed), ("changed", changed)):
        if keys:
            said.append(f"{what} {verb}: " + ", ".join(f"`{k}`" for k in keys))
    return said


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _examples(before: list[Any], after: list[Any]) -> list[str]:
    """Examples compared by what they are given: one given the same is changed when what it
    expects changed; others are added or removed."""
    old = {_canonical(_mapping(e).get("given")): e for e in before}
    new = {_canonical(_mapping(e).get("given")): e for e in after}
    counts = {
        "added": sum(1 for k in new if k not in old),
        "removed": sum(1 for k in old if k not in new),
        "changed": sum(1 for k in new if k in old and _canonical(old[k]) != _canonical(new[k])),
    }
    return [f"{n} example{'s' if n != 1 else ''} {verb}" for verb, n in counts.items() if n]


LOGIC_KEYS = ("expr", "decide", "decide_row", "table")


def check_diff(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """A check's changes in words: its summary, inputs, output, logic and examples."""
    said = []
    if before.get("summary") != after.get("summary"):
        said.append("summary changed")
    said += _keyed(_mapping(before.get("inputs")), _mapping(after.get("inputs")), "inputs")
    if _canonical(before.get("output")) != _canonical(after.get("output")):
        said.append("output changed")
    if any(_canonical(before.get(k)) != _canonical(after.get(k)) for k in LOGIC_KEYS):
        said.append("logic changed")
    old, new = before.get("examples"), after.get("examples")
    said += _examples(old if isinstance(old, list) else [], new if isinstance(new, list) else [])
    rest = {k for k in before.keys() | after.keys() if k not in {"summary", "inputs", "output", "examples", *LOGIC_KEYS}}
    if any(_canonical(before.get(k)) != _canonical(after.get(k)) for k in sorted(rest)):
        said.append("other settings changed")
    return said


def checks_diff(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    """Each check added, removed or changed: `(name, "added" | "removed" | "changed", details)`."""
    found: list[tuple[str, str, list[str]]] = []
    for name in list(after) + [n for n in before if n not in after]:
        if name not in before:
            found.append((name, "added", []))
        elif name not in after:
            found.append((name, "removed", []))
        elif _canonical(before[name]) != _canonical(after[name]):
            found.append((name, "changed", check_diff(_mapping(before[name]), _mapping(after[name]))))
    return found


def params_diff(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    return _keyed(before, after, "parameters")
