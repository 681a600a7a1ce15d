"""A link checker over a built site: every internal href/src and every #anchor resolves.

Internal means relative, root-relative, or under the site URL (canonical links, sitemap).
A link resolves when the file exists (a folder means its index.html) and, with a
fragment, when the target page has an element with that id (or an <a name>).

    python -m tests.site.linkcheck build/site [--site-url URL]
"""

from __future__ import annotations

import argparse
import sys
from functools import cache
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urljoin, urlsplit

from rulesref.config import DEFAULT_SITE_URL

LINK_ATTRIBUTES = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src", "iframe": "src"}


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if tag == "a" and values.get("name"):
            self.ids.add(values["name"] or "")
        attribute = LINK_ATTRIBUTES.get(tag)
        if attribute and values.get(attribute):
            self.links.append(values[attribute] or "")


@cache
def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _target(site: Path, path: str) -> Path | None:
    """The file a site path (`w40k7/fear/`) names, if it exists."""
    candidate = site / unquote(path).lstrip("/")
    if candidate.is_dir():
        candidate = candidate / "index.html"
    return candidate if candidate.is_file() else None


def broken_links(site: Path, site_url: str = DEFAULT_SITE_URL) -> list[str]:
    """`page: link (why)` for every internal link or anchor that does not resolve."""
    _parse.cache_clear()
    base_path = urlsplit(site_url).path
    problems = []
    for page_file in sorted(site.rglob("*.html")):
        rel = page_file.relative_to(site).as_posix()
        page_url = "/" + rel
        for link in _parse(page_file).links:
            parts = urlsplit(link)
            if parts.scheme in ("mailto", "data", "javascript", "tel"):
                if parts.scheme == "javascript":
                    problems.append(f"{rel}: {link} (a javascript: link)")
                continue
            if parts.scheme or parts.netloc:
                if not link.startswith(site_url):
                    continue  # another site
                resolved = "/" + link[len(site_url) :]
            else:
                resolved = urljoin(page_url, link)
            path, _, fragment = resolved.partition("#")
            path = path.split("?")[0]
            if base_path != "/" and path.startswith(base_path):
                path = "/" + path[len(base_path) :]
            target = _target(site, str(PurePosixPath(path))) if path not in ("", "/") else site / "index.html"
            if target is None or not target.exists():
                problems.append(f"{rel}: {link} (no such file)")
                continue
            if fragment and target.suffix == ".html" and unquote(fragment) not in _parse(target).ids:
                problems.append(f"{rel}: {link} (no #{fragment} on {target.relative_to(site).as_posix()})")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--site-url", default=DEFAULT_SITE_URL)
    args = parser.parse_args()
    problems = broken_links(args.site, args.site_url)
    for problem in problems:
        print(problem)
    print(f"{len(problems)} broken link(s)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
