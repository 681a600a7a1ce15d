"""What every Markdown page of the site reads (`Pages`: the build's values, only through
recorded questions) and how pages link to each other; each kind of page is rendered by its
own module (`rulesref.pages.kinds`).

Every value is made safe here, in Python, before it reaches a template: plain text through
`plain` (Markdown) or `attribute` (HTML), rule text through `user_markdown`. The templates
only place finished fragments; content is never itself a template.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from markdown.extensions.toc import slugify, unique  # type: ignore[import-untyped]

from rulesref import paths
from rulesref.config import Settings
from rulesref.history.changes import NO_HISTORY, History
from rulesref.incremental.memo import FRESH, Memo
from rulesref.incremental.reads import Reads, derived, question
from rulesref.links import LinkMatch, Resolution, Resolved, display_name, normalise, written_resolution
from rulesref.model import Content, Entry, Listing, RuleRef, Scalar, System, show
from rulesref.pages import finished
from rulesref.pages.armies import (
    ArmyView,
    LetterPart,
    army_views,
    glossary_inline,
    is_big,
    letter_of,
    letter_parts,
)
from rulesref.pages.markdown import References, attribute, markdown_link, plain
from rulesref.pages.versus_forms import Played
from rulesref.translations.coverage import LocaleCoverage, coverage
from rulesref.translations.model import Translation
from rulesref.views.checks import CheckView
from rulesref.views.relations import EntryRelations, LinkOut, NameGroup, Relations

KIND_TITLES = {"rule": "Rules", "unit": "Units", "term": "Terms"}
KIND_WORDS = {"rule": ("rule", "rules"), "unit": ("unit", "units"), "term": ("term", "terms")}
LETTERS_FROM = 20  # a kind with more entries than this gets A-Z headings on its index


def preview(entry: Entry, args: Iterable[tuple[str, Scalar]] = ()) -> str:
    """The text a link's preview shows: the target's summary (and parameter values)."""
    values = ", ".join(f"{k} = {show(v)}" for k, v in args)
    return f"{entry.summary} ({values})" if values else entry.summary


class EntryWriter(Protocol):
    """How a link to an entry is written: `Pages.entry_link` (Markdown) or `Pages.entry_anchor` (HTML)."""

    def __call__(self, page: str, entry: Entry, *, args: Iterable[tuple[str, Scalar]] = ()) -> str: ...


@dataclass(frozen=True)
class LetterGroup:
    letter: str
    anchor: str  # "" when the kind is short enough to need no A-Z headings
    entries: tuple[Listing, ...]


@dataclass(frozen=True)
class KindSection:
    kind: str
    title: str
    anchor: str
    lettered: bool
    groups: tuple[LetterGroup, ...]
    parts: tuple[LetterPart, ...] = ()  # a big kind's A to Z pages (then `groups` is empty)
    count: int = 0


class Pages:
    """Every page of the site, written from a build: its values read only through the
    questions below (`rulesref.incremental.reads`), so what each page read is recorded."""

    def __init__(
        self,
        content: Content,
        relations: Relations,
        checks: dict[str, tuple[CheckView, ...]],
        roots: tuple[Path, ...],
        settings: Settings,
        forms: dict[str, dict[str, str]] | None = None,
        memo: Memo = FRESH,
        roster_forms: dict[str, dict[str, str]] | None = None,
        history: History = NO_HISTORY,
        played: Played | None = None,
        notes: dict[str, str] | None = None,
        translations: tuple[Translation, ...] = (),
    ) -> None:
        """`memo`: a long-lived process's, which keeps pages (`reads.page`) between runs."""
        self.reads = Reads(self, (settings, content.systems, roots), memo)  # the constants: what every page may read as it is
        self._settings = settings
        self._content = content
        self._forms = forms or {}  # entry key -> check name -> its "Try it" placeholder
        self._roster_forms = roster_forms or {}  # the same, placed on the roster page (`rulesref.pages.roster`)
        self._played = played  # the imported units' Versus forms and records on the roster page, each made when first read
        self._history = history
        self._translations = translations
        self._notes = notes or {}  # entry key -> what a locale's page says of its words left in the source's language
        self._roots = roots
        self._relations = relations
        self._checks = checks
        self._systems = {s.id: s for s in content.systems}
        self.refs = References()

    # -- what a page reads: the run's constants, then questions (`rulesref.incremental.reads`)

    def settings(self) -> Settings:
        return self._settings

    def roots(self) -> tuple[Path, ...]:
        return self._roots

    def systems(self) -> tuple[System, ...]:
        return self._content.systems

    def system_of(self, system_id: str) -> System | None:
        return self._systems.get(system_id)

    @question
    def entries(self) -> tuple[Entry, ...]:
        return self._content.entries

    @question
    def entries_of(self, system_id: str) -> tuple[Entry, ...]:
        return self._content.entries_of(system_id)

    @question
    def listings_of(self, system_id: str) -> tuple[Listing, ...]:
        """A system's entries as a page that lists them shows them."""
        return tuple(e.listing for e in self._content.entries_of(system_id))

    @question
    def entry_of(self, key: str) -> Entry | None:
        return self._content.entry(key)

    @question
    def facts_of(self, key: str) -> EntryRelations:
        """What the content says of an entry across entries."""
        return self._relations.of(key)

    def referenced_by(self, key: str) -> tuple[Listing, ...]:
        """The entries whose text links to an entry, or units that list it."""
        return self.facts_of(key).referenced_by

    def same_rule_of(self, key: str) -> tuple[Listing, ...]:
        """The same rule in other systems."""
        return self.facts_of(key).same_rule

    def name_groups_of(self, key: str) -> tuple[NameGroup, ...]:
        return self.facts_of(key).name_groups

    def links_out(self, key: str) -> tuple[LinkOut, ...]:
        """Every resolved link of an entry's texts, in order: its target and parameter values."""
        return self.facts_of(key).links_out

    @question
    def group_page(self, page: str) -> NameGroup:
        return self._relations.group_pages[page]

    @question
    def resolutions(self, key: str) -> dict[tuple[str | None, str], Resolution]:
        """What each link of an entry's texts resolved to when they were checked."""
        entry = self._content.entry(key)
        assert entry is not None
        return self._relations.links.resolutions(entry)

    def name_group_pages(self) -> tuple[str, ...]:
        """The pages of the big name groups (to list them: no page reads this)."""
        return tuple(self._relations.group_pages)

    @question
    def tag_counts(self) -> tuple[tuple[str, int], ...]:
        return tuple((tag, len(tagged)) for tag, tagged in self._relations.tags.items())

    @question
    def tagged(self, tag: str) -> tuple[Listing, ...]:
        return self._relations.tags[tag]

    @question
    def checks_of(self, key: str) -> tuple[CheckView, ...]:
        return self._checks.get(key, ())

    @question
    def forms_of(self, key: str) -> dict[str, str]:
        forms = self._forms.get(key, {})
        return forms | self._played.forms_of(key) if self._played is not None else forms

    @question
    def translation_coverage(self) -> list[LocaleCoverage]:
        """How far each locale is translated (`rulesref.translations.coverage`)."""
        return coverage(self._content, self._translations)

    @question
    def note_of(self, key: str) -> str | None:
        """On a locale's site, that the entry's page shows words in the source's language."""
        return self._notes.get(key)

    @question
    def roster_forms_of(self, key: str) -> dict[str, str]:
        return self._roster_forms.get(key, {})

    @question
    def roster_versus_of(self, key: str) -> list[dict[str, Any]]:
        return self._played.roster_of(key) if self._played is not None else []

    @question
    def releases(self) -> History:
        """The releases and what changed in each (`rulesref.history.changes`)."""
        return self._history

    @derived
    def armies_of(self, system_id: str) -> tuple[ArmyView, ...]:
        system = self.system_of(system_id)
        return army_views(system, self.entries_of(system_id)) if system is not None else ()

    @derived
    def army_of(self, system_id: str, army_id: str) -> ArmyView | None:
        """One army's view: the pages of one army ask for it, not for every army's, so a
        save that changes another army's unit leaves them as they are."""
        return next((view for view in self.armies_of(system_id) if view.army.id == army_id), None)

    def begin_page(self) -> None:
        """Start a page: its link previews are collected afresh and written at its end."""
        self.refs = References()

    # -- links -----------------------------------------------------------------------------

    def entry_link(
        self, page: str, entry: Entry, label: str | None = None, args: Iterable[tuple[str, Scalar]] = (), *, previewed: bool = True
    ) -> str:
        """A link to an entry's page that previews its summary (not where the summary is
        shown next to it anyway, as in lists of entries)."""
        args = tuple(args)
        return self._link(page, entry.listing, label if label is not None else display_name(entry, args), preview(entry, args), previewed)

    def listing_link(self, page: str, listed: Listing, *, previewed: bool = True) -> str:
        """A link to the page of an entry that a fact across entries lists."""
        return self._link(page, listed, listed.name, listed.summary, previewed)

    def _link(self, page: str, listed: Listing, label: str, shown: str, previewed: bool) -> str:
        text = plain(label)
        href = paths.relative(page, paths.entry_page(listed))
        return self.refs.link(text, href, shown) if previewed else markdown_link(text, href)

    def text_link_writer(self, page: str, entry: Entry) -> Callable[[LinkMatch], str]:
        def write(link: LinkMatch) -> str:
            resolved = written_resolution(self.resolutions(entry.key), link)
            if not isinstance(resolved, Resolved):  # validation refuses these; show the words
                return plain(link.label)
            return self.entry_link(page, resolved.entry, link.label, resolved.args)

        return write

    # -- links as finished HTML (`rulesref.pages.finished`): the parts of a page MkDocs does not convert

    def page_url(self, page: str, to_file: str, anchor: str = "") -> str:
        """The address of a docs file from a page, as MkDocs writes it in the page."""
        return finished.url(paths.relative(page, to_file, anchor), self._settings.directory_urls)

    def entry_anchor(self, page: str, entry: Entry, args: Iterable[tuple[str, Scalar]] = (), *, previewed: bool = True) -> str:
        """`entry_link` as HTML."""
        args = tuple(args)
        shown = preview(entry, args) if previewed else ""
        return finished.anchor(attribute(display_name(entry, args)), self.page_url(page, paths.entry_page(entry)), shown)

    def rule_link(self, page: str, unit: Entry, ref: RuleRef, write: EntryWriter) -> str | None:
        """A link to the rule a unit's profile or option names, with its parameter values,
        written by `write` (`entry_link` for Markdown, `entry_anchor` for HTML); None when
        the system has no such rule (validation refuses it)."""
        target = self.entry_of(f"{unit.system}:{ref.rule}")
        return write(page, target, args=ref.args) if target is not None else None

    def unit_anchor(self, page: str, entry: Entry, unit: str) -> str | None:
        target = self.entry_of(f"{entry.system}:{unit}")
        return self.entry_anchor(page, target) if target is not None else None

    def listed_html(self, page: str, entry: Listing, here: str) -> str:
        """An entry a fact across entries lists, linked, with its kind and, from another
        system, that system's name."""
        where = "" if entry.system == here else f", {attribute(self.system_label(entry.system))}"
        link = finished.anchor(attribute(entry.name), self.page_url(page, paths.entry_page(entry)), entry.summary)
        return f"{link} ({attribute(entry.kind)}{where})"

    def text_anchor_writer(self, page: str, entry: Entry) -> Callable[[LinkMatch], str]:
        """`text_link_writer` for text that `finished.text_html` converts: links as inline HTML."""

        def write(link: LinkMatch) -> str:
            resolved = written_resolution(self.resolutions(entry.key), link)
            if not isinstance(resolved, Resolved):  # validation refuses these; show the words
                return plain(link.label)
            target, args = resolved.entry, resolved.args
            return finished.markdown_anchor(plain(link.label), self.page_url(page, paths.entry_page(target)), preview(target, args))

        return write

    def system_label(self, system_id: str) -> str:
        system = self.system_of(system_id)
        return system.short_name if system else system_id

    # -- index pages -----------------------------------------------------------------------

    @derived
    def kind_anchor(self, system_id: str, kind: str) -> str:
        """The heading id of a kind on its system's index page."""
        return next(k.anchor for k in self.system_kinds(system_id) if k.kind == kind)

    @derived
    def system_kinds(self, system_id: str) -> tuple[KindSection, ...]:
        """The kinds of a system's index page with their A-Z groups (or, for a big kind, its
        A to Z pages), and the heading ids the `toc` extension will give them (computed the
        same way, in page order)."""
        system = self.system_of(system_id)
        assert system is not None
        ids: set[str] = set()
        unique(slugify(system.name, "-"), ids)
        if system.armies:
            unique(slugify("Armies", "-"), ids)
        kinds: list[KindSection] = []
        entries = self.listings_of(system.id)
        for kind, title in KIND_TITLES.items():
            of_kind = sorted((e for e in entries if e.kind == kind), key=lambda e: (normalise(e.name), e.id))
            if not of_kind:
                continue
            anchor = unique(slugify(title, "-"), ids)
            if is_big(entries, kind):
                kinds.append(KindSection(kind, title, anchor, True, (), letter_parts(entries, kind), len(of_kind)))
                continue
            letters: dict[str, list[Listing]] = {}
            for e in of_kind:
                letters.setdefault(letter_of(e.name), []).append(e)
            lettered = len(of_kind) > LETTERS_FROM
            groups = [
                LetterGroup(letter, unique(slugify(f"{title}: {letter}", "-"), ids) if lettered else "", tuple(members))
                for letter, members in sorted(letters.items())
            ]
            kinds.append(KindSection(kind, title, anchor, lettered, tuple(groups), (), len(of_kind)))
        return tuple(kinds)

    @derived
    def letter_pages(self, system_id: str) -> tuple[LetterPart, ...]:
        """Every A to Z page of the system's big kinds."""
        return tuple(part for kind in self.system_kinds(system_id) for part in kind.parts)

    @derived
    def kind_counts(self, system_id: str) -> tuple[int, ...]:
        """How many entries of each kind (`KIND_TITLES`) a system has."""
        return kind_numbers(self.listings_of(system_id))

    @derived
    def total(self) -> str:
        """How many entries of each kind the content has, in words."""
        columns = zip(*(self.kind_counts(s.id) for s in self.systems()), strict=True)
        return count_words(tuple(map(sum, columns)) or (0,) * len(KIND_TITLES))

    @derived
    def terms_of(self, system_id: str) -> tuple[Entry, ...]:
        """A system's terms, in the glossary's order."""
        return tuple(sorted((e for e in self.entries_of(system_id) if e.kind == "term"), key=lambda e: (normalise(e.name), e.id)))

    @derived
    def glossary_systems(self) -> tuple[System, ...]:
        """The systems whose terms have a glossary page of their own: every system with
        terms once the glossary holds more than `INLINE_MAX` of them (else none: one page)."""
        with_terms = [s for s in self.systems() if self.terms_of(s.id)]
        total = sum(len(self.terms_of(s.id)) for s in with_terms)
        return tuple(with_terms) if total > glossary_inline() else ()

    @derived
    def api_example(self) -> Entry | None:
        """The entry whose JSON file the API page links as an example: the first with checks."""
        entries = self.entries()
        return next((e for e in entries if e.checks), entries[0] if entries else None)


def count_of(number: int, kind: str) -> str:
    one, many = KIND_WORDS.get(kind, (kind, f"{kind}s"))
    return f"{number:,} {one if number == 1 else many}"


def kind_numbers(entries: Iterable[Entry | Listing]) -> tuple[int, ...]:
    """How many of the entries are of each kind, in the order of `KIND_TITLES`."""
    counted: Counter[str] = Counter(e.kind for e in entries)
    return tuple(counted[kind] for kind in KIND_TITLES)


def counts_of(entries: Iterable[Entry | Listing]) -> str:
    return count_words(kind_numbers(entries))


def count_words(numbers: tuple[int, ...]) -> str:
    """`3 rules, 1 unit`: the kinds there are (`kind_numbers`), in the order of `KIND_TITLES`."""
    parts = [f"{n} {KIND_WORDS[kind][n != 1]}" for kind, n in zip(KIND_TITLES, numbers, strict=True) if n]
    return ", ".join(parts) or "no entries"


