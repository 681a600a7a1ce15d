"""Finding content: which system folders and files a list of command-line paths stands for.

A content root holds one folder per system; a system folder holds `system.yml` and one YAML
file per entry (sub-folders are allowed for grouping). Validating one file still loads the
whole content it belongs to, because links and ids are checked across files; only the
problems of the files asked about are reported.

A long-lived process (`serve`) keeps each folder's listing in its memo: a folder
whose status is unchanged (and older than the file system's clock step:
`rulesref.read.status`) holds the same names, so it is not listed again. A folder that holds
a symbolic link is always listed: what a link points at can change without its folder
changing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from rulesref.errors import UsageError
from rulesref.incremental.memo import FRESH, Memo
from rulesref.read.status import racy_after, too_new

SYSTEM_FILE_NAMES = ("system.yml", "system.yaml")
ENTRY_SUFFIXES = (".yml", ".yaml")


TRANSLATIONS = "translations"  # a system folder's folder of translations: `translations/<locale>/<id>.yml`


@dataclass(frozen=True)
class SystemFolder:
    path: Path
    system_file: Path | None
    entry_files: tuple[Path, ...]
    translation_files: tuple[Path, ...] = ()  # under `translations/` (`rulesref.translations`)

    def files(self) -> list[Path]:
        """Its files: the system file first, its translations last."""
        own = [self.system_file, *self.entry_files] if self.system_file is not None else list(self.entry_files)
        return own + list(self.translation_files)


@dataclass(frozen=True)
class ContentFiles:
    roots: tuple[Path, ...]
    systems: tuple[SystemFolder, ...]
    selected: frozenset[Path] | None  # None: every file is reported

    def is_selected(self, path: Path) -> bool:
        return self.selected is None or path in self.selected

    def all_files(self) -> list[Path]:
        return [path for system in self.systems for path in system.files()]


def _system_file(folder: Path) -> Path | None:
    return next((folder / n for n in SYSTEM_FILE_NAMES if (folder / n).is_file()), None)


FolderStatus = tuple[int, int, int, int]  # device, inode, mtime_ns, ctime_ns
LISTINGS = "listings"  # the memo's stage of folders' listings


@dataclass(frozen=True)
class _Listing:
    status: FolderStatus | None  # None: list it again next time
    files: tuple[Path, ...]  # its entry files, sorted
    folders: tuple[str, ...]  # the sub-folders to walk, sorted


def _folder_status(folder: str) -> FolderStatus | None:
    racy = racy_after()
    try:
        info = os.stat(folder)
    except OSError:
        return None
    if too_new(info, racy):
        return None
    return (info.st_dev, info.st_ino, info.st_mtime_ns, info.st_ctime_ns)


def _list_folder(dirpath: str, top: Path, status: FolderStatus | None) -> _Listing:
    """One folder as `os.walk` sees it: what is (or links to) a folder is a folder, a folder
    that cannot be listed is empty, and linked folders are not walked into."""
    folders: list[str] = []
    names: list[str] = []
    try:
        with os.scandir(dirpath) as found:
            for item in found:
                if item.is_symlink():
                    status = None
                try:
                    is_dir = item.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    if not item.name.startswith((".", "_")) and not item.is_symlink() and (item.name != TRANSLATIONS or dirpath != str(top)):
                        folders.append(item.name)
                else:
                    names.append(item.name)
    except OSError:  # as `os.walk`: a folder that cannot be listed holds nothing
        status, folders, names = None, [], []
    base = Path(dirpath)
    nested = dirpath != str(top)
    files = tuple(
        base / name
        for name in sorted(names)
        if (name.endswith(ENTRY_SUFFIXES) and not name.startswith(".") and name not in SYSTEM_FILE_NAMES)
        or (name in SYSTEM_FILE_NAMES and nested)  # a nested system.yml is an entry file in the wrong place
    )
    return _Listing(status, files, tuple(sorted(folders)))


def _entry_files(folder: Path, memo: Memo) -> tuple[Path, ...]:
    found: list[Path] = []
    waiting = [str(folder)]
    while waiting:
        dirpath = waiting.pop()
        if memo.keeps:
            status = _folder_status(dirpath)
            kept = memo.kept(LISTINGS, dirpath)
            if kept is not None and status is not None and kept[0] == status:
                listing = memo.reuse(LISTINGS, dirpath, kept)
            else:  # kept under the listing's own status: none for a folder holding a link, so it is listed again
                listing = _list_folder(dirpath, folder, status)
                memo.made[LISTINGS] += 1
                memo.keep(LISTINGS, dirpath, listing.status, listing)
        else:
            listing = _list_folder(dirpath, folder, None)
        found += listing.files
        waiting += [os.path.join(dirpath, name) for name in reversed(listing.folders)]
    return tuple(found)


def _is_content_folder(folder: Path) -> bool:
    return _system_file(folder) is not None or any(
        p.suffix in ENTRY_SUFFIXES for p in folder.iterdir() if p.is_file()
    )


def _translation_files(folder: Path) -> tuple[Path, ...]:
    """The YAML files under a system folder's `translations/`, sorted (none of them is an
    entry: `rulesref.translations` reads them once the entries are read)."""
    top = folder / TRANSLATIONS
    if not top.is_dir() or top.is_symlink():
        return ()
    found = [
        path
        for path in top.rglob("*")
        if path.name.endswith(ENTRY_SUFFIXES) and not any(part.startswith((".", "_")) for part in path.relative_to(top).parts) and path.is_file()
    ]
    return tuple(sorted(found))


def _system_folders(root: Path, memo: Memo) -> list[SystemFolder]:
    folders = []
    for child in sorted(root.iterdir()):
        if child.is_dir() and not child.name.startswith((".", "_")) and _is_content_folder(child):
            folders.append(SystemFolder(child, _system_file(child), _entry_files(child, memo), _translation_files(child)))
    return folders


def _system_folder_of(file: Path) -> Path | None:
    """The nearest folder above `file` that holds a system.yml."""
    for folder in file.parents:
        if _system_file(folder) is not None:
            return folder
    return None


def discover(paths: list[str], memo: Memo = FRESH) -> ContentFiles:
    """The content that `paths` (files or folders) belong to, and which files were asked for.
    A long-lived process's `memo` keeps each folder's listing between runs."""
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
        elif (home := _system_folder_of(path)) is not None:  # a folder inside a system's: its translations, a group
            roots.setdefault(home.parent, None)
        else:
            roots.setdefault(path, None)
        selected.add(path)
    systems: dict[Path, SystemFolder] = {}
    for root in roots:
        for system in _system_folders(root, memo):
            systems.setdefault(system.path, system)
    for parent, loose_files in loose.items():
        if parent not in systems:
            systems[parent] = SystemFolder(parent, None, tuple(sorted(set(loose_files))))
    if not systems:
        raise UsageError(f"no content found in {', '.join(paths or ['content'])}: expected <system>/system.yml and entry files")
    every = not paths or all(s in roots for s in selected)  # only content roots asked for: all of it
    found = ContentFiles(tuple(roots), tuple(systems[k] for k in sorted(systems)), None)
    if every:
        return found
    chosen = frozenset(f for f in found.all_files() if any(f == s or s in f.parents for s in selected))
    return ContentFiles(found.roots, found.systems, chosen)


def _printable(text: str) -> str:
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def display_path(path: Path, cwd: str | None = None) -> str:
    """The path as the user should see it: relative to the working folder (`cwd`, by default
    the current one) when inside it. Bytes of a file name that are not UTF-8 are shown as
    `\\xNN`, so every report is valid UTF-8."""
    return _shown(path.as_posix(), os.getcwd() if cwd is None else cwd)


@lru_cache(maxsize=1 << 16)
def _shown(posix: str, cwd: str) -> str:
    text = _printable(posix)
    prefix = _printable(_folder_prefix(cwd))
    return text[len(prefix) :] if text.startswith(prefix) else text


@cache
def _folder_prefix(cwd: str) -> str:
    """The resolved working folder with a final slash (resolving it once, not per file)."""
    return Path(cwd).resolve().as_posix().rstrip("/") + "/"
