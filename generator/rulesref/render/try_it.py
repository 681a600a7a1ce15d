"""The "Try it" placeholder of a check on its page: an empty element carrying a JSON
description of the check's arguments, which `assets/rulesref-try.js` turns into a form that
runs the generated JavaScript module in the browser.

Without JavaScript the element stays empty and the page reads exactly as before (examples and
static charts). The description is escaped here as an attribute value; the script reads it
with `JSON.parse`, so nothing in it is ever run.
"""

from __future__ import annotations

import json
from typing import Any

from rulesref.logic.plan import Arg, Plan
from rulesref.model import Entry, python_name
from rulesref.render import paths
from rulesref.render.charts import BAR, LINE, PERCENT, ROW, SIDE_LABELS, WIDTH, WIDTHS
from rulesref.render.checks import MAX_BARS
from rulesref.render.markdown import attribute

MODULES = f"{paths.ASSETS}/rulechecks"  # where the site serves the generated modules


def module_asset(entry: Entry) -> str:
    return f"{MODULES}/{python_name(entry.system)}/{entry.module}.js"


def _arg(arg: Arg) -> dict[str, Any]:
    t = arg.vtype
    described: dict[str, Any] = {"name": arg.name, "summary": arg.summary or ""}
    if arg.dice is not None:
        dice = arg.dice
        described |= {"kind": "dice", "count": dice.count, "sides": dice.sides, "countInput": dice.count_input, "ofParam": dice.of_param}
    elif t.kind == "bool":
        described["kind"] = "bool"
    elif t.kind == "str":
        described |= {"kind": "choice", "values": list(t.values if t.values is not None else arg.param.values if arg.param else ())}
    elif arg.param is not None and arg.param.type == "roll":
        described |= {"kind": "target", "lo": t.lo, "hi": t.hi}
    else:
        described |= {"kind": "int", "lo": t.lo, "hi": t.hi}
    return described


def description(entry: Entry, plan: Plan) -> dict[str, Any]:
    """What the form needs: the module, the functions, each argument and the first example."""
    first = next((e for e in plan.check.examples if e.raises is None), None)
    return {
        "module": paths.relative(paths.entry_page(entry), module_asset(entry)),
        "check": plan.name,
        "odds": plan.odds_name,
        "args": [_arg(a) for a in plan.args],
        "fields": [{"name": name, "kind": vtype.kind} for name, vtype in plan.fields],
        "record": plan.record_class is not None,
        "given": dict(first.given) if first is not None else {},
        # the static charts' geometry, so the live chart is drawn the same way
        "chart": {
            "width": WIDTH, "row": ROW, "bar": BAR, "percent": PERCENT, "line": LINE,
            "sideLabels": SIDE_LABELS, "widths": WIDTHS, "maxBars": MAX_BARS,
        },
    }


def placeholder(entry: Entry, plan: Plan) -> str:
    """One line of raw HTML: the empty element the form is built in."""
    data = json.dumps(description(entry, plan), separators=(",", ":"), sort_keys=True)
    return f'<div class="rr-try" data-rr-try="{attribute(data)}"></div>'


def placeholders(entry: Entry, plans: list[Plan] | tuple[Plan, ...]) -> dict[str, str]:
    """The placeholder of every check of an entry, by check name."""
    return {plan.name: placeholder(entry, plan) for plan in plans}
