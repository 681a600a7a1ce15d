"""Settings of a rules repository: `[tool.rulesref]` in its `pyproject.toml`.

rulesref serves more than one rules community, so the few things that differ between their
repositories are settings, read once per command and carried in the build, never looked up
deep inside a stage:

```toml
[tool.rulesref]
content = "content"                          # the content folder
package = "rulechecks"                       # the generated Python package (and its folder)
site_url = "https://example.org/reference/"  # where the reference site is published
```

Every key is optional; a repository without the table gets the defaults. The site's address
is a fact of the site, so a repository with a site states it once, as `site_url` in its
`mkdocs.yml`, and every command reads it from there; `[tool.rulesref] site_url` is for
repositories without a site config. Stated in both places and different, it is refused.
"""

from __future__ import annotations

import keyword
import re
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path

import yaml

from rulesref.errors import UsageError
from rulesref.model import Entry, python_name
from rulesref.suggest import did_you_mean

DEFAULT_SITE_URL = "https://rulesref.github.io/rulesref/"
SETTINGS_FILE = "pyproject.toml"
SITE_CONFIG = "mkdocs.yml"
_PACKAGE_NAME = re.compile(r"[a-z_][a-z0-9_]*")


@dataclass(frozen=True)
class Settings:
    """What differs between rules repositories."""

    content: str = "content"
    package: str = "rulechecks"
    site_url: str = DEFAULT_SITE_URL

    def system_url(self, system_id: str) -> str:
        return f"{self.site_url}{system_id}/"

    def entry_url(self, entry: Entry) -> str:
        """The stable URL of an entry's page: `<site>/<system>/<id>/`."""
        return f"{self.site_url}{entry.system}/{entry.id}/"

    def module_path(self, entry: Entry) -> str:
        """The dotted import path of an entry's generated module: `rulechecks.w40k7.mob_rule`."""
        return f"{self.package}.{python_name(entry.system)}.{entry.module}"


def _problem(where: str, message: str) -> UsageError:
    return UsageError(f"{where}: [tool.rulesref] {message}")


def _parse(table: object, where: str) -> Settings:
    if not isinstance(table, dict):
        raise _problem(where, "must be a table of settings")
    known = [f.name for f in fields(Settings)]
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
        if not url.startswith(("https://", "http://")):
            raise _problem(where, f"`site_url = {url!r}` must be an http(s) URL")
        values["site_url"] = url if url.endswith("/") else url + "/"
    return Settings(**values)


def _site_config_url(config_file: Path) -> str | None:
    """`site_url` of a site config, if it states one. A config that plain, safe YAML cannot
    read (MkDocs allows tags such as `!ENV`) states none here; the site commands report it."""
    if not config_file.is_file():
        return None
    try:
        data = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError):
        return None
    url = data.get("site_url") if isinstance(data, dict) else None
    return url.strip() if isinstance(url, str) and url.strip() else None


def load_settings(folder: Path | None = None, site_config: Path | None = None) -> Settings:
    """The settings of the repository in `folder` (default: the working folder), with the
    site's address from `site_config` (default: `mkdocs.yml` there) where it states one."""
    base = folder or Path.cwd()
    path = base / SETTINGS_FILE
    settings = Settings()
    stated = False
    if path.is_file():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise UsageError(f"{path.name} cannot be read: {exc}") from None
        table = data.get("tool", {}).get("rulesref") if isinstance(data.get("tool"), dict) else None
        if table is not None:
            settings = _parse(table, path.name)
            stated = isinstance(table, dict) and "site_url" in table
    config_file = site_config or base / SITE_CONFIG
    url = _site_config_url(config_file)
    if url is None:
        return settings
    site = _parse({"site_url": url}, config_file.name).site_url
    if stated and site != settings.site_url:
        raise UsageError(
            f"the site's address is stated twice and differs: {config_file.name} has site_url {site!r}, "
            f"{path.name} [tool.rulesref] has {settings.site_url!r}; keep it in {config_file.name} only"
        )
    return replace(settings, site_url=site)
