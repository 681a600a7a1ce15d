"""Content names -> the identifiers of generated code, and the collisions that forbids.

One place decides what each content name becomes in Python (a system's package, an entry's
module, a check's function, odds function and record class) and which identifiers are
taken already: keywords, builtins and exception names, the names a generated module defines
for itself (its constants and imports), and the words JavaScript reserves, which no check's
function may be. An entry's id is never refused for the module it becomes: any id may have
checks, and an id whose Python name would clash (a keyword, a builtin, `conftest`, a file
pytest collects as tests: the package sits on the test path) gives its module another name,
by one documented rule (`python_module`). Two content names that map to one identifier
(`roll_2d6` and `roll2d6` both make the class `Roll2d6`; `i_d` makes `ID`, the module
constant) are refused at the YAML line of the second.
"""

from __future__ import annotations

import builtins
import keyword
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesref.problems import Problem

if TYPE_CHECKING:  # (the model names its own modules and packages from here)
    from rulesref.model import Check, Entry, Where

BUILTIN_NAMES = frozenset(dir(builtins))
# Words JavaScript reserves (in modules and strict mode), plus names that behave specially: a
# generated JavaScript local that is one takes a `$` (`rulesref.emit.js_expressions.local`), and
# no function may be one (`export function delete(...)` does not load).
JAVASCRIPT_RESERVED = frozenset(
    """arguments await break case catch class const continue debugger default delete do else enum eval
    export extends false finally for function if implements import in instanceof interface let new null
    package private protected public return static super switch this throw true try typeof undefined var
    void while with yield NaN Infinity Math Number Object""".split()
)
# what `rulesref.logic.codegen.module_ast` defines or imports at the top of every module
MODULE_CONSTANTS = ("ID", "NAME", "SYSTEM", "KIND", "SUMMARY", "URL")
MODULE_IMPORTS = ("dataclass", "Fraction", "Literal", "Final", "annotations", "_dice")
VERSUS_MODULE = "versus"  # a played system's module of `versus(attacker, target)` (`rulesref.versus.package_data`)


__all__ = [
    "JAVASCRIPT_RESERVED",
    "RESERVED_ENTRY_IDS",
    "RESERVED_SYSTEM_IDS",
    "VERSUS_MODULE",
    "Claim",
    "collisions",
    "function_reason",
    "module_reason",
    "python_class",
    "python_function",
    "python_module",
    "python_name",
    "python_name_problems",
    "python_odds",
    "python_reason",
]


# Top-level folders of the built site that are not systems (the site's own pages, and what
# MkDocs and Material write: `assets/`, `search/`, `404.html`, the sitemap); a system with one
# of these ids would collide with them (`releases`: `api/releases/`, beside `api/<system>/`).
RESERVED_SYSTEM_IDS = frozenset({"api", "assets", "changes", "compare", "download", "glossary", "releases", "roster", "search", "tags", "404", "sitemap", "schemas"})
# Entry ids a system's folder of the site keeps for its own pages (`rulesref.paths`):
# `system` is system.yml, `armies/` holds the army pages, `all/` the A to Z lists.
RESERVED_ENTRY_IDS = {"system": "reserved for system.yml", "armies": "the folder of the system's army pages", "all": "the folder of the system's A to Z lists"}


def python_name(identifier: str) -> str:
    """The Python identifier an id or system id becomes: `mob-rule` -> `mob_rule`."""
    return identifier.replace("-", "_")


def python_module(identifier: str) -> str:
    """The module an entry's id becomes: its Python name, or, where a module of that name
    would clash (`module_reason`), the name with an underscore at the end, the way PEP 8
    renames a name that meets a keyword: `leadership-test` -> `leadership_test_`, `class` ->
    `class_`, `range` -> `range_`. A name that begins `test_` (which pytest collects whatever
    it ends with) takes one at the start too: `test-of-faith` -> `_test_of_faith_`.

    No id makes a Python name with an underscore at either end (ids are kebab-case), so a
    renamed module never meets another entry's module, nor the package's own `_dice`.

    >>> [python_module(i) for i in ("mob-rule", "leadership-test", "test-of-faith", "class", "conftest")]
    ['mob_rule', 'leadership_test_', '_test_of_faith_', 'class_', 'conftest_']
    """
    name = python_name(identifier)
    if module_reason(name) is None:
        return name
    return f"_{name}_" if name.startswith("test_") else f"{name}_"


def python_function(identifier: str) -> str:
    """A function named after an entry (a unit's composed check of a step with one check):
    its Python name, with an underscore at the end where that is a Python keyword or builtin
    or a word JavaScript reserves, since both packages name it alike (`break-test` ->
    `break_test`, `class` -> `class_`, `new` -> `new_`)."""
    name = python_name(identifier)
    return name if function_reason(name) is None else f"{name}_"


def python_class(check_name: str) -> str:
    """A check's record class (`wounds_suffered` -> `WoundsSuffered`)."""
    return "".join(part.capitalize() for part in check_name.split("_"))


def python_odds(check_name: str) -> str:
    return f"{check_name}_odds"


def python_reason(identifier: str) -> str | None:
    """Why an identifier cannot be used in generated Python at all, or None."""
    if not identifier.isidentifier():
        return "is not a valid Python identifier"
    if keyword.iskeyword(identifier):
        return "is a Python keyword"
    if keyword.issoftkeyword(identifier):
        return "is a Python soft keyword"
    if identifier in BUILTIN_NAMES:
        kind = "exception" if isinstance(getattr(builtins, identifier), type) and issubclass(getattr(builtins, identifier), BaseException) else "builtin"
        return f"is a Python {kind}"
    return None


def function_reason(name: str) -> str | None:
    """Why a check's function cannot have this name in both packages, or None."""
    if name in JAVASCRIPT_RESERVED and python_reason(name) is None:
        return "is a word JavaScript reserves, so the JavaScript function could not have its name"
    return python_reason(name)


def module_reason(module: str) -> str | None:
    """Why a generated module cannot have this name, or None (then `python_module` renames it)."""
    reason = python_reason(module)
    if reason is not None:
        return reason
    if module == "conftest":
        return "is the file pytest loads as its own configuration"
    if module == VERSUS_MODULE:
        return "is the module of a played system's `versus(attacker, target)`"
    if module.startswith("test_") or module.endswith("_test"):
        return "makes a file pytest collects as tests (test_*.py, *_test.py)"
    return None


@dataclass(frozen=True)
class Claim:
    """One identifier that a content name makes, what it is, and the YAML that names it."""

    identifier: str
    what: str
    where: Where


def collisions(claims: Iterable[Claim], reason: Callable[[str], str | None], reserved: dict[str, str]) -> list[Problem]:
    """A problem for each claim whose identifier is unusable (`reason`), reserved (identifier
    -> what holds it), or already claimed by an earlier claim (reported at the later one)."""
    problems: list[Problem] = []
    first: dict[str, Claim] = {}
    for claim in claims:
        why = reason(claim.identifier)
        if why is None and claim.identifier in reserved:
            why = f"is {reserved[claim.identifier]}"
        if why is None and claim.identifier in first:
            earlier = first[claim.identifier]
            line = earlier.where.doc.at(earlier.where.path, key=True)[0]
            why = f"is also {earlier.what} (line {line})"
        first.setdefault(claim.identifier, claim)
        if why is not None:
            problems.append(claim.where.problem("python-name", f"{claim.what} would be `{claim.identifier}`, which {why}; choose another name", key=True))
    return problems


def _check_claims(check: Check) -> list[Claim]:
    claims = [Claim(check.name, f"the function of check `{check.name}`", check.where)]
    if any(i.dice is not None for i in check.inputs):
        claims.append(Claim(python_odds(check.name), f"the odds function of check `{check.name}`", check.where))
    if check.is_record:
        claims.append(Claim(python_class(check.name), f"the record class of check `{check.name}`", check.where))
    return claims


MODULE_RESERVED = {
    **{name: "a constant of every generated module" for name in MODULE_CONSTANTS},
    **{name: "imported by every generated module" for name in MODULE_IMPORTS},
}


def python_name_problems(entry: Entry) -> list[Problem]:
    """Collisions among the module-level identifiers of an entry's generated module.

    A check name itself that is a keyword or builtin is reported where checks are analysed;
    here only what the names become together is checked."""
    claims = [c for check in entry.checks for c in _check_claims(check)]
    return collisions(claims, lambda identifier: python_reason(identifier) if identifier[0].isupper() else None, MODULE_RESERVED)
