"""The site's ES modules and their classic twins (`rulesref.emit.js_module`): a generated
module's twin is written from the writer's own lines, the same code in a function that
registers the module's exports; a module written by hand is read into lines, refusing shapes
a twin cannot carry. (A browser test runs the twins from the file system:
tests/site/test_offline.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.config import Settings
from rulesref.emit import js_package
from rulesref.emit.js_module import ModuleShapeError, read_module, twin_path
from rulesref.validate import validate

REPO = Path(__file__).resolve().parent.parent


def _site_modules() -> dict[str, bytes]:
    build = validate([str(REPO / "content")], Settings(content=str(REPO / "content")))
    return js_package.package_files(build, twins=True)


def test_a_check_module_registers_what_it_exports() -> None:
    files = _site_modules()
    assert files["w40k7/fleet.js"] == (REPO / "rulechecks-js" / "w40k7" / "fleet.js").read_bytes()  # the module, as the package has it
    twin = files["w40k7/fleet.classic.js"].decode("utf-8")
    assert "import " not in twin and "\nexport " not in twin
    assert 'new globalThis.URL("../_runtime.js", $self)' in twin  # the module's own URL constant shadows URL
    assert twin.splitlines()[-2] == (
        "globalThis.rulesrefModules[$self] = Object.freeze({ ID, NAME, SYSTEM, KIND, SUMMARY, URL, charge, charge_odds, run, run_odds });"
    )
    assert twin.startswith("(() => {\n") and twin.endswith("})();\n")


def test_every_module_that_runs_on_a_page_has_a_twin_and_the_package_none() -> None:
    files = _site_modules()
    modules = {p for p in files if p.endswith(".js") and not p.endswith((".classic.js", "index.js"))}
    assert {p for p in files if p.endswith(".classic.js")} == {twin_path(p) for p in modules}
    assert len(modules) > 30
    package = js_package.package_files(validate([str(REPO / "content")], Settings(content=str(REPO / "content"))))
    assert package.keys() == files.keys() - {twin_path(p) for p in modules}


def test_the_runtime_registers_without_importing() -> None:
    twin = _site_modules()["_runtime.classic.js"].decode("utf-8")
    assert "const $ =" not in twin and "Object.freeze({ ValueError, fail, repr," in twin


@pytest.mark.parametrize(
    "line",
    ['export default 3;', 'export * as a from "./a.js";', 'import { x } from "./x.js";', '  export const y = 1;'],
)
def test_shapes_a_twin_cannot_carry_are_refused_in_a_module_written_by_hand(line: str) -> None:
    with pytest.raises(ModuleShapeError, match=r"m\.js:2"):
        read_module(f"const a = 1;\n{line}\n", "m.js")


def test_a_module_written_by_hand_is_read_back_as_it_was() -> None:
    source = (REPO / "rulechecks-js" / "_runtime.js").read_text(encoding="utf-8")
    assert read_module(source, "_runtime.js").es() == source


def test_twin_paths() -> None:
    assert twin_path("assets/rulechecks/w40k7/fleet.js") == "assets/rulechecks/w40k7/fleet.classic.js"
    with pytest.raises(ModuleShapeError):
        twin_path("assets/rulechecks/w40k7/fleet.classic.js")
