"""What an import did: the summary printed to the terminal and `IMPORT.md` beside the content.

The report lists every conflict (same name, different texts: which text was chosen and
where the others are), every skipped element with its reason, every renamed name, and every
entry left alone because a person edited it. It holds no dates, so it changes only when the
import does.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass

from rulesref.commands.importers.battlescribe.mapping import Plan
from rulesref.commands.importers.battlescribe.write import Outcome

PRECEDENCE = "the game system file first, then the catalogue of the rule's own book, then the longest text"


@dataclass(frozen=True)
class Counts:
    written: int
    unchanged: int
    rules: int
    units: int


def counts(plan: Plan, written: int, unchanged: int) -> Counts:
    return Counts(written, unchanged, sum(e.kind == "rule" for e in plan.entries), sum(e.kind == "unit" for e in plan.entries))


def summary_lines(plan: Plan, outcome: Outcome, numbers: Counts, *, dry_run: bool) -> list[str]:
    verb = "would write" if dry_run else "written"
    lines = [
        f"files {verb}: {numbers.written}, unchanged: {numbers.unchanged}",
        f"rules: {numbers.rules}, units: {numbers.units}, tables: {plan.tables}, links made: {plan.links}",
        f"conflicts (same name, different texts): {len(plan.conflicts)}; renamed to fit content names: {len(plan.renamed)}",
        f"names cleaned of invisible or look-alike characters: {len(plan.cleaned)}; rules written several ways, made one: {len(plan.merged)}",
        f"rows whose links disagree with their own text (the text is shown): {len(plan.disagreements)}; book titles merged: {len(plan.books_merged)}",
        f"rules without text in the data (imported without text; the summary says so): {len(plan.no_text)}",
        f"skipped: {len(plan.skipped)}; kept as written by hand: {len(plan.kept)}; left alone (edited by hand): {len(outcome.edited)}; cut to fit a bound: {len(outcome.cut)}",
    ]
    reasons = Counter(f"{what}: {reason}" for _, what, reason in plan.skipped)
    lines += (f"  skipped {count}: {reason}" for reason, count in sorted(reasons.items()))
    for path, why in outcome.edited:
        lines.append(f"  {path}: {why}")
    for path, words in outcome.corrections_lost:
        lines.append(f"  {path}: the correction of `{words}` no longer applies to the new text")
    for path in outcome.stale:
        lines.append(f"  {path}: no longer in the data (kept)")
    return lines


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").replace("<", "&lt;")


def _code(text: str) -> str:
    """A name as a code span: shown exactly as written (a code span decodes no entity, so
    nothing in it is escaped but its backticks)."""
    return "`" + " ".join(text.replace("`", "'").split()) + "`"


def _visible(text: str) -> str:
    """A name with its invisible and control characters shown as `<U+200B>`."""
    return "".join(f"<U+{ord(c):04X}>" if not c.isprintable() or unicodedata.category(c) == "Cf" else c for c in text)


def import_report(plan: Plan, outcome: Outcome, system_id: str) -> str:
    """IMPORT.md: every conflict, skip, rename and hand-edited entry of the last import."""
    out = [
        f"# Import report: {system_id}",
        "",
        "Written by `rulesref import battlescribe`; the next import rewrites it.",
        f"Where catalogues give one rule name different texts, the text is chosen by precedence: {PRECEDENCE}.",
        "",
        f"## Conflicts ({len(plan.conflicts)})",
        "",
    ]
    if plan.conflicts:
        out += ["| rule | text used | other texts (characters) |", "|---|---|---|"]
        for conflict in sorted(plan.conflicts, key=lambda c: c.name.casefold()):
            others = "; ".join(f"{where} ({chars})" for where, chars in conflict.variants)
            out.append(f"| {_cell(conflict.name)} | {_cell(conflict.chosen)} | {_cell(others)} |")
    out += ["", f"## Skipped ({len(plan.skipped)})", ""]
    out += [f"- {_cell(where)}: {what}: {_cell(reason)}" for where, what, reason in sorted(plan.skipped)]
    out += ["", f"## Rules without text in the data ({len(plan.no_text)})", "", "Imported without text, so that units can list them; the summary says the data gives none. Write their text by hand.", ""]
    out += [f"- {_code(name)} ({_cell(where)})" for name, where in sorted(plan.no_text)]
    out += ["", f"## Names cleaned of what validation refuses ({len(plan.cleaned)})", ""]
    out += ["Invisible characters, control characters and look-alike letters of another script are removed; the exact name stays in `origin.name`.", ""]
    out += [f"- {_code(_visible(upstream))} is {_code(name)} ({_cell(removed)})" for upstream, name, removed in sorted(set(plan.cleaned))]
    out += ["", f"## One rule written several ways ({len(plan.merged)})", ""]
    out += ["Names that differ only in case, punctuation or `&`/`and` are one rule; the other spellings are its aliases.", ""]
    out += [f"- {_code(spelling)} is {_code(name)}" for spelling, name in sorted(set(plan.merged))]
    out += ["", f"## Rows whose links disagree with their own text ({len(plan.disagreements)})", ""]
    out += ["A profile row shows the rules its own text names, with the values it gives; where the data links the rule with another value, the row's text wins.", ""]
    out += [f"- {_code(d.unit)}, row {_code(d.row)}: the data links {_cell(d.linked)}; the row reads {_cell(d.written)}" for d in sorted(plan.disagreements, key=lambda d: (d.unit, d.row, d.linked))]
    out += ["", f"## Book titles merged ({len(plan.books_merged)})", ""]
    out += ["Titles that are one book written differently are cited as one book; file names are cited as `Other sources`.", ""]
    out += [f"- {_code(title)} is cited as {_code(shown)}" for title, shown in plan.books_merged]
    out += ["", f"## Renamed to fit content names ({len(plan.renamed)})", ""]
    out += [f"- {_code(_visible(upstream))} is {_code(name)}" for upstream, name in sorted(set(plan.renamed))]
    out += ["", f"## Cut to fit a bound ({len(outcome.cut)})", ""]
    out += ["Values longer than their field may be are cut there, ending `… #` and a hash of the whole value; here each is whole.", ""]
    out += [f"- {_cell(path)}, `{cut.field}` (at most {cut.limit} characters): {_code(_visible(cut.whole))}" for path, cut in sorted(outcome.cut, key=lambda c: (c[0], c[1].field))]
    out += ["", f"## Kept as written by hand ({len(plan.kept)})", ""]
    out += [f"- {_code(name)}: links and units use {_code(ident)}" for name, ident in sorted(plan.kept)]
    out += ["", f"## Left alone: edited by hand ({len(outcome.edited)})", ""]
    out += [f"- {_cell(path)}: {why}" for path, why in outcome.edited]
    out += [f"- {_cell(path)}: the correction of {_code(words)} no longer applies" for path, words in outcome.corrections_lost]
    out += ["", f"## No longer in the data ({len(outcome.stale)})", ""]
    out += [f"- {_cell(path)}" for path in outcome.stale]
    return "\n".join(out) + "\n"
