"""The site's scripts as served: comment lines and indentation go, code stays as written,
and a script whose strings might span lines is refused rather than shortened."""

from __future__ import annotations

from importlib import resources

import pytest

from rulesref.emit.js_module import ScriptShapeError, served
from rulesref.pages.docs import asset_files

SOURCE = """// why this script exists
/** A helper. */
const URL_TEXT = "http://example.org/a";  // a trailing comment stays
/*
 * a block
 */
function f(a) {
    return `${a} // not a comment`;
}
"""


def test_comment_lines_and_indentation_go_and_code_stays() -> None:
    assert served(SOURCE, "x.js") == (
        'const URL_TEXT = "http://example.org/a";  // a trailing comment stays\n'
        "function f(a) {\nreturn `${a} // not a comment`;\n}\n"
    )


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("const a = `one\ntwo`;\n", "x.js:1: a template literal or string must open and close on one line"),
        ('const a = "one\\\ntwo";\n', "x.js:1: a template literal or string must open and close on one line"),
        ("/* a\n   b */ const c = 1;\n", "x.js:2: a block comment must end its line"),
    ],
)
def test_a_script_that_cannot_be_shortened_safely_is_refused(source: str, why: str) -> None:
    with pytest.raises(ScriptShapeError) as caught:
        served(source, "x.js")
    assert str(caught.value) == why


def test_the_site_serves_its_scripts_shortened_with_every_line_of_code() -> None:
    folder = resources.files("rulesref").joinpath("templates", "site", "assets")
    files = asset_files()
    scripts = [item for item in folder.iterdir() if item.name.endswith(".js")]
    assert scripts
    for item in scripts:
        source = item.read_text(encoding="utf-8")
        shipped = files[f"assets/{item.name}"].decode("utf-8")
        assert len(shipped) < len(source)
        code, in_comment = [], False
        for line in source.splitlines():
            text = line.strip()
            if in_comment or text.startswith("/*"):
                in_comment = not text.endswith("*/")
            elif text and not text.startswith("//"):
                code.append(text)
        assert shipped.splitlines() == code, item.name
