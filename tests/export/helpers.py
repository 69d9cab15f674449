"""Shared by the roster tests: the example armies, the largest one, and text extraction."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from builder.export.roster_build import build_roster
from builder.export.roster_model import Roster
from builder.heroes.army.summary import ArmySummary
from builder.heroes.army.validate import check
from builder.heroes.catalogue.index import Catalogue
from builder.io.army_files import LoadedArmy, load_army
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR

EXAMPLES = sorted(EXAMPLE_ARMIES_DIR.glob("*.yaml")) + sorted((SCENARIOS_DIR / "armies").glob("*.yaml"))
ILLEGAL = sorted((EXAMPLE_ARMIES_DIR / "illegal").glob("*.yaml"))


@dataclass(frozen=True)
class Example:
    path: Path
    loaded: LoadedArmy
    summary: ArmySummary
    roster: Roster


def example(path: Path, catalogue: Catalogue) -> Example:
    loaded = load_army(path)
    issues, summary = check(loaded.army, catalogue)
    return Example(path, loaded, summary, build_roster(loaded.army, catalogue, loaded.locate(issues)))


def largest(catalogue: Catalogue) -> Example:
    """The example army with the most points, then the most blocks: several printed pages."""
    found = [example(path, catalogue) for path in EXAMPLES]
    return max(found, key=lambda e: (e.summary.points, len(e.roster.blocks), e.path.name))


class _Text(HTMLParser):
    """The text a browser shows, with entities decoded; styles and the head are skipped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag in ("style", "title", "script"):
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "title", "script"):
            self.skip -= 1
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return squash("".join(parser.parts))


def html_tags(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.tags


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()
