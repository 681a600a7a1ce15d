"""The errors rulesref raises on purpose, and the exit code each one ends a command with.

Content problems are never raised: they are collected as `Problem`s and reported together.
What is raised is a reason the command cannot go on at all (a wrong argument, a folder it may
not write, a missing optional dependency, a busy port). All of them derive from `RulesrefError`,
so the command line maps them to exit codes in one place and never shows a traceback for them.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130


class RulesrefError(Exception):
    """A reason a command cannot run; its message is one line for the user."""

    exit_code = EXIT_USAGE


class UsageError(RulesrefError):
    """A command-line mistake or a setting that cannot work."""


class MissingExtra(RulesrefError):
    """An optional dependency is not installed: the message names the extra that brings it."""

    def __init__(self, command: str, extra: str, module: str) -> None:
        super().__init__(f"`rulesref {command}` needs {module}, which is not installed; install it with: pip install 'rulesref[{extra}]'")


class EnvironmentProblem(RulesrefError):
    """The machine refuses something the command needs: a folder it cannot write, a port in use."""
