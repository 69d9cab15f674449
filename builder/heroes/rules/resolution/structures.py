"""Structures and rubble (HoN core p.18, p.22; SoN p.11, p.17): destruction points dealt to a
terrain element, and a destroyed building turned over to its rubble side.

The battlefield a game is played on changes when a building falls: `ruin` returns a new
`Battlefield` with the element replaced by its rubble side (the rubble's effects, no walls,
doors or windows). The game state keeps the new battlefield, so the movement, line-of-sight
and cover tables, which are compiled once per battlefield and kept by its identity
(kept.PerBattlefield), are compiled afresh for it, and the old ones are forgotten with the
old battlefield."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from builder.heroes.catalogue.terrain import TerrainEffects
from builder.heroes.catalogue.units import UnitType, Weapon
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.scenario.battlefield import Battlefield, PlacedElement


@dataclass(frozen=True)
class Demolish:
    """A Firing Action at a structure itself (HoN core p.22: "If a Structure ... is targeted"):
    `structure` is a terrain element's key or a wreck counter's key; `weapon` the vehicle
    weapon carrying the Destruction ability, None for the counter's own."""

    structure: str
    weapon: Weapon | None = None
    marker: str | None = None  # a firing marker with Destruction spent on it instead (a Panzerfaust, HoN core p.28)


# The rubble side when the catalogue gives none: data/hon/terrain.yaml's ruins (an example:
# the rubble's symbols are not in the text).
RUBBLE = TerrainEffects(
    defense={"infantry": 1},
    obscures=1,
    difficult=True,
    impassable=[UnitType.LIGHT_VEHICLE],
)


def structure_of(battlefield: Battlefield, piece: Piece) -> PlacedElement | None:
    """The structure a counter stands wholly inside, if any (HoN core p.18, p.22)."""
    at = battlefield.element_at
    element = at.get(piece.squares[0])
    if element is None or element.effects.structure is None:
        return None
    return element if all(at.get(sq) is element for sq in piece.squares[1:]) else None


def ruin(battlefield: Battlefield, key: str, rubble: TerrainEffects = RUBBLE, name: str = "Rubble") -> Battlefield:
    """The battlefield with the element `key` turned over to its rubble side (HoN core p.22):
    a new Battlefield, so every table kept per battlefield is compiled again for it."""
    elements = tuple(
        replace(
            element,
            effects=rubble,
            name=f"{name} ({element.name})",
            doors=frozenset(),
            windows=frozenset(),
            walls=frozenset(),
        )
        if element.key == key
        else element
        for element in battlefield.elements
    )
    if elements == battlefield.elements:
        raise KeyError(f"no terrain element {key!r} on the battlefield")
    return replace(battlefield, elements=elements, board_of=dict(battlefield.board_of))


# A wreck counter's terrain when the catalogue gives none: data/hon/terrain.yaml's wreck-light
# and wreck-heavy (examples: "A Wreck counts as a Terrain Element", HoN core p.19, but the
# symbols each wreck counter prints are not in the text).
WRECK_TERRAIN: dict[UnitType, TerrainEffects] = {
    UnitType.LIGHT_VEHICLE: TerrainEffects(defense={"infantry": 1}, obscures=1, impassable=[UnitType.LIGHT_VEHICLE]),
    UnitType.HEAVY_VEHICLE: TerrainEffects(
        defense={"infantry": 2}, blocks_los=True, impassable=[UnitType.LIGHT_VEHICLE]
    ),
}


def wreck_cover(wreck_terrain: dict[UnitType, TerrainEffects], pieces: Iterable[Piece]) -> dict[Square, int]:
    """The defensive bonus infantry gets on each wreck counter's squares: its terrain's (HoN core p.19)."""
    found: dict[Square, int] = {}
    for piece in pieces:
        if piece.is_wreck:
            effects = wreck_terrain.get(piece.unit.type)
            bonus = effects.defense.get("infantry", 0) if effects is not None else 0
            for square in piece.squares if bonus else ():
                found[square] = max(found.get(square, 0), bonus)
    return found


@dataclass(frozen=True)
class Collapse:
    """What falls with a building: the units inside and what becomes of them."""

    battlefield: Battlefield
    suppressed: tuple[Piece, ...]  # infantry inside, after their Suppressed marker
    destroyed: tuple[Piece, ...]  # vehicles on it, as they were


def collapse(
    battlefield: Battlefield, element: PlacedElement, pieces: list[Piece], rubble: TerrainEffects = RUBBLE
) -> Collapse:
    """A destroyed building turns to rubble; every infantry unit inside receives a Suppressed
    marker and every vehicle on it is destroyed (HoN core p.22). The players then redeploy
    their units in the rubble: hon leaves each where it stands, which is in the rubble."""
    suppressed: list[Piece] = []
    destroyed: list[Piece] = []
    for piece in pieces:
        if piece.is_wreck or piece.embarked_in is not None or not element.cells.intersection(piece.squares):
            continue
        if piece.is_infantry:
            suppressed.append(replace(piece, suppressed=piece.suppressed + 1))
        elif piece.is_vehicle:
            destroyed.append(piece)
    return Collapse(ruin(battlefield, element.key, rubble), tuple(suppressed), tuple(destroyed))


def wreck_damaged(wreck: Piece, points: int, structure: int) -> Piece | None:
    """A wreck after `points` more destruction points, or None once they reach its structure
    value and it is removed from the game (HoN core p.19, p.22)."""
    total = dict(wreck.extra).get("destruction", 0) + points
    if total >= structure:
        return None
    return replace(wreck, extra=(*((k, v) for k, v in wreck.extra if k != "destruction"), ("destruction", total)))
