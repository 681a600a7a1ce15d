"""What `serve` keeps between saves never shows, whatever the author edits and in whatever
order: after every edit of a random series, the problems, the docs folder it keeps in sync
and the packages generated from its build are byte for byte what a cold run makes. And
`rulesref validate` run after each edit, with the caches the runs before left on disk
(which keep each system's problems, `rulesref.check.kept`), reports what a cold
run reports.

`test_serve_reuse` walks one fixed series of edits, the ones its authors thought of. The
memos (loaded files, folder listings, resolved links, checks across files, compiled entries,
rendered files) each decide by their own inputs whether the last value still holds, and a
staleness bug hides in an order nobody wrote down: a rename after a deleted file came back,
a summary reworded while another file does not parse. Here Hypothesis draws the edits (a
rule reworded, linked, renamed, its example or logic changed, a file deleted and restored,
a new entry, a system's settings, a syntax error and its fix, ...) on a copy of the shipped
`content/`, and compares each save of one long-lived process with a cold run that keeps
nothing, not even the compile cache. A failure prints the series of edits that shows it.

The series runs with file statuses too new to trust (every file is read again) and with every
status trusted at once, as the fixed series does; each write then moves the file's times to
a time it never had, so that a changed file is changed by its status too (two writes within
one tick of the file system's clock would otherwise look alike: the product guards against
that with `RACY_SECONDS`, which these tests turn off).

A smaller machine (slow: it runs MkDocs) also keeps a live preview's site (`LiveSite`) and
compares the pages it rebuilt on each save with a whole MkDocs build of a cold docs folder.

Both are marked `deep` (`tests/conftest.py`): the everyday run walks one series of each way of
trusting statuses and `--deep` the others, drawn from other seeds; the live machine's series
run with `--deep` only (the everyday run has the fixed series of `tests/site/test_live.py`).

The calls into the incremental layer are the adapter below (`Process`, `kept_run`,
`cold_run`): the only part to change when that layer's interface does.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import re
import shutil
import time
from collections import Counter, OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

import pytest
import yaml
from hypothesis import HealthCheck, Phase, event, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    invariant,
    multiple,
    precondition,
    rule,
    run_state_machine_as_test,
)

import rulesref.site as site_module
import rulesref.site.session as session_module
from rulesref.build import Build
from rulesref.config import Settings
from rulesref.emit import js_package, python
from rulesref.history.changes import NO_HISTORY, History
from rulesref.incremental.memo import Memo
from rulesref.problems import Problem
from rulesref.read import status as file_status
from rulesref.site.serve import save, save_generation, sync_tree
from rulesref.site.session import Session
from rulesref.support.output import MARKER
from rulesref.validate import check

from .conftest import Depth

if TYPE_CHECKING:
    from rulesref.site.live import LiveSite

pytestmark = pytest.mark.slow  # a minute of saves and cold runs

REPO = Path(__file__).resolve().parent.parent
SHIPPED = REPO / "content"
SETTINGS = Settings()


# --- the adapter: every call into the incremental layer ---------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What one run shows: its problems, the docs folder and both generated packages (the
    last two empty when the content has errors: nothing is written then)."""

    problems: list[Problem]
    docs: dict[str, bytes]
    packages: dict[str, bytes]  # by path under the two package folders, as `rulesref generate` names them


class Process:
    """A long-lived process (`serve`): what it keeps between saves and the docs folder it
    keeps in sync; and, as a process that also wrote the packages on every save would, a
    memo of the JavaScript package's own."""

    def __init__(self, content: Path, docs: Path) -> None:
        self.content = content
        self.docs = docs
        self.session = Session()
        self.javascript = Memo()
        self.changed: list[str] = []  # the docs files the last save rewrote or removed

    @property
    def edited_pages(self) -> frozenset[str]:
        """The docs pages of the entries the last save changed (`serve` builds them first)."""
        return self.session.edited_pages


def _packages(build: Build, get: Any = None) -> dict[str, bytes]:
    files = {f"{SETTINGS.package}/{path}": data for path, data in python.package_files(build).items()}
    js = js_package.package_files(build) if get is None else js_package.package_files(build, get)
    files.update({f"{SETTINGS.package}-js/{path}": data for path, data in js.items()})
    return files


@contextmanager
def _the_build_rendered() -> Iterator[list[Build]]:
    """The build that a generation renders the docs from (the packages are made from it),
    as `site.generate` and `Session.generate` pass it to `docs_files`."""
    seen: list[Build] = []
    real = site_module.docs_files  # type: ignore[attr-defined]

    def spy(build: Build, memo: Memo | None = None, history: History = NO_HISTORY, *more: Any, **named: Any) -> dict[str, bytes]:
        seen.append(build)
        return real(build, history=history, **named) if memo is None else real(build, memo, history, *more, **named)

    callers = (site_module, session_module)
    for module in callers:
        setattr(module, "docs_files", spy)  # noqa: B010 (each caller's own name for it)
    try:
        yield seen
    finally:
        for module in callers:
            setattr(module, "docs_files", real)  # noqa: B010


def kept_run(process: Process, live: LiveSite | None = None) -> Outcome:
    """One save of the long-lived process: generate with what it kept, sync the docs folder
    as `serve` does (changes found in memory), and the packages from that build. With a
    `live` site (started), the save is `serve`'s own (`rulesref.site.serve.save`): the saved
    entries' pages written and built first, then the rest, the site updated page by page."""
    with _the_build_rendered() as rendered:
        if live is None:
            files, problems = save_generation(process.session, str(process.content), SETTINGS)
            if files:
                process.changed = sync_tree(process.docs, files, process.session.written)
                process.session.written = files
        else:
            saved = save(process.session, live, process.docs, str(process.content), SETTINGS, publish=lambda: None)
            problems, process.changed = saved.problems, saved.changed
            files = (process.session.written or {}) if saved.done is not None else {}
    if not files:
        process.changed = []
        return Outcome(problems, {}, {})
    (build,) = rendered
    process.javascript.begin()
    packages = _packages(build, process.javascript.stage("javascript"))
    process.javascript.finish()
    docs = folder_files(process.docs)
    docs.pop(MARKER, None)  # (`serve` marks the docs folder as its own)
    return Outcome(problems, docs, packages)


@contextmanager
def _caches(where: str) -> Iterator[None]:
    """The caches in `where` (`off`: none) for the calls inside."""
    before = os.environ.get("RULESREF_CACHE")
    os.environ["RULESREF_CACHE"] = where
    try:
        yield
    finally:
        if before is None:
            del os.environ["RULESREF_CACHE"]
        else:
            os.environ["RULESREF_CACHE"] = before


def cold_run(content: Path) -> Outcome:
    """What a fresh process makes of the same files: `generate` with nothing kept (the docs
    and problems of `rulesref build`), and the packages made from its build as `rulesref
    generate` makes them from its own (which differs only by leaving out the odds that the
    pages chart and the packages do not read)."""
    with _caches("off"), _the_build_rendered() as rendered:
        files, problems = site_module.generate(str(content), SETTINGS)
    if not files:
        return Outcome(problems, {}, {})
    (build,) = rendered
    return Outcome(problems, files, _packages(build))


def checked_run(content: Path, caches: Path) -> list[Problem]:
    """What `rulesref validate` reports, run as a new process would with the caches it left
    in `caches` on the runs before (the last run's problems by system among them: a system
    whose files are as they were is not checked again)."""
    with _caches(str(caches)):
        return list(check([str(content)]).problems)


# --- files ------------------------------------------------------------------------------------


def folder_files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def differing(kept: dict[str, bytes], cold: dict[str, bytes]) -> list[str]:
    """The paths whose bytes differ, or that only one side has."""
    return sorted(rel for rel in kept.keys() | cold.keys() if kept.get(rel) != cold.get(rel))


TOP_KEY = re.compile(r"^[A-Za-z_][\w-]*:")
WORD = re.compile(r"(?<![\\\w])[A-Za-z]{4,}(?!\w)")  # not the letters after a backslash escape
LINK = re.compile(r"\[\[([^\]]+)\]\]")
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
EXPECT = re.compile(r"^(\s*)expect: (.+)$")
EXPRESSION_LINE = re.compile(r"^\s*(- )?(when|expr|that): ")
NOT_LOGIC = ("given:", "expect:", "raises:", "note:", "summary:")

WORDS = ["grimly", "Swiftly", "ancient", "Wargear", "bravely", "Daemonic"]
TAGS = ["assault", "psychology", "morale", "glossary", "fresh-tag", "another-new-tag"]
SYSTEM_FIELDS = ["short_name", "name", "edition", "publisher", "summary", "year", "a book's title"]
SYNTAX_ERRORS = {
    "unclosed list": "oops: [unclosed\n",
    "tab indentation": "\toops: tab\n",
    "duplicate key": "id: again\n",
    "colon in a plain value": "oops: a: b\n",
}


def key_lines(lines: list[str], key: str) -> list[int]:
    """The lines of a top-level key's value: its own line and, for a block, the block."""
    found, inside = [], False
    for i, line in enumerate(lines):
        if TOP_KEY.match(line) or line.startswith("#"):
            inside = line.startswith(f"{key}:")
            if inside:
                found.append(i)
        elif inside:
            found.append(i)
    return found


def value_of(line: str) -> Any:
    """The YAML value after `key: ` on one line."""
    return yaml.safe_load(line.split(": ", 1)[1])


def quoted(text: str) -> str:
    """A YAML double-quoted string (JSON's escapes are YAML's)."""
    return json.dumps(text, ensure_ascii=False)


def flow(value: Any) -> str:
    """A value as one line of YAML flow style."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if value is None:
        return "null"
    return quoted(str(value))


def changed_value(value: Any, which: int) -> Any:
    """Another value of the same shape: so an example's expectation no longer holds."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, dict) and value:
        key = sorted(value)[which % len(value)]
        return {**value, key: changed_value(value[key], which)}
    return f"{value}-changed"


class ColdRuns:
    """Cold runs by the files they ran on. A cold run is a function of the files and where
    they are (each example works in the same folder): the states a series comes back to
    (the shipped content at every example's start, a file saved unchanged, a repair) are
    run cold once. The few kept are the latest ones (an outcome holds the whole site)."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.outcomes: OrderedDict[str, Outcome] = OrderedDict()

    def of(self, content: Path) -> Outcome:
        digest = hashlib.sha256(str(content).encode())
        for path in sorted(content.rglob("*")):
            digest.update(f"\0{path.relative_to(content).as_posix()}\0".encode())
            if path.is_file():
                digest.update(hashlib.sha256(path.read_bytes()).digest())
        key = digest.hexdigest()
        if key not in self.outcomes:
            self.outcomes[key] = cold_run(content)
            while len(self.outcomes) > self.size:
                self.outcomes.popitem(last=False)
        self.outcomes.move_to_end(key)
        return self.outcomes[key]


# --- the machine ------------------------------------------------------------------------------


class AuthorEdits(RuleBasedStateMachine):
    """An author editing a copy of the shipped content while one process keeps its work."""

    deleted: Bundle[str] = Bundle("deleted")  # entry files deleted, to be restored
    damaged: Bundle[tuple[str, bytes]] = Bundle("damaged")  # files broken on purpose, with their bytes before
    seen: ClassVar[Counter[str]] = Counter()  # what the runs of a test met (errors, clean content)
    workspace: ClassVar[Path]  # the folder each example works in, in turn (set by the test)
    cold: ClassVar[ColdRuns]

    def __init__(self) -> None:
        super().__init__()
        self.root = self.workspace
        shutil.rmtree(self.root, ignore_errors=True)
        self.root.mkdir(parents=True)
        self.content = self.root / "content"
        shutil.copytree(SHIPPED, self.content)
        self.pristine = {p.relative_to(self.content).as_posix(): p.read_bytes() for p in sorted(self.content.rglob("*.yml"))}
        self.removed: dict[str, bytes] = {}  # bytes of the deleted files
        self.clock = time.time_ns() - 10**14  # each write's times: distinct, and older than any run
        self.made = 0  # new names and ids drawn so far
        self.problems: list[Problem] = []  # the latest run's
        self.valid = True  # the shipped content is
        self.process = Process(self.content, self.root / "build" / "docs")
        self.caches = self.root / ".rulesref-cache"  # the `rulesref validate` runs' over the series

    def teardown(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)
        gc.unfreeze()  # what each save froze (`generate`) is garbage once the example ends

    # files

    def path(self, rel: str) -> Path:
        return self.content / rel

    def stamp(self, path: Path) -> None:
        """Times no file had before, so that with statuses trusted a change is seen."""
        self.clock += 1_000_000_007
        os.utime(path, ns=(self.clock, self.clock))

    def write(self, rel: str, data: bytes | str) -> None:
        path = self.path(rel)
        new = not path.exists()
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        self.stamp(path)
        if new:
            self.stamp(path.parent)

    def remove(self, rel: str) -> None:
        self.path(rel).unlink()
        self.stamp(self.path(rel).parent)

    def text(self, rel: str) -> str:
        return self.path(rel).read_text(encoding="utf-8")

    def entry_files(self, system: str | None = None) -> list[str]:
        found = sorted(p.relative_to(self.content).as_posix() for p in self.content.rglob("*.yml") if p.name != "system.yml")
        return [rel for rel in found if system is None or rel.split("/")[0] == system]

    def rule_files(self, system: str | None = None) -> list[str]:
        """The entry files of rules (only a rule may say it is the same as another)."""
        return [rel for rel in self.entry_files(system) if "\nkind: rule\n" in self.text(rel)]

    def systems(self) -> list[str]:
        return sorted(p.parent.name for p in self.content.glob("*/system.yml"))

    def names(self, system: str, but: str = "") -> list[str]:
        """The names and aliases a link in `system` may name (not parameterised ones)."""
        names: list[str] = []
        for rel in self.entry_files(system):
            if rel == but:
                continue
            for line in self.text(rel).splitlines():
                try:
                    if line.startswith("name: "):
                        names.append(str(value_of(line)))
                    elif line.startswith("aliases: "):
                        names.extend(str(a) for a in value_of(line) or ())
                except yaml.YAMLError:
                    continue
        return sorted(n for n in set(names) if "(" not in n)

    def draw_file(self, data: st.DataObject, files: list[str], label: str = "file") -> str | None:
        return data.draw(st.sampled_from(files), label=label) if files else None

    def replace_line(self, rel: str, index: int, new: str) -> None:
        lines = self.text(rel).splitlines(keepends=True)
        lines[index] = new + "\n"
        self.write(rel, "".join(lines))

    def linked_files(self) -> list[str]:
        """The entry files that some text links to, by a name or alias (what they show is
        shown on other pages too)."""
        files = self.entry_files()
        targets = set()
        for rel in files:
            for m in LINK.finditer(self.text(rel)):
                targets.add(m.group(1).split("|")[0].split(":")[-1].casefold())
        linked = []
        for rel in files:
            for line in self.text(rel).splitlines():
                if line.startswith(("name: ", "aliases: ")):
                    try:
                        value = value_of(line)
                    except yaml.YAMLError:
                        continue
                    if any(str(name).casefold() in targets for name in (value if isinstance(value, list) else [value])):
                        linked.append(rel)
                        break
        return linked

    def prose_words(self, rel: str, key: str) -> list[tuple[int, int, int]]:
        """(line, start, end) of each word of the summary or text, outside cross-links."""
        lines = self.text(rel).splitlines()
        found = []
        for i in key_lines(lines, key):
            line = lines[i]
            offset = line.index(": ") + 2 if TOP_KEY.match(line) else 0
            links = [m.span() for m in LINK.finditer(line)]
            for m in WORD.finditer(line, offset):
                if not any(a <= m.start() < b for a, b in links):
                    found.append((i, m.start(), m.end()))
        return found

    # the edits

    def reword(self, data: st.DataObject, word: str, key: str, linked: bool) -> None:
        rel = self.draw_file(data, self.linked_files() if linked else self.entry_files())
        if rel is None:
            return
        words = self.prose_words(rel, key)
        if not words:
            return
        i, start, end = data.draw(st.sampled_from(words), label="word")
        line = self.text(rel).splitlines()[i]
        self.replace_line(rel, i, line[:start] + word + line[end:])

    @rule(data=st.data(), word=st.sampled_from(WORDS), linked=st.booleans())
    def reword_summary(self, data: st.DataObject, word: str, linked: bool) -> None:
        """A word of a summary changes: other pages show it in their links' previews."""
        self.reword(data, word, "summary", linked)

    @rule(data=st.data(), word=st.sampled_from(WORDS))
    def reword_text(self, data: st.DataObject, word: str) -> None:
        """A word of a rule's text changes (a unit's page shows its rules' texts)."""
        self.reword(data, word, "text", linked=False)

    @rule(data=st.data(), across=st.booleans())
    def add_link(self, data: st.DataObject, across: bool) -> None:
        """A text links to another entry of its system, or of another one (`[[hh2:Fearless]]`):
        the target lists it as a backlink, its page previews the target."""
        rel = self.draw_file(data, self.entry_files())
        if rel is None:
            return
        system = rel.split("/")[0]
        others = [s for s in self.systems() if s != system]
        if across and others:
            other = data.draw(st.sampled_from(others), label="system")
            names = [f"{other}:{name}" for name in self.names(other)]
        else:
            names = self.names(system, but=rel)
        if not names:
            return
        name = data.draw(st.sampled_from(names), label="target")
        text = self.text(rel)
        if "\ntext: |\n" in text:
            head, tail = text.split("\ntext: |\n", 1)
            indent = " " * (len(tail) - len(tail.lstrip(" "))) or "  "  # the block's own
            self.write(rel, f"{head}\ntext: |\n{indent}See [[{name}]].\n{tail}")
        else:
            self.write(rel, text.rstrip("\n") + f"\ntext: {quoted(f'See [[{name}]].')}\n")

    @precondition(lambda self: self.valid)
    @rule(target=damaged, data=st.data())
    def break_link(self, data: st.DataObject) -> Any:
        """A cross-link's target is misspelt: it no longer resolves."""
        rel = self.draw_file(data, self.entry_files())
        if rel is None:
            return multiple()
        lines = self.text(rel).splitlines()
        links = [(i, m) for i in sorted(key_lines(lines, "summary") + key_lines(lines, "text")) for m in LINK.finditer(lines[i])]
        if not links:
            return multiple()
        i, m = data.draw(st.sampled_from(links), label="link")
        target = m.group(1)
        before = self.path(rel).read_bytes()
        self.replace_line(rel, i, lines[i][: m.start(1)] + target[0] + "q" + target[1:] + lines[i][m.end(1) :])
        return (rel, before)

    @rule(data=st.data(), word=st.sampled_from(WORDS), keep_old_name=st.booleans(), linked=st.booleans())
    def rename(self, data: st.DataObject, word: str, keep_old_name: bool, linked: bool) -> None:
        """An entry's name changes (shown on its system's index, the glossary, backlinks,
        previews); the old name stays as an alias, or links to it break."""
        rel = self.draw_file(data, self.linked_files() if linked else self.entry_files())
        if rel is None:
            return
        lines = self.text(rel).splitlines()
        at = next((i for i, line in enumerate(lines) if line.startswith("name: ")), None)
        if at is None:
            return
        try:
            old = str(value_of(lines[at]))
        except yaml.YAMLError:
            return
        lines[at] = f"name: {quoted(f'{word} {old}' if '(' in old else f'{old} {word}')}"
        if keep_old_name:
            aliases = next((i for i, line in enumerate(lines) if line.startswith("aliases: ")), None)
            if aliases is None:
                lines.insert(at + 1, f"aliases: [{quoted(old)}]")
            else:
                lines[aliases] = "aliases: [" + ", ".join(quoted(a) for a in [old, *value_of(lines[aliases])]) + "]"
        self.write(rel, "\n".join(lines) + "\n")

    @rule(data=st.data(), word=st.sampled_from(WORDS), add=st.booleans(), linked=st.booleans())
    def change_aliases(self, data: st.DataObject, word: str, add: bool, linked: bool) -> None:
        """An alias is added (search, previews) or removed (links that used it break)."""
        rel = self.draw_file(data, self.linked_files() if linked else self.entry_files())
        if rel is None:
            return
        lines = self.text(rel).splitlines()
        at = next((i for i, line in enumerate(lines) if line.startswith("aliases: ")), None)
        try:
            aliases = [str(a) for a in value_of(lines[at])] if at is not None else []
        except yaml.YAMLError:
            return
        if add:
            self.made += 1
            aliases.append(f"{word} {self.made}")
        elif aliases:
            aliases.remove(data.draw(st.sampled_from(aliases), label="alias"))
        else:
            return
        line = "aliases: [" + ", ".join(map(quoted, aliases)) + "]"
        if at is None:
            lines.insert(next((i + 1 for i, x in enumerate(lines) if x.startswith("name: ")), len(lines)), line)
        else:
            lines[at] = line
        self.write(rel, "\n".join(lines) + "\n")

    @precondition(lambda self: self.valid)
    @rule(target=damaged, data=st.data())
    def fail_an_example(self, data: st.DataObject) -> Any:
        """An example's expected value changes: the example fails."""
        files = [rel for rel in self.entry_files() if "expect: " in self.text(rel)]
        rel = self.draw_file(data, files)
        if rel is None:
            return multiple()
        lines = self.text(rel).splitlines()
        expects = [i for i, line in enumerate(lines) if EXPECT.match(line)]
        i = data.draw(st.sampled_from(expects), label="example")
        match = EXPECT.match(lines[i])
        assert match is not None
        try:
            value = yaml.safe_load(match.group(2))
        except yaml.YAMLError:
            return multiple()
        before = self.path(rel).read_bytes()
        self.replace_line(
            rel, i, f"{match.group(1)}expect: {flow(changed_value(value, data.draw(st.integers(0, 9), label='field')))}"
        )
        return (rel, before)

    @rule(data=st.data(), same_meaning=st.booleans())
    def change_logic(self, data: st.DataObject, same_meaning: bool) -> None:
        """A number of a check changes: in a condition, an expression, a result or an input's
        range; its examples may still hold or fail. Or a number is written another way
        (`3` as `(3 + 0)`): the examples hold, the generated code changes."""
        candidates = []
        for rel in self.entry_files():
            lines = self.text(rel).splitlines()
            for i in key_lines(lines, "checks"):
                line = lines[i]
                if any(word in line for word in NOT_LOGIC) or (same_meaning and not EXPRESSION_LINE.match(line)):
                    continue
                candidates += [(rel, i, m.start(), m.end()) for m in NUMBER.finditer(line)]
        if not candidates:
            return
        rel, i, start, end = data.draw(st.sampled_from(candidates), label="number")
        line = self.text(rel).splitlines()[i]
        number = int(line[start:end])
        new = (
            f"({number} + 0)"
            if same_meaning
            else str(data.draw(st.sampled_from([number + 1, max(number - 1, 0), number + 5]), label="to"))
        )
        self.replace_line(rel, i, line[:start] + new + line[end:])

    @rule(target=deleted, data=st.data())
    def delete_entry(self, data: st.DataObject) -> Any:
        """An entry file is deleted (links to it break until it comes back)."""
        rel = self.draw_file(data, self.entry_files())
        if rel is None:
            return multiple()
        self.removed[rel] = self.path(rel).read_bytes()
        self.remove(rel)
        return rel

    @rule(rel=consumes(deleted))
    def restore_entry(self, rel: str) -> None:
        """A deleted file comes back as it was (unless it is back already)."""
        before = self.removed.pop(rel, None)
        if before is not None and not self.path(rel).exists():
            self.write(rel, before)

    @rule(data=st.data())
    def delete_save_and_restore(self, data: st.DataObject) -> None:
        """An entry file is deleted, that save is checked, and the file comes back: a pair
        that the two rules above make only when both are drawn for a series."""
        rel = self.draw_file(data, self.entry_files())
        if rel is None:
            return
        before = self.path(rel).read_bytes()
        self.remove(rel)
        self.kept_equals_cold()
        self.write(rel, before)

    @rule(
        data=st.data(),
        word=st.sampled_from(WORDS),
        kind=st.sampled_from(["term", "rule"]),
        link=st.booleans(),
        tag=st.none() | st.sampled_from(TAGS),
        check=st.booleans(),
    )
    def new_entry(self, data: st.DataObject, word: str, kind: str, link: bool, tag: str | None, check: bool) -> None:
        """A new entry file: a new page, listed on its system's index, the glossary, a tag's
        page; with a check, a new module in both packages."""
        system = data.draw(st.sampled_from(self.systems()), label="system")
        self.made += 1
        name = f"{word.capitalize()} {self.made}"
        key = f"{word.lower()}-{self.made}"
        names = self.names(system)
        summary = f"New in this save: {name.lower()}" + (
            f", see [[{data.draw(st.sampled_from(names), label='linked')}]]." if link and names else "."
        )
        text = [f"id: {key}", f"kind: {kind}", f"name: {quoted(name)}", f"summary: {quoted(summary)}"]
        if tag is not None:
            text.append(f"tags: [{tag}]")
        if check and kind == "rule":
            text += [
                "checks:",
                "  passes:",
                "    summary: Whether the roll passes.",
                "    inputs:",
                "      roll: {type: D6, summary: The roll}",
                "    output: {type: bool}",
                '    expr: "roll >= 4"',
                "    examples:",
                "      - given: {roll: 4}",
                "        expect: true",
            ]
        self.write(f"{system}/{key}.yml", "\n".join(text) + "\n")

    @rule(data=st.data(), field=st.sampled_from(SYSTEM_FIELDS), word=st.sampled_from(WORDS))
    def change_system(self, data: st.DataObject, field: str, word: str) -> None:
        """A system's setting changes: its names (the nav, the home page, every page that
        names its system), edition, year, or a book's title (source citations)."""
        rel = f"{data.draw(st.sampled_from(self.systems()), label='system')}/system.yml"
        lines = self.text(rel).splitlines()
        try:
            if field == "a book's title":
                books = [i for i in key_lines(lines, "books") if i and lines[i].startswith("  ") and "{" in lines[i]]
                if not books:
                    return
                i = data.draw(st.sampled_from(books), label="book")
                book, value = lines[i].split(": ", 1)
                fields = yaml.safe_load(value)
                fields["title"] = f"{fields.get('title', '')} {word}"
                lines[i] = f"{book}: {flow(fields)}"
            else:
                at = next((i for i, line in enumerate(lines) if line.startswith(f"{field}: ")), None)
                if at is None:
                    return
                old = value_of(lines[at])
                lines[at] = f"{field}: {old + 1}" if field == "year" else f"{field}: {quoted(f'{old} {word}')}"
        except yaml.YAMLError:
            return
        self.write(rel, "\n".join(lines) + "\n")

    @precondition(lambda self: self.valid)
    @rule(target=damaged, data=st.data(), how=st.sampled_from(sorted(SYNTAX_ERRORS)))
    def break_syntax(self, data: st.DataObject, how: str) -> Any:
        """A file no longer loads: a YAML syntax error, or a key given twice."""
        files = self.entry_files() + [f"{s}/system.yml" for s in self.systems()]
        rel = data.draw(st.sampled_from(files), label="file")
        before = self.path(rel).read_bytes()
        self.write(rel, before + SYNTAX_ERRORS[how].encode("utf-8"))
        return (rel, before)

    @precondition(lambda self: self.valid)
    @rule(data=st.data(), how=st.sampled_from(sorted(SYNTAX_ERRORS)))
    def syntax_error_saved_then_fixed(self, data: st.DataObject, how: str) -> None:
        """A syntax error is saved (checked) and fixed at once: the pair of `break_syntax`
        and `repair` in one rule."""
        rel, before = cast(tuple[str, bytes], self.break_syntax(data, how))
        self.kept_equals_cold()
        self.write(rel, before)

    @rule(damage=consumes(damaged))
    def repair(self, damage: tuple[str, bytes]) -> None:
        """A file broken on purpose is put back as it was before."""
        rel, before = damage
        if self.path(rel).exists() and self.path(rel).read_bytes() != before:
            self.write(rel, before)

    @precondition(lambda self: not self.valid)
    @rule()
    def fix_what_the_problems_name(self) -> None:
        """The author puts back the files the errors name, as shipped; when the errors are
        in files the author did not touch (a link to a renamed or deleted entry), every
        file goes back as shipped (`git checkout` and `git clean`)."""
        named = {Path(p.path).resolve() for p in self.problems if p.severity == "error"}
        changed = [
            rel for rel in sorted(set(self.pristine) | set(self.all_files())) if self.pristine.get(rel) != self.read_or_none(rel)
        ]
        chosen = [rel for rel in changed if self.path(rel).resolve() in named] or changed
        for rel in chosen:
            if rel in self.pristine:
                self.write(rel, self.pristine[rel])
            else:
                self.remove(rel)
            self.removed.pop(rel, None)

    def all_files(self) -> list[str]:
        return sorted(p.relative_to(self.content).as_posix() for p in self.content.rglob("*.yml"))

    def read_or_none(self, rel: str) -> bytes | None:
        path = self.path(rel)
        return path.read_bytes() if path.exists() else None

    @rule(data=st.data(), tag=st.sampled_from(TAGS), add=st.booleans())
    def retag(self, data: st.DataObject, tag: str, add: bool) -> None:
        """A tag is added (a tag's page gains it, or a new tag's page appears) or removed."""
        rel = self.draw_file(data, self.entry_files())
        if rel is None:
            return
        lines = self.text(rel).splitlines()
        at = next((i for i, line in enumerate(lines) if line.startswith("tags: ")), None)
        try:
            tags = [str(t) for t in value_of(lines[at]) or ()] if at is not None else []
        except yaml.YAMLError:
            return
        if add and tag not in tags:
            tags.append(tag)
        elif tags:
            tags.remove(data.draw(st.sampled_from(tags), label="tag"))
        else:
            return
        if at is None:
            lines.append(f"tags: [{', '.join(tags)}]")
        else:
            lines[at] = f"tags: [{', '.join(tags)}]"
        self.write(rel, "\n".join(lines) + "\n")

    @rule(data=st.data())
    def declare_same_rule(self, data: st.DataObject) -> None:
        """An entry says it is the same rule as one of another system (`same_as`): both
        pages list the other."""
        rel = self.draw_file(data, self.rule_files())
        others = [s for s in self.systems() if rel is not None and s != rel.split("/")[0]]
        if rel is None or not others:
            return
        other = data.draw(st.sampled_from(others), label="other system")
        target = self.draw_file(data, self.rule_files(other), label="same as")
        if target is None:
            return
        ref = f"{other}:{Path(target).stem}"
        lines = self.text(rel).splitlines()
        at = next((i for i, line in enumerate(lines) if line.startswith("same_as: ")), None)
        if at is not None:
            lines[at] = lines[at].replace("[", f"[{ref}, ", 1)
        else:
            lines.insert(next((i + 1 for i, x in enumerate(lines) if x.startswith("kind: ")), len(lines)), f"same_as: [{ref}]")
        self.write(rel, "\n".join(lines) + "\n")

    @rule(data=st.data(), rewrite=st.booleans())
    def touch(self, data: st.DataObject, rewrite: bool) -> None:
        """A file is saved unchanged, or only its times change: its status changes, its bytes do not."""
        rel = self.draw_file(data, self.all_files())
        if rel is None:
            return
        if rewrite:
            self.write(rel, self.path(rel).read_bytes())
        else:
            self.stamp(self.path(rel))

    # after every edit

    @invariant()
    def kept_equals_cold(self) -> None:
        kept = kept_run(self.process, self.live_site())
        cold = self.cold.of(self.content)
        assert kept.problems == cold.problems, "the kept validation's problems differ from a cold one's"
        assert checked_run(self.content, self.caches) == cold.problems, "`rulesref validate` with the caches of the runs before differs from a cold one"
        self.problems = cold.problems
        self.valid = bool(cold.docs)
        if not self.valid:
            assert any(p.severity == "error" for p in cold.problems)
        AuthorEdits.seen["clean content" if self.valid else "content with errors"] += 1
        event("content after the edit: " + ("valid" if self.valid else "with errors"))
        assert not (docs := differing(kept.docs, cold.docs)), f"the kept docs folder differs from a cold generation: {docs[:20]}"
        assert not (packages := differing(kept.packages, cold.packages)), (
            f"the packages from the kept build differ from cold ones: {packages[:20]}"
        )
        if self.valid:
            self.saved(cold)

    def saved(self, cold: Outcome) -> None:
        """After a save of valid content (the live machine compares its site here)."""

    def live_site(self) -> LiveSite | None:
        """The live preview's site that saves go through (the live machine's, once started)."""
        return None


FAST = settings(
    max_examples=12,
    stateful_step_count=10,
    deadline=None,
    derandomize=True,  # the same series every run, in CI too (or those of the seed a test gives)
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    phases=[Phase.explicit, Phase.generate, Phase.shrink],  # (no "explain": it runs each failing series hundreds of times)
)


TRUST = {"statuses too new to trust": 3600.0, "statuses trusted": 0.0}  # RACY_SECONDS of each
SERIES = {"statuses too new to trust": 1, "statuses trusted": 2}  # each its own series: together, twice as many
DEEP_SERIES = 10  # `--deep` draws its series from other seeds: SERIES + this
EVERYDAY_EXAMPLES = 1  # of FAST's examples, the everyday run's series


@pytest.fixture(params=sorted(TRUST))
def statuses(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(file_status, "RACY_SECONDS", TRUST[request.param])
    return str(request.param)


def run_machine(machine: type[AuthorEdits], how: settings, workspace: Path, series: int | None = None) -> Counter[str]:
    """Run the machine's series (those of the seed `series`, else the derandomised ones);
    what their saves met."""
    AuthorEdits.seen, AuthorEdits.workspace, AuthorEdits.cold = Counter(), workspace, ColdRuns()
    if series is not None:
        machine = seed(series)(type(machine.__name__, (machine,), {}))
    run_state_machine_as_test(machine, settings=how)
    return AuthorEdits.seen


@pytest.mark.deep
def test_kept_work_equals_a_cold_run_after_any_series_of_edits(statuses: str, tmp_path: Path, depth: Depth) -> None:
    """The everyday run walks EVERYDAY_EXAMPLES series, `--deep` the rest of FAST's, drawn anew."""
    how = settings(FAST, max_examples=depth.pick(EVERYDAY_EXAMPLES, FAST.max_examples - EVERYDAY_EXAMPLES))
    seen = run_machine(AuthorEdits, how, tmp_path / "edits", SERIES[statuses] + depth.pick(0, DEEP_SERIES))
    # the series did reach both kinds of state they mean to compare
    assert seen["clean content"] and seen["content with errors"], seen


# --- the live preview's site ------------------------------------------------------------------

URL = "http://127.0.0.1:8000/rulesref/"


class LiveEdits(AuthorEdits):
    """The same edits, with a live preview's site kept too: after each save of valid content
    it rebuilds the pages whose docs files changed, and the site it holds must be the one a
    whole MkDocs build of a cold docs folder makes."""

    def __init__(self) -> None:
        super().__init__()
        from rulesref.site.live import LiveSite

        shutil.copy(REPO / "mkdocs.yml", self.root / "mkdocs.yml")  # its docs_dir: build/docs, the process's
        self.served = self.root / "served"
        self.live = LiveSite(self.root / "mkdocs.yml", self.served, URL)
        self.started = False
        self.cold_root = self.root / "cold"
        (self.cold_root / "build" / "docs").mkdir(parents=True)
        shutil.copy(REPO / "mkdocs.yml", self.cold_root / "mkdocs.yml")
        self.cold_docs: dict[str, bytes] | None = None
        self.cold_site: dict[str, object] = {}

    def live_site(self) -> LiveSite | None:
        return self.live if self.started else None

    def teardown(self) -> None:
        self.live.close()
        super().teardown()

    def saved(self, cold: Outcome) -> None:
        from rulesref.pages.nav import in_nav

        if not self.started:  # as `serve` starts: the index pages first, the rest in the background
            self.live.start([rel for rel in self.process.session.written or {} if in_nav(rel)])
            self.live.wait()
            self.started = True
        if cold.docs != self.cold_docs:
            self.cold_site = whole_build(self.cold_root, cold.docs)
            self.cold_docs = cold.docs
        served = site_files(self.served)
        assert served.keys() == self.cold_site.keys(), sorted(served.keys() ^ self.cold_site.keys())
        assert not (pages := [rel for rel in served if served[rel] != self.cold_site[rel]]), (
            f"pages the live site kept differ from a whole build: {pages[:20]}"
        )


def whole_build(root: Path, docs: dict[str, bytes]) -> dict[str, object]:
    """A whole MkDocs build (in this process, as the live site's first one) of these docs."""
    from rulesref.site.live import LiveSite

    sync_tree(root / "build" / "docs", docs)
    shutil.rmtree(root / "site", ignore_errors=True)
    whole = LiveSite(root / "mkdocs.yml", root / "site", URL)
    whole.build_all()
    whole.close()
    return site_files(root / "site")


def site_files(folder: Path) -> dict[str, object]:
    from .site.conftest import site_files as files_of_site

    return files_of_site(folder)


LIVE = settings(FAST, max_examples=3, stateful_step_count=6)


@pytest.mark.deep(everyday=False)  # (the everyday run has the fixed series of tests/site/test_live.py)
def test_the_live_sites_rebuilt_pages_equal_a_whole_build_after_any_series_of_edits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(file_status, "RACY_SECONDS", 0.0)
    seen = run_machine(LiveEdits, LIVE, tmp_path / "edits")
    assert seen["clean content"], seen
