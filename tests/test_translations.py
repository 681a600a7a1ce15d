"""Translations: each rule a translation must keep, walked from `# expect:` fixtures in
fixtures/translations/bad/ (a second line `# as: LOCALE/FILE` places one elsewhere than
`fr/<id>.yml`); the good ones validate clean; a stale translation is told since which release
and how its source changed, in a git repository with tags; and `rulesref translations`
counts what is translated, stale and missing.

Each fixture is dropped into a copy of the demo content, whose system declares French. Its
`translates: "000000000000"` is replaced by the state of its source, so that only what the
fixture is about is reported (the stale tests write a state of their own).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from rulesref.commands.cli import main
from rulesref.translations.checks import dice_of, diff_text
from rulesref.translations.words import state_of
from rulesref.validate import validate

from .conftest import FIXTURES
from .test_fixtures import expectations

HERE = FIXTURES / "translations"
BAD = sorted((HERE / "bad").glob("*.yml"))
GOOD = sorted((HERE / "good").glob("*.yml"))
PLACEHOLDER = "000000000000"


def _declare_french(content: Path) -> None:
    system = content / "demo" / "system.yml"
    system.write_text(system.read_text(encoding="utf-8") + "locales: {source: en, translated: [fr]}\n", encoding="utf-8")


@pytest.fixture
def french(content: Path) -> Path:
    """The demo content, its system translated into French (no translation yet)."""
    _declare_french(content)
    return content


def _place(fixture: Path, content: Path) -> Path:
    """The fixture written where its `# as:` line says (else `fr/<id>.yml`), stamped with the
    state of its source when it names one."""
    text = fixture.read_text(encoding="utf-8")
    placed = re.search(r"^# as: (\S+)$", text, re.M)
    entry_id = re.search(r"^id: (\S+)$", text, re.M)
    assert entry_id is not None
    source = content / "demo" / f"{entry_id.group(1)}.yml"
    if source.is_file():
        text = text.replace(PLACEHOLDER, state_of(yaml.safe_load(source.read_text(encoding="utf-8"))))
    target = content / "demo" / "translations" / (placed.group(1) if placed else f"fr/{entry_id.group(1)}.yml")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("fixture", BAD, ids=[p.stem for p in BAD])
def test_a_translation_that_breaks_a_rule_is_told_at_its_line(fixture: Path, french: Path) -> None:
    target = _place(fixture, french)
    problems = validate([str(french)]).problems
    assert {(p.code, p.line) for p in problems} == expectations(fixture), "\n".join(map(str, problems))
    for problem in problems:
        assert problem.path.endswith(target.name) and problem.col >= 1 and "\n" not in problem.message


@pytest.mark.parametrize("fixture", GOOD, ids=[p.stem for p in GOOD])
def test_a_translation_that_keeps_its_source_is_clean(fixture: Path, french: Path) -> None:
    _place(fixture, french)
    build = validate([str(french)])
    assert build.problems == (), "\n".join(map(str, build.problems))
    (translation,) = build.translations
    assert (translation.system, translation.locale, translation.id, translation.stale) == ("demo", "fr", fixture.stem, None)


def test_every_good_translation_together_is_clean_and_validating_one_file_checks_it(french: Path) -> None:
    placed = [_place(fixture, french) for fixture in GOOD]
    assert validate([str(french)]).problems == ()
    broken = _place(HERE / "bad" / "link-missing.yml", french)  # replaces the good fearless
    assert broken in placed
    assert [p.code for p in validate([str(broken)]).problems] == ["translation-link"]  # the file alone asked about


def test_a_link_may_name_its_entry_by_the_name_translated_in_the_locale(french: Path) -> None:
    _place(HERE / "good" / "fearless.yml", french)
    morale = french / "demo" / "translations" / "fr" / "morale-check.yml"
    state = state_of(yaml.safe_load((french / "demo" / "morale-check.yml").read_text(encoding="utf-8")))
    morale.write_text(f'id: morale-check\ntranslates: "{state}"\nname: Test de Moral\n', encoding="utf-8")
    fearless = french / "demo" / "translations" / "fr" / "fearless.yml"
    fearless.write_text(fearless.read_text(encoding="utf-8").replace("[[Morale check|tests de Moral]]", "[[Test de Moral|tests de Moral]]"), encoding="utf-8")
    assert validate([str(french)]).problems == ()
    fearless.write_text(fearless.read_text(encoding="utf-8").replace("[[Test de Moral|", "[[Test de Morale|"), encoding="utf-8")
    problems = validate([str(french)]).problems
    assert [(p.code, p.line) for p in problems] == [("translation-link", 6), ("translation-link", 7)]  # names nothing; so Morale check is lacking
    assert "no entry named `Test de Morale`" in problems[1].message or "no entry named `Test de Morale`" in problems[0].message


def test_two_entries_of_a_locale_may_not_share_a_name(french: Path) -> None:
    _place(HERE / "good" / "fearless.yml", french)
    state = state_of(yaml.safe_load((french / "demo" / "morale-check.yml").read_text(encoding="utf-8")))
    (french / "demo" / "translations" / "fr" / "morale-check.yml").write_text(f'id: morale-check\ntranslates: "{state}"\nname: Sans Peur\n', encoding="utf-8")
    problems = validate([str(french)]).problems
    assert [p.code for p in problems] == ["translation-name"]


def test_dice_are_compared_as_notations() -> None:
    assert dice_of("Lancez 1D6, puis 2d6 et un D3+1.") == dice_of("Roll D6, then 2D6 and a D3 + 1.")
    assert dice_of("a D6") != dice_of("a D3")
    assert dice_of("[[Blast (D6)|Souffle (D6)]]") == dice_of("Blast (D6)")  # a link counts by the words it shows
    assert not dice_of("ADD6 and D66x")  # inside words: none


def _git(folder: Path, *args: str) -> None:
    env = {"GIT_AUTHOR_NAME": "Rules", "GIT_AUTHOR_EMAIL": "r@example.org", "GIT_COMMITTER_NAME": "Rules", "GIT_COMMITTER_EMAIL": "r@example.org", "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True, env=env)


@pytest.fixture
def released(tmp_path: Path, french: Path) -> Path:
    """A repository of the French demo content: fearless translated at 1.0, its source's text
    changed at 1.1 (a word and a link added), then tagged 1.2 with nothing more."""
    repo = tmp_path / "repo"
    shutil.copytree(french, repo / "content")
    _place(HERE / "good" / "fearless.yml", repo / "content")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "1.0")
    _git(repo, "tag", "1.0")
    source = repo / "content" / "demo" / "fearless.yml"
    source.write_text(source.read_text(encoding="utf-8").replace("and [[Brutal (3)]].", "and [[Brutal (3)]], and always [[Mishap]]."), encoding="utf-8")
    _git(repo, "commit", "-qam", "fearless: see also Mishap")
    _git(repo, "tag", "1.1")
    _git(repo, "commit", "-q", "--allow-empty", "-m", "nothing")
    _git(repo, "tag", "1.2")
    return repo


def test_a_translation_of_an_earlier_state_is_stale_since_the_release_that_changed_it(released: Path) -> None:
    build = validate([str(released / "content")])
    (problem,) = build.problems  # a warning only: the translation is checked against what it translates
    assert (problem.code, problem.severity, problem.line) == ("translation-stale", "warning", 2)
    assert problem.message.startswith("stale since 1.1: text: ")
    assert "{+, and always Mishap+}" in problem.message.replace(" ,", ",")
    (translation,) = build.translations
    assert translation.stale is not None and translation.stale.since == "1.1" and translation.stale.known
    assert [field for field, _ in translation.stale.diffs] == ["text"]


def test_a_state_git_never_held_is_stale_without_a_diff_and_checked_against_the_source_now_and_an_unreleased_change_is_told_so(released: Path) -> None:
    translation = released / "content" / "demo" / "translations" / "fr" / "fearless.yml"
    translation.write_text(re.sub(r'translates: "\w+"', 'translates: "abcdefabcdef"', translation.read_text(encoding="utf-8")), encoding="utf-8")
    problem, lacking = validate([str(released / "content")]).problems  # checked against the source now, which links to Mishap since 1.1
    assert problem.code == "translation-stale" and "git holds no version in that state" in problem.message
    assert (lacking.code, lacking.line) == ("translation-link", 6) and "it lacks [[Mishap]]" in lacking.message
    # translated at 1.2 (stamped), then the source's summary reworded and committed, not tagged
    source = released / "content" / "demo" / "fearless.yml"
    state = state_of(yaml.safe_load(source.read_text(encoding="utf-8")))
    brought = re.sub(r'translates: "\w+"', f'translates: "{state}"', translation.read_text(encoding="utf-8"))
    translation.write_text(brought.replace("[[Brutal (3)|Brutal (3)]].", "[[Brutal (3)|Brutal (3)]], et toujours [[Mishap|Incident]]."), encoding="utf-8")
    assert validate([str(released / "content")]).problems == ()
    source.write_text(source.read_text(encoding="utf-8").replace("never breaks", "never flees"), encoding="utf-8")
    _git(released, "commit", "-qam", "fearless: flees")
    (problem,) = validate([str(released / "content")]).problems
    assert problem.message == "stale since the last release (not released yet): summary: The unit never [-breaks-] {+flees+} when tested for morale."


def _edit_fearless(old: str, new: str) -> Path:
    """The French Fearless of the repository in the working folder, `old` replaced by `new`."""
    translation = Path("content/demo/translations/fr/fearless.yml")
    translation.write_text(translation.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return translation


def test_stamping_records_the_source_state_and_the_warning_goes(released: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(released)
    translation = _edit_fearless("[[Brutal (3)|Brutal (3)]].", "[[Brutal (3)|Brutal (3)]], et toujours [[Mishap|Incident]].")
    assert main(["translations", "--stamp", str(translation)]) == 0
    state = state_of(yaml.safe_load(Path("content/demo/fearless.yml").read_text(encoding="utf-8")))
    assert f'translates: "{state}"' in translation.read_text(encoding="utf-8")
    assert validate(["content"]).problems == ()
    capsys.readouterr()
    assert main(["translations", "--stamp", str(translation)]) == 0  # already current: said, nothing written
    assert "already translates" in capsys.readouterr().err


def test_a_translation_with_errors_is_not_stamped(released: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(released)
    translation = _edit_fearless("[[Brutal (3)|Brutal (3)]]", "[[Brutal (4)]]")
    before = translation.read_text(encoding="utf-8")
    assert main(["translations", "--stamp", str(translation)]) == 1
    assert translation.read_text(encoding="utf-8") == before
    assert "not stamped" in capsys.readouterr().err


def test_coverage_counts_translated_stale_and_missing(released: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(released)
    for fixture in ("mishap", "brutal"):
        _place(HERE / "good" / f"{fixture}.yml", Path("content"))
    assert main(["translations", "--missing"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "demo fr: 2 of 6 entries translated (33%), 1 stale, 3 missing"
    assert "  stale fearless: stale since 1.1: text:" in out
    assert "  missing: blitz, grunt-squad, morale-check" in out.splitlines()
    assert main(["translations", "--format", "json"]) == 0
    (locale,) = json.loads(capsys.readouterr().out)["locales"]
    assert {k: locale[k] for k in ("system", "locale", "source", "entries", "translated", "stale", "missing")} == {
        "system": "demo", "locale": "fr", "source": "en", "entries": 6, "translated": 2, "stale": 1, "missing": 3,
    }
    assert locale["translated_ids"] == ["brutal", "mishap"]
    assert locale["stale_ids"][0]["id"] == "fearless" and locale["stale_ids"][0]["since"] == "1.1"
    assert "<ins>" in locale["stale_ids"][0]["diff"]["text"]


def test_a_diff_told_as_text_keeps_a_few_words_around_each_change() -> None:
    told = diff_text("one two three four five six seven eight nine ten <del>old</del><ins>new</ins> eleven twelve thirteen fourteen fifteen sixteen seventeen")
    assert told == "… five six seven eight nine ten [-old-] {+new+} eleven twelve thirteen fourteen fifteen sixteen …"


def test_a_new_translation_is_not_stamped_yet_and_is_checked_against_the_source_now(french: Path) -> None:
    target = french / "demo" / "translations" / "fr" / "fearless.yml"
    target.parent.mkdir(parents=True)
    target.write_text((HERE / "good" / "fearless.yml").read_text(encoding="utf-8").replace("[[Brutal (3)|Brutal (3)]]", "[[Brutal (4)]]"), encoding="utf-8")
    unstamped, broken = validate([str(french)]).problems
    assert (unstamped.code, unstamped.severity) == ("translation-stale", "warning") and unstamped.message.startswith("not stamped yet: ")
    assert (broken.code, broken.line, broken.col) == ("translation-link", 8, 46)  # at the link it adds
    assert broken.message.endswith("it lacks [[Brutal (X)]] (X=3); it adds [[Brutal (X)]] (X=4)")


def test_dice_are_kept_in_the_summary_and_a_title_needs_one_in_the_source(french: Path) -> None:
    mishap = _place(HERE / "good" / "mishap.yml", french)
    mishap.write_text(mishap.read_text(encoding="utf-8").replace("- {roll: 2-3, result:", "- {roll: 2-3, title: Égarée, result:"), encoding="utf-8")
    morale = _place(HERE / "bad" / "dice-dropped.yml", french)
    morale.write_text(morale.read_text(encoding="utf-8").replace("text: Lancez deux dés", "summary: Un jet de 3D6.\ntext: Lancez 2D6"), encoding="utf-8")
    problems = validate([str(french)]).problems
    assert [(Path(p.path).name, p.code, p.line) for p in problems] == [("mishap.yml", "translation-field", 10), ("morale-check.yml", "translation-dice", 4)]
    assert problems[1].message == "a translation must keep the source's dice: it adds 3D6" and problems[1].col == 20
