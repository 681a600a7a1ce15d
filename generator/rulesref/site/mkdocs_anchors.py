"""The ids of a page's raw HTML, found by regular expressions instead of an HTML parser.

MkDocs reads every page's Markdown through a preprocessor of its own (for raw HTML)
whose one job is to note the ids that raw HTML gives (so a link to `page/#id` is not reported
as a broken anchor): it runs Python's `html.parser` over the whole page, every tag of it. The
entries' pages write their profiles, cards and lists as finished HTML
(`rulesref.pages.finished`), so on a big import that parse was a quarter of the time MkDocs
spends reading a unit's page (MkDocs' other parse of the same HTML, Python-Markdown's own,
finds where blocks start and end, and stays). `rulesref build`'s MkDocs child
(`rulesref.site.mkdocs_runner`) has that preprocessor use `present_ids` instead
(`mkdocs_internals.replace_raw_html_ids`), which finds
the same ids as the parser: every start tag's `id` (and an `a` tag's `name`), its value
unescaped as the parser unescapes it, with comments, `<script>` and `<style>` contents left out
as the parser leaves them out. A test compares the two on every page of the fixture site and
on pages written to trip it.

Like the runner, it imports nothing of rulesref: the MkDocs child loads it by its path.
"""

from __future__ import annotations

import re
from html import unescape

# what html.parser skips: comments, declarations and processing instructions, and the
# contents of script and style (which it reads as text up to their end tag)
_SKIPPED = re.compile(r"<!--.*?(?:-->|\Z)|<![^>]*>|<\?[^>]*>|<(script|style)\b.*?(?:</\1\s*>|\Z)", re.DOTALL | re.IGNORECASE)
# a start tag as html.parser reads one (`tagfind_tolerant`, `attrfind_tolerant`), whose
# attributes hold `id` or `name` somewhere
_START_TAG = re.compile(
    r"<([a-zA-Z][^\t\n\r\f />\x00]*)((?:[\s/]*(?:(?<=['\"\s/])[^\s/>][^\s/=>]*)(?:\s*=+\s*(?:'[^']*'|\"[^\"]*\"|(?!['\"])[^>\s]*))?(?:\s|/(?!>))*)*)\s*/?\s*>"
)
_ATTRIBUTE = re.compile(r"((?<=['\"\s/])[^\s/>][^\s/=>]*)(\s*=+\s*('[^']*'|\"[^\"]*\"|(?!['\"])[^>\s]*))?(?:\s|/(?!>))*")
_CANDIDATE = re.compile(r"\b(?:id|name)\b", re.IGNORECASE)


def present_ids(text: str) -> set[str]:
    """The ids the raw HTML of `text` gives: what MkDocs' `_HTMLHandler` collects."""
    found: set[str] = set()
    if "<" not in text:
        return found
    if "<!" in text or "<?" in text or "<s" in text or "<S" in text:
        text = _SKIPPED.sub(lambda m: "", text)
    for tag in _START_TAG.finditer(text):
        attributes = tag.group(2)
        if not attributes or _CANDIDATE.search(attributes) is None:
            continue
        name = tag.group(1).lower()
        for attribute in _ATTRIBUTE.finditer(" " + attributes):
            key = attribute.group(1).lower()
            if key == "id" or (key == "name" and name == "a"):
                value = attribute.group(3)
                if value is None:
                    continue  # an attribute without a value: the parser gives None, which MkDocs adds
                if value[:1] == value[-1:] and value[:1] in ("'", '"') and len(value) >= 2:
                    value = value[1:-1]
                found.add(unescape(value) if "&" in value else value)
    return found


