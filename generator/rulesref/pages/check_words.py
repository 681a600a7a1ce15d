"""A check in players' words: its arguments as a short list, a set of argument values as a
phrase ("Not locked in combat, models in the unit: 5") and its results as words ("passed,
D6 hits") for the page and the titles and rows of its odds charts; for "Try it", what each
control is called ("Models in the unit") and a result as a sentence ("The unit is not
Pinned.", "The model's Strength in the Assault phase: 4.").

The views (`render.checks`) say what a check computes, for every writer; this module only
words them, from what the content says: each input's summary, enum values and the output's
field names. The values an argument may take are worded once, in `logic.describe`, and
reach here as `ArgView.domain`, reused as they are, except the named values a player picks
from, which are worded as the examples word them (`morale check`, never `'morale-check'`);
what an expression computes (how many dice a pool rolls) is worded there too, so a page
shows no code. Everything returned is plain text: the caller escapes it for where it goes.

The live charts of "Try it" speak the same words without a copy of these rules: for each
argument and result field this also gives the phrase of every value it words apart and the
frame around any other (`argument_phrases`, `field_phrases`, `sentence_phrases`), and the
joining words (`frames`), which the page carries for its script to place.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rulesref.logic.describe import dice_count_words, either
from rulesref.logic.describe import identifier_words as identifier_words  # the pages' words for names and values too
from rulesref.logic.describe import value_words as value_words
from rulesref.model import Scalar, show
from rulesref.views.checks import ArgView, CheckView, FieldView, OddsView, Outcome

_PARENTHESES = re.compile(r"\s*\([^()]*\)")
_OR_NONE = re.compile(r",? or none$")  # "Dice rolled for the distance, or none": the value says it
_LEAD = re.compile(r"^(?:whether|true (?:when|if))\s+", re.IGNORECASE)
# The first verb of a clause and the same clause denied ("the unit is pinned" -> "the unit
# is not pinned"); a clause without one of these is answered with yes or no instead.
_DENIALS = (
    (re.compile(r"\bhas(?= (?:already |just )?\w+(?:ed|en)\b)"), "has not"),
    (re.compile(r"\b(is|are|was|were|can|could|would|will|should|must|may|has been|have been|had been)\b"), None),
    (re.compile(r"\bhas\b"), "does not have"),
    (re.compile(r"\bhave\b"), "do not have"),
    (re.compile(r"\bcontains\b"), "does not contain"),
    (re.compile(r"\bincludes\b"), "does not include"),
    (re.compile(r"\b(?:already )?took\b"), "did not take"),
)
OUTCOME_FIELDS = frozenset({"outcome", "result", "status"})  # a value of these needs no name before it
_NEGATED_AUX = {"can": "cannot", "has been": "has not been", "have been": "have not been", "had been": "had not been"}

# The words that join the phrases into sentences; `frames` hands them to the "Try it" script.
TITLE_JOINERS = (", ", "; ")  # the second when a phrase has a comma of its own
FIELD_JOINER = ", "
ALWAYS = "Always: "
IN_EVERY_CASE = "In every case: "
WHATEVER = "Whatever the "
AND = " and "
STOP = ". "
TARGET = "+"  # after a dice target: 4+


def sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def _clause(text: str) -> str:
    """A summary as a clause: no leading "Whether", no asides in brackets, no full stop."""
    text = _PARENTHESES.sub("", _LEAD.sub("", text.strip())).strip().rstrip(".")
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def deny(clause: str) -> str | None:
    """The clause with its first verb denied, or None when it has no verb this knows."""
    if clause.lower().startswith(("every ", "all ")):
        return f"not {clause}"
    found = []
    for order, (pattern, replacement) in enumerate(_DENIALS):
        match = pattern.search(clause)
        if match:
            found.append((match.start(), order, match, replacement))
    if not found:
        return None
    _, _, match, replacement = min(found, key=lambda f: f[:2])
    if replacement is None:
        verb = match.group(0)
        replacement = _NEGATED_AUX.get(verb, f"{verb} not")
    return clause[: match.start()] + replacement + clause[match.end() :]


def label(arg: ArgView) -> str:
    """What an argument is, in a few words: its summary, or its name in words."""
    return _clause(arg.summary) if arg.summary else identifier_words(arg.name)


def argument_value(arg: ArgView, value: Scalar) -> str:
    """One argument with its value: a yes/no argument as its clause or the clause denied,
    anything else as `what it is: value`."""
    if arg.kind == "bool" and isinstance(value, bool):
        clause = label(arg)
        if value:
            return clause
        denied = deny(clause) if arg.summary else f"not {clause}"
        return denied or f"{clause}: no"
    if isinstance(value, int) and not isinstance(value, bool):
        before, after = _number_frame(arg)
        return f"{before}{value}{after}"
    return f"{label(arg)}: {value_words(value)}"


def _number_frame(arg: ArgView) -> tuple[str, str]:
    """What goes before and after a number given for `arg`: `models in the unit: 5`, `...: 5+`."""
    return f"{label(arg)}: ", TARGET if arg.target else ""


def argument_phrases(arg: ArgView) -> dict[str, Any]:
    """Every phrase `argument_value` can make of `arg`, for a script to place: the phrase of
    each value it names (keyed by `show`, as a script's `String` writes the value too), and
    what goes before and after any other (a number)."""
    named: tuple[Scalar, ...] = (True, False) if arg.kind == "bool" else arg.values
    before, after = _number_frame(arg)
    return {"values": {show(v): argument_value(arg, v) for v in named}, "before": before, "after": after}


def given_words(view: CheckView, given: Iterable[tuple[str, Scalar]]) -> str:
    """Argument values as one phrase, for the title of a chart."""
    args = {a.name: a for a in view.args}
    parts = [argument_value(args[name], value) for name, value in given if name in args]
    if not parts:
        return sentence_case(dice_words(view))
    plain, strong = TITLE_JOINERS
    joiner = strong if any(plain.strip() in p for p in parts) else plain
    return sentence_case(joiner.join(parts))


def dice_words(view: CheckView) -> str:
    """The dice a check's odds are taken over: `the D6 rolled on the Mob Rule table (D6)`, and
    each pool once: `the To Hit rolls (attacks D6)`."""
    args = {a.name: a for a in view.args}
    parts = []
    for name in view.dice_args:
        arg = args[name]
        said = label(arg)
        parts.append(f"{said} ({arg.dice})" if arg.dice and arg.dice not in said else said)
    for pool in view.pools:
        said = _clause(pool.summary) if pool.summary else identifier_words(pool.name)
        parts.append(f"{said} ({dice_count_words(pool.dice, pool.die)})")
    return " and ".join(parts)


def argument_lines(view: CheckView) -> list[tuple[str, str]]:
    """Each argument as (what it is, the values it takes), for the short list on the page."""
    return [(sentence_case(label(a)), values_words(a)) for a in view.args]


def refusal_words(view: CheckView, message: str) -> str:
    """Why the check refuses an example's arguments (its function's message, which the
    example quotes), as a player reads it: each argument it names as the page says what the
    argument is, and their sum as `and`: `saves + unsaved_wounds must add up to exactly 3`
    -> `The saving throws passed and the unsaved Wounds must add up to exactly 3`."""
    args = {a.name: a for a in view.args}
    said = re.sub(r"\b[A-Za-z_][A-Za-z0-9_]*\b", lambda m: label(args[m.group(0)]) if m.group(0) in args else m.group(0), message)
    return sentence_case(said.replace(" + ", AND))


def values_words(arg: ArgView) -> str:
    """The values an argument takes, as a player reads them: named values as the examples
    word them (`one of morale check, pinning test or other test`), anything else as
    `logic.describe` words it for everyone (`a whole number from 0 to 30`)."""
    return f"one of {either([value_words(v) for v in arg.values])}" if arg.values else arg.domain


def _single_clause(view: CheckView, field: FieldView) -> str | None:
    """What a yes/no result says, from the output's summary ("True when the unit is
    Pinned") or the check's ("Whether a hit is a Precision Strike")."""
    for text in (field.summary, view.summary):
        if text and _LEAD.match(text.strip()):
            return _clause(text)
    return None


def field_value(view: CheckView, field: FieldView, value: Scalar) -> str:
    """One field of a result in words: `passed`, `not passed`, `D6 hits`, `no hits`."""
    if not field.name:
        if field.kind == "bool" and isinstance(value, bool):
            clause = _single_clause(view, field)
            if clause is None:
                return "yes" if value else "no"
            denied = deny(clause)
            if denied is None:
                return f"{clause}: {value_words(value)}"
            return clause if value else denied
        return value_words(value)
    name = identifier_words(field.name)
    if field.kind == "bool":
        return name if value else f"not {name}"
    if field.kind == "enum":
        return value_words(value) if field.name in OUTCOME_FIELDS else f"{name}: {value_words(value)}"
    if value in ("none", 0):
        return f"no {name}"
    if value == 1 and _counts(name):
        return f"{value} {_singular(name)}"
    before, after = _quantity_frame(field)
    return f"{before}{value}{after}"


def _counts(name: str) -> bool:
    """Whether a field's name in words is a count of things (`hits`, not `class`)."""
    return name.endswith("s") and not name.endswith("ss") and len(name) > 3


def _quantity_frame(field: FieldView) -> tuple[str, str]:
    """What goes before and after a number or dice a named field holds: `D6 hits`, `range 6`."""
    name = identifier_words(field.name)
    return ("", f" {name}") if _counts(name) else (f"{name} ", "")


_SPECIAL: dict[str, tuple[Scalar, ...]] = {"int": (0, 1), "dice": ("none",)}  # the quantities `field_value` words apart


def field_phrases(view: CheckView, field: FieldView) -> dict[str, Any]:
    """Every phrase `field_value` can make of `field`, for a script to place: the phrase of
    each value it words apart (keyed by `show`), what goes before and after any other, and
    the field's name in words (for "Whatever the ...")."""
    if not field.name and field.kind not in ("bool", "enum"):
        return {"values": {}, "before": "", "after": "", "name": ""}  # a bare number or dice
    named: tuple[Scalar, ...] = (True, False) if field.kind == "bool" else field.values if field.kind == "enum" else _SPECIAL.get(field.kind, ())
    before, after = _quantity_frame(field) if field.name else ("", "")
    return {
        "values": {show(v): field_value(view, field, v) for v in named},
        "before": before,
        "after": after,
        "name": identifier_words(field.name),
    }


def frames() -> dict[str, Any]:
    """The words that join phrases into the sentences of a chart, for a script to place."""
    return {
        "title": list(TITLE_JOINERS), "field": FIELD_JOINER, "always": ALWAYS, "end": STOP.strip(),
        "every": IN_EVERY_CASE, "whatever": WHATEVER, "and": AND, "stop": STOP,
    }


def _singular(noun: str) -> str:
    """`inches` -> `inch`, `hits` -> `hit`: for a field counting one thing."""
    if noun.endswith(("ches", "shes", "sses", "xes")):
        return noun[:-2]
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun[:-1]


def outcome_words(view: CheckView, outcome: Outcome) -> str:
    fields = {f.name: f for f in view.fields}
    return sentence_case(FIELD_JOINER.join(field_value(view, fields[name], value) for name, value in outcome))


def control_label(name: str, summary: str | None) -> str:
    """What a form control for an argument is called: its summary as written (a yes/no
    argument without its leading "Whether", so that a ticked box reads as a statement), or
    its name in words."""
    if not summary:
        return sentence_case(identifier_words(name))
    return sentence_case(_LEAD.sub("", summary.strip()).rstrip("."))


def _said_as(view: CheckView, field: FieldView) -> str | None:
    """The words before the value of a field that is not yes or no, in a sentence: its
    summary, or for a lone value the check's (`The model's Strength in the Assault phase`);
    None when there is none to say."""
    summary = field.summary or (None if field.name else view.summary)
    if not summary:
        return None
    what = _OR_NONE.sub("", _PARENTHESES.sub("", summary.strip()).strip().rstrip("."))
    return _clause(what) if field.name else sentence_case(what)


def sentence_value(view: CheckView, field: FieldView, value: Scalar) -> str:
    """One field of a result as a part of a sentence: a yes/no field as its summary's clause
    (or the clause denied), another field as `what it is: value` from its summary (a lone
    value from the check's; no dice as `no what it is`), and a field without a summary as in
    the charts (`passed`, `D6 hits`)."""
    if field.kind == "bool" and isinstance(value, bool):
        if field.name and field.summary:
            clause = _clause(field.summary)
            return clause if value else deny(clause) or f"{clause}: {value_words(value)}"
        return field_value(view, field, value)
    what = _said_as(view, field)
    if what is None:
        return field_value(view, field, value)
    if field.kind == "dice" and value == "none":
        return f"no {lower_first(what)}"
    return f"{what}: {value_words(value)}"


def sentence_phrases(view: CheckView, field: FieldView) -> dict[str, Any]:
    """Every phrase `sentence_value` can make of `field`, for a script to place (as
    `field_phrases` does for the charts)."""
    if field.kind == "bool":
        return {"values": {show(v): sentence_value(view, field, v) for v in (True, False)}, "before": "", "after": ""}
    what = _said_as(view, field)
    if what is None:
        return field_phrases(view, field)
    named = field.values if field.kind == "enum" else _SPECIAL.get(field.kind, ()) if field.kind == "dice" else ()
    return {"values": {show(v): sentence_value(view, field, v) for v in named}, "before": f"{what}: ", "after": ""}


def result_sentence(view: CheckView, outcome: Outcome) -> str:
    """A whole result as one sentence, its parts joined as a chart's title joins arguments:
    `The Solitaire may Blitz now, inches it may move: 1.`"""
    fields = {f.name: f for f in view.fields}
    parts = [sentence_value(view, fields[name], value) for name, value in outcome]
    plain, strong = TITLE_JOINERS
    joiner = strong if any(plain.strip() in p for p in parts) else plain
    return sentence_case(joiner.join(parts)) + STOP.strip()


def odds_note(view: CheckView, odds: OddsView) -> str:
    """What the rows of a chart leave out: fields that are the same in every case, and the
    numbers the rows are summed over."""
    parts = []
    if odds.fixed:
        parts.append(IN_EVERY_CASE + lower_first(outcome_words(view, odds.fixed)))
    if odds.summed:
        parts.append(WHATEVER + AND.join(identifier_words(s) for s in odds.summed))
    return STOP.join(parts) + (STOP.strip() if parts else "")


def always(view: CheckView, odds: OddsView) -> str | None:
    """`Always: failed` for odds with a single result, which a chart would not explain."""
    if len(odds.outcomes) != 1:
        return None
    (outcome, _), = odds.outcomes
    return ALWAYS + lower_first(outcome_words(view, outcome + odds.fixed))


def lower_first(text: str) -> str:
    """Undo `sentence_case` inside a sentence (but keep `WS`, `D6`)."""
    return text if re.match(r"[A-Z0-9]{2}", text) else text[:1].lower() + text[1:]

