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

from rulesref.formats.battlescribe.mapping import Plan
from rulesref.formats.battlescribe.naming import MAX_VALUE
from rulesref.formats.battlescribe.played import played_report
from rulesref.formats.battlescribe.write import Outcome

PRECEDENCE = "the game system file first, then the catalogue of the rule's own book, then the longest text"  # of copies of one text


@dataclass(frozen=True)
class Counts:
    written: int
    unchanged: int
    rules: int
    units: int
    without_profiles: int
    without_rules: int


def counts(plan: Plan, written: int, unchanged: int) -> Counts:
    units = [e for e in plan.entries if e.kind == "unit"]
    return Counts(
        written,
        unchanged,
        sum(e.kind == "rule" for e in plan.entries),
        len(units),
        sum(not e.fields.get("profiles") for e in units),
        sum(not (e.fields.get("rules") or e.fields.get("wargear") or any(p.get("rules") for p in e.fields.get("profiles", []))) for e in units),
    )


def _lacking(plan: Plan) -> list[str]:
    """A line per catalogue the sources lack, with what could not be resolved for it."""
    lines = []
    for missing in plan.missing:
        unresolved = sum(plan.unresolved.get(f, 0) for f in missing.linked_from)
        files = len(missing.linked_from)
        lines.append(f"the catalogue `{missing.name}` ({missing.id}) is linked from {files} file{'s' * (files != 1)} and is not among the sources: {unresolved} links in them resolve to nothing")
    return lines


def _coverage(plan: Plan, numbers: Counts) -> list[str]:
    lines = [f"what a force can take: {plan.takeable}; units: {numbers.units}; not units: {len(plan.left_out)}"]
    reasons = Counter(o.reason for o in plan.left_out)
    lines += (f"  not a unit, {count}: {reason}" for reason, count in sorted(reasons.items()))
    return lines + _gives(numbers)


def _gives(numbers: Counts) -> list[str]:
    """What the data gives units, where a user would miss it (data made for army building alone)."""
    lines = []
    if numbers.units and numbers.without_profiles == numbers.units:
        lines.append("the data gives no unit any profile (characteristics)")
    elif numbers.without_profiles:
        lines.append(f"units without profiles in the data: {numbers.without_profiles}")
    if numbers.units and numbers.without_rules == numbers.units:
        lines.append("the data gives no unit any rule: unit pages list what each unit can take")
    return lines


def summary_lines(plan: Plan, outcome: Outcome, numbers: Counts, *, dry_run: bool) -> list[str]:
    verb = "would write" if dry_run else "written"
    lines = [
        f"files {verb}: {numbers.written}, unchanged: {numbers.unchanged}",
        *_coverage(plan, numbers),
        *_lacking(plan),
        f"rules: {numbers.rules}, units: {numbers.units}, tables: {plan.tables}, links made: {plan.links}",
        f"names with several texts (a rule per text): {len(plan.conflicts)}, making {sum(len(c.variants) for c in plan.conflicts)} rules; renamed to fit content names: {len(plan.renamed)}",
        f"names cleaned of invisible or look-alike characters: {len(plan.cleaned)}; rules written several ways, made one: {len(plan.merged)}",
        f"rows whose links disagree with their own text (the text is shown): {len(plan.disagreements)}; book titles merged: {len(plan.books_merged)}",
        f"rules without text in the data (imported without text; the summary says so): {len(plan.no_text)}",
        f"skipped: {len(plan.skipped)}; kept as written by hand: {len(plan.kept)}; left alone (edited by hand): {len(outcome.edited)}; cut to fit a bound: {len(outcome.cut)}",
    ]
    if plan.cut:
        lines.append(f"profile cells cut to the schema's bound of {MAX_VALUE} characters: {len(plan.cut)} (listed in IMPORT.md)")
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


def import_report(plan: Plan, outcome: Outcome, system_id: str, numbers: Counts) -> str:
    """IMPORT.md: every conflict, skip, rename and hand-edited entry of the last import."""
    out = [
        f"# Import report: {system_id}",
        "",
        "Written by `rulesref import battlescribe`; the next import rewrites it.",
        f"Where catalogues hold copies of one rule, its book and page are the copy's chosen by precedence: {PRECEDENCE}.",
        "",
        f"## What a force can take ({plan.takeable}) and what is not a unit ({len(plan.left_out)})",
        "",
        "Everything a force can take is a unit: each army's root entries and the targets of its root links, of type `unit` or `model`"
        " (hidden ones a modifier can show included), counted once by their element and name. These are not units:",
        "",
    ]
    out += [f"- {_code(o.name)} ({_cell(o.where)}; {_cell(', '.join(o.armies))}): {_cell(o.reason)}{'; ' + _cell(o.detail) if o.detail else ''}" for o in plan.left_out]
    out += ["", *(f"Note: {line}." for line in _gives(numbers))] if _gives(numbers) else []
    out += played_report(plan.system, [(e.kind, e.fields) for e in plan.entries], str(plan.system.get("name", "")))
    out += ["", f"## Catalogues the sources lack ({len(plan.missing)})", ""]
    out += [f"- {_cell(line)}" for line in _lacking(plan)]
    for missing in plan.missing:
        out += [f"  - {_cell(f)}: {plan.unresolved.get(f, 0)} links resolve to nothing" for f in missing.linked_from]
    out += ["", f"## Profile cells cut ({len(plan.cut)})", "", f"Cells are kept whole up to the schema's bound of {MAX_VALUE} characters.", ""]
    out += [f"- {_code(row)}, {_code(name)}: {chars} characters" for row, name, chars in plan.cut]
    out += [
        "",
        f"## One name, several texts ({len(plan.conflicts)})",
        "",
        "Where the data gives one rule name several texts, each text is a rule of its own, so that a unit's link shows the text of the element it"
        " names. The text the game system holds (else the one most catalogues hold) keeps the name; each other is named by the one unit that has it,"
        " or else the catalogue that holds it.",
        "",
    ]
    if plan.conflicts:
        out += ["| name | rules, one per text (where the text is) |", "|---|---|"]
        for conflict in sorted(plan.conflicts, key=lambda c: c.name.casefold()):
            rules = "; ".join(f"{_code(name)} ({where})" for name, where in conflict.variants)
            out.append(f"| {_cell(conflict.name)} | {_cell(rules)} |")
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
