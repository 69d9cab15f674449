"""Victory (TCG p.6, p.16): objectives controlled and victory points earned, judged at the end
of every turn; the first side to fulfil a condition wins; at the end of the last turn the
scenario's `otherwise` side wins, or it is a draw.

Where the book is silent: a box is controlled by the side whose Unit Card stands on it (a
decoy controls nothing); an objective's victory points are earned by its controller at the
end of every turn; when both sides fulfil a condition at the same time the game is a draw."""

from __future__ import annotations

from builder.kernel.diagnostics import capitalised
from builder.tcg.conditions import Control, Destroy, VictoryPoints, When
from builder.tcg.rules.state import Game
from builder.tcg.scenario import DRAW


def fulfilled(game: Game, condition: Control | Destroy | VictoryPoints) -> bool:
    player = game.players.get(condition.side)
    if player is None:
        return False
    if isinstance(condition, Control):
        wanted = condition.objectives or [m.id for m in game.scenario.objectives() if m.id is not None]
        boxes = [m.box for m in game.scenario.objectives() if m.id in wanted]
        held = sum(1 for box in boxes if game.controller(box) == condition.side)
        return held >= (condition.count if condition.count is not None else len(boxes)) and bool(boxes)
    if isinstance(condition, Destroy):
        return player.destroyed >= condition.count
    return player.victory_points >= condition.points


def judge_turn(game: Game) -> None:
    """Victory points for objectives, then the conditions; sets game.winner and outcome."""
    for marker in game.scenario.objectives():
        holder = game.controller(marker.box)
        if holder is not None and marker.victory_points:
            game.players[holder].victory_points += marker.victory_points
    last = game.turn >= game.scenario.turns
    winners = {c.side for c in game.scenario.victory if (c.when is When.END_OF_TURN or last) and fulfilled(game, c)}
    if len(winners) == 1:
        (side,) = winners
        game.winner = side
        game.outcome = f"{capitalised(game.scenario.side_name(side))} wins at the end of turn {game.turn}."
    elif len(winners) > 1:
        game.winner = DRAW
        game.outcome = f"Both sides fulfil their conditions at the end of turn {game.turn}: a draw."
    elif last:
        game.winner = game.scenario.otherwise
        if game.winner == DRAW:
            game.outcome = f"Nobody fulfilled a condition by the end of turn {game.turn}: a draw."
        else:
            name = game.scenario.side_name(game.winner)
            game.outcome = f"Nobody fulfilled a condition by the end of turn {game.turn}: {name} wins."
