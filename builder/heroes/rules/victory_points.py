"""Victory points for objectives held (HoN core p.5-6, p.15): a broken combat group gives its
printed points to the opponent as it breaks (turn.py); objectives give theirs at the end of the
game to the side (or team, SoN p.10) controlling them, where the scenario gives them points -
the free battle's, an example value its rules say so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.events.game import ControlEvent

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

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
                objective=objective.id,
                scored=objective.victory_points,
                page=PAGE,
            )
        )


def update_control(turn: Turn) -> None:
    """A side takes an objective when one of its units stands on it and no enemy unit
    does; it keeps it until the enemy takes it back (BfC p.12: "the German player may
    regain control"). How control is taken is not printed in the books at hand: this
    is the project's reading, stated here."""
    state = turn.state
    standing = state.holders()  # by objective, the allegiances on it: a team's (SoN p.10)
    for objective in state.scenario.objectives:
        if objective.id in state.discarded:
            continue  # discarded: its controller keeps it (BfC p.16)
        holders = standing[objective.id]
        if len(holders) != 1:
            continue
        (holder,) = holders
        if state.control.get(objective.id) != holder:
            state.control[objective.id] = holder
            turn.add(
                ControlEvent(
                    turn=state.turn,
                    phase=turn.phase,
                    side=holder,
                    objective=objective.id,
                )
            )
