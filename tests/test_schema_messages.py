"""What `validate` says when a file breaks the JSON Schema: the keys and values in question,
the forms a value may take, and the word that was meant.

jsonschema words a failed `oneOf` as "is not valid under any of the given schemas" and a
`not` as "should not be valid under ..."; an editor's user wants "cannot have `when` and
`otherwise` together" at that key's line. Each case below is one mistake people make.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.validate import validate

CHECK = """\
id: sample
kind: rule
name: Case
summary: x
text: x
checks:
  c:
    summary: x
    inputs:
      a: {type: int, min: 1, max: 3}
    output: {type: bool}
    decide:
      - when: a > 1
        then: true
      - otherwise: false
    examples:
      - given: {a: 1}
        expect: false
"""

CASES = {
    "an input type in JSON Schema's words": (
        ("a: {type: int, min: 1, max: 3}", "a: {type: integer, min: 1, max: 3}"),
        (10, "bad-value", "`checks.c.inputs.a.type` is `integer`; it must be one of `bool`, `int`, `enum`, `dice`, `pool`, `inches`, `D6`, `2D6`, ...; did you mean `int`?"),
    ),
    "a dice type in lower case": (
        ("a: {type: int, min: 1, max: 3}", "a: {type: d6}"),
        (10, "bad-value", "`checks.c.inputs.a.type` is `d6`; it must be one of `bool`, `int`, `enum`, `dice`, `pool`, `inches`, `D6`, `2D6`, ...; did you mean `D6`?"),
    ),
    "an output type in Python's words": (
        ("output: {type: bool}", "output: {type: boolean}"),
        (11, "bad-value", "`checks.c.output.type` is `boolean`; it must be one of `bool`, `int`, `enum`, `dice`, `inches`; did you mean `bool`?"),
    ),
    "an int input without its bounds": (
        ("a: {type: int, min: 1, max: 3}", "a: {type: int, max: 3}"),
        (10, "missing-key", "`checks.c.inputs.a` is missing the required key `min`, which `type: int` needs"),
    ),
    "a row with both when and otherwise": (
        ("      - otherwise: false\n", "      - otherwise: false\n        when: a > 2\n"),
        (16, "conflicting-keys", "`checks.c.decide[1]` cannot have `otherwise` and `when` together: it takes either `when` and `then`, or `otherwise`"),
    ),
    "a row with then but no when": (
        ("      - when: a > 1\n        then: true\n", "      - then: true\n"),
        (13, "missing-key", "`checks.c.decide[0]` is missing `when`: it takes either `when` and `then`, or `otherwise`"),
    ),
    "a row with neither": (
        ("      - otherwise: false\n", "      - note: the rest\n"),
        (15, "missing-key", "`checks.c.decide[1]` needs `when` and `then`, or `otherwise`"),
    ),
    "an example with neither expect nor raises": (
        ("        expect: false\n", ""),
        (17, "missing-key", "`checks.c.examples[0]` needs `expect` or `raises`"),
    ),
    "an example with both": (
        ("        expect: false\n", "        expect: false\n        raises: never\n"),
        (19, "conflicting-keys", "`checks.c.examples[0]` cannot have `expect` and `raises` together: it takes either `expect` or `raises`"),
    ),
    "bounds on a dice input": (
        ("a: {type: int, min: 1, max: 3}", "a: {type: D6, min: 1}"),
        (10, "conflicting-keys", "`checks.c.inputs.a` cannot have `min` with `type: D6`: only an `int` or `inches` input has `min` and `max`; remove it"),
    ),
    "values on an int input": (
        ("a: {type: int, min: 1, max: 3}", "a: {type: int, min: 1, max: 3, values: [x]}"),
        (10, "conflicting-keys", "`checks.c.inputs.a` cannot have `values` with `type: int`: only an `enum` input has `values`; remove it"),
    ),
    "a count on a bool input": (
        ("a: {type: int, min: 1, max: 3}", "a: {type: bool, count: dice_count}"),
        (10, "conflicting-keys", "`checks.c.inputs.a` cannot have `count` with `type: bool`: only a dice input has `count` (for D6 or D3), `of` (for dice) and `reroll_one`; remove it"),
    ),
    "values on a bool output": (
        ("output: {type: bool}", "output: {type: bool, values: [x]}"),
        (11, "conflicting-keys", "`checks.c.output` cannot have `values` with `type: bool`: only an `enum` output has `values`; remove it"),
    ),
    "a kind misspelt": (
        ("kind: rule", "kind: rulee"),
        (2, "bad-value", "`kind` is `rulee`; it must be one of `rule`, `unit`, `term`; did you mean `rule`? (the other keys are checked against `rule`)"),
    ),
    "a kind far from any": (
        ("kind: rule", "kind: special"),
        (2, "bad-value", "`kind` is `special`; it must be one of `rule`, `unit`, `term`"),
    ),
}


@pytest.mark.parametrize(
    ("kind", "meant"), [("rul", "rule"), ("Rules", "rule"), ("ruel", "rule"), ("unti", "unit"), ("UNIT", "unit"), ("trem", "term"), ("terms", "term")]
)
def test_a_misspelt_kind_still_has_its_other_keys_checked_against_the_kind_meant(content: Path, kind: str, meant: str) -> None:
    """A kind one edit from another is that kind's file, misspelt: besides the did-you-mean,
    what it gets wrong as that kind is said too (here a misspelt key, and a unit's `rules`)."""
    text = f"id: sample\nkind: {kind}\nname: Sample\nsumary: x\n"
    found = problems_of(content, text)
    assert (2, "bad-value", f"`kind` is `{kind}`; it must be one of `rule`, `unit`, `term`; did you mean `{meant}`? (the other keys are checked against `{meant}`)") in found
    assert (4, "unknown-key", "unknown key `sumary` in the top level; did you mean `summary`?") in found
    missing = {message for line, code, message in found if code == "missing-key"}
    assert ("the top level is missing the required key `rules`" in missing) == (meant == "unit")
    assert len(found) == 3 + (meant == "unit")  # the kind once, not also as the const it missed

PARAMS = """\
id: sample
kind: rule
name: Case (X)
summary: x
text: x
params:
  X: {type: int, summary: x, min: 1, max: 3}
"""

PARAM_CASES = {
    "values on an int parameter": (
        ("min: 1, max: 3}", "min: 1, max: 3, values: [D6]}"),
        (7, "conflicting-keys", "`params.X` cannot have `values` with `type: int`: only a `dice` parameter has `values`; remove it"),
    ),
    "bounds on a dice parameter": (
        ("type: int, summary: x, min: 1, max: 3}", "type: dice, summary: x, min: 1, max: 3, values: [D6]}"),
        (7, "conflicting-keys", "`params.X` cannot have `min` and `max` with `type: dice`: only an `int` parameter has `min` and `max`; remove it"),
    ),
    "a dice parameter without its dice": (
        ("type: int, summary: x, min: 1, max: 3}", "type: dice, summary: x}"),
        (7, "missing-key", "`params.X` is missing the required key `values`, which `type: dice` needs"),
    ),
}


def problems_of(content: Path, text: str) -> list[tuple[int, str, str]]:
    path = content / "demo" / "sample.yml"
    path.write_text(text, encoding="utf-8")
    return [(p.line, p.code, p.message) for p in validate([str(path)]).problems]


@pytest.mark.parametrize("case", sorted(CASES), ids=sorted(CASES))
def test_a_schema_mistake_in_a_check_is_explained_at_its_line(content: Path, case: str) -> None:
    (old, new), expected = CASES[case]
    assert old in CHECK
    assert problems_of(content, CHECK.replace(old, new, 1)) == [expected]


@pytest.mark.parametrize("case", sorted(PARAM_CASES), ids=sorted(PARAM_CASES))
def test_a_schema_mistake_in_a_parameter_names_the_type_it_conflicts_with(content: Path, case: str) -> None:
    (old, new), expected = PARAM_CASES[case]
    assert old in PARAMS
    assert problems_of(content, PARAMS.replace(old, new, 1)) == [expected]


def test_a_parameter_written_in_lower_case_is_named_in_upper_case(content: Path) -> None:
    unit = "id: sample\nkind: unit\nname: Sample\nsummary: x\nrules: [{rule: brutal, x: 3}]\n"
    assert problems_of(content, unit) == [(5, "unknown-key", "unknown key `x` in `rules[0]`; did you mean `X`? (parameter names are upper case)")]


def test_the_unmodified_check_is_clean(content: Path) -> None:
    """The cases above change one thing each: what they start from is valid."""
    assert problems_of(content, CHECK) == [] and problems_of(content, PARAMS) == []


TYPED = """\
id: sample
kind: rule
name: Case
summary: x
text: x
table:
  die: 3
  rows: [{roll: 1, result: x}]
checks:
  c:
    summary: x
    inputs:
      a: {type: 3}
    output: 3
    decide:
      - when: a > 1
        then: [1]
      - otherwise: false
    examples:
      - given: {a: 1}
        expect: [1]
"""


def test_a_value_of_the_wrong_type_gets_one_problem_naming_what_it_may_be(content: Path) -> None:
    """Keys whose values are a choice or one of some forms carry a `type` too (for editors):
    a value of another type is told the choices or forms, once, not also the type."""
    found = problems_of(content, TYPED)
    assert [(line, code) for line, code, _ in found] == [(7, "bad-value"), (13, "bad-value"), (14, "wrong-type"), (17, "wrong-type"), (21, "wrong-type")]
    assert found[0][2] == "`table.die` is `3`; it must be one of `D3`, `D6`, `2D6`, `3D6`"
    assert found[2][2].startswith("`checks.c.output` must be the result: one typed value")
