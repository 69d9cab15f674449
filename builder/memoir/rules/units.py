"""What each unit type may do, one class per type (M44 summary, "Move" and "Taking ground"):

* Infantry moves up to 1 hex and battles, or 2 hexes and does not battle; Special Forces
  (except French Resistance) may move 2 hexes and battle. It may take ground after a close
  assault.
* Armor moves up to 3 hexes and battles; it may take ground and claim one armor overrun.
* Artillery moves up to 1 hex *or* battles, needs no line of sight, never takes ground.

A badge changes the numbers (figures, move-and-battle, retreat hexes) through its data."""

from __future__ import annotations

from dataclasses import dataclass

from builder.memoir.catalogue import Badge, UnitKind, UnitType

PAGE_MOVE = "M44 summary: Move"
PAGE_GROUND = "M44 summary: Taking ground"


@dataclass(frozen=True)
class UnitRules:
    kind: UnitKind
    badge: Badge | None = None

    @property
    def type(self) -> UnitType:
        return self.kind.id

    @property
    def name(self) -> str:
        return self.badge.name if self.badge is not None else self.kind.name

    @property
    def figures(self) -> int:
        """The figures the unit starts with."""
        return self.badge.figures if self.badge is not None and self.badge.figures else self.kind.figures

    @property
    def move(self) -> int:
        return self.kind.move

    @property
    def move_and_battle(self) -> int:
        if self.badge is not None and self.badge.move_and_battle is not None:
            return self.badge.move_and_battle
        return self.kind.move_and_battle

    def can_battle_after(self, moved: int) -> bool:
        return moved <= self.move_and_battle

    @property
    def needs_line_of_sight(self) -> bool:
        return self.kind.line_of_sight

    @property
    def retreat(self) -> int:
        """Hexes one retreat flag may move it (French Resistance: up to 3)."""
        return self.badge.retreat if self.badge is not None else 1

    @property
    def battles_on_entry(self) -> bool:
        """French Resistance "may always battle when they penetrate a new terrain type"."""
        return self.badge is not None and self.badge.battles_on_entry

    @property
    def takes_ground(self) -> bool:
        return False

    @property
    def overruns(self) -> bool:
        return False


class Infantry(UnitRules):
    @property
    def takes_ground(self) -> bool:
        return True


class Armor(UnitRules):
    @property
    def takes_ground(self) -> bool:
        return True

    @property
    def overruns(self) -> bool:
        return True


class Artillery(UnitRules):
    def can_battle_after(self, moved: int) -> bool:
        return moved == 0  # "Move up to 1 hex or battle"


RULES: dict[UnitType, type[UnitRules]] = {
    UnitType.INFANTRY: Infantry,
    UnitType.ARMOR: Armor,
    UnitType.ARTILLERY: Artillery,
}


def rules_for(kind: UnitKind, badge: Badge | None = None) -> UnitRules:
    return RULES[kind.id](kind, badge)
