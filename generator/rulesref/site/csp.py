"""Make a built site work under a Content-Security-Policy of `default-src 'self'`.

Such a policy refuses inline scripts and inline style attributes. Our own pages have neither
(the "Try it" forms and the previews are files and build nodes, never markup with code), but
the theme writes a few small inline scripts into every page (its storage helpers, the colour
palette, restoring tabs) and Python-Markdown writes `style="text-align: ..."` on the cells of
aligned table columns. After MkDocs has built the site, each distinct inline script is moved,
byte for byte, into a file named by its hash under `assets/inline/` and loaded from the same
place in the page (so scripts still run in the same order), and each alignment style becomes
a class that `rulesref.css` styles. The policy itself is the server's to send.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

INLINE = "assets/inline"
_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)
# how a page reaches the site root: the theme's own bundle shows it (relative on most pages,
# absolute on 404.html, which is served at any address)
_ROOT = re.compile(r'<script src="([^"]*?)assets/javascripts/bundle\.')
_ALIGNED = re.compile(r'<(td|th) style="text-align: (left|center|right);">')


def _page_fix(html: str, up: str, scripts: dict[str, bytes]) -> str:
    def external(match: re.Match[str]) -> str:
        body = match.group(1).encode("utf-8")
        name = f"{INLINE}/{hashlib.sha256(body).hexdigest()[:16]}.js"
        scripts[name] = body
        return f'<script src="{up}{name}"></script>'

    html = _SCRIPT.sub(external, html)
    return _ALIGNED.sub(lambda m: f'<{m.group(1)} class="rr-align-{m.group(2)}">', html)


def make_csp_ready(site: Path) -> int:
    """Rewrite every page of the built site in `site`; returns how many pages changed."""
    scripts: dict[str, bytes] = {}
    changed = 0
    for page in sorted(site.rglob("*.html")):
        depth = len(page.relative_to(site).parts) - 1
        html = page.read_text(encoding="utf-8")
        root = _ROOT.search(html)
        fixed = _page_fix(html, root.group(1) if root else "../" * depth, scripts)
        if fixed != html:
            page.write_text(fixed, encoding="utf-8")
            changed += 1
    for name, body in scripts.items():
        target = site / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)
    return changed
