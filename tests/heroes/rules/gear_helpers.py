"""What the gear marker tests share: small boards, the policies, an officer, a pool of markers
put on the game, a straight path and the events of a kind."""

from __future__ import annotations

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import Role, Unit
from builder.heroes.rules.events.game import FireEvent, GearEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import EAST
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.rules.turn_context import Turn
from tests.heroes.rules import infantry

OPEN = "\n".join(["........"] * 5)
WIDE = "\n".join(["............"] * 5)
POLICIES = {"a": SimplePolicy(), "b": SimplePolicy()}
OFFICER: Unit = infantry(name="Lieutenant", unit_id="lieutenant").model_copy(update={"role": Role.OFFICER})


def pool(
    state: GameState, marker: str, count: int, *limits: str, side: str = "a", group: str | None = None
) -> GearPool:
    """`count` markers of `marker` on an option of `side` (a command tile's when `group` is None)."""
    found = GearPool(side, marker, count, group, tuple(limits), f"{marker} option")
    state.gear.append(found)
    return found


def east(start: tuple[int, int], steps: int) -> Path:
    return Path(tuple(Position(((start[0] + i, start[1]),), EAST) for i in range(steps + 1)), steps)


def gear_events(turn: Turn) -> list[GearEvent]:
    return [e for e in turn.events if isinstance(e, GearEvent)]


def fire_events(turn: Turn) -> list[FireEvent]:
    return [e for e in turn.events if isinstance(e, FireEvent)]
