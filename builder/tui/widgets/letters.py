"""The letter each unit is drawn with on the simulation map: the first letter or digit of
its name (".30 Cal" is "3") when no other unit of its side has it already, else the next
letter of its name, else the first letter free. Counters of the same unit share a letter;
two different units of a side never do, and the legend says which is which."""

from __future__ import annotations

import string
from collections.abc import Iterable

from builder.heroes.rules.pieces import Piece

WRECK = "x"  # a wreck, whoever's it was; so no unit is drawn with an X
SPARE = [c for c in string.ascii_uppercase + string.digits if c != WRECK.upper()]


def unit_letters(pieces: Iterable[Piece]) -> dict[tuple[str, str], str]:
    """The letter of each (side, unit name) among `pieces`, in the order they come."""
    letters: dict[tuple[str, str], str] = {}
    for piece in pieces:
        unit = (piece.owner, piece.unit.name)
        if unit in letters:
            continue
        taken = {letter for (owner, _), letter in letters.items() if owner == piece.owner}
        own = [c.upper() for c in piece.unit.name if c.isalnum() and c.upper() != WRECK.upper()]
        letters[unit] = next((c for c in [*own, *SPARE] if c not in taken), "?")
    return letters


def letter_of(piece: Piece, letters: dict[tuple[str, str], str]) -> str:
    """What the piece is drawn with: its unit's letter, or x for a wreck."""
    if piece.is_wreck:
        return WRECK
    return letters.get((piece.owner, piece.unit.name), "?")
