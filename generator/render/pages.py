"""The Markdown pages of the site: home, one index per system, one page per entry, the
glossary, the tags and a page about the JSON API.

Every value is made safe here, in Python, before it reaches a template: plain text through
`plain` (Markdown) or `attribute` (HTML), rule text through `user_markdown`. The templates
only place finished fragments; content is never itself a template.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from markdown.extensions.toc import slugify, unique

from generator.links import PARAM_CALL, LinkMatch, Resolved, normalise
from generator.model import Content, Entry, Param, Scalar, System
from generator.render import paths
from generator.render.charts import odds_figure
from generator.render.checks import CheckView, show
from generator.render.markdown import References, attribute, code, markdown_link, plain, user_inline, user_markdown
from generator.render.relations import Relations
from generator.templates import render

KIND_TITLES = {"rule": "Rules", "unit": "Units", "term": "Terms"}
LETTERS_FROM = 20  # a kind with more entries than this gets A-Z headings on its index


def front_matter(title: str, description: str, **values: object) -> str:
    """YAML front matter (strings as JSON strings, which YAML reads as they are).

    The theme puts `title` and `description` into the page unescaped (into `<title>` and a
    `<meta>` attribute), so they are HTML-escaped here; the theme shows them as written."""
    lines = [f"title: {json.dumps(attribute(title), ensure_ascii=False)}"]
    lines.append(f"description: {json.dumps(attribute(description), ensure_ascii=False)}")
    for key, value in values.items():
        if isinstance(value, dict):
            lines.append(f"{key}:")
            lines += [f"  {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items()]
        else:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines)


def display_name(entry: Entry, args: Iterable[tuple[str, Scalar]]) -> str:
    """`Brutal (X)` with X=3 is `Brutal (3)`; a dice target is shown as `4+`."""
    given = dict(args)
    call = PARAM_CALL.fullmatch(entry.name)
    if not given or call is None or not entry.params:
        return entry.name
    shown = []
    for param in entry.params:
        value = given.get(param.name, param.name)
        shown.append(f"{value}+" if param.type == "roll" and isinstance(value, int) else show(value))
    return f"{call.group(1)} ({', '.join(shown)})"


def preview(entry: Entry, args: Iterable[tuple[str, Scalar]] = ()) -> str:
    """The text a link's preview shows: the target's summary (and parameter values)."""
    values = ", ".join(f"{k} = {show(v)}" for k, v in args)
    return f"{entry.summary} ({values})" if values else entry.summary


@dataclass(frozen=True)
class LetterGroup:
    letter: str
    anchor: str  # "" when the kind is short enough to need no A-Z headings
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class KindSection:
    kind: str
    title: str
    anchor: str
    lettered: bool
    groups: tuple[LetterGroup, ...]


class Site:
    """Everything needed to render pages, computed once per build."""

    def __init__(
        self, content: Content, relations: Relations, checks: dict[str, tuple[CheckView, ...]], roots: tuple[Path, ...]
    ) -> None:
        self.content = content
        self.roots = roots
        self.relations = relations
        self.checks = checks
        self.systems = {s.id: s for s in content.systems}
        self.refs = References()
        self._kinds: dict[str, list[KindSection]] = {}
        self._tag_anchors: dict[str, str] = {}

    def _begin(self) -> None:
        """Start a page: its link previews are collected afresh and written at its end."""
        self.refs = References()

    # -- links -----------------------------------------------------------------------------

    def entry_link(self, page: str, entry: Entry, label: str | None = None, args: Iterable[tuple[str, Scalar]] = ()) -> str:
        """A link to an entry's page that previews its summary."""
        args = tuple(args)
        text = plain(label if label is not None else display_name(entry, args))
        return self.refs.link(text, paths.relative(page, paths.entry_page(entry)), preview(entry, args))

    def text_link_writer(self, page: str, entry: Entry) -> Callable[[LinkMatch], str]:
        def write(link: LinkMatch) -> str:
            resolved = self.relations.links.resolve(entry.system, link)
            if not isinstance(resolved, Resolved):  # validation refuses these; show the words
                return plain(link.label)
            return self.entry_link(page, resolved.entry, link.label, resolved.args)

        return write

    def system_label(self, system_id: str) -> str:
        system = self.systems.get(system_id)
        return system.short_name if system else system_id

    # -- entry pages -----------------------------------------------------------------------

    def entry(self, entry: Entry) -> str:
        self._begin()
        page = paths.entry_page(entry)
        system = self.systems[entry.system]
        links = self.text_link_writer(page, entry)
        badges = [markdown_link(plain(system.short_name), paths.relative(page, paths.system_page(system.id)))]
        badges.append(
            markdown_link(plain(entry.kind), paths.relative(page, paths.system_page(system.id), self.kind_anchor(system, entry.kind)))
        )
        badges += [markdown_link(plain(f"#{tag}"), paths.relative(page, paths.TAGS, self.tag_anchor(tag))) for tag in entry.tags]
        params = [f'<span class="rr-param">{attribute(p.name)}: {attribute(_param_domain(p))}</span>' for p in entry.params]
        table = None
        if entry.table is not None:
            rows = [
                (plain(row.roll), (f"**{plain(row.title)}:** " if row.title else "") + user_inline(row.result, links))
                for row in entry.table.rows
            ]
            table = {"heading": plain(entry.table.title or f"{entry.table.die} table"), "die": plain(entry.table.die), "rows": rows}
        referenced = self.relations.referenced_by.get(entry.key, ())
        same = self.relations.same_rule.get(entry.key, ())
        rules = [
            {"link": self.entry_link(page, target, args=ref.args), "summary": plain(preview(target, ref.args))}
            for ref in entry.rules
            if (target := self.content.entry(f"{entry.system}:{ref.rule}")) is not None
        ]
        return render(
            "site/entry.md.jinja",
            front=front_matter(title=entry.name, description=entry.summary, search={"boost": 4}),
            heading=plain(entry.name),
            badges=" ".join(badges),
            params=" ".join(params),
            summary=attribute(entry.summary),
            aliases=", ".join(f"<strong>{attribute(a)}</strong>" for a in entry.aliases),
            text=user_markdown(entry.text, links) if entry.text else "",
            table=table,
            param_rows=[(code(p.name), plain(p.type), plain(_param_domain(p)), plain(p.summary)) for p in entry.params],
            rules=rules,
            checks=[self.check(page, entry, view) for view in self.checks.get(entry.key, ())],
            notes=user_markdown(entry.notes, links) if entry.notes else "",
            source=plain(self.citation(entry)) if entry.source else "",
            referenced=[self.listed(page, e, entry.system) for e in referenced],
            same=[self.listed(page, e, entry.system) for e in same],
            corrections=[(plain(c.original), plain(c.corrected), plain(c.reason or "")) for c in entry.corrections],
            json_link=markdown_link(plain(paths.api_entry(entry)), paths.relative(page, paths.api_entry(entry))),
            source_file=plain(content_path(entry, self.roots)),
            references=self.refs.definitions(),
        )

    def listed(self, page: str, entry: Entry, here: str) -> str:
        where = "" if entry.system == here else f", {plain(self.system_label(entry.system))}"
        return f"{self.entry_link(page, entry)} ({plain(entry.kind)}{where})"

    def citation(self, entry: Entry) -> str:
        assert entry.source is not None
        book = self.systems[entry.system].book(entry.source.book)
        parts = [book.title if book else entry.source.book]
        if book and (book.edition or book.year):
            parts[0] += f" ({', '.join(str(x) for x in (book.edition, book.year) if x)})"
        if entry.source.page:
            parts.append(f"page {entry.source.page}")
        if entry.source.section:
            parts.append(entry.source.section)
        return ", ".join(parts)

    def check(self, page: str, entry: Entry, view: CheckView) -> dict[str, object]:
        given_names = [a.name for a in view.args]
        fields = [f.name for f in view.fields]
        has_notes = any(e.note for e in view.examples)
        header = [code(n) for n in given_names] + [code(f) if f else "result" for f in fields] + (["note"] if has_notes else [])
        rows = []
        for example in view.examples:
            given = dict(example.given)
            cells = [plain(show(given[n])) if n in given else "" for n in given_names]
            if example.raises is not None:
                cells += [plain(f"error: {example.raises}")] + [""] * (len(fields) - 1)
            else:
                expect = dict(example.expect or ())
                cells += [plain(show(expect[f])) if f in expect else "" for f in fields]
            if has_notes:
                cells.append(plain(example.note or ""))
            rows.append(cells)
        first = next((e for e in view.examples if e.raises is None and e.returns is not None), None)
        usage = [f"from {view.module.rsplit('.', 1)[0]} import {entry.module}", ""]
        if first is not None:
            usage.append(f"{entry.module}.{first.call}")
            usage.append(f"# {first.returns}")
        else:
            usage.append(f"{entry.module}.{view.signature}")
        charts = []
        for index, odds in enumerate(view.odds):
            caption = ", ".join(f"{k} = {show(v)}" for k, v in odds.given) or "every roll"
            title = f"Odds of {view.name} over {', '.join(view.dice_args)}" + (f" with {caption}" if odds.given else "")
            charts.append(odds_figure(f"odds-{view.name}-{index + 1}", title, caption, odds.outcomes))
        return {
            "name": plain(view.name),
            "summary": plain(view.summary),
            "signature": code(view.signature),
            "usage": "\n".join(usage),
            "args": [(code(a.name), code(a.annotation), plain(a.domain), plain(a.summary or "")) for a in view.args],
            "record": code(view.record_class) if view.record_class else "",
            "fields": [(code(f.name) if f.name else "result", code(f.annotation), plain(f.domain), plain(f.summary or "")) for f in view.fields],
            "arg_meanings": any(a.summary for a in view.args),
            "field_meanings": any(f.summary for f in view.fields),
            "header": header,
            "rows": rows,
            "odds_name": code(view.odds_name or ""),
            "dice": ", ".join(code(d) for d in view.dice_args),
            "charts": charts,
        }

    # -- index pages -----------------------------------------------------------------------

    def kind_anchor(self, system: System, kind: str) -> str:
        return next(k.anchor for k in self._system_kinds(system) if k.kind == kind)

    def _system_kinds(self, system: System) -> list[KindSection]:
        """The kinds of a system's index page with their A-Z groups, and the heading ids the
        `toc` extension will give them (computed the same way, in page order)."""
        if system.id in self._kinds:
            return self._kinds[system.id]
        ids: set[str] = set()
        unique(slugify(system.name, "-"), ids)
        kinds: list[KindSection] = []
        entries = self.content.entries_of(system.id)
        for kind, title in KIND_TITLES.items():
            of_kind = sorted((e for e in entries if e.kind == kind), key=lambda e: (normalise(e.name), e.id))
            if not of_kind:
                continue
            anchor = unique(slugify(title, "-"), ids)
            letters: dict[str, list[Entry]] = {}
            for e in of_kind:
                letter = e.name[:1].upper() if e.name[:1].isalpha() and e.name[:1].isascii() else "#"
                letters.setdefault(letter, []).append(e)
            lettered = len(of_kind) > LETTERS_FROM
            groups = [
                LetterGroup(letter, unique(slugify(f"{title}: {letter}", "-"), ids) if lettered else "", tuple(members))
                for letter, members in sorted(letters.items())
            ]
            kinds.append(KindSection(kind, title, anchor, lettered, tuple(groups)))
        self._kinds[system.id] = kinds
        return kinds

    def tag_anchor(self, tag: str) -> str:
        if not self._tag_anchors:
            ids: set[str] = set()
            unique(slugify("Tags", "-"), ids)
            self._tag_anchors = {t: unique(slugify(t, "-"), ids) for t in self.relations.tags}
        return self._tag_anchors[tag]

    def system(self, system: System) -> str:
        self._begin()
        page = paths.system_page(system.id)
        entries = self.content.entries_of(system.id)
        kinds = [
            {
                "title": kind.title,
                "lettered": kind.lettered,
                "groups": [
                    {"letter": plain(g.letter), "anchor": g.anchor, "items": [f"{self.entry_link(page, e)}: {plain(e.summary)}" for e in g.entries]}
                    for g in kind.groups
                ],
            }
            for kind in self._system_kinds(system)
        ]
        facts = [system.edition] + [x for x in (system.publisher, str(system.year) if system.year else None) if x]
        books = [plain(b.title + (f" ({b.edition})" if b.edition else "") + (f", {b.year}" if b.year else "")) for b in system.books]
        return render(
            "site/system.md.jinja",
            front=front_matter(title=f"{system.name} ({system.edition})", description=system.summary or system.name, search={"exclude": True}),
            heading=plain(system.name),
            summary=attribute(system.summary or ""),
            facts=plain(" · ".join(facts)),
            counts=plain(_counts(entries)),
            books=books,
            kinds=kinds,
            api_link=markdown_link(plain(paths.api_system(system.id)), paths.relative(page, paths.api_system(system.id))),
            references=self.refs.definitions(),
        )

    def home(self) -> str:
        self._begin()
        rows = []
        for system in self.content.systems:
            entries = self.content.entries_of(system.id)
            counts = [sum(1 for e in entries if e.kind == k) for k in KIND_TITLES]
            link = markdown_link(plain(system.name), paths.relative(paths.HOME, paths.system_page(system.id)))
            rows.append([link, plain(system.edition), *[str(c) for c in counts]])
        return render(
            "site/home.md.jinja",
            front=front_matter(title="Home", description="Tabletop wargame rules as code: a reference of rules, units and terms."),
            rows=rows,
            total=plain(_counts(self.content.entries)),
            glossary=paths.relative(paths.HOME, paths.GLOSSARY),
            tags=paths.relative(paths.HOME, paths.TAGS),
            api=paths.relative(paths.HOME, paths.API_PAGE),
        )

    def glossary(self) -> str:
        self._begin()
        page = paths.GLOSSARY
        systems = []
        for system in self.content.systems:
            terms = sorted((e for e in self.content.entries_of(system.id) if e.kind == "term"), key=lambda e: normalise(e.name))
            if terms:
                items = [f"{self.entry_link(page, e)}: {plain(e.summary)}" for e in terms]
                systems.append({"title": plain(f"{system.name} ({system.short_name})"), "items": items})
        return render(
            "site/glossary.md.jinja",
            front=front_matter(title="Glossary", description="Short definitions of the core terms rules link to.", search={"exclude": True}),
            systems=systems,
            references=self.refs.definitions(),
        )

    def tags(self) -> str:
        self._begin()
        page = paths.TAGS
        tags = []
        for tag, entries in self.relations.tags.items():
            items = [f"{self.entry_link(page, e)} ({plain(self.system_label(e.system))}, {plain(e.kind)}): {plain(e.summary)}" for e in entries]
            tags.append({"title": plain(tag), "items": items})
        return render(
            "site/tags.md.jinja",
            front=front_matter(title="Tags", description="Entries grouped by tag.", search={"exclude": True}),
            tags=tags,
            references=self.refs.definitions(),
        )

    def api_page(self) -> str:
        self._begin()
        systems = [
            (plain(s.name), markdown_link(plain(paths.api_system(s.id)), paths.relative(paths.API_PAGE, paths.api_system(s.id))))
            for s in self.content.systems
        ]
        example = next((e for e in self.content.entries if e.checks), self.content.entries[0] if self.content.entries else None)
        return render(
            "site/api.md.jinja",
            front=front_matter(title="JSON API", description="Static JSON files with every entry's data, described by a JSON Schema."),
            index=markdown_link("api/index.json", "index.json"),
            schema=markdown_link("api/schema.json", "schema.json"),
            systems=systems,
            example=markdown_link(plain(paths.api_entry(example)), paths.relative(paths.API_PAGE, paths.api_entry(example))) if example else "",
        )


def _param_domain(param: Param) -> str:
    if param.type == "dice":
        return ", ".join(param.values)
    if param.type == "roll":
        return f"{param.min}+ to {param.max}+"
    return f"{param.min} to {param.max}"


def _counts(entries: Iterable[Entry]) -> str:
    entries = list(entries)
    parts = []
    for kind, word in (("rule", "rule"), ("unit", "unit"), ("term", "term")):
        n = sum(1 for e in entries if e.kind == kind)
        if n:
            parts.append(f"{n} {word}{'s' if n != 1 else ''}")
    return ", ".join(parts) or "no entries"


def content_path(entry: Entry, roots: tuple[Path, ...]) -> str:
    """The entry's file as `<content root>/<system>/<file>`, the same from any working folder."""
    path = Path(entry.where.doc.path).resolve()
    for root in roots:
        if root in path.parents:
            return path.relative_to(root.parent).as_posix()
    return path.name
