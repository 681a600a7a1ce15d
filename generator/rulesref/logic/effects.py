"""Effects: what one entry changes in another's check, resolved, typed and proved consistent.

Rules act on each other: Fearless passes a Morale check outright, Furious Charge adds 1 to
Strength, Eternal Warrior changes what Instant Death does. Calculators wire such rules together
by hand, or apply modifiers in the order they happen to be written; here each rule says what it
changes, and the order is the language's:

- An effect acts on a quantity of a check (`step`, `changes`): an input, a `let` step, or the
  result (a field of it for a record).
- Its operation falls in a fixed phase, applied in this order:
  1. `auto` and `cannot` (on a result only): the test is settled outright;
  2. `set`;
  3. `add`;
  4. `at_most` and `at_least`;
  5. `halve`.

  So Steady's cap comes before Stubborn's halving, and Mob Rule (a `set` on a failed Morale
  check) never sees a test that Fearless passed outright, without either rule naming the
  other.
- Within one phase, two effects that can apply to the same quantity at the same time must say
  how they relate, as in Catala. Either one is the exception to the other (`exception_to`:
  where both apply, the exception wins and the other does nothing), or both state how they
  stack (`stacks`: `sum`, `highest`, `lowest`). Otherwise the pair is refused at the later
  effect's line with a witness, the inputs where both apply.
- The witness is found the way a `decide` is proved complete: by structure
  (`prove.first_matches`), with enumeration as the fallback, and only for the pairs an index
  of the conditions leaves (`rulesref.logic.conflicts`).
- The exceptions form a graph: a cycle of them (A over B over A, or longer) would leave,
  where they all apply, none applying; it is refused at the line that closes it, naming it.

- An effect reads the parameters of its rule (`X`), and may bring words to an enum result or
  add fields to a result, so that an outcome of its own is told apart (Mob Rule's pass that
  costs D6 hits): `rulesref.logic.effect_forms` checks those.

This module resolves effects over the whole content and checks their relations; `conflicts`
proves them consistent, and `compose` builds each unit's checks from them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulesref.logic.analyse import effect_scope
from rulesref.logic.analysed import analysed_steps
from rulesref.logic.describe import identifier_words
from rulesref.logic.effect_forms import RESULT, names_in, outcome_problems, param_input, params_read, with_new_values
from rulesref.logic.plan import Plan
from rulesref.logic.types import VType
from rulesref.model import OPERATIONS, Check, Content, Effect, Entry, Input, Param, Where
from rulesref.problems import Problem
from rulesref.problems.suggest import did_you_mean

PHASES = {"auto": 0, "cannot": 0, "set": 1, "add": 2, "at_most": 3, "at_least": 3, "halve": 4}
PHASE_WORDS = ("settled outright", "set", "added to", "capped", "halved")
STACKING = ("add", "at_most", "at_least")  # operations whose values can stack


@dataclass(frozen=True)
class Step:
    """A check that effects act on, with its analysis."""

    entry: Entry
    check: Check
    plan: Plan

    @property
    def key(self) -> str:
        return f"{self.entry.key}.{self.check.name}"

    @property
    def words(self) -> str:
        """How a problem names it: the entry's name, and the check's when it has several."""
        return self._called(self.check.name)

    @property
    def title(self) -> str:
        """How an account of a composed check names it for players: as `words`, the check's
        name in words (`Discipline (break test)`)."""
        return self._called(identifier_words(self.check.name))

    def _called(self, check: str) -> str:
        return self.entry.name if len(self.entry.checks) == 1 else f"{self.entry.name} ({check})"


@dataclass(frozen=True)
class Resolved:
    """An effect with its step and quantity found, its inputs typed, its expressions checked."""

    effect: Effect
    step: Step
    quantity: str  # "" for a single result, else an input, step or field name
    on_result: bool
    vtype: VType  # the quantity's type
    inputs: dict[str, tuple[Input, VType]]  # its own inputs (and the parameters it reads, as inputs until a unit gives them)
    owner_name: str  # the name of the entry that declares it
    params: tuple[Param, ...] = ()  # the parameters of its rule that it reads (`X` of Brutal (X))

    @property
    def owner_id(self) -> str:
        return self.effect.owner.split(":", 1)[1]

    @property
    def phase(self) -> int:
        return PHASES[self.effect.operation]

    @property
    def what(self) -> str:
        """The quantity in words: "the result of Morale check", "strength in To Wound roll"."""
        if self.on_result:
            return f"the result of {self.step.words}" if not self.quantity else f"`{self.quantity}` of {self.step.words}"
        return f"`{self.quantity}` in {self.step.words}"

    @property
    def what_words(self) -> str:
        """`what` as an account of a composed check says it to players, without code:
        "the result of Discipline (break test)", "strength in Close combat"."""
        quantity = identifier_words(self.quantity)
        if self.on_result:
            return f"the result of {self.step.title}" if not self.quantity else f"{quantity} of {self.step.title}"
        return f"{quantity} in {self.step.title}"


@dataclass(frozen=True)
class Effects:
    """What the content's effects come to: each one resolved, and the core steps one unit
    aims at another (`versus`), which every unit of their system is composed with."""

    resolved: list[Resolved]
    versus: list[Step]


def _steps(content: Content) -> dict[str, dict[str, Step | None]]:
    """Every check that some effect names, and every `versus` check of a term, analysed
    once: by system, then by `entry-id.check`; None where the check does not analyse (its
    own problems say why)."""
    wanted = {(e.system, effect.step.split(".", 1)[0]) for e in content.entries for effect in e.effects}
    wanted |= {(e.system, e.id) for e in content.entries if e.kind == "term" and any(c.versus for c in e.checks)}
    found: dict[str, dict[str, Step | None]] = {}
    steps = [(entry, check) for system, entry_id in sorted(wanted) if (entry := content.entry(f"{system}:{entry_id}")) is not None for check in entry.checks]
    for (entry, check), (plan, problems) in zip(steps, analysed_steps(steps), strict=True):
        found.setdefault(entry.system, {})[f"{entry.id}.{check.name}"] = Step(entry, check, plan) if plan is not None and not problems else None
    return found


def named_step(content: Content, system: str, name: str) -> tuple[Entry, Check] | str:
    """The entry and check that a step's name (`entry-id.check`, or `entry-id` with one
    check) names in `system`, or why none: how effects and `played_with` find their steps."""
    entry_id, _, check_name = name.partition(".")
    target = content.entry(f"{system}:{entry_id}")
    if target is None:
        ids = [e.id for e in content.entries_of(system) if e.checks]
        return f"no entry `{entry_id}` with checks in {system}{did_you_mean(entry_id, ids)}"
    if not target.checks:
        return f"`{entry_id}` has no checks for an effect to act on"
    if not check_name:
        if len(target.checks) > 1:
            names = ", ".join(f"`{entry_id}.{c.name}`" for c in target.checks)
            return f"`{entry_id}` has {len(target.checks)} checks: name one ({names})"
        return target, target.checks[0]
    check = next((c for c in target.checks if c.name == check_name), None)
    if check is None:
        return f"`{entry_id}` has no check `{check_name}`{did_you_mean(check_name, [c.name for c in target.checks])}"
    return target, check


def _step_of(effect: Effect, entry: Entry, content: Content, steps: dict[str, Step | None]) -> tuple[Step | None, list[Problem]]:
    found = named_step(content, entry.system, effect.step)
    if isinstance(found, str):
        return None, [(effect.step_where or effect.where / "step").problem("unknown-step", found)]
    target, check = found
    return steps.get(f"{target.id}.{check.name}"), []


def _quantity(effect: Effect, step: Step) -> tuple[str, bool, VType] | Problem:
    """What the effect changes: (name, on the result, type), or why it cannot."""
    plan, where = step.plan, effect.where / ("changes" if effect.changes else "step")
    fields = dict(plan.fields)
    name = effect.changes
    if not name:
        if step.check.is_record:
            return where.problem("bad-effect", f"{step.words} gives a record: say which field the effect changes (`changes`: {', '.join(fields)})")
        return "", True, fields[""]
    if step.check.is_record and name in fields:
        return name, True, fields[name]
    arg = next((a for a in plan.args if a.name == name), None)
    if arg is not None:
        if arg.is_random or arg.pool is not None:
            return where.problem("bad-effect", f"`{name}` is rolled: an effect changes what a roll is compared with, not the roll")
        if arg.kind == "param":
            return where.problem("bad-effect", f"`{name}` is a parameter of {step.entry.name}: its value comes from the unit's list of rules")
        return name, False, arg.vtype
    step_type = next((t for n, _, t in plan.lets if n == name), None)
    if step_type is not None:
        return name, False, step_type
    known = [a.name for a in plan.args if not a.is_random and a.kind != "param"] + [n for n, _, _ in plan.lets] + ([n for n in fields] if step.check.is_record else [])
    return where.problem("unknown-quantity", f"{step.words} has no input, step or field `{name}`{did_you_mean(name, known)}")


def _operation_problem(effect: Effect, on_result: bool, vtype: VType) -> Problem | None:
    where = effect.where
    operation = effect.operation
    if not operation:
        written = [op for op in OPERATIONS if isinstance(where.value(), dict) and op in where.value()]
        several = f"it has {len(written)}: {', '.join(f'`{op}`' for op in written)}" if written else "it has none"
        return where.problem("bad-effect", f"an effect has exactly one operation of `set`, `add`, `at_most`, `at_least`, `halve`, `auto`, `cannot`; {several}")
    if operation in ("auto", "cannot") and not (on_result and vtype.kind == "bool"):
        return (where / operation).problem("bad-effect", f"`{operation}` settles a test or forbids an action: it acts on a true/false result, not on {vtype.describe()}", key=True)
    if operation in ("add", "at_most", "at_least", "halve") and (vtype.kind != "int" or (vtype.halves and operation == "halve")):
        return (where / operation).problem("bad-effect", f"`{operation}` changes a whole number, not {vtype.describe()}", key=True)
    if effect.stacks is not None and operation not in STACKING:
        return (where / "stacks").problem("bad-effect", f"only `add`, `at_most` and `at_least` stack; two `{operation}` effects relate by `exception_to`", key=True)
    if effect.stacks == "sum" and operation != "add":
        return (where / "stacks").problem("bad-effect", "caps do not add up: they stack as `highest` or `lowest`", key=True)
    return None


def _target_problem(effect: Effect, step: Step, on_result: bool, params: frozenset[str]) -> Problem | None:
    """A `target` effect fills in an input of a `versus` check: one value, always (a
    parameter of its rule, `set: X`, is the value the target unit gives it)."""
    where = effect.where / "side"
    if not step.check.versus:
        return where.problem("bad-effect", f"{step.words} is not aimed at a target (`versus`): a `target` effect has nothing to change", key=True)
    if effect.operation != "set" or effect.when is not None or on_result:
        return where.problem("bad-effect", "a `target` effect sets an input of the check to one value, always: it is what the target brings (`set`, no `when`)", key=True)
    if effect.value is not None and isinstance(effect.value.source, str) and names_in(effect.value.source) and (names_in(effect.value.source) - params or effect.value.source.strip() not in params):
        return (effect.where / "set").problem("bad-effect", "a `target` effect sets a value (or a parameter of its rule, `set: X`), not an expression: a Versus form fills it in", key=True)
    return None


def _resolve(effect: Effect, entry: Entry, content: Content, steps: dict[str, Step | None]) -> tuple[Resolved | None, list[Problem]]:
    step, problems = _step_of(effect, entry, content, steps)
    if step is None:
        return None, problems
    found = _quantity(effect, step)
    if isinstance(found, Problem):
        return None, [found]
    quantity, on_result, vtype = found
    wrong = _operation_problem(effect, on_result, vtype) or (_target_problem(effect, step, on_result, frozenset(p.name for p in entry.params)) if effect.side == "target" else None)
    if wrong is not None:
        return None, [wrong]
    base = {a.name: a.vtype for a in step.plan.args if a.pool is None}
    if on_result:
        base[RESULT] = vtype
    params = params_read(effect, entry, base)
    # a parameter is typed and proved as an input over its range; a unit that gives its value
    # (`{rule: brutal, X: 3}`) has it written in as a constant (`compose`)
    as_inputs = tuple(param_input(p) for p in params)
    wanted = with_new_values(effect, on_result, vtype)
    if isinstance(wanted, Problem):
        return None, [wanted]
    typed, problems = effect_scope(entry, replace(effect, inputs=effect.inputs + as_inputs) if as_inputs else effect, base, wanted)
    problems += outcome_problems(effect, entry, step.check, step.words, base, as_inputs) if not problems else []
    if problems:
        return None, problems
    return Resolved(effect, step, quantity, on_result, vtype, typed, entry.name, params), []


def resolve_all(content: Content) -> tuple[Effects, list[Problem]]:
    """Every effect of the content, resolved and its relations checked, in content order,
    with the `versus` steps, and the problems of those that are not sound (each at its line).
    Whether they are consistent is `rulesref.logic.conflicts.conflict_problems`."""
    steps = _steps(content)
    resolved: list[Resolved] = []
    problems: list[Problem] = []
    for entry in (e for e in content.entries if e.effects):
        seen: dict[str, Where] = {}
        for effect in entry.effects:
            if seen.get(effect.id, effect.where) != effect.where:
                problems.append((effect.where / "id").problem("duplicate-name", f"{entry.name} already has an effect `{effect.id}`"))
                continue
            seen[effect.id] = effect.where
            one, found = _resolve(effect, entry, content, steps.get(entry.system, {}))
            problems += found
            if one is not None:
                resolved.append(one)
    problems += _relation_problems(resolved)
    problems += _cycle_problems(resolved)
    versus = [step for by_key in steps.values() for step in by_key.values() if step is not None and step.check.versus and step.entry.kind == "term"]
    return Effects(resolved, versus), problems


# -- relations ------------------------------------------------------------------------------


def exception_refs(resolved: Resolved) -> list[str]:
    """What `exception_to` names, each as `entry-id/effect-id`."""
    owner = resolved.owner_id
    return [ref if "/" in ref else f"{owner}/{ref}" for ref in resolved.effect.exception_to]


def same_thing(a: Resolved, b: Resolved) -> bool:
    """Whether two effects change one quantity of one step."""
    return (a.step.key, a.quantity, a.on_result) == (b.step.key, b.quantity, b.on_result)


def _relation_problems(resolved: list[Resolved]) -> list[Problem]:
    by_ref: dict[tuple[str, str], list[Resolved]] = {}
    for r in resolved:  # (an effect on a list of steps is one effect per step, under one name)
        by_ref.setdefault((r.step.entry.system, r.effect.ref), []).append(r)
    problems = []
    for one in resolved:
        system = one.step.entry.system  # (an effect acts within its own system)
        for index, ref in enumerate(exception_refs(one)):
            where = one.effect.where / "exception_to" / index
            others = by_ref.get((system, ref), [])
            if not others:
                problems.append(where.problem("unknown-effect", f"no effect `{ref}` in {system}{did_you_mean(ref, [r for s, r in by_ref if s == system])}"))
            elif ref == one.effect.ref:
                problems.append(where.problem("unknown-effect", "an effect cannot be the exception to itself"))
            elif not any(same_thing(other, one) for other in others):
                problems.append(where.problem("unknown-effect", f"`{ref}` changes {others[0].what}, not {one.what}: an exception changes the same thing as what it overrides"))
    return problems


def exceptions_to(one: Resolved, resolved: list[Resolved]) -> list[Resolved]:
    """The effects that are exceptions to `one`: where they apply, it does not."""
    return [r for r in resolved if same_thing(r, one) and one.effect.ref in exception_refs(r)]


def related(a: Resolved, b: Resolved) -> bool:
    """Whether two effects on one quantity in one phase say how they go together."""
    if b.effect.ref in exception_refs(a) or a.effect.ref in exception_refs(b):
        return True
    return a.effect.operation in STACKING and a.effect.stacks is not None and a.effect.stacks == b.effect.stacks


def condition(one: Resolved, resolved: list[Resolved]) -> str:
    """Where an effect applies, as an expression: its `when`, and not where an exception to it applies."""
    return condition_with(one, exceptions_to(one, resolved))


def condition_with(one: Resolved, exceptions: list[Resolved]) -> str:
    """`condition`, given the exceptions to the effect."""
    parts = [f"({one.effect.when.source})"] if one.effect.when is not None else []
    for other in exceptions:
        if other.effect.when is None:
            return "False"  # an exception that always applies: this effect never does
        parts.append(f"not ({other.effect.when.source})")
    return " and ".join(parts) or "True"


Node = tuple[str, str, str, str, bool]  # an effect on one thing: system, `entry/effect`, step, quantity, on the result


def _cycle_problems(resolved: list[Resolved]) -> list[Problem]:
    """Each cycle of exceptions (`a` over `b` over ... over `a`) at the `exception_to` of its
    effect that comes last in the content, naming every effect in it (one problem a line)."""
    node: dict[int, Node] = {id(r): (r.step.entry.system, r.effect.ref, r.step.key, r.quantity, r.on_result) for r in resolved}
    at = {node[id(r)]: r for r in reversed(resolved)}  # (an effect's first resolution names it)
    order = {key: n for n, key in enumerate(dict.fromkeys(node[id(r)] for r in resolved))}
    edges: dict[Node, list[tuple[Node, int]]] = {}
    for r in resolved:
        system, ref, step, quantity, on_result = node[id(r)]
        for index, target in enumerate(exception_refs(r)):
            other = (system, target, step, quantity, on_result)
            if other in at and target != ref:
                edges.setdefault(node[id(r)], []).append((other, index))
    problems: dict[tuple[Node, int], Problem] = {}
    for cycle in _cycles(list(order), edges):
        last = max(range(len(cycle)), key=lambda i: order[cycle[i][0]])
        key, index = cycle[last]
        said = " over ".join(f"`{k[1]}`" for k in [k for k, _ in cycle[last:] + cycle[:last]] + [key])
        problems.setdefault((key, index), (at[key].effect.where / "exception_to" / index).problem(
            "exception-cycle",
            f"the exceptions make a cycle ({said}): where they all apply, none would; remove one `exception_to`",
        ))
    return list(problems.values())


def _cycles(nodes: list[Node], edges: dict[Node, list[tuple[Node, int]]]) -> list[list[tuple[Node, int]]]:
    """A cycle for each edge back to a node on the path a depth-first walk is on (every cycle
    holds one): its nodes in the cycle's order, each with the index of its edge to the next.
    The walk keeps its own stack, so a long chain of exceptions needs no recursion."""
    state: dict[Node, int] = {}  # 1: on the path being walked, 2: done
    found: list[list[tuple[Node, int]]] = []
    for start in nodes:
        if start in state:
            continue
        path: list[tuple[Node, int]] = []  # (node, index of the edge taken from it next)
        walk = [(start, iter(edges.get(start, [])))]
        state[start] = 1
        while walk:
            here, following = walk[-1]
            step = next(following, None)
            if step is None:
                state[here] = 2
                walk.pop()
                if path:
                    path.pop()
                continue
            target, index = step
            if state.get(target) == 1:
                on_path = [n for n, _ in path] + [here]
                cycle = path[on_path.index(target) :] + [(here, index)]
                found.append(cycle)
            elif target not in state:
                state[target] = 1
                path.append((here, index))
                walk.append((target, iter(edges.get(target, []))))
    return found
