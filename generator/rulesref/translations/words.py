"""What a translation translates of an entry, and the state those words are in.

The words are read from an entry file's data (the content now, or a file as git holds it at
an earlier commit), so the state a translation records can be found again in the source's
history. The state is the first 12 hexadecimal digits of the SHA-256 of the words as
canonical JSON: any change to a word a reader sees changes it; a change to a check's logic,
an example or a profile does not.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

FIELDS = ("name", "aliases", "summary", "text", "table", "checks")  # in the order reports show them


def _string(value: object) -> str | None:
    return value if isinstance(value, str) else None


def source_words(data: object) -> dict[str, Any]:
    """The words of an entry file's data that a translation translates, by field (a field the
    entry lacks is None, or empty)."""
    if not isinstance(data, dict):
        return {}
    aliases = data.get("aliases")
    table = data.get("table")
    rows = table.get("rows") if isinstance(table, dict) else None
    checks = data.get("checks")
    return {
        "name": _string(data.get("name")),
        "aliases": [a for a in aliases if isinstance(a, str)] if isinstance(aliases, list) else [],
        "summary": _string(data.get("summary")),
        "text": _string(data.get("text")),
        "table": None
        if not isinstance(rows, list)
        else {
            "title": _string(table.get("title")) if isinstance(table, dict) else None,
            "rows": [{"roll": str(r.get("roll")), "title": _string(r.get("title")), "result": _string(r.get("result"))} for r in rows if isinstance(r, dict)],
        },
        "checks": {
            name: {"summary": _string(check.get("summary")), "inputs": _input_summaries(check.get("inputs"))}
            for name, check in sorted(checks.items())
            if isinstance(check, dict)
        }
        if isinstance(checks, dict)
        else {},
    }


def _input_summaries(inputs: object) -> dict[str, str | None]:
    if not isinstance(inputs, dict):
        return {}
    return {name: _string(spec.get("summary")) if isinstance(spec, dict) else None for name, spec in sorted(inputs.items())}


def state_of(data: object) -> str:
    """The state of an entry's words: what a translation of it records as `translates`."""
    canonical = json.dumps(source_words(data), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]


def shown_words(words: dict[str, Any]) -> dict[str, str]:
    """Each field of `source_words` as the text a reader compares (for word diffs): lists
    and tables as lines."""
    shown: dict[str, str] = {}
    for field in FIELDS:
        value = words.get(field)
        if field == "aliases":
            shown[field] = ", ".join(value or [])
        elif field == "table":
            rows = (value or {}).get("rows") or []
            title = (value or {}).get("title")
            lines = ([title] if title else []) + [f"{r['roll']}: " + ": ".join(p for p in (r.get("title"), r.get("result")) if p) for r in rows]
            shown[field] = "\n".join(lines)
        elif field == "checks":
            lines = []
            for name, check in (value or {}).items():
                lines.append(f"{name}: {check.get('summary') or ''}")
                lines += [f"{name}.{i}: {s}" for i, s in (check.get("inputs") or {}).items() if s]
            shown[field] = "\n".join(lines)
        else:
            shown[field] = value or ""
    return shown
