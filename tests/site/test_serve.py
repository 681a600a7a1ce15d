"""`rulesref serve`: live pages that follow the content; broken content keeps the last good
pages up. Also the in-place sync of the docs folder that `serve` relies on."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from rulesref.config import DEFAULT_SITE_URL
from rulesref.site.serve import sync_tree

from .conftest import Built, make_project


def test_sync_rewrites_only_what_changed(tmp_path: Path) -> None:
    target = tmp_path / "docs"
    assert sync_tree(target, {"a.md": b"a", "x/b.md": b"b", "x/y/c.md": b"c"}) == ["a.md", "x/b.md", "x/y/c.md"]
    before = (target / "a.md").stat().st_mtime_ns
    time.sleep(0.01)
    assert sync_tree(target, {"a.md": b"a", "x/b.md": b"B"}) == ["x/b.md", "x/y/c.md"]
    assert (target / "a.md").stat().st_mtime_ns == before
    assert (target / "x" / "b.md").read_bytes() == b"B"
    assert not (target / "x" / "y").exists()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            text: str = response.read().decode("utf-8")
            return text
    except OSError:
        return None


def wait_for(url: str, words: str, seconds: float = 30) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        page = fetch(url)
        if page is not None and words in page:
            return page
        time.sleep(0.3)
    raise AssertionError(f"{url} never showed {words!r}")


@contextmanager
def serve_running(project: Built, log: Path, *more: str, temp: Path | None = None) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """`rulesref serve` of a project on a free port (with `more` options, and `temp` as its
    temporary folder), its output in `log`; stopped (Ctrl-C, then killed if it lingers) when
    the block ends, whatever the block did to it."""
    port = free_port()
    with log.open("w+") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "rulesref", "serve", "--content", "content", "--dev-addr", f"127.0.0.1:{port}", *more],
            cwd=project.root,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=dict(os.environ, NO_MKDOCS_2_WARNING="1", **({"TMPDIR": str(temp)} if temp else {})),
        )
        try:
            yield server, port
        finally:
            if server.poll() is None:
                server.send_signal(signal.SIGINT)
                try:
                    server.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()


@pytest.mark.slow
def test_serve_regenerates_pages_when_the_content_changes(tmp_path: Path) -> None:
    project = make_project(tmp_path / "served")
    log = tmp_path / "serve.log"
    with serve_running(project, log) as (_, port):
        mount = urlsplit(DEFAULT_SITE_URL).path  # mkdocs serve mounts the site at site_url's path
        url = f"http://127.0.0.1:{port}{mount}w40k7/fear/"
        wait_for(url, "Fear-causing enemy")
        rule = project.content / "w40k7" / "fear.yml"
        text = rule.read_text(encoding="utf-8")
        rule.write_text(text.replace("Fear-causing enemy", "terrifying enemy"), encoding="utf-8")
        wait_for(url, "terrifying enemy")
        rule.write_text(text.replace("[[Fearless]]", "[[Fearles]]"), encoding="utf-8")
        deadline = time.monotonic() + 20
        while "unresolved-link" not in log.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(0.3)
        assert "content/w40k7/fear.yml:" in log.read_text(encoding="utf-8")
        assert "terrifying enemy" in (fetch(url) or "")  # the last good page stays up


def port_is_free(port: int) -> bool:
    """Free for a new server: nothing listens (connections in TIME_WAIT do not count, as for
    any server that sets SO_REUSEADDR)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


@pytest.mark.slow
def test_sigterm_stops_serve_and_its_server(tmp_path: Path) -> None:
    """SIGTERM ends `serve` with exit 0, frees its port, and its temporary site goes (removed
    by a process of its own, which the exit does not wait for)."""
    project = make_project(tmp_path / "served")
    temp = tmp_path / "temp"
    temp.mkdir()
    with serve_running(project, tmp_path / "serve.log", temp=temp) as (server, port):
        wait_for(f"http://127.0.0.1:{port}{urlsplit(DEFAULT_SITE_URL).path}", "Rules reference")
        assert [path.name.startswith("rulesref-serve-") for path in temp.iterdir()] == [True]
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=20) == 0
        deadline = time.monotonic() + 10
        while not (port_is_free(port) and not any(temp.iterdir())) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert port_is_free(port), "the mkdocs server still holds the port"
        assert not any(temp.iterdir()), "the temporary site is still there"
    said = (tmp_path / "serve.log").read_text(encoding="utf-8")
    assert "Doc file" not in said, said  # no link MkDocs cannot follow (the API page's example is never put off)


def test_a_busy_port_is_one_line(tmp_path: Path) -> None:
    project = make_project(tmp_path / "busy")
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "rulesref", "serve", "--dev-addr", f"127.0.0.1:{port}"],
            cwd=project.root, capture_output=True, text=True, timeout=60,
        )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"rulesref: error: cannot serve on 127.0.0.1:{port}")


@pytest.mark.slow
def test_a_save_updates_the_edited_page_and_the_pages_that_show_it(tmp_path: Path) -> None:
    """Pages are rebuilt one by one (`rulesref.site.live`): the page of the saved entry, and
    another page whose link preview shows the saved entry's summary, are both served updated."""
    project = make_project(tmp_path / "served")
    log = tmp_path / "serve.log"
    with serve_running(project, log) as (_, port):
        mount = urlsplit(DEFAULT_SITE_URL).path
        base = f"http://127.0.0.1:{port}{mount}w40k7/"
        wait_for(base + "fearless/", "automatically passes Pinning")
        wait_for(base + "fear/", "automatically passes Pinning")  # the link preview of [[Fearless]]
        rule = project.content / "w40k7" / "fearless.yml"
        rule.write_text(rule.read_text(encoding="utf-8").replace("automatically passes Pinning", "shrugs off Pinning"), encoding="utf-8")
        wait_for(base + "fearless/", "shrugs off Pinning")
        page = wait_for(base + "fear/", "shrugs off Pinning")
        assert "automatically passes Pinning" not in page
        time.sleep(1.5)  # reading the content makes file events too: they must not start rebuild after rebuild
        said = log.read_text(encoding="utf-8")
        assert said.count("rulesref: content changed;") == 1, said
        assert "the edited page(s) shown" in said


@pytest.mark.slow
def test_a_broken_config_while_serving_is_one_line_and_the_server_recovers(tmp_path: Path) -> None:
    project = make_project(tmp_path / "served")
    log = tmp_path / "serve.log"
    with serve_running(project, log) as (server, port):
        url = f"http://127.0.0.1:{port}{urlsplit(DEFAULT_SITE_URL).path}w40k7/fear/"
        wait_for(url, "Fear-causing enemy")
        config = project.config.read_text(encoding="utf-8")
        project.config.write_text(config.replace("name: material", "name: no-such-theme"), encoding="utf-8")
        deadline = time.monotonic() + 30
        while "MkDocs could not build the pages" not in log.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(0.3)
        said = log.read_text(encoding="utf-8")
        assert "rulesref: MkDocs could not build the pages:" in said and "Traceback" not in said
        assert server.poll() is None
        project.config.write_text(config, encoding="utf-8")
        rule = project.content / "w40k7" / "fear.yml"
        rule.write_text(rule.read_text(encoding="utf-8").replace("Fear-causing enemy", "dreadful enemy"), encoding="utf-8")
        wait_for(url, "dreadful enemy")


def _running_in(folder: Path) -> list[int]:
    """The processes whose working folder is `folder` or inside it (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cwd = Path(os.readlink(entry / "cwd"))
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and cwd.is_relative_to(folder):
            found.append(int(entry.name))
    return found


@pytest.mark.slow
def test_a_second_signal_during_the_shutdown_does_not_cut_it_short(tmp_path: Path) -> None:
    """Ctrl-C reaches every process of a terminal's group, and `tasks.py` may pass SIGTERM on
    too: the first signal stops `serve`, the next ones are ignored while it cleans up."""
    project = make_project(tmp_path / "served")
    log = tmp_path / "serve.log"
    with serve_running(project, log) as (server, port):
        wait_for(f"http://127.0.0.1:{port}{urlsplit(DEFAULT_SITE_URL).path}", "Rules reference")
        server.send_signal(signal.SIGINT)
        server.send_signal(signal.SIGTERM)
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=20) == 0
    said = log.read_text(encoding="utf-8")
    assert "Traceback" not in said and "interrupted" not in said, said
    assert port_is_free(port)


pytestmark_tasks = pytest.mark.skipif(not Path("/proc/self/cwd").exists(), reason="lists processes through /proc")


def _tasks_checkout(root: Path) -> Path:
    """A folder that `tasks.py` takes for a checkout: its own tasks.py, pyproject.toml and
    constraints.txt (so that it finds .venv, linked to this checkout's, up to date), the
    site's config and the fixture content."""
    repo = Path(__file__).resolve().parents[2]
    make_project(root)
    for name in ("tasks.py", "pyproject.toml", "constraints.txt"):
        shutil.copy(repo / name, root / name)
    (root / ".venv").symlink_to(repo / ".venv")
    return root


@pytestmark_tasks
@pytest.mark.slow
def test_killing_tasks_py_serve_ends_the_server(tmp_path: Path) -> None:
    """`python3 tasks.py serve` is the server itself once it has set .venv up (POSIX): a
    SIGTERM sent to it stops the server, which frees its port, and nothing is left running."""
    root = _tasks_checkout(tmp_path / "checkout")
    if not (root / ".venv" / "bin" / "rulesref").exists():
        pytest.skip("this checkout has no .venv (run `python3 tasks.py setup`)")
    port = free_port()
    with (tmp_path / "tasks.log").open("w+") as out:
        tasks = subprocess.Popen(
            [sys.executable, str(root / "tasks.py"), "serve", "--dev-addr", f"127.0.0.1:{port}"],
            cwd=root, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        )
        try:
            wait_for(f"http://127.0.0.1:{port}{urlsplit(DEFAULT_SITE_URL).path}", "Rules reference", 120)
            assert _running_in(root) == [tasks.pid]  # no child: tasks.py became `rulesref serve`
            tasks.send_signal(signal.SIGTERM)
            assert tasks.wait(timeout=20) == 0
        finally:
            if tasks.poll() is None:
                tasks.kill()
                tasks.wait()
    assert _running_in(root) == []
    assert port_is_free(port)


@pytestmark_tasks
def test_tasks_py_passes_a_sigterm_on_to_what_it_runs(tmp_path: Path) -> None:
    """`tasks.py bench` runs one program after another: a SIGTERM sent to `tasks.py` reaches
    the one running, and `tasks.py` ends with it."""
    root = _tasks_checkout(tmp_path / "checkout")
    started = tmp_path / "started"
    program = f"import pathlib, time; pathlib.Path({str(started)!r}).write_text('yes'); time.sleep(120)"
    driver = f"import sys; sys.path.insert(0, {str(root)!r}); import tasks; sys.exit(tasks.run('python', '-c', {program!r}))"
    tasks = subprocess.Popen([sys.executable, "-c", driver], cwd=root)
    try:
        deadline = time.monotonic() + 60
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert started.exists()
        running = _running_in(root)
        assert len(running) == 2 and tasks.pid in running  # tasks.py and what it runs
        tasks.send_signal(signal.SIGTERM)
        assert tasks.wait(timeout=20) == 128 + signal.SIGTERM  # what it ran was ended by the signal, and says so
    finally:
        if tasks.poll() is None:
            tasks.kill()
            tasks.wait()
    assert _running_in(root) == []
