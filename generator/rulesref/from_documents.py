"""The content model made from schema-valid documents (`build_system`, `build_entry`): each
object keeps the `Where` of the value it was made from, so a later check can blame its line.
"""

from __future__ import annotations

from typing import Any, Literal

from rulesref.model import (
    DICE_TYPE,
    OPERATIONS,
    Army,
    Book,
    Check,
    Correction,
    DecideRow,
    DeclaredRelease,
    DiceSpec,
    Effect,
    Entry,
    Example,
    Expr,
    Input,
    Locales,
    Option,
    Origin,
    Outcome,
    OutputField,
    Param,
    PoolSpec,
    Profile,
    ProfileType,
    Require,
    Result,
    RuleRef,
    Source,
    System,
    Table,
    TableRow,
    Where,
)
from rulesref.played import SIDES, Fed, PlayedWith, StepPlay
from rulesref.read.load import Document


def build_system(doc: Document) -> System:
    data = doc.data
    where = Where(doc, ())
    books = tuple(
        Book(id=book_id, title=b["title"], year=b.get("year"), edition=b.get("edition"))
        for book_id, b in data["books"].items()
    )
    profile_types = tuple(
        ProfileType(t["id"], t["name"], tuple(t["characteristics"]), where / "profile_types" / i, t.get("kind"))
        for i, t in enumerate(data.get("profile_types", ()))
    )
    armies = tuple(Army(army_id, a["name"], a.get("summary"), where / "armies" / army_id) for army_id, a in data.get("armies", {}).items())
    return System(
        id=data["id"],
        name=data["name"],
        edition=data["edition"],
        short_name=data.get("short_name", data["id"]),
        publisher=data.get("publisher"),
        year=data.get("year"),
        summary=data.get("summary"),
        books=books,
        where=where,
        profile_types=profile_types,
        armies=armies,
        roles=tuple(data.get("roles", ())),
        releases=tuple(
            DeclaredRelease(r["version"], r.get("date"), r.get("label"), r.get("url"), where / "releases" / i) for i, r in enumerate(data.get("releases", ()))
        ),
        played_with=_played_with(data["played_with"], where / "played_with") if "played_with" in data else None,
        locales=Locales(data["locales"]["source"], tuple(data["locales"]["translated"])) if "locales" in data else None,
    )


def _played_with(data: dict[str, Any], where: Where) -> PlayedWith:
    steps = tuple(
        StepPlay(
            step,
            tuple(Fed(side, name, value, where / "steps" / step / side / name) for side in SIDES for name, value in spec.get(side, {}).items()),
            spec.get("weapons", {}).get("by"),
            spec.get("weapons", {}).get("with"),
            spec.get("weapons", {}).get("without"),
            where / "steps" / step,
        )
        for step, spec in data.get("steps", {}).items()
    )
    mapped = data.get("rules", {}).items()
    rules = tuple((mine, theirs if isinstance(theirs, str) else theirs["rule"], where / "rules" / mine) for mine, theirs in mapped)
    given = tuple((mine, tuple((k, v) for k, v in theirs.items() if k != "rule")) for mine, theirs in mapped if isinstance(theirs, dict))
    return PlayedWith(data["system"], rules, steps, where, given)


def _dice_spec(spec: dict[str, Any], where: Where) -> DiceSpec | None:
    kind = spec["type"]
    if kind == "dice":
        return DiceSpec(sides=6, count=0, of_param=spec.get("of"), better=spec.get("reroll_one") == "better")
    match = DICE_TYPE.fullmatch(kind)
    if match is None:
        return None
    written = spec.get("count")
    return DiceSpec(
        sides=int(match.group(2)),
        count=int(match.group(1) or 1),
        better=spec.get("reroll_one") == "better",
        count_expr=Expr(written, where / "count") if written is not None else None,
    )


def _pool_spec(spec: dict[str, Any], where: Where) -> PoolSpec:
    def expr(key: str) -> Expr | None:
        return Expr(spec[key], where / key) if key in spec else None

    explode = spec.get("explode") or {}
    keep = spec.get("keep") or {}
    kept = next(iter(keep.items()), None)
    return PoolSpec(
        dice=Expr(spec["dice"], where / "dice"),
        sides=3 if spec.get("die") == "D3" else 6,
        target=expr("target"),
        modifier=expr("modifier"),
        best=expr("best"),
        natural=tuple((int(face), meaning) for face, meaning in (spec.get("natural") or {}).items()),
        classes=tuple((name, Expr(cond, where / "classes" / name)) for name, cond in (spec.get("classes") or {}).items()),
        fails=spec.get("fails"),
        reroll=tuple(spec["reroll"]) if isinstance(spec.get("reroll"), list) else spec.get("reroll"),
        explode_on=explode.get("at"),
        explode_depth=Expr(explode.get("depth", 1), where / "explode" / "depth" if "depth" in explode else where / "explode"),
        keep=None if kept is None else (kept[0], Expr(kept[1], where / "keep" / kept[0])),
        total=spec.get("total"),
    )


def _input(name: str, spec: dict[str, Any], where: Where) -> Input:
    dice = _dice_spec(spec, where)
    kind: Literal["bool", "int", "enum", "dice", "pool", "inches"] = "dice" if dice is not None else spec["type"]
    return Input(
        name=name,
        type=kind,
        summary=spec.get("summary"),
        min=spec.get("min"),
        max=spec.get("max"),
        values=tuple(spec.get("values", ())),
        dice=dice,
        where=where,
        pool=_pool_spec(spec, where) if kind == "pool" else None,
    )


def _output(spec: dict[str, Any], where: Where) -> tuple[tuple[OutputField, ...], bool]:
    def one(name: str, s: dict[str, Any], w: Where) -> OutputField:
        return OutputField(name, s["type"], s.get("summary"), s.get("min"), s.get("max"), tuple(s.get("values", ())), w)

    if isinstance(spec.get("type"), str):
        return (one("", spec, where),), False
    return tuple(one(name, s, where / name) for name, s in spec.items()), True


def _result(value: Any, where: Where, is_record: bool) -> Result:
    if is_record and isinstance(value, dict):
        return Result(tuple((name, Expr(v, where / name)) for name, v in value.items()), where)
    return Result((("", Expr(value, where)),), where)


def _check(name: str, data: dict[str, Any], where: Where) -> Check:
    output, is_record = _output(data["output"], where / "output")
    decide = None
    if "decide" in data:
        rows = []
        for index, row in enumerate(data["decide"]):
            row_where = where / "decide" / index
            if "otherwise" in row:
                rows.append(DecideRow(None, _result(row["otherwise"], row_where / "otherwise", is_record), row.get("note"), row_where))
            else:
                when = Expr(row["when"], row_where / "when")
                rows.append(DecideRow(when, _result(row["then"], row_where / "then", is_record), row.get("note"), row_where))
        decide = tuple(rows)
    examples = _examples(data["examples"], where / "examples")
    return Check(
        name=name,
        summary=data["summary"],
        inputs=tuple(_input(n, s, where / "inputs" / n) for n, s in data["inputs"].items()),
        output=output,
        is_record=is_record,
        requires=tuple(
            Require(Expr(r["that"], where / "requires" / i / "that"), r["message"], where / "requires" / i)
            for i, r in enumerate(data.get("requires", ()))
        ),
        lets=tuple((n, Expr(e, where / "let" / n)) for n, e in data.get("let", {}).items()),
        expr=_result(data["expr"], where / "expr", is_record) if "expr" in data else None,
        decide=decide,
        examples=tuple(examples),
        where=where,
        versus=data.get("versus", False),
        until=Expr(data["until"], where / "until") if "until" in data else None,
    )


def _examples(items: list[dict[str, Any]], where: Where) -> tuple[Example, ...]:
    examples = []
    for index, example in enumerate(items):
        expect = example.get("expect")
        if isinstance(expect, dict):
            expect = tuple(expect.items())
        examples.append(Example(tuple(example["given"].items()), expect, example.get("raises"), example.get("note"), where / index))
    return tuple(examples)


def _effects(items: list[dict[str, Any]], owner: str, where: Where) -> tuple[Effect, ...]:
    """Every effect as written, one for each check a list of `step`s names."""
    out = []
    for i, data in enumerate(items):
        steps = data["step"] if isinstance(data["step"], list) else [data["step"]]
        at = [where / i / "step" / k for k in range(len(steps))] if isinstance(data["step"], list) else [where / i / "step"]
        out += [_effect(data, step, owner, where / i, w) for step, w in zip(steps, at, strict=True)]
    return tuple(out)


def _effect(data: dict[str, Any], step: str, owner: str, where: Where, step_where: Where) -> Effect:
    operations = [op for op in OPERATIONS if op in data]
    operation = operations[0] if len(operations) == 1 else ""  # none or several: refused by the analysis
    raw = data.get(operation)
    worded = operation in ("auto", "halve", "cannot")
    return Effect(
        id=data["id"],
        owner=owner,
        summary=data["summary"],
        step=step,
        changes=data.get("changes", ""),
        operation=operation,
        value=Expr(raw, where / operation) if operation and not worded and raw is not None else None,
        word=str(raw) if worded and operation != "cannot" else None,
        when=Expr(data["when"], where / "when") if "when" in data else None,
        inputs=tuple(_input(n, s, where / "inputs" / n) for n, s in data.get("inputs", {}).items()),
        exception_to=tuple(data.get("exception_to", ())),
        stacks=data.get("stacks"),
        where=where,
        side=data.get("side", "self"),
        outcomes=tuple(_outcome(n, o, where / "outcomes" / n) for n, o in data.get("outcomes", {}).items()),
        new_values=tuple(data.get("new_values", ())),
        needs=tuple(data.get("needs", ())),
        step_where=step_where,
    )


def _outcome(name: str, spec: dict[str, Any], where: Where) -> Outcome:
    field = OutputField(name, spec["type"], spec.get("summary"), spec.get("min"), spec.get("max"), tuple(spec.get("values", ())), where)
    return Outcome(field, Expr(spec["value"], where / "value"), Expr(spec["otherwise"], where / "otherwise"))


def _rule_refs(items: Any, where: Where) -> tuple[RuleRef, ...]:
    refs = []
    for index, ref in enumerate(items):
        if isinstance(ref, str):
            refs.append(RuleRef(ref, (), where / index))
        else:
            args = tuple((k, v) for k, v in ref.items() if k != "rule")
            refs.append(RuleRef(ref["rule"], args, where / index))
    return tuple(refs)


def _origin(data: Any, where: Where) -> Origin | None:
    if data is None:
        return None
    return Origin(data["from"], data["file"], data["element"], tuple(data.get("derived", ())), where, tuple(data.get("also", ())))


def build_entry(doc: Document, system: str) -> Entry:
    data = doc.data
    where = Where(doc, ())
    table = None
    if "table" in data:
        t = data["table"]
        tw = where / "table"
        table = Table(
            die=t["die"],
            title=t.get("title"),
            rows=tuple(
                TableRow(str(r["roll"]), r.get("title"), r["result"], tw / "rows" / i) for i, r in enumerate(t["rows"])
            ),
            where=tw,
        )
    source = None
    if "source" in data:
        s = data["source"]
        source = Source(s["book"], s.get("page"), s.get("section"), where / "source")
    profiles = tuple(
        Profile(
            p["type"],
            p["name"],
            tuple((c, str(v)) for c, v in p["values"].items()),
            _rule_refs(p.get("rules", ()), where / "profiles" / i / "rules"),
            where / "profiles" / i,
        )
        for i, p in enumerate(data.get("profiles", ()))
    )
    return Entry(
        system=system,
        id=data["id"],
        kind=data["kind"],
        name=data["name"],
        aliases=tuple(data.get("aliases", ())),
        summary=data["summary"],
        text=data.get("text"),
        params=tuple(
            Param(n, p["type"], p["summary"], p.get("min"), p.get("max"), tuple(p.get("values", ())), where / "params" / n)
            for n, p in data.get("params", {}).items()
        ),
        table=table,
        source=source,
        tags=tuple(data.get("tags", ())),
        checks=tuple(_check(n, c, where / "checks" / n) for n, c in data.get("checks", {}).items()),
        rules=_rule_refs(data.get("rules", ()), where / "rules"),
        notes=data.get("notes"),
        corrections=tuple(
            Correction(c["original"], c["corrected"], c.get("reason"), where / "corrections" / i)
            for i, c in enumerate(data.get("corrections", ()))
        ),
        same_as=tuple(data.get("same_as", ())),
        where=where,
        profiles=profiles,
        origin=_origin(data.get("origin"), where / "origin"),
        wargear=_rule_refs(data.get("wargear", ()), where / "wargear"),
        options=tuple(
            Option(o["name"], o.get("group"), _rule_refs(o.get("rules", ()), where / "options" / i / "rules"), tuple(o.get("rows", ())), o.get("unit"), o.get("element"), where / "options" / i)
            for i, o in enumerate(data.get("options", ()))
        ),
        armies=tuple(data.get("armies", ())),
        role=data.get("role"),
        effects=_effects(data.get("effects", []), f"{system}:{data['id']}", where / "effects"),
        composed=tuple(
            (name, _examples(c["examples"], where / "composed" / name / "examples"), where / "composed" / name)
            for name, c in data.get("composed", {}).items()
        ),
    )
