"""A unit's checks, composed from the core steps and the effects of its rules.

For every check that one of a unit's rules changes (its Morale check under Mob Rule, its
saves under Impossible Form), the unit gets one more check of its own. That check is the
step's logic with the effects written in as `let` steps, phase by phase (see
`rulesref.logic.effects`). What comes out is an ordinary `Check`, and everything else treats
it as one:
- the analysis types it and the proofs bound its result;
- its examples (written in the unit's file, under `composed`) run at validate time and become
  doctests;
- both packages get it, and so do the odds and the unit's page.

An effect reaches a unit in one of two ways:
- it is declared by a rule the unit has, on a core step (a term's check) or on the check of
  another rule the unit has;
- it is a core effect (declared by a term, such as Instant Death on a lost Wound), and then
  every composition of that step includes it.

A step that only core effects change is not composed again for every unit. Each composed
check lists its parts: the step, then every effect in the order applied, with the exceptions
that overrode another. Its docstring and page show them.

The composed entry depends on other files besides its own, and names them in `depends`, so
the compile cache and a long-lived process's memo key it by all of them.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace
from functools import lru_cache

from rulesref.logic.analyse import is_dice_value
from rulesref.logic.describe import expression_words
from rulesref.logic.effects import PHASE_WORDS, RESULT, Effects, Resolved, Step, condition, exception_refs, names_in
from rulesref.model import Check, Content, Entry, Example, Expr, Input, Part, PoolSpec, Result, Scalar, Target, Where
from rulesref.names import python_name
from rulesref.problems import Problem
from rulesref.problems.suggest import did_you_mean
from rulesref.read.load import Document

PHASE_NAMES = ("settled", "set", "plus", "capped", "halved")  # the `let` a phase's value is kept in: `strength_plus`


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
        return python_name(self.step.entry.id) if len(self.step.entry.checks) == 1 else self.step.check.name


def compositions(content: Content, owners: dict[str, list[Resolved]], steps: list[Step]) -> list[Composition]:
    """Every unit's compositions, in content order, each step once per unit: each step its
    rules change, and every `versus` step of its system (`owners`: each entry's effects, by
    its key)."""
    terms = {key for key in owners if (owner := content.entry(key)) is not None and owner.kind == "term"}
    core: dict[str, list[Resolved]] = {}  # the terms' effects reach every unit
    for key in terms:
        for one in owners[key]:
            core.setdefault(one.step.key, []).append(one)
    versus = {s.key: s for s in steps if s.check.versus}
    out = []
    for unit in content.entries:
        if unit.kind != "unit":
            continue
        has = {f"{unit.system}:{ref.rule}" for ref in unit.rules}
        mine: dict[str, list[Resolved]] = {key: [] for key, s in versus.items() if s.entry.system == unit.system}
        for one in _effects_of(unit, owners):
            step_entry = one.step.entry
            if one.effect.side == "self" and one.effect.owner not in terms and (step_entry.kind == "term" or step_entry.key in has):
                mine.setdefault(one.step.key, []).append(one)
        for key, effects in mine.items():
            step = versus[key] if key in versus else effects[0].step
            out.append(Composition(unit, step, tuple(effects), tuple(e for e in core.get(key, ()) if e.effect.side == "self")))
    return out


def _effects_of(unit: Entry, by_owner: dict[str, list[Resolved]]) -> list[Resolved]:
    """The effects of a unit's rules, in the order of its list of rules."""
    return [one for ref in unit.rules for one in by_owner.get(f"{unit.system}:{ref.rule}", ())]


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
        brought = [one for one in _effects_of(unit, by_owner) if one.effect.side == "target" and one.step.key == step.key]
        values = tuple((one.quantity, _literal(one)) for one in brought)
        parts = tuple(Part(one.owner_id, one.owner_name, one.effect.summary) for one in brought)
        out.append(Target(unit.id, unit.name, values, parts))
    return tuple(out) if len(out) <= MAX_LISTED_TARGETS else tuple(t for t in out if t.values)


def _literal(one: Resolved) -> Scalar:
    assert one.effect.value is not None
    return one.effect.value.source


class _Names:
    """Fresh names for the `let` steps, clear of every name the check already has."""

    def __init__(self, taken: set[str]) -> None:
        self.taken = set(taken)

    def fresh(self, base: str) -> str:
        name, n = base, 2
        while name in self.taken:
            name, n = f"{base}_{n}", n + 1
        self.taken.add(name)
        return name


def _value_text(expr: Expr, values: tuple[str, ...] | None, dice: bool, names: dict[str, str]) -> str:
    """A written result value as expression text: an enum word or dice notation is quoted."""
    source = expr.source
    if isinstance(source, str) and ((values is not None and source in values) or (dice and is_dice_value(source))):
        return repr(source)
    return f"({_substituted(source, names)})"


def _value_of(one: Resolved, names: dict[str, str]) -> str:
    """An effect's value (for `set`, `add` and the caps) as expression text."""
    assert one.effect.value is not None
    return _substituted(one.effect.value.source, names)


def _when(value: str, cond: str, otherwise: str) -> str:
    """`value` where `cond` holds, else `otherwise` (just `value` where it always holds)."""
    return f"({value})" if cond == "True" else f"(({value}) if ({cond}) else ({otherwise}))"


def _phase(current: str, effects: list[Resolved], everything: list[Resolved], names: dict[str, str]) -> str:
    """The value after one phase's effects, as expression text of the value before it."""
    op = effects[0].effect.operation
    kept = [(e, c) for e in effects if (c := condition(e, everything)) != "False"]  # an effect an exception always overrides does nothing
    if not kept:
        return current
    effects, cond = [e for e, _ in kept], [_substituted(c, names) for _, c in kept]
    if op in ("auto", "cannot", "set"):
        text = current
        for e, c in reversed(list(zip(effects, cond, strict=True))):  # at most one applies: the proof saw to it
            value = "True" if e.effect.operation == "auto" and e.effect.word == "pass" else "False" if op in ("auto", "cannot") else _value_of(e, names)
            text = _when(value, c, text)
        return text
    if op == "add":
        stacks = effects[0].effect.stacks
        terms = [_when(_value_of(e, names), c, "0") for e, c in zip(effects, cond, strict=True)]
        if stacks in ("highest", "lowest") and len(terms) > 1:
            return f"({current}) + {'max' if stacks == 'highest' else 'min'}(0, {', '.join(terms)})"
        return " + ".join([f"({current})", *terms])
    if op in ("at_most", "at_least"):
        text = current
        for e, c in zip(effects, cond, strict=True):
            helper = "min" if e.effect.operation == "at_most" else "max"
            text = _when(f"{helper}(({text}), ({_value_of(e, names)}))", c, text)
        return text
    text = current
    for e, c in zip(effects, cond, strict=True):
        text = _when(f"halve_{e.effect.word}({text})", c, text)
    return text


def _chain(quantity: str, effects: list[Resolved], everything: list[Resolved], fresh: _Names, lets: list[tuple[str, Expr]], where: Where, start: str) -> str:
    """The `let` steps that apply `effects` to a value (`start`, an expression text), phase by
    phase; the name of the last one."""
    current = start
    for phase in range(len(PHASE_NAMES)):
        in_phase = [e for e in effects if e.phase == phase]
        if not in_phase:
            continue
        reading = {RESULT: current} if in_phase[0].on_result else {}
        step_name = fresh.fresh(f"{quantity or RESULT}_{PHASE_NAMES[phase]}")
        lets.append((step_name, Expr(_phase(current, in_phase, everything, reading), where)))
        current = step_name
    return current


def _inlined(names: dict[str, str], lets: list[tuple[str, Expr]]) -> dict[str, str]:
    """Each changed input's final value as one expression of the inputs (its steps written
    out), for the pools: they read inputs, not steps."""
    texts: dict[str, str] = {}
    for name, expr in lets:
        texts[name] = _substituted(expr.source, texts)
    return {quantity: texts[final] for quantity, final in names.items() if final in texts}


def _substituted(source: object, texts: dict[str, str]) -> str:
    """An expression's text with names replaced by (parenthesised) expressions, or by other
    names (a literal as Python writes it)."""
    if not isinstance(source, str):
        return repr(source)
    read = names_in(source)
    return _substituted_text(source, tuple((k, v) for k, v in texts.items() if k in read))


@lru_cache(maxsize=4096)
def _substituted_text(source: str, texts: tuple[tuple[str, str], ...]) -> str:
    # (kept: many units compose the same steps with the same rules, so the same texts recur)
    swap = dict(texts)

    class Swap(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            return ast.parse(f"({swap[node.id]})", mode="eval").body if node.id in swap else node

    return ast.unparse(Swap().visit(ast.parse(source.strip(), mode="eval")))


def _pool_with(pool: PoolSpec, inline: dict[str, str]) -> PoolSpec:
    """A pool whose expressions read the changed values of the inputs."""
    if not inline:
        return pool

    def swap(expr: Expr) -> Expr:
        if not isinstance(expr.source, str) or not (names_in(expr.source) & inline.keys()):
            return expr
        return Expr(_substituted(expr.source, inline), expr.where)

    def maybe(expr: Expr | None) -> Expr | None:
        return swap(expr) if expr is not None else None

    keep = (pool.keep[0], swap(pool.keep[1])) if pool.keep is not None else None
    return replace(
        pool, dice=swap(pool.dice), target=maybe(pool.target), modifier=maybe(pool.modifier), best=maybe(pool.best),
        classes=tuple((n, swap(e)) for n, e in pool.classes), keep=keep,
    )


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
        if item.name in needed and item.dice is not None and item.dice.count_input:
            needed.add(item.dice.count_input)
    return [i for i in inputs if i.name in needed or i.pool is not None], kept_lets[::-1]


def _result_texts(check: Check, names: dict[str, str]) -> dict[str, str]:
    """Each output field's value as one expression text (a `decide` as nested conditionals)."""
    values = {f.name: (f.values or None, f.type == "dice") for f in check.output}
    if check.expr is not None:
        return {n: _value_text(e, *values[n], names) for n, e in check.expr.values}
    assert check.decide is not None
    texts: dict[str, str] = {}
    rows = list(check.decide)
    for field in check.output:
        # the last row is `otherwise`, or (the proof saw to it) holds wherever no row before it does
        text = _value_text(dict(rows[-1].then.values)[field.name], *values[field.name], names)
        for row in reversed(rows[:-1]):
            assert row.when is not None
            text = f"{_value_text(dict(row.then.values)[field.name], *values[field.name], names)} if ({_substituted(row.when.source, names)}) else ({text})"
        texts[field.name] = text
    return texts


def _parts(composition: Composition) -> tuple[Part, ...]:
    step = composition.step
    parts = [Part(step.entry.id, step.entry.name, f"The core step. {step.check.summary}")]
    applied = (*composition.core, *composition.effects)
    step_flags = {i.name for i in step.check.inputs if i.type == "bool"}
    for one in applied:
        when = f" when {expression_words(str(one.effect.when.source))}" if one.effect.when is not None else ""
        over = [o for o in applied if one.effect.ref in exception_refs(o)]
        overridden = "".join(f"; {o.owner_name} overrides it where both apply" for o in over)
        flags = _flags(condition(one, list(applied)), {n for n, (i, _) in one.inputs.items() if i.type == "bool"} | step_flags)
        parts.append(Part(one.owner_id, one.owner_name, f"{one.effect.summary} ({one.what_words}, {PHASE_WORDS[one.phase]}{when}{overridden})", flags))
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
    fresh = _Names({*known, *(n for n, _ in check.lets), RESULT})
    names: dict[str, str] = {}
    lets: list[tuple[str, Expr]] = []
    on_inputs = [e for e in applied if not e.on_result and e.quantity in {i.name for i in check.inputs}]
    for quantity in dict.fromkeys(e.quantity for e in on_inputs):
        names[quantity] = _chain(quantity, [e for e in on_inputs if e.quantity == quantity], applied, fresh, lets, where, quantity)
    for let_name, expr in check.lets:
        lets.append((let_name, Expr(_substituted(expr.source, names), expr.where)))
        on_step = [e for e in applied if not e.on_result and e.quantity == let_name]
        if on_step:
            names[let_name] = _chain(let_name, on_step, applied, fresh, lets, where, let_name)
    inline = _inlined(names, lets)
    inputs = [replace(i, pool=_pool_with(i.pool, inline)) if i.pool is not None else i for i in inputs]
    results = _result_texts(check, names)
    values = []
    for field in check.output:
        on_field = [e for e in applied if e.on_result and e.quantity == field.name]
        text = results[field.name]
        if on_field:
            base = fresh.fresh(f"{field.name or RESULT}_rolled")
            lets.append((base, Expr(text, where)))
            text = _chain(field.name, on_field, applied, fresh, lets, where, base)
        values.append((field.name, Expr(text, where)))
    inputs, lets = _pruned(inputs, lets, values, check)
    summary = f"{check.summary.rstrip('.')}, for {composition.unit.name} with its rules."
    composed = Check(
        name=composition.name, summary=summary, inputs=tuple(inputs), output=check.output, is_record=check.is_record,
        requires=check.requires, lets=tuple(lets), expr=Result(tuple(values), where, made=True), decide=None,
        examples=examples, where=where, parts=_parts(composition), versus=check.versus, until=check.until,
    )
    return composed, []


def composed_content(content: Content, effects: Effects) -> tuple[dict[str, Entry], list[Problem]]:
    """Every unit with its composed checks added, by key, and the problems of composing
    (examples for a check no rule composes, a composed check without examples)."""
    resolved = effects.resolved
    owners: dict[str, list[Resolved]] = {}  # each entry's effects, by its key
    for one in resolved:
        owners.setdefault(one.effect.owner, []).append(one)
    found = compositions(content, owners, effects.versus)
    by_unit: dict[str, list[Composition]] = {}
    for c in found:
        by_unit.setdefault(c.unit.key, []).append(c)
    problems: list[Problem] = []
    composed: dict[str, Entry] = {}
    aimed: dict[str, tuple[Target, ...]] = {}  # each versus step's targets, made once
    for entry in content.entries:
        mine = by_unit.get(entry.key, [])
        written = {name: (examples, where) for name, examples, where in entry.composed}
        names = [c.name for c in mine]
        for name, (_, where) in written.items():
            if name not in names:
                shown = ", ".join(f"`{n}`" for n in names) or "none"
                problems.append(where.problem("unknown-composed", f"{entry.name} has no composed check `{name}` (its rules compose: {shown}){did_you_mean(name, names)}", key=True))
        if not mine:
            continue
        checks = list(entry.checks)
        depends: dict[str, Document] = {}
        for c in mine:
            if any(existing.name == c.name for existing in entry.checks):
                problems.append(entry.where.problem("duplicate-name", f"{entry.name} has a check `{c.name}` of its own, and its rules compose one of that name too"))
                continue
            examples = written.get(c.name, ((), entry.where))[0]
            if not examples:
                problems.append((entry.where / "rules").problem("composed-without-examples", f"the composed check `{c.name}` ({c.step.words} with {', '.join(sorted({e.owner_id for e in c.effects}))}) has no examples: give some under `composed: {{{c.name}: {{examples: [...]}}}}`", severity="warning"))
            check, found_problems = compose(c, examples)
            if check is not None and c.step.check.versus:
                if c.step.key not in aimed:
                    aimed[c.step.key] = targets(c.step, content, owners)
                check = replace(check, targets=aimed[c.step.key])
            problems += found_problems
            if check is not None:
                checks.append(check)
            for one in (*c.core, *c.effects):
                for doc in (one.step.entry.where.doc, one.effect.where.doc):  # the step's file and the effect's
                    if doc is not entry.where.doc:
                        depends[doc.path] = doc
        composed[entry.key] = replace(entry, checks=tuple(checks), depends=tuple(depends[p] for p in sorted(depends)))
    return composed, problems
