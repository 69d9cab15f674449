"""The game turn (TCG p.6): the first player's phase, then the second's, then the Turn counter
advances. A phase opens with the player's COMMAND markers for the turn and the scenario's
events; either player may play an Event Card and a Hero Card; then one tactic per marker;
then ACTIVATED markers come off (HIT and SUPPRESSED stay). Each part is a step of play
(builder.tcg.rules.simulation) that asks its players as it goes."""

from __future__ import annotations

from builder.kernel.diagnostics import the_side
from builder.kernel.match import Table
from builder.tcg.base import page
from builder.tcg.rules.events import PhaseEvent, TurnEvent, VictoryEvent
from builder.tcg.rules.hand import gain, play_cards, scenario_event
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.state import Game
from builder.tcg.rules.victory import judge_turn
from builder.tcg.scenario import MarkerKind


def begin_turn(game: Game) -> None:
    """The Turn counter advances; the first player's phase is next."""
    game.turn += 1
    game.phase_side = None
    game.tell(TurnEvent(turn=game.turn, phase=game.phase, text=f"Turn {game.turn}.", page=page(6)))
    game.phase_side = game.scenario.first_player


def open_phase(game: Game, table: Table[TcgView]) -> int:
    """The opening of the phase of `game.phase_side`: its COMMAND markers, its munitions
    depots, its scenario events, then the Event and Hero Cards of its player and of the
    other. The COMMAND markers it has to spend."""
    side = game.phase_side
    assert side is not None  # a phase is under way
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
            scenario_event(game, side, event, table)
    play_cards(game, side, table)
    play_cards(game, game.opponent(side), table)
    return player.side.command


def close_phase(game: Game) -> None:
    """The ACTIVATED markers of the phase's player come off; the second player's phase is
    next, or the end of the turn."""
    side = game.phase_side
    assert side is not None  # a phase is under way
    for piece in game.of(side):
        piece.activated = False
    game.phase_side = game.opponent(side) if side == game.scenario.first_player else None


def end_turn(game: Game) -> None:
    """Victory points and the victory check (TCG p.6, p.16); the result told when the game
    is decided or its last turn is over."""
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
