"""One check as its entry page shows it: how to call it (the `import` line and a worked
call), its arguments and result, a table of its examples, and its odds as charts.

Every fragment is finished Markdown: names through `code`, words through `plain`, charts as
inline SVG drawn here at build time.
"""

from __future__ import annotations

from rulesref.model import Entry
from rulesref.render.charts import odds_figure
from rulesref.render.checks import CheckView, show
from rulesref.render.markdown import code, plain


def check_section(entry: Entry, view: CheckView) -> dict[str, object]:
    """The fragments the entry template shows for one check, each already safe to place."""
    given_names = [a.name for a in view.args]
    fields = [f.name for f in view.fields]
    has_notes = any(e.note for e in view.examples)
    header = [code(n) for n in given_names] + [code(f) if f else "result" for f in fields] + (["note"] if has_notes else [])
    rows = []
    for example in view.examples:
        given = dict(example.given)
        cells = [plain(show(given[n])) if n in given else "" for n in given_names]
        if example.raises is not None:
            cells += [plain(f"error: {example.raises}")] + [""] * (len(fields) - 1)
        else:
            expect = dict(example.expect or ())
            cells += [plain(show(expect[f])) if f in expect else "" for f in fields]
        if has_notes:
            cells.append(plain(example.note or ""))
        rows.append(cells)
    first = next((e for e in view.examples if e.raises is None and e.returns is not None), None)
    usage = [f"from {view.module.rsplit('.', 1)[0]} import {entry.module}", ""]
    if first is not None:
        usage.append(f"{entry.module}.{first.call}")
        usage.append(f"# {first.returns}")
    else:
        usage.append(f"{entry.module}.{view.signature}")
    charts = []
    for index, odds in enumerate(view.odds):
        inputs = ", ".join(f"{k} = {show(v)}" for k, v in odds.given)
        title = f"Odds of {view.name} over {', '.join(view.dice_args)}" + (f" with {inputs}" if inputs else "")
        caption = "; ".join(x for x in (inputs or "every roll", odds.note) if x)
        charts.append(odds_figure(f"odds-{view.name}-{index + 1}", title, caption, odds.outcomes, histogram=odds.histogram))
    return {
        "name": plain(view.name),
        "summary": plain(view.summary),
        "signature": code(view.signature),
        "usage": "\n".join(usage),
        "args": [(code(a.name), code(a.annotation), plain(a.domain), plain(a.summary or "")) for a in view.args],
        "record": code(view.record_class) if view.record_class else "",
        "fields": [(code(f.name) if f.name else "result", code(f.annotation), plain(f.domain), plain(f.summary or "")) for f in view.fields],
        "arg_meanings": any(a.summary for a in view.args),
        "field_meanings": any(f.summary for f in view.fields),
        "header": header,
        "rows": rows,
        "odds_name": code(view.odds_name or ""),
        "dice": ", ".join(code(d) for d in view.dice_args),
        "charts": charts,
    }
