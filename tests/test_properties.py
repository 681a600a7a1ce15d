"""Property tests: random Markdown, random YAML scalars and random expressions thrown at
validate, generate and the site's pages, each case under a time limit.

A case fails on a traceback, on a hang, or on a silent acceptance: content that validate
accepts but a later stage rejects (a page whose front matter or Markdown the site cannot
read, generated code that does not compile, give its examples' results, or pass its own
doctests). The cases are derandomised, so CI runs the same ones every time;
RULESREF_PROPERTY_EXAMPLES raises their number for a longer hunt.
"""

from __future__ import annotations

import ast
import doctest
import json
import os
import re
import shutil
import sys
import types
from pathlib import Path
from typing import Any

import markdown  # type: ignore[import-untyped]
import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from mkdocs.utils.meta import get_data

from rulesref.build import Build
from rulesref.emit.python import package_files
from rulesref.pages.docs import docs_files
from rulesref.problems import Problem
from rulesref.validate import validate

from .conftest import FIXTURES
from .hang_guard import no_hang

pytestmark = pytest.mark.slow  # over 5 s (tasks.py test --fast leaves it out)

EXAMPLES = int(os.environ.get("RULESREF_PROPERTY_EXAMPLES", "200"))
CASE_SECONDS = 20.0  # per case; a hang guard, far above the real cost (speed: benchmarks/)
CASES = settings(
    max_examples=EXAMPLES,
    deadline=None,  # the time limit is the guard below: it also stops a case that never returns
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MARKDOWN_EXTENSIONS: list[Any] = ["toc", "tables", "md_in_html", "fenced_code"]


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small content folder (system `other`); each case writes `other/prop.yml`."""
    root = tmp_path_factory.mktemp("property") / "content"
    shutil.copytree(FIXTURES / "content" / "other", root / "other")
    return root


def check_case(content: Path, raw: bytes) -> tuple[Build, tuple[Problem, ...]]:
    """Write the file, validate it, and when it is accepted, build every docs file and read
    the entry's page the way the site does."""
    path = content / "other" / "prop.yml"
    path.write_bytes(raw)
    with no_hang(CASE_SECONDS):
        result = validate([str(path)], odds=True)
        event("accepted" if not result.problems else "refused")
        if not result.problems:
            read_the_site(result)
    return result, result.problems


def read_the_site(result: Build) -> None:
    files = docs_files(result)
    yaml.safe_load(files[".nav.yml"].decode("utf-8"))
    for rel, data in files.items():
        if rel.endswith(".json"):
            json.loads(data)
        elif rel.endswith(".md") and ("prop" in rel or rel.endswith("index.md")):
            body, meta = get_data(data.decode("utf-8"))
            assert isinstance(meta.get("title", ""), str) and meta, rel  # the front matter was read
            markdown.Markdown(extensions=MARKDOWN_EXTENSIONS).convert(body)


def entry(**fields: Any) -> bytes:
    data = {"id": "prop", "kind": "term", "name": "Prop", "summary": "x", **fields}
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**6).encode("utf-8")


# -- random Markdown -------------------------------------------------------------------------

FRAGMENTS = [
    "[", "]", "(", ")", "[[", "]]", "[[Fearless]]", "[[Nowhere]]", "[[Fearless|fear]]", "[[demo:Brutal (3)]]",
    "<", ">", "<a", "<!--", "{", "}", "{:", "{#", "{.", "=", ":", "]:", "](", "](https://example.org)",
    "](javascript:x)", "[a]: ", "#", "## ", "*", "**", "_", "`", "``", "```", "~~~", "-", "- ", "1. ", "> ",
    "|", "| a | b |", "|---|", "!", '"', "'", "\\", "&", "&amp;", "&#", ";", "http://", "word", "Fearless",
    " ", "  ", "    ", "\n", "\n\n", "é", "а", "\u200b", "---", "===", "{{ x }}", "{% x %}", "\u00a0", "%", "$",
]
pieces = st.one_of(
    st.sampled_from(FRAGMENTS),
    st.text(max_size=4),
    st.tuples(st.sampled_from(FRAGMENTS), st.integers(2, 3000)).map(lambda t: t[0] * t[1]),
)
# lines with a prefix of blanks, quote and list markers, as block structure is written
prefixes = st.lists(st.sampled_from([" ", "    ", ">", "> ", "- ", "* ", "1. ", "\t"]), max_size=80).map("".join)
lines = st.tuples(prefixes, st.lists(pieces, max_size=6).map("".join)).map("".join)
markdown_texts = st.one_of(
    st.lists(pieces, min_size=1, max_size=40).map("".join),
    st.lists(lines, min_size=1, max_size=30).map("\n".join),
)


@CASES
@given(text=markdown_texts, place=st.sampled_from(["text", "notes", "table cell"]))
def test_random_markdown(content: Path, text: str, place: str) -> None:
    if place == "table cell":
        table = {"die": "D3", "rows": [{"roll": "1", "result": "a"}, {"roll": "2-3", "result": text}]}
        check_case(content, entry(kind="rule", text="Roll.", table=table))
    else:
        check_case(content, entry(**{"text": "x", place: text}))


# -- random YAML scalars ---------------------------------------------------------------------

SCALAR_ALPHABET = st.sampled_from(list("'\"\\#:-?&*!|>%@`.,[]{}~ _0123456789exabyonNTF\u00e9\u0430") + ["\\u", "\\x", "\n  ", "\n", "yes", "null", "0x", "1e3", "2024-01-01", "\\uFFFE", "\\u200b"])
scalars = st.lists(SCALAR_ALPHABET, min_size=1, max_size=30).map("".join)


@CASES
@given(field=st.sampled_from(["name", "summary", "text", "aliases", "id", "tags"]), scalar=scalars)
def test_random_yaml_scalars(content: Path, field: str, scalar: str) -> None:
    lines = {"id": "prop", "kind": "term", "name": "Prop", "summary": "x"}
    body = "".join(f"{key}: {value}\n" for key, value in lines.items() if key != field)
    value = f"[{scalar}]" if field in ("aliases", "tags") else scalar
    check_case(content, (body + f"{field}: {value}\n").encode("utf-8", "surrogatepass"))


# -- random expressions ----------------------------------------------------------------------

NAMES = ["a", "b", "flag", "roll"]
atoms = st.sampled_from([*NAMES, "0", "1", "7", "-3", "1000000", "True", "False", "'x'", "unknown", "_dice"])


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    operators = ["+", "-", "*", "//", "/", "%", "**", "<", "<=", "==", "!=", ">", ">=", "and", "or"]
    helpers = ["min", "max", "abs", "clamp", "halve_up", "halve_down", "dice_max", "open"]
    return st.one_of(
        st.tuples(children, st.sampled_from(operators), children).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        children.map(lambda c: f"(not {c})"),
        children.map(lambda c: f"(-{c})"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        st.tuples(st.sampled_from(helpers), st.lists(children, min_size=1, max_size=3)).map(lambda t: f"{t[0]}({', '.join(t[1])})"),
        st.tuples(children, st.lists(st.sampled_from(["1", "2", "'x'"]), min_size=1, max_size=3)).map(lambda t: f"({t[0]} in ({', '.join(t[1])},))"),
    )


def _whole(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(children, st.sampled_from(["+", "-", "*", "//"]), children).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(st.sampled_from(["min", "max"]), st.lists(children, min_size=2, max_size=3)).map(lambda t: f"{t[0]}({', '.join(t[1])})"),
        st.tuples(st.sampled_from(["abs", "halve_up", "halve_down", "-"]), children).map(lambda t: f"{t[0]}({t[1]})"),
        st.tuples(children, children, children).map(lambda t: f"clamp({t[0]}, {t[1]}, {t[2]})"),
        st.tuples(children, truths, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
    )


truths = st.one_of(
    st.sampled_from(["flag", "True", "False"]),
    st.tuples(st.sampled_from(["a", "b", "roll", "a * b"]), st.sampled_from(["<", "<=", "==", "!=", ">", ">="]), st.sampled_from(["0", "3", "b", "roll"])).map(" ".join),
)
wholes = st.recursive(st.sampled_from(["a", "b", "roll", "0", "1", "2", "7", "-3", "1000"]), _whole, max_leaves=16)
typed = {
    "int": wholes,
    "bool": st.recursive(truths, lambda c: st.one_of(st.tuples(c, st.sampled_from(["and", "or"]), c).map(" ".join), c.map(lambda x: f"not ({x})")), max_leaves=8),
}
wild = st.recursive(atoms, _combine, max_leaves=24)
INPUTS = {"a": {"type": "int", "min": 0, "max": 60}, "b": {"type": "int", "min": -5, "max": 5}, "flag": {"type": "bool"}, "roll": {"type": "D6"}}
GIVEN = {"a": 7, "b": -2, "flag": True, "roll": 4}
GOT = re.compile(r"but the logic gives (.+)$")


def check_entry(body: str, steps: list[str], output: str, expect: object) -> bytes:
    used = [n for n in NAMES if re.search(rf"\b{n}\b", " ".join([body, *steps]))]
    check: dict[str, Any] = {
        "summary": "x",
        "inputs": {n: INPUTS[n] for n in used},
        "output": {"type": output},
    }
    if steps:
        check["let"] = {f"s{i}": step for i, step in enumerate(steps)}
    check["expr"] = body
    check["examples"] = [{"given": {n: GIVEN[n] for n in used}, "expect": expect}]
    return entry(kind="rule", text="x", checks={"c": check})


def run_generated(result: Build, expect: object) -> None:
    """The generated module compiles, gives the example's result and passes its doctests."""
    files = package_files(result)
    source = files["other/prop.py"].decode("utf-8")
    module = types.ModuleType("rulechecks.other.prop")
    module.__package__ = "rulechecks.other"  # `from .. import _dice` finds the shipped runtime
    sys.modules[module.__name__] = module
    try:
        exec(compile(ast.parse(source), "prop.py", "exec"), module.__dict__)
        example = result.content.entries[-1].checks[0].examples[0]
        assert module.c(**dict(example.given)) == expect
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for test in doctest.DocTestFinder().find(module):
            runner.run(test, out=lambda _: None)
        assert runner.failures == 0
    finally:
        del sys.modules[module.__name__]


@st.composite
def checks(draw: st.DrawFn) -> tuple[str, list[str], str]:
    """Half well-typed (to reach the proof, the examples and the generated code), half wild."""
    output = draw(st.sampled_from(["int", "bool"]))
    if draw(st.booleans()):
        steps = draw(st.lists(wholes, max_size=3))
        body = draw(typed[output])
        if steps:  # every step is used, or the check is refused for an unused one
            total = " + ".join(f"s{i}" for i in range(len(steps)))
            body = f"({body}) + {total}" if output == "int" else f"({body}) or {total} > 0"
        return body, steps, output
    return draw(wild), draw(st.lists(wild, max_size=3)), output


@CASES
@given(case=checks())
def test_random_expressions(content: Path, case: tuple[str, list[str], str]) -> None:
    body, steps, output = case
    placeholder: object = 0 if output == "int" else False
    _, problems = check_case(content, check_entry(body, steps, output, placeholder))
    if not problems or {p.code for p in problems} != {"example-failed"}:
        return
    got = GOT.search(problems[0].message)
    if got is None:
        return  # the example raised an error: nothing further to compare
    expect = ast.literal_eval(got.group(1))
    result, again = check_case(content, check_entry(body, steps, output, expect))
    assert again == (), "accepted once its example was corrected, so it must be clean"
    event("generated and run")
    with no_hang(CASE_SECONDS):
        run_generated(result, expect)


