"""BattleScribe 1.x data (before 2016) read as the 2.x schema every later phase reads.

Data of 2014 and 2015 (40K's 7th edition at its start, The Ninth Age's first versions) is
written in BattleScribe's first schema: `<entries><entry type="unit" minSelections="1">`,
`<entryGroups><entryGroup defaultEntryId="...">`, one `<links>` list for every kind of link
(`linkType="entry"`, `"entry group"`, `"rule"`, `"profile"`), categories inside force types,
a profile type's `<characteristics>`, and modifiers that `show` or `hide`. The history of a repository holds it, and a
catalogue's root entries are simply its top-level entries.

The tree is renamed in place: the same elements, under their 2.x names, with each `min`
written as the constraint 2.x writes and each link moved to the list of its kind. Every
element keeps the line it came from (a new wrapper takes its parent's).
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

RENAMED = {
    "entries": "selectionEntries",
    "entry": "selectionEntry",
    "entryGroups": "selectionEntryGroups",
    "entryGroup": "selectionEntryGroup",
    "sharedEntries": "sharedSelectionEntries",
    "sharedEntryGroups": "sharedSelectionEntryGroups",
    "category": "categoryEntry",
}
LINKS = {"entry": ("entryLinks", "entryLink", "selectionEntry"), "entry group": ("entryLinks", "entryLink", "selectionEntryGroup"), "rule": ("infoLinks", "infoLink", "rule"), "profile": ("infoLinks", "infoLink", "profile")}


def is_old(root: Element) -> bool:
    """Whether a game system or catalogue is written in the 1.x schema."""
    version = root.get("battleScribeVersion") or ""
    return version.startswith("1.") or any(child.tag in ("entries", "forceTypes") for child in root)


def as_current(root: Element, lines: dict[int, int]) -> None:
    """Rename a 1.x tree to the 2.x schema, in place; `lines` learns each new element's line."""
    todo = [root]
    while todo:
        element = todo.pop()
        for child in list(element):
            todo.append(child)
        if element.tag == "profileType":
            _characteristic_types(element, lines)
        if element.tag in RENAMED:
            element.tag = RENAMED[element.tag]
        if element.tag == "modifier" and element.get("type") in ("show", "hide"):  # 1.x's own way to show and hide
            element.attrib.update({"type": "set", "field": "hidden", "value": "false" if element.get("type") == "show" else "true"})
        if element.tag in ("selectionEntry", "selectionEntryGroup"):
            _constraints(element, lines)
            if element.get("categoryId"):
                element.set("categoryEntryId", element.get("categoryId", ""))
            if element.get("defaultEntryId"):
                element.set("defaultSelectionEntryId", element.get("defaultEntryId", ""))
        _links(element, lines)


def _characteristic_types(element: Element, lines: dict[int, int]) -> None:
    for child in element:
        if child.tag == "characteristics":
            child.tag = "characteristicTypes"
            for inner in child:
                if inner.tag == "characteristic":
                    inner.tag = "characteristicType"


def _constraints(element: Element, lines: dict[int, int]) -> None:
    """`minSelections="1"` as the constraint 2.x writes (the fewest its parent takes)."""
    least = element.get("minSelections")
    if least is None or least in ("0", "0.0", "-1", "-1.0"):
        return
    wrapper = element.makeelement("constraints", {})  # the parser's own kind of element
    constraint = element.makeelement("constraint", {"type": "min", "value": least, "field": "selections", "scope": "parent"})
    wrapper.append(constraint)
    element.append(wrapper)
    lines[id(wrapper)] = lines[id(constraint)] = lines.get(id(element), 1)


def _links(element: Element, lines: dict[int, int]) -> None:
    """A 1.x `<links>` list split into 2.x's `entryLinks` and `infoLinks`."""
    for child in list(element):
        if child.tag != "links":
            continue
        element.remove(child)
        wrappers: dict[str, Element] = {}
        for link in child:
            kind = LINKS.get(link.get("linkType") or "")
            if link.tag != "link" or kind is None:
                continue
            listed, tag, typed = kind
            if listed not in wrappers:
                wrappers[listed] = element.makeelement(listed, {})
                lines[id(wrappers[listed])] = lines.get(id(child), 1)
                element.append(wrappers[listed])
            link.tag = tag
            link.set("type", typed)
            _constraints(link, lines)
            wrappers[listed].append(link)
