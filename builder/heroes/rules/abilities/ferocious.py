"""Ferocious, a Character Trait (BfC p.09): "During an Assault, an attacking Ferocious unit
always pushes back defenders whether they win or lose, provided the attacking unit has not
been Destroyed. This Character Trait does not apply to an Assault against a vehicle."

Pushed back is read as the loser's retreat (HoN core p.26: one of the three squares opposite
the attacker, destroyed if none or if it would move within an enemy Zone of Control); the
attacker does not take the square unless it won. Who benefits is the trait's rule (traits.py)."""

from __future__ import annotations

from builder.heroes.rules.abilities.ability import Ability, Source
from builder.heroes.rules.pieces import Piece


class Ferocious(Ability):
    id = "ferocious"
    name = "Ferocious"
    page = "BfC p.09"
    source = Source.TRAIT

    def pushes_back(self, defender: Piece, attacker_destroyed: bool) -> bool:
        return not attacker_destroyed and not defender.is_vehicle
