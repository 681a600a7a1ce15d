"""Facts about the whole content that single pages show: who links here, the same rule in
other systems, which entries carry a tag, and every resolved cross-link.

Computed once per build in one pass over the content, so that no page has to scan every
other entry. Each system's entries contribute their part (their links, the names they
share, their tags); with a memo (`serve`), a system whose entries and resolved links are
equal to last run's contributes the part it did then. The links themselves
come from `LinkIndex.entry_links`.

"Same rule in other systems" is the one fact whose size grows faster than the content (a
name shared by n systems gives each of n entries n - 1 others), so it is found per group of
entries sharing a kind and name: the group is sorted once, and with a memo a group whose
members are equal to last run's is not redone. A page lists at most
`SAME_RULE_SHOWN` of a group's members; a bigger group (a name shared by dozens of systems)
gets a page of its own that lists them all (`NameGroup`), so every page stays the same size
however many systems share its names. The entries that refer to an entry, and those that
carry a tag, are kept the same way as the groups.

Every fact names the entries it is about by their listings (`rulesref.model.Listing`: name,
kind, system, summary), which is all a page shows of them: a page is then rendered again when
an entry it lists is renamed or summarised anew, not when that entry's text changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

from rulesref import paths
from rulesref.incremental.memo import Get, call, fresh
from rulesref.links import LinkIndex, Resolved, TextLinks, normalise
from rulesref.model import Content, Entry, Listing, Scalar
from rulesref.support.slugs import slug

# the most members of a name group an entry's page lists; a bigger group has a page of its own
SAME_RULE_SHOWN = 8


@dataclass(frozen=True)
class NameGroup:
    """Entries of several systems sharing a kind and a name (or alias), too many for each
    member's page to list: `page` lists them all."""

    kind: str
    name: str  # as the first member writes it
    page: str  # docs path
    members: tuple[Listing, ...]


LinkOut = tuple[Listing, tuple[tuple[str, Scalar], ...]]  # a resolved link of a text: its target, and the parameter values it gives


class EntryRelations(NamedTuple):
    """What `Relations` says of one entry."""

    referenced_by: tuple[Listing, ...]
    same_rule: tuple[Listing, ...]
    name_groups: tuple[NameGroup, ...]
    links_out: tuple[LinkOut, ...]


@dataclass(frozen=True)
class Relations:
    content: Content
    links: LinkIndex
    # per entry key: entries whose text links to it, or units that list it
    referenced_by: dict[str, tuple[Listing, ...]] = field(default_factory=dict)
    # per entry key: the same rule in other systems
    same_rule: dict[str, tuple[Listing, ...]] = field(default_factory=dict)
    # per entry key: every resolved link of its texts, in order of appearance
    links_out: dict[str, tuple[LinkOut, ...]] = field(default_factory=dict)
    tags: dict[str, tuple[Listing, ...]] = field(default_factory=dict)
    # per entry key: the big name groups it is a member of; and every big group by its page
    name_groups: dict[str, tuple[NameGroup, ...]] = field(default_factory=dict)
    group_pages: dict[str, NameGroup] = field(default_factory=dict)

    def of(self, key: str) -> EntryRelations:
        return EntryRelations(self.referenced_by.get(key, ()), self.same_rule.get(key, ()), self.name_groups.get(key, ()), self.links_out.get(key, ()))


Listed = TypeVar("Listed", Entry, Listing)


def _order(entry: Entry | Listing) -> tuple[str, str, str]:
    return (normalise(entry.name), entry.system, entry.id)


def _sort(entries: Iterable[Listed]) -> tuple[Listed, ...]:
    """Entries by name, then system and id, each once (by key: an entry hashes all its fields)."""
    unique = {e.key: e for e in entries}
    return tuple(sorted(unique.values(), key=_order))


def _links_out(texts: tuple[TextLinks, ...]) -> tuple[Resolved, ...]:
    return tuple(r for found in texts for _, r in found.links if isinstance(r, Resolved))


def _sort_parts(parts: tuple[tuple[Listing, ...], ...]) -> tuple[Listing, ...]:
    return _sort(e for part in parts for e in part)


def _written_name(members: tuple[Entry, ...], name: str) -> str:
    """The group's name as its first member writes it (as its name, else as an alias)."""
    for entry in members:
        for written in (entry.name, *entry.aliases):
            if normalise(written) == name:
                return written
    return name


def _group_pages(big: list[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """The page of each big group, `compare/<kind>-<slug of name>/index.md`; names with one
    slug are told apart by a number, in order of the names."""
    pages: dict[tuple[str, str], str] = {}
    taken: set[str] = set()
    for kind, name in sorted(big):
        base = f"{kind}-{slug(name, fallback='name')}"
        folder, n = base, 1
        while folder in taken:
            n += 1
            folder = f"{base}-{n}"
        taken.add(folder)
        pages[kind, name] = paths.name_group_page(folder)
    return pages


def _same_in_group(group: tuple[Entry, ...]) -> dict[str, tuple[Listing, ...]]:
    """For each member of a group sharing a kind and name: the others, of other systems."""
    ordered = _sort(e.listing for e in group)
    return {e.key: tuple(o for o in ordered if o.system != e.system) for e in group}


@dataclass(frozen=True)
class _Part:
    """What the entries of one system contribute to the facts, each list in content order."""

    links_out: dict[str, tuple[LinkOut, ...]]
    referenced: dict[str, tuple[Listing, ...]]  # target key -> the part's entries that refer to it
    by_name: dict[tuple[str, str], tuple[Entry, ...]]  # (kind, normalised name) -> entries
    tagged: dict[str, tuple[Listing, ...]]
    with_same_as: tuple[Entry, ...]


def _part(entries: tuple[Entry, ...], texts: tuple[tuple[TextLinks, ...], ...]) -> _Part:
    """The facts of one system's entries: they depend on those entries and how their links
    resolve (`texts`, each entry's) only, a unit's rules being entries of its own system."""
    referenced: dict[str, dict[str, Listing]] = {}
    links_out: dict[str, tuple[LinkOut, ...]] = {}
    by_name: dict[tuple[str, str], list[Entry]] = {}
    tagged: dict[str, list[Listing]] = {}
    by_id = {e.id: e for e in entries}
    for entry, its_texts in zip(entries, texts, strict=True):
        found = _links_out(its_texts)
        links_out[entry.key] = tuple((r.entry.listing, r.args) for r in found)
        listed = entry.listing
        for resolved in found:
            if resolved.entry.key != entry.key:
                referenced.setdefault(resolved.entry.key, {})[entry.key] = listed
        for ref in entry.rules:
            target = by_id.get(ref.rule)
            if target is not None:
                referenced.setdefault(target.key, {})[entry.key] = listed
        for name in {normalise(n): None for n in (entry.name, *entry.aliases)}:
            by_name.setdefault((entry.kind, name), []).append(entry)
        for tag in entry.tags:
            tagged.setdefault(tag, []).append(listed)
    return _Part(
        links_out,
        {key: tuple(referrers.values()) for key, referrers in referenced.items()},
        {key: tuple(members) for key, members in by_name.items()},
        {tag: tuple(members) for tag, members in tagged.items()},
        tuple(e for e in entries if e.same_as),
    )


def relations(content: Content, links: LinkIndex, same: Get = fresh) -> Relations:
    """The facts across entries; with a long-lived process's memo stage (`same`), each
    system's part and each shared name's group is kept while what it is made from is equal."""
    referenced: dict[str, tuple[Listing, ...]] = {}  # target key -> referrers, in content order
    links_out: dict[str, tuple[LinkOut, ...]] = {}
    by_name: dict[tuple[str, str], list[Entry]] = {}
    tagged: dict[str, list[Listing]] = {}
    with_same_as: list[Entry] = []
    for system in dict.fromkeys(e.system for e in content.entries):
        entries = content.entries_of(system)
        part = call(same, f"relations-of:{system}", _part, entries, tuple(links.entry_links(e) for e in entries))
        links_out.update(part.links_out)
        for key, referrers in part.referenced.items():
            before = referenced.get(key)
            referenced[key] = referrers if before is None else before + referrers
        for name_key, members in part.by_name.items():
            by_name.setdefault(name_key, []).extend(members)
        for tag, carriers in part.tagged.items():
            tagged.setdefault(tag, []).extend(carriers)
        with_same_as += part.with_same_as

    others: dict[str, list[tuple[Listing, ...]]] = {}
    big: dict[tuple[str, str], tuple[Entry, ...]] = {}
    for (kind, name), listed in by_name.items():
        if len(listed) < 2 or all(e.system == listed[0].system for e in listed):
            continue
        group = tuple(listed)
        for key, found_others in call(same, f"same-rule:{kind}:{name}", _same_in_group, group).items():
            if found_others:
                others.setdefault(key, []).append(found_others)
        if len(group) > SAME_RULE_SHOWN + 1:
            big[kind, name] = group
    group_pages: dict[str, NameGroup] = {}
    name_groups: dict[str, list[NameGroup]] = {}
    for (kind, name), page in _group_pages(list(big)).items():
        members = _sort(big[kind, name])  # (a few hundred groups even at 10k entries: not kept)
        group_page = NameGroup(kind, _written_name(members, name), page, tuple(e.listing for e in members))
        group_pages[page] = group_page
        for entry in members:
            name_groups.setdefault(entry.key, []).append(group_page)
    for entry in with_same_as:
        for key in entry.same_as:
            other = content.entry(key)
            if other is not None and other.system != entry.system:
                others.setdefault(entry.key, []).append((other.listing,))
                others.setdefault(other.key, []).append((entry.listing,))
    same_rule = {}
    for key, parts in sorted(others.items()):
        if len(parts) == 1:
            same_rule[key] = parts[0]
        else:  # several names shared, or `same_as`: kept while the parts are equal
            found = tuple(parts)
            same_rule[key] = call(same, f"same-rule:{key}", _sort_parts, found)

    referenced_by = {}
    for key, referrers in sorted(referenced.items()):
        # (one referrer is its own order: most entries are referred to by a few)
        referenced_by[key] = referrers if len(referrers) == 1 else call(same, f"referenced-by:{key}", _sort, referrers)
    tags = {}
    for tag, listed_carriers in sorted(tagged.items()):
        tags[tag] = call(same, f"tag-members:{tag}", _sort, tuple(listed_carriers))
    return Relations(
        content=content,
        links=links,
        referenced_by=referenced_by,
        same_rule=same_rule,
        links_out=links_out,
        tags=tags,
        name_groups={key: tuple(groups) for key, groups in sorted(name_groups.items())},
        group_pages=dict(sorted(group_pages.items())),
    )
