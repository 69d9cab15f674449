"""The card catalogue: the files of `data/tcg/` (format `tcg-cards`) gathered into one index
by card id, with the issues of ids and unique numbers found while gathering."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from builder.kernel.diagnostics import Issue, error
from builder.tcg.base import Part
from builder.tcg.cards import Card, DecoyCard, EventCard, HeroCard, UnitCard

CARDS_FORMAT: Literal["tcg-cards"] = "tcg-cards"
CARDS_VERSION: Literal[1] = 1


class CardFile(Part):
    format: Literal["tcg-cards"]
    version: Literal[1]
    game: Literal["tcg"]
    units: list[UnitCard] = Field(default_factory=list)
    decoys: list[DecoyCard] = Field(default_factory=list)
    heroes: list[HeroCard] = Field(default_factory=list)
    events: list[EventCard] = Field(default_factory=list)

    def cards(self) -> Iterator[tuple[str, int, Card]]:
        for section in ("units", "decoys", "heroes", "events"):
            for index, card in enumerate(getattr(self, section)):
                yield section, index, card


@dataclass(frozen=True)
class CardCatalogue:
    """Every card by id."""

    cards: dict[str, Card] = field(default_factory=dict)

    def get(self, card_id: str) -> Card | None:
        return self.cards.get(card_id)

    def unit(self, card_id: str) -> UnitCard | None:
        found = self.cards.get(card_id)
        return found if isinstance(found, UnitCard) else None

    def of_kind(self, kind: type[Card]) -> list[Card]:
        return [card for card in self.cards.values() if isinstance(card, kind)]


def assemble(files: Iterable[tuple[str, CardFile]]) -> tuple[CardCatalogue, list[Issue]]:
    """One catalogue from labelled files; a later file's card replaces an earlier one of the
    same id (a player's own folder over the bundled one), two cards of one file with the
    same id, and two cards of one army with the same unique number, are errors."""
    cards: dict[str, Card] = {}
    issues: list[Issue] = []
    for label, document in files:
        seen: set[str] = set()
        for section, index, card in document.cards():
            where = f"{label}: {section}[{index}]"
            if card.id in seen:
                issues.append(error("tcg.card.duplicate-id", where, f"The id {card.id} is used twice in {label}."))
            seen.add(card.id)
            cards[card.id] = card
    numbers: dict[tuple[str, int], str] = {}
    for card in cards.values():
        if isinstance(card, UnitCard | HeroCard):
            key = (card.insignia, card.number)
            if key in numbers:
                issues.append(
                    error(
                        "tcg.card.number",
                        card.id,
                        f"{card.name} and {cards[numbers[key]].name} share the unique number {card.number} "
                        f"in the {card.insignia} army.",
                        "Every card of an army has its own number.",
                    )
                )
            numbers[key] = card.id
    return CardCatalogue(cards), issues
