"""Where a record comes from: its file, line, catalogue and army, and the book it cites; and
the text of an element as the data writes it."""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from rulesref.formats.battlescribe.forces import armies
from rulesref.formats.battlescribe.index import Index, children
from rulesref.formats.battlescribe.numbers import whole
from rulesref.formats.battlescribe.read import XmlFile
from rulesref.formats.battlescribe.records import Origin

PAGE = re.compile(r"\s*(?:p\.?\s*)?([0-9]{1,4})\s*")


def element_text(element: Element | None) -> str:
    return "".join(element.itertext()).strip() if element is not None else ""


def description(element: Element) -> str:
    for child in element:
        if child.tag == "description":
            return element_text(child)
    return ""


def page_of(element: Element) -> int | None:
    match = PAGE.fullmatch(element.get("page") or "")
    if match is None:
        return None
    page = whole(match.group(1))
    return page if page is not None and 1 <= page <= 10000 else None


def characteristic_text(profile: Element) -> str:
    texts = []
    for c in children(profile, "characteristic"):
        value = c.get("value")
        texts.append((value if value is not None else element_text(c)).strip())
    return "\n\n".join(t for t in texts if t)


class Places:
    """What every record says of where it came from: the file, line, catalogue and army of
    an element, and its book."""

    def __init__(self, index: Index) -> None:
        self.index = index
        self.army_of_file = {f.name: f.name for f in armies(index.files)}

    def origin(self, element: Element, xml: XmlFile) -> Origin:
        return Origin(xml.name, xml.line(element), xml.kind, xml.root.get("name") or xml.name, self.army_of_file.get(xml.name))

    def book(self, element: Element) -> str | None:
        publication = self.index.publications.get(element.get("publicationId") or "")
        if publication is not None:
            return publication.id
        book = (element.get("book") or "").strip()
        return book or None
