"""The assaults Shadows over Normandie's Assault variants allow (SoN p.17), as actions;
actions/assault_variants.py plays them."""

from __future__ import annotations

from dataclasses import dataclass

from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import Square


@dataclass(frozen=True)
class ChainAssault:
    """Brutal Assault, Long Distance Assault, or both: after the Movement Action `path` the unit
    assaults each of `defenders` in turn, until it loses. `from_afar`: Long Distance, from
    where the move ended, up to its value away, never taking their places; otherwise Brutal,
    on the enemies its counter covers at the end of `path` (the last position of which
    overlaps them)."""

    path: Path
    defenders: tuple[str, ...]
    from_afar: bool = False


@dataclass(frozen=True)
class AssaultOnTheMove:
    """Assault (on the Move): an assault during the Movement Action (`path`, ending with the
    step into the defender's square, as an AssaultAction's), the rest of the move heading for
    `goal` if the unit did not lose."""

    path: Path
    defender: str
    goal: Square | None = None
    # With Brutal Assault: the enemies it assaults next during the same move, in turn (SoN p.17).
    then: tuple[str, ...] = ()
