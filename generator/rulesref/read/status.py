"""When a file's or folder's status (`stat`) may stand for what it holds.

A long-lived process (`serve`) knows a file or folder unchanged by its status alone only if
the status was taken well after its last change: a file written twice within one tick of
the file system's clock keeps its times. So, as git does with its index, a status whose
modification or change time is less than `RACY_SECONDS` before the run began is not trusted
(`rulesref.read.unchanged` for files, `rulesref.read.discover` for folders).
"""

from __future__ import annotations

import os
import time

RACY_SECONDS = 2.0  # more than the coarsest file-system clock step in use (FAT's 2 s)


def racy_after() -> int:
    """The time (ns) after which a status is too new to trust, taken before any status it
    is compared with."""
    return time.time_ns() - int(RACY_SECONDS * 1e9)


def too_new(info: os.stat_result, racy: int) -> bool:
    """Whether a status changed after `racy` (a `racy_after()`): its times prove nothing."""
    return max(info.st_mtime_ns, info.st_ctime_ns) > racy
