"""The game turn (TCG p.6): the first player's phase, then the second's, then the Turn counter
advances. A phase: COMMAND markers for the turn, one tactic per marker, up to one Event and
one Hero Card for each player; then ACTIVATED markers come off (HIT and SUPPRESSED stay)."""

from __future__ import annotations

from collections.abc import Mapping

from builder.kernel.diagnostics import the_side
from builder.tcg.base import page
from builder.tcg.rules.events import PhaseEvent, TurnEvent, VictoryEvent
from builder.tcg.rules.hand import apply_effect, gain
from builder.tcg.rules.policy import SimplePolicy
from builder.tcg.rules.state import Game
from builder.tcg.rules.victory import judge_turn
from builder.tcg.scenario import MarkerKind


def play_phase(game: Game, side: str, policies: Mapping[str, SimplePolicy]) -> None:
    game.phase_side = side
    player = game.players[side]
    game.tell(
        PhaseEvent(
            turn=game.turn,
            phase=game.phase,
            side=side,
            text=f"{the_side(player.side.name, capital=True, possessive=True)} phase: "
            f"{player.side.command} COMMAND markers, "
            f"{player.directives} DIRECTIVE markers, {len(player.hand)} cards in hand.",
            page=page(6),
            command=player.side.command,
        )
    )
    for marker in game.markers():
        if marker.kind is MarkerKind.DEPOT and game.controller(marker.box) == side:
            gain(game, side, 1, "the munitions depot", page(16))
    for event in game.scenario.events:
        if event.turn == game.turn and event.side == side:
            _, target = policies[side].aim(game, side, event.effect)  # compulsory: only the card is chosen
            apply_effect(game, side, event.effect, event.text or "scenario event", target)
    policies[side].play_cards(game, side)
    other = game.opponent(side)
    policies[other].play_cards(game, other)
    for _ in range(player.side.command):
        if game.winner is not None:
            break
        policies[side].take_tactic(game, side)
    for piece in game.of(side):
        piece.activated = False


def play_turn(game: Game, policies: Mapping[str, SimplePolicy]) -> None:
    game.turn += 1
    game.phase_side = None
    game.tell(TurnEvent(turn=game.turn, phase=game.phase, text=f"Turn {game.turn}.", page=page(6)))
    first = game.scenario.first_player
    for side in (first, game.opponent(first)):
        play_phase(game, side, policies)
    game.phase_side = None
    judge_turn(game)
    if game.winner is not None or game.turn >= game.scenario.turns:
        points = {side: p.victory_points for side, p in game.players.items()}
        game.tell(
            VictoryEvent(
                turn=game.turn,
                phase=game.phase,
                text=game.outcome,
                page=page(6),
                winner=game.winner,
                victory_points=points,
            )
        )
