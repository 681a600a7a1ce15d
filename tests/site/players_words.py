"""What a page shows a player, and the code that must not be in it: an expression of the
logic language (`10 if blitzed else attacks`, `purpose == 'combat-reform'`, `max(0, x)`), a
Python name (`lost_by`) or a Python list or literal (`'morale-check', 'pinning-test'`,
`Literal[...]`, `True`).

Code is for programmers, and the pages keep it where they show it to them: in `<code>` and
`<pre>`, and in each check's "For programmers" part (`details.rr-programmers`). Everything
else of a page, the text of its charts and of its "Try it" forms included, is what a player
reads.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

CODE = {
    "an expression": re.compile(r"\bif\b[^.;:(),]*\belse\b|\b[a-z_][a-z0-9_]* (?:\+|\*|//|==|!=|<=|>=) [a-z0-9_(']"),
    "a helper call": re.compile(r"\b(?:min|max|abs|clamp|halve_up|halve_down|dice_max|dice_min)\("),
    "a Python name": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    "a Python list": re.compile(r"'[^'\s]+', '|\[\s*'|\(\s*'[^']*',"),
    "a Python literal": re.compile(r"\bLiteral\[|\b(?:True|False)\b"),
}
# where a page shows code to programmers (and what no reader sees)
_CODE_TAGS = {"code", "pre", "script", "style", "template"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# the text of an element of the article as a browser script takes it, code taken out
ARTICLE_TEXT = """() => {
  const article = document.querySelector('article').cloneNode(true);
  for (const code of article.querySelectorAll('code, pre, script, style, template, details.rr-programmers')) code.remove();
  return article.textContent;
}"""


def code_in(text: str) -> list[str]:
    """Each piece of code in a text a player reads, with what it is and some words around it."""
    found = []
    for what, pattern in CODE.items():
        for match in pattern.finditer(text):
            found.append(f"{what}: …{text[max(0, match.start() - 40) : match.end() + 40]}…")
    return found


class _PlayerText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[bool] = []  # for each open element: whether it holds code
        self.hidden = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        code = tag in _CODE_TAGS or (tag == "details" and "rr-programmers" in (dict(attrs).get("class") or "").split())
        self.open.append(code)
        self.hidden += code

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID and self.open:
            self.hidden -= self.open.pop()

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def player_text(page: str) -> str:
    """The text of a built page (its HTML) that a player reads, without its code."""
    parser = _PlayerText()
    parser.feed(page)
    return " ".join(" ".join(parser.parts).split())
