"""`rulesref init`: a new rules repository, ready to validate, build and publish.

A rules community should get its own reference without copying this repository and
stripping its content. `init` writes everything such a repository needs: a system with one
example rule that has a check, the site configuration, the `[tool.rulesref]` settings, a
pre-commit configuration using this project's hooks, and a GitHub Actions workflow that
validates with annotations, runs the generated doctests, builds, and publishes to GitHub
Pages through this project's action (`action.yml`).

The files are rendered in memory first and land together; a folder that already holds
anything (other than an empty `git init`) is refused, so nothing is ever overwritten.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from urllib.parse import urlsplit

from rulesref import __version__
from rulesref.config import MKDOCS
from rulesref.errors import UsageError
from rulesref.names import python_name
from rulesref.pages.markdown import attribute, plain
from rulesref.scaffold import check_id, title
from rulesref.support.schemas import ENTRY, PYPROJECT, SYSTEM, load_schema, schema_url
from rulesref.support.templates import render

WORKFLOW = ".github/workflows/rules.yml"
ALLOWED_BEFORE = frozenset({".git"})  # a folder fresh from `git init` counts as empty


def _json(text: str) -> str:
    """A double-quoted string that YAML and TOML both read as written (JSON string syntax)."""
    return json.dumps(text, ensure_ascii=False)


def repository_url() -> str:
    """This project's repository, from the `Repository` URL of the installed distribution."""
    urls: list[str] = metadata.metadata("rulesref").get_all("Project-URL") or []
    for item in urls:
        label, _, url = item.partition(",")
        if label.strip().lower() == "repository":
            return url.strip()
    raise RuntimeError("the rulesref distribution declares no Repository URL")


def release_tag() -> str:
    """The tag of this version, for pre-commit's `rev` and the action's `@ref`."""
    return f"v{__version__}"


def action_reference() -> str:
    """`owner/name@tag`: how a workflow names this repository's action."""
    owner_name = urlsplit(repository_url()).path.strip("/").removesuffix(".git")
    return f"{owner_name}@{release_tag()}"


def default_site_url(folder: Path) -> str:
    """A GitHub Pages address with the owner left to fill in: the real one is unknown here."""
    return f"https://OWNER.github.io/{folder.resolve().name}/"


def package_name(system: str) -> str:
    """The generated package of a new repository: `<system>_rules`, so that it never shadows
    another repository's package (or this one's `rulechecks`) when a tool installs both."""
    return f"{python_name(system)}_rules"


@dataclass(frozen=True)
class NewRepository:
    """What `init` is told: the system's id and name, and where the site will live."""

    system: str
    name: str
    site_url: str
    content: str = "content"
    engine: str = MKDOCS


EXAMPLE_RULE = "steady.yml"


def example_rule(system_name: str) -> str:
    """The example rule `init` writes into a new system (an import removes it unchanged)."""
    return render("init/example-rule.yml.jinja", schema=schema_url(ENTRY), system_name=system_name)


def repository_files(settings: NewRepository, *, with_content: bool = True) -> dict[str, str]:
    """Every file of the new repository, by relative path; without `with_content`, all but
    the system and its example rule (an import brings the content)."""
    system, name = settings.system, settings.name
    repository, rev = repository_url(), release_tag()
    package = package_name(system)
    site_name = f"{name} rules reference"
    files = {
        WORKFLOW: render("init/workflow.yml.jinja", action=action_reference()),
        ".gitignore": render("init/gitignore.jinja", package=package),
        ".pre-commit-config.yaml": render("init/pre-commit-config.yaml.jinja", repository=_json(repository), rev=_json(rev)),
        "README.md": render(
            "init/README.md.jinja",
            title=plain(site_name),
            system_name=plain(name),
            system=system,
            package=package,
            repository=repository,
            rev=rev,
            site_url=settings.site_url,
            content=settings.content,
            example=EXAMPLE_RULE if with_content else "",
        ),
        "mkdocs.yml": render(
            "init/mkdocs.yml.jinja",
            # HTML-escaped: the theme writes these into pages unescaped (as for page titles)
            site_name=_json(attribute(site_name)),
            site_description=_json(attribute(f"The rules of {name}, one page per rule, with cross-links, dice tables, worked examples and exact odds.")),
            site_url=_json(settings.site_url),
        ),
        "pyproject.toml": render(
            "init/pyproject.toml.jinja", schema=schema_url(PYPROJECT), content=_json(settings.content), package=_json(package),
            site_url=_json(settings.site_url), engine=_json(settings.engine),
        ),
    }
    if with_content:
        files[f"{settings.content}/{system}/system.yml"] = render("new/system.yml.jinja", schema=schema_url(SYSTEM), id=system, name=_json(name))
        files[f"{settings.content}/{system}/{EXAMPLE_RULE}"] = example_rule(name)
    return dict(sorted(files.items()))


def check_empty(folder: Path) -> None:
    """Refuse a folder that holds anything but an empty `.git`: `init` never overwrites."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} is a file, not a folder")
    if folder.is_dir():
        present = sorted(p.name for p in folder.iterdir() if p.name not in ALLOWED_BEFORE)
        if present:
            shown = ", ".join(present[:5]) + (", ..." if len(present) > 5 else "")
            raise UsageError(f"{folder} is not empty ({shown}); give a new or empty folder")


def _check_name(name: str) -> None:
    """The name must be one the system schema accepts, or the new repository would not validate."""
    from jsonschema import Draft202012Validator

    rule = load_schema(SYSTEM)["properties"]["name"]
    if not Draft202012Validator(rule).is_valid(name):
        raise UsageError(f"--name `{name}` is not a name the system schema accepts: {rule['description']} (one line, no <>{{}}[] brackets)")


def _check_site_url(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise UsageError(f"--site-url must be an http(s) address such as https://owner.github.io/repo/, not `{url}`")


def _write_all(folder: Path, files: dict[str, str]) -> None:
    """Write `files` into `folder` together: rendered into a staging folder beside it, then
    moved in, so a failure leaves nothing half-written."""
    folder = folder.resolve()
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.init-", dir=folder.parent))
    try:
        for rel, text in files.items():
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        if not folder.exists():
            os.rename(staging, folder)
        else:
            for item in sorted(staging.iterdir()):
                os.rename(item, folder / item.name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def init(folder: Path, system: str, name: str | None, site_url: str | None, *, with_content: bool = True, engine: str = MKDOCS) -> list[str]:
    """Write the new repository into `folder` (created if missing); the written paths.
    Without `with_content` the system is left to an import (`init --import`). `engine` is
    what its site is built with (`[tool.rulesref] engine`)."""
    check_id(system, "system id")
    shown_name = (name or title(system)).strip()
    _check_name(shown_name)
    url = site_url or default_site_url(folder)
    _check_site_url(url)
    url = url if url.endswith("/") else url + "/"
    if with_content:
        check_empty(folder)
    files = repository_files(NewRepository(system, shown_name, url, engine=engine), with_content=with_content)
    _write_all(folder, files)
    return sorted(files)


REPOSITORY_MARKS = ("pyproject.toml", "mkdocs.yml")  # a folder with either is a repository already


def complete_repository(folder: Path, system: str, name: str, content: str) -> list[str]:
    """After an import into a folder that is no repository yet (neither `pyproject.toml` nor
    `mkdocs.yml`), the files that make it one, as `init` writes them (the content is the
    import's): the written paths, none when the folder is a repository already. A name the
    system schema refuses falls back to the system id."""
    if any((folder / mark).exists() for mark in REPOSITORY_MARKS):
        return []
    from jsonschema import Draft202012Validator

    shown = name if Draft202012Validator(load_schema(SYSTEM)["properties"]["name"]).is_valid(name) else title(system)
    files = repository_files(NewRepository(system, shown, default_site_url(folder), content), with_content=False)
    files = {rel: text for rel, text in files.items() if not (folder / rel).exists()}
    _write_all(folder, files)
    return sorted(files)
