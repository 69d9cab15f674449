"""A card's name made to fit its box on the Tactical Card Game's board: whole when it fits,
shortened word by word otherwise, never wider than the room, for every card of the books."""

from __future__ import annotations

import pytest

from builder.services.tcg_game import open_cards
from builder.tui.widgets.short_names import fitted, shortened

NAMES = sorted({card.name for card in open_cards().cards.values()})


@pytest.mark.parametrize("width", range(1, 32))
def test_every_card_name_fits_and_is_whole_when_it_can_be(width: int) -> None:
    for name in NAMES:
        shown = shortened(name, width)
        assert len(shown) <= width
        if len(name) <= width:
            assert shown == name


@pytest.mark.parametrize(
    ("name", "width", "shown"),
    [
        ("Maschinengewehr Abteilung", 16, "Masch. Abteilung"),  # the longest word first, only as far as needed
        ("Maschinengewehr Abteilung", 12, "Masch. Abt."),
        ("Kompanie Gefechtsstand", 14, "Kompanie Gef."),
        ("Battalion Command Post", 12, "B.C. Post"),  # initials when stems are not enough
        ("Infantry Command Headquarters", 12, "I.C. Headq."),
        ("Truppenverbandplatz", 12, "Truppenverb…"),  # one word: its first letters
        ("M3 Half-track", 10, "M3 Half-t…"),  # no stem of a word with other characters than letters
    ],
)
def test_names_are_shortened_as_a_player_would_write_them(name: str, width: int, shown: str) -> None:
    assert shortened(name, width) == shown


def test_fitted_cuts_with_an_ellipsis_and_wide_characters_count_twice() -> None:
    assert fitted("hidden HQ", 9) == "hidden HQ"
    assert fitted("hidden HQ ★Clint", 10) == "hidden HQ…"
    assert fitted("東京大学", 5) == "東京…"
    assert fitted("anything", 0) == ""
