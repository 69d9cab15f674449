"""What a `.m44` import says, one line per kind (builder.memoir.m44): what hon plays, what
it keeps without playing (and writes back on export), and what it does not model. Each kind
is counted where the file holds it and told once, at the first place it was seen."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from builder.kernel.diagnostics import Issue, info, join_and, plural, warning
from builder.memoir.catalogue import Catalogue
from builder.memoir.scenario import Scenario, Unit


class Found(StrEnum):
    """The kinds of finding an import reports; `m44.<value>` is the issue's code."""

    KEPT = "kept"  # a field hon does not read, written back unchanged
    NOT_PLAYED = "not-played"  # terrain the summary does not describe (lakes, HQ tents, ships)
    UNKNOWN_TERRAIN = "unknown-terrain"  # a tile name hon does not model
    UNKNOWN_UNIT = "unknown-unit"  # a unit name hon does not model
    BADGE_KEPT = "badge-kept"  # a badge token hon keeps but does not play
    BEHAVIOR_KEPT = "behavior-kept"  # a tile or unit behavior hon keeps but does not play


@dataclass
class Report:
    """The findings of one import: per (kind, subject), how often and where first."""

    counts: Counter[tuple[Found, str]] = field(default_factory=Counter)
    first: dict[tuple[Found, str], str] = field(default_factory=dict)
    said: dict[tuple[Found, str], str] = field(default_factory=dict)  # what it plays as, why

    def note(self, kind: Found, subject: str, where: str, said: str = "") -> None:
        key = (kind, subject)
        self.counts[key] += 1
        self.first.setdefault(key, where)
        self.said.setdefault(key, said)

    def kept(self, extra: Mapping[str, object], where: str, what: str) -> None:
        """Each field of `extra` (what an object held beyond what hon reads), as kept."""
        for key in extra:
            self.note(Found.KEPT, f"{what}.{key}" if what else key, f"{where}.{key}" if where else key)

    def issues(self, scenario: Scenario, catalogue: Catalogue) -> list[Issue]:
        found = [_plays(scenario, catalogue)]
        texts = _texts(scenario)
        if texts is not None:
            found.append(texts)
        if scenario.special_rules or any(t.rules for t in scenario.translations.values()):
            found.append(
                warning(
                    "m44.special-rules",
                    f"text.{scenario.language}.rules",
                    "The scenario's special rules are shown on its sheet and in the designer; hon does not play "
                    "them (it cannot read rules written as text).",
                )
            )
        found.extend(self._line(kind, subject) for kind, subject in self.counts)
        return found

    def _line(self, kind: Found, subject: str) -> Issue:
        key = (kind, subject)
        count, where, said = self.counts[key], self.first[key], self.said[key]
        times = plural(count, "time")
        if kind is Found.KEPT:
            return info(f"m44.{kind}", where, f"{subject} ({times}): kept and written back on export, not played.")
        messages = {
            Found.NOT_PLAYED: f"{subject} ({times}) are not played: {said}; they play as open ground and are kept.",
            Found.UNKNOWN_TERRAIN: f"hon does not model the tile {subject!r} ({times}); it is kept and plays as "
            "open ground.",
            Found.UNKNOWN_UNIT: f"hon does not model the unit {subject!r} ({times}); it is kept as written.",
            Found.BADGE_KEPT: f"The badge {subject!r} ({times}) is kept, not played: the unit plays as {said}.",
            Found.BEHAVIOR_KEPT: f"The behavior {subject!r} ({times}) is kept, not played: {said}.",
        }
        return warning(f"m44.{kind}", where, messages[kind])


def _plays(scenario: Scenario, catalogue: Catalogue) -> Issue:
    kind = catalogue.boards.get(scenario.board.type)
    board = f"the {kind.id} board" if kind is not None else f"no board (hon has no {scenario.board.type!r})"
    units = Counter(_unit_name(p.unit, catalogue) for p in scenario.hexes if p.unit is not None)
    tiles = Counter(
        catalogue.terrain[tile.id].name
        for p in scenario.hexes
        for tile in (p.terrain, p.feature, p.obstacle)
        if tile is not None and tile.id in catalogue.terrain
    )
    objectives = sum(1 for p in scenario.hexes for tag in p.tag_names if tag in catalogue.medal_tags)
    said = [
        f"{board} ({scenario.board.face} face)",
        plural(sum(units.values()), "unit") + (f" ({_counted(units)})" if units else ""),
        "terrain " + (_counted(tiles) if tiles else "none"),
        plural(objectives, "medal objective"),
        "section command cards (tactical cards are not played)",
    ]
    return info("m44.plays", "board", "hon plays " + join_and(said) + ".")


def _unit_name(unit: Unit, catalogue: Catalogue) -> str:
    badge = catalogue.badges.get(unit.badge or "")
    return badge.name if badge is not None else unit.type


def _texts(scenario: Scenario) -> Issue | None:
    languages = [scenario.language, *scenario.translations]
    if not scenario.translations and not (scenario.historical or scenario.subtitle or scenario.bibliography):
        return None
    return info(
        "m44.texts",
        "text",
        f"The texts in {', '.join(languages)} (name, subtitle, historical background, briefing, special rules, "
        "victory, bibliography) are kept and shown on the sheet and in the designer.",
    )


def _counted(counts: Counter[str]) -> str:
    return ", ".join(f"{name} ×{n}" for name, n in counts.most_common())
