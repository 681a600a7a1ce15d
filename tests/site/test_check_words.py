"""Checks in players' words: arguments as phrases, results as words, from the content's own
summaries, enum values and field names."""

from __future__ import annotations

from fractions import Fraction

from rulesref.render import check_words as words
from rulesref.render.checks import ArgView, CheckView, FieldView, OddsView


def arg(name: str, kind: str, summary: str | None = None, *, target: bool = False) -> ArgView:
    return ArgView(name, kind, kind, "true or false" if kind == "bool" else "1 to 6", summary, None, None, (), None, target)


def view(fields: tuple[FieldView, ...], summary: str = "What happens.") -> CheckView:
    return CheckView("c", summary, "rulechecks.x.y", (), fields, None, "c()", None, (), (), ())


def test_a_yes_no_argument_is_its_clause_or_the_clause_denied() -> None:
    locked = arg("locked_in_combat", "bool", "The unit is locked in combat")
    assert words.argument_value(locked, True) == "the unit is locked in combat"
    assert words.argument_value(locked, False) == "the unit is not locked in combat"
    character = arg("has_ork_character", "bool", "Whether the unit includes an Ork character (Independent Characters too)")
    assert words.argument_value(character, False) == "the unit does not include an Ork character"
    assert words.argument_value(arg("already_pinned", "bool"), False) == "not already pinned"
    assert words.argument_value(arg("blitzed", "bool", "Whether the Solitaire has already Blitzed"), False) == "the Solitaire has not already Blitzed"
    assert words.argument_value(arg("every", "bool", "Whether every model has Fleet"), False) == "not every model has Fleet"
    stops = arg("stops", "bool", "Whether the roll stops the Wound")
    assert words.argument_value(stops, False) == "the roll stops the Wound: no"  # no verb it can deny: yes or no


def test_other_arguments_say_what_they_are_and_their_value() -> None:
    assert words.argument_value(arg("models", "int", "Models in the unit"), 5) == "models in the unit: 5"
    assert words.argument_value(arg("X", "param", "The roll needed to save (written 5+)", target=True), 5) == "the roll needed to save: 5+"
    assert words.argument_value(arg("test", "enum", "The test the unit took"), "morale-check") == "the test the unit took: morale check"


def test_results_are_words() -> None:
    outcome = FieldView("outcome", "enum", "Literal['passed', 'failed']", "passed, failed", None)
    hits = FieldView("hits", "dice", "str", "dice", None)
    passed = FieldView("passed", "bool", "bool", "true or false", None)
    record = view((outcome, hits, passed))
    assert words.outcome_words(record, (("outcome", "passed"), ("hits", "D6"))) == "Passed, D6 hits"
    assert words.outcome_words(record, (("hits", "none"), ("passed", False))) == "No hits, not passed"
    inches = FieldView("inches", "int", "int", "1 to 6", None)
    assert words.outcome_words(view((inches,)), (("inches", 1),)) == "1 inch"
    single = view((FieldView("", "bool", "bool", "true or false", "True when the unit is Pinned"),))
    assert words.outcome_words(single, (("", True),)) == "The unit is Pinned"
    assert words.outcome_words(single, (("", False),)) == "The unit is not Pinned"
    question = view((FieldView("", "bool", "bool", "true or false", None),), summary="Whether a hit is a Precision Strike.")
    assert words.outcome_words(question, (("", False),)) == "A hit is not a Precision Strike"


def test_one_result_is_always_said_and_many_are_drawn() -> None:
    passed = FieldView("passed", "bool", "bool", "true or false", None)
    skill = FieldView("ws", "int", "int", "1 to 10", None)
    record = view((passed, skill))
    certain = OddsView((), ((((("passed", True),)), Fraction(1)),), False, (("ws", 4),), ())
    assert words.always(record, certain) == "Always: passed, ws 4"
    two = OddsView((), (((("passed", True),), Fraction(1, 3)), ((("passed", False),), Fraction(2, 3))), False, (("ws", 4),), ())
    assert words.always(record, two) is None
    assert words.odds_note(record, two) == "In every case: ws 4."
