"""Building and serving the reference site: validate -> write the docs folder -> MkDocs.

The generator only writes plain Markdown, a nav file, JSON and static assets; MkDocs (with
Material) turns that folder into the site, through its command line (no plugin of ours), so
Zensical can build the same folder.

- `build`: nothing is touched unless the content is valid. The docs are written into a
  staging folder, MkDocs builds that into a fresh folder beside the site, the offline copy
  is made from what it built (`rulesref.site.offline`), and only when all that succeeds are
  the docs folder and the site swapped in whole, so a failure leaves both as they were. Both folders must be rulesref's own (`rulesref.support.output.ensure_owned`). The
  MkDocs child is started before validation and waits for the docs (`rulesref.site.mkdocs_child`),
  so its start-up runs on the other core meanwhile; it reads the pages on every core
  (`rulesref.site.mkdocs_split`: MkDocs' own steps, its reading of pages forked).
- `serve` (`rulesref.site.serve`): the site with live reload, regenerated on every save.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from rulesref import paths
from rulesref.config import ZENSICAL, Settings
from rulesref.errors import UsageError
from rulesref.history.changes import read_history
from rulesref.pages.docs import docs_files
from rulesref.pages.nav import NAV_HEADER
from rulesref.paths import NAV_FILE
from rulesref.problems import Problem, format_text
from rulesref.site import zensical
from rulesref.site.csp import make_csp_ready
from rulesref.site.locales import LocaleSite, cache_of, locale_sites, site_config
from rulesref.site.mkdocs_child import EarlyMkDocs, reading_processes, runner_command
from rulesref.site.offline import offline_zip
from rulesref.site.staging import staged_config
from rulesref.support import cache_files, forked
from rulesref.support.extras import require_site_tools
from rulesref.support.output import MARKER, ensure_owned, marker_text, steady_staging, swap_all, with_marker, write_files
from rulesref.support.progress import Progress
from rulesref.validate import validate

Engine = Callable[[Path, Path, "str | None"], int]  # builds a staged config's docs (of a locale's site, or the source's: None) into a site folder: its exit code
ZENSICAL_STAGING = "zensical-staging.lock"  # held by the build whose staging folders keep their names (`steady_staging`)
ZENSICAL_SERVING = "zensical-serving.lock"  # held by the `serve --engine zensical` whose site folder keeps its name
DOCS_OWNER = "rulesref build: docs"
SITE_OWNER = "rulesref build: site"


@dataclass(frozen=True)
class SiteConfig:
    """The three paths of `mkdocs.yml` the generator needs (read as plain, safe YAML)."""

    config_file: Path
    docs_dir: Path
    site_dir: Path
    settings: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def read(cls, config_file: str, site_url: str | None = None) -> SiteConfig:
        """The config, with the site's address from the repository's settings (`site_url`
        under `[tool.rulesref]`, its one place): MkDocs gets it from here. A config that
        states a different one is refused rather than left to disagree."""
        path = Path(config_file)
        if not path.is_file():
            raise UsageError(f"no such config file: {config_file} (run in the folder that holds mkdocs.yml, or pass --config-file)")
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise UsageError(f"{config_file} is not valid YAML: {exc}") from None
        if not isinstance(data, dict):
            raise UsageError(f"{config_file} must be a mapping of settings")
        if site_url is not None:
            stated = data.get("site_url")
            if stated is not None and str(stated).rstrip("/") != site_url.rstrip("/"):
                raise UsageError(
                    f"{path.name} has site_url {stated!r}, but the repository's is {site_url!r} ([tool.rulesref] in pyproject.toml, "
                    f"or the default); the address is set there only: remove site_url from {path.name}"
                )
            data["site_url"] = site_url
        base = path.resolve().parent
        return cls(path.resolve(), base / str(data.get("docs_dir", "docs")), base / str(data.get("site_dir", "site")), data)

    def pages_settings(self, settings: Settings) -> Settings:
        """`settings` with how this config addresses pages (`use_directory_urls`, MkDocs'
        default true), which the parts of pages written as HTML follow."""
        return replace(settings, directory_urls=self.settings.get("use_directory_urls", True) is not False)


def _nav_written(docs_dir: Path) -> bool:
    """A docs folder from a release that marked it only by the header of its nav file."""
    nav = docs_dir / NAV_FILE
    return nav.is_file() and nav.read_text(encoding="utf-8", errors="replace").startswith(NAV_HEADER)


def _mkdocs_built(site_dir: Path) -> bool:
    """A site from a release that left no marker: MkDocs writes these two files into every site."""
    return (site_dir / "sitemap.xml").is_file() and (site_dir / "404.html").is_file()


def ensure_ours(config: SiteConfig) -> None:
    """Refuse to replace a docs or site folder that rulesref did not write (each is replaced
    whole, so a `docs_dir` or `site_dir` pointing at hand-written files would lose them)."""
    ensure_owned(config.docs_dir, DOCS_OWNER, legacy=_nav_written)
    ensure_owned(config.site_dir, SITE_OWNER, legacy=_mkdocs_built)


def generate(content: str, settings: Settings) -> tuple[dict[str, bytes], list[Problem]]:
    """Validate and compile the content, then render every docs file (nothing is written).
    Returns the files (none when the content has errors) and the problems, warnings included.
    `serve` runs `Session.generate` instead, so a save redoes only what it changed. The
    entries' pages are rendered on every core (`RULESREF_JOBS`). (A large generation is much
    faster with the garbage collector paused, `rulesref.support.collector`, which the
    command decides.)"""
    files, _, problems = generate_sites(content, settings)
    return files, problems


def generate_sites(content: str, settings: Settings) -> tuple[dict[str, bytes], list[LocaleSite], list[Problem]]:
    """`generate`, and the docs of the site of every locale the content is translated into."""
    build = validate([content], settings, odds=True)
    if not build.ok:
        return {}, [], list(build.problems)
    history = read_history(build.content, build.files.roots)
    if history.note:
        print(history.note, file=sys.stderr)
    files = docs_files(build, history=history, processes=forked.jobs())
    return files, locale_sites(build, history, forked.jobs()), list(build.problems)


def source_date_epoch(content: str) -> str:
    """`SOURCE_DATE_EPOCH` when set; else the newest content file's time, so that two builds
    of the same files agree (MkDocs stamps the sitemap with the build time)."""
    given = os.environ.get("SOURCE_DATE_EPOCH")
    if given:
        return given
    times = [p.stat().st_mtime for p in Path(content).rglob("*") if p.is_file() and p.suffix in (".yml", ".yaml")]
    return str(int(max(times, default=0)))


def build(
    content: str,
    config_file: str,
    *,
    strict: bool = False,
    offline: bool = True,
    echo: Callable[[str], None] | None = None,
    settings: Settings | None = None,
    every_warning: bool = False,
    mkdocs_command: list[str] | None = None,
) -> int:
    """Validate, build the site from a staging copy of the docs, make its offline copy (a
    zip inside the site: see `rulesref.site.offline`), then swap both in. MkDocs is started
    first and waits for the docs (`rulesref.site.mkdocs_child`). Returns the exit code.
    `every_warning`: list every warning (`--all-warnings`), not a count past a few of a code.
    `mkdocs_command`: the command of the MkDocs child (default `runner_command()`, the
    build's own `rulesref.site.mkdocs_child`); a test gives a stand-in."""
    say = echo or (lambda text: print(text, file=sys.stderr))
    require_site_tools("build")
    settings = settings or Settings()
    config = SiteConfig.read(config_file, settings.site_url)
    settings = config.pages_settings(settings)
    ensure_ours(config)
    started = time.perf_counter()
    env = dict(os.environ, SOURCE_DATE_EPOCH=source_date_epoch(content), NO_MKDOCS_2_WARNING="1")
    if settings.engine == ZENSICAL:
        zensical.command()  # (installed, before the content is validated)
        config = replace(config, settings=zensical.staged_settings(config.settings))
        files, locales = _generated(content, settings, every_warning)
        if not files:
            return 1

        def run_zensical(staged: Path, site: Path, locale: str | None = None) -> int:  # (its site folder is the staged config's)
            return zensical.build(staged, strict=strict, env=env)

        return _build_site(config, files, run_zensical, env, offline=offline, say=say, settings=settings, started=started, locales=locales)
    with EarlyMkDocs.start(mkdocs_command or runner_command(), env) as mkdocs:
        files, locales = _generated(content, settings, every_warning)
        if not files:
            return 1

        def run_mkdocs(staged: Path, site: Path, locale: str | None = None) -> int:
            args = ["build", "--config-file", str(staged), "--site-dir", str(site), *(["--strict"] if strict else [])]
            if locale is None:
                return mkdocs.run(args, reading_processes(), cache_files.folder())
            with EarlyMkDocs.start(mkdocs_command or runner_command(), env) as child:  # (a child builds once)
                return child.run(args, reading_processes(), cache_of(cache_files.folder(), locale))

        return _build_site(config, files, run_mkdocs, env, offline=offline, say=say, settings=settings, started=started, locales=locales)


def _generated(content: str, settings: Settings, every_warning: bool) -> tuple[dict[str, bytes], list[LocaleSite]]:
    """The docs files and each locale's, the problems printed (no files when the content has errors)."""
    with Progress("build: validating the content and writing its pages").start():
        files, locales, problems = generate_sites(content, settings)
    sys.stderr.write(format_text(problems, every=every_warning))
    return files, locales


def _build_site(
    config: SiteConfig,
    files: dict[str, bytes],
    engine: Engine,
    env: dict[str, str],
    *,
    offline: bool,
    say: Callable[[str], None],
    settings: Settings,
    started: float,
    locales: list[LocaleSite] | None = None,
) -> int:
    """Write the staged docs, let the engine build them into a staging site (and each
    locale's into a folder of it), make it CSP-ready, and swap both in; nothing is replaced
    unless every step succeeded."""
    locales = locales or []
    cache = cache_files.folder()
    with steady_staging(cache / ZENSICAL_STAGING if settings.engine == ZENSICAL and cache is not None else None) as stage:
        docs = stage(config.docs_dir)
        site = stage(config.site_dir)
        made = [docs, site]
        codes = [loc.locale for loc in locales]
        try:
            with Progress("build: writing the docs files").start():
                write_files(docs, with_marker(files, DOCS_OWNER))
            say(f"{config.docs_dir}: {len(files)} files ({time.perf_counter() - started:.2f} s)")

            def settings_of(locale: str | None) -> dict[str, Any]:  # the engine's config of each site
                return site_config(config.settings, settings.site_url, locales[0].source, codes, locale) if locales else config.settings

            built = [(None, docs, site, files, settings)] + [(loc.locale, None, site / loc.locale, loc.files, loc.settings) for loc in locales]
            zips: list[tuple[Path, bytes]] = []
            for locale, folder, into, own, own_settings in built:
                if folder is None:  # a locale's docs: built, never kept
                    folder = stage(config.docs_dir.with_name(f"{config.docs_dir.name}-{locale}"))
                    made.append(folder)
                    write_files(folder, own)
                with staged_config(config.config_file, settings_of(locale), config.docs_dir, folder, into) as staged:
                    code = engine(staged, into, locale)
                if code != 0:
                    say(f"{settings.engine} build{f' of the {locale} site' if locale else ''} failed (exit {code}); {config.docs_dir} and {config.site_dir} are unchanged")
                    return 1
                if offline:  # from the pages as MkDocs wrote them, before their scripts move out (csp)
                    with Progress(f"build: making the offline copy{f' ({locale})' if locale else ''}").start():
                        store = cache_of(cache_files.folder(), locale) if locale else cache_files.folder()
                        zips.append((into / paths.offline_zip(own_settings.site_url), offline_zip(into, own, own_settings.site_url, int(env.get("SOURCE_DATE_EPOCH") or 0), store)))
            for locale_code in codes:
                make_csp_ready(site / locale_code)
            make_csp_ready(site, besides=tuple(codes))
            for where, zipped in zips:
                where.parent.mkdir(exist_ok=True)
                where.write_bytes(zipped)
            (site / MARKER).write_bytes(marker_text(SITE_OWNER))
            swap_all([(docs, config.docs_dir), (site, config.site_dir)])
        finally:
            for staging in made:
                if staging.exists():
                    shutil.rmtree(staging, ignore_errors=True)
        also = f" (and the sites of {', '.join(codes)})" if codes else ""
        say(f"{config.site_dir}: built in {time.perf_counter() - started:.2f} s{also}")
        return 0
