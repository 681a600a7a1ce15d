"""`rulesref roster ROSTER [--out FILE]`: a BattleScribe roster's army, its rules as the content has them.

The roster is read (`rulesref.formats.roster`) before the content is validated, so a file
that is no roster is reported at once, at its line; each selection is matched by the ids the
import recorded, and the army is summarised, or written as one printable page or JSON.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from rulesref.config import Settings
from rulesref.errors import EXIT_OK, EXIT_PROBLEMS, UsageError
from rulesref.problems import Problem, fails


def run(args: argparse.Namespace, settings: Settings, report: Callable[[list[Problem]], int]) -> int:
    """The command: the roster read and matched, summarised or written (`--out`)."""
    from rulesref.formats.battlescribe.read import SourceError
    from rulesref.formats.roster import write
    from rulesref.formats.roster.match import match
    from rulesref.formats.roster.read import read_roster
    from rulesref.support.output import write_file_atomically
    from rulesref.validate import validate

    source = Path(args.roster)
    if not source.is_file():
        raise UsageError(f"no such roster: {args.roster}")
    out = Path(args.out) if args.out else None
    if out is not None and out.suffix.lower() not in write.FORMATS:
        raise UsageError(f"--out names the format by its suffix: {', '.join(write.FORMATS)}; not `{out.suffix or out.name}`")
    if out is not None and not out.parent.is_dir():
        raise UsageError(f"--out: no folder {out.parent.as_posix()} to write {out.name} into")
    try:
        roster = read_roster(source, source.as_posix())
    except SourceError as exc:
        return report([Problem(exc.path, exc.line, 1, "roster-source", exc.message)])
    build = validate([settings.content], settings, keep=False)
    if fails(build.problems):  # the errors only: `rulesref validate` shows the rest
        report([p for p in build.problems if p.severity == "error"])
        print(f"the content in {settings.content} has errors (above); fix them and read the roster again", file=sys.stderr)
        return EXIT_PROBLEMS
    army = match(roster, build.content)
    if out is None:
        sys.stdout.write(write.summary(army))
    else:
        write_file_atomically(out, write.written(army, out.suffix.lower(), settings).encode("utf-8"))
        sys.stderr.write(write.summary(army))
        print(f"wrote {out.as_posix()}", file=sys.stderr)
    return EXIT_OK if army.complete else EXIT_PROBLEMS


def add_roster(sub: argparse._SubParsersAction[argparse.ArgumentParser], command: Callable[[argparse.Namespace], int]) -> None:
    p = sub.add_parser(
        "roster",
        help="a BattleScribe roster's rules: printable, or as JSON",
        description="Read a BattleScribe or New Recruit roster (.ros, .rosz, or any file holding one, such as BSData's .test rosters) and give its army's rules as the content has them: each selection matched by the BattleScribe ids the import recorded, never by name. Exit 0 when every selection is matched, 1 when some are not (listed), 2 on usage errors.",
    )
    p.add_argument("roster", metavar="ROSTER", help="a roster file: known by what it holds (BattleScribe's XML, or a zip of it), whatever its name")
    p.add_argument("--content", help="content folder (default: `content` in [tool.rulesref] of pyproject.toml, else content)")
    p.add_argument("--out", metavar="FILE", help="write the army: .html (one printable page), .md or .json; without it, a short summary is printed")
    p.set_defaults(run=command)
