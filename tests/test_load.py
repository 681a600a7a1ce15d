"""The safe loader: plain JSON values with positions, and a clear refusal for everything else."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rulesref.read.load import MAX_FILE_BYTES, LoadError, load_bytes, load_file


def load(text: str) -> object:
    return load_bytes(text.encode(), "f.yml").data


def refusal(text: str | bytes) -> LoadError:
    raw = text.encode() if isinstance(text, str) else text
    with pytest.raises(LoadError) as info:
        load_bytes(raw, "f.yml")
    return info.value


def test_values_are_plain_json_types() -> None:
    data = load("a: 1\nb: -2\nc: 2.5\nd: true\ne: null\nf: ~\ng: text\nh: [1, x]\ni: {j: k}\n")
    assert data == {"a": 1, "b": -2, "c": 2.5, "d": True, "e": None, "f": None, "g": "text", "h": [1, "x"], "i": {"j": "k"}}


@pytest.mark.parametrize("word", ["yes", "No", "ON", "off", "y", "N"])
def test_yaml11_booleans_are_refused_unquoted_and_kept_quoted(word: str) -> None:
    assert refusal(f"a: {word}\n").code == "ambiguous-boolean"
    assert load(f"a: '{word}'\n") == {"a": word}


@pytest.mark.parametrize("number", ["010", "0x1F", "0o17", "0b101", "1_000", "1:30", "1e3", "1.5e3", ".5", "1."])
def test_numbers_read_differently_by_yaml_versions_are_refused(number: str) -> None:
    assert refusal(f"a: {number}\n").code == "ambiguous-number"
    assert load(f"a: '{number}'\n") == {"a": number}


@pytest.mark.parametrize("text", ["2-3", "4+", "D6", "2D6", "1-6", "+", "3rd", "-1-"])
def test_things_that_only_look_numeric_stay_strings(text: str) -> None:
    assert load(f"a: {text}\n") == {"a": text}


def test_keys_are_always_strings() -> None:
    assert load("yes: 1\n1: 2\nnull: 3\n") == {"yes": 1, "1": 2, "null": 3}


def test_positions_of_values_and_keys() -> None:
    doc = load_bytes(b"a:\n  b: [1, 2]\n  c: |\n    line\n", "f.yml")
    assert doc.at(("a", "b", 1)) == (2, 10)
    assert doc.at(("a", "c"), key=True) == (3, 3)
    assert doc.at(("a", "missing", 5)) == doc.at(("a",))


REPO = Path(__file__).resolve().parent.parent


def test_a_loaded_document_keeps_only_top_level_places_and_finds_the_rest_as_a_full_parse_does() -> None:
    """A loaded file keeps the places of its top-level keys and values only (most of a
    document's weight is the span of every value); asked for any other, it parses its text
    again, and every place it gives is the one a parse with positions gives."""
    from rulesref.read.load import parse_text

    files = sorted((REPO / "content").rglob("*.yml"))
    assert len(files) > 100
    for file in files:
        raw = file.read_bytes()
        light, full = load_bytes(raw, file.name), parse_text(raw.decode("utf-8"), file.name)
        assert light._spans is None and light._top == full.top_spans()
        top = [(path, key) for path in full.spans if len(path) == 1 for key in (False, True)]
        assert [light.at(p, key=k) for p, k in top] == [full.at(p, key=k) for p, k in top]
        assert light._spans is None  # top-level places parse nothing again
        deep = [path for path in full.spans if len(path) > 1]
        assert [light.at(p) for p in deep] == [full.at(p) for p in deep]
        assert light.spans == full.spans and light.key_spans == full.key_spans


def test_locate_finds_offsets_inside_block_text() -> None:
    doc = load_bytes(b"text: |\n  first line\n  second [[link]]\n", "f.yml")
    text = doc.data["text"]
    assert doc.locate(("text",), text.index("[[")) == (3, 10)


def test_bom_is_ignored_and_crlf_is_fine() -> None:
    assert load_bytes(b"\xef\xbb\xbfa: 1\r\nb: 2\r\n", "f.yml").data == {"a": 1, "b": 2}


def test_invalid_utf8_is_reported_at_line_and_column_not_byte_offset() -> None:
    error = refusal(b"a: 1\nb: \xc3\xa9\xc3\xa9\xff\n")
    assert (error.code, error.line, error.col) == ("encoding", 2, 6)


def test_nothing_is_constructed_from_tags(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    error = refusal(f"a: !!python/object/apply:os.system ['touch {marker}']\n")
    assert error.code == "tag"
    assert not marker.exists()


def test_alias_bomb_is_refused_at_the_first_anchor() -> None:
    bomb = "a: &a [x, x, x]\n" + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))
    assert refusal(bomb).code == "anchor"


def test_deep_nesting_stops_early() -> None:
    assert refusal("a: " + "[" * 100 + "]" * 100 + "\n").code == "too-deep"
    assert refusal("a: " + "[" * 5000 + "]" * 5000 + "\n").code in ("too-deep", "yaml-syntax")


def test_size_cap_is_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.yml"
    path.write_bytes(b"a: '" + b"x" * MAX_FILE_BYTES + b"'\n")
    doc, problems = load_file(path, "big.yml")
    assert doc is None and problems[0].code == "file-too-large"


def test_a_file_that_grew_after_its_status_is_read_on_to_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file is read as long as its status said, and on while it grows (a save under way):
    no byte is lost, and one grown past the limit is still refused."""
    from rulesref.read import load as load_module

    real = os.stat

    def older(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:  # the status taken before the last write
        info = real(path, *args, **kwargs)
        return os.stat_result((*info[:6], 10, *info[7:]))

    monkeypatch.setattr(os, "stat", older)  # the `os` that `load` reads statuses with
    small, big = tmp_path / "small.yml", tmp_path / "big.yml"
    small.write_bytes(b"a: 1\nb: [x, y]\n")
    big.write_bytes(b"a: '" + b"x" * MAX_FILE_BYTES + b"'\n")
    assert load_module.read_file(small, "small.yml") == (small.read_bytes(), [])
    raw, _ = load_module.read_file(big, "big.yml")
    assert raw is not None and len(raw) == MAX_FILE_BYTES + 1
    doc, problems = load_file(big, "big.yml")
    assert doc is None and problems[0].code == "file-too-large"


def test_in_memory_size_cap_too() -> None:
    assert refusal(b"a: 1\n" + b"#" * MAX_FILE_BYTES).code == "file-too-large"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yml"
    os.mkfifo(fifo)
    doc, problems = load_file(fifo, "pipe.yml")
    assert doc is None and problems[0].code == "not-a-file"


def test_missing_file_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    doc, problems = load_file(tmp_path / "nope.yml", "nope.yml")
    assert doc is None and problems[0].code == "io-error"


@pytest.mark.parametrize(
    "text",
    [
        "a: [1, 2\n",
        "a: b: c\n",
        "a:\n - 1\n  - 2\n",
        "'unterminated\n",
        "a: \"\\q\"\n",
        "? \n",
        "%YAML 1.1\n%TAG ! tag:example.com,2000:\n---\na: !x 1\n",
        "a: 1\n...\n---\nb: 2\n",
        "[1]: x\n",
        "a: *ref\n",
        ": x\n",
        "\u2028a: 1\n",
    ],
)
def test_broken_yaml_is_one_clear_problem(text: str) -> None:
    try:
        load_bytes(text.encode(), "f.yml")
    except LoadError as error:
        assert error.line >= 1 and error.col >= 1 and error.message
    else:  # a few of these are valid YAML but must still be plain data
        pass


# -- which files the fast path may take ------------------------------------------------------

_WORDS = st.sampled_from(["text", "*bold*", "**strong**", "&amp", "!not", "%d", "a | b", "x >", "*", "&", "[[Link]]", "2+"])
_VALUES = st.sampled_from(["v", "|", ">-", "|2", "&a v", "*a", "!t v", "!!str v", '"q |"', "x |", "# c |", "[x, &b y]", "{k: *a}", "*b*", ""])


_KEY_LINE = st.tuples(st.sampled_from([0, 1, 2, 4, 6]), st.sampled_from(["", "- ", "-   ", "- - "]), _VALUES)
_TEXT_LINE = st.tuples(st.sampled_from([0, 1, 2, 4, 6, 8]), st.lists(_WORDS, max_size=3))


@st.composite
def _yamlish(draw: st.DrawFn) -> str:
    """Lines of mappings, sequences and block scalars at random depths, with every kind of
    special syntax in structure and in text: many of them valid YAML, some not."""
    lines = []
    for i, line in enumerate(draw(st.lists(st.one_of(_KEY_LINE, _TEXT_LINE), min_size=1, max_size=12))):
        if len(line) == 3:
            indent, marks, value = line
            lines.append(f"{' ' * indent}{marks}k{i}: {value}".rstrip())
        else:
            indent, words = line
            lines.append(f"{' ' * indent}{' '.join(words)}".rstrip())
    return "\n".join(lines) + "\n"


def _outcome(compose: Any, text: str) -> tuple[str, Any]:
    try:
        return "data", compose(text)[0]
    except LoadError as exc:
        return exc.code, None
    except yaml.YAMLError:
        return "invalid", None


@pytest.mark.slow
@settings(max_examples=1500, derandomize=True, deadline=None)
@given(_yamlish())
@example("a: |\n  *bold* &x !y\nb: &z 1\n")
@example("a: # see |\n  b: &x 1\n")  # a comment's bar opens nothing
@example("-   key: |\n      text *x*\n    other: &a 1\n")  # the block is deeper than its key, not its dash
@example("- key: >-\n    *x* &y\n\n    more *z*\n- b: *a\n")
@example("a: b |\n  &c d\n")  # a plain scalar's next line is its own text
def test_a_file_the_fast_path_takes_holds_no_anchor_alias_or_tag(text: str) -> None:
    """Files that `_plain_data_only` lets libyaml compose in C are those where the event path
    (which reports anchors, aliases and tags at their place) finds none of them, and both
    paths give the same data: block scalars' words are skipped as text, never structure."""
    from rulesref.read import load

    parser = load._Parser(text)  # type: ignore[attr-defined]  # the parser `load` itself uses (libyaml's when there)
    try:
        slow = _outcome(lambda t: load._build(parser), text)
    finally:
        parser.dispose()
    if load._plain_data_only(text):
        assert slow[0] not in {"anchor", "alias", "tag"}, text
        fast = _outcome(lambda t: load._compose(t, True), text)
        if slow[0] == "data" and fast[0] == "data":
            assert fast[1] == slow[1], text
        assert (slow[0] == "data") == (fast[0] == "data"), (text, slow, fast)
