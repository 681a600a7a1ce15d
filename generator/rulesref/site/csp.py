"""Make a built site work under a Content-Security-Policy of `default-src 'self'`.

Such a policy refuses inline scripts and inline style attributes. Our own pages have neither
(the "Try it" forms and the previews are files and build nodes, never markup with code), but
the theme writes a few small inline scripts into every page (its storage helpers, the colour
palette, restoring tabs) and Python-Markdown writes `style="text-align: ..."` on the cells of
aligned table columns. After MkDocs has built the site, each distinct inline script is moved,
byte for byte, into a file named by its hash under `assets/inline/` and loaded from the same
place in the page (so scripts still run in the same order), and each alignment style becomes
a class that `rulesref.css` styles. The policy itself is the server's to send.

Zensical's theme also appends a <style> element to the shadow root of its search dialog;
on its pages (their generator tag says so) `assets/rulesref-shadow-styles.js` is loaded just
before the theme's bundle, to hand those rules to the shadow root as a style sheet instead.

The rewrite reads and writes every page of the site (30 MB at a thousand entries) and waits
mostly on the file system: pages are handled as bytes and overwritten in place. Sharing them
between two forked workers gained nothing measurable, so one process does it.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

INLINE = "assets/inline"
_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.S)
# how a page reaches the site root: the theme's own bundle shows it (relative on most pages,
# absolute on 404.html, which is served at any address)
_ROOT = re.compile(rb'<script src="([^"]*?)assets/javascripts/bundle\.')
_ALIGNED = re.compile(rb'<(td|th) style="text-align: (left|center|right);">')
_ZENSICAL = re.compile(rb'<meta name="generator" content="zensical-')
SHADOW_STYLES = "assets/rulesref-shadow-styles.js"


def _page_fix(html: bytes, up: bytes, scripts: dict[str, bytes]) -> bytes:
    def external(match: re.Match[bytes]) -> bytes:
        body = match.group(1)
        name = f"{INLINE}/{hashlib.sha256(body).hexdigest()[:16]}.js"
        scripts[name] = body
        return b'<script src="' + up + name.encode("ascii") + b'"></script>'

    html = _SCRIPT.sub(external, html)
    bundle = _ROOT.search(html)
    if bundle and _ZENSICAL.search(html) and SHADOW_STYLES.encode("ascii") not in html:
        html = html[: bundle.start()] + b'<script src="' + up + SHADOW_STYLES.encode("ascii") + b'"></script>' + html[bundle.start() :]
    return _ALIGNED.sub(lambda m: b"<" + m.group(1) + b' class="rr-align-' + m.group(2) + b'">', html)


def _fix_pages(site: Path, pages: list[Path]) -> tuple[int, dict[str, bytes]]:
    """Rewrite `pages` in place; how many changed, and the scripts they now load."""
    scripts: dict[str, bytes] = {}
    changed = 0
    for page in pages:
        depth = len(page.relative_to(site).parts) - 1
        html = page.read_bytes()
        root = _ROOT.search(html)
        fixed = _page_fix(html, root.group(1) if root else b"../" * depth, scripts)
        if fixed != html:
            with page.open("r+b") as out:  # rewritten in place: see `make_csp_ready`
                out.write(fixed)
                out.truncate()
            changed += 1
    return changed, scripts


def make_csp_ready(site: Path, *, besides: tuple[str, ...] = ()) -> int:
    """Rewrite every page of the built site in `site` (but those of the sites in its folders
    `besides`: each locale's is a site of its own, with its own scripts); returns how many
    pages changed.

    Pages are overwritten in place and cut to their new length, not truncated first: a file
    emptied and written again makes ext4 (`auto_da_alloc`) allocate its blocks at once,
    which made the rewrite three times slower."""
    pages = sorted(p for p in site.rglob("*.html") if p.relative_to(site).parts[0] not in besides)
    changed, scripts = _fix_pages(site, pages)
    for name, body in sorted(scripts.items()):
        target = site / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)
    return changed
