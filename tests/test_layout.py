"""The code's layout: packages stacked in floors, each importing only the floors below.

The import graph is read from the code (every `import` a module runs, at its top or in a
function; those only a type checker reads left out), so the rules hold of what really runs.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "generator" / "rulesref"

# Each floor may import the floors it names (and, for packages, itself); nothing else of rulesref.
FLOORS: dict[str, set[str]] = {
    "errors": set(),
    "support": {"errors"},
    "incremental": {"support", "errors"},
    "problems": {"support", "errors"},
}
# Packages that no lower layer may import: who may import them.
ABOVE: dict[str, set[str]] = {
    "commands": {"__main__"},
    "site": {"commands"},
    "pages": {"site", "commands"},
    "formats": {"pages", "site", "commands"},
    "emit": {"pages", "site", "commands", "formats"},
    "views": {"emit", "pages", "site", "commands", "formats"},
}
LINE_LIMIT = 450
# Modules over the limit today: each may shrink, none may grow (a new module keeps to the limit).
OVER_LIMIT = {
    "formats/battlescribe/mapping.py": 844,
    "model.py": 568,
    "read/load.py": 705,
    "logic/codegen.py": 554,
    "logic/prove.py": 522,
    "validate.py": 451,
    "formats/battlescribe/text.py": 454,
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _floor(module: str) -> str:
    """The package (or top-level module) a module belongs to: `rulesref.logic.plan` -> `logic`."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "(rulesref)"


def _is_module(name: str) -> bool:
    where = PACKAGE.parent.joinpath(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def _imports(path: Path) -> set[str]:
    """The rulesref modules `path` imports when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test) for node in ast.walk(block)}
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, *([node.module] if node.module else [])])
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        found |= {name for name in names if name.split(".")[0] == "rulesref" and _is_module(name)}
    return found


def _graph() -> dict[str, dict[str, set[str]]]:
    """floor -> the floors it imports -> the imports that do it (`module imports module`)."""
    graph: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        for name in _imports(path):
            if _floor(name) not in (_floor(module), "(rulesref)"):
                graph[_floor(module)][_floor(name)].add(f"{module} imports {name}")
    return graph


def _cycles(graph: dict[str, dict[str, set[str]]]) -> list[list[str]]:
    """The strongly connected groups of more than one floor (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, {}):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in list(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_two_packages_import_each_other_even_through_others() -> None:
    graph = _graph()
    cycles = _cycles(graph)
    detail = [f"{a} -> {b}: {why}" for group in cycles for a in group for b in group for why in sorted(graph[a].get(b, ()))]
    assert not cycles, "\n".join(detail)


def test_each_floor_imports_only_the_floors_below_it() -> None:
    graph = _graph()
    wrong = [
        f"{floor} -> {other}: {why}"
        for floor, allowed in FLOORS.items()
        for other, whys in graph.get(floor, {}).items()
        if other not in allowed
        for why in sorted(whys)
    ]
    wrong += [
        f"{floor} -> {upper}: {why}"
        for floor, imported in graph.items()
        for upper, allowed in ABOVE.items()
        if upper in imported and floor not in allowed
        for why in sorted(imported[upper])
    ]
    assert not wrong, "\n".join(wrong)


def test_the_layout_test_sees_a_cycle_and_a_floor_broken() -> None:
    """The graph and the cycle finder on a made-up graph: a test that could not fail is none."""
    made_up: dict[str, dict[str, set[str]]] = {"a": {"b": {"x"}}, "b": {"c": {"y"}}, "c": {"a": {"z"}}, "d": {"a": {"w"}}}
    assert _cycles(made_up) == [["a", "b", "c"]]
    assert "rulesref.support.forked" in _imports(PACKAGE / "site" / "mkdocs_split.py")


def test_no_module_grows_past_its_limit() -> None:
    sizes = {p.relative_to(PACKAGE).as_posix(): len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.rglob("*.py")}
    over = [f"{path}: {lines} lines (at most {OVER_LIMIT.get(path, LINE_LIMIT)}): split it by job" for path, lines in sorted(sizes.items()) if lines > OVER_LIMIT.get(path, LINE_LIMIT)]
    assert not over, "\n".join(over)
    assert all(path in sizes for path in OVER_LIMIT)  # (a module split or gone leaves this list)
