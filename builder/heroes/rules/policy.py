"""The simple policy that plays both sides of a simulated game: fire where the expected
damage is best (a normal shot, Suppressive Fire or a Machine Gunner's split, Ammo spent when
it adds enough), assault when the odds favour it (a Knife discarded when it helps),
otherwise move towards the objectives, preferring cover, firing on the move when it can;
Opportunity Fire when the odds of a hit are good. Deterministic: ties are broken by square
and key, never at random, so a seed alone decides a game.

Action cards (HoN core p.17): an Alternate Bonus when the exact odds say it turns a likely
miss (or lost assault) into a likely hit (or won one), or brings a unit onto an objective;
a Battle Event when its condition is useful (see each method); cards it can never play are
discarded at the end of the Supply Phase.

It only chooses; `builder.heroes.rules.activation.Turn` applies the choice under the rules.

Here the Policy protocol and SimplePolicy: the order tokens, what an activated unit does and
the Supply Phase move. SimplePolicy is assembled from the parts of the policy, one module
each: policy_firing, policy_assault, policy_movement, policy_cards and policy_reinforcements,
over policy_base (the thresholds and the helpers they share)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from builder.heroes.catalogue.cards import CardTiming
from builder.heroes.rules.actions import Action, Clear, Fire, Hold, Move
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.cards import CardChoices, CardPlay
from builder.heroes.rules.crew import CREW
from builder.heroes.rules.orders import Orders, Tokens
from builder.heroes.rules.path import Path
from builder.heroes.rules.personal_order import duties, may_be_ordered, owed_first
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.policy_assault import AssaultChoices
from builder.heroes.rules.policy_aviation import AviationChoices
from builder.heroes.rules.policy_base import FAR, PolicyBase, _gap
from builder.heroes.rules.policy_cards import ActionCardChoices
from builder.heroes.rules.policy_destruction import DestructionChoices
from builder.heroes.rules.policy_events import EventCardChoices
from builder.heroes.rules.policy_firing import FiringChoices
from builder.heroes.rules.policy_gear import GearChoices
from builder.heroes.rules.policy_magic import MagicChoices
from builder.heroes.rules.policy_movement import MovementChoices
from builder.heroes.rules.policy_reinforcements import ReinforcementChoices
from builder.heroes.rules.policy_son_gear import SonGearChoices
from builder.heroes.rules.policy_variants import VariantChoices
from builder.heroes.rules.policy_weapons import WeaponChoices
from builder.heroes.rules.policy_works import WorksChoices
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.squares import hedgehogs_in_reach
from builder.heroes.rules.state import GameState
from builder.heroes.rules.substitute import worth_substituting
from builder.heroes.scenario.models import Event


class Policy(CardChoices, Protocol):
    def assign(self, state: GameState, side: str, tokens: Tokens) -> Orders:
        """Place the side's order tokens (HoN core p.8, step 3)."""
        ...

    def activate(self, state: GameState, piece: Piece) -> Action:
        """What an activated unit does in the Activation Phase."""
        ...

    def supply_move(self, state: GameState, piece: Piece) -> Action:
        """A Supply Phase Movement Action: never a firing action nor an assault (HoN core p.16)."""
        ...

    def reinforce(self, state: GameState, side: str, event: Event) -> str:
        """A scenario event lets `side` discard its spent option tiles and fill the empty slots
        of its recruitment tiles with options (BfC p.14, p.16): the choice, done, in English."""
        ...

    def opportunity(self, state: GameState, firer: Piece, target: Piece) -> Fire | None:
        """Whether `firer` takes Opportunity Fire at `target` now (HoN core p.24)."""
        ...

    def defend_with_knife(self, state: GameState, defender: Piece, assault: Assault) -> bool:
        """Whether an assaulted unit discards a Knife marker (HoN core p.31)."""
        ...

    def transfer_aid(self, state: GameState, medic: Piece, patient: Piece, hit: Piece, destroyed: bool) -> bool:
        """Whether a Medic moves its Aid marker to a unit that just took a hit (SoN p.18)."""
        ...

    def elder_signs(self, state: GameState, piece: Piece, short: int, held: int) -> int:
        """How many of the `held` Elder Signs a unit plays on a throw against a Manifestation
        (a Terror check, a shot, an assault) that a 4 would miss by `short` (SoN p.14)."""
        ...

    def substitute(
        self, state: GameState, weapon: Piece, stand_ins: tuple[Piece, ...], destroyed: bool, double: bool
    ) -> Piece | None:
        """Which Substitute suffers a hit in place of a Heavy Weapon, or None (BfC p.08)."""
        ...

    def play_special(self, state: GameState, piece: Piece) -> bool:
        """Whether the unit with a special order token plays it now: as order 0 before the first
        token is revealed, else before the next one (HoN core p.8)."""
        ...

    def amulets(self, state: GameState, side: str, held: int) -> tuple[str, ...]:
        """The enemy units the side forces to a Terror check, an Amulet of Dagon each (SoN p.16)."""
        ...

    def order_cards(self, state: GameState, side: str) -> tuple[CardPlay, ...]:
        """Battle Events played at the start of the Order Phase (HoN core p.8, step 1)."""
        ...

    def action_cards(self, state: GameState, piece: Piece, moment: CardTiming) -> tuple[CardPlay, ...]:
        """Battle Events played on a unit as it is activated, or once it has acted."""
        ...

    def discards(self, state: GameState, side: str) -> tuple[str, ...]:
        """Cards discarded before drawing at the end of the Supply Phase (HoN core p.16, step 7)."""
        ...

    def conceal(self, state: GameState, side: str) -> tuple[str, ...]:
        """Units to replace with Concealed markers, at deployment and as a Supply Phase begins (HoN core p.30)."""
        ...

    def scout(self, state: GameState, piece: Piece) -> Path | None:
        """A unit's Scout move once the armies are deployed (HoN core p.26), None to stay."""
        ...


@dataclass
class SimplePolicy(
    WeaponChoices,
    FiringChoices,
    AssaultChoices,
    MovementChoices,
    ActionCardChoices,
    EventCardChoices,
    ReinforcementChoices,
    GearChoices,
    WorksChoices,
    AviationChoices,
    MagicChoices,
    VariantChoices,
    DestructionChoices,
    SonGearChoices,
    PolicyBase,
):
    fire_threshold: float = 0.15  # expected hits a firing action must promise
    assault_edge: float = 0.2  # P(win) - P(loss) an assault must promise
    opportunity_odds: float = 0.5  # the chance of at least a hit an Opportunity Fire must promise
    ammo_gain: float = 0.2  # expected hits an Ammo marker must add to be spent
    knife_gain: float = 0.1  # the chance of winning (or not losing) a Knife marker must add
    _fields: dict[tuple[object, ...], dict[Square, int]] = field(default_factory=dict, repr=False)

    # --- Order tokens -------------------------------------------------------------------

    def assign(self, state: GameState, side: str, tokens: Tokens) -> Orders:
        """Tokens to the units nearest the enemy (they have targets), those that must take a
        token first: a Personal Order unit (HoN core p.26), the nearest unit of a Hardened tile
        (BfC p.09); the bluff on the next in line."""
        enemies = tuple(sq for p in state.enemies_of(side) for sq in p.squares)

        def urgency(piece: Piece) -> tuple[int, str]:
            """Squares to the nearest enemy."""
            return (_gap(piece.squares, enemies) if piece.squares and enemies else FAR, piece.key)

        # A Crew unit riding in its vehicle has nothing to do with a token (HoN core p.21).
        candidates = [p for p in may_be_ordered(state, side) if not (p.embarked_in and p.side.has(CREW))]
        nearest = [p.key for p in self._ranked(candidates, urgency, unit=1)]
        ranked = owed_first(duties(state, side), nearest)
        numbered = tuple(ranked[: tokens.numbered])
        special = tuple(ranked[len(numbered) : len(numbered) + tokens.special])
        used = len(numbered) + len(special)
        return Orders(side, numbered, special, tuple(ranked[used : used + tokens.bluff]))

    @staticmethod
    def substitute(
        state: GameState, weapon: Piece, stand_ins: tuple[Piece, ...], destroyed: bool, double: bool
    ) -> Piece | None:
        """The nearest Substitute worth it: to save the weapon, or one that survives (BfC p.08)."""
        return next((p for p in stand_ins if worth_substituting(destroyed, p, double)), None)

    @staticmethod
    def play_special(state: GameState, piece: Piece) -> bool:
        """Now if an enemy is within its Movement Value and one square (it strikes first), or
        it waits off the battlefield; else held until an enemy comes that near (HoN core p.8)."""
        if not piece.squares:
            return True
        reach = (piece.side.movement or 0) + 1
        return any(_gap(piece.squares, enemy.squares) <= reach for enemy in state.enemies_of(piece.owner))

    # --- Activation ---------------------------------------------------------------------

    def activate(self, state: GameState, piece: Piece) -> Action:
        if piece.key in state.reserve:
            return self._enter(state, piece)
        flight = self._flight(state, piece)  # Aviators and airplanes (BfC p.10-11)
        if flight is not None:
            return flight
        occupancy = Occupancy(state.pieces.values())
        if piece.embarked_in is not None and piece.side.has(CREW):
            return Hold("it crews its vehicle")  # its abilities are the vehicle's (HoN core p.21)
        if piece.embarked_in is not None:  # it may assault or fire from the vehicle (HoN core p.27)
            launched = self._assault(state, piece)
            if launched is not None:
                return launched
            riding, _ = self._firing(state, piece, occupancy)
            return riding if riding is not None else Hold("it rides in its transport")
        if self._exiting(state, piece):
            return self._advance(state, piece)
        assault = self._assault(state, piece)
        if assault is not None:
            return self._moving_on(state, piece, assault, self._goals(state, piece.owner))  # SoN p.17
        variant = self._variant_assault(state, piece)  # Brutal, Long Distance (SoN p.17)
        if variant is not None:
            return variant
        fire, worth = self._firing(state, piece, occupancy)
        if fire is not None:
            fire = self._with_recce_ammo(state, piece, fire)  # BfC p.09
        special = self._alternate(state, piece, occupancy)
        gear = self._gear_alternate(state, piece, occupancy, worth)  # a firing marker (HoN core p.28-31)
        if gear is not None and (special is None or gear[0] > special[0]):
            special = gear
        if special is not None and special[0] > worth and special[0] >= self.fire_threshold:
            return special[1]  # a template or the sniper's table promises more (HoN core p.23-24)
        cast = self._spell(state, piece, max(worth, special[0] if special is not None else 0.0))
        if cast is not None:
            return cast  # a spell promises more than any shot (SoN p.14-15)
        if fire is not None:
            return fire
        demolish = self._demolish(state, piece, occupancy)  # a structure enemies hold (HoN core p.22)
        if demolish is not None:
            return demolish
        topple = self._topple(state, piece)  # an enemy Totem in sight (SoN p.16-17)
        if topple is not None:
            return topple
        # An Engineer with nothing to shoot clears a barbed hedgehog in its ZoC (BfC p.05).
        hedgehogs = hedgehogs_in_reach(state, piece)
        if hedgehogs:
            return Clear(hedgehogs[0])
        search = self._search_here(state, piece) or self._medic(state, piece, supply=False)
        if search is not None:
            return search  # a Search check instead of an action (SoN p.11), a Medic's care (p.18)
        lifted = self._lift_mine(state, piece)  # an Engineer discards an enemy Mine marker (BfC p.09)
        if lifted is not None:
            return lifted
        advance = self._with_movement_gear(state, piece, self._advance(state, piece))  # BfC p.09
        if isinstance(advance, Hold):  # holding its ground: it lays a Mine marker (BfC p.09)
            laid = self._lay_mine(state, piece)
            if laid is not None:
                return laid
        works = self._field_works(state, piece, advance)  # Forward and Advanced Positions (BfC p.08-09)
        if works is not None:
            return works
        flip = self._change_state(state, piece, advance, occupancy)
        if flip is not None:
            return flip
        advance = self._short_of_mines(state, piece, advance)
        if isinstance(advance, Move):
            return self._on_the_move(state, piece, advance)
        return advance

    def supply_move(self, state: GameState, piece: Piece) -> Action:
        if piece.key in state.reserve:
            return self._enter(state, piece)
        flight = self._flight(state, piece)
        if flight is not None:
            return flight
        if piece.embarked_in is not None:
            return Hold("it rides in its transport")
        found = self._search_here(state, piece) or self._medic(state, piece, supply=True)
        if found is not None:
            return found  # a Search check (SoN p.11), a Medic's care (p.18)
        advance = self._advance(state, piece)
        works = self._field_works(state, piece, advance)
        return works if works is not None else self._short_of_mines(state, piece, advance)
