"""What a system file that fails its schema still tells the checks of its entries.

A mistake in one key of `system.yml` (a list of roles written as a string) leaves the system
out of the model, and with it every check of its entries against the system: the books they
cite, their armies and roles, their profiles' types and characteristics. On an import those
are thousands of checks, and their problems would show only on the run after the schema
error is fixed. So the keys of the file that passed their schema are kept for those checks,
and only what depends on a key that failed (or is missing) goes unchecked. The system file's
own later checks (its id, its profile types) wait for its schema to pass: they are checks of
the very keys that may be wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulesref.from_documents import build_system
from rulesref.model import System
from rulesref.read.load import Document
from rulesref.support.schemas import SYSTEM, load_schema, validator


@dataclass(frozen=True)
class Salvaged:
    """A system built from the keys of its file that passed the schema; `unchecked`: the
    keys that did not (or are missing), which no check of an entry relies on."""

    system: System
    unchecked: frozenset[str]


def salvaged_system(doc: Document, folder: str) -> Salvaged | None:
    """The system `doc` (a system file of the folder `folder` that failed its schema) still
    gives the checks of its entries, or None when even its kept keys do not make one."""
    if not isinstance(doc.data, dict):
        return None
    known = load_schema(SYSTEM)["properties"]
    failed = {str(error.absolute_path[0]) for error in validator(SYSTEM).iter_errors(doc.data) if error.absolute_path}
    kept = {key: value for key, value in doc.data.items() if key in known and key not in failed}
    stand_ins = {"id": folder, "name": folder, "edition": folder, "books": {}}  # the required keys, where they failed
    unchecked = frozenset(failed | {key for key in stand_ins if key not in kept})
    data = {**stand_ins, **kept}
    if not validator(SYSTEM).is_valid(data):
        return None
    return Salvaged(build_system(replace(doc, data=data)), unchecked)
