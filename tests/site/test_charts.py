"""Odds charts: well-formed inline SVG with exact numbers, accessible, themed by CSS."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from rulesref.render.charts import histogram_svg, odds_figure, odds_svg, percent


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


def test_labels_are_escaped_and_long_ones_go_above_their_bars() -> None:
    long_label = "outcome: <b>passed</b> & hits: D6, weapon_skill_one: false"
    svg = odds_svg("c", "t & <t>", outcomes((long_label, Fraction(1, 3)), ("x", Fraction(2, 3))))
    root = ET.fromstring(svg)
    assert root.find("title").text == "t & <t>"  # type: ignore[union-attr]
    labels = [t for t in root.iter("text") if t.get("class") == "rr-label"]
    assert [t.get("x") for t in labels] == ["0", "0"]  # one layout per chart
    assert labels[0].text == long_label[:53] + "\u2026"  # clipped to the chart; whole in the bar's title
    assert root.find("g/title").text.startswith(long_label)  # type: ignore[union-attr]


def test_percentages_are_readable() -> None:
    assert percent(Fraction(1, 2)) == "50%"
    assert percent(Fraction(1, 3)) == "33.3%"
    assert percent(Fraction(1, 100000)) == "<0.1%"
    assert percent(Fraction(1)) == "100%"


def test_a_figure_has_a_caption() -> None:
    figure = ET.fromstring(odds_figure("c", "t", "needed = 7", outcomes(("a", Fraction(1)))))
    assert figure.tag == "figure" and figure.find("figcaption").text == "needed = 7"  # type: ignore[union-attr]


def test_a_histogram_has_one_column_per_value_and_few_labels() -> None:
    rows = tuple((str(total), Fraction(1, 31)) for total in range(5, 36))
    root = ET.fromstring(histogram_svg("h", "Odds of a 5D6 total", rows))
    columns = root.findall("g")
    assert len(columns) == 31
    assert columns[0].find("title").text == "5: 1/31 (3.2%)"  # type: ignore[union-attr]
    labels = [t.text for t in root.iter("text") if t.get("class") == "rr-label"]
    assert labels == ["5", "8", "11", "14", "17", "20", "23", "26", "29", "32", "35"]
