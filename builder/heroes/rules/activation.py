"""What an activated unit does, and how the game state changes when it does it: a Movement
Action (entering the battlefield included), a Firing Action or an Assault (HoN core p.9-26).

Every change goes through here, so every rule about where a unit may end (one unit per
square, never an impassable square) is kept in one place; each action returns the events
that narrate it, dice and modifiers included."""

from __future__ import annotations

from dataclasses import replace

from builder.heroes.catalogue.units import Role
from builder.heroes.rules.action_cards import CardPlays
from builder.heroes.rules.actions import (
    Action,
    AssaultAction,
    ChangeState,
    Clear,
    Disembark,
    Embark,
    Enter,
    Fire,
    Hold,
    Leave,
    Move,
    PushWreck,
    Snipe,
    TemplateFire,
)
from builder.heroes.rules.assault_kinds import AssaultOnTheMove, ChainAssault
from builder.heroes.rules.assault_variants import AssaultVariants
from builder.heroes.rules.assaulting import AssaultActions
from builder.heroes.rules.aviation import Aviation
from builder.heroes.rules.battle_events import BattleEvents
from builder.heroes.rules.capturing import Capturing
from builder.heroes.rules.casting import SpellCasting
from builder.heroes.rules.combat import name
from builder.heroes.rules.concealed import Concealing
from builder.heroes.rules.concealment import Concealment
from builder.heroes.rules.crew import bail_out, crews_in
from builder.heroes.rules.damage import Effect
from builder.heroes.rules.destruction import Destruction
from builder.heroes.rules.dragon import Dragons
from builder.heroes.rules.eldritch_ichor import EldritchIchor
from builder.heroes.rules.engineering import Engineering
from builder.heroes.rules.events import (
    BreaksEvent,
    ControlEvent,
    DestroyedEvent,
    EnterEvent,
    HoldEvent,
    Phase,
)
from builder.heroes.rules.firing import FiringActions
from builder.heroes.rules.gear import GearFire, GearMove, GearThrow, GrenadeInto
from builder.heroes.rules.gear_defence import GearDefence
from builder.heroes.rules.gear_firing import GearActions
from builder.heroes.rules.gear_moving import GearMovement
from builder.heroes.rules.gear_rerolls import GearRerolls
from builder.heroes.rules.grid import neighbours
from builder.heroes.rules.hardboiled import Hardboiled
from builder.heroes.rules.heroic import Heroic
from builder.heroes.rules.jury import JuryRigged
from builder.heroes.rules.leaping import crosses, leaps
from builder.heroes.rules.madness import MadnessActions
from builder.heroes.rules.medallion import Medallions
from builder.heroes.rules.medic import MedicAid
from builder.heroes.rules.mines import Mining
from builder.heroes.rules.moving import MovementActions
from builder.heroes.rules.mythos import Cast, FireAtTotem, SearchCheck, Treat
from builder.heroes.rules.mythos_markers import MythosMarkers
from builder.heroes.rules.mythos_rolls import paralyzed
from builder.heroes.rules.opportunity import OpportunityFire
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.poisoned_blade import PoisonedBlades
from builder.heroes.rules.scouting import Scouting
from builder.heroes.rules.searching import SearchChecks
from builder.heroes.rules.squares import may_stand, may_step_out, named_squares
from builder.heroes.rules.state import destroyed_in
from builder.heroes.rules.structures import Demolish
from builder.heroes.rules.substitute import Substitution
from builder.heroes.rules.templating import TemplateFiring
from builder.heroes.rules.terror import TerrorChecks
from builder.heroes.rules.totems import Totems
from builder.heroes.rules.transport import Transport
from builder.heroes.rules.turn_base import TurnBase
from builder.heroes.rules.vehicle_weapons import VehicleWeapons
from builder.heroes.rules.works import Board, ClearMine, Deploy, Fly, PlaceMine


class Turn(
    Capturing,
    Substitution,
    Mining,
    Aviation,
    Engineering,
    Concealing,
    Scouting,
    TerrorChecks,
    MadnessActions,
    SpellCasting,
    SearchChecks,
    JuryRigged,
    MedicAid,
    AssaultVariants,
    MythosMarkers,
    Hardboiled,
    Heroic,
    EldritchIchor,
    Dragons,
    Totems,
    Medallions,
    PoisonedBlades,
    MovementActions,
    Concealment,
    OpportunityFire,
    Transport,
    FiringActions,
    VehicleWeapons,
    GearActions,
    GearDefence,
    GearRerolls,
    GearMovement,
    TemplateFiring,
    Destruction,
    AssaultActions,
    CardPlays,
    BattleEvents,
    TurnBase,
):
    """Applies actions to a state and records what happened, for one phase of one turn.
    `players` are the sides asked while an action resolves: their card decisions (Alternate
    Bonuses, re-rolls; without them nobody plays a card but in its own action) and their
    Opportunity Fire and Knife markers (without them nobody takes Opportunity Fire)."""

    def perform(self, key: str, action: Action) -> None:
        piece = self.state.pieces.get(key) or self.state.reserve[key]
        if paralyzed(self.state, piece) and not isinstance(action, Hold):
            action = Hold(f"a Paralyze marker: it cannot move or fight, {self.state.ruleset.cite('spell-effects')}")
        moving = (Move, AssaultAction, ChainAssault, AssaultOnTheMove)
        if isinstance(action, moving) and crosses(self.state, piece, action.path):
            action = Hold(f"a Mythos Barrier bars its way, {self.state.ruleset.cite('spell-effects')}")
        if piece.key in self.state.mythos.aid.values() and isinstance(action, moving):
            action = Hold(f"an Aid marker: it cannot budge until treated, {self.state.ruleset.cite('medic')}")
        if isinstance(action, Move):
            if action.fire is None and self.phase is Phase.ACTIVATION:
                self.state.moved_only.add(key)  # Burst Into Action may follow it (HoN core p.17)
            self._surprise(piece, action.path, action.windows, over=leaps(piece))  # HoN core p.17
            self._move(piece, action.path, action.cards, shots=action.fire, fire_at=action.fire_at)
        elif isinstance(action, Enter):
            self._enter(piece, action.position)
        elif isinstance(action, Fire):
            self._fire(piece, action)
        elif isinstance(action, AssaultAction):
            self._assault(piece, action)
        elif isinstance(action, TemplateFire):
            self._template(piece, action)
        elif isinstance(action, Snipe):
            self._snipe(piece, action)
        elif isinstance(action, ChangeState):
            self._change_state(piece, action)
        elif isinstance(action, Embark):
            self._embark(piece, action)
        elif isinstance(action, Disembark) and piece.side.has("aviator"):
            self._leave_cockpit(piece, action)  # BfC p.10-11
        elif isinstance(action, Disembark):
            self._disembark(piece, action)
        elif isinstance(action, PushWreck):
            self._push_wreck(piece, action)
        elif isinstance(action, Clear):
            self._clear(piece, action.line)
        elif isinstance(action, Leave):
            self._leave(piece)
        elif isinstance(action, GearFire):
            self._gear_fire(piece, action)
        elif isinstance(action, GearThrow):
            self._gear_throw(piece, action)
        elif isinstance(action, GearMove):
            self._gear_move(piece, action)
        elif isinstance(action, GrenadeInto):
            self._grenade_into(piece, action)
        elif isinstance(action, PlaceMine):
            self._place_mine(piece, action)
        elif isinstance(action, ClearMine):
            self._clear_mine(piece, action)
        elif isinstance(action, Deploy):
            self._deploy(piece, action)
        elif isinstance(action, Board):
            self._board(piece, action)
        elif isinstance(action, Fly):
            self._fly(piece, action)
        elif isinstance(action, Cast):
            self._cast(piece, action)
        elif isinstance(action, FireAtTotem):
            self._fire_at_totem(piece, action)
        elif isinstance(action, SearchCheck):
            self._search(piece)
        elif isinstance(action, Treat):
            self._treat(piece)
        elif isinstance(action, ChainAssault):
            self._chain(piece, action)
        elif isinstance(action, AssaultOnTheMove):
            self._on_the_move(piece, action)
        elif isinstance(action, Demolish):
            self._demolish(piece, action)  # a Firing Action at a structure (HoN core p.22)
        else:
            self.add(
                HoldEvent(
                    turn=self.state.turn,
                    phase=self.phase,
                    side=piece.owner,
                    text=f"{name(piece)} holds ({action.reason}).",
                    unit=key,
                )
            )
        self.update_control()

    def update_control(self) -> None:
        """A side takes an objective when one of its units stands on it and no enemy unit
        does; it keeps it until the enemy takes it back (BfC p.12: "the German player may
        regain control"). How control is taken is not printed in the books at hand: this
        is the project's reading, stated here."""
        state = self.state
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
                self.add(
                    ControlEvent(
                        turn=state.turn,
                        phase=self.phase,
                        side=holder,
                        text=f"{holder} takes control of {objective.name}.",
                        objective=objective.id,
                    )
                )

    def hurt(self, before: Piece, after: Piece | None, effect: Effect, hit: bool = True, assault: bool = False) -> None:
        """Put a piece's new state on the battlefield; a destroyed one counts towards its
        group's breaking point (HoN core p.15). Not `hit`: destroyed otherwise than by a hit
        (no retreat, no way out), which a Medic's Aid cannot ignore (SoN p.18) nor a
        Substitute take (BfC p.08); `assault`: a hit in an assault."""
        state = self.state
        if hit and self.aided(before, after, effect):
            return  # a Medic's Aid marker (SoN p.18)
        if hit and before.unit.role is Role.HEAVY_WEAPON and self._substituted(before, effect, assault):
            return  # a Substitute took it (BfC p.08)
        if hit and self.ichor_shields(before, effect):
            return  # an Eldritch Ichor token (SoN p.14)
        if after is None:
            state.pieces.pop(before.key, None)
        else:
            state.pieces[before.key] = after
        if not effect.destroyed and self._deserts(before, after):
            return  # Desertion (HoN core p.17)
        if not effect.destroyed or before.key in state.destroyed:
            return
        state.destroyed[before.key] = before
        if before.side.has("defender") and self.phase == Phase.ACTIVATION:
            state.fallen_defenders[before.key] = before
        if before.is_vehicle:
            self._bail_out(before, after)
        self.add(
            DestroyedEvent(
                turn=state.turn,
                phase=self.phase,
                side=before.owner,
                text=f"{name(before)} ({state.title(before)}) is {effect.value}.",
                unit=before.key,
            )
        )
        self._pass_order(before)  # Dynamic (HoN core p.17)
        if before.is_vehicle and (after is None or after.is_wreck):
            self._unload(before)  # its riders get out (HoN core p.27)
        self._free_captives(before)  # a captive it held is liberated (BfC p.12)
        self._check_breaking(f"{before.owner}/{before.group}")

    def _bail_out(self, vehicle: Piece, wreck: Piece | None) -> None:
        """The Crew units in a destroyed vehicle are put next to the wreck, inactive side up and
        Suppressed, a Forced Move (HoN core p.21); with no square to go to they are destroyed."""
        state = self.state
        for crew in crews_in(vehicle, list(state.pieces.values())):
            around = sorted({sq for w in vehicle.squares for sq in neighbours(w)} - set(vehicle.squares))
            out_of = replace(crew, embarked_in=None)
            free = [
                sq
                for sq in around
                if may_stand(state, out_of, (sq,)) and may_step_out(state, out_of, vehicle.squares, sq)
            ]
            out = bail_out(crew, wreck or vehicle, free, state.ruleset)
            if out is None:
                self.hurt(crew, None, Effect.DESTROYED, hit=False)
                continue
            state.pieces[crew.key] = out
            self.add(
                EnterEvent(
                    turn=state.turn,
                    phase=self.phase,
                    side=crew.owner,
                    text=f"{name(crew)} bails out of {name(vehicle)} to {named_squares(out.squares)}, Suppressed "
                    f"({'BfC p.10-11' if crew.unit.front.has('aviator') else state.ruleset.cite('crew')}).",
                    unit=crew.key,
                    to=out.squares,
                )
            )

    def _check_breaking(self, group_key: str) -> None:
        state = self.state
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
        page = state.ruleset.cite("breaking-point")
        self.add(
            BreaksEvent(
                turn=state.turn,
                phase=self.phase,
                side=group.side,
                text=f"{group.name} reaches its breaking point ({lost} of {group.counters} counters lost, "
                f"breaking point {group.breaking_point}): {group.victory_points} victory points to "
                f"{' and '.join(scorers)} ({page}).",
                group=group_key,
                victory_points=group.victory_points,
            )
        )
