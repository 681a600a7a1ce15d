"""A unit's checks, composed from the core steps and the effects of its rules.

For every check that one of a unit's rules changes (its Morale check under Mob Rule, its
saves under Impossible Form), the unit gets one more check of its own. That check is the
step's logic with the effects written in as `let` steps, phase by phase (see
`rulesref.logic.effects`). What comes out is an ordinary `Check`, and everything else treats
it as one:
- the analysis types it and the proofs bound its result;
- its examples (written in the unit's file, under `composed`) run at validate time and become
  doctests;
- both packages get it, and so do the odds and the unit's page; their code calls the step's
  own functions rather than repeating its body, where it can (`rulesref.logic.shared`).

An effect reaches a unit in one of two ways:
- it is declared by a rule the unit has, on a core step (a term's check) or on the check of
  another rule the unit has;
- it is a core effect (declared by a term, such as Instant Death on a lost Wound), and then
  every composition of that step includes it, for each unit whose profile has what the effect
  `needs` (`rulesref.logic.reach`: Instant Death needs a Toughness).

Every unit of a system gets each step that a core effect reaching it changes composed (a lost
Wound with Instant Death), and each `versus` step, whether or not its own rules change them; only the
checks its own rules change need examples of their own. A rule's parameters that an effect
reads take the values the unit gives them (`{rule: brutal, X: 3}`), as constants. Each composed
check lists its parts: the step, then every effect in the order applied (`in_order`), with the
exceptions that overrode another. Its docstring and page show them. Imported units whose
compositions are alike share one (`rulesref.logic.alike`).

The composed entry depends on other files besides its own, and names them in `depends`, so
the compile cache and a long-lived process's memo key it by all of them.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from rulesref.composed import Part
from rulesref.links import param_value
from rulesref.logic.describe import expression_words, identifier_words
from rulesref.logic.effect_forms import RESULT, names_in
from rulesref.logic.effects import PHASE_WORDS, Resolved, Step, condition, exception_refs
from rulesref.logic.fold import fold_steps
from rulesref.logic.phases import Names, Nodes, chain, expression, inlined, named, outcomes, pool_with, text, value_node
from rulesref.logic.reach import reaches
from rulesref.logic.shared import constants, shares
from rulesref.model import Check, Content, Entry, Example, Expr, Input, OutputField, Result, RuleRef, Scalar, Target
from rulesref.names import python_function
from rulesref.played import PlayedWith
from rulesref.problems import Problem


@dataclass(frozen=True)
class Composition:
    """One composed check of a unit: the step and the effects that reach it."""

    unit: Entry
    step: Step
    effects: tuple[Resolved, ...]
    core: tuple[Resolved, ...]  # the effects of terms, which reach every unit

    @property
    def name(self) -> str:
        """The step entry's id when it has one check (`morale_check`), else the check's name."""
        return python_function(self.step.entry.id) if len(self.step.entry.checks) == 1 else self.step.check.name


def compositions(content: Content, owners: dict[str, list[Resolved]], steps: list[Step]) -> list[Composition]:
    """Every unit's compositions, in content order, each step once per unit: each step its
    rules change, each step of its system a core effect that reaches it changes (`reach`: by
    its profiles), and every `versus` step of its system (`owners`: each entry's effects, by
    its key)."""
    terms = {key for key in owners if (owner := content.entry(key)) is not None and owner.kind == "term"}
    core: dict[str, list[Resolved]] = {}  # the terms' effects reach every unit
    for key in (k for k in owners if k in terms):  # (in content order: the same on every run)
        for one in owners[key]:
            if one.effect.side == "self":
                core.setdefault(one.step.key, []).append(one)
    versus = {s.key: s for s in steps if s.check.versus}
    stepped = {**{k: effects[0].step for k, effects in core.items()}, **versus}
    out = []
    for unit in content.entries:
        if unit.kind != "unit":
            continue
        system = content.system(unit.system)
        if system is not None and system.played_with is not None:
            out += played_compositions(unit, system.played_with, owners, versus)
            continue
        has = {f"{unit.system}:{ref.rule}" for ref in unit.rules}
        # every step of its system that a core effect reaching it changes, or that is aimed at a target
        reached = {key: tuple(one for one in effects if reaches(one.effect, unit)) for key, effects in core.items()}
        mine: dict[str, list[Resolved]] = {key: [] for key, s in stepped.items() if s.entry.system == unit.system and (key in versus or reached.get(key))}
        for one in _bound_effects_of(unit, owners):
            step_entry = one.step.entry
            if one.effect.side == "self" and one.effect.owner not in terms and (step_entry.kind == "term" or step_entry.key in has) and reaches(one.effect, unit):
                mine.setdefault(one.step.key, []).append(one)
        for key, effects in mine.items():
            step = stepped[key] if key in stepped else effects[0].step
            out.append(Composition(unit, step, tuple(effects), reached.get(key, ())))
    return out


def played_compositions(unit: Entry, played: PlayedWith, owners: dict[str, list[Resolved]], versus: dict[str, Step]) -> list[Composition]:
    """An imported unit's compositions: each step its system is played with (`played_with`)
    that its mapped rules change, with their effects. A step none of its rules change needs
    no check of its own: its Versus form calls the step's."""
    named = {f"{played.system}:{s.step}" for s in played.steps}
    played_steps = {key for key in versus if key in named or key.rsplit(".", 1)[0] in named}
    mine: dict[str, list[Resolved]] = {}
    for ref in unit.rules:
        theirs = played.rule(ref.rule)
        for one in owners.get(f"{played.system}:{theirs}", ()) if theirs is not None else ():
            if one.effect.side == "self" and one.step.key in versus and one.step.key in played_steps and reaches(one.effect, unit):
                mine.setdefault(one.step.key, []).append(_bound(one, replace(ref, args=played.args(ref.rule) + ref.args)))  # the unit's values over the mapping's
    return [Composition(unit, versus[key], tuple(effects), ()) for key, effects in mine.items()]


def _effects_of(unit: Entry, by_owner: dict[str, list[Resolved]]) -> list[Resolved]:
    """The effects of a unit's rules, in the order of its list of rules."""
    return [one for ref in unit.rules for one in by_owner.get(f"{unit.system}:{ref.rule}", ())]


def _bound_effects_of(unit: Entry, by_owner: dict[str, list[Resolved]]) -> list[Resolved]:
    """`_effects_of`, each with the values the unit gives its rule's parameters written in."""
    return [_bound(one, ref) for ref in unit.rules for one in by_owner.get(f"{unit.system}:{ref.rule}", ())]


def _bound(one: Resolved, ref: RuleRef) -> Resolved:
    """An effect with the values a unit gives its rule's parameters (`{rule: brutal, X: 3}`)
    as constants: no longer inputs. A parameter the unit leaves out stays an input (the
    source may not print a value); a wrong value is the unit's own problem (`bad-param`)."""
    given = dict(ref.args)
    values: Nodes = {}
    said = []
    for param in one.params:
        if param.name in given:
            value, error = param_value(param, given[param.name])
            if error is None:
                values[param.name] = ast.Constant(value)
                said.append(f"{param.name} = {value}")
    if not values:
        return one
    effect = one.effect

    def written(expr: Expr) -> Expr:  # (a literal, or an expression that reads none of them, stays as written)
        return Expr(text(expression(expr.source, values)), expr.where) if isinstance(expr.source, str) and names_in(expr.source) & values.keys() else expr

    def maybe(expr: Expr | None) -> Expr | None:
        return written(expr) if expr is not None else None

    outcomes = tuple(replace(o, value=written(o.value), otherwise=written(o.otherwise)) for o in effect.outcomes)
    effect = replace(effect, when=maybe(effect.when), value=maybe(effect.value), outcomes=outcomes, summary=f"{effect.summary.rstrip('.')} ({', '.join(said)}).")
    return replace(one, effect=effect, inputs={n: v for n, v in one.inputs.items() if n not in values})


MAX_LISTED_TARGETS = 50  # above this many units, a Versus form lists only those whose rules bring something


def targets(step: Step, content: Content, by_owner: dict[str, list[Resolved]]) -> tuple[Target, ...]:
    """The units of the step's system as its target (`by_owner`: each entry's effects, by its
    key): the values their rules' `target` effects set (none for most), and what each rule
    supplied. Every unit where a system has few; where it has many, those that bring
    something (each page carries the list, and a pick that brings nothing is the same as
    typing the target in)."""
    out = []
    for unit in content.entries_of(step.entry.system):
        if unit.kind != "unit":
            continue
        brought = [(one, value) for one in _bound_effects_of(unit, by_owner) if one.effect.side == "target" and one.step.key == step.key and (value := _literal(one)) is not None]
        values = tuple((one.quantity, value) for one, value in brought)
        parts = tuple(Part(one.owner_id, one.owner_name, one.effect.summary) for one, _ in brought)
        out.append(Target(unit.id, unit.name, values, parts))
    return tuple(out) if len(out) <= MAX_LISTED_TARGETS else tuple(t for t in out if t.values)


def _literal(one: Resolved) -> Scalar | None:
    """The value a `target` effect sets: as written, or the value the unit gives the parameter
    it sets (`set: X` of Feel No Pain (X+), written in by `_bound`); None where the unit gives
    none, so the Versus form leaves that input to the player."""
    assert one.effect.value is not None
    source = one.effect.value.source
    if isinstance(source, str) and names_in(source):
        return None
    return ast.literal_eval(source) if isinstance(source, str) and one.vtype.kind != "str" else source


def _pruned(inputs: list[Input], lets: list[tuple[str, Expr]], values: list[tuple[str, Expr]], check: Check) -> tuple[list[Input], list[tuple[str, Expr]]]:
    """Only the steps the result reads, and only the inputs those read: what an effect made
    moot (the roll of a test Fearless passes outright, an input Impossible Form sets) is no
    argument, so no caller or form asks for it."""
    needed = {n for _, e in values for n in names_in(e.source)} | {n for r in check.requires for n in names_in(r.that.source)}
    needed |= set(names_in(check.until.source)) if check.until is not None else set()  # its dice are rolled again until it holds
    for item in inputs:
        if item.pool is not None:  # a pool stays whole: its counts are read by name, its dice by its expressions
            needed |= {n for e in item.pool.expressions for n in names_in(e.source)} | {item.name}
    kept_lets = []
    for name, expr in reversed(lets):
        if name in needed:
            kept_lets.append((name, expr))
            needed |= names_in(expr.source)
    for item in inputs:
        if item.name in needed and item.dice is not None and item.dice.count_expr is not None:
            needed |= names_in(item.dice.count_expr.source)
    return [i for i in inputs if i.name in needed or i.pool is not None], kept_lets[::-1]


def _result_nodes(check: Check, names: Nodes) -> dict[str, ast.expr]:
    """Each output field's value as one expression (a `decide` as nested conditionals)."""
    values = {f.name: (f.values or None, f.type == "dice") for f in check.output}
    if check.expr is not None:
        return {n: value_node(e, *values[n], names) for n, e in check.expr.values}
    assert check.decide is not None
    out: dict[str, ast.expr] = {}
    rows = list(check.decide)
    for field in check.output:
        # the last row is `otherwise`, or (the proof saw to it) holds wherever no row before it does
        node = value_node(dict(rows[-1].then.values)[field.name], *values[field.name], names)
        for row in reversed(rows[:-1]):
            assert row.when is not None
            node = ast.IfExp(test=expression(row.when.source, names), body=value_node(dict(row.then.values)[field.name], *values[field.name], names), orelse=node)
        out[field.name] = node
    return out


def in_order(effects: list[Resolved], check: Check) -> list[Resolved]:
    """Effects in the order a composed check applies them: those on its inputs (input by
    input), then on its steps (step by step), then on its result (field by field), each
    quantity's phase by phase; within one phase, as given (at most one of them applies, or
    they stack, which is the same either way)."""
    inputs = {i.name: n for n, i in enumerate(check.inputs)}
    steps = {name: n for n, (name, _) in enumerate(check.lets)}
    fields = {f.name: n for n, f in enumerate(check.output)}

    def place(one: Resolved) -> tuple[int, int, int]:
        if one.on_result:
            return 2, fields.get(one.quantity, 0), one.phase
        if one.quantity in inputs:
            return 0, inputs[one.quantity], one.phase
        return 1, steps.get(one.quantity, 0), one.phase

    return sorted(effects, key=place)


def _parts(composition: Composition) -> tuple[Part, ...]:
    step = composition.step
    parts = [Part(step.entry.id, step.entry.name, f"The core step. {step.check.summary}")]
    applied = tuple(in_order([*composition.core, *composition.effects], step.check))
    step_flags = {i.name for i in step.check.inputs if i.type == "bool"}
    for one in applied:
        when = f" when {expression_words(str(one.effect.when.source))}" if one.effect.when is not None else ""
        over = [o for o in applied if one.effect.ref in exception_refs(o)]
        overridden = "".join(f"; {o.owner_name} overrides it where both apply" for o in over)
        flags = _flags(condition(one, list(applied)), {n for n, (i, _) in one.inputs.items() if i.type == "bool"} | step_flags)
        adds = "".join(f"; adds {identifier_words(o.field.name)}" for o in one.effect.outcomes)
        parts.append(Part(one.owner_id, one.owner_name, f"{one.effect.summary} ({one.what_words}, {PHASE_WORDS[one.phase]}{when}{overridden}{adds})", flags))
    return tuple(parts)


def _flags(text: str, flags: set[str]) -> tuple[tuple[str, bool], ...] | None:
    """A condition as the true/false inputs it needs, where it is no more than that (`charged
    and not disordered` is charged true, disordered false); None where it is more."""
    node = ast.parse(text, mode="eval").body
    terms = node.values if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And) else [node]
    needs: list[tuple[str, bool]] = []
    for term in terms:
        wanted = True
        if isinstance(term, ast.UnaryOp) and isinstance(term.op, ast.Not):
            term, wanted = term.operand, False
        if isinstance(term, ast.Constant) and term.value is True and wanted:
            continue
        if not (isinstance(term, ast.Name) and term.id in flags):
            return None
        needs.append((term.id, wanted))
    return tuple(needs)


def compose(composition: Composition, examples: tuple[Example, ...]) -> tuple[Check | None, list[Problem]]:
    """The composed check, or None and why it cannot be made."""
    check = composition.step.check
    where = composition.unit.where / "composed" / composition.name
    applied = [*composition.core, *composition.effects]
    inputs: list[Input] = list(check.inputs)
    known = {i.name: i for i in inputs}
    added: list[Input] = []
    problems: list[Problem] = []
    for one in applied:
        for name, (item, _) in one.inputs.items():
            if name in known:
                first = known[name]
                if (first.type, first.min, first.max, first.values, first.dice) != (item.type, item.min, item.max, item.values, item.dice):
                    problems.append(item.where.problem("effect-input-clash", f"`{name}` is also an input of another effect {composition.unit.name} composes ({first.where.doc.path}), of another type: give one of them another name", key=True))
                continue
            known[name] = item
            added.append(item)
    if problems:
        return None, problems
    # the effects' inputs before the pools: a pool's dice and target read what comes before it
    first_pool = next((i for i, item in enumerate(inputs) if item.pool is not None), len(inputs))
    inputs[first_pool:first_pool] = added
    fresh = Names({*known, *(n for n, _ in check.lets), RESULT})
    names: Nodes = {}  # what each input or step an effect changes now is: its last `let`
    lets: list[tuple[str, ast.expr]] = []
    wheres = {n: e.where for n, e in check.lets}  # (the step's own `let`s keep their places)
    read: dict[int, Nodes] = {}  # what each effect reads as `result`, by `id`
    on_inputs = [e for e in applied if not e.on_result and e.quantity in {i.name for i in check.inputs}]
    for quantity in dict.fromkeys(e.quantity for e in on_inputs):
        names[quantity] = named(chain(quantity, [e for e in on_inputs if e.quantity == quantity], applied, fresh, lets, named(quantity), read))
    for let_name, expr in check.lets:
        lets.append((let_name, expression(expr.source, names)))
        on_step = [e for e in applied if not e.on_result and e.quantity == let_name]
        if on_step:
            names[let_name] = named(chain(let_name, on_step, applied, fresh, lets, named(let_name), read))
    inline = inlined(names, lets)
    inputs = [replace(i, pool=pool_with(i.pool, inline)) if i.pool is not None else i for i in inputs]
    results = _result_nodes(check, names)
    values: list[tuple[str, ast.expr]] = []
    bases: dict[str, str] = {}  # the `let` of each field's value before its effects, with the field
    for field in check.output:
        on_field = [e for e in applied if e.on_result and e.quantity == field.name]
        value = results[field.name]
        if on_field:
            base = fresh.fresh(f"{field.name or RESULT}_rolled")
            bases[base] = field.name
            lets.append((base, value))
            value = named(chain(field.name, on_field, applied, fresh, lets, named(base), read))
        values.append((field.name, value))
    unchanged = [n for n, f in enumerate(check.output) if f.name not in bases.values()]
    output, is_record, clashes = _with_outcomes(check, applied, read, values)
    if clashes:
        return None, clashes
    direct = [(values[n][0], check.output[n].name) for n in unchanged]  # (a single result may now be the field `result`)
    folded_lets, folded_values = fold_steps(lets, values)
    changed = {q: text(names[q]) for q in dict.fromkeys(e.quantity for e in on_inputs)}  # (the name of its last `let`)
    settled = constants(changed, dict(folded_lets))  # (before pruning: a changed input folded to a constant is read by no one)
    written = [(n, Expr(text(node), wheres.get(n, where))) for n, node in folded_lets]  # the model's expressions, written once
    results_written = [(n, Expr(text(node), where)) for n, node in folded_values]
    inputs, written = _pruned(inputs, written, results_written, check)
    on_lets = any(not e.on_result and e.quantity in {n for n, _ in check.lets} for e in applied)
    step = (composition.step.entry.key, check)
    calls = None if on_lets else shares(step, changed, settled, bases, direct, inputs, written, results_written)
    composed = Check(
        name=composition.name, summary=composed_summary(composition), inputs=tuple(inputs), output=output, is_record=is_record,
        requires=check.requires, lets=tuple(written), expr=Result(tuple(results_written), where, made=True), decide=None,
        examples=examples, where=where, parts=_parts(composition), versus=check.versus, until=check.until, shares=calls,
    )
    return composed, []


def composed_summary(composition: Composition) -> str:
    return f"{composition.step.check.summary.rstrip('.')}, for {composition.unit.name} with its rules."


def _with_outcomes(check: Check, applied: list[Resolved], read: dict[int, Nodes], values: list[tuple[str, ast.expr]]) -> tuple[tuple[OutputField, ...], bool, list[Problem]]:
    """The composed result's fields with those the effects add (`values` gets their values):
    a single result becomes the field `result` of a record, so that "passed, with D6 hits"
    is told apart from a clean pass; a field two effects add is refused at the second."""
    words = {f.name: tuple(dict.fromkeys(w for one in applied if one.on_result and one.quantity == f.name for w in one.effect.new_values)) for f in check.output}
    output = tuple(replace(f, values=f.values + words[f.name]) if words[f.name] else f for f in check.output)
    added = outcomes(applied, read)
    if not added:
        return output, check.is_record, []
    problems = []
    for one in applied:
        for outcome in one.effect.outcomes:
            first = added[outcome.field.name][0]
            if first is not one:
                problems.append(outcome.field.where.problem("duplicate-name", f"`{first.effect.ref}` adds `{outcome.field.name}` to {one.step.words} too: give one of them another name", key=True))
    if not check.is_record:
        output = (replace(output[0], name=RESULT),)
        values[0] = (RESULT, values[0][1])
    for field_name, (one, value) in added.items():
        output += (next(o.field for o in one.effect.outcomes if o.field.name == field_name),)
        values.append((field_name, value))
    return output, True, problems
