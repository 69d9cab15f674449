"""Veteran markers (HoN core p.30): "Each marker enables you to reroll any roll, yours or your
opponent's, if you don't like the result. You must keep the new result." hon offers the reroll
on a Firing Action's roll (the firer's side on a miss, the target's on a hit) and on an
assault's (the side about to lose rolls its own again), once a roll; and declares here what a
side is asked about the markers it spends on someone's roll. Also the Life Point a Character
discards against an assault's hit (BfC p.09)."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol, runtime_checkable

from builder.heroes.rules.actions import TurnBase
from builder.heroes.rules.assault import Assault, AssaultOutcome, AssaultReroll, AssaultResult, _moves
from builder.heroes.rules.combat import Aim, FireOutcome, Reroll, Shot, name
from builder.heroes.rules.damage import Effect
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState
from builder.kernel.events import Roll

VETERAN_PAGE = "HoN core p.30"
LIFE_POINT_PAGE = "BfC p.09"


@runtime_checkable
class GearPlayer(Protocol):
    """What a side is asked about the gear markers it may spend on someone else's roll."""

    def veteran(self, state: GameState, piece: Piece, plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
        """Whether `piece`'s side spends a Veteran marker to reroll this firing roll (HoN core p.30)."""
        ...

    def veteran_assault(self, state: GameState, piece: Piece, mine: Roll, theirs: Roll) -> bool:
        """Whether `piece`'s side spends a Veteran marker to reroll its assault roll `mine`,
        which loses (or ties) against `theirs` (HoN core p.30)."""
        ...

    def shield_assault(self, state: GameState, vehicle: Piece, assault: Assault) -> bool:
        """Whether the assaulted `vehicle` spends an Additional Shielding marker (BfC p.09)."""
        ...

    def shield(self, state: GameState, vehicle: Piece, shot: Shot) -> bool:
        """Whether `vehicle` spends an Additional Shielding marker against this shot (BfC p.09)."""
        ...


class GearRerolls(TurnBase):
    """The Veteran markers spent on rolls."""

    def _rerolls(self, shooter: Piece, shot: Shot) -> Reroll | None:
        """What may have a firing roll rolled again: the firer's action card (HoN core p.17),
        else a Veteran marker (`_veteran_reroll`)."""
        card = self._second_chance(shooter)
        veteran = self._veteran_reroll(shooter, shot)

        def ask(plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
            return (card is not None and card(plan, roll, outcome)) or veteran(plan, roll, outcome)

        return ask

    def _veteran_reroll(self, shooter: Piece | None, shot: Shot) -> Reroll:
        """A Veteran marker of either side on a firing roll (p.30: "reroll any roll, yours or
        your opponent's"): hon asks the firer's side on a miss, the target's on a hit. A shot
        with no firer on the battlefield (a bomb) is rerolled by no one's Veteran but the target's."""

        def ask(plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
            piece = shot.target if outcome in (FireOutcome.HIT, FireOutcome.DOUBLE_HIT) else shooter
            if piece is None:
                return False
            player = self.choices.get(piece.owner)
            if not isinstance(player, GearPlayer) or self.state.gear_for(piece, "veteran") is None:
                return False
            if not player.veteran(self.state, piece, plan, roll, outcome):
                return False
            whose = "its" if shooter is None or piece.key == shooter.key else f"{name(shooter)}'s"
            self._spend_marker(
                piece,
                "veteran",
                VETERAN_PAGE,
                f"{whose} firing roll ({roll.total} against {plan.defense}, a {outcome.value}) is rolled "
                "again, the new result stands",
            )
            return True

        return ask

    def _assault_rerolls(self, assault: Assault) -> AssaultReroll:
        """What may have an assault roll rolled again: Second Chance, the losing side's action
        card (HoN core p.17, builder.heroes.rules.battle_events), else a Veteran marker."""
        card = self._second_chance_assault(assault)
        veteran = self._veteran_assault(assault)

        def ask(outcome: AssaultOutcome, attack: Roll, defence: Roll) -> str | None:
            return (card(outcome, attack, defence) if card is not None else None) or veteran(outcome, attack, defence)

        return ask

    def _veteran_assault(self, assault: Assault) -> AssaultReroll:
        """A Veteran marker on an assault roll: the attacker's side when it does not win, else
        the defender's, asked in that order; the reroll stands (HoN core p.30)."""

        def ask(outcome: AssaultOutcome, attack: Roll, defence: Roll) -> str | None:
            sides = ((assault.attacker, attack, defence, "attack"), (assault.defender, defence, attack, "defence"))
            for piece, mine, theirs, which in sides:
                losing = outcome is not AssaultOutcome.WIN if which == "attack" else outcome is AssaultOutcome.WIN
                player = self.choices.get(piece.owner)
                if not losing or not isinstance(player, GearPlayer) or self.state.gear_for(piece, "veteran") is None:
                    continue
                if player.veteran_assault(self.state, piece, mine, theirs):
                    self._spend_marker(
                        piece,
                        "veteran",
                        VETERAN_PAGE,
                        f"its assault roll ({mine.total} against {theirs.total}) is rolled again, the new one stands",
                    )
                    return which
            return None

        return ask

    def _life_point_assault(self, result: AssaultResult) -> AssaultResult:
        """Life Point (BfC p.09): a Character that loses an assault discards one to cancel the
        hit it suffered; it still moves as the loser of the assault does (HoN core p.26)."""
        outcome = result.outcome
        if outcome is AssaultOutcome.WIN:
            before, effect = result.engagement.defender, result.defender_effect
        elif outcome is AssaultOutcome.LOSS:
            before, effect = result.assault.attacker, result.attacker_effect
        else:
            return result
        if effect not in (Effect.FLIPPED, Effect.DESTROYED) or not before.unit.is_character:
            return result
        if self.state.gear_for(before, "life-point") is None:
            return result
        self._spend_marker(before, "life-point", LIFE_POINT_PAGE, f"the assault's Hit on {name(before)} is cancelled")
        (attacker_moves, defender_moves), _ = _moves(
            result.assault.attacker, result.engagement.defender, outcome, Effect.NONE, self.state.ruleset
        )
        if outcome is AssaultOutcome.WIN:
            return replace(result, defender=before, defender_effect=Effect.NONE, defender_moves=defender_moves)
        return replace(result, attacker=before, attacker_effect=Effect.NONE, attacker_moves=attacker_moves)
