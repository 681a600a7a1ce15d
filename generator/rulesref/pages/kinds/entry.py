"""An entry's own page: its badges, text, table, profiles, its rules as cards, its checks
with their "Try it" forms, what refers to it, the same rule elsewhere, its history.

Its headings, its own text and table, its checks, notes and history are Markdown; the rest
(badges, profiles, cards, options, the lists of other entries, the data line) is finished
HTML (`rulesref.pages.finished`), which MkDocs passes through: on a big import those are
most of a page, and most of what converting its Markdown cost."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from rulesref import paths
from rulesref.links import LinkMatch, normalise, plain_text
from rulesref.model import Entry, Param, RuleRef
from rulesref.pages import finished, try_it
from rulesref.pages.changes import entry_history
from rulesref.pages.check_section import check_section
from rulesref.pages.datasheet import option_groups, parameter_values, profile_tables, row_rule_refs
from rulesref.pages.findable import search_names
from rulesref.pages.markdown import attribute, front_matter, plain, user_inline, user_markdown
from rulesref.pages.tables import Cell, card_table, code_html
from rulesref.pages.versus_forms import PLAYED
from rulesref.pages.writer import (
    Pages,
)
from rulesref.support.templates import render
from rulesref.views.checks import CheckView
from rulesref.views.relations import SAME_RULE_SHOWN


def _text_is_summary(entry: Entry) -> bool:
    """Whether the text says no more than the summary (a one-sentence rule whose summary was
    derived from it): a page then shows the words once, as the text with its links, and a
    card once, as the summary."""
    if not entry.text:
        return False
    return normalise(plain_text(entry.text)).rstrip(" .:!?") == normalise(entry.summary).rstrip(" .:!?")


def _text(text: str, links: Callable[[LinkMatch], str], anchors: Callable[[LinkMatch], str]) -> str:
    """An entry's own text: finished HTML, converted as its cards convert it (so one
    conversion serves both), unless it has headings, which stay Markdown for the table of
    contents."""
    if finished.has_heading(text):
        return user_markdown(text, links)
    return finished.text_html(user_markdown(text, anchors))


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


def _opens(text: str | None, summary: str) -> bool:
    """Whether a text starts with the words of its summary (an imported rule's summary is
    its first sentence): the page's search entry then holds them once, from the text."""
    if not text:
        return False
    words = summary.removesuffix("...").split()
    return bool(words) and plain_text(text).split()[: len(words)] == words


def content_path(entry: Entry, roots: tuple[Path, ...]) -> str:
    """The entry's file as `<content root>/<system>/<file>`, the same from any working folder."""
    for path in (os.path.abspath(entry.where.doc.path), str(Path(entry.where.doc.path).resolve())):
        for root in roots:
            if path.startswith(str(root) + os.sep):
                return Path(os.path.relpath(path, root.parent)).as_posix()
    return Path(entry.where.doc.path).name


def entry_page(site: Pages, key: str) -> str:
    site.begin_page()
    entry = site.entry_of(key)
    assert entry is not None
    page = paths.entry_page(entry)
    system = site.system_of(entry.system)
    assert system is not None  # validation refuses an entry without a system
    links = site.text_link_writer(page, entry)
    anchors = site.text_anchor_writer(page, entry)
    table = dice_table(site, entry, anchors)
    badges = [finished.anchor(attribute(system.short_name), site.page_url(page, paths.system_page(system.id)))]
    badges.append(finished.anchor(attribute(entry.kind), site.page_url(page, paths.system_page(system.id), site.kind_anchor(system.id, entry.kind))))
    for army_id in entry.armies:
        army = system.army(army_id)
        if army is not None:
            badges.append(finished.anchor(attribute(army.name), site.page_url(page, paths.army_page(system.id, army.id))))
    if entry.role:
        badges.append(f'<span class="rr-param">{attribute(entry.role)}</span>')
    badges += [finished.anchor(attribute(f"#{tag}"), site.page_url(page, paths.tag_page(tag))) for tag in entry.tags]
    params = [f'<span class="rr-param">{attribute(_param_badge(p))}</span>' for p in entry.params]
    referenced = site.referenced_by(entry.key)
    same, more = same_rule(site, page, entry)
    played = [form for name, form in site.forms_of(entry.key).items() if name.startswith(PLAYED)]  # an imported unit's Versus forms
    return render(
        "site/entry.md.jinja",
        front=front_matter(title=entry.name, description=entry.summary, search={"boost": 4}, tags=search_names(entry)),
        heading=plain(entry.name),
        untranslated=attribute(site.note_of(key) or ""),
        system=attribute(system.short_name),
        badges=" ".join(badges),
        params=" ".join(params),
        summary="" if _text_is_summary(entry) else attribute(entry.summary),
        summary_in_text=_opens(entry.text, entry.summary),
        aliases=", ".join(f"<strong>{attribute(a)}</strong>" for a in entry.aliases),
        text=_text(entry.text, links, anchors) if entry.text else "",
        table={**table, "html": finished.text_html(render("site/dice_table.md.jinja", table=table))} if table is not None else None,
        profiles=profile_tables(system, entry.profiles, lambda ref: site.rule_link(page, entry, ref, site.entry_anchor), weapons=False),
        weapons=profile_tables(system, entry.profiles, lambda ref: site.rule_link(page, entry, ref, site.entry_anchor), weapons=True),
        cards=rule_cards(site, page, entry, list(entry.rules)),
        row_cards=rule_cards(site, page, entry, row_rule_refs(entry)),
        wargear=rule_cards(site, page, entry, list(dict.fromkeys(entry.wargear))),
        options=option_groups(entry, lambda ref: site.rule_link(page, entry, ref, site.entry_anchor), lambda unit: site.unit_anchor(page, entry, unit)),
        param_table=_param_table(entry.params),
        checks=[
            {**check_section(entry, view), "try_it": site.forms_of(entry.key).get(view.name, ""), "parts": composed_parts(site, page, entry, view)}
            for view in site.checks_of(entry.key)
            if not (played and view.versus)  # (an imported unit's are its Versus forms)
        ],
        played=played,
        versus_script=attribute(paths.relative(page, try_it.VERSUS_SCRIPT)) if played or any(v.versus for v in site.checks_of(entry.key)) else "",
        notes=user_markdown(entry.notes, links) if entry.notes else "",
        source=attribute(citation(site, entry)) if entry.source else "",
        referenced=[site.listed_html(page, e, entry.system) for e in referenced],
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
        history=entry_history(site, entry, page),
        json_link=finished.anchor(attribute(paths.api_entry(entry)), site.page_url(page, paths.api_entry(entry))),
        source_file=attribute(content_path(entry, site.roots())),
        references=site.refs.definitions(),
    )


def dice_table(site: Pages, entry: Entry, links: Callable[[LinkMatch], str]) -> dict[str, object] | None:
    if entry.table is None:
        return None
    rows = [
        (plain(row.roll), (f"**{plain(row.title)}:** " if row.title else "") + user_inline(row.result, links)) for row in entry.table.rows
    ]
    return {"heading": plain(entry.table.title or f"{entry.table.die} table"), "die": plain(entry.table.die), "rows": rows}


def composed_parts(site: Pages, page: str, entry: Entry, view: CheckView) -> list[tuple[str, str]]:
    """A composed check's account: each entry that supplied a part, linked, and what it did."""
    links = site.text_link_writer(page, entry)
    out = []
    for entry_id, words in view.parts:
        source = site.entry_of(f"{entry.system}:{entry_id}")
        out.append((site.entry_link(page, source) if source is not None else plain(entry_id), user_inline(words, links)))
    return out


def rule_cards(site: Pages, page: str, unit: Entry, refs: list[RuleRef]) -> list[dict[str, object]]:
    """A unit's rules as cards, in HTML: name and parameter values, summary, link, and the
    full text and table, converted from their Markdown once each (`finished.text_html`)."""
    cards: list[dict[str, object]] = []
    for ref in refs:
        target = site.entry_of(f"{unit.system}:{ref.rule}")
        if target is None:  # validation refuses these
            continue
        links = site.text_anchor_writer(page, target)
        table = dice_table(site, target, links)
        cards.append(
            {
                "link": site.entry_anchor(page, target, args=ref.args, previewed=False),
                "params": parameter_values(target, ref.args),
                "summary": attribute(target.summary),
                "text": finished.text_html(user_markdown(target.text, links)) if target.text and not _text_is_summary(target) else "",
                "table": finished.text_html(render("site/dice_table.md.jinja", table=table)) if table is not None else "",
            }
        )
    return cards


def same_rule(site: Pages, page: str, entry: Entry) -> tuple[list[str], str]:
    """The same rule in other systems, as the entry's page lists it, and what it says of
    the rest, in HTML. Of the members of a big name group (one with a page of its own), the page
    lists the first few; every other entry is listed, so each one is either here or on
    a group page this page links to."""
    others = site.same_rule_of(entry.key)
    groups = site.name_groups_of(entry.key)
    if not groups:
        return [site.listed_html(page, e, entry.system) for e in others], ""
    grouped = {e.key for group in groups for e in group.members}
    room = SAME_RULE_SHOWN - sum(1 for e in others if e.key not in grouped)
    shown = []
    for other in others:
        if other.key in grouped:
            if room <= 0:
                continue
            room -= 1
        shown.append(site.listed_html(page, other, entry.system))
    pages = [finished.anchor(attribute(f"all {len(group.members)} {group.kind}s named {group.name}"), site.page_url(page, group.page)) for group in groups]
    return shown, f"{len(others) - len(shown)} more, listed with the rest on the page of " + " and of ".join(pages) + "."


def citation(site: Pages, entry: Entry) -> str:
    assert entry.source is not None
    system = site.system_of(entry.system)
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
