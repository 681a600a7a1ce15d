"""A translation as the rest of the program sees it: frozen values with the places problems
point at (`rulesref.model.Where`)."""

from __future__ import annotations

from dataclasses import dataclass

from rulesref.model import Where


@dataclass(frozen=True)
class TranslatedRow:
    roll: str
    title: str | None
    result: str
    where: Where


@dataclass(frozen=True)
class TranslatedCheck:
    name: str  # the check's name in the source
    summary: str | None
    inputs: tuple[tuple[str, str, Where], ...]  # the input's name in the source, its summary, where it is
    where: Where


@dataclass(frozen=True)
class Stale:
    """How the source changed since the state a translation translates: each field's word
    diff (escaped HTML, `rulesref.history.diff`), and the release that first held the change
    (None: not released yet, or no git history to tell)."""

    since: str | None
    diffs: tuple[tuple[str, str], ...]  # (field, HTML diff)
    known: bool  # whether the translated state was found in git (else no diff can be shown)


@dataclass(frozen=True)
class Translation:
    system: str
    locale: str
    id: str
    translates: str  # the source's state it translates (`rulesref.translations.words.state_of`)
    name: str | None
    aliases: tuple[str, ...]
    summary: str | None
    text: str | None
    table_title: str | None
    rows: tuple[TranslatedRow, ...] | None
    checks: tuple[TranslatedCheck, ...]
    where: Where
    stale: Stale | None = None  # set by `rulesref.translations.checks` when the source has moved on

    @property
    def key(self) -> str:
        """The key of the entry it translates (`system:id`)."""
        return f"{self.system}:{self.id}"

    def texts(self) -> list[tuple[Where, str]]:
        """Its Markdown texts with where they are: the text and each row's result."""
        found = [(self.where / "text", self.text)] if self.text else []
        return found + [(row.where / "result", row.result) for row in self.rows or ()]
