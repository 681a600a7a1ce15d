"""What an imported unit brings to each step it is played with, as attacker and as target.

For a unit of a system with `played_with`, and each step the mapping plays:
- as the attacker, one `Choice` per model profile and weapon row the step is for ("Ork Boy:
  Slugga"): the inputs its profile and the weapon give, those a model multiplies (its Attacks,
  its shots), and its weapon's rules that set an input outright (Rending, Poisoned (4+)),
  applied here as values (a parameter the row prints only in its text, as `Rending (6+)` in a
  Horus Heresy weapon's Type, is read from there). The unit's own rules act through its composed check
  (`rulesref.logic.compose.played_compositions`);
- as the target, one `Aim` per model profile: the inputs its profile gives, and those its
  rules' `side: target` effects hold (Eternal Warrior, Feel No Pain (5+)).

Every rule is either modelled (its effects act) or listed as not modelled, so a player knows
what a number leaves out; a value that cannot be read (`Strength D`) leaves the choice out and
says why, never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rulesref.links import param_value
from rulesref.model import Check, Content, Effect, Entry, Input, Param, Profile, RuleRef, Scalar, System
from rulesref.played import Fed, PlayedWith, StepPlay
from rulesref.versus.mapping import step_check
from rulesref.versus.readers import read_shots, read_value

_BRACKETS = re.compile(r"\s*\(.*\)\s*$")  # `Rending (X)`: its name without its parameter
SHOTS = "shots"  # the input a weapon's type gives (`Assault 2`), multiplied by the models firing
HALF_RANGE = " (half range)"  # a weapon's second choice where its type doubles its shots within half range
MULTIPLIED = ("attacks", SHOTS)  # the inputs a model gives each: the form multiplies them by the models attacking


@dataclass(frozen=True)
class Choice:
    """One way a unit attacks in a step: a model profile with a weapon."""

    label: str
    values: tuple[tuple[str, Scalar], ...]
    per_model: tuple[str, ...]  # of `values`, those each model gives (Attacks, shots)
    modelled: tuple[str, ...]  # the weapon's rules applied (ids of the unit's system)
    not_modelled: tuple[str, ...]  # the weapon's rules that are not


@dataclass(frozen=True)
class Aim:
    """One model profile of a unit as the target of a step."""

    label: str
    values: tuple[tuple[str, Scalar], ...]
    held: tuple[tuple[str, Scalar], ...]  # what its rules' target effects set
    brings: tuple[str, ...]  # those rules (ids of the unit's system)


@dataclass(frozen=True)
class Matchup:
    """A unit in one played step."""

    play: StepPlay
    step: Entry
    check: Check
    choices: tuple[Choice, ...]
    aims: tuple[Aim, ...]
    modelled: tuple[str, ...]  # the unit's own rules that act on the step as the attacker
    not_modelled: tuple[str, ...]  # its rules that no mapping reaches, or that act on no step played
    unread: tuple[str, ...]  # what could not be read, in words ("Shokk Attack Gun: Strength 2D6")


@dataclass(frozen=True)
class Played:
    """One step a system is played in: the mapping's, the played system's entry and check,
    and the effects each of its rules has on that check (by the played rule's id)."""

    play: StepPlay
    step: Entry
    check: Check
    acting: dict[str, tuple[Effect, ...]]
    params: dict[str, tuple[Param, ...]]  # the parameters of each of those rules (`X` of Poisoned (X+))


@dataclass(frozen=True)
class Playing:
    """A system played with another, worked out once for all its units."""

    system: System
    mapping: PlayedWith
    steps: tuple[Played, ...]
    printed: dict[str, re.Pattern[str]]  # each mapped rule's name with a value in brackets, as a row prints it


def playing(content: Content, system_id: str) -> Playing | None:
    """How the system is played (None for a system without `played_with`)."""
    system = content.system(system_id)
    mapping = system.played_with if system is not None else None
    if system is None or mapping is None:
        return None
    steps = []
    for play in mapping.steps:
        found = step_check(content, mapping.system, play.step)
        if found is None:
            continue
        step, check = found
        acting: dict[str, tuple[Effect, ...]] = {}
        params: dict[str, tuple[Param, ...]] = {}
        for entry in content.entries_of(mapping.system):
            mine = tuple(e for e in entry.effects if _same(step_check(content, mapping.system, e.step), step, check))
            if mine:
                acting[entry.id], params[entry.id] = mine, entry.params
        steps.append(Played(play, step, check, acting, params))
    printed = {}
    for rule, _, _ in mapping.rules:
        named = content.entry(f"{system.id}:{rule}")
        if named is not None:
            printed[rule] = printed_pattern(named.name)
    return Playing(system, mapping, tuple(steps), printed)


def matchups(played: Playing | None, unit: Entry) -> tuple[Matchup, ...]:
    """The unit in each step its system is played in (none for a system not `played`)."""
    if played is None or unit.system != played.system.id:
        return ()
    return tuple(_matchup(played, step, unit) for step in played.steps)


def _matchup(playing: Playing, played: Played, unit: Entry) -> Matchup:
    system, mapping, play, check = playing.system, playing.mapping, played.play, played.check
    inputs = {i.name: i for i in check.inputs}
    acting = played.acting
    choices: list[Choice] = []
    unread: list[str] = []
    weapons = [p for p in unit.profiles if _is_weapon(system, p, play)]
    for model in (p for p in unit.profiles if _has(p, play.side("attacker"))) if weapons else ():
        attacker = _values(model, play, "attacker", inputs, {}, unread)
        if attacker is None:
            continue
        for weapon in weapons:
            choices += _choices(model, weapon, attacker, play, inputs, played, playing, unread)
    aims = []
    held, brings = _held(mapping, played, unit.rules)  # (the unit's, whichever of its models is the target)
    for model in (p for p in unit.profiles if _has(p, play.side("target"))):
        values = _values(model, play, "target", inputs, {}, unread)
        if values is not None:
            aims.append(Aim(f"{unit.name}: {model.name}" if model.name != unit.name else unit.name, tuple(values.items()), held, brings))
    if len(aims) == 1:  # a unit of one profile is its own target's name
        aims = [replace(aims[0], label=unit.name)]
    mine = [ref.rule for ref in unit.rules]
    modelled = tuple(r for r in mine if any(e.side == "self" for e in acting.get(mapping.rule(r) or "", ())))
    not_modelled = tuple(r for r in mine if not any((mapping.rule(r) or "") in s.acting for s in playing.steps))  # unmapped, or mapped to a rule that acts on no step played (Armourbane)
    return Matchup(play, played.step, check, tuple(choices), tuple(aims), modelled, not_modelled, tuple(dict.fromkeys(unread)))


def _has(profile: Profile, fed: tuple[Fed, ...]) -> bool:
    return bool(fed) and all(profile.value(f.characteristic) is not None for f in fed)


def _is_weapon(system: System, profile: Profile, play: StepPlay) -> bool:
    kind = system.profile_type(profile.type)
    if kind is None or kind.kind != "weapon" or not _has(profile, play.side("weapon")):
        return False
    if play.weapons_by is None:
        return True
    said = (profile.value(play.weapons_by) or "").lower()
    if play.weapons_with is not None and play.weapons_with.lower() not in said:
        return False
    return play.weapons_without is None or play.weapons_without.lower() not in said


def _values(profile: Profile, play: StepPlay, side: str, inputs: dict[str, Input], wielder: dict[str, int], unread: list[str]) -> dict[str, Scalar] | None:
    out: dict[str, Scalar] = {}
    for fed in (f for f in play.side(side) if f.input != SHOTS):
        item = inputs.get(fed.input)
        text = profile.value(fed.characteristic) or ""
        value = read_value(text, item, wielder.get(fed.input)) if item is not None else None
        if value is None:
            unread.append(f"{profile.name}: {fed.characteristic} {text.strip() or '(blank)'}")
            return None
        out[fed.input] = value
    return out


def _choices(
    model: Profile, weapon: Profile, attacker: dict[str, Scalar], play: StepPlay, inputs: dict[str, Input], played: Played, playing: Playing, unread: list[str]
) -> list[Choice]:
    mapping = playing.mapping
    wielder = {k: v for k, v in attacker.items() if isinstance(v, int) and not isinstance(v, bool)}
    made = _values(weapon, play, "weapon", inputs, wielder, unread)
    if made is None:
        return []
    values = {**attacker, **made}
    bands: list[tuple[str, dict[str, Scalar]]] = [("", {})]
    shots_from = next((f for f in play.fed if f.side == "weapon" and f.input == SHOTS), None)
    if shots_from is not None:
        shots = read_shots(weapon.value(shots_from.characteristic) or "")
        if shots is None:
            unread.append(f"{weapon.name}: {shots_from.characteristic} {(weapon.value(shots_from.characteristic) or '').strip()}")
            return []
        bands = [("", {SHOTS: shots[0]})]
        if shots[1] is not None:
            bands.append((HALF_RANGE, {SHOTS: shots[1]}))
    applied, not_applied = [], []
    set_by_rules: dict[str, Scalar] = {}
    for ref in weapon.rules:
        theirs = mapping.rule(ref.rule) or ""
        got = _weapon_values(mapping.args(ref.rule) + ref.args, _printed(weapon, playing.printed.get(ref.rule)), played.acting.get(theirs, ()), played.params.get(theirs, ()))
        if got is None:
            not_applied.append(ref.rule)
        else:
            applied.append(ref.rule)
            set_by_rules |= got
    per_model = tuple(n for n in MULTIPLIED if n in inputs and (n in values or (n == SHOTS and shots_from is not None)))
    name = weapon.name if model.name == weapon.name else f"{model.name}: {weapon.name}"
    return [Choice(f"{name}{band}", tuple({**values, **extra, **set_by_rules}.items()), per_model, tuple(applied), tuple(not_applied)) for band, extra in bands]


def printed_pattern(name: str) -> re.Pattern[str]:
    """What a row prints of a rule named `name` (`Rending (X)`) with its value in brackets
    (`Rending (6+)`), the value as its group; not inside another rule's name."""
    base = _BRACKETS.sub("", name)
    return re.compile(rf"(?<![\w-]){re.escape(base)}\s*\(\s*([^()]*?)\s*\)", re.IGNORECASE)


def _printed(weapon: Profile, pattern: re.Pattern[str] | None) -> str | None:
    """The value a weapon's row prints in brackets after the rule's name (`6+` of `Melee,
    Rending (6+)`), if it prints one, and only one."""
    if pattern is None:
        return None
    found = {m.group(1) for _, text in weapon.values for m in pattern.finditer(text)}
    return next(iter(found)) if len(found) == 1 else None


def _weapon_values(args: tuple[tuple[str, Scalar], ...], printed: str | None, effects: tuple[Effect, ...], params: tuple[Param, ...]) -> dict[str, Scalar] | None:
    """What a weapon's rule sets outright in the step, by its effects (a literal or one of its
    parameters, as the mapping, then the row, give it, or, where neither gives one, as the row
    prints it after the rule's name), or None where it does anything else (or nothing)."""
    given = dict(args)
    if printed is not None and len(params) == 1:  # a rule of one parameter: `(6+)` is its value
        given = {params[0].name: printed, **given}
    out: dict[str, Scalar] = {}
    for effect in effects:
        if effect.operation != "set" or effect.when is not None or effect.value is None or effect.side != "self":
            return None
        value = _value(effect.value.source, given, params)
        if value is None:
            return None
        out[effect.changes] = value
    return out or None


def _same(found: tuple[Entry, Check] | None, step: Entry, check: Check) -> bool:
    return found is not None and found[0].key == step.key and found[1].name == check.name


def _value(source: Scalar, given: dict[str, Scalar], params: tuple[Param, ...]) -> Scalar | None:
    """An effect's value: a literal, or the parameter it names as the unit gives it (`5+` for
    a dice target), typed as the played rule declares it; None where the unit gives none or
    a value the rule does not take."""
    if not isinstance(source, str):
        return source
    param = next((p for p in params if p.name == source), None)
    if param is None or source not in given:
        return None
    value, error = param_value(param, given[source])
    return value if error is None else None


def _held(mapping: PlayedWith, played: Played, rules: tuple[RuleRef, ...]) -> tuple[tuple[tuple[str, Scalar], ...], tuple[str, ...]]:
    """The inputs a target's rules hold (their `side: target` effects that set a value), and those rules."""
    held: dict[str, Scalar] = {}
    brings = []
    for ref in rules:
        theirs = mapping.rule(ref.rule) or ""
        for effect in played.acting.get(theirs, ()):
            if effect.side == "target" and effect.operation == "set" and effect.value is not None:
                value = _value(effect.value.source, dict(mapping.args(ref.rule) + ref.args), played.params.get(theirs, ()))
                if value is not None:
                    held[effect.changes] = value
                    brings.append(ref.rule)
    return tuple(held.items()), tuple(dict.fromkeys(brings))
