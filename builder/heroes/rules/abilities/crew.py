"""The Crew special ability (HoN core p.21): an infantry Crew unit that ends its Movement
Action on a light or heavy vehicle turns over and rides in it, adding its other abilities to
the vehicle's; it cannot be targeted inside; it leaves by starting a Movement Action turning
over; when its vehicle is destroyed it is put, inactive side up and Suppressed, on a square
next to the wreck (a Forced Move)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.catalogue.units import SideState
from builder.heroes.rules.abilities.ability import Ability, Source
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import EnterEvent, Entering
from builder.heroes.rules.geometry import squares
from builder.heroes.rules.geometry.grid import neighbours
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution import hits  # by module: hits.py asks this ability when a vehicle is destroyed
from builder.heroes.rules.resolution.combat import IllegalAttack, name
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.ruleset import HON, Ruleset

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

CREW = "crew"
AVIATOR = "aviator"  # BfC p.10-11: a pilot in its airplane's cockpit


class Crew(Ability):
    """Boarding and leaving are a Movement Action's (moving.py, activation.py); the bail-out
    plays when a vehicle is destroyed."""

    id = CREW
    name = "Crew"
    page = "HoN core p.21"
    source = Source.COUNTER

    def on_destroyed(self, turn: Turn, before: Piece, after: Piece | None) -> None:
        """The Crew units in a destroyed vehicle are put next to the wreck, inactive side up
        and Suppressed, a Forced Move (HoN core p.21); with no square to go to they are destroyed."""
        if not before.is_vehicle:
            return
        state, vehicle = turn.state, before
        for crew in crews_in(vehicle, list(state.pieces.values())):
            around = sorted({sq for w in vehicle.squares for sq in neighbours(w)} - set(vehicle.squares))
            out_of = replace(crew, embarked_in=None)
            free = [
                sq
                for sq in around
                if squares.may_stand(state, out_of, (sq,)) and squares.may_step_out(state, out_of, vehicle.squares, sq)
            ]
            out = bail_out(crew, after or vehicle, free, state.ruleset)
            if out is None:
                hits.hurt(turn, crew, None, Effect.DESTROYED, hit=False)
                continue
            state.pieces[crew.key] = out
            turn.add(
                EnterEvent(
                    turn=state.turn,
                    phase=turn.phase,
                    side=crew.owner,
                    unit=crew.key,
                    to=out.squares,
                    how=Entering.BAILS_OUT,
                    vehicle=vehicle.key,
                    page="BfC p.10-11" if crew.unit.front.has("aviator") else state.ruleset.cite("crew"),
                )
            )


def crews_in(vehicle: Piece, pieces: Iterable[Piece]) -> list[Piece]:
    """The Crew units riding in a vehicle, and the Aviators in an airplane's cockpit, who bail
    out of it the same way (BfC p.10-11)."""
    return [p for p in pieces if p.embarked_in == vehicle.key and (p.unit.front.has(CREW) or p.unit.front.has(AVIATOR))]


def board(crew: Piece, vehicle: Piece, pieces: Iterable[Piece] = (), ruleset: Ruleset = HON) -> Piece:
    """The Crew unit, having ended its Movement Action on the vehicle, turned over and riding in
    it (HoN core p.21). A vehicle without Transport carries one Crew unit; a Crew unit never
    counts against a transport's capacity."""
    page = ruleset.cite("crew")
    if not crew.side.has(CREW):
        raise IllegalAttack(Code.NO_ABILITY, f"{name(crew)} has no Crew ability on its visible side", page)
    if not vehicle.is_vehicle or vehicle.is_wreck:
        raise IllegalAttack(
            Code.NOT_A_VEHICLE, f"a Crew unit boards a light or heavy vehicle, not {name(vehicle)}", page
        )
    if crew.owner != vehicle.owner:
        raise IllegalAttack(Code.NOT_ITS_SIDE, f"{name(vehicle)} is not {name(crew)}'s side's vehicle", page)
    if crew.squares and vehicle.squares and not set(crew.squares) & set(vehicle.squares):
        raise IllegalAttack(
            Code.NOT_ON_THE_VEHICLE, f"{name(crew)} must end its Movement Action on {name(vehicle)}", page
        )
    aboard = crews_in(vehicle, pieces)
    if aboard and not vehicle.side.has("transport"):
        raise IllegalAttack(
            Code.NO_ROOM, f"{name(vehicle)} has no Transport ability and already carries a Crew unit", page
        )
    return replace(crew, side_index=1 - crew.side_index, embarked_in=vehicle.key, squares=vehicle.squares)


def abilities_with_crew(vehicle: Piece, pieces: Iterable[Piece]) -> list[AbilityRef]:
    """The vehicle's abilities and those its Crew units add, Crew itself aside (HoN core p.21)."""
    found = list(vehicle.side.all_abilities())
    for crew in crews_in(vehicle, pieces):
        if not crew.unit.front.has(CREW):
            continue  # an Aviator adds nothing to its airplane
        found.extend(a for a in crew.side.abilities if a.id != CREW and all(a.id != f.id for f in found))
    return found


# Order stars are the army's tokens, counted from the army list at set-up (HoN core p.8: the
# stars on a counter are a reminder of the tile's): a Crew unit does not add them again.
NOT_ADDED = frozenset({CREW, "order", "personal-order"})


def crewed(vehicle: Piece, crew: Piece) -> Piece:
    """The vehicle with the other abilities its Crew unit (as it rides, turned over) adds to
    its own (HoN core p.21), on each of its sides but the wreck: every rule reading the
    vehicle's abilities - its shots included - sees them."""
    added = [a for a in crew.side.abilities if a.id not in NOT_ADDED]
    sides = [
        side
        if side.state is SideState.WRECK
        else side.model_copy(update={"abilities": [*side.abilities, *(a for a in added if not side.has(a.id))]})
        for side in vehicle.unit.sides
    ]
    if sides == list(vehicle.unit.sides):
        return vehicle
    return replace(vehicle, unit=vehicle.unit.model_copy(update={"sides": sides}))


def crews_to_board(pieces: Sequence[Piece]) -> list[tuple[Piece, Piece]]:
    """(crew, vehicle): at deployment each Crew unit rides in a vehicle of its own combat group
    that has room (one Crew unit in a vehicle without Transport), as a player puts a tank's crew
    in its tank (hon's reading: deployed inside, HoN core p.21)."""
    vehicles = [p for p in pieces if p.is_vehicle and not p.is_wreck]
    taken: dict[str, int] = {}
    found: list[tuple[Piece, Piece]] = []
    for crew in (p for p in pieces if p.side.has(CREW) and p.is_infantry and p.embarked_in is None):
        for vehicle in vehicles:
            room = vehicle.side.has("transport") or not taken.get(vehicle.key)
            if vehicle.group == crew.group and vehicle.owner == crew.owner and room:
                taken[vehicle.key] = taken.get(vehicle.key, 0) + 1
                found.append((crew, vehicle))
                break
    return found


def leave(crew: Piece, square: Square, vehicle: Piece, ruleset: Ruleset = HON) -> Piece:
    """The Crew unit leaving its vehicle: it starts its Movement Action by turning over onto
    its inactive side (HoN core p.21), on a square next to the vehicle (hon's reading)."""
    if crew.embarked_in != vehicle.key:
        raise IllegalAttack(Code.NOT_ABOARD, f"{name(crew)} is not in {name(vehicle)}", ruleset.cite("crew"))
    if not any(square in neighbours(sq) for sq in vehicle.squares):
        raise IllegalAttack(
            Code.NOT_ADJACENT, f"{name(crew)} leaves {name(vehicle)} onto a square next to it", ruleset.cite("crew")
        )
    return replace(crew, side_index=_inactive(crew), embarked_in=None, squares=(square,))


def bail_out(crew: Piece, wreck: Piece, free: Sequence[Square], ruleset: Ruleset = HON) -> Piece | None:
    """A Crew unit whose vehicle is destroyed: inactive side up, on the first of the `free`
    squares next to the wreck, with a Suppressed marker: a Forced Move (HoN core p.21). With
    no such square it is destroyed (p.9: a Forced Move that cannot be made)."""
    around = [sq for sq in free if any(sq in neighbours(w) for w in wreck.squares) and sq not in wreck.squares]
    if not around:
        return None
    return replace(
        crew, side_index=_inactive(crew), embarked_in=None, squares=(around[0],), suppressed=crew.suppressed + 1
    )


def _inactive(crew: Piece) -> int:
    for index, side in enumerate(crew.unit.sides):
        if side.state is SideState.INACTIVE:
            return index
    return crew.side_index
