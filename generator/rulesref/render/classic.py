"""The site's ES modules as classic scripts, for the offline copy opened from the file system.

Browsers refuse to run ES modules from `file://` (a module needs an origin), so in the zipped
copy the "Try it" forms could not load the checks. The copy carries a classic twin of each
module (`<name>.classic.js`) instead: the same code in a function of its own, which registers
what the module exports under the module's own URL in `globalThis.rulesrefModules`; the
loader script `rulesref-classic.js` makes `rulesrefImport(url)` load a twin the way `import()`
loads a module (the check's runtime first), and "Try it" uses it where it is defined.

Only modules this project writes are turned into twins, and only in the shapes it writes: an
import is the runtime's `import * as $ from "<path>/_runtime.js";` line, an export is a line
starting `export const|function|class NAME`. Anything else that looks like an import or
export is refused rather than guessed at.
"""

from __future__ import annotations

import re

SUFFIX = ".classic.js"
_RUNTIME_IMPORT = re.compile(r'import \* as \$ from "((?:\.\./)+_runtime\.js)";')
_EXPORT = re.compile(r"export (?:const|function|class) ([A-Za-z_$][A-Za-z0-9_$]*)")
_ANY_STATEMENT = re.compile(r"\s*(?:import|export)\b(?!\()")  # an import or export statement (not `import(...)`)


class ModuleShapeError(ValueError):
    """A module this module cannot turn into a classic script (a bug in its writer)."""


def twin_path(path: str) -> str:
    """`assets/rulechecks/w40k7/fleet.js` -> `assets/rulechecks/w40k7/fleet.classic.js`."""
    if not path.endswith(".js") or path.endswith(SUFFIX):
        raise ModuleShapeError(f"{path}: not a module of the site")
    return path[: -len(".js")] + SUFFIX


def classic_twin(source: str, name: str) -> str:
    """The classic script that runs `source` (an ES module of the site) and registers its
    exports under the module's URL."""
    body, exported = [], []
    for number, line in enumerate(source.splitlines(), start=1):
        imported = _RUNTIME_IMPORT.fullmatch(line)
        if imported is not None:
            # globalThis.URL: a check module's own `URL` constant shadows the global in its function
            body.append(f'const $ = globalThis.rulesrefModules[new globalThis.URL("{imported.group(1)}", $self).href];')
            continue
        if line.startswith("export "):
            found = _EXPORT.match(line)
            if found is None:
                raise ModuleShapeError(f"{name}:{number}: an export this writer does not make")
            exported.append(found.group(1))
            line = line[len("export ") :]
        elif _ANY_STATEMENT.match(line):
            raise ModuleShapeError(f"{name}:{number}: an import or export this writer does not make")
        body.append(line)
    register = f"globalThis.rulesrefModules[$self] = Object.freeze({{ {', '.join(exported)} }});" if exported else ""
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
