"""The Markdown pages of the site: home, one index per system, one page per entry, the
glossary, the tags and a page about the JSON API.

Every value is made safe here, in Python, before it reaches a template: plain text through
`plain` (Markdown) or `attribute` (HTML), rule text through `user_markdown`. The templates
only place finished fragments; content is never itself a template.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from markdown.extensions.toc import slugify, unique  # type: ignore[import-untyped]

from rulesref import paths
from rulesref.config import Settings
from rulesref.history.changes import NO_HISTORY, History
from rulesref.incremental.memo import FRESH, Memo
from rulesref.incremental.reads import Reads, derived, question
from rulesref.links import LinkMatch, Resolution, Resolved, display_name, normalise, plain_text, written_resolution
from rulesref.model import Content, Entry, Listing, Param, RuleRef, Scalar, System, show
from rulesref.pages import try_it
from rulesref.pages.armies import (
    ArmyView,
    LetterPart,
    army_views,
    glossary_inline,
    is_big,
    letter_of,
    letter_parts,
    tag_part,
    tag_parts,
    type_anchor,
    weapon_anchors,
    weapon_parts,
)
from rulesref.pages.changes import INDEX as CHANGES_PAGE
from rulesref.pages.changes import entry_history
from rulesref.pages.check_section import check_section
from rulesref.pages.datasheet import option_groups, parameter_values, profile_tables, row_rule_refs
from rulesref.pages.findable import search_names
from rulesref.pages.markdown import References, attribute, code, front_matter, markdown_link, plain, user_inline, user_markdown
from rulesref.pages.roster import PAGE as ROSTER_PAGE
from rulesref.pages.roster import roster_systems
from rulesref.pages.tables import Cell, card_table, code_html
from rulesref.support.templates import render
from rulesref.views.checks import CheckView
from rulesref.views.relations import SAME_RULE_SHOWN, EntryRelations, LinkOut, NameGroup, Relations

KIND_TITLES = {"rule": "Rules", "unit": "Units", "term": "Terms"}
KIND_WORDS = {"rule": ("rule", "rules"), "unit": ("unit", "units"), "term": ("term", "terms")}
LETTERS_FROM = 20  # a kind with more entries than this gets A-Z headings on its index


def _text_is_summary(entry: Entry) -> bool:
    """Whether the text says no more than the summary (a one-sentence rule whose summary was
    derived from it): a page then shows the words once, as the text with its links, and a
    card once, as the summary."""
    if not entry.text:
        return False
    return normalise(plain_text(entry.text)).rstrip(" .:!?") == normalise(entry.summary).rstrip(" .:!?")


def preview(entry: Entry, args: Iterable[tuple[str, Scalar]] = ()) -> str:
    """The text a link's preview shows: the target's summary (and parameter values)."""
    values = ", ".join(f"{k} = {show(v)}" for k, v in args)
    return f"{entry.summary} ({values})" if values else entry.summary


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
    ) -> None:
        """`memo`: a long-lived process's, which keeps pages (`reads.page`) between runs."""
        self.reads = Reads(self, (settings, content.systems, roots), memo)  # the constants: what every page may read as it is
        self._settings = settings
        self._content = content
        self._forms = forms or {}  # entry key -> check name -> its "Try it" placeholder
        self._roster_forms = roster_forms or {}  # the same, placed on the roster page (`rulesref.pages.roster`)
        self._history = history
        self._roots = roots
        self._relations = relations
        self._checks = checks
        self._systems = {s.id: s for s in content.systems}
        self.refs = References()

    # -- what a page reads: the run's constants, then questions (`rulesref.incremental.reads`)

    def settings(self) -> Settings:
        return self._settings

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
        return self._forms.get(key, {})

    @question
    def roster_forms_of(self, key: str) -> dict[str, str]:
        return self._roster_forms.get(key, {})

    @question
    def releases(self) -> History:
        """The releases and what changed in each (`rulesref.history.changes`)."""
        return self._history

    @derived
    def armies_of(self, system_id: str) -> tuple[ArmyView, ...]:
        system = self.system_of(system_id)
        return army_views(system, self.entries_of(system_id)) if system is not None else ()


    def _begin(self) -> None:
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

    def system_label(self, system_id: str) -> str:
        system = self.system_of(system_id)
        return system.short_name if system else system_id

    # -- entry pages -----------------------------------------------------------------------

    def entry(self, key: str) -> str:
        self._begin()
        entry = self.entry_of(key)
        assert entry is not None
        page = paths.entry_page(entry)
        system = self.system_of(entry.system)
        assert system is not None  # validation refuses an entry without a system
        links = self.text_link_writer(page, entry)
        badges = [markdown_link(plain(system.short_name), paths.relative(page, paths.system_page(system.id)))]
        badges.append(
            markdown_link(plain(entry.kind), paths.relative(page, paths.system_page(system.id), self.kind_anchor(system.id, entry.kind)))
        )
        for army_id in entry.armies:
            army = system.army(army_id)
            if army is not None:
                badges.append(markdown_link(plain(army.name), paths.relative(page, paths.army_page(system.id, army.id))))
        if entry.role:
            badges.append(f'<span class="rr-param">{attribute(entry.role)}</span>')
        badges += [markdown_link(plain(f"#{tag}"), paths.relative(page, paths.tag_page(tag))) for tag in entry.tags]
        params = [f'<span class="rr-param">{attribute(_param_badge(p))}</span>' for p in entry.params]
        referenced = self.referenced_by(entry.key)
        same, more = self.same_rule(page, entry)
        return render(
            "site/entry.md.jinja",
            front=front_matter(title=entry.name, description=entry.summary, search={"boost": 4}, tags=search_names(entry)),
            heading=plain(entry.name),
            system=attribute(system.short_name),
            badges=" ".join(badges),
            params=" ".join(params),
            summary="" if _text_is_summary(entry) else attribute(entry.summary),
            summary_in_text=_opens(entry.text, entry.summary),
            aliases=", ".join(f"<strong>{attribute(a)}</strong>" for a in entry.aliases),
            text=user_markdown(entry.text, links) if entry.text else "",
            table=self.dice_table(entry, links),
            profiles=profile_tables(system, entry.profiles, lambda ref: self.rule_link(page, entry, ref), weapons=False),
            weapons=profile_tables(system, entry.profiles, lambda ref: self.rule_link(page, entry, ref), weapons=True),
            cards=self.rule_cards(page, entry, list(entry.rules)),
            row_cards=self.rule_cards(page, entry, row_rule_refs(entry)),
            wargear=self.rule_cards(page, entry, list(dict.fromkeys(entry.wargear))),
            options=option_groups(entry, lambda ref: self.rule_link(page, entry, ref), lambda unit: self.unit_link(page, entry, unit)),
            param_table=_param_table(entry.params),
            checks=[
                {**check_section(entry, view), "try_it": self.forms_of(entry.key).get(view.name, ""), "parts": self.composed_parts(page, entry, view)}
                for view in self.checks_of(entry.key)
            ],
            versus_script=attribute(paths.relative(page, try_it.VERSUS_SCRIPT)) if any(v.versus for v in self.checks_of(entry.key)) else "",
            notes=user_markdown(entry.notes, links) if entry.notes else "",
            source=plain(self.citation(entry)) if entry.source else "",
            referenced=[self.listed(page, e, entry.system) for e in referenced],
            same=same,
            more=more,
            corrections=card_table(
                "rr-corrections",
                ["The source said", "The text reads", "Why"],
                [[Cell(attribute(c.original)), Cell(user_inline(c.corrected, links), markdown=True), Cell(attribute(c.reason or ""))] for c in entry.corrections],
                titled=False,
            )
            if entry.corrections
            else "",
            history=entry_history(self, entry, page),
            json_link=markdown_link(plain(paths.api_entry(entry)), paths.relative(page, paths.api_entry(entry))),
            source_file=plain(content_path(entry, self._roots)),
            references=self.refs.definitions(),
        )

    def dice_table(self, entry: Entry, links: Callable[[LinkMatch], str]) -> dict[str, object] | None:
        if entry.table is None:
            return None
        rows = [
            (plain(row.roll), (f"**{plain(row.title)}:** " if row.title else "") + user_inline(row.result, links)) for row in entry.table.rows
        ]
        return {"heading": plain(entry.table.title or f"{entry.table.die} table"), "die": plain(entry.table.die), "rows": rows}

    def composed_parts(self, page: str, entry: Entry, view: CheckView) -> list[tuple[str, str]]:
        """A composed check's account: each entry that supplied a part, linked, and what it did."""
        links = self.text_link_writer(page, entry)
        out = []
        for entry_id, words in view.parts:
            source = self.entry_of(f"{entry.system}:{entry_id}")
            out.append((self.entry_link(page, source) if source is not None else plain(entry_id), user_inline(words, links)))
        return out

    def rule_link(self, page: str, unit: Entry, ref: RuleRef) -> str | None:
        target = self.entry_of(f"{unit.system}:{ref.rule}")
        return self.entry_link(page, target, args=ref.args) if target is not None else None

    def unit_link(self, page: str, entry: Entry, unit: str) -> str | None:
        target = self.entry_of(f"{entry.system}:{unit}")
        return self.entry_link(page, target) if target is not None else None

    def rule_cards(self, page: str, unit: Entry, refs: list[RuleRef]) -> list[dict[str, object]]:
        """A unit's rules as cards: name and parameter values, summary, link, full text."""
        cards: list[dict[str, object]] = []
        for ref in refs:
            target = self.entry_of(f"{unit.system}:{ref.rule}")
            if target is None:  # validation refuses these
                continue
            links = self.text_link_writer(page, target)
            cards.append(
                {
                    "link": self.entry_link(page, target, args=ref.args, previewed=False),
                    "params": parameter_values(target, ref.args),
                    "summary": attribute(target.summary),
                    "text": user_markdown(target.text, links) if target.text and not _text_is_summary(target) else "",
                    "table": self.dice_table(target, links),
                }
            )
        return cards

    def same_rule(self, page: str, entry: Entry) -> tuple[list[str], str]:
        """The same rule in other systems, as the entry's page lists it, and what it says of
        the rest. Of the members of a big name group (one with a page of its own), the page
        lists the first few; every other entry is listed, so each one is either here or on
        a group page this page links to."""
        others = self.same_rule_of(entry.key)
        groups = self.name_groups_of(entry.key)
        if not groups:
            return [self.listed(page, e, entry.system) for e in others], ""
        grouped = {e.key for group in groups for e in group.members}
        room = SAME_RULE_SHOWN - sum(1 for e in others if e.key not in grouped)
        shown = []
        for other in others:
            if other.key in grouped:
                if room <= 0:
                    continue
                room -= 1
            shown.append(self.listed(page, other, entry.system))
        pages = [markdown_link(plain(f"all {len(group.members)} {group.kind}s named {group.name}"), paths.relative(page, group.page)) for group in groups]
        return shown, f"{len(others) - len(shown)} more, listed with the rest on the page of " + " and of ".join(pages) + "."

    def name_group(self, page: str) -> str:
        """The page of a big name group: every member, with its system and summary."""
        self._begin()
        group = self.group_page(page)
        title = f"{group.name} in {len({e.system for e in group.members})} systems"
        every = f"Every {group.kind} named {group.name}, or with it as an alias"
        items = [
            f"{self.listing_link(page, e, previewed=False)} ({plain(self.system_label(e.system))}): {plain(e.summary)}"
            for e in group.members
        ]
        return render(
            "site/name-group.md.jinja",
            front=front_matter(title=title, description=f"{every}.", search={"exclude": True}),
            heading=plain(title),
            intro=plain(f"{every}: {len(group.members)} entries."),
            items=items,
            references=self.refs.definitions(),
        )

    def listed(self, page: str, entry: Listing, here: str) -> str:
        where = "" if entry.system == here else f", {plain(self.system_label(entry.system))}"
        return f"{self.listing_link(page, entry)} ({plain(entry.kind)}{where})"

    def citation(self, entry: Entry) -> str:
        assert entry.source is not None
        system = self.system_of(entry.system)
        assert system is not None
        book = system.book(entry.source.book)
        parts = [book.title if book else entry.source.book]
        if book and (book.edition or book.year):
            parts[0] += f" ({', '.join(str(x) for x in (book.edition, book.year) if x)})"
        if entry.source.page:
            parts.append(f"page {entry.source.page}")
        if entry.source.section:
            parts.append(entry.source.section)
        return ", ".join(parts)

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

    def system(self, system_id: str) -> str:
        self._begin()
        system = self.system_of(system_id)
        assert system is not None
        page = paths.system_page(system.id)
        kinds = [
            {
                "title": kind.title,
                "lettered": kind.lettered,
                "count": plain(_count(kind.count, kind.kind)),
                "pages": [markdown_link(plain(p.title), paths.relative(page, paths.letter_page(system.id, p.kind, p.part))) for p in kind.parts],
                "groups": [
                    {"letter": plain(g.letter), "anchor": g.anchor, "items": [f"{self.listing_link(page, e, previewed=False)}: {plain(e.summary)}" for e in g.entries]}
                    for g in kind.groups
                ],
            }
            for kind in self.system_kinds(system.id)
        ]
        armies = [
            (markdown_link(plain(v.army.name), paths.relative(page, paths.army_page(system.id, v.army.id))), str(v.units), str(len(v.rules)))
            for v in self.armies_of(system.id)
        ]
        facts = [system.edition] + [x for x in (system.publisher, str(system.year) if system.year else None) if x]
        books = [plain(b.title + (f" ({b.edition})" if b.edition else "") + (f", {b.year}" if b.year else "")) for b in system.books]
        return render(
            "site/system.md.jinja",
            front=front_matter(title=f"{system.name} ({system.edition})", description=system.summary or system.name, search={"exclude": True}),
            heading=plain(system.name),
            summary=attribute(system.summary or ""),
            facts=plain(" · ".join(facts)),
            counts=plain(_count_words(self.kind_counts(system.id))),
            armies=armies,
            books=books,
            kinds=kinds,
            api_link=markdown_link(plain(paths.api_system(system.id)), paths.relative(page, paths.api_system(system.id))),
            references=self.refs.definitions(),
        )

    def letters(self, system_id: str, kind_id: str, part_id: str) -> str:
        """One A to Z page of a big kind: its entries with their summaries."""
        self._begin()
        system = self.system_of(system_id)
        assert system is not None
        kind = next(k for k in self.system_kinds(system.id) if k.kind == kind_id)
        part = next(p for p in kind.parts if p.part == part_id)
        page = paths.letter_page(system.id, part.kind, part.part)
        pages = [
            f"**{plain(p.title)}**" if p.part == part.part else markdown_link(plain(p.title), paths.relative(page, paths.letter_page(system.id, p.kind, p.part)))
            for p in kind.parts
        ]
        title = f"{kind.title}: {part.title}"
        return render(
            "site/letters.md.jinja",
            front=front_matter(title=f"{title} · {system.short_name}", description=f"The {KIND_WORDS[part.kind][1]} of {system.name} under {part.title}.", search={"exclude": True}),
            heading=plain(title),
            pages=pages,
            items=[f"{self.listing_link(page, e, previewed=False)}: {plain(e.summary)}" for e in part.entries],
            system=plain(system.name),
            system_link=paths.relative(page, paths.system_page(system.id), kind.anchor),
            references=self.refs.definitions(),
        )

    def _army(self, system_id: str, army_id: str) -> tuple[System, ArmyView]:
        system = self.system_of(system_id)
        assert system is not None
        return system, next(v for v in self.armies_of(system_id) if v.army.id == army_id)

    def army(self, system_id: str, army_id: str) -> str:
        """An army's page: its units by role, its rules, the core rules its units have."""
        self._begin()
        system, view = self._army(system_id, army_id)
        page = paths.army_page(system.id, view.army.id)
        ids: set[str] = {"units", "rules-of-the-army", "core-rules-its-units-have", slugify(view.army.name, "-")}
        roles = [
            {"title": plain(role), "anchor": attribute(unique(slugify(role, "-") or "role", ids)), "items": [self.entry_link(page, unit, _in_army(unit.name, view.army.name), previewed=False) for unit in units]}
            for role, units in view.roles
        ]
        counts = [_count(view.units, "unit"), _count(len(view.rules), "rule")] + ([_count(len(view.weapons), "weapon")] if view.weapons else [])
        return render(
            "site/army.md.jinja",
            front=front_matter(title=view.army.name, description=view.army.summary or f"The units, rules and weapons of {view.army.name}.", search={"boost": 2}),
            heading=plain(view.army.name),
            summary=attribute(view.army.summary or ""),
            counts=plain(", ".join(counts)),
            weapons=paths.relative(page, paths.army_weapons_page(system.id, view.army.id)) if view.weapons else "",
            system=plain(system.name),
            system_link=paths.relative(page, paths.system_page(system.id)),
            roles=roles,
            rules=[f"{self.entry_link(page, e, _in_army(e.name, view.army.name), previewed=False)}: {plain(e.summary)}" for e in view.rules],
            core=[self.entry_link(page, e) for e in view.core],
            references=self.refs.definitions(),
        )

    def weapons(self, system_id: str, army_id: str, part_id: str) -> str:
        """A page of an army's weapons, each once: its profile, its rules, its carriers."""
        self._begin()
        system, view = self._army(system_id, army_id)
        part = next(p for p in weapon_parts(view) if p.part == part_id)
        page = paths.army_weapons_page(system.id, view.army.id, part.part)
        groups: list[dict[str, object]] = []
        for weapon, anchor in zip(part.weapons, weapon_anchors(part), strict=True):
            if not groups or groups[-1]["type"] != weapon.type.id:
                title = weapon.type.name if weapon.type.name.endswith("s") else f"{weapon.type.name}s"
                groups.append({"type": weapon.type.id, "title": plain(title), "anchor": attribute(type_anchor(weapon.type.id)), "weapons": []})
            profile = " · ".join(f"{plain(c)} **{plain(weapon.profile.value(c) or '-')}**" for c in weapon.type.characteristics)
            rules = ", ".join(link for ref in weapon.profile.rules if (link := self.rule_link(page, weapon.carriers[0], ref)) is not None)
            carriers = ", ".join(self.entry_link(page, unit, _in_army(unit.name, view.army.name), previewed=False) for unit in weapon.carriers)
            listed = groups[-1]["weapons"]
            assert isinstance(listed, list)
            listed.append({"name": plain(weapon.profile.name), "anchor": attribute(anchor), "profile": profile, "rules": rules, "carriers": carriers})
        parts = weapon_parts(view)
        title = f"Weapons of {view.army.name}" + (f": {part.title}" if part.title else "")
        pages = [
            f"**{plain(p.title)}**" if p.part == part.part else markdown_link(plain(p.title), paths.relative(page, paths.army_weapons_page(system.id, view.army.id, p.part)))
            for p in parts
        ] if len(parts) > 1 else []
        return render(
            "site/weapons.md.jinja",
            front=front_matter(title=title, description=f"Every weapon the units of {view.army.name} carry, with its profile, rules and carriers.", hide=["toc"]),
            heading=plain(title),
            intro=plain(f"{_count(len(view.weapons), 'weapon')}, each with the units that carry it."),
            pages=pages,
            army=plain(view.army.name),
            army_link=paths.relative(page, paths.army_page(system.id, view.army.id)),
            groups=groups,
            references=self.refs.definitions(),
        )

    def home(self) -> str:
        """The home page. It says both how to download the offline copy and, hidden, where
        the newest copy is, which the copy shows instead (`rulesref.site.offline`)."""
        self._begin()
        rows = []
        for system in self.systems():
            counts = self.kind_counts(system.id)
            link = markdown_link(plain(system.name), paths.relative(paths.HOME, paths.system_page(system.id)))
            rows.append([link, plain(system.edition), *[str(c) for c in counts]])
        return render(
            "site/home.md.jinja",
            front=front_matter(title="Home", description="Tabletop wargame rules as code: a reference of rules, units and terms."),
            rows=rows,
            total=plain(self.total()),
            glossary=paths.relative(paths.HOME, paths.GLOSSARY),
            tags=paths.relative(paths.HOME, paths.TAGS),
            api=paths.relative(paths.HOME, paths.API_PAGE),
            roster=paths.relative(paths.HOME, ROSTER_PAGE) if roster_systems(self) else "",
            changes=paths.relative(paths.HOME, CHANGES_PAGE) if self.releases().releases else "",
            download=attribute(paths.offline_zip(self.settings().site_url)),
            download_name=attribute(paths.offline_zip(self.settings().site_url).rpartition("/")[2]),
            online=markdown_link(plain(self.settings().site_url), self.settings().site_url),
            package=code(self.settings().package),
        )

    @derived
    def kind_counts(self, system_id: str) -> tuple[int, ...]:
        """How many entries of each kind (`KIND_TITLES`) a system has."""
        return _kind_numbers(self.listings_of(system_id))

    @derived
    def total(self) -> str:
        """How many entries of each kind the content has, in words."""
        columns = zip(*(self.kind_counts(s.id) for s in self.systems()), strict=True)
        return _count_words(tuple(map(sum, columns)) or (0,) * len(KIND_TITLES))

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

    def glossary(self, system_id: str | None = None) -> str:
        """Every term of every system (or of `system`, on its own glossary page), under A-Z
        headings with jump links (the heading ids are the ones the `toc` extension gives
        them, computed the same way in page order). A glossary of many systems' terms lists
        the systems instead, each linking its own page."""
        self._begin()
        system = self.system_of(system_id) if system_id is not None else None
        page = paths.glossary_page(system.id if system else None)
        ids: set[str] = set()
        unique(slugify(f"Glossary of {system.name}" if system else "Glossary", "-"), ids)
        split = self.glossary_systems()
        systems = []
        for owner in [system] if system else ([] if split else self.systems()):
            terms = self.terms_of(owner.id)
            if not terms:
                continue
            title = f"{owner.name} ({owner.short_name})"
            unique(slugify(title, "-"), ids)
            letters: dict[str, list[Entry]] = {}
            for term in terms:
                letters.setdefault(letter_of(term.name), []).append(term)
            groups = [
                {
                    "letter": plain(letter),
                    "heading": plain(f"{owner.short_name}: {letter}"),
                    "anchor": unique(slugify(f"{owner.short_name}: {letter}", "-"), ids),
                    "items": [f"{self.entry_link(page, e, previewed=False)}: {plain(e.summary)}" for e in members],
                }
                for letter, members in sorted(letters.items())
            ]
            systems.append({"title": plain(title), "groups": groups})
        listed = [
            f"{markdown_link(plain(s.name), paths.relative(page, paths.glossary_page(s.id)))}: {plain(_count(len(self.terms_of(s.id)), 'term'))}"
            for s in split
        ] if system is None else []
        return render(
            "site/glossary.md.jinja",
            front=front_matter(title=f"Glossary of {system.name}" if system else "Glossary", description="Short definitions of the core terms rules link to.", search={"exclude": True}),
            heading=plain(f"Glossary of {system.name}" if system else "Glossary"),
            systems=systems,
            listed=listed,
            references=self.refs.definitions(),
        )

    def tags(self) -> str:
        """The tags, each with how many entries carry it; every tag has a page of its own,
        so no page lists the whole content."""
        self._begin()
        items = [
            f"{markdown_link(plain(tag), paths.relative(paths.TAGS, paths.tag_page(tag)))} ({count})"
            for tag, count in self.tag_counts()
        ]
        return render(
            "site/tags.md.jinja",
            front=front_matter(title="Tags", description="Entries grouped by tag.", search={"exclude": True}),
            items=items,
        )

    def tag(self, tag: str, part: int = 1) -> str:
        """A page of the entries that carry `tag` (a tag many carry has several: `tag_parts`)."""
        self._begin()
        page = paths.tag_page(tag, part)
        entries = self.tagged(tag)
        parts = tag_parts(len(entries))
        shown = tag_part(entries, part)
        items = [
            f"{self.listing_link(page, e, previewed=False)} ({plain(self.system_label(e.system))}, {plain(e.kind)}): {plain(e.summary)}"
            for e in shown
        ]
        pages = [
            f"**{n}**" if n == part else markdown_link(str(n), paths.relative(page, paths.tag_page(tag, n)))
            for n in range(1, parts + 1)
        ] if parts > 1 else []
        return render(
            "site/tag.md.jinja",
            front=front_matter(title=f"#{tag}" + (f" ({part} of {parts})" if parts > 1 else ""), description=f"Entries tagged {tag}.", search={"exclude": True}),
            heading=plain(f"#{tag}"),
            count=plain(_counts(entries)),
            pages=pages,
            items=items,
            tags=paths.relative(page, paths.TAGS),
            references=self.refs.definitions(),
        )

    @derived
    def api_example(self) -> Entry | None:
        """The entry whose JSON file the API page links as an example: the first with checks."""
        entries = self.entries()
        return next((e for e in entries if e.checks), entries[0] if entries else None)

    def api_page(self) -> str:
        self._begin()
        systems = [
            (plain(s.name), markdown_link(plain(paths.api_system(s.id)), paths.relative(paths.API_PAGE, paths.api_system(s.id))))
            for s in self.systems()
        ]
        example = self.api_example()
        return render(
            "site/api.md.jinja",
            front=front_matter(title="JSON API", description="Static JSON files with every entry's data, described by a JSON Schema."),
            index=markdown_link("api/index.json", "index.json"),
            schema=markdown_link("api/schema.json", "schema.json"),
            systems=systems,
            example=markdown_link(plain(paths.api_entry(example)), paths.relative(paths.API_PAGE, paths.api_entry(example))) if example else "",
        )


def _param_table(params: tuple[Param, ...]) -> str:
    """A parameterised rule's parameters: name, type, the values it takes and what it means."""
    if not params:
        return ""
    rows = [[Cell(code_html(p.name)), Cell(attribute(p.type)), Cell(attribute(_param_domain(p))), Cell(attribute(p.summary))] for p in params]
    return card_table("rr-params", ["Parameter", "Type", "Values", "Meaning"], rows, titled=True)


def _param_badge(param: Param) -> str:
    """A parameter in a badge: short, whatever its values (the table below has them all)."""
    if param.type == "dice" and len(param.values) > 3:
        return f"{param.name}: {', '.join(param.values[:3])}, \u2026"
    return f"{param.name}: {_param_domain(param)}"


def _param_domain(param: Param) -> str:
    if param.type == "dice":
        return ", ".join(param.values)
    if param.type == "roll":
        return f"{param.min}+ to {param.max}+"
    return f"{param.min} to {param.max}"


def _in_army(name: str, army: str) -> str:
    """An entry's name as its army's page shows it: without the army's name, which names
    of several armies carry to be told apart (`Tactical Squad (Space Marines)`)."""
    suffix = f" ({army})"
    return name[: -len(suffix)] if name.endswith(suffix) and len(name) > len(suffix) else name


def _opens(text: str | None, summary: str) -> bool:
    """Whether a text starts with the words of its summary (an imported rule's summary is
    its first sentence): the page's search entry then holds them once, from the text."""
    if not text:
        return False
    words = summary.removesuffix("...").split()
    return bool(words) and plain_text(text).split()[: len(words)] == words


def _count(number: int, kind: str) -> str:
    one, many = KIND_WORDS.get(kind, (kind, f"{kind}s"))
    return f"{number:,} {one if number == 1 else many}"


def _kind_numbers(entries: Iterable[Entry | Listing]) -> tuple[int, ...]:
    """How many of the entries are of each kind, in the order of `KIND_TITLES`."""
    counted: Counter[str] = Counter(e.kind for e in entries)
    return tuple(counted[kind] for kind in KIND_TITLES)


def _counts(entries: Iterable[Entry | Listing]) -> str:
    return _count_words(_kind_numbers(entries))


def _count_words(numbers: tuple[int, ...]) -> str:
    """`3 rules, 1 unit`: the kinds there are (`_kind_numbers`), in the order of `KIND_TITLES`."""
    parts = [f"{n} {KIND_WORDS[kind][n != 1]}" for kind, n in zip(KIND_TITLES, numbers, strict=True) if n]
    return ", ".join(parts) or "no entries"


def content_path(entry: Entry, roots: tuple[Path, ...]) -> str:
    """The entry's file as `<content root>/<system>/<file>`, the same from any working folder."""
    for path in (os.path.abspath(entry.where.doc.path), str(Path(entry.where.doc.path).resolve())):
        for root in roots:
            if path.startswith(str(root) + os.sep):
                return Path(os.path.relpath(path, root.parent)).as_posix()
    return Path(entry.where.doc.path).name
