"""`rulesref serve --engine zensical`: Zensical's own server, fed the docs a save changes.

Zensical builds and serves the docs folder, rebuilds the site when its files change, and
reloads the browsers showing a page whose file it sees change. So rulesref's part is the one
it has with MkDocs, without the in-process site (`rulesref.site.live`): validate and render
the content (`rulesref.site.session`, reusing what a save did not touch), and write the docs
files whose bytes changed. Zensical builds every page again on such a change (7 s on the 40K
import), so the saved entries' own pages are put into its site as soon as they are rendered,
before the other docs files are written (`rulesref.site.zensical_ahead`): the page shows the
save within the second, and Zensical's rebuild writes it again, the same. The content folder
and the config are watched (`rulesref.site.content_watch`). A changed config is said, and
takes a new `serve`, since Zensical serves the config it started with. Zensical writes its
site into a folder of its own beside the `site_dir` that `rulesref build` owns (it must be
inside the project), removed when `serve` stops. That folder keeps its name from one `serve`
to the next (`.site.serving`, where no other `serve` holds it: `steady_staging`), since
Zensical keys its cache by the site's path: its first build is then the warm one.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from rulesref.config import Settings
from rulesref.problems import format_text
from rulesref.site import ZENSICAL_SERVING, zensical
from rulesref.site.content_watch import ContentWatch
from rulesref.site.serve import Start, first_docs, save_generation, sync_docs
from rulesref.site.session import Session
from rulesref.site.staging import staged_config
from rulesref.site.zensical_ahead import PagesAhead
from rulesref.support import cache_files
from rulesref.support.output import remove_later, steady_staging


def _save(session: Session, docs: Path, content: str, settings: Settings, ahead: PagesAhead | None) -> None:
    """One save: the content validated and rendered again, the saved entries' own pages put
    into Zensical's site as soon as they are rendered (`PagesAhead`), then every docs file
    that changed written, for Zensical to rebuild the site from."""
    started = time.perf_counter()

    def show_first(files: dict[str, bytes]) -> None:
        if ahead is not None and session.written is not None and ahead.show(files, session.written):
            print(f"rulesref: the edited page(s) shown {time.perf_counter() - started:.2f} s after the change, ahead of Zensical's rebuild", file=sys.stderr)

    files, problems = save_generation(session, content, settings, show_first)
    sys.stderr.write(format_text(problems))
    if not files:
        print("rulesref: the pages stay as they were until these are fixed", file=sys.stderr)
        return
    changed = sync_docs(docs, files, session)
    print(f"rulesref: content changed; {len(changed)} docs file(s) rewritten in {time.perf_counter() - started:.2f} s (Zensical rebuilds their pages)", file=sys.stderr)


def serve(content: str, config_file: str, dev_addr: str, settings: Settings) -> int:
    """Serve the site with Zensical's live reload, regenerating the docs a save changes."""
    command = zensical.command()
    start = first_docs(content, config_file, dev_addr, settings, put_off=False)
    if start is None:
        return 1
    config = start.config
    cache = cache_files.folder()
    with steady_staging(cache / ZENSICAL_SERVING if cache is not None else None, "serving") as stage:
        return _serve(content, dev_addr, command, start, stage(config.site_dir))  # (Zensical wants its site inside the project)


def _serve(content: str, dev_addr: str, command: list[str], start: Start, site: Path) -> int:
    """`serve`, Zensical building into `site` (its name kept from one `serve` to the next,
    where no other runs: Zensical's cache then holds its pages)."""
    config, settings, session = start.config, start.settings, start.session
    watch = ContentWatch([Path(content), config.config_file])
    config_path = str(config.config_file.resolve())
    try:
        with staged_config(config.config_file, zensical.staged_settings(config.settings), config.docs_dir, config.docs_dir, site) as staged:
            server = subprocess.Popen([*command, "serve", "--config-file", str(staged), "--dev-addr", dev_addr], cwd=staged.parent)
            ahead = PagesAhead.set_up(staged, site, settings.directory_urls)
            try:
                while server.poll() is None:
                    if not watch.wait():
                        continue
                    changed = watch.look()
                    if changed - {config_path}:
                        _save(session, config.docs_dir, content, settings, ahead)
                    if config_path in changed:
                        print(f"rulesref: {config.config_file.name} changed; stop and start serve again to use it", file=sys.stderr)
            finally:
                if ahead is not None:
                    ahead.close()
                if server.poll() is None:
                    server.terminate()
                    server.wait()
        if server.returncode:
            print(f"rulesref: zensical serve stopped (exit {server.returncode})", file=sys.stderr)
            return 1
    except KeyboardInterrupt:
        pass
    finally:
        watch.close()
        remove_later(site)  # exit does not wait for it
    return 0
