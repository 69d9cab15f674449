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

from collections.abc import Mapping

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
from builder.heroes.rules.coverage.base import BOOKS
from builder.heroes.rules.coverage.tested import TESTED
from builder.kernel.coverage import Listing, Rule, keyed

__all__ = ["ABILITIES", "BOOKS", "COVERAGE", "LISTING", "MARKERS", "MECHANICS", "entry"]

ABILITIES: Mapping[str, Rule] = keyed(abilities_common.ENTRIES + abilities_hon.ENTRIES + abilities_son.ENTRIES)
MARKERS: Mapping[str, Rule] = keyed(markers_hon.ENTRIES + markers_son.ENTRIES)
MECHANICS: Mapping[str, Rule] = keyed(
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
COVERAGE: Mapping[str, Rule] = keyed([*ABILITIES.values(), *MARKERS.values(), *MECHANICS.values()])
LISTING = Listing(COVERAGE, TESTED, BOOKS)


def entry(entry_id: str) -> Rule | None:
    """The listing of one ability, marker or mechanic by its id, or None."""
    return COVERAGE.get(entry_id)
