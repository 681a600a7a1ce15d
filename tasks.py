#!/usr/bin/env python3
"""Project tasks that need nothing but Python 3.11+: each sets up `.venv` on first use.

    python3 tasks.py serve    build the reference site from content/ and serve it with live reload
    python3 tasks.py test     run every test (unit, fixtures, doctests, lint, types, site, browser, JavaScript) on every core
    python3 tasks.py test --fast   only the quick ones (unit, fixtures, doctests): no browser, no Node, nothing marked slow
    python3 tasks.py test --deep   what `test` leaves to CI: every page walked, longer random series, the browser tests on Zensical
    python3 tasks.py build    build the site into build/site/
    python3 tasks.py bench    run the benchmarks: check call cost (Python, JavaScript), pools beside icepool, the worst hostile file, a serve save at scale, then validate/generate/build at scale
    python3 tasks.py schemas  write the schemas' derived parts: each markdownDescription, the misspelt-kind branches (a test checks them)
    python3 tasks.py setup    only create/refresh .venv
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".rulesref-installed"


def say(message: str) -> None:
    print(f"tasks: {message}", file=sys.stderr, flush=True)


def setup() -> None:
    """Create .venv and install rulesref with its site and test extras (only when needed)."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this file runs under whatever python3 is found
        sys.exit(f"tasks: rulesref needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + (ROOT / "constraints.txt").read_bytes()).hexdigest()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not PYTHON.exists():
        say("creating .venv")
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except Exception as exc:  # Debian/Ubuntu ship venv's pip separately
            sys.exit(f"tasks: cannot create .venv ({exc}); on Debian or Ubuntu run: sudo apt-get install python3-venv")
    say("installing rulesref and its dependencies into .venv")
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-c", str(ROOT / "constraints.txt"), "-e", f"{ROOT}[site,test]"], check=True)
    STAMP.write_text(wanted)


JS_TESTS = ROOT / "tests" / "js"


def setup_js() -> None:
    """Install the JavaScript tests' npm packages (TypeScript; a link to rulechecks-js/) from
    their lock file, when npm is there and the lock file changed; without npm those tests skip."""
    npm = shutil.which("npm")
    lock = JS_TESTS / "package-lock.json"
    stamp = JS_TESTS / "node_modules" / ".rulesref-installed"
    if npm is None:
        say("npm not found: the JavaScript tests will skip (install Node.js 20 or newer to run them)")
        return
    wanted = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    say("installing the JavaScript test packages into tests/js/node_modules")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=JS_TESTS, check=True)
    stamp.write_text(wanted)


# signals that end this script and are passed on to the program it runs (SIGHUP: the terminal closed)
PASSED_ON = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def run(*args: str) -> int:
    """Run a program of .venv and wait for it; its exit code (128 + N when signal N ended
    it, as a shell says). Killing `tasks.py` never leaves the program running on its own:
    SIGTERM and SIGHUP are passed on to it; Ctrl-C, which the terminal sends to both, lets
    it end by itself (it is ended after a few seconds if it does not)."""
    process = subprocess.Popen([str(BIN / args[0]), *args[1:]], cwd=ROOT)

    def pass_on(signum: int, frame: object) -> None:
        if process.poll() is None:
            process.send_signal(signum)

    before = {number: signal.signal(number, pass_on) for number in PASSED_ON}
    try:
        try:
            code = process.wait()
        except KeyboardInterrupt:
            try:
                code = process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.terminate()
                code = process.wait()
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
    return 128 - code if code < 0 else code


def hand_over(*args: str) -> int:
    """Become a program of .venv (on POSIX): `tasks.py serve` is then the server itself, so
    any signal, even SIGKILL, reaches it, and no child is left behind. Elsewhere, `run`."""
    if os.name != "posix":
        return run(*args)
    sys.stdout.flush()
    sys.stderr.flush()
    os.chdir(ROOT)
    program = str(BIN / args[0])
    os.execv(program, [program, *args[1:]])


FAST = "not slow and not browser and not node"  # `test --fast`: the markers of pyproject.toml


def pytest_args(rest: list[str]) -> list[str]:
    """pytest's arguments for `tasks.py test [--fast] [ARGS...]`: the tests spread over every
    core (pytest-xdist), unless ARGS choose the processes (`-n`, `-p no:xdist`) themselves;
    with `--fast`, the tests marked slow, browser or node are left out. A worker that is done
    takes tests from another's queue (`worksteal`): the tests take from a tenth of a second to
    a minute, and with the queues handed out once, two cores ended some 40 s apart."""
    fast = "--fast" in rest
    rest = [arg for arg in rest if arg != "--fast"]
    chosen = any(arg.startswith(("-n", "--numprocesses", "--dist")) or arg == "no:xdist" for arg in rest)
    spread = [] if chosen else ["-n", "auto", "--dist", "worksteal"]
    return ["-m", FAST, *spread, *rest] if fast else [*spread, *rest]


def main(argv: list[str]) -> int:
    task = argv[0] if argv else "help"
    rest = argv[1:]
    if task in ("help", "-h", "--help"):
        print(__doc__)
        return 0
    setup()
    if task == "setup":
        return 0
    if task == "test":
        if "--fast" not in rest:  # the quick tests run no Node
            setup_js()
        return hand_over("python", "-m", "pytest", *pytest_args(rest))
    if task == "serve":
        return hand_over("rulesref", "serve", *rest)
    if task == "build":
        return hand_over("rulesref", "build", *rest)
    if task == "schemas":
        return hand_over("python", "-m", "rulesref.support.schema_text", "--write")
    if task == "bench":
        return run("python", "benchmarks/checks.py") or run("python", "benchmarks/javascript.py") or run("python", "benchmarks/pools.py") or run("python", "benchmarks/hostile.py") or run("python", "benchmarks/serve_save.py") or run("python", "benchmarks/run.py", *rest)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
