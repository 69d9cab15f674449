"""The variant rules of TCG p.21, each chosen on its own (`hon simulate --variant NAME`).

Changes for novices: playing without Event Cards; passing activation rolls automatically;
using no terrain effects; keeping every Unit Card visible. Changes for players who want more
casualties: a result of 12 (a DIRECTIVE marker's +1 on an 11 counts; hon reads a result above
12, with bonuses, as 12 too) inflicts two HITs.

Where the book is silent, hon chooses (and `hon rules --game tcg` says so): without Event
Cards they are left out of the reserve (a scenario's own events on the turn track still
happen); without terrain effects every box plays as open ground, Water and fords included;
with every card visible, nothing deploys, arrives or turns hidden, and the decoys — which
are discarded once visible (p.17) — go straight to the discard pile at the set-up."""

from __future__ import annotations

from enum import StrEnum

from builder.tcg.base import page

VARIANT_PAGE = page(21)


class Variant(StrEnum):
    NO_EVENT_CARDS = "no-event-cards"
    AUTOMATIC_ACTIVATION = "automatic-activation"
    NO_TERRAIN = "no-terrain"
    ALL_VISIBLE = "all-visible"
    MORE_CASUALTIES = "more-casualties"

    @property
    def english(self) -> str:
        return {
            Variant.NO_EVENT_CARDS: "playing without Event Cards",
            Variant.AUTOMATIC_ACTIVATION: "activation rolls passed automatically",
            Variant.NO_TERRAIN: "no terrain effects",
            Variant.ALL_VISIBLE: "every Unit Card kept visible",
            Variant.MORE_CASUALTIES: "a result of 12 inflicts two HITs",
        }[self]


MORE_CASUALTIES_RESULT = 12


def two_hits(variants: frozenset[Variant], total: int) -> bool:
    """More casualties: a result of 12 inflicts two HITs rather than one."""
    return Variant.MORE_CASUALTIES in variants and total >= MORE_CASUALTIES_RESULT
