"""One check as its entry page shows it, for players first: what it answers, what it
depends on (a short list in words), its examples (what was given, what results), its odds
as charts titled in words; then, folded away, what a programmer needs: the `import` line, a
worked call, the signature and the types.

Every fragment is finished Markdown or HTML: names through `code`, words through `plain`
(Markdown) or `attribute` (HTML), charts as inline SVG drawn at build time. The wording
itself comes from `render.check_words`.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulesref.model import Entry
from rulesref.names import module_reason, python_name
from rulesref.pages import check_words as words
from rulesref.pages.charts import always_figure, odds_figure, text_width
from rulesref.pages.markdown import attribute, code, plain
from rulesref.pages.tables import Cell, card_table, code_html, label
from rulesref.views.checks import CheckView, ExampleView, OddsView

# No word of a table may break, so a column is never narrower than its longest word. The
# examples are a table where every column fits the narrowest content column that shows them
# as one (a 960px window with the navigation beside it), estimated from above from the
# charts' widths of letters; wider ones are cards at every width, as on a phone.
TABLE_ROOM = 640.0  # px
EXAMPLE_FONT = 12.8  # px: .64rem
CELL_PADDING = 1.2 * EXAMPLE_FONT + 3  # both sides, and a coloured rule
NOTE_WIDTH = 160.0  # px: the note column's least width (8rem)


def _column_width(texts: Iterable[str], *, bold: bool) -> float:
    widest = max((text_width(word) for text in texts for word in text.split()), default=0.0)
    return widest * EXAMPLE_FONT / 12 * (1.1 if bold else 1.0) + CELL_PADDING


def examples_fit(view: CheckView, given: list[tuple[str, str]], results: list[tuple[str, str]], notes: bool) -> bool:
    """Whether the examples fit as a table (see TABLE_ROOM)."""
    width = sum(
        max(_column_width([shown], bold=True), _column_width([words.value_words(dict(e.given)[name]) for e in view.examples if name in dict(e.given)], bold=False))
        for name, shown in given
    )
    width += sum(
        _column_width([shown, *(words.value_words(dict(e.expect)[name]) for e in view.examples if e.expect and name in dict(e.expect))], bold=True)
        for name, shown in results
    )
    if notes:
        width += max(NOTE_WIDTH, _column_width([e.note or "" for e in view.examples], bold=False))
    return width <= TABLE_ROOM


def examples_table(view: CheckView) -> str:
    """The examples as one HTML table whose columns fall into two groups, what was given
    and what results (and a note), with every cell labelled so a phone can show each
    example as a card (and so can any width, when the table would not fit: `rr-wide`)."""
    if not view.examples:
        return ""
    given = [(a.name, words.sentence_case(words.identifier_words(a.name))) for a in view.args]
    results = [(f.name, words.sentence_case(words.identifier_words(f.name)) if f.name else "Result") for f in view.fields]
    notes = any(e.note for e in view.examples)
    wide = "" if examples_fit(view, given, results, notes) else " rr-wide"
    note_head = '<th class="rr-note" rowspan="2" scope="col">Note</th>' if notes else ""
    # a check of no arguments (a composed one whose rules settle it) has no Given columns
    given_head = f'<th class="rr-given" colspan="{len(given)}" scope="colgroup">Given</th>' if given else ""
    head = (
        f'<tr>{given_head}'
        f'<th class="rr-result rr-first" colspan="{len(results)}" scope="colgroup">Result</th>{note_head}</tr><tr>'
        + "".join(f'<th class="rr-given" scope="col">{attribute(shown)}</th>' for _, shown in given)
        + "".join(
            f'<th class="rr-result{" rr-first" if i == 0 else ""}" scope="col">{attribute(shown)}</th>' for i, (_, shown) in enumerate(results)
        )
        + "</tr>"
    )
    body = "".join(_example_row(view, example, given, results, notes) for example in view.examples)
    return f'<table class="rr-examples{wide}"><thead>{head}</thead><tbody>{body}</tbody></table>'


def _example_row(view: CheckView, example: ExampleView, given: list[tuple[str, str]], results: list[tuple[str, str]], notes: bool) -> str:
    values = dict(example.given)
    cells = [
        f'<td class="rr-given">{label(shown)}{attribute(words.value_words(values[name])) if name in values else ""}</td>'
        for name, shown in given
    ]
    if example.raises is not None:
        cells.append(f'<td class="rr-result rr-first rr-refused" colspan="{len(results)}">{label("Result")}Refused: {attribute(words.refusal_words(view, example.raises))}</td>')
    else:
        expect = dict(example.expect or ())
        cells += [
            f'<td class="rr-result{" rr-first" if i == 0 else ""}">{label(shown)}'
            f"{attribute(words.value_words(expect[name])) if name in expect else ''}</td>"
            for i, (name, shown) in enumerate(results)
        ]
    if notes:
        cells.append(f'<td class="rr-note">{label("Note") if example.note else ""}{attribute(example.note or "")}</td>')
    return "<tr>" + "".join(cells) + "</tr>"


def arguments_table(view: CheckView) -> str:
    """The arguments of the check's function: name, Python type, values, and what each means
    (the column only when one of them says)."""
    return _typed_table("Argument", [(a.name, a.annotation, a.domain, a.summary) for a in view.args])


def fields_table(view: CheckView) -> str:
    """The fields of the record the check returns, as `arguments_table` shows arguments."""
    return _typed_table("Field", [(f.name, f.annotation, f.domain, f.summary) for f in view.fields])


def _typed_table(first: str, items: list[tuple[str, str, str, str | None]]) -> str:
    """Names with their Python types, values and meanings, as cards on a phone."""
    meanings = any(summary for *_, summary in items)
    heads = [first, "Type", "Values", *(["Meaning"] if meanings else [])]
    rows = [
        [Cell(code_html(name)), Cell(code_html(annotation)), Cell(attribute(domain)), *([Cell(attribute(summary or ""))] if meanings else [])]
        for name, annotation, domain, summary in items
    ]
    return card_table("rr-args", heads, rows, titled=True)


def odds_chart(view: CheckView, odds: OddsView, ident: str) -> str:
    """One set of odds as a figure titled in words, or as a sentence when it has one result."""
    title = words.given_words(view, odds.given)
    always = words.always(view, odds)
    if always is not None:
        return always_figure(title, always)
    outcomes = tuple((words.outcome_words(view, outcome), p) for outcome, p in odds.outcomes)
    return odds_figure(ident, title, words.odds_note(view, odds), outcomes, histogram=odds.histogram, at_least=odds.at_least, mean=odds.mean)


def check_section(entry: Entry, view: CheckView) -> dict[str, object]:
    """The fragments the entry template shows for one check, each already safe to place."""
    first = next((e for e in view.examples if e.raises is None and e.returns is not None), None)
    usage = [f"from {view.module.rsplit('.', 1)[0]} import {entry.module}", ""]
    renamed = module_reason(python_name(entry.id))
    if renamed is not None:  # say why the module is not the id in snake_case
        usage[1:1] = [f"# `{python_name(entry.id)}` {renamed}, so the module is `{entry.module}`"]
    if first is not None:
        usage.append(f"{entry.module}.{first.call}")
        usage.append(f"# {first.returns}")
    else:
        usage.append(f"{entry.module}.{view.signature}")
    charts = [odds_chart(view, odds, f"odds-{view.name.replace('_', '-')}-{index + 1}") for index, odds in enumerate(view.odds)]
    return {
        "title": plain(words.sentence_case(words.identifier_words(view.name))),
        "name": plain(view.name),
        "summary": attribute(view.summary),
        "depends": [plain(f"{what} ({values})") for what, values in words.argument_lines(view)],
        "examples": examples_table(view),
        "dice": plain(words.dice_words(view)),
        "charts": charts,
        "usage": "\n".join(usage),
        "signature": code(view.signature),
        "args": arguments_table(view) if view.args else "",
        "record": code(view.record_class) if view.record_class else "",
        "fields": fields_table(view) if view.record_class else "",
        "returns": [(code(f.annotation), plain(f.domain), plain(f.summary or "")) for f in view.fields],
        "odds_name": code(view.odds_name or ""),
        "dice_names": ", ".join(code(d) for d in view.dice_args),
    }
