"""The site's ES modules as their writers make them (`Module`), written out two ways: as the
module itself, and as its classic-script twin for the offline copy.

Browsers refuse to run ES modules from `file://` (a module needs an origin), so in the zipped
copy the "Try it" forms could not load the checks. The site carries a classic twin of each
module (`<name>.classic.js`) beside it: the same code in a function of its own, which
registers what the module exports under the module's own URL in `globalThis.rulesrefModules`;
the loader script `rulesref-classic.js` makes `rulesrefImport(url)` load a twin the way
`import()` loads a module (the check's runtime first), and "Try it" uses it where it is
defined. The offline copy points its pages at the twins (`rulesref.site.offline`).

A generated module (`rulesref.emit.javascript`) is made as a `Module`, so both forms are
written from what its writer knows: which line imports the runtime, which declarations it
exports. The modules written by hand (the checks' runtime and pools, the "Try it" script) are
read into one (`read_module`), in the only shapes they are written in: an import is the
runtime's `import * as $ from "<path>/_runtime.js";` line (or the pools', `as $pools`), an
export a line starting `export const|function|class NAME`. Anything else that looks like an import or export is refused
rather than guessed at.

The site serves those hand-written scripts as a reader's browser gets them (`served`):
without comment lines and indentation. The comments say why for whoever maintains the source;
a reader only downloads them, and every check page loads "Try it" within a size budget. Only
whole comment lines are dropped (`// ...`, and `/* ... */` blocks that start a line and end
one) and only leading blanks removed, so nothing inside a string, template or regular
expression can change as long as none spans lines: a script where one might is refused
rather than guessed at. (Generated modules are served as they are written: their strings
hold content, which this is not for.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SUFFIX = ".classic.js"
_RUNTIME_IMPORT = re.compile(r'import \* as (\$[a-z]*) from "((?:\./|(?:\.\./)+)_(?:runtime|pools)\.js)";')
_EXPORT = re.compile(r"export ((?:const|function|class) ([A-Za-z_$][A-Za-z0-9_$]*).*)")
_ANY_STATEMENT = re.compile(r"\s*(?:import|export)\b(?!\()")  # an import or export statement (not `import(...)`)


class ModuleShapeError(ValueError):
    """A module written by hand in a shape a twin cannot be made of (a bug in that module)."""


@dataclass(frozen=True)
class Exported:
    """The first line of an exported declaration, without `export `, and the name it exports."""

    name: str
    line: str


@dataclass(frozen=True)
class ImportRuntime:
    """The line that imports a module the checks share as `name`, from `path` (relative to the
    module): the runtime as `$`, and for a module with pools the pools as `$pools`."""

    path: str
    name: str = "$"


@dataclass(frozen=True)
class ImportCheck:
    """The line that imports another check module as `name`, from `path` (relative to the
    module): a composed check calls its step's logic. Its twin runs once that module's has
    (`rulesref-classic.js` loads it first)."""

    path: str
    name: str


Line = str | Exported | ImportRuntime | ImportCheck


@dataclass(frozen=True)
class Module:
    """An ES module: the text before its code (its header comment) and its lines."""

    head: str
    lines: tuple[Line, ...]

    def es(self) -> str:
        """The module."""
        return self.head + "\n".join(_es_line(line) for line in self.lines) + "\n"

    def classic(self) -> str:
        """The classic script that runs the module's code and registers its exports under the
        module's URL."""
        body: list[str] = []
        exported: list[str] = []
        needs: list[str] = []
        for line in self.lines:
            if isinstance(line, ImportCheck):
                needs.append(f'new globalThis.URL("{line.path}", $self).href')
                body.append(f"const {line.name} = globalThis.rulesrefModules[$needs[{len(needs) - 1}]];")
            elif isinstance(line, ImportRuntime):
                # globalThis.URL: a check module's own `URL` constant shadows the global in its function
                body.append(f'const {line.name} = globalThis.rulesrefModules[new globalThis.URL("{line.path}", $self).href];')
            elif isinstance(line, Exported):
                exported.append(line.name)
                body.append(line.line)
            else:
                body.append(line)
        register = f"globalThis.rulesrefModules[$self] = Object.freeze({{ {', '.join(exported)} }});" if exported else ""
        if needs:  # run now if the modules it imports have, else once the loader has loaded them
            body = [f"const $needs = [{', '.join(needs)}];", "const $run = () => {", *body, register, "};"]
            register = "if ($needs.every((need) => globalThis.rulesrefModules[need])) $run(); else (globalThis.rulesrefWaiting ??= {})[$self] = [$needs, $run];"
        return "\n".join(
            [
                "(() => {",
                f'const $self = document.currentScript.src.slice(0, -"{SUFFIX}".length) + ".js";',
                "globalThis.rulesrefModules ??= {};",
                *body,
                register,
                "})();",
                "",
            ]
        )


def _es_line(line: Line) -> str:
    if isinstance(line, ImportRuntime | ImportCheck):
        return f'import * as {line.name} from "{line.path}";'
    if isinstance(line, Exported):
        return "export " + line.line
    return line


def exported(line: str) -> Exported:
    """`const NAME = ...` (or `function NAME(...`, `class NAME ...`), exported."""
    found = _EXPORT.match("export " + line)
    assert found is not None, line  # a writer's own declaration
    return Exported(found.group(2), line)


def read_module(source: str, name: str) -> Module:
    """A module written by hand, read into its lines (see the module's docstring)."""
    lines: list[Line] = []
    for number, line in enumerate(source.splitlines(), start=1):
        imported = _RUNTIME_IMPORT.fullmatch(line)
        if imported is not None:
            lines.append(ImportRuntime(imported.group(2), imported.group(1)))
        elif line.startswith("export "):
            found = _EXPORT.match(line)
            if found is None:
                raise ModuleShapeError(f"{name}:{number}: an export the site's twins cannot carry")
            lines.append(Exported(found.group(2), found.group(1)))
        elif _ANY_STATEMENT.match(line):
            raise ModuleShapeError(f"{name}:{number}: an import or export the site's twins cannot carry")
        else:
            lines.append(line)
    return Module("", tuple(lines))


def twin_path(path: str) -> str:
    """`assets/rulechecks/w40k7/fleet.js` -> `assets/rulechecks/w40k7/fleet.classic.js`."""
    if not path.endswith(".js") or path.endswith(SUFFIX):
        raise ModuleShapeError(f"{path}: not a module of the site")
    return path[: -len(".js")] + SUFFIX


_COMMENT_LINE = re.compile(r"(?://.*|/\*.*\*/)")


class ScriptShapeError(ValueError):
    """A site script this module cannot shorten safely (a bug in the script's source)."""


def served(source: str, name: str) -> str:
    """`source` without comment lines, blank lines and indentation."""
    kept = []
    in_block = False
    for number, line in enumerate(source.splitlines(), start=1):
        text = line.strip()
        if in_block or (text.startswith("/*") and not _COMMENT_LINE.fullmatch(text)):
            if "*/" in text and not text.endswith("*/"):
                raise ScriptShapeError(f"{name}:{number}: a block comment must end its line")
            in_block = not text.endswith("*/")
            continue
        if line.count("`") % 2 or line.endswith("\\"):
            raise ScriptShapeError(f"{name}:{number}: a template literal or string must open and close on one line")
        if text and not _COMMENT_LINE.fullmatch(text):
            kept.append(text)
    return "\n".join(kept) + "\n"


def served_module(source: str, path: str) -> dict[str, str]:
    """A hand-written module as the site serves it (`served`), and its classic twin beside it."""
    text = served(source, path)
    return {path: text, twin_path(path): read_module(text, path).classic()}
