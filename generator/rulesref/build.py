"""The build: everything the compile stage learned, as one value every writer reads.

A command runs discover -> load -> validate -> compile once (`rulesref.validate.validate`)
and gets a `Build`. The Python package writer, the site's page writer and the JSON API writer
only read it: they never analyse, prove or run a check themselves, so each check is analysed
once and each example run once per command, and what the pages show is what was proved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from rulesref.config import Settings
from rulesref.links import LinkIndex
from rulesref.logic.compiled import CompiledEntry
from rulesref.model import Content
from rulesref.problems import Problem, fails
from rulesref.read.discover import ContentFiles

if TYPE_CHECKING:  # (translations are read after the checks, which the build's readers import)
    from rulesref.translations.model import Translation


@dataclass(frozen=True)
class Build:
    """The model of the content, its link index, the problems found, and every entry's
    compiled checks (by entry key), under the repository's settings."""

    settings: Settings
    content: Content
    problems: tuple[Problem, ...]
    files: ContentFiles
    links: LinkIndex
    compiled: Mapping[str, CompiledEntry] = field(default_factory=lambda: MappingProxyType({}))
    translations: tuple[Translation, ...] = ()  # each translated entry's words, by locale (`rulesref.translations`)

    def __post_init__(self) -> None:
        # a build is a value every writer reads: none of them can change what another sees
        object.__setattr__(self, "problems", tuple(self.problems))
        if not isinstance(self.compiled, MappingProxyType):
            object.__setattr__(self, "compiled", MappingProxyType(dict(self.compiled)))

    @property
    def ok(self) -> bool:
        """No problem that fails the run (warnings do not)."""
        return not fails(self.problems)
