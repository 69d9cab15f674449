"""Assaulting: the Assault Action, Charge, retreats, pushing aside and the Knife (HoN core p.25-26, p.31; BfC p.08)."""

from __future__ import annotations

from dataclasses import replace

from builder.heroes.rules.actions import AssaultAction
from builder.heroes.rules.assault import (
    Assault,
    AssaultOutcome,
    AssaultResult,
    AttackerMove,
    DefenderMove,
    resolve_assault,
)
from builder.heroes.rules.combat import (
    IllegalAttack,
    name,
)
from builder.heroes.rules.cover import CHARGE_PAGE, _shared_cover, cover
from builder.heroes.rules.damage import DamageLocation, Effect
from builder.heroes.rules.events import (
    AdvanceEvent,
    AssaultEvent,
    RetreatEvent,
)
from builder.heroes.rules.ferocious import FEROCIOUS, FEROCIOUS_PAGE
from builder.heroes.rules.firing import in_arc, one_weapon_only, shot_at, weapons_of
from builder.heroes.rules.grid import footprint_squares, neighbours
from builder.heroes.rules.mythos_rolls import paralyzed, roll_modifiers
from builder.heroes.rules.path import Path
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.spotting import inactive
from builder.heroes.rules.squares import forced_move_zones, may_stand, may_step, named_squares
from builder.heroes.rules.state import GameState
from builder.heroes.rules.structures import structure_of
from builder.heroes.rules.surprise import assaults_through_window
from builder.heroes.rules.terrifying import terrifying_note
from builder.heroes.rules.traits import has_trait
from builder.heroes.rules.transport import launch_refusal, refuge
from builder.heroes.rules.turn_base import TurnBase
from builder.kernel.events import Modifier


def knife_bonus(state: GameState) -> Modifier:
    """A Knife marker discarded: +2 to the result of the assault roll (HoN core p.31)."""
    return Modifier("Knife", 2, state.ruleset.cite("knife"))


class AssaultActions(TurnBase):
    """The Assault: Charge, the moves after it, retreats and pushing aside (HoN core p.25-26, p.31; BfC p.08)."""

    def _assault(self, attacker: Piece, action: AssaultAction) -> None:
        defender = self.state.pieces[action.defender]
        if DamageLocation.TRACKS in attacker.damage:  # an assault is a Movement Action (HoN core p.25)
            raise IllegalAttack(
                f"the tracks of {name(attacker)} are damaged: it may not assault", self.state.ruleset.cite("damage")
            )
        approach = Path(action.path.positions[:-1], action.path.cost) if len(action.path.positions) > 1 else None
        if attacker.embarked_in is not None:  # launched from its transport (HoN core p.25, p.27)
            problem = launch_refusal(self.state, attacker, defender)
            if problem is not None:
                raise IllegalAttack(
                    f"{name(attacker)} may not assault: {problem}", self.state.ruleset.cite("transport")
                )
            approach = None
        if action.charge and not attacker.side.has("charge"):
            raise IllegalAttack(f"{name(attacker)} has no Charge ability", CHARGE_PAGE)
        # Every refusal above comes first: a refused assault spends no card.
        if attacker.embarked_in is None or action.windows:
            self._surprise(attacker, action.path, action.windows, "assault")  # a window per card (HoN core p.17)
        if action.charge:
            self._charge(attacker, defender)
            charger, found = self.state.pieces.get(attacker.key), self.state.pieces.get(defender.key)
            if charger is None or charger.is_wreck:
                return
            attacker = charger
            if found is None or found.is_wreck:
                # "If the Firing Action destroys the target, this unit must end its Movement
                # Action in the target's former square" (BfC p.08).
                whole = action.path
                if len(whole.positions) > 1 and may_stand(self.state, attacker, whole.destination.squares):
                    self._move(attacker, whole)
                elif approach is not None and approach.destination.squares != attacker.squares:
                    self._move(attacker, approach)
                return
            defender = found
        if approach is not None and approach.destination.squares != attacker.squares:
            # Assaults first, then spotting (the book's summary): the move does not end the action.
            self._move(attacker, approach, ends_action=False)
            moved = self._moved_on(attacker.key, approach)
            if moved is None:
                # Destroyed or stopped by Opportunity Fire on the way (HoN core p.24-25): no assault.
                self.spot_all(except_key=attacker.key)
                return
            attacker = moved
            if attacker.side.ability_value("assault") is None and attacker.owner not in self.state.granted_assault:
                # Hit on the way (a Mine marker, BfC p.09) and turned to a side with no Assault
                # ability: it may not assault (HoN core p.25); the move stands.
                self.spot_all(except_key=attacker.key)
                return
            defender = self.state.pieces[action.defender]
        from_squares = attacker.squares
        terrain = 0 if _shared_cover(self.state, attacker, defender) else cover(self.state, defender)
        # Assaulted from a square outside its limited firing arc(s): a Suppressed marker first (HoN core p.26).
        arcs = defender.side.weapons
        outside = any(w.arc is not None for w in arcs) and not any(in_arc(defender, from_squares, w) for w in arcs)
        granted = self.state.granted_assault
        assault = Assault(
            attacker,
            defender,
            terrain=terrain,
            outside_arc=outside,
            granted_assault=granted.get(attacker.owner),
            defender_granted_assault=granted.get(defender.owner),
            attacker_bonuses=roll_modifiers(self.state, attacker, defender),
            defender_bonuses=roll_modifiers(self.state, defender, attacker),
            defender_paralyzed=paralyzed(self.state, defender),
            ferocious=has_trait(self.state.traits, attacker, FEROCIOUS),  # BfC p.09
        )
        if action.bonuses:
            assault = replace(assault, attacker_bonuses=(*assault.attacker_bonuses, *action.bonuses))
        assault = self.signed_assault(assault)  # Elder Signs with a Manifestation (SoN p.14)
        assault, blades = self.poisoned_blades(assault)  # Poisoned Blade markers (SoN p.16)
        knives: list[str] = []
        if action.knife:
            pool = self.state.gear_for(attacker, "knife")
            if pool is None:
                raise IllegalAttack(f"{name(attacker)} has no Knife marker", self.state.ruleset.cite("knife"))
            self.state.spend(pool)
            assault = replace(assault, attacker_bonuses=(*assault.attacker_bonuses, knife_bonus(self.state)))
            knives.append(name(attacker))
        pool = self.state.gear_for(defender, "knife")
        watcher = self.watchers.get(defender.owner)
        if pool is not None and watcher is not None and watcher.defend_with_knife(self.state, defender, assault):
            self.state.spend(pool)
            assault = replace(assault, defender_bonuses=(*assault.defender_bonuses, knife_bonus(self.state)))
            knives.append(name(defender))
        assault = self._shielded_assault(assault)  # Additional Shielding (BfC p.09)
        reroll = self._assault_rerolls(assault)  # Veteran markers (HoN core p.30)
        result = resolve_assault(
            self._assault_bonuses(assault),
            self.dice,
            self.state.ruleset,
            reroll=reroll,
            rerolls=self._veteran_rolls(attacker, defender),  # the damage location roll (HoN core p.30)
        )
        result = self._life_point_assault(result)  # a Character's Life Point (BfC p.09)
        captured = result.outcome is AssaultOutcome.WIN and self._capture(attacker, defender)
        if captured:  # taken whole instead of the hit and the retreat (BfC p.12, capture.py)
            result = replace(result, defender=None, defender_effect=Effect.NONE, defender_moves=DefenderMove.REMOVED)
        event = AssaultEvent.of(result, self.state.turn, self.phase, attacker.owner)
        event = event.model_copy(update={"text": event.text + terrifying_note(result, self.state.ruleset)})
        if knives:
            spent = f"{' and '.join(knives)} discard{'s' if len(knives) == 1 else ''} a Knife marker, +2"
            event = event.model_copy(update={"text": f"{spent} ({self.state.ruleset.cite('knife')}): {event.text}"})
        self.add(event)
        where = structure_of(self.state.battlefield, defender)  # the defender's structure (HoN core p.22)
        self.hurt(attacker, result.attacker, result.attacker_effect, assault=True)
        if not captured:
            self.hurt(defender, result.defender, result.defender_effect, assault=True)
        self.poison(attacker, defender, blades)  # a survivor keeps them (SoN p.16)
        self._assault_moves(result, from_squares, defender.squares)
        if action.windows and result.attacker_moves is AttackerMove.FALLS_BACK:
            self._back_through_window(attacker, action.path, from_squares)
        self._assault_destruction(attacker, where)
        self.spot_all(except_key=attacker.key)

    def _charge(self, attacker: Piece, defender: Piece) -> None:
        """Charge (BfC p.08): "When this unit launches an Assault, it may first take a Firing
        Action at its target. If the target survives, resolve the Assault. This free attack
        disregards range restrictions" - from where it stands, before it moves, with every
        weapon that can."""
        weapons = [w for w in weapons_of(attacker) if shot_at(self.state, attacker, defender, w, charge=True)]
        if one_weapon_only(attacker):
            weapons = weapons[:1]
        said = f"Charge ({CHARGE_PAGE}): {name(attacker)} fires before the assault. "
        for weapon in weapons:
            target, shooter = self.state.pieces.get(defender.key), self.state.pieces.get(attacker.key)
            if target is None or shooter is None or target.is_wreck:
                break
            shot = shot_at(self.state, shooter, target, weapon, charge=True)
            if shot is None:
                continue
            self._shoot(shooter, shot, before=said)

    def _assault_moves(
        self, result: AssaultResult, from_squares: tuple[Square, ...], contested: tuple[Square, ...]
    ) -> None:
        """The defender retreats or is pushed aside, then the attacker takes the square if it
        is free (HoN core p.26)."""
        # As the hits left them on the battlefield: a Substitute (BfC p.08) or a Medic may have spared one.
        attacker, defender = (
            self.state.pieces.get(p.key) if p is not None else None for p in (result.attacker, result.defender)
        )
        if defender is not None and not defender.is_wreck:
            if result.defender_moves is DefenderMove.RETREATS and result.outcome is not AssaultOutcome.WIN:
                self.add(
                    RetreatEvent(
                        turn=self.state.turn,
                        phase=self.phase,
                        side=defender.owner,
                        text=f"{name(result.assault.attacker)} is Ferocious ({FEROCIOUS_PAGE}): {name(defender)} "
                        "is pushed back though it did not lose.",
                        unit=defender.key,
                    )
                )
            if result.defender_moves is DefenderMove.RETREATS:
                self._retreat(defender, from_squares, lost=result.outcome is AssaultOutcome.WIN)
            elif result.defender_moves is DefenderMove.PUSHED_ASIDE:
                self._push_aside(defender)
        # A vehicle beaten by infantry takes its square "whether it turned into a Wreck or not"
        # (HoN core p.26): its wreck moves in too.
        if attacker is not None and result.attacker_moves is AttackerMove.ADVANCES:
            front = contested[0]
            step = (front[0] - attacker.square[0], front[1] - attacker.square[1])
            facing = next(
                (f for f, d in STEPS.items() if d == (max(-1, min(1, step[0])), max(-1, min(1, step[1])))),
                attacker.facing,
            )
            squares = footprint_squares(front, facing, attacker.unit.footprint)
            # A heavy vehicle that wrecks a light vehicle takes its square (HoN core p.26).
            wrecked = result.wreck_destruction_points and defender is not None
            onto = frozenset({defender.key}) if wrecked and defender is not None else frozenset()
            # One that assaulted from its transport gets off onto the ground it took (HoN core p.27).
            ride = self.state.pieces.get(attacker.embarked_in or "")
            attacker = replace(attacker, embarked_in=None) if ride is not None else attacker
            off = f"gets off {name(ride)} and " if ride is not None else ""
            if may_stand(self.state, attacker, squares, onto):
                self.state.pieces[attacker.key] = attacker.moved(squares, facing)
                wreck = attacker.is_wreck
                if not wreck:
                    self._carry(self.state.pieces[attacker.key])
                said = (
                    f"the wreck of {name(attacker)} takes the defender's place at {named_squares(squares)} "
                    f"({self.state.ruleset.cite('assault-results')})"
                    if wreck
                    else f"{name(attacker)} {off}takes the ground at {named_squares(squares)}"
                )
                self.add(
                    AdvanceEvent(
                        turn=self.state.turn,
                        phase=self.phase,
                        side=attacker.owner,
                        text=said + ".",
                        unit=attacker.key,
                        to=squares,
                    )
                )
                if not wreck:
                    self.tread(attacker.key, squares)  # a Mine marker there goes off (BfC p.09)
                if onto and defender is not None and defender.key in self.state.pieces:
                    self._wreck_points(
                        attacker,
                        defender.key,
                        result.wreck_destruction_points,
                        "takes the square of",
                        "assault-results",
                    )

    def _back_through_window(self, attacker: Piece, path: Path, from_squares: tuple[Square, ...]) -> None:
        """Surprise (HoN core p.17): "A unit that launches an assault on a unit that is behind a
        window doesn't need a second Surprise card to return to its starting square if it is
        pushed back" - it goes back through the window it assaulted through, no card played."""
        back = self.state.pieces.get(attacker.key)
        if back is None or back.is_wreck or not assaults_through_window(self.state.battlefield, path):
            return
        self.add(
            RetreatEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=back.owner,
                text=f"{name(back)} is pushed back through the window to {named_squares(from_squares)}, the square it "
                f"launched the assault from, with no second Surprise card ({self.state.ruleset.cite('action-cards')}).",
                unit=back.key,
                to=from_squares,
            )
        )

    def _retreat(self, defender: Piece, attacker_squares: tuple[Square, ...], lost: bool = True) -> None:
        """To one of the three squares opposite the attacker, the best covered first; it may
        enter an enemy Zone of Control but is destroyed if the retreat would move it within
        one, and with no square left it is destroyed (HoN core p.26). A Forced Move: a unit
        with an X Movement Value is destroyed instead (p.9). Having `lost` the assault, its
        side may play a Surprise card to leave its building through a window (p.17)."""
        ac, ar = attacker_squares[0]
        dc, dr = defender.square
        away = (max(-1, min(1, dc - ac)), max(-1, min(1, dr - ar)))
        options = [sq for sq in neighbours(defender.square) if (sq[0] - dc) * away[0] + (sq[1] - dr) * away[1] > 0]
        ranked = sorted(options, key=lambda sq: (-cover(self.state, defender, (sq,)), sq))
        # Into a transport too only through a door, never through a wall (a Forced Move, p.26-27).
        stepped = [sq for sq in ranked if may_step(self.state, inactive(defender), sq)]
        ride = refuge(self.state, defender, stepped) if len(defender.squares) == 1 else None
        if ride is not None:  # into an allied transport, where no shot reaches it (HoN core p.27)
            self.state.pieces[defender.key] = replace(defender.moved(ride.squares, ride.facing), embarked_in=ride.key)
            self.add(
                RetreatEvent(
                    turn=self.state.turn,
                    phase=self.phase,
                    side=defender.owner,
                    text=f"{name(defender)} retreats into {name(ride)} ({self.state.ruleset.cite('transport')}).",
                    unit=defender.key,
                    to=ride.squares,
                )
            )
            return
        windows = lost and self._surprise_exit(defender, ranked)  # HoN core p.17
        self._displace(defender, ranked, "retreats to", "has nowhere to retreat", "assault-results", windows=windows)

    def _push_aside(self, defender: Piece) -> None:
        """To a free square next to it, never within an enemy Zone of Control, or destroyed
        (HoN core p.26, as a unit run over, p.10)."""
        self._displace(
            defender,
            sorted(neighbours(defender.square)),
            "is pushed aside to",
            "cannot be pushed aside",
            "assault-results",
        )

    def _displace(
        self,
        defender: Piece,
        options: list[Square],
        moved: str,
        stuck: str,
        rule: str,
        suppress: int = 0,
        windows: bool = False,
    ) -> None:
        """Move a one-square unit to the first square of `options` it may step into (`windows`:
        through a window too, a Surprise card played) without moving within an enemy Zone of
        Control, or destroy it (`landing`). A counter of several squares never retreats
        (vehicles stay, HoN core p.26). A Forced Move: a unit Active Side up turns over onto its
        Inactive Side first (p.9), so the Movement Value read is that side's; `suppress`
        Suppressed markers it gains."""
        cite = self.state.ruleset.cite
        why = ""
        if inactive(defender).side.movement is None:
            why = f"an X Movement Value: a Forced Move destroys it ({cite('forced-move')})"
        square, within = landing(self.state, defender, options, windows)
        if square is not None:
            self.state.pieces[defender.key] = replace(
                inactive(defender).moved((square,)), suppressed=defender.suppressed + suppress
            )
            self.add(
                RetreatEvent(
                    turn=self.state.turn,
                    phase=self.phase,
                    side=defender.owner,
                    text=f"{name(defender)} {moved} {named_squares((square,))}"
                    + (f", with a Suppressed marker ({cite(rule)})." if suppress else "."),
                    unit=defender.key,
                    to=(square,),
                )
            )
            self.tread(defender.key, (square,))  # a Mine marker there goes off (BfC p.09)
            return
        if within:
            why = f"{named_squares(within)} would move it within an enemy Zone of Control ({cite(rule)})"
        elif not why:
            why = f"no square it may enter ({cite(rule)})"
        self.add(
            RetreatEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=defender.owner,
                text=f"{name(defender)} {stuck}: {why}; it is destroyed.",
                unit=defender.key,
            )
        )
        self.hurt(defender, None, Effect.DESTROYED, hit=False)


def landing(
    state: GameState, piece: Piece, options: list[Square], windows: bool = False
) -> tuple[Square | None, tuple[Square, ...]]:
    """Where a one-square unit's Forced Move of one square ends: the first of `options` it may
    stand on and step into (walls, doors and - with `windows` - windows, `may_step`) without
    moving within an enemy Zone of Control (HoN core p.26: "Destroyed if the retreat forces it
    to move within an enemy ZoC"); and the squares passed over for that alone. None for a
    counter of several squares or a unit with an X Movement Value (p.9)."""
    if len(piece.squares) != 1 or inactive(piece).side.movement is None:
        return None, ()
    zones = forced_move_zones(state, piece)
    here = zones.get(piece.square, frozenset())
    within: list[Square] = []
    for square in options:
        if not may_stand(state, piece, (square,)) or not may_step(state, inactive(piece), square, windows):
            continue
        if here & zones.get(square, frozenset()):
            within.append(square)
            continue
        return square, tuple(within)
    return None, tuple(within)
