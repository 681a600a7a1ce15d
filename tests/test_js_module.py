"""The site's ES modules and their classic twins (`rulesref.emit.js_module`): a generated
module's twin is written from the writer's own lines, the same code in a function that
registers the module's exports; a module written by hand is read into lines, refusing shapes
a twin cannot carry. (A browser test runs the twins from the file system:
tests/site/test_offline.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
    # the site's Versus forms add weapons up with the runtime of the packages' `versus`, which a
    # package has only where a system is played
    assert package.keys() == files.keys() - {twin_path(p) for p in modules} - {"_versus.js"} and "_versus.js" in files


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


LOAD_TWIN = """
// Loads a twin as the offline copy does: the loader script, then rulesrefImport(url); each
// <script> tag it appends runs the file it names (as a browser would, one task later).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
const [loader, url, name, args] = process.argv.slice(2);
const loaded = [];
globalThis.document = {
  currentScript: null,
  createElement: () => ({}),
  head: {
    append(tag) {
      setTimeout(() => {
        loaded.push(tag.src.split("/").slice(-2).join("/"));
        document.currentScript = tag;
        vm.runInThisContext(readFileSync(fileURLToPath(tag.src), "utf8"), { filename: tag.src });
        document.currentScript = null;
        tag.onload();
      }, 0);
    },
  },
};
vm.runInThisContext(readFileSync(loader, "utf8"));
const module = await globalThis.rulesrefImport(url);
process.stdout.write(JSON.stringify({ result: module[name](JSON.parse(args)), loaded }));
"""


@pytest.mark.node
def test_a_composed_checks_twin_runs_once_the_step_it_calls_has_loaded(tmp_path: Path) -> None:
    import dataclasses
    import json
    import subprocess

    from rulechecks.w40k7 import deffkoptas

    from .jsnode import node

    for path, data in _site_modules().items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(data)
    twin = (tmp_path / "w40k7" / "deffkoptas.classic.js").read_text(encoding="utf-8")
    assert "globalThis.rulesrefWaiting" in twin and 'new globalThis.URL("./close_combat.js", $self).href' in twin
    (tmp_path / "load.mjs").write_text(LOAD_TWIN, encoding="utf-8")
    loader = REPO / "generator" / "rulesref" / "templates" / "site" / "assets" / "rulesref-classic.js"
    args: dict[str, Any] = {"attacks": 6, "weapon_skill": 4, "strength": 3, "ap": 7, "rending": False, "poisoned": 7, "shred": False, "preferred_enemy": False,
            "fleshbane": False, "target_weapon_skill": 4, "toughness": 4, "armour_save": 5, "invulnerable_save": 7, "wounds": 1, "models": 5,
            "eternal_warrior": False, "feel_no_pain": 7, "charged": True, "disordered": False, "hits": 4, "hit_rerolls": 0, "rerolled_hits": 0,
            "wounded": 2, "rending_wounds": 0, "wound_rerolls": 0, "rerolled_wounds": 0, "rerolled_rending": 0, "saved": 1, "through": 1,
            "rending_saved": 0, "rending_through": 0, "ignored": 0, "unsaved": 1}
    url = (tmp_path / "w40k7" / "deffkoptas.js").as_uri()
    done = subprocess.run([node(), str(tmp_path / "load.mjs"), str(loader), url, "close_combat", json.dumps(args)], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["result"] == dataclasses.asdict(deffkoptas.close_combat(**args))
    # the runtime and the pools, the unit's twin (which waits), then the steps it calls
    assert out["loaded"] == [*[f"{tmp_path.name}/{m}.classic.js" for m in ("_runtime", "_pools")], *[f"w40k7/{m}.classic.js" for m in ("deffkoptas", "close_combat", "morale_check", "shooting_attack", "to_wound_roll")]], out["loaded"]
