"""What the hex game's rules core plays (`hon rules --game m44`): every mechanic of the
Memoir '44-style summary (seed 003, which prints headings but no page numbers: `page` is the
heading), whether it is played and the choice made where the summary is silent, keyed by rule
id. The tests that exercise a rule are marked with its id (`@pytest.mark.rule("retreat")`);
`tested.py` is the index of those marks. tests/memoir/test_coverage.py keeps it true."""

from __future__ import annotations

from collections.abc import Mapping

from builder.kernel.coverage import Listing, Played, Rule, RuleKind, keyed
from builder.memoir.rules.tested import TESTED

PLAYED, PARTIAL, NOT_PLAYED = Played.PLAYED, Played.PARTIAL, Played.NOT_PLAYED
S = "M44 summary: "


def _m(entry_id: str, name: str, page: str, played: Played, note: str = "") -> Rule:
    return Rule(entry_id, name, RuleKind.MECHANIC, S + page, played, note)


COVERAGE: Mapping[str, Rule] = keyed(
    (
        _m(
            "turn-sequence",
            "The five-step turn",
            "turn sequence",
            PLAYED,
            "",
        ),
        _m(
            "section-cards",
            "Section command cards",
            "Play a command card",
            PARTIAL,
            "section cards only (counts example); tactical cards are not described by the summary, not played",
        ),
        _m(
            "straddling-hexes",
            "Hexes straddling two sections",
            "Play a command card",
            PLAYED,
            "",
        ),
        _m(
            "ordered-only",
            "Only ordered units move and battle",
            "Order",
            PLAYED,
            "",
        ),
        _m(
            "movement",
            "Movement by unit type",
            "Move",
            PLAYED,
            "",
        ),
        _m(
            "no-stacking",
            "One unit per hex, no moving through units",
            "Move",
            PLAYED,
            "",
        ),
        _m("range-dice", "Battle dice by range", "Range and hit dice rolled", PLAYED, ""),
        _m(
            "line-of-sight",
            "Line of sight, centre to centre",
            "Line of sight",
            PLAYED,
            "",
        ),
        _m(
            "artillery-sight",
            "Artillery needs no line of sight",
            "Line of sight",
            PLAYED,
            "",
        ),
        _m(
            "close-assault",
            "Close assault when adjacent",
            "Battle",
            PLAYED,
            "",
        ),
        _m(
            "dice-faces",
            "Battle dice faces",
            "Resolving battles",
            PLAYED,
            "",
        ),
        _m(
            "casualties",
            "Casualties do not weaken a unit",
            "Battle",
            PLAYED,
            "",
        ),
        _m(
            "retreat",
            "Retreat on flags",
            "Retreats",
            PLAYED,
            "",
        ),
        _m(
            "blocked-retreat",
            "A figure lost per blocked retreat",
            "Retreats",
            PLAYED,
            "",
        ),
        _m(
            "ignore-flag",
            "Obstacles that ignore the first flag",
            "Retreats",
            PLAYED,
            "sandbags and bunkers (example) let any unit ignore one flag",
        ),
        _m(
            "taking-ground",
            "Taking ground",
            "Taking ground",
            PLAYED,
            "the attacker's choice (the greedy player always takes ground)",
        ),
        _m(
            "armor-overrun",
            "Armor overrun, once a turn",
            "Taking ground",
            PLAYED,
            "no overrun after taking ground into terrain a unit may not battle on entering (example)",
        ),
        _m(
            "special-forces",
            "Special Forces",
            "Special Forces",
            PLAYED,
            "",
        ),
        _m(
            "french-resistance",
            "French Resistance",
            "Special Forces",
            PLAYED,
            "may retreat up to 3 hexes a flag, as far as its side chooses "
            "(the greedy player: next to the fewest enemies)",
        ),
        _m("elite-armor", "Elite Armor", "Special Forces", PLAYED, ""),
        _m(
            "terrain",
            "Terrain dice reductions, movement and sight",
            "Terrain",
            PLAYED,
            "no terrain cards in the summary: all values example (data/m44/terrain.yaml); a beach face prints "
            "beaches and ocean; nobody battles from the ocean; hills block sight unless both ends are on them",
        ),
        _m(
            "fords",
            "Fordable streams and fords",
            "Terrain",
            PLAYED,
            "the editor's FORDABLE_STREAM and FORD rivers and ford tiles: entered, they stop a unit; battling from a "
            "ford costs a die (example)",
        ),
        _m(
            "winter-terrain",
            "Winter and desert tiles",
            "Terrain",
            PLAYED,
            "winter and desert tiles of a known kind (wforest, wvillage, whill, dhill, bled, wriver, wmarshes) play as "
            "it; the summary has no frozen-river rule, so winter rivers are rivers",
        ),
        _m(
            "lakes",
            "Lakes",
            "Terrain",
            NOT_PLAYED,
            "the summary does not describe lakes: kept from .m44 files, played as open ground, warned about at import",
        ),
        _m(
            "hq-tents",
            "HQ & supply tents",
            "Terrain",
            NOT_PLAYED,
            "the summary does not describe HQ or supply tents: kept, played as open ground, warned about at import",
        ),
        _m(
            "ships",
            "Ships",
            "Terrain",
            NOT_PLAYED,
            "the summary does not describe ships: kept, played as open ground, warned about at import",
        ),
        _m(
            "best-obstacle",
            "Only the best reduction counts",
            "Fixed obstacles",
            PLAYED,
            "",
        ),
        _m(
            "medals",
            "Medals and victory",
            "Resolving battles",
            PLAYED,
            "a medal per unit eliminated; a medal objective tag counts while its side holds the hex (example)",
        ),
        _m(
            "tactical-cards",
            "Tactical command cards (stars)",
            "Resolving battles",
            NOT_PLAYED,
            "the summary mentions tactical cards that use stars but does not describe them: stars are always a miss",
        ),
    )
)
LISTING = Listing(COVERAGE, TESTED)
