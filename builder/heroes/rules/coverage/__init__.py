"""What the rules core plays: every special ability, marker effect and mechanic of the rule
books, with its page and whether builder.heroes.rules plays it (`hon rules`).

Pure data keyed by rule id, read from the code and its tests and kept true by
tests/heroes/rules/test_coverage.py: every ability, marker and terrain effect id of the
bundled catalogue is listed for its game(s), every entry played or partly played has tests
marked with its id (`@pytest.mark.rule("opportunity-fire")`), every such mark names a listed
id, and every page has the book's form. `tested.py` is the index of those marks, generated
(`make rules-index`), for `hon rules --json` and `hon rules ID`.

`played` is one of three words:

* played: the rules core does what the book says wherever it arises in the engine's
  resolution (a shot, an assault, a move, a turn). The note, when there is one, says the
  choice made where the book is silent or leaves the choice to the player (a simulated
  game's simple policy makes it), for example that the policy never declares it;
* partial: some of it is played and the note says what is missing;
* not-played: nothing of it is played; the note says what little is, if anything.

In JSON (`hon rules --json`) `played` is true only for the first; a partial entry is
`played: false, partial: true` with its note.

Catalogue entries (abilities, markers, terrain effects) keep their catalogue id and name;
mechanics the catalogue has no entry for have a kebab id of their own. Terrain effects are
listed as mechanics."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from builder.heroes.catalogue.base import Game
from builder.heroes.rules.coverage import (
    abilities_common,
    abilities_hon,
    abilities_son,
    markers_hon,
    markers_son,
    mechanics_assault,
    mechanics_firing,
    mechanics_markers,
    mechanics_movement,
    mechanics_sight,
    mechanics_son,
    mechanics_turn,
    terrain_hon,
    terrain_son,
)
from builder.heroes.rules.coverage.base import Coverage, Kind, Played
from builder.kernel.coverage import keyed

__all__ = ["ABILITIES", "COVERAGE", "MARKERS", "MECHANICS", "Coverage", "Kind", "Played", "counts", "entry", "listed"]

ABILITIES: Mapping[str, Coverage] = keyed(abilities_common.ENTRIES + abilities_hon.ENTRIES + abilities_son.ENTRIES)
MARKERS: Mapping[str, Coverage] = keyed(markers_hon.ENTRIES + markers_son.ENTRIES)
MECHANICS: Mapping[str, Coverage] = keyed(
    mechanics_turn.ENTRIES
    + mechanics_movement.ENTRIES
    + mechanics_sight.ENTRIES
    + mechanics_firing.ENTRIES
    + mechanics_assault.ENTRIES
    + mechanics_markers.ENTRIES
    + terrain_hon.ENTRIES
    + terrain_son.ENTRIES
    + mechanics_son.ENTRIES
)
# Every entry by its id, abilities, markers then mechanics: an id is unique across the three.
COVERAGE: Mapping[str, Coverage] = keyed([*ABILITIES.values(), *MARKERS.values(), *MECHANICS.values()])


def entry(entry_id: str) -> Coverage | None:
    """The listing of one ability, marker or mechanic by its id, or None."""
    return COVERAGE.get(entry_id)


def listed(game: Game | None = None, kinds: Iterable[Kind] = tuple(Kind)) -> list[Coverage]:
    """Every entry of `game` (or of both), abilities, markers then mechanics, in book order."""
    wanted = set(kinds)
    return [e for e in COVERAGE.values() if e.kind in wanted and (game is None or game in e.games)]


def counts(entries: Iterable[Coverage]) -> dict[Kind, dict[Played, int]]:
    """How many entries of each kind are played, partly played and not played."""
    found = {kind: dict.fromkeys(Played, 0) for kind in Kind}
    for e in entries:
        found[e.kind][e.played] += 1
    return found
