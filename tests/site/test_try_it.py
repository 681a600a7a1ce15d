""""Try it" in headless Chromium, on the shipped content served with a Content-Security-Policy
of `default-src 'self'`: the forms of Mob Rule, Hit & Run, Brutal, Regeneration and Stubborn
(and Random Movement, whose odds over 3D6 are drawn as columns) are filled from the keyboard, and the result and the live odds the page shows are compared
with what the Python package returns for the same arguments. The live odds speak the static
charts' words: for the first example they read exactly as the page's first static chart of
the check (title, labels, note, exact chances, or "Always: ..."), and after every change as
the chart the build would draw for the new arguments. Any CSP violation, console error or
page error fails the test.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulesref.logic.check import plan_entry
from rulesref.logic.plan import Plan
from rulesref.model import Entry
from rulesref.pages import check_words
from rulesref.pages.check_section import odds_chart
from rulesref.validate import validate
from rulesref.views.checks import CheckView, check_views, odds_view

from .conftest import REPO, Built, Sites, serving
from .layout import SCHEMES

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CSP = "default-src 'self'"
PAGES = ["w40k7/mob-rule", "w40k7/hit-and-run", "hh2/brutal", "t9a/regeneration", "t9a/stubborn", "t9a/random-movement"]


@pytest.fixture(scope="module")
def shipped_entries() -> dict[str, tuple[Entry, tuple[Plan, ...]]]:
    result = validate([str(REPO / "content")])
    assert result.problems == ()
    found = {}
    for entry in result.content.entries:
        if f"{entry.system}/{entry.id}" in PAGES:
            plans, problems = plan_entry(entry)
            assert problems == []
            found[f"{entry.system}/{entry.id}"] = (entry, tuple(plans))
    assert sorted(found) == sorted(PAGES)
    return found


@pytest.fixture(scope="module")
def shipped_views() -> dict[str, CheckView]:
    """Every check of the pages tested as the page words it, by check name."""
    result = validate([str(REPO / "content")])
    views = {}
    for compiled in result.compiled.values():
        if f"{compiled.entry.system}/{compiled.entry.id}" in PAGES:
            views.update({view.name: view for view in check_views(compiled, result.settings)})
    return views


@pytest.fixture(scope="module")
def site(sites: Sites, engine: str) -> Built:
    """The shipped content, built by each engine."""
    return sites.get("shipped", engine, lambda _: REPO / "content")


@pytest.fixture(scope="module")
def csp_url(site: Built) -> Iterator[str]:
    with serving(site.site, {"Content-Security-Policy": CSP}) as url:
        yield url


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    context.close()
    assert problems == [], problems


def python_function(entry: Entry, name: str) -> Any:
    import importlib

    module = importlib.import_module(f"rulechecks.{entry.system.replace('-', '_')}.{entry.module}")
    return getattr(module, name)


def words(plan: Plan, view: CheckView, value: Any) -> str:
    """The result as the live region says it, a sentence: `The unit is not Pinned.`"""
    if plan.record_class is None:
        return check_words.result_sentence(view, (("", value),))
    return check_words.result_sentence(view, tuple((f, getattr(value, f)) for f, _ in plan.fields))


READ_ARGUMENTS = """holder => {
  const spec = JSON.parse(holder.dataset.rrTry);
  const out = {};
  spec.args.forEach((arg, i) => {
    const control = holder.querySelectorAll('.rr-try-field')[i].querySelector('input, select');
    if (arg.kind === 'bool') out[arg.name] = control.checked;
    else if (arg.kind === 'choice') out[arg.name] = control.value;
    else out[arg.name] = control.value === '' ? null : Number(control.value);
  });
  return [spec.check, out];
}"""


# What a reader is told by an odds figure, live or static: its caption, the chart's title,
# every label, every bar's exact chance, the note, the table of exact chances, or the one
# sentence of odds that always give the same result.
FIGURE_TEXT = """figure => figure && {
  caption: figure.querySelector('figcaption').textContent,
  chart: [...figure.querySelectorAll('svg > title')].map(t => t.textContent),
  labels: [...figure.querySelectorAll('svg text.rr-label')].map(t => t.textContent),
  bars: [...figure.querySelectorAll('svg g > title')].map(t => t.textContent),
  note: [...figure.querySelectorAll('.rr-odds-note')].map(p => p.textContent),
  exact: [...figure.querySelectorAll('.rr-exact summary, .rr-exact th, .rr-exact td')].map(c => c.textContent),
  always: [...figure.querySelectorAll(':scope.rr-always > p')].map(p => p.textContent),
}"""
READ_HTML = "html => { const t = document.createElement('template'); t.innerHTML = html; return (" + FIGURE_TEXT + ")(t.content.firstElementChild); }"


def expected_figure(page: Any, plan: Plan, view: CheckView, entry: Entry, args: dict[str, Any]) -> dict[str, Any] | None:
    """What the build's static chart says for these arguments, read from the HTML the build
    would write (None when the check refuses them)."""
    assert plan.odds_name is not None
    dice = {a.name for a in plan.random_args}
    given = tuple((a.name, args[a.name]) for a in plan.args if a.name not in dice)
    try:
        distribution = python_function(entry, plan.odds_name)(**dict(given))
    except ValueError:
        return None
    html = odds_chart(view, odds_view(plan, given, distribution.items()), "expected")
    result: dict[str, Any] = page.evaluate(READ_HTML, html)
    return result


def live_figure(holder: Any) -> dict[str, Any] | None:
    found: dict[str, Any] | None = holder.evaluate(f"holder => ({FIGURE_TEXT})(holder.querySelector('.rr-try-odds figure'))")
    return found


def check_form(page: Any, holder: Any, entry: Entry, plans: dict[str, Plan], views: dict[str, CheckView]) -> str:
    """The page's result and odds for the form's current arguments equal Python's, in the
    same words."""
    name, args = holder.evaluate(READ_ARGUMENTS)
    plan = plans[name]
    try:
        expected = words(plan, views[name], python_function(entry, name)(**args))
    except ValueError as exc:
        expected = f"Not allowed: {exc}"
    result = holder.locator(".rr-try-result")
    assert result.get_attribute("aria-live") == "polite"
    assert result.inner_text() == expected, (name, args)
    if plan.odds_name is not None:
        shown = live_figure(holder)
        assert shown == expected_figure(page, plan, views[name], entry, args), (name, args)
        if shown and shown["bars"]:  # the fractions are exact and sum to one
            assert sum(Fraction(t.rsplit(" (", 1)[0].rsplit(": ", 1)[1]) for t in shown["bars"]) == 1
    return expected


def change_by_keyboard(page: Any, control: Any, kind: str) -> None:
    control.focus()
    if kind == "bool":
        page.keyboard.press("Space")
    elif kind in ("choice", "target", "dice"):
        options = control.locator("option").count()
        index = control.evaluate("c => c.selectedIndex")
        page.keyboard.press("ArrowDown" if index < options - 1 else "ArrowUp")
    else:
        value = control.input_value()
        low = control.get_attribute("min")
        page.keyboard.press("Control+A")
        page.keyboard.type(str(int(low) + 1 if value == low else int(low)))


@pytest.mark.parametrize("path", PAGES)
def test_try_it_answers_like_python_as_the_reader_types(
    page: Any, csp_url: str, shipped_entries: dict[str, Any], shipped_views: dict[str, CheckView], path: str
) -> None:
    entry, plans = shipped_entries[path]
    by_name = {p.name: p for p in plans}
    page.goto(f"{csp_url}{path}/")
    holders = page.locator(".rr-try")
    assert holders.count() == len(plans)
    # waited for by selector: a string predicate polled in the page is an eval, which the CSP refuses
    page.locator(".rr-try-ready").nth(len(plans) - 1).wait_for()
    seen_results = set()
    figures_compared = titles_changed = 0
    for index in range(len(plans)):
        holder = holders.nth(index)
        # prefilled with the first example that does not raise
        name = json.loads(holder.get_attribute("data-rr-try"))["check"]
        first = next(e for e in by_name[name].check.examples if e.raises is None)
        assert holder.evaluate(READ_ARGUMENTS)[1] == dict(first.given)
        seen_results.add(check_form(page, holder, entry, by_name, shipped_views))
        if by_name[name].odds_name is not None:  # the live odds read as the first static chart, word for word
            static = holder.evaluate(f"holder => ({FIGURE_TEXT})(holder.closest('section').querySelector('.rr-charts > figure'))")
            assert static is not None and static["caption"], name
            assert live_figure(holder) == static, name
            figures_compared += 1
        before = live_figure(holder)
        # then every argument changed in turn, from the keyboard only
        fields = holder.locator(".rr-try-field")
        spec = json.loads(holder.get_attribute("data-rr-try"))
        for i, arg in enumerate(spec["args"]):
            change_by_keyboard(page, fields.nth(i).locator("input, select"), arg["kind"])
            seen_results.add(check_form(page, holder, entry, by_name, shipped_views))
            if not arg.get("rolled") and by_name[name].odds_name is not None:
                after = live_figure(holder)
                titles_changed += after is None or before is None or after["caption"] != before["caption"]
                before = after
    assert len(seen_results) > 1  # the answers really changed as the arguments did
    assert figures_compared == sum(p.odds_name is not None for p in plans)
    # a changed argument (not a die, not a count of a pool) retitles the live odds
    assert titles_changed == sum(sum(not a.is_random for a in p.args) for p in plans if p.odds_name is not None)


def test_many_totals_are_drawn_as_columns(page: Any, csp_url: str) -> None:
    page.goto(f"{csp_url}t9a/random-movement/")
    page.locator(".rr-try-ready").nth(page.locator(".rr-try").count() - 1).wait_for()
    holder = page.locator(""".rr-try[data-rr-try*='"check":"move_distance"']""")
    holder.locator("select").first.select_option("3D6")
    assert holder.locator(".rr-try-odds svg.rr-histogram").count() == 1
    assert holder.locator(".rr-try-odds svg.rr-histogram g").count() == 16  # totals 3 to 18


def test_a_live_chart_of_words_keeps_the_order_of_the_rule_s_table(page: Any, csp_url: str) -> None:
    """The module's odds list results A to Z; the live chart, as the static one, as declared
    (`output: {values: [destroyed, misplaced, delayed]}`: the Mishap table's order)."""
    page.goto(f"{csp_url}w40k7/deep-strike/")
    holder = page.locator(""".rr-try[data-rr-try*='"check":"mishap"']""")
    holder.locator(".rr-try-odds svg.rr-chart").wait_for()
    labels = "svg => [...svg.querySelectorAll('.rr-label')].map(t => t.textContent)"
    live = holder.locator(".rr-try-odds svg.rr-chart").evaluate(labels)
    static = page.locator("section.rr-check .rr-charts svg.rr-chart").first.evaluate(labels)
    assert live == static == ["Destroyed", "Misplaced", "Delayed"]


def test_tab_walks_the_controls_in_order(page: Any, csp_url: str) -> None:
    page.goto(f"{csp_url}w40k7/mob-rule/")
    page.wait_for_selector(".rr-try-ready")
    holder = page.locator(".rr-try").first
    ids = holder.locator("input, select").evaluate_all("controls => controls.map(c => c.id)")
    assert len(ids) == 4
    page.focus(f"#{ids[0]}")
    for expected in ids[1:]:
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == expected
    for control_id in ids:  # every control has a label
        assert holder.locator(f"label[for='{control_id}']").count() == 1


def test_a_refused_input_says_why_in_the_live_region(page: Any, csp_url: str) -> None:
    page.goto(f"{csp_url}w40k7/mob-rule/")
    page.wait_for_selector(".rr-try-ready")
    result = refuse_models(page)
    assert result.inner_text() == "Not allowed: models must be a whole number from 1 to 100, not 0"
    assert page.locator(".rr-try").first.locator(".rr-try-odds svg").count() == 0  # no odds for arguments the check refuses


# The contrast of an element's text with what is painted behind it (WCAG 2: relative
# luminance of sRGB), compositing translucent colours over the first opaque background.
CONTRAST = """el => {
  const rgba = c => { const v = c.match(/[\\d.]+/g).map(Number); return v.length === 3 ? [...v, 1] : v; };
  const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
  const layers = [];
  for (let n = el; n; n = n.parentElement) {
    const c = rgba(getComputedStyle(n).backgroundColor);
    if (c[3] > 0) layers.push(c);
    if (c[3] === 1) break;
  }
  let back = [255, 255, 255];
  for (const layer of layers.reverse()) back = over(layer, back);
  const front = over(rgba(getComputedStyle(el).color), back);
  const lum = rgb => rgb.map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [hi, lo] = [lum(front), lum(back)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}"""


def refuse_models(page: Any) -> Any:
    """Mob Rule's form with models set to 0, which the check refuses; its result line."""
    holder = page.locator(".rr-try").first
    models = holder.locator("input[type=number]")
    models.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    return holder.locator(".rr-try-result")


def test_the_not_allowed_message_is_readable_in_light_and_dark(browser: Any, csp_url: str) -> None:
    ratios = {}
    for scheme, theme in SCHEMES.items():
        context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        page = context.new_page()
        page.goto(f"{csp_url}w40k7/mob-rule/")
        page.wait_for_selector(".rr-try-ready")
        assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == theme
        result = refuse_models(page)
        assert result.inner_text().startswith("Not allowed: ")
        ratios[scheme] = result.evaluate(CONTRAST)
        context.close()
    print("contrast of the refusal:", {scheme: round(ratio, 2) for scheme, ratio in ratios.items()})
    assert min(ratios.values()) >= 4.5, ratios  # WCAG AA for text of any size


def test_an_empty_number_field_asks_for_a_number(page: Any, csp_url: str) -> None:
    page.goto(f"{csp_url}w40k7/mob-rule/")
    page.wait_for_selector(".rr-try-ready")
    holder = page.locator(".rr-try").first
    models = holder.locator("input[type=number]")
    models.focus()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    assert models.input_value() == ""
    assert holder.locator(".rr-try-result").inner_text() == "Enter a number for models in the unit: a whole number from 1 to 100."
    assert holder.locator(".rr-try-odds svg").count() == 0


def test_controls_are_labelled_in_words(page: Any, csp_url: str) -> None:
    page.goto(f"{csp_url}w40k7/mob-rule/")
    page.wait_for_selector(".rr-try-ready")
    labels = page.locator(".rr-try").first.locator("label").all_inner_texts()
    assert labels == [  # the summaries of the arguments, with the values a number may take
        "The D6 rolled on the Mob Rule table",
        "The unit is locked in combat",
        "The unit includes an Ork character (Independent Characters too)",
        "Models in the unit (1 to 100)",
    ]
    page.goto(f"{csp_url}hh2/pinning/")
    page.wait_for_selector(".rr-try-ready")
    labels = page.locator(""".rr-try[data-rr-try*='"check":"test_needed"'] label""").all_inner_texts()
    assert "Locked in combat" in labels and "Already pinned" in labels  # no summary: the name in words
    assert not any("_" in label for label in labels)


def test_choices_show_the_names_of_the_entries_they_are(page: Any, csp_url: str) -> None:
    page.goto(f"{csp_url}w40k7/mob-rule/")
    page.wait_for_selector(".rr-try-ready")
    select = page.locator(""".rr-try[data-rr-try*='"check":"applies"'] select""").first
    options = select.locator("option")
    assert options.all_inner_texts() == ["Morale check", "Pinning test", "Other test"]  # the last is no entry: its words
    assert [options.nth(i).get_attribute("value") for i in range(3)] == ["morale-check", "pinning-test", "other-test"]


def test_without_javascript_the_page_keeps_its_examples_and_charts(browser: Any, csp_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{csp_url}w40k7/mob-rule/")
    assert page.locator(".rr-try").count() == 3
    assert page.locator(".rr-try > *").count() == 0  # nothing of the form without JavaScript
    assert page.locator("table.rr-examples").count() == 3
    assert page.locator(".rr-charts svg").count() >= 1
    context.close()


def test_no_page_of_the_site_has_an_inline_script_or_style(site: Built) -> None:
    pages = sorted(Path(site.site).rglob("*.html"))
    assert len(pages) > 100
    for html_file in pages:
        html = html_file.read_text(encoding="utf-8")
        assert "<script>" not in html, html_file
        assert " style=" not in html, html_file
        assert " onclick=" not in html and " onload=" not in html, html_file


@pytest.mark.parametrize("width", [390, 1366])
def test_a_versus_form_aims_at_a_unit_and_shows_the_exact_outcome(browser: Any, csp_url: str, width: int) -> None:
    from rulechecks.w40k7 import deffkoptas

    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{csp_url}w40k7/deffkoptas/")
    holder = page.locator(""".rr-try[data-rr-try*='"check":"close_combat"']""")
    holder.locator(".rr-try-target select").wait_for()
    assert holder.locator("legend").inner_text() == "Versus"
    spec = json.loads(holder.get_attribute("data-rr-try"))
    fields = {arg["name"]: holder.locator(".rr-try-field").nth(i).locator("input, select") for i, arg in enumerate(spec["args"])}
    holder.locator(".rr-try-target select").select_option(label="Solitaire")
    # the Solitaire brings its 3+ invulnerable save and Eternal Warrior, and holds them
    assert fields["invulnerable_save"].input_value() == "3" and fields["invulnerable_save"].is_disabled()
    assert fields["eternal_warrior"].is_checked() and fields["eternal_warrior"].is_disabled()
    links = holder.locator(".rr-try-brings a")
    assert [links.nth(i).inner_text() for i in range(links.count())] == ["Impossible Form", "Eternal Warrior"]
    assert links.first.get_attribute("href") == "../impossible-form/"
    # the player sets the conditions: a charge, Strength 3 against Toughness 3, five attacks
    fields["charged"].check()
    applying = holder.locator(".rr-try-applying")
    assert applying.inner_text() == f"{spec['targetWords']['applying']} Furious Charge"
    assert applying.locator("a").get_attribute("href") == "../furious-charge/"
    fields["disordered"].check()  # a disordered charge: Furious Charge gives nothing
    assert applying.inner_text() == spec["targetWords"]["none"]
    fields["disordered"].uncheck()
    for name, value in (("attacks", 5), ("strength", 3), ("toughness", 3), ("armour_save", 7)):
        fields[name].fill(str(value))
    holder.locator(".rr-try-odds .rr-exact summary").click()
    shown = holder.locator(".rr-try-odds .rr-exact-table tbody tr")
    exact = sorted(shown.nth(i).locator("td").nth(2).text_content() for i in range(shown.count()))
    args = {a["name"]: None for a in spec["args"] if not a.get("rolled")}
    given: dict[str, Any] = {
        "attacks": 5, "weapon_skill": 4, "strength": 3, "ap": 7, "rending": False, "poisoned": 7, "shred": False, "preferred_enemy": False,
        "fleshbane": False, "target_weapon_skill": 4, "toughness": 3, "armour_save": 7, "invulnerable_save": 3, "wounds": 1, "models": 5,
        "eternal_warrior": True, "feel_no_pain": 7, "charged": True, "disordered": False,
    }
    assert set(args) == set(given)
    odds = deffkoptas.close_combat_odds(**given)
    assert exact == sorted(f"{p.numerator}/{p.denominator}" for p in odds.values())
    # a unit whose rules bring nothing to the attack holds no field, and says so
    holder.locator(".rr-try-target select").select_option(label="Deffkoptas")
    assert not fields["invulnerable_save"].is_disabled() and holder.locator(".rr-try-brings li").count() == 0
    assert holder.locator(".rr-try-brings").inner_text() == spec["targetWords"]["nothing"]
    # typed in again: the fields are the player's once more
    holder.locator(".rr-try-target select").select_option(index=0)
    assert not fields["eternal_warrior"].is_disabled() and holder.locator(".rr-try-brings").inner_text() == ""
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways at {width} px"
    context.close()
    assert problems == [], problems
