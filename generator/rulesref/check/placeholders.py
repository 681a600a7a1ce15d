"""Placeholder words that `rulesref new` and `rulesref init` write, still in place: a warning.

A skeleton validates (so an editor can start from it), which also means that a summary
reading "One line, in your own words, saying what the rule does." would be published as it
is. Each such text gets a warning at its line until a person writes the entry's own words;
like every warning it fails only under `--strict`.

The placeholders are read from the skeleton templates themselves, rendered and loaded as
`new` and `init` write them, so the templates stay the one place their words are kept: a
placeholder changed there is recognised here with no second copy to keep in step.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from rulesref.model import Entry, System, Where
from rulesref.problems import Problem

FIELDS = ("summary", "text")  # the words a skeleton leaves for a person to write
_SKELETONS = {  # template -> what the warning says of its words
    "new/rule.yml.jinja": "is still the placeholder `rulesref new rule` wrote; write the rule's own",
    "new/unit.yml.jinja": "is still the placeholder `rulesref new unit` wrote; write the unit's own",
    "new/term.yml.jinja": "is still the placeholder `rulesref new term` wrote; write the term's own",
    "new/system.yml.jinja": "is still the placeholder `rulesref new system` (or `init`) wrote; write the game's own",
    "init/example-rule.yml.jinja": "is still that of the example rule `rulesref init` wrote; replace the example with a real rule",
}


def _words(text: str) -> str:
    return " ".join(text.split())


@cache
def placeholders() -> dict[str, str]:
    """Each placeholder text (its words, blanks collapsed) and what the warning says of it."""
    from rulesref.read.load import load_read
    from rulesref.support.templates import render

    found: dict[str, str] = {}
    for template, said in _SKELETONS.items():
        text = render(template, id="placeholder", name='"Placeholder"', schema="", function="placeholder", system_name="Placeholder")
        doc, _ = load_read(text.encode("utf-8"), "placeholder.yml")
        data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
        for field in FIELDS:
            value = data.get(field)
            if isinstance(value, str):
                found.setdefault(_words(value), said)
    return found


def _placeholder_at(where: Where, field: str, text: str | None) -> Iterator[Problem]:
    said = placeholders().get(_words(text)) if text else None
    if said is not None:
        yield (where / field).problem("placeholder-text", f"`{field}` {said}", severity="warning")


def entry_placeholders(entry: Entry) -> Iterator[Problem]:
    yield from _placeholder_at(entry.where, "summary", entry.summary)
    yield from _placeholder_at(entry.where, "text", entry.text)


def system_placeholders(system: System) -> Iterator[Problem]:
    yield from _placeholder_at(system.where, "summary", system.summary)
