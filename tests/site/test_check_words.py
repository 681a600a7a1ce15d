"""Checks in players' words: arguments as phrases, results as words, from the content's own
summaries, enum values and field names."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

from rulesref.model import Scalar, show
from rulesref.pages import check_words as words
from rulesref.validate import validate
from rulesref.views.checks import ArgView, CheckView, FieldView, OddsView, check_views

from .conftest import REPO


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


def test_a_result_is_a_sentence_from_the_summaries_of_its_fields() -> None:
    pinned = view((FieldView("", "bool", "bool", "true or false", "True when the unit is Pinned"),))
    assert words.result_sentence(pinned, (("", False),)) == "The unit is not Pinned."
    strength = view((FieldView("", "int", "int", "1 to 10", None),), summary="The model's Strength in the Assault phase.")
    assert words.result_sentence(strength, (("", 4),)) == "The model's Strength in the Assault phase: 4."  # the check's summary
    extra = view((FieldView("", "int", "int", "0 to 1", None),), summary="The extra Attack (0 or 1) a model gets.")
    assert words.result_sentence(extra, (("", 0),)) == "The extra Attack a model gets: 0."  # without asides
    allowed = FieldView("allowed", "bool", "bool", "true or false", "The Solitaire may Blitz now")
    inches = FieldView("inches", "int", "int", "0 to 12", "Inches it may move (0 when it may not Blitz)")
    assert words.result_sentence(view((allowed, inches)), (("allowed", False), ("inches", 0))) == "The Solitaire may not Blitz now, inches it may move: 0."
    outcome = FieldView("outcome", "enum", "Literal['passed', 'failed']", "passed, failed", None, ("passed", "failed"))
    hits = FieldView("hits", "dice", "str", "dice", "Strength 4 AP- hits suffered (D6) or none")
    assert words.result_sentence(view((outcome, hits)), (("outcome", "passed"), ("hits", "D6"))) == "Passed, strength 4 AP- hits suffered: D6."
    assert words.result_sentence(view((outcome, hits)), (("outcome", "failed"), ("hits", "none"))) == "Failed, no strength 4 AP- hits suffered."
    rerolled = FieldView("rerolled", "bool", "bool", "true or false", None)
    charge = FieldView("charge_range", "int", "int", "2 to 12", None)
    assert words.result_sentence(view((rerolled, charge)), (("rerolled", False), ("charge_range", 7))) == "Not rerolled, charge range 7."  # no summaries: the charts' words


def test_a_control_is_called_by_its_summary_or_its_name_in_words() -> None:
    assert words.control_label("models", "Models in the unit") == "Models in the unit"
    assert words.control_label("has_ork_character", "Whether the unit includes an Ork character (Independent Characters too).") == (
        "The unit includes an Ork character (Independent Characters too)"  # a ticked box reads as a statement
    )
    assert words.control_label("test_roll", None) == "Test roll"


def placed(phrases: dict[str, Any], value: Scalar) -> str:
    """A phrase as the "Try it" script places it: a named value's phrase, else the value in its frame."""
    key = show(value)
    return phrases["values"][key] if key in phrases["values"] else f"{phrases['before']}{value}{phrases['after']}"


def test_the_phrase_pieces_for_the_script_make_the_same_words_for_every_shipped_check() -> None:
    result = validate([str(REPO / "content")])
    args = fields = 0
    for compiled in result.compiled.values():
        for view in check_views(compiled, result.settings):
            for arg in view.args:
                if arg.dice is not None:
                    continue
                values: tuple[Scalar, ...] = (True, False) if arg.kind == "bool" else arg.values or tuple(range(cast(int, arg.lo or 0), cast(int, arg.hi or 0) + 1))
                for value in values[:200]:
                    assert placed(words.argument_phrases(arg), value) == words.argument_value(arg, value), (view.name, arg.name, value)
                args += 1
            for field in view.fields:
                if field.kind == "bool":
                    values = (True, False)
                elif field.kind == "enum":
                    values = field.values
                elif field.kind == "int":
                    values = tuple(range(-2, 40))
                else:
                    values = ("none", "D3", "D6", "2D6", "D6+1", "1", "0")
                phrases = words.field_phrases(view, field)
                in_sentence = words.sentence_phrases(view, field)
                for value in values:
                    assert placed(phrases, value) == words.field_value(view, field, value), (view.name, field.name, value)
                    assert placed(in_sentence, value) == words.sentence_value(view, field, value), (view.name, field.name, value)
                fields += 1
    assert args > 50 and fields > 30


def test_a_count_of_one_and_of_none_are_worded_apart_for_the_script() -> None:
    hits = FieldView("hits", "int", "int", "0 to 6", None)
    phrases = words.field_phrases(view((hits,)), hits)
    assert phrases == {"values": {"0": "no hits", "1": "1 hit"}, "before": "", "after": " hits", "name": "hits"}
    locked = arg("locked_in_combat", "bool", "The unit is locked in combat")
    assert words.argument_phrases(locked)["values"] == {"true": "the unit is locked in combat", "false": "the unit is not locked in combat"}
    assert words.argument_phrases(arg("X", "param", "The roll needed to save", target=True))["after"] == "+"


def test_an_expression_a_player_reads_is_said_in_words() -> None:
    from rulesref.logic.describe import expression_words

    assert expression_words("purpose == 'combat-reform'") == "purpose is combat reform"
    assert expression_words("charged and not disordered") == "charged and not disordered"
    assert expression_words("strength >= 2 * toughness") == "strength is at least 2 times toughness"
    assert expression_words("1 <= roll < 4") == "1 is at most roll and roll is less than 4"
    assert expression_words("test in ('morale-check', 'fear-test')") == "test is morale check or fear test"
    assert expression_words("min(a, b, c) + halve_up(x // 2)") == "the lowest of a, b and c plus half of x divided by 2, rounded down, rounded up"
    assert expression_words("clamp(x, 1, 6) if blitzed else abs(y)") == "x, at least 1 and at most 6 if blitzed, else the size of y"


def test_how_many_dice_a_pool_rolls_is_said_in_words() -> None:
    from rulesref.logic.describe import dice_count_words

    assert dice_count_words("attacks", "D6") == "attacks D6"
    assert dice_count_words("3", "D6") == "3 D6"
    assert dice_count_words("10 if blitzed else attacks", "D6") == "10 D6 if blitzed, else attacks D6"
    assert dice_count_words("0 if flaming_attacks else max(0, wounds - lethal_sixes)", "D6") == "no dice if flaming attacks, else as many D6 as wounds minus lethal sixes"


def test_named_values_a_player_picks_from_are_words_not_a_python_list() -> None:
    test = ArgView("test", "enum", "Literal['morale-check', 'other-test']", "one of 'morale-check', 'other-test'", None, None, None, ("morale-check", "pinning-test", "other-test"), None)
    assert words.values_words(test) == "one of morale check, pinning test or other test"
    dice = ArgView("X", "param", "str", "one of 'D3', 'D6+1'", None, None, None, ("D3", "D6+1"), None)
    assert words.values_words(dice) == "one of D3 or D6+1"
    assert words.values_words(arg("models", "int")) == "1 to 6"  # anything else as `logic.describe` words it


def test_a_refusal_names_the_arguments_as_the_page_does() -> None:
    saves = arg("saves", "int", "The saving throws that pass")
    unsaved = arg("unsaved_wounds", "int")
    check = CheckView("c", "What happens.", "rulechecks.x.y", (saves, unsaved), (), None, "c()", None, (), (), ())
    assert words.refusal_words(check, "saves + unsaved_wounds must add up to exactly 3") == "The saving throws that pass and unsaved wounds must add up to exactly 3"
    assert words.refusal_words(check, "X must be a whole number from 2 to 10") == "X must be a whole number from 2 to 10"


def test_a_chart_of_words_keeps_the_order_the_check_declares_them_in() -> None:
    """The odds functions list results as Python sorts them (`delayed`, `destroyed`,
    `misplaced`); a chart lists them as the rule's table does."""
    build = validate([str(REPO / "content")], odds=True)
    mishap = next(v for v in check_views(build.compiled["w40k7:deep-strike"], build.settings) if v.name == "mishap")
    assert [outcome for (((_, outcome),), _) in mishap.odds[0].outcomes] == ["destroyed", "misplaced", "delayed"]
    fleet = next(v for v in check_views(build.compiled["w40k7:fleet"], build.settings) if v.odds)
    rerolls = [dict(outcome)["reroll"] for outcome, _ in fleet.odds[0].outcomes]
    order: list[object] = ["none", "lower", "both"]
    assert rerolls == sorted(rerolls, key=order.index)  # `values: [none, lower, both]`
