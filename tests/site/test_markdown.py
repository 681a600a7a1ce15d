"""The renderer's own escaping, checked through Python-Markdown with the extensions the
site enables: content text renders as written and can never become markup."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import markdown  # type: ignore[import-untyped]
import pytest
import yaml

from rulesref.links import LinkMatch
from rulesref.pages.markdown import References, code, link_title, plain, user_inline, user_markdown

REPO = Path(__file__).resolve().parents[2]


def site_extensions() -> list[str]:
    """The Markdown extensions of mkdocs.yml (names only; their options do not matter here)."""
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    return [next(iter(e)) if isinstance(e, dict) else e for e in config["markdown_extensions"]]


def to_html(text: str) -> str:
    html: str = markdown.Markdown(extensions=site_extensions()).convert(text)
    return html


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> Elements:
    found = Elements()
    found.feed(html)
    return found


def no_links(link: LinkMatch) -> str:
    return f"LINK({link.target})"


HOSTILE = [
    "{{ config.site_name }}",
    "{% if x %}y{% endif %}",
    "{# c #}",
    'say "hi" & <b> <script>alert(1)</script>',
    "*stars* _under_ `tick` [bracket](x) \\ back # hash + - . ! |",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "a < b > c &amp; d",
    "javascript:alert(1)",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_plain_text_renders_exactly_as_written(text: str) -> None:
    html = to_html(plain(text))
    found = parse(html)
    assert "".join(found.text).strip() == text
    assert [tag for tag, _ in found.tags] == ["p"]


@pytest.mark.parametrize("text", HOSTILE)
def test_plain_text_is_literal_inside_a_table_cell(text: str) -> None:
    html = to_html(f"| a |\n|---|\n| {plain(text)} |\n")
    cell = html.split("<td>")[1].split("</td>")[0]
    assert "".join(parse(cell).text) == text


@pytest.mark.parametrize("text", [*HOSTILE, 'quote " and apostrophe \' and (parens) and ) alone'])
def test_link_titles_carry_any_text(text: str) -> None:
    refs = References()
    source = f"see {refs.link('Fear', '../fear/index.md', text)} now\n\n{refs.definitions()}\n"
    tags = parse(to_html(source)).tags
    anchors = [attrs for tag, attrs in tags if tag == "a"]
    assert anchors == [{"href": "../fear/index.md", "title": " ".join(text.split())}]


def test_link_title_escapes_everything_markdown_reads_before_the_title() -> None:
    assert link_title('a "b" `c` <d> & \\ [e] (f)') == "a &#34;b&#34; &#96;c&#96; &#60;d&#62; &#38; &#92; &#91;e&#93; &#40;f&#41;"


def test_code_spans_hold_backticks() -> None:
    assert code("a`b") == "``a`b``"
    assert code("`x`") == "`` `x` ``"
    assert parse(to_html(code("a`b"))).text == ["a`b"]


def test_braces_in_rule_text_stay_literal() -> None:
    text = "Roll {{ dice }} and {% if x %}y{% endif %}; `{{ code }}`."
    html = to_html(user_markdown(text, no_links))
    assert "{{ dice }}" in html and "{% if x %}y{% endif %}" in html and "<code>{{ code }}</code>" in html


def test_raw_html_in_rule_text_is_shown_not_run() -> None:
    text = 'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <!-- c --> <a href="javascript:x">y</a>'
    found = parse(to_html(user_markdown(text, no_links)))
    assert [tag for tag, _ in found.tags] == ["p"]
    assert "<script>alert(1)</script>" in "".join(found.text)


def test_links_to_other_schemes_become_text() -> None:
    text = "[click](javascript:alert(1)) and [ref][r] and [data](data:text/html,x)\n\n[r]: javascript:alert(2)\n"
    found = parse(to_html(user_markdown(text, no_links)))
    assert not [attrs for tag, attrs in found.tags if tag == "a"]


@pytest.mark.parametrize(
    "text",
    [
        "[a](https://x.com/[b](javascript:alert(1))",  # an address hidden in another's address
        "> [y]: javascript:alert(1)\n\n[click][y]",  # definitions count inside quotes ...
        "- [y]: javascript:alert(1)\n\n[click][y]",  # ... and lists
        "* a\n\n    [y]: javascript:alert(1)\n\n[click][y]",
        "[y]:\n  javascript:alert(1)\n\n[click][y]",
        "[x]( <javascript:alert(1)> )",
        "[x](&#106;avascript:alert(1))",
        "[x](HTTPS:javascript:alert(1))",
    ],
)
def test_links_markdown_reads_in_unexpected_places_are_defused_too(text: str) -> None:
    found = parse(to_html(user_markdown(text, no_links)))
    assert [a.get("href") for tag, a in found.tags if tag == "a" and not (a.get("href") or "").startswith("https://x.com/")] == []


def test_http_links_stay_links_and_cannot_break_out_of_their_address() -> None:
    text = 'A [site](https://example.com/"onmouseover="alert(1)) link.'
    found = parse(to_html(user_markdown(text, no_links)))
    anchors = [attrs for tag, attrs in found.tags if tag == "a"]
    assert anchors == [{"href": "https://example.com/%22onmouseover=%22alert(1)"}]


def test_attribute_lists_are_plain_text() -> None:
    text = "*a*{ onclick=alert(1) } and [[Fear]]{ hidden onmouseover }\n\n# Heading { #id .cls onclick=x }\n"
    found = parse(to_html(user_markdown(text, no_links)))
    for _, attrs in found.tags:
        assert not [name for name in attrs if name.startswith("on") or name in ("hidden", "class")]
    assert "{ onclick=alert(1) }" in "".join(found.text)


def test_cross_links_are_replaced_but_not_inside_code() -> None:
    out = user_markdown("See [[Fear]] and `[[Fear]]` and [[w40k7:Fear|fear]].", no_links)
    assert out == "See LINK(Fear) and `[[Fear]]` and LINK(Fear).\n"


def test_headings_of_rule_text_sit_below_the_page_headings() -> None:
    out = user_markdown("# One\n\n## Two\n\n###### Six\n\nText\n===\n", no_links)
    tags = [tag for tag, _ in parse(to_html(out)).tags]
    assert tags == ["h3", "h4", "h6", "p"]


def test_fenced_code_keeps_its_text_and_loses_attributes() -> None:
    out = user_markdown("```{ .python onclick=x }\n{{ x }} <b>\n```\n\n~~~ python\nprint(1)\n~~~\n", no_links)
    found = parse(to_html(out))
    assert ("code", {}) in found.tags and ("code", {"class": "language-python"}) in found.tags
    assert "{{ x }} <b>" in "".join(found.text)


def test_an_unclosed_fence_cannot_swallow_the_page() -> None:
    page = user_markdown("Text\n\n```\nnever closed {{ x }}\n", no_links) + "\n## After\n\n```python\ncode\n```\n"
    found = parse(to_html(page))
    assert "h2" in [tag for tag, _ in found.tags]
    assert "never closed {{ x }}" in "".join(found.text)


def test_table_cells_keep_one_line_and_escape_pipes() -> None:
    cell = user_inline("A | B\n\nsecond `a|b` paragraph [[Fear]]", no_links)
    assert "\n" not in cell
    html = to_html(f"| x |\n|---|\n| {cell} |\n")
    assert html.count("<td>") == 1
    assert "A | B" in html and "<br>" in html and "<code>a|b</code>" in html


FRAGMENTS = [
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<!-- x -->", "<a href=javascript:alert(1)>x</a>",
    "[x](javascript:alert(1))", "[x]( javascript:alert(1) )", "[x](<javascript:alert(1)>)", "[y]: javascript:alert(1)",
    "[x][y]", "![i](javascript:alert(1))", "[x](https://e.com/\"onclick=\"alert(1))", "{: onclick=alert(1) }",
    "{ hidden onclick=\"alert(1)\" }", "*a*{ onclick=x }", "```{ onclick=x }", "```", "~~~", "`", "``", "\\", "&#60;script&#62;",
    "&lt;b&gt;", "{{ x }}", "{% x %}", "<", ">", "&", "\n", "\n\n", "    ", "# h", "===", "---", "- ", "1. ", "> ", "|", "[[Fear]]",
    "[[Fear|a <b> label]]", "[[", "]]", "](", "<https://e.com>", "<mailto:x@y.z>", "data:text/html;base64,PHNjcmlwdD4=",
]
FORBIDDEN_TAGS = {"script", "iframe", "object", "embed", "style", "svg", "math", "form", "input", "textarea", "button", "link", "meta", "base", "frame"}


@pytest.mark.slow
def test_no_mix_of_hostile_fragments_becomes_active() -> None:
    import random

    rng = random.Random(7)

    def writer(link: LinkMatch) -> str:
        refs = References()
        return refs.link(plain(link.label), "../fear/index.md", "summary") + "\n\n" + refs.definitions() + "\n\n"

    for _ in range(400):
        text = "".join(rng.choice(FRAGMENTS) + rng.choice(["", " ", "\n", "x"]) for _ in range(rng.randint(1, 12)))
        found = parse(to_html(user_markdown(text, writer)) + to_html(user_inline(text, writer)))
        for tag, attrs in found.tags:
            assert tag not in FORBIDDEN_TAGS, text
            for name, value in attrs.items():
                assert not name.startswith("on") and name not in ("style", "srcdoc", "formaction"), text
                if name in ("href", "src"):
                    assert value is not None and (value.startswith(("https://", "http://", "../")) or value == "#"), (text, value)
