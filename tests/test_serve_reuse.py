"""What `serve` keeps between saves (loaded files, compiled entries, rendered files, what
the docs folder holds) never shows: after every edit of a series, the docs folder it keeps in sync holds exactly what a
fresh, full generation writes, and the problems are exactly a full validation's."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulesref.config import Settings
from rulesref.site import Kept, generate
from rulesref.site.serve import sync_tree

REPO = Path(__file__).resolve().parent.parent


def folder_files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_kept_generation_equals_a_full_one_after_every_edit(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    w40k = content / "w40k7"
    docs = tmp_path / "docs"
    docs.mkdir()
    settings = Settings()
    kept = Kept()
    before, _ = generate(str(content), settings, kept)
    sync_tree(docs, before)
    written = before
    renamed: dict[str, bytes] = {}

    def rename_morale() -> None:
        # a name shown on other pages: "referenced by" lists, the index, the glossary, previews
        edit(w40k / "morale-check.yml", 'name: "Morale check"', 'name: "Nerve roll"\n# renamed')
        edit(w40k / "morale-check.yml", 'aliases: ["Morale checks",', 'aliases: ["Morale check", "Morale checks",')

    def add_entry() -> None:
        (w40k / "steady-nerves.yml").write_text(
            "id: steady-nerves\nkind: term\nname: Steady nerves\nsummary: Calm under fire; see [[Morale check]].\ntags: [morale, new-tag]\n",
            encoding="utf-8",
        )

    def break_entry() -> None:
        edit(w40k / "fearless.yml", "kind:", "kind: [not, a, kind]\nold_kind:")

    edits = [
        lambda: edit(w40k / "fearless.yml", "never fails Morale checks", "shrugs off Morale checks"),  # a summary other pages preview
        rename_morale,
        lambda: edit(w40k / "fear.yml", "tags: [", "tags: [terror, "),  # a new tag: tags page, new tag page
        add_entry,
        break_entry,  # content with errors: no files, the same problems as a full run
        lambda: shutil.copy(REPO / "content" / "w40k7" / "fearless.yml", w40k / "fearless.yml"),
        lambda: (w40k / "steady-nerves.yml").unlink(),
        lambda: edit(content / "hh2" / "system.yml", "short_name: ", "short_name: X"),  # shown beside same-named rules elsewhere
    ]
    for step, change in enumerate(edits):
        change()
        files, problems = generate(str(content), settings, kept)
        full_files, full_problems = generate(str(content), settings)
        assert problems == full_problems, f"edit {step}"
        assert files.keys() == full_files.keys(), f"edit {step}"
        if not files:
            assert any(p.severity == "error" for p in problems)
            continue
        sync_tree(docs, files, written)  # as serve does: changes found in memory, not on disk
        written = files
        assert folder_files(docs) == full_files, f"edit {step}: the kept docs folder differs from a full generation"
        if change is rename_morale:
            renamed = files
    shown = [name for name, data in renamed.items() if b"Nerve roll" in data and name.endswith(".md")]
    assert len(shown) >= 4, shown  # its own page, its system's index, the glossary, pages that list it
    assert all(b"Nerve roll" not in before.get(name, b"") for name in shown)
