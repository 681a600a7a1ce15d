"""One check as its entry page shows it, for players first: what it answers, what it
depends on (a short list in words), its examples (what was given, what results), its odds
as charts titled in words; then, folded away, what a programmer needs: the `import` line, a
worked call, the signature and the types.

Every fragment is finished Markdown or HTML: names through `code`, words through `plain`
(Markdown) or `attribute` (HTML), charts as inline SVG drawn at build time. The wording
itself comes from `render.check_words`.
"""

from __future__ import annotations

from rulesref.model import Entry
from rulesref.render import check_words as words
from rulesref.render.charts import always_figure, odds_figure
from rulesref.render.checks import CheckView, ExampleView, OddsView
from rulesref.render.markdown import attribute, code, plain


def examples_table(view: CheckView) -> str:
    """The examples as one HTML table whose columns fall into two groups, what was given
    and what results (and a note), with every cell labelled so a phone can show each
    example as a card."""
    if not view.examples:
        return ""
    given = [(a.name, words.sentence_case(words.identifier_words(a.name))) for a in view.args]
    results = [(f.name, words.sentence_case(words.identifier_words(f.name)) if f.name else "Result") for f in view.fields]
    notes = any(e.note for e in view.examples)
    note_head = '<th class="rr-note" rowspan="2" scope="col">Note</th>' if notes else ""
    head = (
        f'<tr><th class="rr-given" colspan="{len(given)}" scope="colgroup">Given</th>'
        f'<th class="rr-result rr-first" colspan="{len(results)}" scope="colgroup">Result</th>{note_head}</tr><tr>'
        + "".join(f'<th class="rr-given" scope="col">{attribute(shown)}</th>' for _, shown in given)
        + "".join(
            f'<th class="rr-result{" rr-first" if i == 0 else ""}" scope="col">{attribute(shown)}</th>' for i, (_, shown) in enumerate(results)
        )
        + "</tr>"
    )
    body = "".join(_example_row(example, given, results, notes) for example in view.examples)
    return f'<table class="rr-examples"><thead>{head}</thead><tbody>{body}</tbody></table>'


def _example_row(example: ExampleView, given: list[tuple[str, str]], results: list[tuple[str, str]], notes: bool) -> str:
    values = dict(example.given)
    cells = [
        f'<td class="rr-given" data-label="{attribute(shown)}">{attribute(words.value_words(values[name])) if name in values else ""}</td>'
        for name, shown in given
    ]
    if example.raises is not None:
        cells.append(f'<td class="rr-result rr-first rr-refused" colspan="{len(results)}" data-label="Result">Refused: {attribute(example.raises)}</td>')
    else:
        expect = dict(example.expect or ())
        cells += [
            f'<td class="rr-result{" rr-first" if i == 0 else ""}" data-label="{attribute(shown)}">'
            f"{attribute(words.value_words(expect[name])) if name in expect else ''}</td>"
            for i, (name, shown) in enumerate(results)
        ]
    if notes:
        cells.append(f'<td class="rr-note" data-label="Note">{attribute(example.note or "")}</td>')
    return "<tr>" + "".join(cells) + "</tr>"


def odds_chart(view: CheckView, odds: OddsView, ident: str) -> str:
    """One set of odds as a figure titled in words, or as a sentence when it has one result."""
    title = words.given_words(view, odds.given)
    always = words.always(view, odds)
    if always is not None:
        return always_figure(title, always)
    outcomes = tuple((words.outcome_words(view, outcome), p) for outcome, p in odds.outcomes)
    return odds_figure(ident, title, words.odds_note(view, odds), outcomes, histogram=odds.histogram)


def check_section(entry: Entry, view: CheckView) -> dict[str, object]:
    """The fragments the entry template shows for one check, each already safe to place."""
    first = next((e for e in view.examples if e.raises is None and e.returns is not None), None)
    usage = [f"from {view.module.rsplit('.', 1)[0]} import {entry.module}", ""]
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
        "args": [(code(a.name), code(a.annotation), plain(a.domain), plain(a.summary or "")) for a in view.args],
        "record": code(view.record_class) if view.record_class else "",
        "fields": [(code(f.name) if f.name else "result", code(f.annotation), plain(f.domain), plain(f.summary or "")) for f in view.fields],
        "arg_meanings": any(a.summary for a in view.args),
        "field_meanings": any(f.summary for f in view.fields),
        "odds_name": code(view.odds_name or ""),
        "dice_names": ", ".join(code(d) for d in view.dice_args),
    }
