"""Blessing of the Black Sun (SoN p.15): the spell lays the flame template from the centre of
the caster's space in the direction the caster chooses. Every unit even partly under it is
attacked by the cursed jet of flames and, in addition to any damage, gets a Suppressed marker
and loses its Order. The template is blocked by obstacles, and as soon as it reaches the
centre of a space holding a vehicle or an obstacle. Into a building, as for firing, from a
space by one of its openings: every unit inside is touched.

hon's readings (the printed template and its combat values did not survive the text): the
template is the flamethrower's (templates.FLAME_LENGTH squares straight on, in one of the
eight directions); it covers a vehicle's square and stops there, stops short of an obstacle
(a square whose terrain blocks LoS or admits no unit) and of the board's edge; its combat
values are FLAMES, an example. A unit losing its Order is given an Activated marker: its token,
if it has one still hidden, is revealed to no effect (HoN core p.9)."""

from __future__ import annotations

from dataclasses import dataclass

from builder.heroes.catalogue.units import CombatValues
from builder.heroes.rules.geometry.grid import step
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.resolution.templates import FLAME_LENGTH, covered, flame_into
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.battlefield import PlacedElement

BLACK_SUN = "son-blessing-of-the-black-sun"
FLAMES = CombatValues(infantry=3, light=2, heavy=1)  # source: example (the book's icons are lost)


@dataclass(frozen=True)
class Flames:
    """Where the cursed jet of flames goes: the squares under it, and the building it fills
    (the caster standing by one of its openings), if any."""

    squares: tuple[Square, ...]
    building: PlacedElement | None = None

    def touched(self, state: GameState) -> list[Piece]:
        """The units under the template, each once, in the order the flames reach them."""
        found = covered(self.squares, state.units())
        order = {sq: i for i, sq in enumerate(self.squares)}
        return sorted(found, key=lambda p: (min(order.get(sq, len(order)) for sq in p.squares), p.key))


def _obstacle(state: GameState, square: Square) -> bool:
    element = state.battlefield.element_at.get(square)
    if element is None:
        return False
    effects = element.effects
    return effects.blocks_los or effects.impassable_to_all or effects.building


def flames_from(state: GameState, caster: Piece, facing: int) -> Flames:
    """The flame template laid from the caster's space towards `facing` (SoN p.15)."""
    origin = caster.squares[0]
    first = step(origin, facing, 1)
    building = state.battlefield.element_at.get(first)
    if building is not None and building.effects.building:
        try:
            return Flames(tuple(sorted(flame_into(caster, building, (), state.ruleset))), building)
        except IllegalAttack:  # not by an opening: the wall stops the flames
            return Flames(())
    vehicles = {sq for p in state.units() if p.is_vehicle and p.embarked_in is None for sq in p.squares}
    found: list[Square] = []
    for count in range(1, FLAME_LENGTH + 1):
        square = step(origin, facing, count)
        if square not in state.battlefield.squares or _obstacle(state, square):
            break
        found.append(square)
        if square in vehicles:
            break
    return Flames(tuple(found))
