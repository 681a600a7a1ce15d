"""Odds charts: exact distributions drawn as inline SVG at build time.

No JavaScript and no image files: the page carries the chart, so it shows offline and in
print. Colours come from CSS (the theme's variables and `currentColor`), so the chart
follows light and dark mode. Every bar carries its exact fraction in a `<title>`, and the
chart a title for screen readers.
"""

from __future__ import annotations

from fractions import Fraction

from rulesref.render.markdown import attribute

WIDTH = 360
ROW = 22
BAR = 14
PERCENT = 52
LABEL_ROW = 16  # room for a label above its bar
CHAR = 6.6  # average width of a 12px character, for sizing the label column
SIDE_LABEL = 20  # labels longer than this go above their bars


def percent(p: Fraction) -> str:
    value = float(p * 100)
    if 0 < value < 0.1:
        return "<0.1%"
    return f"{value:.1f}%".replace(".0%", "%")


def _clip(label: str, chars: int) -> str:
    return label if len(label) <= chars else label[: max(1, chars - 1)] + "\u2026"


def odds_svg(ident: str, title: str, outcomes: tuple[tuple[str, Fraction], ...]) -> str:
    """One horizontal bar per result with its percentage, as one line of SVG markup. Short
    labels sit left of their bars; long ones (records of several fields) above them."""
    longest = max((len(label) for label, _ in outcomes), default=1)
    stacked = longest > SIDE_LABEL
    label_width = 0 if stacked else int(max(40, longest * CHAR + 10))
    row = ROW + (LABEL_ROW if stacked else 0)
    track = WIDTH - label_width - PERCENT
    height = row * len(outcomes) + 4
    parts = [
        f'<svg class="rr-chart" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        f'role="img" aria-labelledby="{ident}-t">',
        f'<title id="{ident}-t">{attribute(title)}</title>',
    ]
    for index, (label, p) in enumerate(outcomes):
        top = 2 + index * row
        bar_y = top + (LABEL_ROW if stacked else 0) + (ROW - BAR) / 2
        text_y = bar_y + BAR / 2 + 4
        if stacked:
            shown = f'<text class="rr-label" x="0" y="{top + LABEL_ROW - 4:g}">{attribute(_clip(label, int(WIDTH / CHAR)))}</text>'
        else:
            shown = f'<text class="rr-label" x="{label_width - 8}" y="{text_y:g}" text-anchor="end">{attribute(label)}</text>'
        bar = 0 if p == 0 else max(1.0, float(p) * track)
        parts.append(
            f"<g><title>{attribute(label)}: {p.numerator}/{p.denominator} ({percent(p)})</title>{shown}"
            f'<rect class="rr-track" x="{label_width}" y="{bar_y:g}" width="{track}" height="{BAR}" rx="2"/>'
            f'<rect class="rr-bar" x="{label_width}" y="{bar_y:g}" width="{bar:.1f}" height="{BAR}" rx="2"/>'
            f'<text class="rr-pct" x="{WIDTH - 2}" y="{text_y:g}" text-anchor="end">{attribute(percent(p))}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _fmt(number: float) -> str:
    return f"{number:.1f}".removesuffix(".0")


def histogram_svg(ident: str, title: str, outcomes: tuple[tuple[str, Fraction], ...]) -> str:
    """Columns for the values of one number (such as a dice total): compact however many
    values there are; every column carries its exact fraction in a `<title>`."""
    left, right, top, bottom, height = 40, 4, 14, 20, 150
    plot_w, plot_h = WIDTH - left - right, height - top - bottom
    highest = max((p for _, p in outcomes), default=Fraction(1)) or Fraction(1)
    slot = plot_w / max(1, len(outcomes))
    step = -(-len(outcomes) // 12)  # at most 12 value labels under the columns
    base = top + plot_h
    parts = [
        f'<svg class="rr-chart rr-histogram" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        f'role="img" aria-labelledby="{ident}-t">',
        f'<title id="{ident}-t">{attribute(title)}</title>',
        f'<rect class="rr-track" x="{left}" y="{top}" width="{plot_w}" height="0.6"/>',
        f'<rect class="rr-track" x="{left}" y="{base}" width="{plot_w}" height="1"/>',
        f'<text class="rr-pct" x="{left - 4}" y="{top + 4}" text-anchor="end">{attribute(percent(highest))}</text>',
        f'<text class="rr-pct" x="{left - 4}" y="{base}" text-anchor="end">0%</text>',
    ]
    for index, (label, p) in enumerate(outcomes):
        bar_h = float(p / highest) * plot_h
        x = left + index * slot + slot * 0.1
        label_text = ""
        if index % step == 0:
            label_text = f'<text class="rr-label" x="{_fmt(left + (index + 0.5) * slot)}" y="{height - 5}" text-anchor="middle">{attribute(label)}</text>'
        parts.append(
            f"<g><title>{attribute(label)}: {p.numerator}/{p.denominator} ({percent(p)})</title>"
            f'<rect class="rr-bar" x="{_fmt(x)}" y="{_fmt(base - bar_h)}" width="{_fmt(max(1.0, slot * 0.8))}" height="{_fmt(bar_h)}"/>'
            f"{label_text}</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def odds_figure(
    ident: str, title: str, caption: str, outcomes: tuple[tuple[str, Fraction], ...], *, histogram: bool = False
) -> str:
    """The chart with a caption, as one raw HTML block (no blank line inside it)."""
    chart = histogram_svg(ident, title, outcomes) if histogram else odds_svg(ident, title, outcomes)
    return f'<figure class="rr-odds">{chart}<figcaption>{attribute(caption)}</figcaption></figure>'
