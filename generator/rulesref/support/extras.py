"""Optional dependencies: say which extra to install instead of failing on an import.

The site's tools (MkDocs, Material, Python-Markdown) come with the `site` extra; a rules
repository that only validates and generates does without them. Commands that need them
check first, before anything imports them, and stop with one line naming the extra.
"""

from __future__ import annotations

import importlib

from rulesref.errors import MissingExtra

SITE_MODULES = (("mkdocs", "mkdocs"), ("material", "mkdocs-material"), ("markdown", "Markdown"))


def require_site_tools(command: str) -> None:
    for module, package in SITE_MODULES:
        try:
            importlib.import_module(module)
        except ImportError:
            raise MissingExtra(command, "site", package) from None
