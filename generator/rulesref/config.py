"""Settings that shape generated output. They are few, and deterministic by default."""

from __future__ import annotations

import os

from rulesref.model import Entry

DEFAULT_SITE_URL = "https://rulesref.github.io/rulesref/"


def site_url() -> str:
    """Base URL of the published reference; `RULESREF_SITE_URL` overrides it for other repos."""
    url = os.environ.get("RULESREF_SITE_URL", DEFAULT_SITE_URL)
    return url if url.endswith("/") else url + "/"


def entry_url(entry: Entry) -> str:
    """The stable URL of an entry's page: `<site>/<system>/<id>/`."""
    return f"{site_url()}{entry.system}/{entry.id}/"
