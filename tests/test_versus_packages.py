"""`versus(attacker, target)` from the generated packages of a played system.

Lantern Wars (`tests/played.py`) is generated as both packages; each answers every unit
against every unit, with one model and with several, each weapon alone and each step's
weapons together, and must equal what `rulesref versus
--json` answers: the same weapons, arguments, exact distribution and rules modelled. The
Python package runs in a process of its own (as another tool imports it), the JavaScript one
in Node.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main
from rulesref.names import python_module
from rulesref.versus import runtime

from .jsnode import node
from .played import played_content

MODELS = ((1, 1), (3, 2))  # (attacking, in the target)
TOGETHER = (False, True)  # each weapon alone, or each step's weapons together
PY_SCRIPT = """
import json, sys
from played_rules.lanterns.versus import versus
out = []
for attacker, target, models, target_models, together, weapon in json.loads(sys.argv[1]):
    named = None if weapon is None else [tuple(w) for w in weapon]
    for a in versus(attacker, target, weapon=named, models=models, target_models=target_models, together=together):
        out.append({"step": a.step, "weapon": a.weapon, "given": a.given, "modelled": list(a.modelled), "not_modelled": list(a.not_modelled),
                    "distribution": [[dict(r), p.numerator, p.denominator] for r, p in a.distribution]})
print(json.dumps(out))
"""
JS_SCRIPT = """
import { lanterns } from "./index.js";
const out = [];
for (const [attacker, target, models, targetModels, together, weapon] of JSON.parse(process.argv[2]))
  for (const a of await lanterns.versus.versus(attacker, target, { weapon, models, targetModels, together }))
    out.push({ step: a.step, weapon: a.weapon, given: a.given, modelled: a.modelled, not_modelled: a.notModelled,
               distribution: a.distribution.map((r) => [r.result, String(r.numerator), String(r.denominator)]) });
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """The played content, and its Python and JavaScript packages."""
    root = tmp_path_factory.mktemp("versus-packages")
    content = played_content(root / "content")
    out, js_out = root / "played_rules", root / "played_rules-js"
    assert main(["generate", "--content", str(content), "--out", str(out), "--js-out", str(js_out)]) == 0
    return content, out, js_out


def _units(content: Path) -> list[str]:
    """Every unit of the imported system, by id."""
    return sorted(p.stem for p in (content / "lanterns").glob("*.yml") if "\nkind: unit\n" in p.read_text(encoding="utf-8"))


def _asked(content: Path) -> list[list[Any]]:
    units = _units(content)
    every = [[a, t, m, tm, together, None] for (a, t), (m, tm), together in product(product(units, units), MODELS, TOGETHER)]
    # weapons by name, each with its own models: an exact label picks it alone, a part of one each it is in
    named = [["Moth Reaver: Dust Blade", 2], ["hook", 3]]
    return [*every, ["moth-reavers", "hive-beetles", 1, 4, True, named], ["moth-reavers", "hive-beetles", 1, 4, False, named]]


def _command(content: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """What `rulesref versus --json` answers, in the packages' shape."""
    out = []
    for attacker, target, models, target_models, together, weapon in _asked(content):
        counts = [str(models)] if weapon is None else [str(n) for _, n in weapon]
        args = ["versus", f"lanterns/{attacker}", f"lanterns/{target}", *(a for n in counts for a in ("--models", n)), "--target-models", str(target_models), "--json", "--content", str(content)]
        args += [a for name, _ in weapon or [] for a in ("--weapon", name)]
        args += ["--together"] if together else []
        if main(args) != 0:  # (a unit with no weapon: the command says so, the packages answer nothing)
            assert "has no weapon" in capsys.readouterr().err
            continue
        for a in json.loads(capsys.readouterr().out):
            rows = [[r["result"], r["numerator"], r["denominator"]] for r in a["distribution"]]
            out.append({"step": a["step"], "weapon": a["weapon"], "given": a["given"], "modelled": a["modelled"], "not_modelled": a["not_modelled"], "distribution": rows})
    return out


def test_the_python_package_answers_as_the_command(packages: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    content, out, _ = packages
    assert (out / "lanterns" / "versus.py").is_file() and (out / "_versus.py").is_file()
    env = {**os.environ, "PYTHONPATH": str(out.parent)}
    ran = subprocess.run([sys.executable, "-c", PY_SCRIPT, json.dumps(_asked(content))], capture_output=True, text=True, env=env, cwd=out.parent, check=False)
    assert ran.returncode == 0, ran.stderr
    answers = json.loads(ran.stdout)
    expected = _command(content, capsys)
    assert len(_units(content)) >= 2 and len(answers) == len(expected) >= 12  # (every pair: both weapons of the Moth Reavers alone, and together)
    assert any(" + " in a["weapon"] for a in answers)
    assert any(a["weapon"] == "Moth Reaver: Wing Hook" and a["given"]["attacks"] == 6 for a in answers)  # ("hook", 3 models of 2 Attacks)
    assert answers == expected
    for answer in answers:  # each a distribution
        assert sum(Fraction(n, d) for _, n, d in answer["distribution"]) == 1


def test_the_javascript_package_answers_as_the_python_one(packages: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    content, _, js_out = packages
    script = js_out / "asked.mjs"
    script.write_text(JS_SCRIPT, encoding="utf-8")
    ran = subprocess.run([node(), str(script), json.dumps(_asked(content))], capture_output=True, text=True, cwd=js_out, check=False)
    assert ran.returncode == 0, ran.stderr
    answers = json.loads(ran.stdout)
    expected = _command(content, capsys)
    for row in expected:
        row["distribution"] = [[r, str(n), str(d)] for r, n, d in row["distribution"]]
    assert answers == expected


def test_an_unknown_unit_is_an_error_that_names_it(packages: tuple[Path, Path, Path]) -> None:
    _, out, _ = packages
    code = "from played_rules.lanterns.versus import versus\ntry:\n    versus('no-such-unit', 'hive-beetles')\nexcept ValueError as exc:\n    print(exc)"
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(out.parent)}, check=False)
    assert "no unit `no-such-unit`" in ran.stdout, ran.stderr


def test_arguments_fill_in_none_multiply_per_model_within_range_and_name_the_rest() -> None:
    args: list[runtime.Arg] = [("attacks", "int", 1, 30), ("rending", "bool", None, None), ("feel_no_pain", "int", 2, 7), ("rage_charged", "int", 0, 20), ("toughness", "int", 1, 10)]
    given = runtime.arguments(args, {"attacks": 4}, ["attacks"], 10, {"toughness": 4}, {})
    assert given == {"attacks": 30, "rending": False, "feel_no_pain": 7, "rage_charged": 0, "toughness": 4}  # 40 attacks, capped at the input's 30
    with pytest.raises(runtime.Missing, match="`toughness`"):
        runtime.arguments(args, {"attacks": 4}, ["attacks"], 1, {}, {})
    assert runtime.arguments(args, {"attacks": 4}, ["attacks"], 1, {}, {}, lowest=True)["toughness"] == 1


def test_an_entry_named_versus_leaves_the_module_name_to_the_played_systems() -> None:
    assert python_module("versus") == "versus_"


def test_weapons_are_picked_by_exact_name_first_each_with_its_models() -> None:
    labels = ["Sergeant: Boltgun", "Marine: Boltgun", "Marine: Boltgun (half range)", "Marine: Missile Launcher"]
    assert runtime.picked(labels, None, 2) == [(0, 2), (1, 2), (2, 2), (3, 2)]
    assert runtime.picked(labels, ["Marine: Boltgun"], 3) == [(1, 3)]  # the exact label alone, not its half range
    assert runtime.picked(labels, ["boltgun"], 1) == [(0, 1), (1, 1), (2, 1)]
    assert runtime.picked(labels, [("marine: boltgun", 9), ("Launcher", 1)], 5) == [(1, 9), (3, 1)]
    assert runtime.picked(labels, [("Launcher", 1), ("Missile", 4)], 5) == [(3, 1)]  # the first name to pick a weapon gives its count
    assert runtime.picked(labels, ["Lascannon"], 1) == []
