"""Command cards as data (counts example), sections and the seeded deck."""

from __future__ import annotations

import pytest

from builder.kernel.dice import SeededDice
from builder.memoir.rules.cards import deck, orderable
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE, game, place, unit

CARDS = {c.id: c for c in CATALOGUE.cards}


@pytest.mark.rule("section-cards")
def test_a_card_orders_only_units_in_its_section() -> None:
    state = game(
        place(8, 2, unit=unit("infantry", ALLIES)),
        place(8, 12, unit=unit("infantry", ALLIES)),
        place(8, 22, unit=unit("infantry", ALLIES)),
        place(0, 2, unit=unit("infantry", AXIS)),
    )
    assert [p.place.col for p in orderable(state, ALLIES, CARDS["probe-left"])] == [2]
    assert [p.place.col for p in orderable(state, ALLIES, CARDS["probe-right"])] == [22]
    # The top player's left is the bottom player's right.
    assert [p.place.col for p in orderable(state, AXIS, CARDS["probe-right"])] == [2]


@pytest.mark.rule("straddling-hexes")
def test_a_straddling_unit_may_be_ordered_from_either_section() -> None:
    state = game(place(7, 7, unit=unit("infantry", ALLIES)), place(0, 2, unit=unit("infantry", AXIS)))
    assert orderable(state, ALLIES, CARDS["recon-left"]) and orderable(state, ALLIES, CARDS["recon-centre"])
    assert not orderable(state, ALLIES, CARDS["recon-right"])


@pytest.mark.rule("section-cards")
def test_the_deck_is_shuffled_by_the_seed() -> None:
    first, again, other = deck(CATALOGUE, SeededDice(5)), deck(CATALOGUE, SeededDice(5)), deck(CATALOGUE, SeededDice(6))
    assert [c.id for c in first] == [c.id for c in again] != [c.id for c in other]
    assert len(first) == sum(c.count for c in CATALOGUE.cards)
