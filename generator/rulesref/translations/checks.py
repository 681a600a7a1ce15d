"""What a translation must keep of its source, each breach a problem at its line.

- It translates an entry that exists, into a locale its system declares (not the source's
  own), from a file named after the entry.
- Its texts link to the same entries as the source's, with the same parameters: a link
  names an entry by its name in the translation's locale or by the source's name, so
  `[[Test de Moral]]` and `[[Morale check]]` both keep a link to the Morale check (a link
  into another system, by the source's name).
- A rule's translated name keeps the source name's parameters: `Brutal (X)`.
- Its texts keep the source's dice (`D6`, `2D6`, `D3+1`), field by field.
- Its table has the source's rows, with the same rolls, in the same order.
- It names only checks and inputs the source has.
- Two entries of a locale do not share a name (links by it would be ambiguous).

A translation whose source's words are in another state than the one it records is stale: a
warning, with how the source changed since (`rulesref.translations.stale`). It is checked
against the source's words now (it may have been brought up to date and not stamped yet) and,
where git holds them, against those it translates; what it breaks of the closer is reported,
so an edit of the source never turns its translations into errors. A new translation is
written with the state `000000000000` until it is stamped: it is checked against the source
now, and the warning says it is not stamped yet.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from rulesref.history.git import Repository
from rulesref.links import LinkIndex, LinkMatch, Resolved, by_name, find_links, normalise, param_call, plain_text
from rulesref.model import Content, Entry, Scalar, Where
from rulesref.problems import Problem
from rulesref.problems.suggest import did_you_mean
from rulesref.translations.model import Stale, Translation
from rulesref.translations.stale import stale
from rulesref.translations.words import source_words, state_of

DICE = re.compile(r"(?<![\w])([1-9][0-9]?)?[dD](3|6|66)(?:\s*([+-])\s*([0-9]{1,2}))?(?![\w])")
UNSTAMPED = "000000000000"  # the state a new translation is written with, until it is stamped
Target = tuple[str, tuple[tuple[str, Scalar], ...]]  # an entry's key and a link's parameters


def dice_of(text: str) -> Counter[str]:
    """The dice a text writes, as one notation each (`1D6` and `d6` are `D6`)."""
    found: Counter[str] = Counter()
    for count, sides, sign, plus in DICE.findall(plain_text(text)):
        count = "" if count in ("", "1") else count
        found[f"{count}D{sides}{sign}{plus}"] += 1
    return found


class LocaleNames:
    """The names links of one locale resolve by: the translated names and aliases of a
    system's entries, then the source's names (`LinkIndex`)."""

    def __init__(self, links: LinkIndex, translations: Iterable[Translation], content: Content) -> None:
        self.links = links
        self.names: dict[str, dict[str, Entry]] = {}
        self.bases: dict[str, dict[str, Entry]] = {}
        self.clashes: list[tuple[Translation, str]] = []
        for translation in translations:
            entry = content.entry(translation.key)
            if entry is None:
                continue
            names = self.names.setdefault(translation.system, {})
            for name in (translation.name, *translation.aliases):
                if name is None:
                    continue
                key = normalise(name)
                if names.setdefault(key, entry) is not entry:
                    self.clashes.append((translation, name))
                call = param_call(name)
                if call and entry.params:
                    self.bases.setdefault(translation.system, {}).setdefault(normalise(call[0]), entry)

    def resolve(self, system: str, link: LinkMatch) -> Resolved | str | None:
        """A link of a translation of `system`'s: by a name translated in the locale when it
        links within the system, else by the source's names (what another system's
        translations name is not read with this one's: `rulesref.check.kept`)."""
        if (link.system or system) == system:
            found = by_name(self.names.get(system, {}), self.bases.get(system, {}), link.target)
            if found is not None:
                return found
        return self.links.resolve(system, link)


Resolver = Callable[[str, LinkMatch], "Resolved | str | None"]


def _targets(text: str, resolve: Resolver, system: str) -> Counter[Target]:
    found: Counter[Target] = Counter()
    for link in find_links(text):
        if isinstance(link, LinkMatch):
            outcome = resolve(system, link)
            if isinstance(outcome, Resolved):
                found[outcome.entry.key, outcome.args] += 1
    return found


def _shown(target: Target, content: Content) -> str:
    key, args = target
    entry = content.entry(key)
    name = entry.name if entry is not None else key
    return f"[[{name}]]" + (f" ({', '.join(f'{k}={v}' for k, v in args)})" if args else "")


def _dice_at(text: str, notation: str) -> int:
    """Where in `text` the dice `notation` is first written (0 when not found as written)."""
    for match in DICE.finditer(text):
        count, sides, sign, plus = match.groups()
        if f"{'' if count in (None, '', '1') else count}D{sides}{sign or ''}{plus or ''}" == notation:
            return match.start()
    return 0


def _compare_dice(where: Where, source: str, translated: str) -> list[Problem]:
    theirs, mine = dice_of(source), dice_of(translated)
    if theirs == mine:
        return []
    lacks, adds = sorted((theirs - mine).elements()), sorted((mine - theirs).elements())
    said = ([f"it lacks {', '.join(lacks)}"] if lacks else []) + ([f"it adds {', '.join(adds)}"] if adds else [])
    message = f"a translation must keep the source's dice: {'; '.join(said)}"
    return [where.problem_at(_dice_at(translated, adds[0]), "translation-dice", message) if adds else where.problem("translation-dice", message)]


def _compare_text(where: Where, source: str, translated: str, names: LocaleNames, system: str, content: Content) -> list[Problem]:
    problems: list[Problem] = []
    first_extra: dict[Target, int] = {}  # where each link the translation resolves is first written
    for link in find_links(translated):
        if isinstance(link, int):
            problems.append(where.problem_at(link, "translation-link", "`[[` is never closed with `]]`"))
            continue
        outcome = names.resolve(system, link)
        if isinstance(outcome, str):
            problems.append(where.problem_at(link.start, "translation-link", outcome))
        elif isinstance(outcome, Resolved):
            first_extra.setdefault((outcome.entry.key, outcome.args), link.start)
    theirs = _targets(source, names.links.resolve, system)
    mine = _targets(translated, names.resolve, system)
    missing, extra = theirs - mine, mine - theirs
    if missing or extra:
        said = []
        if missing:
            said.append("it lacks " + ", ".join(_shown(t, content) for t in sorted(missing)))
        if extra:
            said.append("it adds " + ", ".join(_shown(t, content) for t in sorted(extra)))
        message = f"a translation must link to the entries its source links to, with the same parameters, by their names in either language: {'; '.join(said)}"
        at = min(first_extra[t] for t in extra) if extra else None  # at the first link it should not have
        problems.append(where.problem_at(at, "translation-link", message) if at is not None else where.problem("translation-link", message))
    return problems + _compare_dice(where, source, translated)


def _compare_entry(translation: Translation, entry: Entry, words: dict[str, Any], names: LocaleNames, content: Content) -> list[Problem]:
    """What `translation` breaks of its source's words (`rulesref.translations.words`) in a
    state: those of `entry` now, or of an earlier version of its file."""
    where = translation.where
    problems: list[Problem] = []
    if translation.name is not None and entry.params:
        source_call, own_call = param_call(entry.name), param_call(translation.name)
        if source_call is not None and (own_call is None or own_call[1] != source_call[1]):
            problems.append((where / "name").problem("translation-param", f"the name must keep the source's parameters, `({source_call[1]})`, as in `{entry.name}`"))
    if translation.summary is not None and words["summary"] is not None:
        problems += _compare_dice(where / "summary", words["summary"], translation.summary)
    if translation.text is not None:
        if words["text"] is None:
            problems.append((where / "text").problem("translation-field", "the source has no text to translate"))
        else:
            problems += _compare_text(where / "text", words["text"], translation.text, names, entry.system, content)
    if translation.rows is not None:
        problems += _compare_rows(translation, words["table"], names, entry.system, content)
    checks = {name: set(c["inputs"]) for name, c in words["checks"].items()}
    for check in translation.checks:
        inputs = checks.get(check.name)
        if inputs is None:
            problems.append(check.where.problem("translation-check", f"`{entry.name}` has no check `{check.name}`{did_you_mean(check.name, checks)}", key=True))
            continue
        for name, _summary, at in check.inputs:
            if name not in inputs:
                problems.append(at.problem("translation-check", f"check `{check.name}` has no input `{name}`{did_you_mean(name, inputs)}", key=True))
    return problems


def _compare_rows(translation: Translation, table: dict[str, Any] | None, names: LocaleNames, system: str, content: Content) -> list[Problem]:
    rows = translation.rows or ()
    if table is None:
        return [(translation.where / "table").problem("translation-rows", "the source has no table to translate")]
    problems: list[Problem] = []
    if translation.table_title is not None and table["title"] is None:
        problems.append((translation.where / "table" / "title").problem("translation-field", "the source's table has no title to translate"))
    source_rolls = [row["roll"] for row in table["rows"]]
    own_rolls = [row.roll for row in rows]
    if own_rolls != source_rolls:
        where = translation.where / "table" / "rows"
        first = next((i for i, (own, theirs) in enumerate(zip(own_rolls, source_rolls, strict=False)) if own != theirs), None)
        where = where / first / "roll" if first is not None else where
        return [*problems, where.problem("translation-rows", f"a translated table must have the source's rows, in its order: rolls {', '.join(source_rolls)}, not {', '.join(own_rolls)}")]
    for row, source_row in zip(rows, table["rows"], strict=True):
        if row.title is not None and source_row["title"] is None:
            problems.append((row.where / "title").problem("translation-field", f"the source's row {row.roll} has no title to translate"))
        problems += _compare_text(row.where / "result", source_row["result"], row.result, names, system, content)
    return problems


def _placed(translation: Translation, content: Content) -> Problem | None:
    """Why a translation has no place (its file's name, its locale, its entry), or None."""
    where = translation.where / "id"
    stem = Path(translation.where.doc.path).stem
    if translation.id != stem:
        return where.problem("translation-id", f"the id `{translation.id}` is not the file's name (`{stem}`): a translation is named after its entry")
    system = content.system(translation.system)
    locales = system.locales if system is not None else None
    if locales is None:
        return Problem(translation.where.doc.path, 1, 1, "translation-locale", f"system `{translation.system}` declares no locales: add `locales: {{source: en, translated: [{translation.locale}]}}` to its system.yml")
    if translation.locale not in locales.translated:
        known = ", ".join(locales.translated)
        said = "the source's own language" if translation.locale == locales.source else f"not one of its translated locales ({known})"
        return Problem(translation.where.doc.path, 1, 1, "translation-locale", f"locale `{translation.locale}` of system `{translation.system}` is {said}")
    if content.entry(translation.key) is None:
        ids = [e.id for e in content.entries_of(translation.system)]
        return where.problem("translation-orphan", f"no entry `{translation.id}` in {translation.system} to translate{did_you_mean(translation.id, ids)}")
    return None


def translation_problems(translations: list[Translation], content: Content, links: LinkIndex) -> tuple[list[Translation], list[Problem]]:
    """The problems of every translation, and the translations that have a place, each with
    how its source changed since (`stale`) where it is stale."""
    problems: list[Problem] = []
    placed: list[Translation] = []
    for translation in translations:
        trouble = _placed(translation, content)
        if trouble is not None:
            problems.append(trouble)
        else:
            placed.append(translation)
    kept: list[Translation] = []
    repositories: dict[Path, Repository | None] = {}
    for locale in sorted({t.locale for t in placed}):
        mine = [t for t in placed if t.locale == locale]
        names = LocaleNames(links, mine, content)
        problems += [(t.where / "name").problem("translation-name", f"`{name}` names another entry of locale `{locale}` too") for t, name in names.clashes]
        for translation in mine:
            entry = content.entry(translation.key)
            assert entry is not None  # placed
            data = entry.where.doc.data
            translated: object = data  # the source's words it translates: None when git does not hold them
            if translation.translates == UNSTAMPED:
                translation = replace(translation, stale=Stale(None, (), False))
                problems.append((translation.where / "translates").problem("translation-stale", stale_message(translation), severity="warning"))
            elif state_of(data) != translation.translates:
                moved, translated = stale(Path(entry.where.doc.path), data, translation.translates, repositories)
                translation = replace(translation, stale=moved)
                problems.append((translation.where / "translates").problem("translation-stale", stale_message(translation), severity="warning"))
            found = _compare_entry(translation, entry, source_words(data), names, content)
            if found and translated is not None and translated is not data:  # brought up to date and not stamped yet, or kept to what it translates
                earlier = _compare_entry(translation, entry, source_words(translated), names, content)
                found = earlier if len(earlier) <= len(found) else found
            problems += found
            kept.append(translation)
    return kept, problems


def stale_message(translation: Translation) -> str:
    """What `validate` says of a stale translation: since when, and the source's word diff
    as text (`[-removed-]`, `{+added+}`)."""
    moved = translation.stale
    assert moved is not None
    if translation.translates == UNSTAMPED:
        return "not stamped yet: once it translates the source as it is, run `rulesref translations --stamp FILE` to record that"
    if not moved.known:
        return f"stale: the source's words changed since this translation (state {translation.translates}); git holds no version in that state to compare with"
    since = f"since {moved.since}" if moved.since is not None else "since the last release (not released yet)"
    diffs = "; ".join(f"{field}: {diff_text(diff)}" for field, diff in moved.diffs)
    return f"stale {since}: {diffs}"


CONTEXT = 6  # words kept on each side of a change in a diff told as text


def diff_text(diff: str) -> str:
    """A word diff's HTML (`rulesref.history.diff`) as plain text, the way `git diff
    --word-diff` writes one, with the unchanged words between changes cut to a few."""
    parts = re.split(r"(<del>.*?</del>|<ins>.*?</ins>)", diff, flags=re.S)
    told: list[str] = []
    for index, part in enumerate(parts):
        if part.startswith("<del>"):
            told.append("[-" + " ".join(html.unescape(part[5:-6]).split()) + "-]")
        elif part.startswith("<ins>"):
            told.append("{+" + " ".join(html.unescape(part[5:-6]).split()) + "+}")
        else:
            words = html.unescape(part).split()
            before = words[:CONTEXT] if index > 0 else []  # after a change
            after = words[-CONTEXT:] if index < len(parts) - 1 else []  # before one
            if len(words) > len(before) + len(after):
                words = [*before, "…", *after] if before or after else ["…"]
            told.append(" ".join(words))
    return " ".join(t for t in told if t)
