"""A small Language Server Protocol client for the YAML language server the README's editor
section names (Red Hat's `yaml-language-server`, pinned in `tests/js/package.json`).

The editor tests start it over stdio and ask it what an editor would: the problems of a file
(`publishDiagnostics`), the completions at a place and the hover text of a key. It is given
the schemas as local `file://` URIs and the schema store is off, so nothing is fetched.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from pathlib import Path
from typing import Any

from .jsnode import JS_TESTS, installed, node

SERVER = Path("node_modules") / "yaml-language-server" / "bin" / "yaml-language-server"
TIMEOUT = 60.0  # seconds for one answer: far above the real cost, a guard against a hung server


def server_command() -> list[str]:
    """How the tests start the server (from `tests/js`), or a skip (a failure under
    `RULESREF_REQUIRE_NODE`) when Node or the npm packages are missing."""
    executable = node()
    if not (installed() / "yaml-language-server").is_dir():
        from .jsnode import _missing

        _missing("yaml-language-server is not installed: run `npm ci --prefix tests/js` (tasks.py test does)")
    return [executable, str(SERVER), "--stdio"]


class YamlLanguageServer:
    """One server process; `request` waits for its answer, notifications are kept by method."""

    def __init__(self, settings: dict[str, Any], root: Path) -> None:
        self.settings = settings
        self.process = subprocess.Popen(server_command(), cwd=JS_TESTS, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.answers: dict[int, queue.Queue[dict[str, Any]]] = {}
        self.notifications: queue.Queue[dict[str, Any]] = queue.Queue()
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        self.request(
            "initialize",
            {
                "processId": None,
                "rootUri": root.as_uri(),
                "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
                "initializationOptions": {"settings": settings},
                "capabilities": {
                    "workspace": {"configuration": True, "didChangeConfiguration": {"dynamicRegistration": False}},
                    "textDocument": {
                        "hover": {"contentFormat": ["markdown", "plaintext"]},
                        "completion": {"completionItem": {"snippetSupport": True, "documentationFormat": ["markdown", "plaintext"]}},
                        "publishDiagnostics": {},
                    },
                },
            },
        )
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": settings})

    # -- the wire: JSON-RPC messages with a Content-Length header ---------------------------

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        with self.lock:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = 0
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            message = json.loads(stream.read(length))
            if "id" in message and "method" in message:
                self._answer_server(message)
            elif "id" in message:
                self.answers.setdefault(message["id"], queue.Queue()).put(message)
            else:
                self.notifications.put(message)

    def _answer_server(self, message: dict[str, Any]) -> None:
        """The server asks the client too: its settings (`workspace/configuration`) and the
        registration of capabilities."""
        result: Any = None
        if message["method"] == "workspace/configuration":
            result = [self.settings.get(item.get("section", ""), None) for item in message["params"]["items"]]
        self._send({"id": message["id"], "result": result})

    def request(self, method: str, params: dict[str, Any]) -> Any:
        with self.lock:
            self.next_id += 1
            ident = self.next_id
        box = self.answers.setdefault(ident, queue.Queue())
        self._send({"id": ident, "method": method, "params": params})
        answer = box.get(timeout=TIMEOUT)
        assert "error" not in answer, f"{method}: {answer['error']}"
        return answer.get("result")

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self._send({"method": method, "params": params})

    # -- what an editor asks ------------------------------------------------------------------

    def open(self, path: Path, text: str) -> str:
        uri = path.as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        return uri

    def diagnostics(self, uri: str) -> list[dict[str, Any]]:
        """The problems the server publishes for `uri` once it has read the file."""
        while True:
            message = self.notifications.get(timeout=TIMEOUT)
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                found: list[dict[str, Any]] = message["params"]["diagnostics"]
                return found

    def hover(self, uri: str, line: int, character: int) -> str:
        result = self.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
        if not result:
            return ""
        contents = result["contents"]
        return str(contents["value"] if isinstance(contents, dict) else contents)

    def completion(self, uri: str, line: int, character: int) -> list[dict[str, Any]]:
        result = self.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
        items: list[dict[str, Any]] = result["items"] if isinstance(result, dict) else (result or [])
        return items

    def close(self) -> None:
        try:
            self.request("shutdown", {})
            self.notify("exit", {})
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
            self.process.wait()
        finally:
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
