"""The `rulesref` command line.

Exit codes: 0 when clean, 1 when the content has problems (each printed as
`path:line:col: error[code]: message`), 2 for a usage error or something the machine
refuses (a busy port, a folder that cannot be written, a missing optional dependency).
`main` is the one place errors become exit codes; a content problem never produces a
traceback, and neither do a closed pipe or Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from rulesref import __version__
from rulesref.commands.roster import add_roster
from rulesref.commands.translations import add_translations
from rulesref.commands.versus import add_versus
from rulesref.config import ENGINES, MKDOCS, ZENSICAL, Settings, load_settings
from rulesref.errors import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, RulesrefError, UsageError
from rulesref.problems import ALL_WARNINGS, FORMATTERS, LISTED, Problem, fails, format_text, sort_problems
from rulesref.support import collector


def _report(problems: Sequence[Problem], fmt: str = "text") -> int:
    text = FORMATTERS[fmt](sort_problems(problems))
    (sys.stdout if fmt != "text" else sys.stderr).write(text)
    return EXIT_PROBLEMS if fails(problems) else EXIT_OK


def _settings(args: argparse.Namespace) -> Settings:
    """The repository's settings, with `--content` (where given) taking precedence."""
    settings = load_settings()
    content = getattr(args, "content", None)
    if content is not None:
        settings = replace(settings, content=content)
    engine = getattr(args, "engine", None)
    if engine is not None:
        settings = replace(settings, engine=engine)
    return settings


def cmd_validate(args: argparse.Namespace) -> int:
    from rulesref.validate import check

    settings = _settings(args)
    result = check(args.paths or [settings.content], settings)
    if args.format == "text" and not result.problems:
        files = len(result.files.all_files()) if result.files.selected is None else len(result.files.selected)
        print(f"{files} file{'s' if files != 1 else ''} checked: no problems", file=sys.stderr)
    failed = fails(result.problems, strict=args.strict)
    if args.format != "text":
        sys.stdout.write(FORMATTERS[args.format](result.problems))
        return EXIT_PROBLEMS if failed else EXIT_OK
    sys.stderr.write(format_text(result.problems, every=args.all_warnings))
    return EXIT_PROBLEMS if failed else EXIT_OK


PACKAGE_OWNER = "rulesref generate: package"  # the owners named by the folders' markers (rulesref.support.output)
JAVASCRIPT_OWNER = "rulesref generate: javascript package"


def _stale_report(target: Path, files: dict[str, bytes], *, check: bool, owner: str) -> int:
    """Write (or with `check`, only compare) one generated package folder, which must be
    new, empty, or `owner`'s (checked before anything is compared or written)."""
    from rulesref.support.output import (
        build_leftover,
        differences,
        ensure_owned,
        holds_only_generated_files,
        replace_tree,
        with_marker,
    )

    if not check:
        ensure_owned(target.absolute(), owner, legacy=holds_only_generated_files)
    stale = differences(target, with_marker(files, owner), leftovers=build_leftover)  # what `pip install ./rulechecks` leaves is no staleness
    if check:
        if stale:
            print(f"{target}/ is out of date with the content; run `rulesref generate`:", file=sys.stderr)
            for rel in stale:
                print(f"  {target.as_posix()}/{rel}", file=sys.stderr)
            return EXIT_PROBLEMS
        print(f"{target}/ is up to date ({len(files)} files)", file=sys.stderr)
        return EXIT_OK
    if stale:
        replace_tree(target, files, owner, legacy=holds_only_generated_files)
    print(f"{target}/: {len(files)} files, {len(stale)} changed", file=sys.stderr)
    return EXIT_OK


def cmd_generate(args: argparse.Namespace) -> int:
    from rulesref.emit import js_package
    from rulesref.emit.python import package_files
    from rulesref.history.changes import package_versions, read_history
    from rulesref.validate import validate
    from rulesref.versus.package_data import played_data

    settings = _settings(args)
    build = validate([settings.content], settings)
    if not build.ok:
        return _report(build.problems)
    sys.stderr.write(format_text(build.problems, every=args.all_warnings))
    history = read_history(build.content, build.files.roots)
    if history.note:
        print(history.note, file=sys.stderr)
    versions = package_versions(history)  # the content's release, if any
    played = played_data(build)  # (every unit matched once, for both packages' `versus`)
    python_out = Path(args.out or settings.package)
    python_status = _stale_report(python_out, package_files(build, versions[0] if versions else None, played), check=args.check, owner=PACKAGE_OWNER)
    js_out = Path(args.js_out) if args.js_out else python_out.with_name(f"{python_out.name}-js")  # beside it
    js_files = js_package.package_files(build, version=versions[1] if versions else None, played=played)
    js_status = _stale_report(js_out, js_files, check=args.check, owner=JAVASCRIPT_OWNER)
    return max(python_status, js_status)


def cmd_build(args: argparse.Namespace) -> int:
    from rulesref.support.extras import require_site_tools

    require_site_tools("build")  # before the page writers import Python-Markdown
    from rulesref.site import build

    settings = _settings(args)
    return build(settings.content, args.config_file, strict=args.strict, offline=args.offline, settings=settings, every_warning=args.all_warnings)


def cmd_serve(args: argparse.Namespace) -> int:
    from rulesref.support.extras import require_site_tools

    require_site_tools("serve")
    settings = _settings(args)
    if settings.engine == ZENSICAL:
        from rulesref.site import zensical_serve

        return zensical_serve.serve(settings.content, args.config_file, args.dev_addr, settings)
    from rulesref.site.serve import serve

    return serve(settings.content, args.config_file, args.dev_addr, settings)


def cmd_new(args: argparse.Namespace) -> int:
    from rulesref.scaffold import new_entry, new_system

    content = Path(_settings(args).content)
    if args.kind == "system":
        if args.id is not None:
            raise UsageError("usage: rulesref new system ID [--name NAME]")
        path = new_system(content, args.system, args.name)
    else:
        if args.id is None:
            raise UsageError(f"usage: rulesref new {args.kind} SYSTEM ID [--name NAME]")
        path = new_entry(content, args.kind, args.system, args.id, args.name)
    print(f"wrote {path}", file=sys.stderr)
    return EXIT_OK


def cmd_init(args: argparse.Namespace) -> int:
    from rulesref.commands.init import init

    folder = Path(args.dir)
    if args.import_sources:
        return _init_with_import(args, folder)
    written = init(folder, args.system, args.name, args.site_url, engine=args.engine)
    print(f"wrote {len(written)} files into {folder}: {', '.join(written)}", file=sys.stderr)
    print(f"next: cd {folder} && rulesref generate && rulesref build, then push to GitHub (see README.md)", file=sys.stderr)
    return EXIT_OK


def _init_with_import(args: argparse.Namespace, folder: Path) -> int:
    """`init --import`: a new repository whose system comes from BattleScribe data, named as
    the data names it (or `--name`), with no example rule and no placeholder."""
    from rulesref.commands.import_battlescribe import SourceError, import_battlescribe
    from rulesref.commands.init import check_empty, init

    check_empty(folder)
    try:
        result = import_battlescribe(args.import_sources, args.system, args.name, str(folder / "content"), dry_run=False, game_system=args.game_system)
    except SourceError as exc:
        return _report([Problem(exc.path, exc.line, 1, "import-source", exc.message)])
    print("\n".join(result.lines), file=sys.stderr)
    written = init(folder, args.system, args.name or result.system_name, args.site_url, with_content=False, engine=args.engine)
    print(f"wrote {len(written)} files into {folder}: {', '.join(written)}", file=sys.stderr)
    print(f"next: cd {folder} && rulesref build (see README.md)", file=sys.stderr)
    return EXIT_OK


def cmd_codes(args: argparse.Namespace) -> int:
    from rulesref.problems.codes import CODES

    if args.code:
        if args.code not in CODES:
            from rulesref.problems.suggest import did_you_mean

            raise UsageError(f"no problem code `{args.code}`{did_you_mean(args.code, CODES)}")
        print(f"{args.code}: {CODES[args.code]}")
        return EXIT_OK
    width = max(map(len, CODES))
    for code, meaning in CODES.items():
        print(f"{code:<{width}}  {meaning}")
    return EXIT_OK


def cmd_import_battlescribe(args: argparse.Namespace) -> int:
    from rulesref.commands.import_battlescribe import SourceError, import_battlescribe

    settings = _settings(args)
    try:
        result = import_battlescribe(args.sources, args.system, args.name, settings.content, dry_run=args.dry_run, game_system=args.game_system)
    except SourceError as exc:
        return _report([Problem(exc.path, exc.line, 1, "import-source", exc.message)])
    print("\n".join(result.lines), file=sys.stderr)
    if not args.dry_run:
        _complete_repository(Path.cwd(), args.system, result.system_name, settings.content)
    return EXIT_OK


def _complete_repository(folder: Path, system: str, name: str, content: str) -> None:
    """An import into a folder that is no rules repository yet makes it one, so that
    `rulesref build` works next (a repository's own files are never touched)."""
    from rulesref.commands.init import complete_repository

    target = Path(content)
    if target.is_absolute() or ".." in target.parts:
        return  # content kept elsewhere: the repository is not this folder
    written = complete_repository(folder, system, name, target.as_posix())
    if written:
        print(f"made this folder a rules repository: {', '.join(written)}; next: rulesref build", file=sys.stderr)


def cmd_link(args: argparse.Namespace) -> int:
    from rulesref.commands.link import as_problems, unlinked, write_links
    from rulesref.read.discover import display_path
    from rulesref.validate import validate

    settings = _settings(args)
    result = validate(args.paths or [settings.content], settings)
    if fails(result.problems):
        return _report(result.problems)
    selected = None if result.files.selected is None else {display_path(p) for p in result.files.selected}
    found = unlinked(result.content, selected)
    if not args.write:
        sys.stderr.write(format_text(as_problems(found)))
        if not found:
            print("no unlinked mentions", file=sys.stderr)
        return EXIT_PROBLEMS if found else EXIT_OK
    files = {display_path(p): p for p in result.files.all_files()}
    written, left = write_links(found, files)
    for path in written:
        print(f"linked: {display_path(path)}", file=sys.stderr)
    for shown in left:
        print(f"{shown}: left as it is (its text's YAML style does not allow placing links safely); run --check and link by hand", file=sys.stderr)
    print(f"{len(found)} mention{'s' if len(found) != 1 else ''} linked in {len(written)} file{'s' if len(written) != 1 else ''}", file=sys.stderr)
    return EXIT_PROBLEMS if left else EXIT_OK


def _add_import(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("import", help="turn data kept in another format into content", description="Import rules, units and profiles from data kept in another format.")
    formats = p.add_subparsers(dest="format", metavar="FORMAT", required=True)
    b = formats.add_parser(
        "battlescribe",
        help="BattleScribe data: .gst, .cat, .gstz, .catz, or a folder of them",
        description="Import a BattleScribe game system and its catalogues: rules (one text per name), units with their rules and profiles, books, dice tables and links. Re-importing changes only what changed upstream and never what people wrote. Malformed or hostile XML is refused with file:line.",
    )
    b.add_argument("sources", nargs="+", metavar="SOURCE", help="a .gst/.cat/.gstz/.catz file or a folder holding them (a data checkout)")
    b.add_argument("--system", required=True, metavar="ID", help="the system id to import into (content/ID/)")
    b.add_argument("--name", help="the system's name (default: the game system's name in the data)")
    b.add_argument("--game-system", metavar="NAME", help="which game system to import when the sources hold several: its name, id or file")
    b.add_argument("--content", help="content folder (default: `content` in [tool.rulesref] of pyproject.toml, else content)")
    b.add_argument("--dry-run", action="store_true", help="write nothing; print what would change")
    b.set_defaults(run=cmd_import_battlescribe)


def cmd_roster(args: argparse.Namespace) -> int:
    from rulesref.commands import roster

    return roster.run(args, _settings(args), _report)


def cmd_translations(args: argparse.Namespace) -> int:
    from rulesref.commands import translations

    return translations.run(args, _settings(args), _report)


def cmd_versus(args: argparse.Namespace) -> int:
    from rulesref.commands import versus

    return versus.run(args, _settings(args), _report)


def _add_link(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("link", help="find mentions of entry names that are not links yet", description="List (--check) or link (--write) mentions of other entries' names and aliases in texts: whole words, longest name first, first mention only, never inside a link.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: content)")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="list unlinked mentions; exit 1 if there are any")
    mode.add_argument("--write", action="store_true", help="turn them into [[links]] in the files")
    p.set_defaults(run=cmd_link)


def _engine(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", choices=ENGINES, help="what builds the site from the docs folder (default: `engine` in [tool.rulesref] of pyproject.toml, else mkdocs-material)")


def _all_warnings(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        ALL_WARNINGS,
        action="store_true",
        help=f"list every warning; by default, past {LISTED} warnings of one code the text report counts the rest in one line (json and github list every one)",
    )


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="rulesref",
        description="Tabletop rules as code: validate YAML rule content, generate check functions and build the reference site.",
    )
    top.add_argument("--version", action="version", version=f"rulesref {__version__}")
    top.set_defaults(long_lived=False)
    sub = top.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("validate", help="check content files and report every problem", description="Check content files: YAML safety, JSON Schemas, ids, names, links, tables, and the logic of every check (its examples are run). Exit 0 clean, 1 problems, 2 usage error.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: the content folder)")
    p.add_argument("--format", choices=sorted(FORMATTERS), default="text", help="text (default), json, or github (workflow annotations)")
    p.add_argument("--strict", action="store_true", help="fail on warnings too (by default they are shown and do not fail)")
    _all_warnings(p)
    p.set_defaults(run=cmd_validate)

    p = sub.add_parser("generate", help="write the rulechecks and rulechecks-js packages from the content", description="Validate, then write the generated packages of check functions: Python (rulechecks/) and JavaScript (rulechecks-js/).")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 and list the files that are out of date")
    p.add_argument("--content", help="content folder (default: `content` in [tool.rulesref] of pyproject.toml, else content)")
    p.add_argument("--out", help="Python package folder to write (default: the package name, `package` in [tool.rulesref], else rulechecks)")
    p.add_argument("--js-out", help="JavaScript package folder to write (default: beside the Python package, its name and -js: rulechecks-js)")
    _all_warnings(p)
    p.set_defaults(run=cmd_generate)

    p = sub.add_parser("build", help="validate, generate the site's pages and build the site", description="Validate the content, write the generated docs folder (pages, nav, JSON API, assets) and build it with Material for MkDocs or Zensical. Nothing is written when the content has problems; a failed build leaves the previous site in place.")
    p.add_argument("--content", help="content folder (default: `content` in [tool.rulesref] of pyproject.toml, else content)")
    _engine(p)
    p.add_argument("--strict", action="store_true", help="fail on any warning of the engine, such as a broken link or anchor")
    p.add_argument("--config-file", default="mkdocs.yml", help="MkDocs config (default: mkdocs.yml)")
    p.add_argument("--no-offline", dest="offline", action="store_false", help="skip the offline copy (a zip of the site built for the file system, linked from the home page)")
    _all_warnings(p)
    p.set_defaults(run=cmd_build)

    p = sub.add_parser("serve", help="serve the site locally, regenerating it when a content file changes", description="Generate the docs folder and serve the site with live reload; every change to a content file regenerates the changed pages. Content problems are printed and the last good pages stay up.")
    p.add_argument("--content", help="content folder (default: `content` in [tool.rulesref] of pyproject.toml, else content)")
    _engine(p)
    p.add_argument("--dev-addr", default="127.0.0.1:8000", metavar="IP:PORT", help="address to serve on (default: 127.0.0.1:8000)")
    p.add_argument("--config-file", default="mkdocs.yml", help="MkDocs config (default: mkdocs.yml)")
    p.set_defaults(run=cmd_serve, long_lived=True)

    p = sub.add_parser("new", help="start a system or an entry from a skeleton that validates", description="Write a skeleton file that already validates and names its JSON Schema (for editor autocompletion). Never overwrites a file.")
    p.add_argument("kind", choices=["system", "rule", "unit", "term"], help="what to create")
    p.add_argument("system", metavar="SYSTEM", help="the system id (for `system`, the id to create)")
    p.add_argument("id", nargs="?", metavar="ID", help="the new entry's id (kebab-case; also its file name)")
    p.add_argument("--name", help="the printed name (default: from the id)")
    p.add_argument("--content", help="content folder (default: `content` in [tool.rulesref] of pyproject.toml, else content)")
    p.set_defaults(run=cmd_new)

    p = sub.add_parser("init", help="start a new rules repository", description="Write a new rules repository: a system with an example rule, mkdocs.yml, pyproject.toml ([tool.rulesref]), a pre-commit configuration, .gitignore, a README and a GitHub Actions workflow that validates, runs the doctests, builds and publishes to GitHub Pages. Refuses a folder that is not empty (an empty `git init` is fine).")
    p.add_argument("dir", nargs="?", default=".", metavar="DIR", help="the folder to create or fill (default: the current folder)")
    p.add_argument("--system", required=True, metavar="ID", help="the game system's id (kebab-case), e.g. mygame2")
    p.add_argument("--name", help="the game system's printed name (default: from the id)")
    p.add_argument("--site-url", metavar="URL", help="where the site will be published (default: https://OWNER.github.io/<folder name>/)")
    p.add_argument("--engine", choices=ENGINES, default=MKDOCS, help="what builds the site: mkdocs-material (default; see README, \"Engines\") or zensical")
    p.add_argument("--import", dest="import_sources", nargs="+", metavar="SOURCE", help="start from BattleScribe data (a .gst/.cat file or a data checkout) instead of an example rule")
    p.add_argument("--game-system", metavar="NAME", help="with --import: which game system to import when the sources hold several")
    p.set_defaults(run=cmd_init)

    p = sub.add_parser("codes", help="explain the problem codes", description="List every problem code with what it means, or explain one.")
    p.add_argument("code", nargs="?", help="one code, e.g. unresolved-link")
    p.set_defaults(run=cmd_codes)

    _add_import(sub)
    add_roster(sub, cmd_roster)
    add_versus(sub, cmd_versus)
    add_translations(sub, cmd_translations)
    _add_link(sub)

    return top


def _quiet_stdout() -> None:
    """After a closed pipe (`rulesref codes | head -1`), point stdout at nothing, so the
    interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None, *, ending: bool = False) -> int:
    """Run the command `argv` names and give its exit code. `ending`: the process ends once
    the command has (the `rulesref` script), so a long-lived command's process ends at once
    (`collector.end_now`) instead of freeing its heap object by object."""
    args = parser().parse_args(argv)
    code = _run(args)
    if ending and args.long_lived:
        collector.end_now(code)
    return code


def script() -> None:
    """The `rulesref` script and `python -m rulesref`."""
    raise SystemExit(main(ending=True))


def _run(args: argparse.Namespace) -> int:
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        if args.long_lived:  # serve: pauses the collector around each save itself
            code = run(args)
        else:
            with collector.paused():  # a command that runs once and exits
                code = run(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_OK
    except RulesrefError as exc:
        print(f"rulesref: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("rulesref: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as exc:  # the machine refused a read or write: say which file and why
        where = f" {exc.filename}" if exc.filename else ""
        print(f"rulesref: error: cannot use{where}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    except Exception:  # a bug, not a content problem: say so plainly
        if os.environ.get("RULESREF_DEBUG"):
            traceback.print_exc()
        else:
            print("rulesref: internal error (a bug in rulesref, not in your content); rerun with RULESREF_DEBUG=1 for details", file=sys.stderr)
        return EXIT_INTERNAL
