"""Writing the import: entry files merged with what people already wrote.

Ownership decides every field. The importer owns what it brings in (name, text, table,
source, rules, profiles, origin, and the summary while it is marked as derived); people own
everything else (`checks`, `notes`, `corrections`, `tags`, `same_as`, a rewritten summary,
parameters once written). Their fields are copied through byte for byte: the file is split
into its top-level keys and only the importer's keys are written afresh.

An entry whose imported part (text and table of a rule, rules and profiles of a unit) a
person edited is left alone and reported. Edits recorded as `corrections` do not count: they
are undone before comparing, and re-applied to new upstream text.

Output is deterministic (sorted, no dates), so importing the same data twice writes nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulesref.formats.battlescribe.existing import Existing, ExistingEntry
from rulesref.formats.battlescribe.fit import Cut, fitted_entry, fitted_system
from rulesref.formats.battlescribe.mapping import Plan, PlannedEntry, fingerprint
from rulesref.formats.battlescribe.text import derive_summary
from rulesref.read.load import LoadError, resolve_plain
from rulesref.scaffold import skeleton_system
from rulesref.support.output import write_file_atomically

ENTRY_ORDER = ("id", "kind", "name", "aliases", "summary", "text", "params", "table", "source", "tags", "armies", "role", "rules", "profiles", "wargear", "options", "checks", "notes", "corrections", "same_as", "origin")
SYSTEM_ORDER = ("id", "name", "short_name", "edition", "publisher", "year", "summary", "books", "armies", "roles", "profile_types", "played_with")
# The imported part of an entry: a person's edit of any of it makes the entry theirs.
BODY: dict[str, tuple[str, ...]] = {"rule": ("name", "text", "table", "armies"), "unit": ("name", "rules", "profiles", "wargear", "options", "armies", "role")}
# What the imported part was before names, armies and wargear were part of it: a file
# written then is told from a hand-edited one by this older hash.
LEGACY_BODY: dict[str, tuple[str, ...]] = {"rule": ("text", "table"), "unit": ("rules", "profiles")}
ENTRY_HEADER = "# yaml-language-server: $schema=../../schemas/entry.schema.json\n"
SYSTEM_HEADER = "# yaml-language-server: $schema=../../schemas/system.schema.json\n"
_TOP_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*):(?:\s|$)")


# -- YAML out --------------------------------------------------------------------------


def _flow(value: Any) -> str:
    """JSON is YAML: quoted strings and flow collections that the strict loader accepts."""
    return json.dumps(value, ensure_ascii=False)


def _block_text(text: str, indent: str) -> str | None:
    """A literal block that strips the final line break (`|-`) for multi-line text, so that
    it reads back exactly as written (the hash of what was written depends on it)."""
    if "\n" not in text or text != text.strip() or any(line != line.rstrip() for line in text.split("\n")):
        return None
    lines = [f"{indent}{line}" if line else "" for line in text.split("\n")]
    return "|-\n" + "\n".join(lines) + "\n"


def _scalar_or_text(value: Any, indent: str) -> str:
    if isinstance(value, str):
        block = _block_text(value, indent)
        if block is not None:
            return block
    return _flow(value) + "\n"


def emit_key(key: str, value: Any) -> str:
    """One top-level key and its value."""
    if key == "table":
        rows = "".join(f"    - {_flow(row)}\n" for row in value["rows"])
        title = f"  title: {_flow(value['title'])}\n" if "title" in value else ""
        return f"table:\n{title}  die: {_plain_or_quoted(value['die'])}\n  rows:\n{rows}"
    if key in ("params", "books", "armies") and isinstance(value, dict):
        return f"{key}:\n" + "".join(f"  {name}: {_flow(spec)}\n" for name, spec in value.items())
    if key in ("profiles", "options", "profile_types") and isinstance(value, list):
        return f"{key}:\n" + "".join(f"  - {_flow(item)}\n" for item in value)
    if key == "played_with" and isinstance(value, dict):  # a block people extend: one rule, one step side a line
        rules = "".join(f"    {_flow(mine)}: {_flow(theirs)}\n" for mine, theirs in value.get("rules", {}).items())
        steps = "".join(f"    {_flow(step)}:\n" + "".join(f"      {side}: {_flow(fed)}\n" for side, fed in spec.items()) for step, spec in value.get("steps", {}).items())
        return f"played_with:\n  system: {_flow(value['system'])}\n" + (f"  rules:\n{rules}" if rules else "") + (f"  steps:\n{steps}" if steps else "")
    if key in ("id", "kind") and isinstance(value, str):
        return f"{key}: {_plain_or_quoted(value)}\n"
    return f"{key}: {_scalar_or_text(value, '  ')}"


def _plain_or_quoted(text: str) -> str:
    """A string unquoted where the loader reads it back as that very string (`mob-rule`),
    else quoted (`true`, `null`, `yes`, `010`): an id is a string whatever its words."""
    try:
        plain = bool(text) and text == text.strip() and text[0] not in "-?:,[]{}#&*!|>'\"%@`" and ": " not in text and " #" not in text
        return text if plain and resolve_plain(text, 1, 1) == text else _flow(text)
    except LoadError:
        return _flow(text)


def split_blocks(text: str) -> tuple[str, dict[str, str]] | None:
    """The comment lines before the first key, and each top-level key's lines as written;
    None when the file is not a plain block mapping (then it is left alone)."""
    header: list[str] = []
    blocks: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines(keepends=True):
        match = _TOP_KEY.match(line)
        if match:
            current = blocks.setdefault(match.group(1), [])
            current.append(line)
        elif current is None:
            if line.strip() and not line.lstrip().startswith("#"):
                return None
            header.append(line)
        else:
            current.append(line)
    return "".join(header), {k: "".join(v) if v[-1].endswith("\n") else "".join(v) + "\n" for k, v in blocks.items()}


# -- ownership ---------------------------------------------------------------------------


def _corrections(data: dict[str, Any]) -> list[tuple[str, str]]:
    found = []
    for item in data.get("corrections") or []:
        if isinstance(item, dict) and isinstance(item.get("original"), str) and isinstance(item.get("corrected"), str):
            found.append((item["original"], item["corrected"]))
    return found


def _map_strings(value: Any, change: Any) -> Any:
    if isinstance(value, str):
        return change(value)
    if isinstance(value, list):
        return [_map_strings(v, change) for v in value]
    if isinstance(value, dict):
        return {k: _map_strings(v, change) for k, v in value.items()}
    return value


def _undo(value: Any, corrections: list[tuple[str, str]]) -> Any:
    def undo(text: str) -> str:
        for original, corrected in corrections:
            if corrected:
                text = text.replace(corrected, original)
        return text

    return _map_strings(value, undo)


def _apply(value: Any, corrections: list[tuple[str, str]], missing: set[str]) -> Any:
    def apply(text: str) -> str:
        for original, corrected in corrections:
            if original in text:
                text = text.replace(original, corrected)
        return text

    applied = _map_strings(value, apply)
    flat = json.dumps(value, ensure_ascii=False)
    missing.update(original for original, corrected in corrections if original not in flat and json.dumps(corrected, ensure_ascii=False)[1:-1] not in flat)
    return applied


def body_of(data: dict[str, Any], kind: str, keys: dict[str, tuple[str, ...]] = BODY) -> dict[str, Any]:
    return {k: data[k] for k in keys.get(kind, ()) if k in data}


def hand_edited(existing: ExistingEntry) -> bool:
    """Whether a person changed the imported part since the importer wrote it (corrections
    recorded in `corrections` aside)."""
    origin = existing.origin or {}
    written = origin.get("written")
    if not isinstance(written, str):
        return True
    corrections = _corrections(existing.data)
    return all(fingerprint(_undo(body_of(existing.data, existing.kind, keys), corrections)) != written for keys in (BODY, LEGACY_BODY))


# -- files -----------------------------------------------------------------------------


@dataclass
class Outcome:
    files: dict[Path, bytes] = field(default_factory=dict)  # what to write
    unchanged: int = 0
    edited: list[tuple[str, str]] = field(default_factory=list)  # (path, why it was left alone)
    corrections_lost: list[tuple[str, str]] = field(default_factory=list)  # (path, original words)
    stale: list[str] = field(default_factory=list)
    kept_untouched: int = 0
    cut: list[tuple[str, Cut]] = field(default_factory=list)  # (file, a value cut to fit its bound)


def entry_file(planned: PlannedEntry, existing: ExistingEntry | None, outcome: Outcome) -> bytes | None:
    """The new bytes of an entry file, or None to leave the file as it is. Every string in it
    fits its schema's bound (`fit`): each value cut is listed in `outcome.cut`."""
    imported, cuts = fitted_entry({"kind": planned.kind, **planned.fields})
    del imported["kind"]
    fields = dict(imported)
    origin = dict(planned.origin)
    derived = list(planned.derived)
    blocks: dict[str, str] = {}
    header = ENTRY_HEADER
    if existing is not None:
        split = split_blocks(existing.doc.text)
        old_origin = existing.origin or {}
        if split is None or hand_edited(existing):
            if old_origin.get("hash") != origin["hash"]:
                outcome.edited.append((existing.doc.path, "edited by hand; the upstream data changed and was not applied"))
            return None
        header, blocks = split
        corrections = _corrections(existing.data)
        if corrections:
            missing: set[str] = set()
            for key in ("text", "table"):
                if key in fields:
                    fields[key] = _apply(fields[key], corrections, missing)
            outcome.corrections_lost += ((existing.doc.path, words) for words in sorted(missing))
        if "summary" not in (old_origin.get("derived") or []) and "summary" in blocks:
            derived.remove("summary")  # a person rewrote it: theirs from now on
            fields.pop("summary", None)
        elif "text" in fields:
            fields["summary"] = derive_summary(fields["text"], fields.get("table"))
        aliases = [a for a in existing.data.get("aliases") or [] if isinstance(a, str)]
        merged = aliases + [a for a in fields.get("aliases", []) if a not in aliases]
        if merged:
            fields["aliases"] = merged
        if "params" in blocks:
            fields.pop("params", None)  # parameters are tied to checks people write
        for key in body_of(existing.data, planned.kind):
            if key not in fields:
                blocks.pop(key, None)  # the importer's, and the new data has none (a text gone, a table no more)
    origin["written"] = fingerprint(body_of(imported, planned.kind))
    if derived:
        origin["derived"] = derived
    fresh, more = fitted_entry({"id": planned.id, "kind": planned.kind, **fields, "origin": origin})  # (its origin, and corrections applied)
    outcome.cut += ((f"{planned.id}.yml", one) for one in [*cuts, *more])
    return _written(header, ENTRY_ORDER, fresh, blocks)


def _written(header: str, order: tuple[str, ...], fresh: dict[str, Any], blocks: dict[str, str]) -> bytes:
    """A file's text: the header, then each key in `order` as the import writes it (`fresh`)
    or as people wrote it (`blocks`), then the blocks of keys the order does not know."""
    out = [header]
    for key in order:
        if key in fresh:
            out.append(emit_key(key, fresh[key]))
        elif key in blocks:
            out.append(blocks[key])
    out += [text for key, text in blocks.items() if key not in order]
    return "".join(out).encode("utf-8")


def _merged(old: list[Any], fresh: list[Any], key: Any) -> list[Any]:
    """What people listed, in their order, then what the import adds."""
    have = {key(item) for item in old}
    return old + [item for item in fresh if key(item) not in have]


def system_file(plan: Plan, existing: Existing, name_given: bool, outcome: Outcome) -> bytes:
    fresh = dict(plan.system)
    blocks: dict[str, str] = {}
    header = SYSTEM_HEADER
    old = dict(existing.system or {})
    if existing.system is not None and existing.system_doc is not None:
        split = split_blocks(existing.system_doc.text)
        if split is not None:
            header, blocks = split
        skeleton = skeleton_system(str(old.get("id", "")))
        for key, value in skeleton.items():  # what `rulesref new system` or `init` wrote as a start is nobody's yet
            if old.get(key) == value:
                old.pop(key)
                blocks.pop(key, None)
        books = dict(old.get("books") or {})
        known_titles = {b.get("title") for b in books.values() if isinstance(b, dict)}
        for ident, book in fresh["books"].items():
            if ident not in books and book["title"] not in known_titles:
                books[ident] = book
        fresh["books"] = dict(sorted(books.items()))
        fresh["profile_types"] = _merged([t for t in old.get("profile_types") or [] if isinstance(t, dict)], fresh["profile_types"], lambda t: t.get("id"))
        armies = {k: v for k, v in (old.get("armies") or {}).items() if isinstance(v, dict)}
        fresh["armies"] = {**armies, **{k: v for k, v in fresh.get("armies", {}).items() if k not in armies}}
        fresh["roles"] = _merged([r for r in old.get("roles") or [] if isinstance(r, str)], fresh.get("roles", []), lambda r: r)
        for key in ("name", "short_name", "edition"):  # people's once written
            if key in blocks and not (key == "name" and name_given):
                fresh.pop(key, None)
        if "name" not in fresh:  # a short name goes with the name it shortens
            fresh.pop("short_name", None)
        for key in ("books", "profile_types", "armies", "roles"):  # nothing to add: the block stays as people wrote it
            if key in blocks and fresh.get(key) == old.get(key):
                fresh.pop(key)
    for key in ("profile_types", "armies", "roles"):
        if key in fresh and not fresh[key]:
            fresh.pop(key)
    fresh, cuts = fitted_system(fresh)
    outcome.cut += (("system.yml", one) for one in cuts)
    return _written(header, SYSTEM_ORDER, fresh, blocks)


def plan_files(plan: Plan, existing: Existing, folder: Path, name_given: bool) -> Outcome:
    outcome = Outcome()
    outcome.files[folder / "system.yml"] = system_file(plan, existing, name_given, outcome)
    planned_ids = set()
    for planned in plan.entries:
        planned_ids.add(planned.id)
        found = existing.by_id.get(planned.id)
        data = entry_file(planned, found, outcome)
        if data is None:
            outcome.kept_untouched += 1
            continue
        outcome.files[folder / f"{planned.id}.yml"] = data
    for ident, entry in sorted(existing.by_id.items()):
        if entry.origin is not None and ident not in planned_ids:
            outcome.stale.append(entry.doc.path)
    return outcome


def changed_files(files: dict[Path, bytes]) -> tuple[dict[Path, bytes], int]:
    """The files whose bytes differ from disk, and how many are already as they should be."""
    changed = {}
    same = 0
    for path, data in files.items():
        try:
            if path.read_bytes() == data:
                same += 1
                continue
        except OSError:
            pass
        changed[path] = data
    return changed, same


def write_files(files: dict[Path, bytes], written: Callable[[], None] = lambda: None) -> None:
    """Each file is written beside its target and renamed over it: never half-written.
    `written` is told of each file (the progress line)."""
    for path, data in sorted(files.items()):
        write_file_atomically(path, data)
        written()
