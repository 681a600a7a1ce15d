"""Releases on the site: each entry's history on its page, the "Changes" pages (what each
release added, removed, changed and moved, and what is not released yet) and the releases in
the JSON API.

A repository may hold thousands of tags, so no page links every release: a page links the
`RECENT` newest and its own neighbours, and the list of every release (`changes/all/`, in
parts of `PER_LIST`) links the rest. A release that changed nothing gets no page of its own
(the list says so; its API file says it too), so the site grows with the changes, not with
the tags. The "Compare two releases" form offers the releases it links and reads the whole
list from the API (`api/releases/index.json`).

What changed is worked out once, in `rulesref.history.changes`; here it is only worded and
placed. A text's change is shown word by word (`<ins>`, `<del>`, from `rulesref.history.diff`,
which escapes everything else), a check's or the parameters' change part by part. The history
and the changes pages are left out of search: they hold old words a search would find.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any, Protocol

from rulesref import paths
from rulesref.emit.api import VERSION
from rulesref.history.changes import Change, History, Release, Step
from rulesref.history.diff import checks_diff, params_diff, word_diff
from rulesref.history.slugs import ALL
from rulesref.history.slugs import INDEX as INDEX_SLUG
from rulesref.model import Entry, System
from rulesref.pages.markdown import attribute, front_matter, plain
from rulesref.support.templates import render

INDEX = paths.CHANGES_PAGE
API_INDEX = f"api/releases/{INDEX_SLUG}.json"
RECENT = 10  # the newest releases every Changes page links
PER_LIST = 200  # releases on each part of the list of every release
KINDS = (("rule", "Rules"), ("unit", "Units"), ("term", "Terms"))
SHOWN = (("added", "Added"), ("changed", "Changed"), ("moved", "Moved or renamed"), ("removed", "Removed"))


def step_page(step: Step) -> str:
    return f"changes/{step.slug}/index.md"


def has_page(step: Step) -> bool:
    """Whether a step has a Changes page of its own: one that changed something."""
    return bool(step.changes)


def list_page(part: int) -> str:
    """A part of the list of every release, newest first (`changes/all/`, `changes/all/2/`)."""
    return f"changes/{ALL}/index.md" if part == 1 else f"changes/{ALL}/{part}/index.md"


def _parts(history: History) -> int:
    """How many parts the list of every release has (none when each page links them all)."""
    return 0 if len(history.steps) <= RECENT else -(-len(history.steps) // PER_LIST)


def api_release(step: Step) -> str:
    return f"api/releases/{step.slug}.json"


class ChangesFacts(Protocol):
    def systems(self) -> tuple[System, ...]: ...
    def entry_of(self, key: str) -> Entry | None: ...
    def releases(self) -> History: ...


def _when(step: Step) -> str:
    """`1.2 (2026-06-15, FAQ)`, or `Since 1.2 (not released yet)`."""
    if step.release is None:
        return f"Since {step.previous.version}, not released yet" if step.previous else "Not released yet"
    extra = ", ".join(x for x in (step.release.date, step.release.label) if x)
    return f"{step.release.version} ({extra})"


def _moved(change: Change) -> str:
    """What a move or rename changed, in words."""
    assert change.before is not None and change.after is not None
    said = []
    if "name" in change.fields:
        said.append(f"renamed from {change.before.name}")
    if "id" in change.fields:
        said.append(f"its id was {change.before.key.partition(':')[2]}")
    if "path" in change.fields:
        said.append(f"its file moved from {change.before.path} to {change.after.path}")
    return "; ".join(said)


def _diffs(change: Change) -> list[tuple[str, str]]:
    """(label, HTML) of each part that changed: the words of the summary and text, the
    parameters and checks part by part."""
    before, after = change.before, change.after
    if before is None or after is None:
        return []
    shown = []
    if before.summary != after.summary:
        shown.append(("Summary", word_diff(before.summary, after.summary)))
    if before.text != after.text:
        shown.append(("Text", word_diff(before.text, after.text)))
    if before.params != after.params:
        shown.append(("Parameters", html.escape("; ".join(params_diff(before.params_data(), after.params_data())))))
    if before.checks != after.checks:
        for name, verb, details in checks_diff(before.checks_data(), after.checks_data()):
            shown.append((f"Check {name}", html.escape(verb + (": " + "; ".join(details) if details else ""))))
    if before.kind != after.kind:
        shown.append(("Kind", word_diff(before.kind, after.kind)))
    return shown


def _what(change: Change, first: bool) -> str:
    if change.change == "added":
        return "First released" if first else "Added"
    if change.change == "removed":
        return "Removed"
    parts = []
    if change.change == "changed":
        parts.append(", ".join(_part_names(change)) + " changed")
    if {"name", "id", "path"} & set(change.fields):
        parts.append(_moved(change))
    text = "; ".join(p for p in parts if p)
    return text[:1].upper() + text[1:]


def _part_names(change: Change) -> list[str]:
    names = {"summary": "summary", "text": "text", "params": "parameters", "checks": "checks", "kind": "kind"}
    return [names[f] for f in change.fields if f in names]


def _diff_html(change: Change) -> str:
    return "".join(f'<p class="rr-diff"><span class="rr-diff-part">{html.escape(label)}</span> {shown}</p>' for label, shown in _diffs(change))


def entry_history(site: ChangesFacts, entry: Entry, page: str) -> str:
    """The History section's HTML for an entry's page, or "" when the content has no releases."""
    history = site.releases()
    items = history.of_entry(entry.key)
    if not items:
        return ""
    first = history.steps[0] if history.steps else None
    rows = []
    for step, change in items:
        href = paths.url_of(paths.relative(page, step_page(step)))
        when = f'<a href="{attribute(href)}">{html.escape(_when(step))}</a>'
        rows.append(f"<li>{when}: {html.escape(_what(change, step is first))}{_diff_html(change)}</li>")
    return '<div class="rr-history" data-search-exclude="">\n<ul>' + "".join(rows) + "</ul>\n</div>"


def _grouped(site: ChangesFacts, step: Step, page: str) -> list[dict[str, Any]]:
    systems = []
    for system in site.systems():
        kinds = []
        for kind, title in KINDS:
            groups = []
            for change_kind, change_title in SHOWN:
                changes = [c for c in step.changes if c.change == change_kind and c.snapshot.kind == kind and c.snapshot.key.partition(":")[0] == system.id]
                if changes:
                    groups.append({"title": change_title, "entries": [_item(site, c, page, step) for c in changes]})
            if groups:
                kinds.append({"title": title, "groups": groups})
        if kinds:
            systems.append({"title": plain(system.name), "kinds": kinds})
    return systems


def _item(site: ChangesFacts, change: Change, page: str, step: Step) -> str:
    shot = change.snapshot
    entry = site.entry_of(change.key) if change.change != "removed" else None
    name = html.escape(shot.name or shot.key)
    if entry is not None:
        name = f'<a href="{attribute(paths.url_of(paths.relative(page, paths.entry_page(entry))))}">{name}</a>'
    detail = "" if change.change in ("added", "removed") else f": {html.escape(_what(change, False))}"
    summary = f" — {html.escape(shot.summary)}" if change.change in ("added", "removed") and shot.summary else ""
    return f"<li>{name}{detail}{summary}{_diff_html(change)}</li>"


def _count(changes: tuple[Change, ...]) -> str:
    said = [f"{n} {title.lower()}" for kind, title in SHOWN if (n := sum(1 for c in changes if c.change == kind))]
    return ", ".join(said) if said else "no change"


def changes_page(site: ChangesFacts, slug: str | None) -> str:
    """The changes of one step (`slug`), or of the latest release (None: the index page)."""
    history = site.releases()
    released = [s for s in history.steps if s.release is not None]
    step = history.step(slug) if slug is not None else released[-1]
    page = step_page(step) if slug is not None else INDEX
    if step.release is None:
        title = f"Changes since {step.previous.version}" if step.previous else "Changes not released yet"
        intro = f"What the content holds now that {step.previous.version} did not: not released yet." if step.previous else ""
    else:
        title = f"Changes in {step.release.version}"
        compared = f", compared with {step.previous.version} ({step.previous.date})" if step.previous else ": the first release"
        intro = f"Released {step.release.date}" + (f" ({step.release.label})" if step.release.label else "") + compared + "."
    others = _others(history, step if slug is not None else None, page)
    return render(
        "site/changes.md.jinja",
        front=_front(title, f"What {step.release.version} added, removed, changed and moved." if step.release is not None else f"{title}: what is not released yet."),
        heading=plain(title),
        intro=plain(intro),
        publication=attribute(step.release.url) if step.release is not None and step.release.url else "",
        count=plain(_count(step.changes).capitalize() + "."),
        systems=_grouped(site, step, page),
        others=others,
        every=_every(history, page),
        api=paths.url_of(paths.relative(page, api_release(step))),
        compare=_compare(history, page) if slug is None and len(history.steps) > 1 else None,
    )


SCRIPT = f"{paths.ASSETS}/rulesref-changes.js"


def _compare(history: History, page: str) -> dict[str, Any]:
    """The form that compares any two releases (`assets/rulesref-changes.js`), by the steps'
    files of the JSON API: the releases this page links as its first choices (the script
    adds the others from the API's list), and where the files and pages are."""
    spec = {
        "api": paths.url_of(paths.relative(page, "api/releases/x.json")).removesuffix("x.json"),
        "site": paths.url_of(paths.relative(page, paths.HOME)),
    }
    released = [s.slug for s in history.steps if s.release is not None]
    shown = _linked(history, None)
    return {
        "spec": attribute(json.dumps(spec, separators=(",", ":"))),
        "choices": [{"value": attribute(s.slug), "title": attribute(s.release.version if s.release is not None else "now")} for s in shown],
        "from": released[-2] if len(released) > 1 else history.steps[0].slug,
        "to": released[-1],
        "script": attribute(paths.relative(page, SCRIPT)),
    }


def _linked(history: History, here: Step | None) -> list[Step]:
    """The steps a page links, oldest first: the `RECENT` newest, and the page's own step
    with its neighbours."""
    steps = history.steps
    wanted = set(range(max(0, len(steps) - RECENT), len(steps)))
    if here is not None:
        at = history.index_of(here.slug)
        wanted |= {i for i in (at - 1, at, at + 1) if 0 <= i < len(steps)}
    return [steps[i] for i in sorted(wanted)]


def _others(history: History, here: Step | None, page: str) -> list[dict[str, Any]]:
    """The "Releases" list of a page, newest first: each linked step (a link where it has a
    page), and a gap where steps are left out."""
    shown: list[dict[str, Any]] = []
    last = None
    for step in reversed(_linked(history, here)):
        at = history.index_of(step.slug)
        if last is not None and at != last - 1:
            shown.append({"gap": True})
        last = at
        link = paths.url_of(paths.relative(page, step_page(step))) if has_page(step) else ""
        title = _when(step) + ("" if has_page(step) else ": no change")
        shown.append({"title": attribute(title), "link": link, "here": here is not None and step.slug == here.slug, "gap": False})
    return shown


def _every(history: History, page: str) -> dict[str, Any] | None:
    """The link to the list of every release, when a page does not link them all."""
    if not _parts(history):
        return None
    return {"link": paths.url_of(paths.relative(page, list_page(1))), "count": len(history.steps)}


def list_text(history: History, part: int) -> str:
    """A part of the list of every release, newest first, `PER_LIST` to a part: each release
    with its date and label, what it changed in numbers, and a link to its page where it has one."""
    steps = list(reversed(history.steps))
    count = _parts(history)
    page = list_page(part)
    rows = []
    for step in steps[(part - 1) * PER_LIST : part * PER_LIST]:
        link = paths.url_of(paths.relative(page, step_page(step))) if has_page(step) else ""
        rows.append({"title": attribute(_when(step)), "link": link, "count": attribute(_count(step.changes))})
    parts = [{"title": str(n), "link": paths.url_of(paths.relative(page, list_page(n))), "here": n == part} for n in range(1, count + 1)]
    title = "Every release" + (f" ({part} of {count})" if count > 1 else "")
    return render(
        "site/releases.md.jinja",
        front=_front(title, f"The {len(steps)} releases, newest first, and what each changed."),
        heading=plain(title),
        intro=plain(f"{len(steps)} releases, newest first. A release that changed no entry has no page of its own."),
        releases=rows,
        parts=parts if count > 1 else [],
        latest=paths.relative(page, INDEX),
    )


def _front(title: str, description: str) -> str:
    return front_matter(title=title, description=description, search={"exclude": True})


def _change_json(change: Change) -> dict[str, Any]:
    shot = change.snapshot
    data: dict[str, Any] = {"entry": shot.key.replace(":", "/"), "change": change.change, "name": shot.name, "kind": shot.kind}
    if change.change in ("changed", "moved"):
        assert change.before is not None
        data |= {"fields": [f for f in change.fields], "before": {"name": change.before.name, "path": change.before.path, "id": change.before.key.partition(":")[2]}}
        data["diff"] = [{"part": label, "html": shown} for label, shown in _diffs(change)]
    return data


def _release_json(release: Release | None) -> dict[str, Any] | None:
    if release is None:
        return None
    return {"version": release.version, "date": release.date, "label": release.label, "url": release.url, "commit": release.commit}


def release_files(history: History) -> dict[str, bytes]:
    """The API's releases: the list, and each step's changes."""
    if not history.steps:
        return {}
    index = {
        "version": VERSION,
        "releases": [_release_json(r) for r in history.releases],
        "unreleased": history.unreleased is not None,
        "steps": [
            {"slug": s.slug, "release": s.release.version if s.release else None, "previous": s.previous.version if s.previous else None, "file": f"{s.slug}.json", "changes": len(s.changes)}
            for s in history.steps
        ],
    }
    files = {API_INDEX: _dump(index)}
    for step in history.steps:
        data = {
            "version": VERSION,
            "release": _release_json(step.release),
            "previous": _release_json(step.previous),
            "changes": [_change_json(c) for c in step.changes],
        }
        files[api_release(step)] = _dump(data)
    return files


def _dump(data: object) -> bytes:
    return (json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8")


def change_pages(site: ChangesFacts, made: Callable[[str, Callable[[], str]], bytes]) -> dict[str, bytes]:
    """The Changes index, one page per step that changed something and the list of every
    release, each made through `made(name, make)`."""
    history = site.releases()
    if not history.releases:
        return {}
    files = {INDEX: made(INDEX, lambda: changes_page(site, None))}
    for step in history.steps:
        if has_page(step):
            name = step_page(step)
            files[name] = made(name, lambda s=step.slug: changes_page(site, s))  # type: ignore[misc]
    for part in range(1, _parts(history) + 1):
        name = list_page(part)
        files[name] = made(name, lambda p=part: list_text(history, p))  # type: ignore[misc]
    return files
