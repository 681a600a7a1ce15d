"""Finding content: which system folders and files a list of command-line paths stands for.

A content root holds one folder per system; a system folder holds `system.yml` and one YAML
file per entry (sub-folders are allowed for grouping). Validating one file still loads the
whole content it belongs to, because links and ids are checked across files; only the
problems of the files asked about are reported.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rulesref.errors import UsageError

SYSTEM_FILE_NAMES = ("system.yml", "system.yaml")
ENTRY_SUFFIXES = (".yml", ".yaml")


@dataclass(frozen=True)
class SystemFolder:
    path: Path
    system_file: Path | None
    entry_files: tuple[Path, ...]


@dataclass(frozen=True)
class ContentFiles:
    roots: tuple[Path, ...]
    systems: tuple[SystemFolder, ...]
    selected: frozenset[Path] | None  # None: every file is reported

    def is_selected(self, path: Path) -> bool:
        return self.selected is None or path in self.selected

    def all_files(self) -> list[Path]:
        files: list[Path] = []
        for system in self.systems:
            files += [system.system_file] if system.system_file else []
            files += system.entry_files
        return files


def _system_file(folder: Path) -> Path | None:
    return next((folder / n for n in SYSTEM_FILE_NAMES if (folder / n).is_file()), None)


def _entry_files(folder: Path) -> tuple[Path, ...]:
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "_")))
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if name.endswith(ENTRY_SUFFIXES) and not name.startswith(".") and name not in SYSTEM_FILE_NAMES:
                found.append(path)
            elif name in SYSTEM_FILE_NAMES and Path(dirpath) != folder:
                found.append(path)  # a nested system.yml is an entry file in the wrong place
    return tuple(found)


def _is_content_folder(folder: Path) -> bool:
    return _system_file(folder) is not None or any(
        p.suffix in ENTRY_SUFFIXES for p in folder.iterdir() if p.is_file()
    )


def _system_folders(root: Path) -> list[SystemFolder]:
    folders = []
    for child in sorted(root.iterdir()):
        if child.is_dir() and not child.name.startswith((".", "_")) and _is_content_folder(child):
            folders.append(SystemFolder(child, _system_file(child), _entry_files(child)))
    return folders


def _system_folder_of(file: Path) -> Path | None:
    """The nearest folder above `file` that holds a system.yml."""
    for folder in file.parents:
        if _system_file(folder) is not None:
            return folder
    return None


def discover(paths: list[str]) -> ContentFiles:
    """The content that `paths` (files or folders) belong to, and which files were asked for."""
    roots: dict[Path, None] = {}
    loose: dict[Path, list[Path]] = {}  # files in no system folder, by their folder
    selected: set[Path] = set()
    for raw in paths or ["content"]:
        path = Path(raw)
        if not path.exists():
            raise UsageError(f"no such file or folder: {raw}")
        path = path.parent.resolve() / path.name if path.is_symlink() else path.resolve()  # a linked file is itself selected
        if path.is_file():
            if not path.name.endswith(ENTRY_SUFFIXES):
                raise UsageError(f"not a YAML file: {raw}")
            home = _system_folder_of(path)
            if home is None:
                loose.setdefault(path.parent, []).append(path)
            else:
                roots.setdefault(home.parent, None)
        elif _system_file(path) is not None:
            roots.setdefault(path.parent, None)
        else:
            roots.setdefault(path, None)
        selected.add(path)
    systems: dict[Path, SystemFolder] = {}
    for root in roots:
        for system in _system_folders(root):
            systems.setdefault(system.path, system)
    for parent, loose_files in loose.items():
        if parent not in systems:
            systems[parent] = SystemFolder(parent, None, tuple(sorted(set(loose_files))))
    if not systems:
        raise UsageError(f"no content found in {', '.join(paths or ['content'])}: expected <system>/system.yml and entry files")
    every = not paths
    found = ContentFiles(tuple(roots), tuple(systems[k] for k in sorted(systems)), None)
    if every:
        return found
    chosen = frozenset(f for f in found.all_files() if any(f == s or s in f.parents for s in selected))
    return ContentFiles(found.roots, found.systems, chosen)


def _printable(text: str) -> str:
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def display_path(path: Path) -> str:
    """The path as the user should see it: relative to the working folder when inside it.
    Bytes of a file name that are not UTF-8 are shown as `\\xNN`, so every report is valid UTF-8."""
    text = _printable(path.as_posix())
    cwd = _printable(_folder_prefix(os.getcwd()))
    return text[len(cwd) :] if text.startswith(cwd) else text


@cache
def _folder_prefix(cwd: str) -> str:
    """The resolved working folder with a final slash (resolving it once, not per file)."""
    return Path(cwd).resolve().as_posix().rstrip("/") + "/"
