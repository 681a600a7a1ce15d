"""The CSP rewrite of a built site: inline scripts become files named by their hash, aligned
cells get classes, and each page is exactly its rewrite whether it grew or shrank."""

from __future__ import annotations

import hashlib
from pathlib import Path

from rulesref.site.csp import INLINE, SHADOW_STYLES, make_csp_ready

BUNDLE = '<script src="{up}assets/javascripts/bundle.1234.min.js"></script>'
LONG_SCRIPT = "var palette = " + "'x' + " * 40 + "'';"


def _name(body: str) -> str:
    return f"{INLINE}/{hashlib.sha256(body.encode()).hexdigest()[:16]}.js"


def test_inline_scripts_and_aligned_cells_are_rewritten_in_place(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "w40k7" / "fear").mkdir(parents=True)
    home = f"<p>é</p><script>{LONG_SCRIPT}</script>{BUNDLE.format(up='')}"  # shrinks
    page = f'<td style="text-align: right;">1</td><script>a</script>{BUNDLE.format(up="../../")}'  # grows
    (site / "index.html").write_text(home, encoding="utf-8")
    (site / "w40k7" / "fear" / "index.html").write_text(page, encoding="utf-8")
    (site / "w40k7" / "plain.html").write_text("<p>nothing inline</p>", encoding="utf-8")

    assert make_csp_ready(site) == 2
    assert (site / "index.html").read_text(encoding="utf-8") == f'<p>é</p><script src="{_name(LONG_SCRIPT)}"></script>{BUNDLE.format(up="")}'
    assert (site / "w40k7" / "fear" / "index.html").read_text(encoding="utf-8") == (
        f'<td class="rr-align-right">1</td><script src="../../{_name("a")}"></script>{BUNDLE.format(up="../../")}'
    )
    assert (site / "w40k7" / "plain.html").read_text(encoding="utf-8") == "<p>nothing inline</p>"
    assert (site / _name(LONG_SCRIPT)).read_text(encoding="utf-8") == LONG_SCRIPT
    assert (site / _name("a")).read_text(encoding="utf-8") == "a"
    assert make_csp_ready(site) == 0  # a rewritten site has nothing left to rewrite


def test_zensical_pages_load_the_shadow_styles_script_just_before_the_theme_s(tmp_path: Path) -> None:
    """Its search dialog's <style> becomes a style sheet (`rulesref-shadow-styles.js`); a
    page Material built is left without it, and a page rewritten again gets it once."""
    site = tmp_path / "site"
    (site / "w40k7" / "fear").mkdir(parents=True)
    zensical = '<meta name="generator" content="zensical-0.0.73">'
    (site / "w40k7" / "fear" / "index.html").write_text(f"{zensical}{BUNDLE.format(up='../../')}", encoding="utf-8")
    material = f'<meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.7.0">{BUNDLE.format(up="")}'
    (site / "index.html").write_text(material, encoding="utf-8")

    assert make_csp_ready(site) == 1
    assert (site / "w40k7" / "fear" / "index.html").read_text(encoding="utf-8") == (
        f'{zensical}<script src="../../{SHADOW_STYLES}"></script>{BUNDLE.format(up="../../")}'
    )
    assert (site / "index.html").read_text(encoding="utf-8") == material
    assert make_csp_ready(site) == 0
