"""Settings of a rules repository: `[tool.rulesref]` in its `pyproject.toml`.

rulesref serves more than one rules community, so the few things that differ between their
repositories are settings, read once per command and carried in the build, never looked up
deep inside a stage:

```toml
[tool.rulesref]
content = "content"                          # the content folder
package = "rulechecks"                       # the generated Python package (and its folder)
site_url = "https://example.org/reference/"  # where the reference site is published
engine = "mkdocs-material"                   # what builds the site: mkdocs-material or zensical
```

Every key is optional; a repository without the table gets the defaults. The same rules
are published for editors as `schemas/pyproject.schema.json`; a test keeps the two in step.
"""

from __future__ import annotations

import keyword
import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

from rulesref import paths
from rulesref.errors import UsageError
from rulesref.model import Entry, Listing
from rulesref.names import python_name
from rulesref.problems.suggest import did_you_mean

DEFAULT_SITE_URL = "https://rulesref.github.io/rulesref/"
SETTINGS_FILE = "pyproject.toml"
_PACKAGE_NAME = re.compile(r"[a-z_][a-z0-9_]*")
_SITE_URL = re.compile(r"https?://[^/\s]")  # a scheme and a host
MKDOCS = "mkdocs-material"
ZENSICAL = "zensical"
ENGINES = (MKDOCS, ZENSICAL)  # what builds the site from the docs folder (`rulesref.site`)


@dataclass(frozen=True)
class Settings:
    """What differs between rules repositories."""

    content: str = "content"
    package: str = "rulechecks"
    site_url: str = DEFAULT_SITE_URL
    engine: str = MKDOCS
    # Not a setting of pyproject.toml: whether the site's pages have directory URLs (`fear/`
    # rather than `fear.html`), as its mkdocs.yml says (`use_directory_urls`); the parts of
    # pages written as HTML link to the addresses MkDocs writes (`rulesref.pages.finished`).
    directory_urls: bool = field(default=True, metadata={"pyproject": False})

    def system_url(self, system_id: str) -> str:
        """The URL of a system's index page (where pages live is `rulesref.paths`'s)."""
        return self.site_url + paths.url_of(paths.system_page(system_id))

    def entry_url(self, entry: Entry | Listing) -> str:
        """The stable URL of an entry's page: `<site>/<system>/<id>/`."""
        return self.site_url + paths.url_of(paths.entry_page(entry))

    def module_path(self, entry: Entry) -> str:
        """The dotted import path of an entry's generated module: `rulechecks.w40k7.mob_rule`."""
        return f"{self.package}.{python_name(entry.system)}.{entry.module}"


def _problem(where: str, message: str) -> UsageError:
    return UsageError(f"{where}: [tool.rulesref] {message}")


def table_keys() -> list[str]:
    """The keys `[tool.rulesref]` may have."""
    return [f.name for f in fields(Settings) if f.metadata.get("pyproject", True)]


def _parse(table: object, where: str) -> Settings:
    if not isinstance(table, dict):
        raise _problem(where, "must be a table of settings")
    known = table_keys()
    values: dict[str, str] = {}
    for key, value in table.items():
        if key not in known:
            raise _problem(where, f"has no setting `{key}`{did_you_mean(key, known)} (settings: {', '.join(known)})")
        if not isinstance(value, str) or not value.strip():
            raise _problem(where, f"`{key}` must be a non-empty string")
        values[key] = value.strip()
    package = values.get("package")
    if package is not None and (not _PACKAGE_NAME.fullmatch(package) or keyword.iskeyword(package)):
        raise _problem(where, f"`package = {package!r}` must be a lowercase Python package name, such as `rulechecks`")
    url = values.get("site_url")
    if url is not None:
        if not _SITE_URL.match(url):
            raise _problem(where, f"`site_url = {url!r}` must be an http(s) URL")
        values["site_url"] = url if url.endswith("/") else url + "/"
    engine = values.get("engine")
    if engine is not None and engine not in ENGINES:
        raise _problem(where, f"`engine = {engine!r}` must be one of {', '.join(ENGINES)}{did_you_mean(engine, list(ENGINES))}")
    return Settings(
        content=values.get("content", Settings.content), package=values.get("package", Settings.package),
        site_url=values.get("site_url", Settings.site_url), engine=values.get("engine", Settings.engine),
    )


def load_settings(folder: Path | None = None) -> Settings:
    """The settings of the repository in `folder` (default: the working folder)."""
    path = (folder or Path.cwd()) / SETTINGS_FILE
    if not path.is_file():
        return Settings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path.name} cannot be read: {exc}") from None
    table = data.get("tool", {}).get("rulesref") if isinstance(data.get("tool"), dict) else None
    return Settings() if table is None else _parse(table, path.name)
