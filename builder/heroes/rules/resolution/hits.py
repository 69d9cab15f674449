"""A hit taken and what follows it (HoN core p.15): what may stop it (a Medic's Aid, a
Substitute, an Eldritch Ichor token), the unit's new state put on the battlefield, and what a
destruction brings: Desertion and Dynamic, the crew bailing out, the riders getting out,
captives freed, and the combat group's breaking point."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.abilities import capture
from builder.heroes.rules.abilities.ability import Hook
from builder.heroes.rules.abilities.registry import hooking
from builder.heroes.rules.action_cards import battle_events
from builder.heroes.rules.actions import transport
from builder.heroes.rules.events.game import BreaksEvent, DestroyedEvent, Phase
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.state import destroyed_in

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def hurt(
    turn: Turn, before: Piece, after: Piece | None, effect: Effect, hit: bool = True, assault: bool = False
) -> None:
    """Put a piece's new state on the battlefield; a destroyed one counts towards its
    group's breaking point (HoN core p.15). Not `hit`: destroyed otherwise than by a hit
    (no retreat, no way out), which a Medic's Aid cannot ignore (SoN p.18) nor a
    Substitute take (BfC p.08); `assault`: a hit in an assault."""
    state = turn.state
    if hit and any(a.takes_hit(turn, before, after, effect, assault) for a in hooking(Hook.HIT)):
        return  # a Medic's Aid marker (SoN p.18), a Substitute (BfC p.08), an Eldritch Ichor token (SoN p.14)
    if after is None:
        state.pieces.pop(before.key, None)
    else:
        state.pieces[before.key] = after
    if not effect.destroyed and battle_events.deserts(turn, before, after):
        return  # Desertion (HoN core p.17)
    if not effect.destroyed or before.key in state.destroyed:
        return
    state.destroyed[before.key] = before
    if before.side.has("defender") and turn.phase == Phase.ACTIVATION:
        state.fallen_defenders[before.key] = before
    for ability in hooking(Hook.DESTROYED):
        ability.on_destroyed(turn, before, after)  # the Crew bailing out (HoN core p.21)
    turn.add(
        DestroyedEvent(
            turn=state.turn,
            phase=turn.phase,
            side=before.owner,
            unit=before.key,
            effect=effect,
        )
    )
    battle_events.pass_order(turn, before)  # Dynamic (HoN core p.17)
    if before.is_vehicle and (after is None or after.is_wreck):
        transport.unload(turn, before)  # its riders get out (HoN core p.27)
    capture.free_captives(turn, before)  # a captive it held is liberated (BfC p.12)
    _check_breaking(turn, f"{before.owner}/{before.group}")


def _check_breaking(turn: Turn, group_key: str) -> None:
    state = turn.state
    group = state.groups.get(group_key)
    if group is None or group.breaking_point is None or group_key in state.broken:
        return
    lost = destroyed_in(state, group)
    if lost < group.breaking_point:
        return
    state.broken.add(group_key)
    scorers = state.opposing_teams(group.side)  # a team scores once (SoN p.10)
    for side in scorers:
        state.victory_points[side] = state.victory_points.get(side, 0) + group.victory_points
    turn.add(
        BreaksEvent(
            turn=state.turn,
            phase=turn.phase,
            side=group.side,
            group=group_key,
            victory_points=group.victory_points,
            lost=lost,
            scorers=tuple(scorers),
            page=state.ruleset.cite("breaking-point"),
        )
    )
