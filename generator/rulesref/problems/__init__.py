"""The one type every phase reports content problems with, and the reporters that print them.

Phases never raise on bad content: they return (or append to) lists of `Problem`, so that a
run shows every problem in every file at once.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Literal

Severity = Literal["error", "warning"]
MAX_MESSAGE = 400  # characters: a message quotes at most a short excerpt of the file


def excerpt(text: str, limit: int = 60) -> str:
    """`text`, or its start and an ellipsis when longer than `limit` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, order=True, slots=True)
class Problem:
    """One content problem: where it is (1-based line and column) and what is wrong.

    An `error` fails the run; a `warning` is shown and fails only under `--strict`."""

    path: str
    line: int
    col: int
    code: str
    message: str
    severity: Severity = "error"

    def __post_init__(self) -> None:
        if len(self.message) > MAX_MESSAGE:  # whatever a message quotes, it never floods a log
            object.__setattr__(self, "message", excerpt(self.message, MAX_MESSAGE))

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.severity}[{self.code}]: {self.message}"


ProblemRow = tuple[str, int, int, str, str, str]  # a problem's fields in order, as the caches keep it


def as_row(problem: Problem) -> ProblemRow:
    return (problem.path, problem.line, problem.col, problem.code, problem.message, problem.severity)


def from_row(item: object) -> Problem:
    """The problem a cache kept as `as_row` made it (raises ValueError on anything else)."""
    if not (isinstance(item, (list, tuple)) and len(item) == 6):
        raise ValueError("not a problem")
    path, line, col, code, message, severity = item
    if not (isinstance(path, str) and type(line) is int and type(col) is int and isinstance(code, str) and isinstance(message, str)):
        raise ValueError("not a problem")
    if severity not in ("error", "warning"):
        raise ValueError("not a severity")
    return Problem(path, line, col, code, message, severity)


def fails(problems: Iterable[Problem], *, strict: bool = False) -> bool:
    """Whether these problems fail a run: any error, or any warning under `--strict`."""
    return any(strict or p.severity == "error" for p in problems)


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Sorted by file, line, column, code; exact duplicates removed. (By a key of plain
    tuples: the same order as the dataclass's, compared in C, which counts with 100,000s.)"""
    return sorted(set(problems), key=lambda p: (p.path, p.line, p.col, p.code, p.message, p.severity))


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' if number != 1 else ''}"


def summary_line(problems: Sequence[Problem]) -> str:
    """`2 errors and 1 warning in 3 files`: errors and warnings apart, since only errors fail
    a run (warnings too under `--strict`)."""
    errors = sum(1 for p in problems if p.severity == "error")
    warnings = len(problems) - errors
    counts = [_count(n, noun) for n, noun in ((errors, "error"), (warnings, "warning")) if n]
    return f"{' and '.join(counts)} in {_count(len({p.path for p in problems}), 'file')}"


LISTED = 3  # warnings of one code a text report lists before it counts the rest in one line
ALL_WARNINGS = "--all-warnings"  # the option of `validate`, `generate` and `build` that lists them all


def _grouped(problems: Sequence[Problem]) -> tuple[list[Problem], list[str]]:
    """The problems a text report lists, and a line for each code of warnings it counts
    instead: past `LISTED` warnings of one code (an import's thousands of one warning bury
    everything else), the rest are counted, unless that would hide a single line. Errors
    are always listed."""
    counts: dict[str, int] = {}
    for p in problems:
        if p.severity == "warning":
            counts[p.code] = counts.get(p.code, 0) + 1
    grouped = {code for code, count in counts.items() if count > LISTED + 1}
    if not grouped:
        return list(problems), []
    listed: list[Problem] = []
    seen: dict[str, int] = {}
    files: dict[str, set[str]] = {code: set() for code in grouped}
    for p in problems:
        if p.severity == "warning" and p.code in grouped:
            seen[p.code] = seen.get(p.code, 0) + 1
            if seen[p.code] > LISTED:
                files[p.code].add(p.path)
                continue
        listed.append(p)
    lines = [
        f"warning[{code}]: {counts[code] - LISTED} more like these in {_count(len(files[code]), 'file')} ({counts[code]} in all); "
        f"`rulesref validate {ALL_WARNINGS}` lists every one"
        for code in sorted(grouped)
    ]
    return listed, lines


def format_text(problems: Sequence[Problem], *, every: bool = False) -> str:
    """One line per problem and a summary line. Past `LISTED` warnings of one code, the rest
    are one line with their count, unless `every` (`--all-warnings`); the summary counts
    every problem."""
    listed, counted = (list(problems), []) if every else _grouped(problems)
    lines = [str(p) for p in listed] + counted
    if problems:
        lines.append(summary_line(problems))
    return "\n".join(lines) + ("\n" if lines else "")


def format_json(problems: Sequence[Problem]) -> str:
    items = [asdict(p) for p in problems]
    return json.dumps(items, indent=2, ensure_ascii=False) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_github(problems: Sequence[Problem]) -> str:
    """GitHub Actions workflow commands: each problem becomes an annotation on its line."""
    out = []
    for p in problems:
        props = ",".join(
            [
                f"file={_escape_property(p.path)}",
                f"line={p.line}",
                f"col={p.col}",
                f"title={_escape_property('rulesref ' + p.code)}",
            ]
        )
        out.append(f"::{p.severity} {props}::{_escape_data(p.message)}")
    return "\n".join(out) + ("\n" if out else "")


FORMATTERS = {"text": format_text, "json": format_json, "github": format_github}
