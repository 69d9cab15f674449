"""The choices a player makes while a Shooting attack resolves (TCG p.14, p.16): whether to
spend DIRECTIVE markers, whether to turn a hidden target face up before its save. The simple
policy makes them one way (`Sensible`); a test or a front end may make them another."""

from __future__ import annotations

from typing import Protocol

from builder.kernel.events import Roll
from builder.tcg.cards import Shooting
from builder.tcg.rules.saves import visible_save
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.variants import two_hits


class Decisions(Protocol):
    def armour_piercing(self, game: Game, shooter: Piece, weapon: Shooting, target: Piece) -> bool:
        """Announce a DIRECTIVE marker's armour-piercing before the red dice are rolled?"""
        ...

    def sustained_fire(self, game: Game, shooter: Piece, roll: Roll, value: int) -> bool:
        """Spend a DIRECTIVE marker for +1 after seeing the red dice?"""
        ...

    def saving_bonus(self, game: Game, target: Piece, roll: Roll, save: int) -> bool:
        """Spend a DIRECTIVE marker for +1 after seeing the yellow die?"""
        ...

    def reveal_before_save(self, game: Game, target: Piece) -> bool:
        """Turn a hidden target face up before its save, to use its own save value?"""
        ...


class Sensible:
    """Spend a DIRECTIVE marker only where it changes the result: +1 when the roll is one
    short, armour-piercing against armour with a marker to spare; reveal a hidden target
    whose own save is better than the hidden 6."""

    def armour_piercing(self, game: Game, shooter: Piece, weapon: Shooting, target: Piece) -> bool:
        return target.armoured and not target.hidden and game.players[shooter.side].directives >= 2

    def sustained_fire(self, game: Game, shooter: Piece, roll: Roll, value: int) -> bool:
        return roll.total + 1 == value or two_hits(game.variants, roll.total + 1) > two_hits(game.variants, roll.total)

    def saving_bonus(self, game: Game, target: Piece, roll: Roll, save: int) -> bool:
        return roll.total + 1 == save

    def reveal_before_save(self, game: Game, target: Piece) -> bool:
        own = visible_save(game, target)
        return own is not None and own.value < 6
