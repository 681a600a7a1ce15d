"""The one place rulesref asks git anything: the repository the content is in, its tags,
the content files at a commit, their bytes, and which files git sees as renamed.

Every question is a plain `git` command with its output read as data (no shell, no
configuration of the user's taken from anywhere but git itself). A content folder outside a
repository, a machine without git, or a command git refuses all end in `GitUnavailable`,
which the caller turns into "history is off" and never into an error of the content.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path


class GitUnavailable(Exception):
    """git cannot answer for this folder (not a repository, no git, a refused command)."""


def _git(cwd: Path, *args: str, data: bytes | None = None) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, input=data, capture_output=True, check=False)
    except OSError as exc:
        raise GitUnavailable(f"git cannot be run: {exc.strerror or exc}") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitUnavailable(said[-1] if said else f"git {args[0]} failed")
    return done.stdout


@dataclass(frozen=True)
class Tag:
    name: str
    commit: str  # the commit it points at (an annotated tag peeled)
    date: str  # ISO 8601: the tag's own date (annotated), else its commit's


@dataclass(frozen=True)
class Repository:
    """The repository a content folder is in, and where in it the folder is."""

    root: Path
    prefix: str  # the content folder relative to the root, with a trailing slash ("content/"), or ""

    @classmethod
    def of(cls, folder: Path) -> Repository:
        top = _git(folder, "rev-parse", "--show-toplevel").decode("utf-8").strip()
        prefix = _git(folder, "rev-parse", "--show-prefix").decode("utf-8").strip()
        return cls(Path(top), prefix)

    def head(self) -> str:
        return _git(self.root, "rev-parse", "HEAD").decode("ascii").strip()

    def shallow(self) -> bool:
        return _git(self.root, "rev-parse", "--is-shallow-repository").decode("ascii").strip() == "true"

    def tags(self) -> list[Tag]:
        """Every tag that leads to a commit, oldest first (by date, then name)."""
        out = _git(self.root, "for-each-ref", "refs/tags", "--format=%(refname:short)%00%(objectname)%00%(*objectname)%00%(creatordate:iso-strict)%00%(*objecttype)%00%(objecttype)")
        tags = []
        for line in out.decode("utf-8").splitlines():
            name, obj, peeled, date, peeled_type, own_type = line.split("\0")
            commit = peeled if peeled_type == "commit" else obj if own_type == "commit" else ""
            if commit:
                tags.append(Tag(name, commit, date))
        return sorted(tags, key=lambda t: (t.date, t.name))

    def files(self, commit: str) -> dict[str, str]:
        """The content's `.yml` files at a commit: path relative to the content folder -> blob id."""
        out = _git(self.root, "ls-tree", "-r", "-z", "--full-tree", commit, "--", self.prefix or ".")
        found = {}
        for record in out.decode("utf-8", "surrogateescape").split("\0"):
            if not record:
                continue
            meta, _, path = record.partition("\t")
            _mode, kind, blob = meta.split()
            if kind == "blob" and path.endswith(".yml") and path.startswith(self.prefix):
                found[path[len(self.prefix) :]] = blob
        return found

    def trees(self, commits: list[str]) -> dict[str, str]:
        """The id of the content folder's tree at each commit, all asked by one `git
        cat-file --batch-check` (a commit without the folder is left out): two commits with
        the same tree hold the same content files."""
        if not commits:
            return {}
        asked = [f"{commit}:{self.prefix}" if self.prefix else f"{commit}^{{tree}}" for commit in commits]
        out = _git(self.root, "cat-file", "--batch-check", data="".join(f"{a}\n" for a in asked).encode("ascii"))
        found: dict[str, str] = {}
        for commit, line in zip(commits, out.decode("ascii", "replace").splitlines(), strict=False):
            parts = line.split()
            if len(parts) == 3 and parts[1] == "tree":
                found[commit] = parts[0]
        return found

    def blobs(self, ids: list[str]) -> dict[str, bytes]:
        """The bytes of blobs, all read by one `git cat-file --batch`."""
        if not ids:
            return {}
        out = _git(self.root, "cat-file", "--batch", data="".join(f"{i}\n" for i in ids).encode("ascii"))
        found: dict[str, bytes] = {}
        at = 0
        for blob in ids:
            end = out.index(b"\n", at)
            header = out[at:end].split()
            at = end + 1
            if len(header) < 3 or header[1] != b"blob":
                continue
            size = int(header[2])
            found[blob] = out[at : at + size]
            at += size + 1
        return found

    def versions(self, path: Path, limit: int) -> list[tuple[str, bytes]]:
        """A file's bytes at each of the last `limit` commits that changed it, newest first
        (a file `path`, absolute): each commit with the file's bytes there (a commit that
        removed it is left out)."""
        relative = path.resolve().relative_to(self.root.resolve()).as_posix()
        commits = _git(self.root, "rev-list", f"--max-count={limit}", "HEAD", "--", relative).decode("ascii").split()
        found = self.blobs([f"{commit}:{relative}" for commit in commits])
        return [(commit, found[f"{commit}:{relative}"]) for commit in commits if f"{commit}:{relative}" in found]

    def tags_containing(self, commit: str) -> list[str]:
        """The tags whose commit holds `commit`, oldest first."""
        holding = set(_git(self.root, "tag", "--contains", commit).decode("utf-8").split())
        return [tag.name for tag in self.tags() if tag.name in holding]

    def renames(self, before: str, after: str | None) -> dict[str, str]:
        """Content files git sees as renamed or moved from one commit to another (`None`: to
        the files as they are now): old path -> new path, both relative to the content folder."""
        commits = [before] if after is None else [before, after]
        out = _git(self.root, "diff", "--name-status", "-z", "--find-renames", *commits, "--", self.prefix or ".")
        parts = out.decode("utf-8", "surrogateescape").split("\0")
        moved: dict[str, str] = {}
        i = 0
        while i < len(parts) and parts[i]:
            status = parts[i]
            if status.startswith(("R", "C")):
                old, new = parts[i + 1], parts[i + 2]
                if status.startswith("R") and old.startswith(self.prefix) and new.startswith(self.prefix):
                    moved[old[len(self.prefix) :]] = new[len(self.prefix) :]
                i += 3
            else:
                i += 2
        return moved
