"""Imported units whose compositions compute the same share one, composed and compiled once
(`rulesref.logic.alike`), and nothing a user sees changes: the packages are byte for byte those
of a run that shares nothing, each unit's check keeps its own words, and a problem is still
reported at its own unit."""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path

import pytest

from rulesref.commands.cli import main
from rulesref.config import Settings
from rulesref.logic import by_system
from rulesref.logic import stage as compile_stage
from rulesref.validate import validate

from .played import played_content


def _twin(content: Path, unit_id: str, name: str, rules: str) -> None:
    """A copy of the Moth Reavers under another id and name, with `rules`, and its own Strength."""
    text = (content / "lanterns" / "moth-reavers.yml").read_text(encoding="utf-8")
    text = text.replace("id: moth-reavers", f"id: {unit_id}").replace('"Moth Reavers"', f'"{name}"').replace('"S": "4"', '"S": "5"')
    kept = text.replace('rules: ["furious-charge", "glow", {"rule": "invulnerable-save", "X": "4+"}]', f"rules: {rules}")
    assert kept != text
    text = kept
    (content / "lanterns" / f"{unit_id}.yml").write_text(text.replace("\norigin:", "\n# origin:"), encoding="utf-8")


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = played_content(tmp_path_factory.mktemp("alike") / "content")
    _twin(folder, "moth-wardens", "Moth Wardens", '["furious-charge", "glow"]')  # the Reavers' composition (the 4++ is a target's)
    _twin(folder, "moth-zealots", "Moth Zealots", '["furious-charge", "rage"]')  # another
    return folder


def test_units_composed_alike_are_compiled_once_each_with_its_own_words(content: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    from rulesref.logic.check import compile_entry as real  # the one `compile_stage` calls

    def spy(entry, settings, **kwargs):  # type: ignore[no-untyped-def]
        compiled.append(entry.key)
        return real(entry, settings, **kwargs)

    monkeypatch.setattr(compile_stage, "compile_entry", spy)
    build = validate([str(content)], Settings(content=str(content)))
    assert [p for p in build.problems if p.severity == "error"] == []
    reavers, wardens, zealots = (build.content.entry(f"lanterns:{u}") for u in ("moth-reavers", "moth-wardens", "moth-zealots"))
    assert reavers is not None and wardens is not None and zealots is not None
    assert reavers.checks[0].alike is not None and reavers.checks[0].alike == wardens.checks[0].alike != zealots.checks[0].alike
    assert "lanterns:moth-reavers" in compiled and "lanterns:moth-wardens" not in compiled and "lanterns:moth-zealots" in compiled
    shared = build.compiled["lanterns:moth-wardens"].plans[0]
    assert shared.entry is wardens and shared.check is wardens.checks[0]
    assert "for Moth Wardens with its rules" in shared.check.summary and "for Moth Reavers" in build.compiled["lanterns:moth-reavers"].plans[0].check.summary


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_packages_are_those_of_a_run_that_shares_nothing(content: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["generate", "--content", str(content), "--out", str(tmp_path / "shared" / "py"), "--js-out", str(tmp_path / "shared" / "js")]) == 0
    monkeypatch.setattr(by_system, "composition_key", lambda *_: None)  # every composition made and compiled on its own
    assert main(["generate", "--content", str(content), "--out", str(tmp_path / "alone" / "py"), "--js-out", str(tmp_path / "alone" / "js")]) == 0
    shared, alone = _files(tmp_path / "shared"), _files(tmp_path / "alone")
    assert "py/lanterns/moth_wardens.py" in shared and shared == alone
    assert b"for Moth Wardens with its rules" in shared["py/lanterns/moth_wardens.py"]


def test_units_with_examples_of_their_own_are_composed_on_their_own(content: Path, tmp_path: Path) -> None:
    """Examples written for a unit's composition are its own: that unit shares nothing, and
    each reports its wrong example at its own file."""
    broken = tmp_path / "content"
    shutil.copytree(content, broken)
    for unit in ("moth-reavers", "moth-wardens"):
        path = broken / "lanterns" / f"{unit}.yml"
        path.write_text(path.read_text(encoding="utf-8") + "composed: {close_combat: {examples: [{given: {nothing: 1}, expect: 0}]}}\n", encoding="utf-8")
    build = validate([str(broken)], Settings(content=str(broken)))
    assert {p.path.rsplit("/", 1)[-1] for p in build.problems if p.severity == "error"} >= {"moth-reavers.yml", "moth-wardens.yml"}
    for unit in ("moth-reavers", "moth-wardens"):
        entry = build.content.entry(f"lanterns:{unit}")
        assert entry is not None and [c.alike for c in entry.checks if c.parts] == [None]


def _data(placeholder: str) -> str:
    """The JSON a form's placeholder holds."""
    return html.unescape(placeholder.split('data-rr-try="', 1)[1].rsplit('"', 1)[0])


def _resolved(placeholder: str, files: dict[str, bytes]) -> dict[str, object]:
    """A form as `rulesref-try.js` makes it: the placeholder's part laid over the description
    in the script it names."""
    own: dict[str, object] = json.loads(_data(placeholder))
    if "form" not in own:
        return own
    script = files[str(own["form"])].decode()
    prefix = f"(globalThis.rulesrefForms ??= {{}})[{json.dumps(own['form'])}] = "
    assert script.startswith(prefix) and script.endswith(";\n")
    shared: dict[str, object] = json.loads(script[len(prefix):-2])
    return shared | {name: value for name, value in own.items() if name not in ("form", "script")}  # (those two name the script)


def test_a_steps_own_check_is_described_once_for_the_unit_pages_as_each_would_be(content: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Versus forms of units whose step no rule changes share one description of the
    step's check, in a script of its own: it was made once, and each form, laid over it, is
    the one made with nothing shared."""
    from rulesref.pages import try_it, versus_forms
    from rulesref.pages.docs import all_checks

    build = validate([str(content)], Settings(content=str(content)), odds=True)
    checks = all_checks(build)
    made: list[str] = []
    real = try_it.description

    def counted(entry, *args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(entry.key)
        return real(entry, *args, **kwargs)

    monkeypatch.setattr(try_it, "description", counted)
    played = versus_forms.Played(build, checks).files()
    step = f"{versus_forms.PLAYED}shooting-attack.attack"
    sharing = [form[step] for form in played.forms.values() if step in form]
    assert made.count("w40k7:shooting-attack") == 1 and len(sharing) >= 3
    assert all("&quot;args&quot;" not in p and "&quot;form&quot;" in p for p in sharing)  # (the description is not in the page)
    whole = versus_forms.Played(build, checks, shared=False).files()
    assert not any(path.startswith(versus_forms.DESCRIBED) for path in whole.files)
    assert whole.forms.keys() == played.forms.keys()
    for key, forms in played.forms.items():
        assert {name: _resolved(p, played.files) for name, p in forms.items()} == {name: _resolved(p, whole.files) for name, p in whole.forms[key].items()}, key


def test_a_form_too_long_for_its_page_is_a_script_of_its_own_that_makes_the_same_form(content: Path) -> None:
    """A unit's form longer than the page may carry is, whole, a script of its own; the
    placeholder only names it, and the form made from it is the one made with nothing
    shared. A form within the bound stays as it was."""
    from rulesref.pages import versus_forms
    from rulesref.pages.docs import all_checks

    build = validate([str(content)], Settings(content=str(content)), odds=True)
    checks = all_checks(build)
    whole = versus_forms.Played(build, checks, shared=False).files()
    usual = versus_forms.Played(build, checks).files()
    sizes = sorted(len(_data(p)) for forms in usual.forms.values() for p in forms.values())
    bound = sizes[len(sizes) // 2]  # (half the forms are longer: as a formation's are on real data)
    played = versus_forms.Played(build, checks, inline_at_most=bound).files()
    own = {path for path in played.files if path.startswith(versus_forms.OWN)}
    assert 0 < len(own) < len(sizes)
    for key, forms in played.forms.items():
        for name, placeholder in forms.items():
            if len(_data(usual.forms[key][name])) > bound:
                assert json.loads(_data(placeholder)).keys() == {"form", "script"} and json.loads(_data(placeholder))["form"] in own, (key, name)
            else:
                assert placeholder == usual.forms[key][name], (key, name)
            assert _resolved(placeholder, played.files) == _resolved(whole.forms[key][name], whole.files), (key, name)


def test_the_key_of_a_composition_tells_apart_what_a_units_values_change(content: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What `compose._bound` writes in for a unit's values (the effect's expressions, the
    fields it adds, the summary that names the values) is part of the key."""
    from dataclasses import replace

    from rulesref.logic import alike

    seen = []

    def kept(step, effects, core):  # type: ignore[no-untyped-def]
        seen.append((step, tuple(effects), tuple(core)))
        return alike.composition_key(step, effects, core)

    monkeypatch.setattr(by_system, "composition_key", kept)
    validate([str(content)], Settings(content=str(content)))
    step, effects, core = seen[0]
    one = effects[0]
    key = alike.composition_key(step, effects, core)
    assert key == alike.composition_key(step, (replace(one),), core)
    said = replace(one, effect=replace(one.effect, summary=one.effect.summary.rstrip(".") + " (X = 3)."))
    assert alike.composition_key(step, (said,), core) != key
    assert one.effect.value is not None  # (Furious Charge's +1)
    other = replace(one, effect=replace(one.effect, value=replace(one.effect.value, source="2")))
    assert alike.composition_key(step, (other,), core) != key
