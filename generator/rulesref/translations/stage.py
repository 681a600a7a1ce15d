"""The translations' part of a validation run: every system folder's translations read,
then checked against the content the run read (`rulesref.validate`)."""

from __future__ import annotations

from pathlib import Path

from rulesref.links import LinkIndex
from rulesref.model import Content
from rulesref.problems import Problem
from rulesref.read.discover import SystemFolder
from rulesref.translations.checks import translation_problems
from rulesref.translations.model import Translation
from rulesref.translations.read import FileState, read_translations


def translated(
    folders: tuple[SystemFolder, ...], content: Content, links: LinkIndex, cwd: str, shown: dict[str, Path], states: dict[str, FileState] | None, racy: int
) -> tuple[tuple[Translation, ...], list[Problem]]:
    """The translations of `folders` that have a place, and every problem of their files."""
    read: list[Translation] = []
    problems: list[Problem] = []
    for folder in folders:
        found, trouble = read_translations(folder, cwd, shown, states, racy)
        read += found
        problems += trouble
    kept, trouble = translation_problems(read, content, links)
    return tuple(kept), problems + trouble
