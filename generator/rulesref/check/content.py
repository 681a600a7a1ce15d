"""Semantic checks across files, of every file that passed its schema.

Ids and names unique per system, ids equal to file names and usable as Python names,
cited books that exist, units whose rules exist with valid parameters, profiles that fit
the system's profile types, cross-links that
resolve, dice tables that cover every face once, and Markdown with nothing unsafe in it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from rulesref.check.lookalike import lookalike_reason
from rulesref.check.markdown_limits import structure_problems
from rulesref.check.markup import unsafe_markup
from rulesref.check.placeholders import entry_placeholders, system_placeholders
from rulesref.check.salvage import Salvaged
from rulesref.check.tables import table_problems
from rulesref.incremental.memo import FRESH, Memo
from rulesref.links import LinkIndex, TextLinks, normalise, param_value, plain_text
from rulesref.model import Content, Entry, RuleRef, System, Where, texts_of
from rulesref.names import RESERVED_ENTRY_IDS, RESERVED_SYSTEM_IDS, python_reason
from rulesref.problems import Problem, excerpt
from rulesref.problems.suggest import did_you_mean
from rulesref.versus.mapping import played_problems

MAX_PER_TEXT = 100  # problems of one code listed for one text


def _check_identity(content: Content, index: LinkIndex, broken: Mapping[tuple[str, str], tuple[str, ...]]) -> Iterator[Problem]:
    """Systems named as their folders and usable as package names; ids and names unique per
    system (an entry's own id, name and aliases are checked in `_check_entry_identity`),
    also against the names of the entry files that failed their schema (`broken`: by system
    and name, their paths), which are told the clash once they pass it."""
    for system in content.systems:
        if system.id in RESERVED_SYSTEM_IDS:
            taken = ", ".join(sorted(RESERVED_SYSTEM_IDS))
            yield (system.where / "id").problem("reserved-id", f"system id `{system.id}` is a folder the site uses ({taken}); choose another id")
        folder = Path(system.where.doc.path).parent.name
        if system.id != folder:
            yield (system.where / "id").problem("id-mismatch", f"system id `{system.id}` must equal its folder name `{folder}`")
        reason = python_reason(system.package)
        if reason:
            yield (system.where / "id").problem("python-name", f"system id `{system.id}` {reason}; it cannot name a Python package")
    by_id: dict[tuple[str, str], list[Entry]] = {}
    for entry in content.entries:
        by_id.setdefault((entry.system, entry.id.casefold()), []).append(entry)
    # every member of a clash is told about the others, so whichever file is validated shows it
    for entries in by_id.values():
        if len(entries) > 1:
            for entry in entries:
                others = ", ".join(e.where.doc.path for e in entries if e is not entry)
                yield (entry.where / "id").problem("duplicate-id", f"id `{entry.id}` is also used by {others}")
    for system_id, key in sorted(index.name_clashes):  # found while the index was built
        holders = [
            (entry, where, name) for entry in content.entries if entry.system == system_id for where, name in _names_of(entry) if normalise(name) == key
        ]
        for entry, where, name in holders:
            clashes = [f"{'this entry' if e is entry else e.where.doc.path} (`{n}`)" for e, w, n in holders if w != where]
            yield where.problem("duplicate-name", f"`{name}` is also a name or alias of {', '.join(clashes)}")
    for entry in content.entries:
        for where, name in _names_of(entry):
            failed = broken.get((entry.system, normalise(name)))
            if failed:
                yield where.problem("duplicate-name", f"`{name}` is also a name or alias in {', '.join(failed)} (a file that fails its schema)")


def _check_entry_identity(entry: Entry, stem: str) -> Iterator[Problem]:
    """An entry's id equals its file name; its names do not look like others. (Any id makes a
    usable module: `rulesref.names.python_module` renames one that would clash.)"""
    if entry.id != stem:
        yield (entry.where / "id").problem("id-mismatch", f"id `{entry.id}` must equal the file name `{stem}`; rename one of them")
    if entry.id in RESERVED_ENTRY_IDS:
        yield (entry.where / "id").problem("reserved-id", f"`{entry.id}` is {RESERVED_ENTRY_IDS[entry.id]}; choose another id")
    for where, name in _names_of(entry):
        lookalike = lookalike_reason(name)
        if lookalike:
            yield where.problem("confusable-name", f"`{name}` {lookalike}; it would look like another name")


def _names_of(entry: Entry) -> Iterator[tuple[Where, str]]:
    """An entry's name and aliases, each with where it is written."""
    yield entry.where / "name", entry.name
    for index, alias in enumerate(entry.aliases):
        yield entry.where / "aliases" / index, alias


def _check_source(entry: Entry, system: System | None) -> Iterator[Problem]:
    if entry.source is None or system is None:
        return
    if system.book(entry.source.book) is None:
        known = ", ".join(b.id for b in system.books)
        yield (entry.source.where / "book").problem(
            "unknown-book", f"book `{entry.source.book}` is not listed in {system.where.doc.path} (books: {known})"
        )


def _is_cell(where: Where) -> bool:
    """A table row's result: one cell of one line on the page."""
    return bool(where.path) and where.path[-1] == "result"


def _text_findings(found: TextLinks) -> Iterator[tuple[int, str, str]]:
    """(offset, code, message) of everything wrong in one Markdown text."""
    yield from unsafe_markup(found.text)
    yield from structure_problems(found.text, cell=_is_cell(found.where))
    for link, resolved in found.links:
        if isinstance(link, int):
            yield link, "link-syntax", "`[[` is never closed with `]]` on the same line (a link cannot span a line break)"
        elif isinstance(resolved, str):
            yield link.start, "unresolved-link", f"[[{excerpt(link.target)}]]: {resolved}"


def _check_texts(texts: tuple[TextLinks, ...]) -> Iterator[Problem]:
    """The problems of an entry's texts; past MAX_PER_TEXT of one code in one text, a single
    count stands for the rest (a text of thousands of `[[` is one mistake, and locating each
    would cost seconds)."""
    for found in texts:
        where = found.where
        counts: dict[str, int] = {}
        for offset, code, message in _text_findings(found):
            counts[code] = counts.get(code, 0) + 1
            if counts[code] <= MAX_PER_TEXT:
                yield where.problem_at(offset, code, message)
        for code, count in counts.items():
            if count > MAX_PER_TEXT:
                yield where.problem(code, f"{count - MAX_PER_TEXT:,} more `{code}` problems in this text (the first {MAX_PER_TEXT} are listed)")


def _rule_refs(entry: Entry) -> Iterator[RuleRef]:
    yield from entry.rules
    for profile in entry.profiles:
        yield from profile.rules
    yield from entry.wargear
    for option in entry.options:
        yield from option.rules


def _check_armies(entry: Entry, owner: System | None, unchecked: frozenset[str]) -> Iterator[Problem]:
    """An entry's armies and role are ones its system declares (those of the two its system
    file declares validly: `unchecked` names the others)."""
    if owner is None:
        return
    known = [a.id for a in owner.armies]
    for index, army in enumerate(entry.armies):
        if "armies" not in unchecked and owner.army(army) is None:
            hint = did_you_mean(army, known) if known else "; declare it under `armies` in system.yml"
            yield (entry.where / "armies" / index).problem("unknown-army", f"{entry.system} has no army `{army}`{hint}")
    if entry.role is not None and "roles" not in unchecked and entry.role not in owner.roles:
        hint = did_you_mean(entry.role, owner.roles) if owner.roles else "; list it under `roles` in system.yml"
        yield (entry.where / "role").problem("unknown-role", f"`{entry.role}` is not one of {entry.system}'s roles{hint}")


def _check_units(content: Content, index: LinkIndex) -> Iterator[Problem]:
    for entry in content.entries:
        for ref in _rule_refs(entry):
            key = f"{entry.system}:{ref.rule}"
            target = content.entry(key)
            if target is None:
                if key not in index.unbuilt:  # a rule whose own file has the errors is not blamed here
                    yield (ref.where).problem("unknown-rule", f"no entry with id `{ref.rule}` in {entry.system}")
                continue
            if target.kind != "rule":
                yield ref.where.problem("unknown-rule", f"`{ref.rule}` is a {target.kind}, not a rule")
                continue
            given = dict(ref.args)
            for param in target.params:
                if param.name not in given:
                    continue  # the source may not print a value; the page then shows `(X)`
                _, error = param_value(param, given[param.name])
                if error:
                    yield (ref.where / param.name).problem("bad-param", f"`{target.name}`: {error}")
            for name in given:
                if target.param(name) is None:
                    yield (ref.where / name).problem("bad-param", f"`{target.name}` has no parameter {name}", key=True)


def _check_options(content: Content, index: LinkIndex) -> Iterator[Problem]:
    """An option names a unit of its system, and rows its unit has."""
    for entry in content.entries:
        rows = {p.name for p in entry.profiles}
        for option in entry.options:
            if option.unit is not None:
                key = f"{entry.system}:{option.unit}"
                target = content.entry(key)
                if target is None and key not in index.unbuilt:
                    yield (option.where / "unit").problem("unknown-option", f"no entry with id `{option.unit}` in {entry.system}")
                elif target is not None and target.kind != "unit":
                    yield (option.where / "unit").problem("unknown-option", f"`{option.unit}` is a {target.kind}, not a unit")
            for number, row in enumerate(option.rows):
                if row not in rows:
                    hint = did_you_mean(row, sorted(rows)) if rows else "; the unit has no profile rows"
                    yield (option.where / "rows" / number).problem("unknown-option", f"`{entry.name}` has no profile row named `{row}`{hint}")


def _check_profile_types(system: System) -> Iterator[Problem]:
    seen: set[str] = set()
    for profile_type in system.profile_types:
        if profile_type.id in seen:
            yield (profile_type.where / "id").problem("duplicate-profile-type", f"profile type `{profile_type.id}` is declared twice")
        seen.add(profile_type.id)


def _check_profiles(entry: Entry, owner: System | None) -> Iterator[Problem]:
    """Every profile names a profile type of its system and gives exactly its characteristics."""
    if owner is not None:
        for profile in entry.profiles:
            profile_type = owner.profile_type(profile.type)
            if profile_type is None:
                known = [t.id for t in owner.profile_types]
                hint = did_you_mean(profile.type, known) if known else "; declare it under `profile_types` in system.yml"
                yield (profile.where / "type").problem("unknown-profile-type", f"{entry.system} has no profile type `{profile.type}`{hint}")
                continue
            given = [c for c, _ in profile.values]
            for name in given:
                if name not in profile_type.characteristics:
                    hint = did_you_mean(name, profile_type.characteristics)
                    yield (profile.where / "values" / name).problem(
                        "profile-characteristics", f"`{profile_type.name}` profiles have no characteristic `{name}`{hint}", key=True
                    )
            missing = [c for c in profile_type.characteristics if c not in given]
            if missing:
                yield (profile.where / "values").problem(
                    "profile-characteristics", f"`{profile.name}` lacks {', '.join(f'`{c}`' for c in missing)} (a `{profile_type.name}` profile gives every characteristic; write `-` for none)"
                )


def _check_needs(entry: Entry, owner: System | None) -> Iterator[Problem]:
    """Each characteristic an effect `needs` (`logic.reach`) is one a profile type of the system
    has: a misspelt one would reach no unit that has profiles. (Unchecked where the system
    declares no profile types.)"""
    known = sorted({c for t in owner.profile_types for c in t.characteristics}) if owner is not None else []
    for effect in entry.effects if known else ():
        for number, name in enumerate(effect.needs):
            if name not in known:
                yield (effect.where / "needs" / number).problem("unknown-name", f"no profile type of {entry.system} has a characteristic `{name}`{did_you_mean(name, known)}")


def _check_same_as(content: Content, links: LinkIndex) -> Iterator[Problem]:
    for entry in content.entries:
        for index, key in enumerate(entry.same_as):
            if key.split(":")[0] == entry.system:
                yield (entry.where / "same_as" / index).problem("unknown-entry", f"`{key}` is in the same system; list other systems only")
            elif content.entry(key) is None and key not in links.unbuilt:
                yield (entry.where / "same_as" / index).problem("unknown-entry", f"no entry `{key}` (write system:id)")


def _check_corrections(entry: Entry) -> Iterator[Problem]:
    if not entry.corrections:
        return
    texts = [t for _, t in texts_of(entry)]
    texts += [plain_text(t) for t in texts]
    for correction in entry.corrections:
        if correction.corrected and not any(correction.corrected in t for t in texts):
            yield (correction.where / "corrected").problem(
                "correction-not-found", f"the corrected words `{correction.corrected}` do not occur in the entry's text"
            )
        if not correction.corrected and any(correction.original in t for t in texts):
            yield (correction.where / "original").problem(
                "correction-not-found", f"`{correction.original}` was removed, but it still occurs in the entry's text"
            )


def _check_derived(entry: Entry) -> Iterator[Problem]:
    """A summary an importer derived from the text is a placeholder for one in our words."""
    if entry.origin is not None and "summary" in entry.origin.derived:
        yield (entry.where / "summary").problem(
            "derived-summary",
            "the summary was derived from the text by the importer; rewrite it in your own words and remove `summary` from `origin.derived`",
            severity="warning",
        )


def _entry_problems(entry: Entry, stem: str, system: System | None, unchecked: frozenset[str], texts: tuple[TextLinks, ...]) -> tuple[Problem, ...]:
    """The problems an entry has on its own: they depend on the entry, its file name, its
    system (`unchecked`: the keys its system file failed its schema on) and how its links
    resolve, and on no other entry."""
    problems: list[Problem] = []
    problems += _check_entry_identity(entry, stem)
    problems += _check_source(entry, None if "books" in unchecked else system)
    problems += _check_texts(texts)
    problems += _check_profiles(entry, None if "profile_types" in unchecked else system)
    problems += _check_needs(entry, None if "profile_types" in unchecked else system)
    problems += _check_armies(entry, system, unchecked)
    problems += _check_corrections(entry)
    problems += _check_derived(entry)
    problems += entry_placeholders(entry)
    if entry.table is not None:
        problems += table_problems(entry.table)
    return tuple(problems)


def content_problems(
    content: Content,
    file_stems: dict[str, str],
    index: LinkIndex,
    memo: Memo = FRESH,
    salvaged: Mapping[str, Salvaged] | None = None,
    broken: Mapping[tuple[str, str], tuple[str, ...]] | None = None,
) -> list[Problem]:
    """Every problem across files. The entries of a system whose file failed its schema are
    checked against what it still declares validly (`salvaged`, by system id), and names
    against those of the entry files that failed theirs (`broken`), so a schema error hides
    no problem of another file. The entries' links are resolved in content order (see
    `LinkIndex.entry_links`), so "did you mean" hints go to the same links in every run.
    An entry's own problems are kept in a long-lived process's `memo` while the entry, its
    file name, its system and how its links resolve are equal to when they were found; the
    checks that compare entries with each other (ids, names, units' rules, `same_as`) run in
    full every time: they are cheap."""
    problems: list[Problem] = []
    problems += _check_identity(content, index, broken or {})
    for system in content.systems:
        problems += _check_profile_types(system)
        problems += system_placeholders(system)
        problems += played_problems(content, system)
    systems: dict[str, System] = {}
    for system in content.systems:
        systems.setdefault(system.id, system)  # as `Content.system`: the first of a duplicated id
    for entry in content.entries:
        owner = systems.get(entry.system)
        unchecked: frozenset[str] = frozenset()
        if owner is None and salvaged and entry.system in salvaged:
            owner, unchecked = salvaged[entry.system].system, salvaged[entry.system].unchecked
        texts = index.entry_links(entry)
        stem = file_stems[entry.where.doc.path]
        problems += memo.get("entry-problems", entry.key, (entry, stem, owner, unchecked, texts), lambda: _entry_problems(entry, stem, owner, unchecked, texts))  # noqa: B023 (made at once)
    problems += _check_units(content, index)
    problems += _check_options(content, index)
    problems += _check_same_as(content, index)
    return problems
