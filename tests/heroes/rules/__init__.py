"""Small hand-made counters for the rules tests."""

from __future__ import annotations

from typing import Any

from builder.heroes.catalogue.units import Unit
from builder.heroes.rules.pieces import Piece, Square


def values(infantry: int | None, light: int | None = 0, heavy: int | None = None) -> dict[str, Any]:
    return {
        "infantry": "X" if infantry is None else infantry,
        "light": "X" if light is None else light,
        "heavy": "X" if heavy is None else heavy,
    }


def infantry(
    combat: int | None = 2,
    defense: int = 4,
    abilities: list[Any] | None = None,
    light: int | None = 0,
    heavy: int | None = None,
    reduced_abilities: list[Any] | None = None,
    name: str = "Squad",
    unit_id: str = "squad",
) -> Unit:
    """Unharmed (a hit flips it) and reduced (a hit destroys it)."""
    front = {
        "state": "unharmed",
        "defense": {"value": defense},
        "movement": 4,
        "combat": values(combat, light, heavy),
        "abilities": abilities or [],
        "on_hit": "flip",
    }
    back = {**front, "state": "reduced", "abilities": reduced_abilities or [], "on_hit": "destroyed"}
    return Unit.model_validate(
        {"id": unit_id, "name": name, "faction": "us", "type": "infantry", "sides": [front, back], "source": "example"}
    )


def ambusher() -> Unit:
    """Concealed (active) side first, revealed (inactive) side second."""
    active = {
        "state": "active",
        "defense": {"value": 5},
        "movement": 4,
        "combat": values(2),
        "abilities": ["ambush", "assault"],
        "on_hit": "destroyed",
    }
    inactive = {**active, "state": "inactive", "abilities": ["ambush", "assault"]}
    return Unit.model_validate(
        {
            "id": "hidden",
            "name": "Hidden",
            "faction": "us",
            "type": "infantry",
            "sides": [active, inactive],
            "source": "example",
        }
    )


def tank(
    front: int = 9,
    side: int = 7,
    rear: int = 6,
    primary: tuple[int | None, int | None, int | None] | None = (3, 5, 4),
    secondary: tuple[int | None, int | None, int | None] | None = (4, 2, None),
    abilities: list[Any] | None = None,
    primary_abilities: list[Any] | None = None,
    arc: int | None = None,
    lone_role: str = "both",
) -> Unit:
    """A heavy vehicle; with no secondary weapon its gun has `lone_role`."""
    weapons = []
    if primary is not None:
        weapons.append(
            {
                "name": "Gun",
                "role": "primary" if secondary is not None else lone_role,
                "combat": values(*primary),
                "abilities": primary_abilities or [],
                "arc": arc,
            }
        )
    if secondary is not None:
        weapons.append(
            {
                "name": "MG",
                "role": "secondary",
                "combat": values(*secondary),
                "abilities": ["machine-gunner", "suppressive-fire", {"fire-on-the-move": -2}],
            }
        )
    unharmed = {
        "state": "unharmed",
        "defense": {"front": front, "side": side, "rear": rear},
        "movement": 5,
        "weapons": weapons,
        "abilities": abilities or [],
        "on_hit": "damage",
    }
    return Unit.model_validate(
        {
            "id": "tank",
            "name": "Tank",
            "faction": "german",
            "type": "heavy-vehicle",
            "footprint": 2,
            "sides": [unharmed, {"state": "wreck"}],
            "source": "example",
        }
    )


def light_vehicle(combat: int = 3, defense: int = 5, wreck: bool = True, abilities: list[Any] | None = None) -> Unit:
    front = {
        "state": "unharmed",
        "defense": {"value": defense},
        "movement": 8,
        "combat": values(combat, 1),
        "abilities": abilities or [],
        "on_hit": "wreck" if wreck else "destroyed",
    }
    back = {"state": "wreck"} if wreck else {**front, "state": "reduced"}
    return Unit.model_validate(
        {
            "id": "jeep",
            "name": "Jeep",
            "faction": "us",
            "type": "light-vehicle",
            "sides": [front, back],
            "source": "example",
        }
    )


def creature(defense: int = 6, combat: int = 3, abilities: list[Any] | None = None) -> Unit:
    front = {
        "state": "unharmed",
        "defense": {"value": defense},
        "movement": 4,
        "combat": values(combat, combat, combat),
        "abilities": abilities or [],
        "on_hit": "flip",
    }
    back = {**front, "state": "reduced", "on_hit": "destroyed"}
    return Unit.model_validate(
        {
            "id": "shoggoth",
            "name": "Shoggoth",
            "faction": "mythos",
            "type": "large-creature",
            "footprint": 2,
            "sides": [front, back],
            "source": "example",
        }
    )


def piece(unit: Unit, square: Square = (0, 0), key: str | None = None, owner: str = "a", **fields: Any) -> Piece:
    squares = (square,) if unit.footprint == 1 else (square, (square[0], square[1] + 1))
    return Piece(
        key=key or f"{owner}/{unit.id}/{square[0]}-{square[1]}", unit=unit, owner=owner, squares=squares, **fields
    )
