"""The classic twins of the site's ES modules (`rulesref.render.classic`): the same code in a
function that registers the module's exports, and a refusal of module shapes this project
does not write. (A browser test runs them from the file system: tests/site/test_offline.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.render.classic import ModuleShapeError, classic_twin, twin_path

REPO = Path(__file__).resolve().parent.parent


def test_a_check_module_registers_what_it_exports() -> None:
    source = (REPO / "rulechecks-js" / "w40k7" / "fleet.js").read_text(encoding="utf-8")
    twin = classic_twin(source, "fleet.js")
    assert "import " not in twin and "\nexport " not in twin
    assert 'new globalThis.URL("../_runtime.js", $self)' in twin  # the module's own URL constant shadows URL
    assert twin.splitlines()[-2] == (
        "globalThis.rulesrefModules[$self] = Object.freeze({ ID, NAME, SYSTEM, KIND, SUMMARY, URL, charge, charge_odds, run, run_odds });"
    )
    assert twin.startswith("(() => {\n") and twin.endswith("})();\n")


def test_the_runtime_registers_without_importing() -> None:
    twin = classic_twin((REPO / "rulechecks-js" / "_runtime.js").read_text(encoding="utf-8"), "_runtime.js")
    assert "const $ =" not in twin and "Object.freeze({ ValueError, fail, repr," in twin


@pytest.mark.parametrize(
    "line",
    ['export default 3;', 'export * as a from "./a.js";', 'import { x } from "./x.js";', '  export const y = 1;'],
)
def test_shapes_this_project_does_not_write_are_refused(line: str) -> None:
    with pytest.raises(ModuleShapeError, match=r"m\.js:2"):
        classic_twin(f"const a = 1;\n{line}\n", "m.js")


def test_twin_paths() -> None:
    assert twin_path("assets/rulechecks/w40k7/fleet.js") == "assets/rulechecks/w40k7/fleet.classic.js"
    with pytest.raises(ModuleShapeError):
        twin_path("assets/rulechecks/w40k7/fleet.classic.js")
