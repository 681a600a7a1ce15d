"""Odds charts: exact distributions drawn as inline SVG at build time.

No JavaScript and no image files: the page carries the chart, so it shows offline and in
print. Colours come from CSS (the theme's variables and `currentColor`), so the chart
follows light and dark mode. Every bar carries its exact fraction in a `<title>`, the chart a
title for screen readers, and the figure a table of the exact chances as text.

Labels are never cut: their widths are estimated from above and a label too wide to sit
beside its bar goes above it, wrapped. The browser tests measure every label's real box.
"""

from __future__ import annotations

from fractions import Fraction

from rulesref.pages.markdown import attribute

WIDTH = 360
ROW = 22
BAR = 14
LINE = 15  # one line of a label above its bar
PERCENT = 52
INSET = 2  # a glyph may start a little left of its x (a bold T, a W)
SIDE_LABELS = WIDTH * 0.45  # labels wider than this go above their bars, wrapped

# Advance widths at 12px, rounded up from the widest common sans-serif fallback (DejaVu
# Sans): an estimate that is never short, so that no label runs out of its chart. The
# browser tests measure the real boxes.
WIDE, WIDE_PX = "MWmw%+<>=", 12.0
NARROW, NARROW_PX = "iljtfrI.,:;'!|()[] /-", 5.0
UPPER_PX, OTHER_PX = 9.6, 7.8
# the same table for the live charts of "Try it", which measure their labels in the browser
# the words around the numbers (the live charts of "Try it" are given them too)
EXACT = ("Exact chances", "Result", "Chance", "Exactly")  # the table's summary and column heads
AT_LEAST = "At least"  # the column of a number's chance of that or more
AVERAGE = "On average: "  # before the mean of a number
SURE = " (100%)."  # after the one result of odds that have only one
WIDTHS = {"wide": WIDE, "widePx": WIDE_PX, "narrow": NARROW, "narrowPx": NARROW_PX, "upperPx": UPPER_PX, "otherPx": OTHER_PX}


def text_width(text: str) -> float:
    """How wide `text` is at 12px, estimated from above."""
    total = 0.0
    for char in text:
        if char in WIDE:
            total += WIDE_PX
        elif char in NARROW:
            total += NARROW_PX
        elif char.isupper():
            total += UPPER_PX
        else:
            total += OTHER_PX
    return total


def wrap(text: str, width: float) -> list[str]:
    """Words of `text` in lines no wider than `width` (a single longer word gets a line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def percent(p: Fraction) -> str:
    value = float(p * 100)
    if 0 < value < 0.1:
        return "<0.1%"
    return f"{value:.1f}%".replace(".0%", "%")


def exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def odds_svg(ident: str, title: str, outcomes: tuple[tuple[str, Fraction], ...]) -> str:
    """One horizontal bar per result with its percentage, as one line of SVG markup. Short
    labels sit left of their bars; longer ones go above them, wrapped, never cut."""
    widest = max((text_width(label) for label, _ in outcomes), default=0.0)
    stacked = widest + 10 > SIDE_LABELS
    label_width = 0 if stacked else int(max(40.0, widest + 10))
    track = WIDTH - label_width - PERCENT
    parts = []
    top = 2.0
    for label, p in outcomes:
        lines = wrap(label, WIDTH - 2 * INSET) if stacked else [label]
        above = LINE * len(lines) if stacked else 0
        bar_y = top + above + (ROW - BAR) / 2
        text_y = bar_y + BAR / 2 + 4
        if stacked:
            shown = "".join(
                f'<text class="rr-label" x="{INSET}" y="{top + LINE * (n + 1) - 3:g}">{attribute(line)}</text>' for n, line in enumerate(lines)
            )
        else:
            shown = f'<text class="rr-label" x="{label_width - 8}" y="{text_y:g}" text-anchor="end">{attribute(label)}</text>'
        bar = 0 if p == 0 else max(1.0, float(p) * track)
        parts.append(
            f"<g><title>{attribute(label)}: {exact(p)} ({percent(p)})</title>{shown}"
            f'<rect class="rr-track" x="{label_width}" y="{bar_y:g}" width="{track}" height="{BAR}" rx="2"/>'
            f'<rect class="rr-bar" x="{label_width}" y="{bar_y:g}" width="{bar:.1f}" height="{BAR}" rx="2"/>'
            f'<text class="rr-pct" x="{WIDTH - 2}" y="{text_y:g}" text-anchor="end">{attribute(percent(p))}</text></g>'
        )
        top += above + ROW
    height = int(top + 2)
    head = (
        f'<svg class="rr-chart" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        f'role="img" aria-labelledby="{ident}-t"><title id="{ident}-t">{attribute(title)}</title>'
    )
    return head + "".join(parts) + "</svg>"


def _fmt(number: float) -> str:
    return f"{number:.1f}".removesuffix(".0")


def histogram_svg(ident: str, title: str, outcomes: tuple[tuple[str, Fraction], ...]) -> str:
    """Columns for the values of one number (such as a dice total): compact however many
    values there are; every column carries its exact fraction in a `<title>`."""
    highest = max((p for _, p in outcomes), default=Fraction(1)) or Fraction(1)
    left, right, top, bottom, height = int(text_width(percent(highest))) + 8, 4, 14, 20, 150
    plot_w, plot_h = WIDTH - left - right, height - top - bottom
    slot = plot_w / max(1, len(outcomes))
    widest = max((text_width(label) for label, _ in outcomes), default=0.0)
    step = max(-(-len(outcomes) // 12), -(-int(widest + 6) // max(1, int(slot))))  # value labels that fit under the columns
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
            f"<g><title>{attribute(label)}: {exact(p)} ({percent(p)})</title>"
            f'<rect class="rr-bar" x="{_fmt(x)}" y="{_fmt(base - bar_h)}" width="{_fmt(max(1.0, slot * 0.8))}" height="{_fmt(bar_h)}"/>'
            f"{label_text}</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def average(mean: Fraction) -> str:
    """The mean of a number as a player reads it (two decimals, halves to even), with its exact
    value when it is not whole."""
    if mean.denominator == 1:
        return f"{AVERAGE}{mean.numerator}"
    hundredths = round(abs(mean) * 100)
    shown = ("-" if mean < 0 else "") + f"{hundredths / 100:.2f}".rstrip("0").rstrip(".")
    return f"{AVERAGE}{shown} (exactly {exact(mean)})"


def odds_figure(
    ident: str,
    title: str,
    note: str,
    outcomes: tuple[tuple[str, Fraction], ...],
    *,
    histogram: bool = False,
    at_least: tuple[Fraction, ...] | None = None,
    mean: Fraction | None = None,
) -> str:
    """The chart under its title, with what its rows leave out and a table of the exact
    chances (the numbers as text, not only as bars), as one raw HTML block. For the values
    of one number (`at_least`, `mean`), the table also gives the chance of each value or more,
    and the chart the mean."""
    chart = histogram_svg(ident, title, outcomes) if histogram else odds_svg(ident, title, outcomes)
    rows = "".join(
        f"<tr><td>{attribute(label)}</td><td>{attribute(percent(p))}</td><td>{attribute(exact(p))}</td>"
        + (f"<td>{attribute(percent(at_least[i]))}</td>" if at_least is not None else "")
        + "</tr>"
        for i, (label, p) in enumerate(outcomes)
    )
    summary, *heads = EXACT
    heads += [AT_LEAST] if at_least is not None else []
    table = (
        f'<details class="rr-exact"><summary>{attribute(summary)}</summary><table class="rr-exact-table"><thead><tr>'
        + "".join(f"<th>{attribute(head)}</th>" for head in heads)
        + f"</tr></thead><tbody>{rows}</tbody></table></details>"
    )
    shown_note = f'<p class="rr-odds-note">{attribute(note)}</p>' if note else ""
    shown_mean = f'<p class="rr-odds-mean">{attribute(average(mean))}.</p>' if mean is not None else ""
    return f'<figure class="rr-odds" id="{ident}"><figcaption>{attribute(title)}</figcaption>{chart}{shown_mean}{shown_note}{table}</figure>'


def always_figure(title: str, always: str) -> str:
    """Odds with a single result: said in words, since one full bar would tell nothing."""
    return f'<figure class="rr-odds rr-always"><figcaption>{attribute(title)}</figcaption><p>{attribute(always + SURE)}</p></figure>'
