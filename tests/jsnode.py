"""Node.js for the tests of the generated JavaScript: found, or the test skips with a clear
message, except when `RULESREF_REQUIRE_NODE` is set (as in CI), where its absence fails.

The test-only npm packages (TypeScript, and a link to `rulechecks-js/`) live in `tests/js/`;
`python3 tasks.py test` and `.ci/run` install them with `npm ci` before the tests run, so the
tests themselves never touch the network.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent
JS_TESTS = REPO / "tests" / "js"
MIN_NODE = 20


def _missing(reason: str) -> None:
    if os.environ.get("RULESREF_REQUIRE_NODE"):
        pytest.fail(reason)
    pytest.skip(reason)


def node() -> str:
    """The path of a Node.js of version 20 or newer."""
    found = shutil.which("node")
    if found is None:
        _missing(f"Node.js {MIN_NODE} or newer is needed for the JavaScript tests (not found on PATH)")
        raise AssertionError("unreachable")
    version = subprocess.run([found, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    match = re.match(r"v(\d+)", version)
    if match is None or int(match.group(1)) < MIN_NODE:
        _missing(f"Node.js {MIN_NODE} or newer is needed for the JavaScript tests; this is {version or 'unknown'}")
    return found


def installed() -> Path:
    """`tests/js/node_modules`, installed from its lock file."""
    modules = JS_TESTS / "node_modules"
    if not (modules / "typescript").is_dir() or not (modules / "rulechecks").exists():
        _missing("the JavaScript test packages are not installed: run `npm ci --prefix tests/js` (tasks.py test does)")
    return modules
