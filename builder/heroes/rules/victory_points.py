"""Victory points for objectives held (HoN core p.5-6, p.15): a broken combat group gives its
printed points to the opponent as it breaks (turn.py); objectives give theirs at the end of the
game to the side (or team, SoN p.10) controlling them, where the scenario gives them points -
the free battle's, an example value its rules say so."""

from __future__ import annotations

from builder.heroes.rules.activation import Turn
from builder.heroes.rules.events import ControlEvent

PAGE = "HoN core p.5-6"


def score_objectives(turn: Turn) -> None:
    """Each objective with victory points scores them for its controller, told with its page."""
    state = turn.state
    for objective in state.scenario.objectives:
        holder = state.control.get(objective.id)
        if holder is None or not objective.victory_points:
            continue
        team = state.team_of(holder)
        state.victory_points[team] = state.victory_points.get(team, 0) + objective.victory_points
        turn.add(
            ControlEvent(
                turn=state.turn,
                phase=turn.phase,
                side=holder,
                text=f"{holder} holds {objective.name} at the end of the game and scores "
                f"{objective.victory_points} victory points ({PAGE}; the scenario's value).",
                objective=objective.id,
            )
        )
