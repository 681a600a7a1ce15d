"""The shipped rule texts are the seed texts: links unwrapped and recorded corrections undone,
every rule's text (and table) occurs word for word in its system's seed file.

The seeds live outside the repository (../shared/seeds); without them this test skips.
"""

from __future__ import annotations

import re

import pytest

from rulesref.links import plain_text
from rulesref.model import Entry
from rulesref.validate import validate

from .conftest import REPO

SEEDS = REPO.parent / "shared" / "seeds"
SEED_OF = {"w40k7": ["000_218e4a122601fd45.txt", "001_a2d0c648a92447d4.txt"], "hh2": ["002_c2d768d35a3b42b5.txt"], "t9a": ["004_0fa3b8cbf1261f5d.txt"]}


def words(text: str) -> str:
    """Only the words, in order: Markdown markup, bullets, quotes styles and spacing dropped."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u2013", "-").replace("\u2212", "-")
    text = re.sub(r"[*_`#>•]|^\s*[-*]\s", " ", text, flags=re.MULTILINE)
    return " ".join(re.findall(r"[\w'\"+\-.,;:!?()\[\]=/&%]+", text))


def original_text(entry: Entry) -> list[str]:
    """The entry's text and table rows as the source printed them."""
    parts = [plain_text(entry.text or "")]
    if entry.table:
        parts += [plain_text(row.result) for row in entry.table.rows]
    restored = []
    for part in parts:
        for correction in entry.corrections:
            fixed = plain_text(correction.corrected)
            if fixed and fixed in part:
                part = part.replace(fixed, correction.original)
        restored.append(part)
    return restored


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts (../shared/seeds) are not beside this checkout")
@pytest.mark.parametrize("system", sorted(SEED_OF))
def test_rule_texts_occur_word_for_word_in_the_seeds(system: str) -> None:
    seed = words(" ".join((SEEDS / name).read_text(encoding="utf-8") for name in SEED_OF[system]))
    content = validate([str(REPO / "content")]).content
    rules = [e for e in content.entries_of(system) if e.kind == "rule"]
    assert rules
    missing = []
    for entry in rules:
        for part in original_text(entry):
            for paragraph in part.split("\n\n"):
                said = words(paragraph)
                if said and said not in seed:
                    missing.append(f"{entry.id}: {said[:120]}")
    assert missing == []
