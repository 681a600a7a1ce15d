"""Facts about the whole content that single pages show: who links here, the same rule in
other systems, which entries carry a tag, and every resolved cross-link.

Computed once per build in one pass over the content (linear in its size), so that no page
has to scan every other entry.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from rulesref.check.content import texts_of
from rulesref.links import LinkIndex, Resolved, find_links, normalise
from rulesref.model import Content, Entry


@dataclass(frozen=True)
class Relations:
    content: Content
    links: LinkIndex
    # per entry key: entries whose text links to it, or units that list it
    referenced_by: dict[str, tuple[Entry, ...]] = field(default_factory=dict)
    # per entry key: the same rule in other systems
    same_rule: dict[str, tuple[Entry, ...]] = field(default_factory=dict)
    # per entry key: every resolved link of its texts, in order of appearance
    links_out: dict[str, tuple[Resolved, ...]] = field(default_factory=dict)
    tags: dict[str, tuple[Entry, ...]] = field(default_factory=dict)


def _sort(content: Content, keys: set[str]) -> tuple[Entry, ...]:
    """Entries by key (keys, not entries, go in sets: an entry hashes all its fields)."""
    entries = [e for e in (content.entry(k) for k in keys) if e is not None]
    return tuple(sorted(entries, key=lambda e: (normalise(e.name), e.system, e.id)))


def relations(content: Content, links: LinkIndex) -> Relations:
    referenced: dict[str, set[str]] = defaultdict(set)
    links_out: dict[str, tuple[Resolved, ...]] = {}
    for entry in content.entries:
        found: list[Resolved] = []
        for _, text in texts_of(entry):
            for link in find_links(text):
                if isinstance(link, int):
                    continue
                resolved = links.resolve(entry.system, link)
                if isinstance(resolved, Resolved):
                    found.append(resolved)
                    if resolved.entry.key != entry.key:
                        referenced[resolved.entry.key].add(entry.key)
        links_out[entry.key] = tuple(found)
        for ref in entry.rules:
            target = content.entry(f"{entry.system}:{ref.rule}")
            if target is not None:
                referenced[target.key].add(entry.key)

    by_name: dict[tuple[str, str], set[str]] = defaultdict(set)
    for entry in content.entries:
        for name in (entry.name, *entry.aliases):
            by_name[(entry.kind, normalise(name))].add(entry.key)
    same: dict[str, set[str]] = defaultdict(set)
    for group in by_name.values():
        if len(group) > 1:
            for key in group:
                same[key] |= {k for k in group if k.split(":")[0] != key.split(":")[0]}
    for entry in content.entries:
        for key in entry.same_as:
            other = content.entry(key)
            if other is not None and other.system != entry.system:
                same[entry.key].add(other.key)
                same[other.key].add(entry.key)

    tags: dict[str, set[str]] = defaultdict(set)
    for entry in content.entries:
        for tag in entry.tags:
            tags[tag].add(entry.key)

    return Relations(
        content=content,
        links=links,
        referenced_by={k: _sort(content, v) for k, v in sorted(referenced.items())},
        same_rule={k: _sort(content, v) for k, v in sorted(same.items()) if v},
        links_out=links_out,
        tags={t: _sort(content, v) for t, v in sorted(tags.items())},
    )
