"""Odds charts: well-formed inline SVG with exact numbers, accessible, themed by CSS."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from rulesref.pages.charts import WIDTH, always_figure, histogram_svg, odds_figure, odds_svg, percent, text_width


def outcomes(*pairs: tuple[str, Fraction]) -> tuple[tuple[str, Fraction], ...]:
    return tuple(pairs)


def test_a_chart_is_one_line_of_well_formed_svg_with_a_title() -> None:
    svg = odds_svg("odds-x-1", "Odds of x", outcomes(("true", Fraction(49, 54)), ("false", Fraction(5, 54))))
    assert "\n" not in svg
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-labelledby") == "odds-x-1-t"
    assert root.find("title").text == "Odds of x"  # type: ignore[union-attr]
    bars = [g for g in root.findall("g")]
    assert [g.find("title").text for g in bars] == ["true: 49/54 (90.7%)", "false: 5/54 (9.3%)"]  # type: ignore[union-attr]


def test_bars_are_proportional_and_colours_come_from_css() -> None:
    root = ET.fromstring(odds_svg("c", "t", outcomes(("a", Fraction(1, 4)), ("b", Fraction(3, 4)))))
    bars = [r for r in root.iter("rect") if r.get("class") == "rr-bar"]
    widths = [float(b.get("width", 0)) for b in bars]
    assert abs(widths[1] / widths[0] - 3) < 0.01
    assert "fill=" not in odds_svg("c", "t", outcomes(("a", Fraction(1))))


def test_labels_are_escaped_and_long_ones_go_above_their_bars_wrapped_never_cut() -> None:
    long_label = "Passed <b>twice</b> & D6 hits, the weapon skill of the models drops to one, not rerolled"
    svg = odds_svg("c", "t & <t>", outcomes((long_label, Fraction(1, 3)), ("x", Fraction(2, 3))))
    root = ET.fromstring(svg)
    assert root.find("title").text == "t & <t>"  # type: ignore[union-attr]
    first, second = root.findall("g")
    lines = [t for t in first.iter("text") if t.get("class") == "rr-label"]
    assert len(lines) == 2 and {t.get("x") for t in lines} == {"2"}  # above the bar, on two lines
    assert " ".join(t.text or "" for t in lines) == long_label  # every word, none cut
    assert all(text_width(t.text or "") <= WIDTH for t in lines)
    assert [t.get("x") for t in second.iter("text") if t.get("class") == "rr-label"] == ["2"]  # one layout per chart
    assert first.find("title").text.startswith(long_label)  # type: ignore[union-attr]
    height = float(root.get("viewBox", "").split()[3])
    assert all(float(t.get("y", 0)) < height for t in root.iter("text"))


def test_a_label_column_is_as_wide_as_its_widest_label_estimated_from_above() -> None:
    root = ET.fromstring(odds_svg("c", "t", outcomes(("Failed, no hits", Fraction(1, 2)), ("Passed, D6 hits", Fraction(1, 2)))))
    label = next(t for t in root.iter("text") if t.get("class") == "rr-label")
    assert label.get("text-anchor") == "end" and float(label.get("x", 0)) >= text_width("Failed, no hits")
    assert text_width("MW") > text_width("il") > 0


def test_percentages_are_readable() -> None:
    assert percent(Fraction(1, 2)) == "50%"
    assert percent(Fraction(1, 3)) == "33.3%"
    assert percent(Fraction(1, 100000)) == "<0.1%"
    assert percent(Fraction(1)) == "100%"


def test_a_figure_has_its_title_a_note_and_the_exact_chances_as_text() -> None:
    figure = ET.fromstring(odds_figure("c", "Not locked in combat, 5 models", "In every case: no hits.", outcomes(("Passed", Fraction(1, 3)), ("Failed", Fraction(2, 3)))))
    assert figure.tag == "figure" and figure.get("id") == "c"
    assert figure.find("figcaption").text == "Not locked in combat, 5 models"  # type: ignore[union-attr]
    assert figure.find("p").text == "In every case: no hits."  # type: ignore[union-attr]
    rows = [[td.text for td in tr.findall("td")] for tr in figure.iter("tr") if tr.find("td") is not None]
    assert rows == [["Passed", "33.3%", "1/3"], ["Failed", "66.7%", "2/3"]]


def test_a_single_result_is_said_in_words_not_drawn() -> None:
    figure = ET.fromstring(always_figure("Flaming Attacks", "Always: not saved"))
    assert figure.find(".//svg") is None
    assert figure.find("p").text == "Always: not saved (100%)."  # type: ignore[union-attr]


def test_a_histogram_has_one_column_per_value_and_few_labels() -> None:
    rows = tuple((str(total), Fraction(1, 31)) for total in range(5, 36))
    root = ET.fromstring(histogram_svg("h", "Odds of a 5D6 total", rows))
    columns = root.findall("g")
    assert len(columns) == 31
    assert columns[0].find("title").text == "5: 1/31 (3.2%)"  # type: ignore[union-attr]
    labels = [t.text for t in root.iter("text") if t.get("class") == "rr-label"]
    assert labels == ["5", "8", "11", "14", "17", "20", "23", "26", "29", "32", "35"]
