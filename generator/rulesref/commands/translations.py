"""`rulesref translations`: how far each locale is translated, and the stale translations
with how their source changed; `--stamp FILE...` records, in translations brought up to
date, the state of the source they now translate.

The content is validated first: coverage is only told of content that validates, and a
stamp is written only into a translation whose every other problem is fixed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

from rulesref.build import Build
from rulesref.config import Settings
from rulesref.errors import EXIT_OK, EXIT_PROBLEMS, UsageError
from rulesref.problems import Problem


def run(args: argparse.Namespace, settings: Settings, report: Callable[[list[Problem]], int]) -> int:
    from rulesref.translations.checks import stale_message
    from rulesref.translations.coverage import as_json, coverage
    from rulesref.validate import validate

    build = validate([settings.content], settings, keep=False)
    errors = [p for p in build.problems if p.severity == "error" and p.code != "translation-stale"]
    if args.stamp:
        return _stamp(args.stamp, build, errors, report)
    if errors:
        report(errors)
        print(f"the content in {settings.content} has errors (above); fix them and ask again", file=sys.stderr)
        return EXIT_PROBLEMS
    found = coverage(build.content, build.translations)
    if args.format == "json":
        json.dump(as_json(found), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return EXIT_OK
    if not found:
        print("no system declares translated locales (`locales:` in system.yml)")
        return EXIT_OK
    for c in found:
        print(f"{c.system} {c.locale}: {len(c.current)} of {c.entries} entries translated ({c.percent:.0f}%), {len(c.stale)} stale, {len(c.missing)} missing")
        for t in c.stale:
            print(f"  stale {t.id}: {stale_message(t)}")
        if args.missing and c.missing:
            print(f"  missing: {', '.join(c.missing)}")
    return EXIT_OK


def _stamp(paths: list[str], build: Build, errors: list[Problem], report: Callable[[list[Problem]], int]) -> int:
    """Write the state of each translation's source into its `translates:`."""
    from rulesref.support.output import write_file_atomically
    from rulesref.translations.words import state_of

    by_file = {Path(t.where.doc.path).resolve(): t for t in build.translations}
    for raw in paths:
        path = Path(raw).resolve()
        translation = by_file.get(path)
        if translation is None:
            raise UsageError(f"{raw}: not a translation of the content (translations are `<system>/translations/<locale>/<id>.yml`, and validate)")
        shown = translation.where.doc.path
        theirs = [p for p in errors if p.path == shown]
        if theirs:
            report(theirs)
            print(f"{raw}: not stamped: fix its problems (above) first", file=sys.stderr)
            return EXIT_PROBLEMS
        entry = build.content.entry(translation.key)
        assert entry is not None  # a translation with a place
        state = state_of(entry.where.doc.data)
        if state == translation.translates:
            print(f"{raw}: already translates the source as it is ({state})", file=sys.stderr)
            continue
        line, _col = translation.where.doc.at(("translates",))
        lines = path.read_bytes().decode("utf-8").split("\n")
        lines[line - 1] = re.sub(r"""(["']?)\b[0-9a-f]{12}\b\1""", f'"{state}"', lines[line - 1], count=1)  # quoted: digits alone would be a number
        write_file_atomically(path, "\n".join(lines).encode("utf-8"))
        print(f"{raw}: translates {state} (was {translation.translates})", file=sys.stderr)
    return EXIT_OK


def add_translations(sub: argparse._SubParsersAction[argparse.ArgumentParser], command: Callable[[argparse.Namespace], int]) -> None:
    p = sub.add_parser(
        "translations",
        help="how far each locale is translated, and what is stale",
        description="Per system and locale: the entries translated, stale and missing, and each stale translation with how its source changed since (a word diff) and the release that changed it. Exit 0, or 1 when the content has errors.",
    )
    p.add_argument("--content", help="content folder (default: `content` in [tool.rulesref] of pyproject.toml, else content)")
    p.add_argument("--format", choices=["text", "json"], default="text", help="text (default) or json (for CI)")
    p.add_argument("--missing", action="store_true", help="list the ids of the entries not translated yet")
    p.add_argument("--stamp", nargs="+", metavar="FILE", help="record in each translation file that it translates its source as it is now (after bringing it up to date)")
    p.set_defaults(run=command)
