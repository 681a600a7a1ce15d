"""What a long-lived process (`serve`) reuses of each content file between two validations.

Loading a file, checking it against its schema and building its model object depend on that
file's bytes, its shown path and its system alone, so a run that finds a file as the last
run read it takes the last outcome instead of reading and parsing it again. Outcomes are
kept in the run's memo (`rulesref.incremental.memo`) by (file, shown path, system), with the
bytes they were made from and, when it could be trusted, the file's status when they were
read.

"As the last run read it" is decided first by the file's status (`lstat`): the same regular
file (device and inode), size, modification and change times to the nanosecond. A status
can only be trusted when the file is older than the clock's step: a file written twice
within one tick of the file system's clock keeps its times. So, as git does with its index,
a status taken less than `RACY_SECONDS` after the file was last modified is not kept
(`rulesref.read.status`): such a file (the one just saved, typically) is read again and its bytes compared with the last
run's, which cannot be fooled. Symbolic links are always read. An outcome is kept only for
files that the latest run saw.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from rulesref.incremental.memo import Memo
from rulesref.read.discover import display_path
from rulesref.read.status import racy_after, too_new

LOADS = "loads"  # the memo's stage of files' outcomes

Outcome = TypeVar("Outcome")
Status = tuple[int, int, int, int, int, int]  # mode, device, inode, size, mtime_ns, ctime_ns


class FileNames(NamedTuple):
    display: str  # as the user sees it (`display_path`)
    text: str  # the path as text
    name: str
    stem: str  # the name without its suffix: an entry's id must equal it
    folder: str  # the folder it is in, as text
    cwd: str  # the working folder it is shown relative to
    key: tuple[str, str, str]  # its key in the memo: the path as text, as shown, its system ("" for system.yml)


def file_names(path: Path, cwd: str, system: str) -> FileNames:
    name, text = path.name, str(path)
    display = display_path(path, cwd)
    return FileNames(display, text, name, name.rsplit(".", 1)[0], os.path.dirname(text), cwd, (text, display, system))


def trusted_status(path: str, racy: int | None = None) -> Status | None:
    """The status of a regular file that is old enough to stand for its bytes, else None
    (a link, something that is not a file, a file too new, or one that cannot be seen).
    `racy`: `racy_after()` of this run, when it looks at many files."""
    if racy is None:
        racy = racy_after()
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or too_new(info, racy):
        return None
    return (info.st_mode, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def names(memo: Memo, path: Path, cwd: str, system: str) -> FileNames:
    """`file_names`, kept: the same file is shown the same way on every run."""
    return memo.get("file-names", path, (cwd, system), lambda: file_names(path, cwd, system))


def by_status(memo: Memo, key: tuple[str, str, str], racy: int) -> Any:
    """The last outcome of a file whose trusted status is the one it had when it was read,
    without reading it; None when it must be read (then call `by_bytes`). `racy`: the
    run's `racy_after()`."""
    kept = memo.kept(LOADS, key)
    if kept is None or kept[0][0] is None or trusted_status(key[0], racy) != kept[0][0]:
        return None
    return memo.reuse(LOADS, key, kept)


def by_bytes(memo: Memo, key: tuple[str, str, str], raw: bytes, make: Callable[[bytes], Outcome], status: Status | None) -> Outcome:
    """The outcome of a file read as `raw` (its status taken before reading it): the last
    one when the bytes are the same, else made afresh."""
    kept = memo.kept(LOADS, key)
    if kept is not None and kept[0][1] == raw:
        value: Outcome = kept[1]
        return memo.reuse(LOADS, key, kept) if kept[0][0] == status else memo.keep(LOADS, key, (status, kept[0][1]), value)
    memo.made[LOADS] += 1
    return memo.keep(LOADS, key, (status, raw), make(raw))
