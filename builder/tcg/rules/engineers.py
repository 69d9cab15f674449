"""Engineers (TCG p.12): "The Unit Card may interact with elements marked with the same icon."

The book names no such element and does not say what interacting does. hon reads it so: a
scenario marks a marker with the Engineers icon (`engineers: true` on the marker); an
activated Engineers card on that box or adjacent to it (an ability without a range icon
reaches the card and its neighbours, TCG p.10) removes it — blows the ford (the box is Water
again), the munitions depot, the Defence or Shooting Bonus, clears the bombardment — one
element per icon. Objectives are never removed: the victory conditions name them."""

from __future__ import annotations

from builder.tcg.base import Box, page
from builder.tcg.cards import Ability, AbilityKind
from builder.tcg.rules.board import distance
from builder.tcg.rules.events import AbilityEvent
from builder.tcg.rules.state import Game, Piece
from builder.tcg.scenario import Marker, MarkerKind

ENGINEERS_PAGE = page(12)


def elements(game: Game, user: Piece, ability: Ability) -> list[tuple[int, Marker]]:
    """The marked elements the card reaches, by their index among the scenario's markers."""
    reach = 1 if ability.range is None else ability.range
    return [
        (index, marker)
        for index, marker in enumerate(game.scenario.markers)
        if index not in game.removed
        and marker.engineers
        and marker.kind is not MarkerKind.OBJECTIVE
        and (ability.unlimited_range or distance(user.box, marker.box) <= reach)
    ]


def interact(game: Game, user: Piece, ability: Ability, box: Box) -> Marker:
    """Remove the marked element on `box`."""
    if ability.kind is not AbilityKind.ENGINEERS:
        raise ValueError(f"{ability.kind.value} is not Engineers")
    found = next(((i, m) for i, m in elements(game, user, ability) if m.box == box), None)
    if found is None:
        raise ValueError(f"{user.name} reaches no element marked for engineers at {list(box)}")
    index, marker = found
    game.removed.add(index)
    what = marker.name or marker.kind.value.replace("-", " ")
    game.tell(
        AbilityEvent(
            turn=game.turn,
            phase=game.phase,
            side=user.side,
            text=f"{user.card.name}, engineers, remove the {what} at {list(box)}.",
            page=ENGINEERS_PAGE,
            piece=user.key,
            ability=AbilityKind.ENGINEERS.value,
            box=box,
        )
    )
    return marker
