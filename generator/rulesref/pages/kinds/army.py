"""An army's page (its units by role, its rules, the core rules its units have) and the
pages of its weapons."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from markdown.extensions.toc import slugify, unique  # type: ignore[import-untyped]

from rulesref import paths
from rulesref.model import System
from rulesref.pages.armies import (
    ArmyView,
    type_anchor,
    weapon_anchors,
    weapon_parts,
)
from rulesref.pages.kinds.bound import bound
from rulesref.pages.markdown import attribute, front_matter, markdown_link, plain
from rulesref.pages.writer import (
    Pages,
    count_of,
)
from rulesref.support.templates import render


def pages(site: Pages) -> Iterator[tuple[str, Callable[[], str]]]:
    for system in site.systems():
        for view in site.armies_of(system.id):
            yield paths.army_page(system.id, view.army.id), bound(army_page, site, system.id, view.army.id)
            for weapons in weapon_parts(view):
                yield (
                    paths.army_weapons_page(system.id, view.army.id, weapons.part),
                    bound(weapons_page, site, system.id, view.army.id, weapons.part),
                )


def _in_army(name: str, army: str) -> str:
    """An entry's name as its army's page shows it: without the army's name, which names
    of several armies carry to be told apart (`Tactical Squad (Space Marines)`)."""
    suffix = f" ({army})"
    return name[: -len(suffix)] if name.endswith(suffix) and len(name) > len(suffix) else name


def _army(site: Pages, system_id: str, army_id: str) -> tuple[System, ArmyView]:
    system, view = site.system_of(system_id), site.army_of(system_id, army_id)
    assert system is not None and view is not None
    return system, view


def army_page(site: Pages, system_id: str, army_id: str) -> str:
    """An army's page: its units by role, its rules, the core rules its units have."""
    site.begin_page()
    system, view = _army(site, system_id, army_id)
    page = paths.army_page(system.id, view.army.id)
    ids: set[str] = {"units", "rules-of-the-army", "core-rules-its-units-have", slugify(view.army.name, "-")}
    roles = [
        {"title": plain(role), "anchor": attribute(unique(slugify(role, "-") or "role", ids)), "items": [site.entry_link(page, unit, _in_army(unit.name, view.army.name), previewed=False) for unit in units]}
        for role, units in view.roles
    ]
    counts = [count_of(view.units, "unit"), count_of(len(view.rules), "rule")] + ([count_of(len(view.weapons), "weapon")] if view.weapons else [])
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
        rules=[f"{site.entry_link(page, e, _in_army(e.name, view.army.name), previewed=False)}: {plain(e.summary)}" for e in view.rules],
        core=[site.entry_link(page, e) for e in view.core],
        references=site.refs.definitions(),
    )


def weapons_page(site: Pages, system_id: str, army_id: str, part_id: str) -> str:
    """A page of an army's weapons, each once: its profile, its rules, its carriers."""
    site.begin_page()
    system, view = _army(site, system_id, army_id)
    part = next(p for p in weapon_parts(view) if p.part == part_id)
    page = paths.army_weapons_page(system.id, view.army.id, part.part)
    groups: list[dict[str, object]] = []
    for weapon, anchor in zip(part.weapons, weapon_anchors(part), strict=True):
        if not groups or groups[-1]["type"] != weapon.type.id:
            title = weapon.type.name if weapon.type.name.endswith("s") else f"{weapon.type.name}s"
            groups.append({"type": weapon.type.id, "title": plain(title), "anchor": attribute(type_anchor(weapon.type.id)), "weapons": []})
        profile = " · ".join(f"{plain(c)} **{plain(weapon.profile.value(c) or '-')}**" for c in weapon.type.characteristics)
        rules = ", ".join(link for ref in weapon.profile.rules if (link := site.rule_link(page, weapon.carriers[0], ref, site.entry_link)) is not None)
        carriers = ", ".join(site.entry_link(page, unit, _in_army(unit.name, view.army.name), previewed=False) for unit in weapon.carriers)
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
        intro=plain(f"{count_of(len(view.weapons), 'weapon')}, each with the units that carry it."),
        pages=pages,
        army=plain(view.army.name),
        army_link=paths.relative(page, paths.army_page(system.id, view.army.id)),
        groups=groups,
        references=site.refs.definitions(),
    )
