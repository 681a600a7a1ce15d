"""The "Try it" placeholder of a check on its page: an empty element carrying a JSON
description of the check's arguments, which `assets/rulesref-try.js` turns into a form that
runs the generated JavaScript module in the browser.

Without JavaScript the element stays empty and the page reads exactly as before (examples and
static charts). The description is escaped here as an attribute value; the script reads it
with `JSON.parse`, so nothing in it is ever run.

The live result and odds speak the words of the static charts: the description carries every
phrase `render.check_words` makes of an argument's or a field's values (and what goes around
any other number), the words that join them and the headings of the charts, so the script
only places them and no wording lives in it. The same goes for the form: each control's label
in words (the argument's summary, or its name in words), a list's choices by the names of the
entries they are (`difficult-terrain` is "Difficult terrain"), what an empty number field asks
for, and the phrases of the result's sentence.
"""

from __future__ import annotations

import ast
import json
from typing import Any

from rulesref import paths
from rulesref.logic.describe import dice_label
from rulesref.logic.plan import Arg, Plan
from rulesref.model import Content, Entry
from rulesref.names import python_name
from rulesref.pages import check_words as words
from rulesref.pages.charts import AT_LEAST, AVERAGE, BAR, EXACT, INSET, LINE, PERCENT, ROW, SIDE_LABELS, SURE, WIDTH, WIDTHS
from rulesref.pages.markdown import attribute
from rulesref.views.checks import MAX_BARS, ArgView, CheckView

MODULES = f"{paths.ASSETS}/rulechecks"  # where the site serves the generated modules
TRY_IT, VERSUS = "Try it", "Versus"
VERSUS_SCRIPT = f"{paths.ASSETS}/rulesref-versus.js"  # the target picker, loaded by pages with a Versus form
# a Versus form's target picker: its label, the choice of typing the target in, the heading of what a picked target's rules bring
TARGET_WORDS = {
    "label": "Target", "typed": "Characteristics typed in", "brings": "What the target's rules bring:",
    "nothing": "None of its rules changes this attack: type its characteristics in.",
    "applying": "The attacker's rules that apply as set:", "none": "None of the attacker's rules applies as set.",
}


def module_asset(entry: Entry) -> str:
    return f"{MODULES}/{python_name(entry.system)}/{entry.module}.js"


def _arg(arg: Arg, view: ArgView, names: dict[str, str], plan: Plan) -> dict[str, Any]:
    t = arg.vtype
    label = words.control_label(arg.name, arg.summary)
    described: dict[str, Any] = {"name": arg.name, "label": label, "hint": ""}
    if arg.dice is not None:
        dice = arg.dice
        named = arg.count.id if isinstance(arg.count, ast.Name) else None  # an argument's name: the form reads its field
        described |= {"kind": "dice", "count": dice.count, "sides": dice.sides, "countInput": named, "ofParam": dice.of_param, "rolled": True}
        if arg.count is not None and named is None:  # an expression: its value for each setting (worked out by the build), or every total
            reads = [a.name for a in plan.args if a.name in arg.count_reads]
            cases = [[list(values), count] for values, count in arg.count_cases] if arg.count_cases is not None else None
            described |= {"countReads": reads, "countCases": cases, "lo": arg.vtype.lo, "hi": arg.vtype.hi}
        shown = dice_label(dice)
        described["hint"] = "" if shown in label else f" ({shown})"
    elif t.kind == "bool":
        described["kind"] = "bool"
    elif t.kind == "str":
        values = t.values if t.values is not None else arg.param.values if arg.param else ()
        described |= {"kind": "choice", "options": [[v, names.get(v) or words.sentence_case(words.value_words(v))] for v in values]}
    elif arg.param is not None and arg.param.type == "roll":
        assert t.lo is not None and t.hi is not None  # a dice target is a bounded int
        described |= {"kind": "target", "options": [[v, f"{v}{words.TARGET}"] for v in range(int(t.lo), int(t.hi) + 1)]}
    else:
        described |= {"kind": "int", "lo": t.lo, "hi": t.hi, "hint": f" ({t.lo} to {t.hi})"}
        if t.halves:  # a distance: the field steps by half inches
            described |= {"step": 0.5, "hint": f" ({t.lo} to {t.hi} inches)"}
        described["empty"] = f"Enter a number for {words.lower_first(label)}: {view.domain}."
        if arg.pool is not None:  # a count of a pool: typed in for the result, summed over for the odds
            described["rolled"] = True
    return described


def choice_names(entry: Entry, plans: list[Plan] | tuple[Plan, ...], content: Content) -> dict[str, str]:
    """The name of each entry of the system that a choice of these checks is (by id)."""
    names = {}
    for plan in plans:
        for arg in plan.args:
            for value in arg.vtype.values or ():
                found = content.entry(f"{entry.system}:{value}") if isinstance(value, str) else None
                if found is not None:
                    names[value] = found.name
    return names


def _words(view: CheckView) -> dict[str, Any]:
    """The phrases of the static charts, in pieces: by argument and by field (in the order of
    `args` and `fields`), the title when every argument is a die, and the joining words."""
    return {
        "args": [words.argument_phrases(a) for a in view.args],
        "fields": [words.field_phrases(view, f) for f in view.fields],
        "results": [words.sentence_phrases(view, f) for f in view.fields],
        "dice": words.sentence_case(words.dice_words(view)),
        "frames": words.frames() | {"sure": SURE, "exact": list(EXACT), "least": AT_LEAST, "mean": AVERAGE},
    }


def page_url(here: str, system: str, entry_id: str) -> str:
    """An entry's page from the page `here`, as the browser follows it: its folder."""
    return paths.url_of(paths.relative(here, paths.page_of_entry(system, entry_id)))


def description(entry: Entry, plan: Plan, view: CheckView, names: dict[str, str] | None = None, page: str | None = None) -> dict[str, Any]:
    """What the form needs: the module, the functions, each argument and the first example,
    and the words of the form, its result and the charts (`names`: see `choice_names`), for
    the entry's page or another `page`."""
    first = next((e for e in view.examples if e.raises is None), None)  # the form opens on it
    shown = {a.name: a for a in view.args}
    here = page or paths.entry_page(entry)
    targets = [
        {
            "label": target.name,
            "values": dict(target.values),
            "rules": [[part.name, page_url(here, entry.system, part.entry), part.words] for part in target.parts],
        }
        for target in plan.check.targets
    ]
    # the attacker's rules whose conditions are flags: the form says which apply as they are set
    applying = [
        [part.name, page_url(here, entry.system, part.entry), [list(f) for f in part.flags]]
        for part in plan.check.parts[1:]
        if part.flags is not None
    ] if plan.check.versus else []
    return {
        "legend": VERSUS if plan.check.versus else TRY_IT,
        "targets": targets,
        "applying": applying,
        "targetWords": TARGET_WORDS if plan.check.versus else None,
        "module": paths.relative(page or paths.entry_page(entry), module_asset(entry)),
        "check": plan.name,
        "odds": plan.odds_name,
        "args": [_arg(a, shown[a.name], names or {}, plan) for a in plan.args],
        # an enum's values in the order its chart lists them (`checks.result_order`)
        "fields": [{"name": name, "kind": vtype.kind, "values": list(vtype.values) if vtype.kind == "str" and vtype.values is not None else None} for name, vtype in plan.fields],
        "record": plan.record_class is not None,
        "given": dict(first.given) if first is not None else {},
        "words": _words(view),
        # the static charts' geometry, so the live chart is drawn the same way
        "chart": {
            "width": WIDTH, "row": ROW, "bar": BAR, "percent": PERCENT, "line": LINE,
            "sideLabels": SIDE_LABELS, "widths": WIDTHS, "maxBars": MAX_BARS, "inset": INSET,
        },
    }


def placeholder(entry: Entry, plan: Plan, view: CheckView, names: dict[str, str] | None = None, page: str | None = None, more: dict[str, Any] | None = None) -> str:
    """One line of raw HTML: the empty element the form is built in (with `more` in its
    description: a played unit's Versus form, `rulesref.pages.versus_forms`)."""
    return placeholder_of(description(entry, plan, view, names, page) | (more or {}))


def placeholder_of(described: dict[str, Any]) -> str:
    """The placeholder of a form whose description is made (`description`, and what it adds)."""
    return holder(form_data(described))


def form_data(described: dict[str, Any]) -> str:
    """The JSON a form's placeholder holds."""
    return json.dumps(described, separators=(",", ":"), sort_keys=True)


def holder(data: str) -> str:
    """The placeholder that holds a form's JSON (`form_data`)."""
    return f'<div class="rr-try" data-rr-try="{attribute(data)}"></div>'


def placeholders(
    entry: Entry, plans: list[Plan] | tuple[Plan, ...], views: tuple[CheckView, ...], names: dict[str, str] | None = None, page: str | None = None
) -> dict[str, str]:
    """The placeholder of every check of an entry, by check name (`views` are the same
    checks as `plans`, as the page words them; `names`: see `choice_names`), for the entry's
    page or another `page`."""
    by_name = {view.name: view for view in views}
    return {plan.name: placeholder(entry, plan, by_name[plan.name], names, page) for plan in plans}
