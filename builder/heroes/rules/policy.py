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

It only chooses; `builder.heroes.rules.activation.Turn` applies the choice under the rules."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import Protocol

from builder.heroes.army.summary import MAX_SPECIAL
from builder.heroes.catalogue.cards import ActionCard, BonusKind, CardEffectKind, CardTiming
from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.actions import (
    MAX_AMMO,
    Action,
    AssaultAction,
    ChangeState,
    Clear,
    Enter,
    Fire,
    Hold,
    Leave,
    Move,
    Snipe,
    TemplateFire,
    enemies_in_reach,
    exit_squares,
    hedgehogs_in_reach,
)
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.assaulting import knife_bonus
from builder.heroes.rules.cards import ASSAULT_BONUSES, FIRE_BONUSES, CardChoices, CardPlay, playable_event
from builder.heroes.rules.combat import (
    Aim,
    Facing,
    FireOutcome,
    IllegalAttack,
    Shot,
    aim,
    machine_gunner_pool,
    split_machine_gunner,
)
from builder.heroes.rules.cover import cover, cover_table, terrain_bonus
from builder.heroes.rules.damage import DamageLocation
from builder.heroes.rules.deployment import candidates
from builder.heroes.rules.firing import one_weapon_only, shots_at, weapons_of
from builder.heroes.rules.grid import Point, corners
from builder.heroes.rules.los import line_of_sight
from builder.heroes.rules.movement import Position, Reach, allowance, assault_path, reachable
from builder.heroes.rules.odds import (
    Odds,
    expected_hits,
    expected_suppressed,
    odds_of_aim,
    odds_of_assault,
    odds_of_shot,
)
from builder.heroes.rules.orders import Orders, Tokens, needs_no_order, tokens_for
from builder.heroes.rules.passage import passage_map
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.placement import zone_squares, zones_for
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.spotting import could_be_spotted, may_change_state, turned_over
from builder.heroes.rules.state import GameState
from builder.heroes.rules.templating import TemplatePlan, template_ability, template_plan, template_targets
from builder.heroes.scenario.conditions import AllOf, AnyOf, Condition, Control, Exited
from builder.heroes.scenario.models import Event
from builder.kernel.events import Modifier, Roll

FAR = 10_000
# hon's reading, the book gives no exchange rate: a Suppressed marker (-2 on every roll, one
# taken off each Supply Phase, HoN core p.16) is worth a third of a hit to the policy.
SUPPRESSION_WORTH = 1 / 3
MG_TARGETS = 4  # the best single targets a Machine Gunner considers splitting between
FIELDS_KEPT = 64  # distance fields remembered; goals that chase enemies change every move
LIKELY = Fraction(1, 2)  # an Alternate Bonus must lift the chance of success from below this to it
REROLL_WORTH = Fraction(1, 3)  # a missed shot is rolled again when a hit is at least this likely


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

    def order_cards(self, state: GameState, side: str) -> tuple[CardPlay, ...]:
        """Battle Events played at the start of the Order Phase (HoN core p.8, step 1)."""
        ...

    def action_cards(self, state: GameState, piece: Piece, moment: CardTiming) -> tuple[CardPlay, ...]:
        """Battle Events played on a unit as it is activated, or once it has acted."""
        ...

    def discards(self, state: GameState, side: str) -> tuple[str, ...]:
        """Cards discarded before drawing at the end of the Supply Phase (HoN core p.16, step 7)."""
        ...


@dataclass
class SimplePolicy:
    fire_threshold: float = 0.15  # expected hits a firing action must promise
    assault_edge: float = 0.2  # P(win) - P(loss) an assault must promise
    opportunity_odds: float = 0.5  # the chance of at least a hit an Opportunity Fire must promise
    ammo_gain: float = 0.2  # expected hits an Ammo marker must add to be spent
    knife_gain: float = 0.1  # the chance of winning (or not losing) a Knife marker must add
    _fields: dict[tuple[object, ...], dict[Square, int]] = field(default_factory=dict, repr=False)

    # --- Order tokens -------------------------------------------------------------------

    def assign(self, state: GameState, side: str, tokens: Tokens) -> Orders:
        """Tokens to the units nearest the enemy (they have targets), those that must take a
        token (Personal Order, HoN core p.26) first; the bluff on the next in line."""
        enemies = [sq for p in state.enemies_of(side) for sq in p.squares]
        own = [p for p in (*state.units(side), *state.reserve.values()) if p.owner == side and not needs_no_order(p)]

        def urgency(piece: Piece) -> tuple[int, int, str]:
            near = min((_gap(piece.squares, (e,)) for e in enemies), default=FAR) if piece.squares else FAR
            return (0 if piece.side.has("personal-order") else 1, near, piece.key)

        ranked = [p.key for p in sorted(own, key=urgency)]
        numbered = tuple(ranked[: tokens.numbered])
        special = tuple(ranked[len(numbered) : len(numbered) + tokens.special])
        used = len(numbered) + len(special)
        return Orders(side, numbered, special, tuple(ranked[used : used + tokens.bluff]))

    # --- Reinforcements -----------------------------------------------------------------

    def reinforce(self, state: GameState, side: str, event: Event) -> str:
        """The simple policy takes no new option: choosing one needs the catalogue and the
        army list, which a game in play does not hold, so it keeps its tiles as they are."""
        return (
            f"{side} may fill the empty slots of its recruitment tiles with options; the simple policy "
            "chooses to take none and discards no option tile"
        )

    # --- Activation ---------------------------------------------------------------------

    def activate(self, state: GameState, piece: Piece) -> Action:
        if piece.key in state.reserve:
            return self._enter(state, piece)
        occupancy = Occupancy(state.pieces.values())
        if piece.embarked_in is not None:  # it may fire from the vehicle (HoN core p.27)
            riding, worth = self._shots(state, piece, occupancy)
            if riding is None:
                return Hold("it rides in its transport")
            return self._with_ammo(state, piece, occupancy, (riding, worth))[0]
        if self._exiting(state, piece):
            return self._advance(state, piece)
        assault = self._assault(state, piece)
        if assault is not None:
            return assault
        fire, worth = self._shots(state, piece, occupancy)
        if fire is not None:
            fire, worth = self._with_ammo(state, piece, occupancy, (fire, worth))
        special = self._alternate(state, piece, occupancy)
        if special is not None and special[0] > worth and special[0] >= self.fire_threshold:
            return special[1]  # a template or the sniper's table promises more (HoN core p.23-24)
        if fire is not None:
            return fire
        # An Engineer with nothing to shoot clears a barbed hedgehog in its ZoC (BfC p.05).
        hedgehogs = hedgehogs_in_reach(state, piece)
        if hedgehogs:
            return Clear(hedgehogs[0])
        advance = self._advance(state, piece)
        flip = self._change_state(state, piece, advance, occupancy)
        if flip is not None:
            return flip
        if isinstance(advance, Move):
            return self._on_the_move(state, piece, advance)
        return advance

    def _alternate(self, state: GameState, piece: Piece, occupancy: Occupancy) -> tuple[float, Action] | None:
        """The best Alternate Firing Action the unit's abilities offer, by expected hits: a
        Howitzer or Indirect Fire template on an interspace at a corner of an enemy's square
        (units of its own side under it count against), or the Sniper's table."""
        best: tuple[float, Action] | None = None
        if template_ability(piece) is not None:
            corners_of = sorted({pt for e in state.enemies_of(piece.owner) for sq in e.squares for pt in corners(sq)})
            hits: dict[tuple[str, Point], float] = {}
            for at in corners_of:
                plan = template_plan(state, piece, at, occupancy)
                if plan is None:
                    continue
                value = sum(
                    chance * self._template_value(state, plan, lands, hits) for lands, chance in plan.landings()
                )
                if best is None or value > best[0]:
                    best = (value, TemplateFire(at))
        if piece.side.has("sniper"):
            for target in sorted(state.enemies_of(piece.owner), key=lambda t: t.key):
                if not target.is_infantry or target.concealed or target.embarked_in is not None:
                    continue
                sight = line_of_sight(state.battlefield, occupancy, piece, target, state.ruleset)
                if sight.blocked:
                    continue
                bonus = -2 * piece.suppressed + sum(m.value for m in sight.modifiers)
                value = sum(1 for face in range(1, 7) if face + bonus >= 4) / 6 * _worth(target)
                if best is None or value > best[0]:
                    best = (value, Snipe(target.key))
        return best

    def _template_value(
        self, state: GameState, plan: TemplatePlan, lands: Point, hits: dict[tuple[str, Point], float]
    ) -> float:
        targets, _ = template_targets(state, lands)
        total = 0.0
        for target in targets:
            key = (target.key, lands)
            if key not in hits:
                value = plan.combat.against(target.colour)
                defense = target.side.defense
                facing = Facing.SIDE if defense is not None and defense.has_facings else None
                shot = Shot(
                    target=target,
                    firer=plan.firer,
                    combat=value,
                    facing=facing,
                    terrain=cover(state, target),
                    penalties=plan.penalties,
                )
                hits[key] = 0.0 if value is None else expected_hits(shot, state.ruleset)
            sign = -1.0 if target.owner == plan.firer.owner else 1.0
            total += sign * hits[key] * _worth(target)
        return total

    def supply_move(self, state: GameState, piece: Piece) -> Action:
        if piece.key in state.reserve:
            return self._enter(state, piece)
        if piece.embarked_in is not None:
            return Hold("it rides in its transport")
        return self._advance(state, piece)

    def opportunity(self, state: GameState, firer: Piece, target: Piece) -> Fire | None:
        """Take Opportunity Fire when the exact odds of at least a hit reach `opportunity_odds`,
        with every weapon that has them (one only when the crew is hit, HoN core p.15): the
        unit is then activated and loses its order token (p.24), so only a good shot is worth it."""
        if target.concealed:
            return None
        weapons = weapons_of(firer)
        chosen: list[tuple[float, Weapon | None]] = []
        for weapon, shot in zip(weapons, shots_at(state, firer, target, weapons, opportunity=True), strict=True):
            if shot is None:
                continue
            odds = odds_of_shot(shot, state.ruleset).exact()
            hit = float(odds.get("hit", 0) + odds.get("double", 0))
            if hit >= self.opportunity_odds:
                chosen.append((hit, weapon))
        if one_weapon_only(firer) and len(chosen) > 1:
            chosen = [max(chosen, key=lambda c: c[0])]
        return Fire(tuple((weapon, target.key) for _, weapon in chosen)) if chosen else None

    def _change_state(self, state: GameState, piece: Piece, advance: Action, occupancy: Occupancy) -> Action | None:
        """Turn the counter over, as a zero move (HoN core p.21), when it helps: a revealed
        Ambush unit with nothing better to do hides again where no enemy would spot it at
        once; a Tripod-like unit sets up when its other side has a shot worth taking and
        this one has none, or packs up when it cannot move and its other side could advance."""
        if not may_change_state(piece):
            return None
        other = turned_over(piece)
        if piece.side.has("ambush") or other.side.has("ambush"):
            if other.concealed and isinstance(advance, Hold) and not could_be_spotted(state, piece):
                return ChangeState()
            return None
        if self._shots(state, other, occupancy)[0] is not None:
            return ChangeState()
        here, there = allowance(piece), allowance(other)
        immobile = here is None or here <= 0
        if immobile and there is not None and there > 0 and isinstance(self._advance(state, other), Move):
            return ChangeState()
        return None

    def _shots(
        self, state: GameState, piece: Piece, occupancy: Occupancy, on_the_move: bool = False, ammo: int = 0
    ) -> tuple[Fire | None, float]:
        """The Firing Action worth taking and its worth: for each weapon the best plan worth a
        shot, one target fired normally or as Suppressive Fire, or a Machine Gunner's split
        between targets (HoN core p.24), weighed by the exact odds and the targets' worth; a
        vehicle whose crew is hit fires only its best weapon (HoN core p.15). A destroyed
        primary weapon has no shot at all (`shots_at` refuses it). None and 0 when no weapon
        has a shot worth taking."""
        reach = state.ruleset.max_range or FAR
        targets = [t for t in enemies_in_reach(state, piece, reach) if not t.concealed]
        weapons = weapons_of(piece)
        legal: list[list[Shot]] = [[] for _ in weapons]
        for target in targets:
            found = shots_at(state, piece, target, weapons, occupancy, on_the_move=on_the_move)
            for i, shot in enumerate(found):
                if shot is not None:
                    if ammo and target.is_infantry:
                        extra = Modifier("Ammo", ammo, state.ruleset.cite("gear"))
                        shot = replace(shot, bonuses=(*shot.bonuses, extra))
                    legal[i].append(shot)
        chosen: list[tuple[Weapon | None, _Plan]] = []
        for weapon, shots in zip(weapons, legal, strict=True):
            plan = _best_plan(shots, state.ruleset)
            if plan is not None and plan.value >= self.fire_threshold:
                chosen.append((weapon, plan))
        if one_weapon_only(piece) and len(chosen) > 1:
            chosen = [max(chosen, key=lambda c: c[1].value)]  # the first best, in weapon order
        if not chosen:
            return None, 0.0
        shots_taken = tuple((weapon, key) for weapon, plan in chosen for key, _ in plan.shots)
        shares = tuple(share for _, plan in chosen for _, share in plan.shots)
        fire = Fire(
            shots_taken,
            tuple(weapon for weapon, plan in chosen if plan.suppressive),
            shares if any(share is not None for share in shares) else (),
        )
        return fire, sum(plan.value for _, plan in chosen)

    def _with_ammo(
        self, state: GameState, piece: Piece, occupancy: Occupancy, plan: tuple[Fire, float]
    ) -> tuple[Fire, float]:
        """Spend Ammo markers (+1 each against infantry, up to 3, HoN core p.28) one at a time
        while each adds at least `ammo_gain` expected hits to the best plan; the plan and its
        worth."""
        fire, value = plan
        pool = state.gear_for(piece, "ammo")
        if pool is None:
            return fire, value
        for count in range(1, min(MAX_AMMO, pool.count) + 1):
            found, worth = self._shots(state, piece, occupancy, ammo=count)
            if found is None or worth - value < self.ammo_gain:
                break
            fire, value = replace(found, ammo=count), worth
        return fire, value

    def _on_the_move(self, state: GameState, piece: Piece, move: Move) -> Move:
        """Fire on the Move (HoN core p.23): a unit whose weapons have the ability fires before
        leaving or after entering one of the squares of its path, wherever its best plan is worth
        most (the first such place on a tie), with the penalty. The move keeps its cards."""
        if not _fires_on_the_move(piece):
            return move
        path = move.path
        best: tuple[float, int, Fire] | None = None
        try:
            for index in range(len(path.positions)):
                position = path.positions[index]
                moved = piece.moved(position.squares, position.facing)
                state.pieces[piece.key] = moved
                found, worth = self._shots(state, moved, Occupancy(state.pieces.values()), on_the_move=True)
                if found is not None and (best is None or worth > best[0]):
                    best = (worth, index, found)
        finally:
            state.pieces[piece.key] = piece
        if best is None:
            return move
        return replace(move, fire=best[2], fire_at=best[1])

    def _assault(self, state: GameState, piece: Piece, granted: int | None = None) -> AssaultAction | None:
        """The best assault in reach whose odds favour it; `granted` an Assault ability a card
        would give (by default the one a card gave the side this turn)."""
        points = allowance(piece)
        if granted is None:
            granted = state.granted_assault.get(piece.owner)
        if points is None or points <= 0 or not (piece.side.has("assault") or granted):
            return None
        options: list[tuple[float, str, Piece, bool]] = []
        knife = state.gear_for(piece, "knife") is not None
        for defender in enemies_in_reach(state, piece, points + 1):
            assault = Assault(
                piece,
                defender,
                terrain=cover(state, defender),
                granted_assault=granted,
                defender_granted_assault=state.granted_assault.get(defender.owner),
            )
            try:
                odds = odds_of_assault(assault, state.ruleset)
                armed = odds_of_assault(replace(assault, attacker_bonuses=(knife_bonus(state),)), state.ruleset)
            except (IllegalAttack, ValueError):
                continue
            use = knife and armed["win"] - odds["win"] >= self.knife_gain
            if use:
                odds = armed
            edge = odds["win"] - odds["loss"]
            if odds["win"] >= 0.5 and edge >= self.assault_edge:
                options.append((edge * _worth(defender), defender.key, defender, use))
        for _, _, defender, use in sorted(options, key=lambda o: (-o[0], o[1])):
            path = assault_path(state.battlefield, state.pieces.values(), piece, defender, state.ruleset)
            if path is not None:
                # Charge (BfC p.08) "may" fire first: the policy always does, hits only help.
                return AssaultAction(path, defender.key, charge=piece.side.has("charge"), knife=use)
        return None

    def defend_with_knife(self, state: GameState, defender: Piece, assault: Assault) -> bool:
        """Discard a Knife marker when it lowers the chance of losing by `knife_gain` (HoN core p.31)."""
        try:
            odds = odds_of_assault(assault, state.ruleset)
            armed = odds_of_assault(
                replace(assault, defender_bonuses=(*assault.defender_bonuses, knife_bonus(state))), state.ruleset
            )
        except (IllegalAttack, ValueError):
            return False
        return odds["win"] - armed["win"] >= self.knife_gain

    # --- Movement -----------------------------------------------------------------------

    def _advance(self, state: GameState, piece: Piece) -> Action:
        """Towards the nearest objective the side does not hold (else the enemy), ending in
        the best cover among the squares that bring it nearest; a unit on an objective stays."""
        points = allowance(piece)
        if DamageLocation.TRACKS in piece.damage:
            return Hold(f"its tracks are damaged: no more Movement Actions, {state.ruleset.cite('damage')}")
        exiting = self._exiting(state, piece)
        if exiting and set(piece.squares) <= exiting:
            return Leave()
        if points is None or points <= 0:
            return Hold("it cannot move")
        areas = state.objective_areas
        if not exiting and any(sq in area for area in areas.values() for sq in piece.squares):
            return Hold("it holds an objective")
        goals = exiting or self._goals(state, piece.owner)
        if not goals:
            return Hold("nothing to move towards")
        distances = self._field(state, piece, goals)
        shelter = cover_table(state, piece.colour)
        # With movement Alternate Bonuses in hand, one search as far as the best of them
        # reaches: what the unit reaches alone is what costs no more than its allowance.
        # Only when a goal is near enough: every step costs at least one point.
        cards = _bonus_cards(state, piece.owner, (BonusKind.MOVEMENT,))
        extra = max((c.alternate_bonus.value for c in cards if c.alternate_bonus is not None), default=0)
        if extra and min(distances.get(sq, FAR) for sq in piece.squares) > points + extra:
            extra = 0
        paths = reachable(state.battlefield, state.pieces.values(), piece, state.ruleset, bonus=extra)

        def score(position: Position) -> tuple[int, int, Square, int]:
            squares = position.squares
            near = min(distances.get(sq, FAR) for sq in squares)
            return (
                near * 2 - terrain_bonus(state, shelter, squares),
                -len(position.squares),
                position.square,
                position.facing,
            )

        best = min((p for p in paths if paths.cost(p) <= points) if extra else paths, key=score)
        if extra and min(distances.get(sq, FAR) for sq in best.squares):
            boosted = self._boosted(paths, points, cards, distances, shelter)
            if boosted is not None:
                return boosted
        start = Position(piece.squares, piece.facing)
        if score(best)[0] >= score(start)[0]:
            return Hold("no better square in reach")
        return Move(paths[best])

    @staticmethod
    def _boosted(
        paths: Reach[Position] | Reach[Square] | Reach[int],
        points: int,
        cards: list[ActionCard],
        distances: dict[Square, int],
        shelter: dict[Square, int],
    ) -> Move | None:
        """A movement Alternate Bonus (HoN core p.17) when its extra squares bring the unit
        onto a goal its own Movement Value cannot reach: the cheapest such move, in the best
        cover, with the card that is enough."""
        found = [p for p in paths if paths.cost(p) > points and min(distances.get(sq, FAR) for sq in p.squares) == 0]
        if not found:
            return None
        best = min(found, key=lambda p: (paths.cost(p), -max(shelter.get(sq, 0) for sq in p.squares), p.square))
        need = paths.cost(best) - points
        card = next((c for c in cards if c.alternate_bonus is not None and c.alternate_bonus.value >= need), None)
        return Move(paths[best], cards=(card.id,)) if card is not None else None

    # --- Action cards -------------------------------------------------------------------

    def order_cards(self, state: GameState, side: str) -> tuple[CardPlay, ...]:
        """High Command and the like when a unit would otherwise go without an order token,
        up to 2 Special Order tokens in all (HoN core p.8)."""
        hand = _hand(state, side)
        if not hand:
            return ()
        tokens = tokens_for(state, side)
        waiting = sum(
            1 for p in (*state.units(side), *state.reserve.values()) if p.owner == side and not needs_no_order(p)
        )
        special, plays = tokens.special, []
        for card in hand:
            if card.effect is None or not playable_event(card, CardTiming.ORDER_START):
                continue
            if card.effect.kind is CardEffectKind.SPECIAL_ORDER:
                if special >= MAX_SPECIAL or tokens.numbered + special >= waiting:
                    break
                plays.append(CardPlay(card.id))
                special += card.effect.value
        return tuple(plays)

    def action_cards(self, state: GameState, piece: Piece, moment: CardTiming) -> tuple[CardPlay, ...]:
        """As a unit is activated: take its Suppressed markers off; grant the side's units
        Assault when that gives this one an assault the odds favour and it had none. Once it
        has acted: a Forced Move that brings it onto an objective."""
        hand = _hand(state, piece.owner)
        if not hand:
            return ()
        if moment is CardTiming.ACTIVATION:
            return self._before_acting(state, piece, hand)
        if moment is CardTiming.AFTER_ACTION:
            return self._after_acting(state, piece, hand)
        return ()

    def _before_acting(self, state: GameState, piece: Piece, hand: list[ActionCard]) -> tuple[CardPlay, ...]:
        plays: list[CardPlay] = []
        suppressed = piece.suppressed
        events = [c for c in hand if c.effect is not None and playable_event(c, CardTiming.ACTIVATION)]
        for card in events:
            if suppressed and card.effect is not None and card.effect.kind is CardEffectKind.REMOVE_SUPPRESSED:
                plays.append(CardPlay(card.id, piece.key))
                suppressed = max(0, suppressed - card.effect.value)
        fury = next((c for c in events if c.effect is not None and c.effect.kind is CardEffectKind.GRANT_ASSAULT), None)
        points = allowance(piece)
        if (
            fury is not None
            and fury.effect is not None
            and not state.granted_assault.get(piece.owner)
            and points is not None
            and next(enemies_in_reach(state, piece, points + 2 * (piece.suppressed - suppressed) + 1), None)
        ):
            ready = replace(piece, suppressed=suppressed)
            if self._assault(state, ready) is None and self._assault(state, ready, fury.effect.value) is not None:
                plays.append(CardPlay(fury.id, piece.key))
        return tuple(plays)

    def _after_acting(self, state: GameState, piece: Piece, hand: list[ActionCard]) -> tuple[CardPlay, ...]:
        card = next(
            (
                c
                for c in hand
                if c.effect is not None
                and c.effect.kind is CardEffectKind.FORCED_MOVE
                and playable_event(c, CardTiming.AFTER_ACTION)
            ),
            None,
        )
        if card is None or card.effect is None or piece.side.movement is None:
            return ()
        areas = state.objective_areas
        if any(sq in area for area in areas.values() for sq in piece.squares):
            return ()
        named = wanted_objectives(state, piece.owner) or set(areas)
        goals = frozenset(
            sq for oid, area in areas.items() if oid in named and state.control.get(oid) != piece.owner for sq in area
        )
        if not goals or min(_gap(piece.squares, (goal,)) for goal in goals) > card.effect.value:
            return ()
        paths = reachable(state.battlefield, state.pieces.values(), piece, state.ruleset, points=card.effect.value)
        found = sorted((p for p in paths if goals.intersection(p.squares)), key=lambda p: (p.square, p.facing))
        return (CardPlay(card.id, piece.key, paths[found[0]]),) if found else ()

    def fire_bonus(self, state: GameState, side: str, shot: Shot) -> tuple[str, ...]:
        """Alternate Bonuses that turn a likely miss into a likely hit, by the exact odds."""
        if shot.suppressive:
            return ()
        cards = _bonus_cards(state, side, FIRE_BONUSES)
        if not cards:
            return ()

        def hits(extra: int) -> Fraction:
            bonus = (Modifier("card", extra, ""),) if extra else ()
            return _success(odds_of_shot(replace(shot, bonuses=(*shot.bonuses, *bonus)), state.ruleset))

        return _enough(cards, hits)

    def assault_bonus(self, state: GameState, side: str, assault: Assault, attacking: bool) -> tuple[str, ...]:
        """Alternate Bonuses that turn a likely lost assault into a likely won one: for the
        attacker a win, for the defender anything else, by the exact odds."""
        cards = _bonus_cards(state, side, ASSAULT_BONUSES)
        if not cards:
            return ()

        def wins(extra: int) -> Fraction:
            bonus = (Modifier("card", extra, ""),) if extra else ()
            if attacking:
                odds = odds_of_assault(replace(assault, attacker_bonuses=(*assault.attacker_bonuses, *bonus)))
                return odds.exact()["win"]
            odds = odds_of_assault(replace(assault, defender_bonuses=(*assault.defender_bonuses, *bonus)))
            return 1 - odds.exact()["win"]

        try:
            return _enough(cards, wins)
        except (IllegalAttack, ValueError):
            return ()

    def second_chance(self, state: GameState, side: str, plan: Aim, roll: Roll, outcome: FireOutcome) -> str | None:
        """Roll a missed shot again when a hit is likely enough."""
        if outcome is not FireOutcome.MISS or plan.suppressive:
            return None
        card = next(
            (
                c
                for c in _hand(state, side)
                if c.effect is not None
                and c.effect.kind is CardEffectKind.REROLL
                and playable_event(c, CardTiming.AFTER_ROLL)
            ),
            None,
        )
        if card is None or _success(odds_of_aim(plan)) < REROLL_WORTH:
            return None
        return card.id

    def discards(self, state: GameState, side: str) -> tuple[str, ...]:
        """The cards it can never play: no Battle Event the rules core applies, no Alternate Bonus."""
        return tuple(c.id for c in _hand(state, side) if c.effect is None and c.alternate_bonus is None)

    def _enter(self, state: GameState, piece: Piece) -> Action:
        through = state.scenario.zone(state.entries.get(piece.key, ""))
        zones = [through] if through is not None else zones_for(state.scenario, piece.owner, piece.unit.id)
        area = zone_squares(zones, state.battlefield)
        taken = frozenset(state.occupant())
        found = candidates(piece, area, taken, passage_map(state.battlefield), state.battlefield)
        if not found:
            return Hold("its entry squares are taken")
        goals = self._goals(state, piece.owner)
        distances = self._field(state, piece, goals) if goals else {}
        squares, facing = min(found, key=lambda c: (min(distances.get(sq, FAR) for sq in c[0]), c[0], c[1]))
        return Enter(Position(squares, facing))

    @staticmethod
    def _exiting(state: GameState, piece: Piece) -> frozenset[Square]:
        """The exit squares `piece` heads for when its side's victory asks for units of its
        kind to leave the battlefield (an `exited` condition), else nothing."""
        wanted = exiting_units(state, piece.owner)
        if wanted is None or (wanted and piece.unit.id not in wanted):
            return frozenset()
        return exit_squares(state, piece.owner)

    @staticmethod
    def _goals(state: GameState, side: str) -> frozenset[Square]:
        """The objectives the side's victory asks it to control and it does not hold yet (all
        objectives when its victory names none); with none left, the enemy units."""
        named = wanted_objectives(state, side) or set(state.objective_areas)
        wanted = [
            area for oid, area in state.objective_areas.items() if oid in named and state.control.get(oid) != side
        ]
        if wanted:
            return frozenset(sq for area in wanted for sq in area)
        return frozenset(sq for p in state.enemies_of(side) for sq in p.squares)

    def _field(self, state: GameState, piece: Piece, goals: frozenset[Square]) -> dict[Square, int]:
        """Steps from every square to the nearest goal for this kind of unit, around walls,
        water and impassable terrain; kept while the goals stay the same."""
        side = piece.side
        # Passage depends on the unit type, Amphibious and Urban Fighter only (PassageMap).
        key = (goals, piece.unit.type, side.has("amphibious"), side.has("urban-fighter"))
        found = self._fields.get(key)
        if found is None:
            if len(self._fields) >= FIELDS_KEPT:
                self._fields.clear()
            found = self._fields[key] = _distance_field(state, piece, goals)
        return found


def exiting_units(state: GameState, side: str) -> frozenset[str] | None:
    """The units an `exited` condition of one of the side's victories asks to leave the
    battlefield (empty: any unit), or None when none does."""
    found: set[str] = set()
    asked = False

    def walk(condition: Condition) -> None:
        nonlocal asked
        if isinstance(condition, Exited):
            if condition.side == side and condition.at_least >= 1:
                asked = True
                found.update(condition.units)
        elif isinstance(condition, (AllOf, AnyOf)):
            for part in condition.of:
                walk(part)

    for outcome in state.scenario.victory.outcomes:
        if outcome.winner == side:
            walk(outcome.condition)
    return frozenset(found) if asked else None


def wanted_objectives(state: GameState, side: str) -> set[str]:
    """Objectives a Control condition of one of the side's victories names for the side."""
    found: set[str] = set()

    def walk(condition: Condition) -> None:
        if isinstance(condition, Control):
            if condition.side == side:
                found.update(condition.objectives)
        elif isinstance(condition, (AllOf, AnyOf)):
            for part in condition.of:
                walk(part)

    for outcome in state.scenario.victory.outcomes:
        if outcome.winner == side:
            walk(outcome.condition)
    return found


def _distance_field(state: GameState, piece: Piece, goals: Iterable[Square]) -> dict[Square, int]:
    side = piece.side
    entries = passage_map(state.battlefield).entries(
        piece.unit, side, side.has("amphibious"), side.has("urban-fighter")
    )
    found = {sq: 0 for sq in goals}
    queue = deque(sorted(found))
    while queue:
        here = queue.popleft()
        steps = found[here] + 1
        for there in entries.get(here, ()):
            if there not in found:
                found[there] = steps
                queue.append(there)
    return found


@dataclass(frozen=True)
class _Plan:
    """What one weapon does in a Firing Action and what it is worth."""

    value: float
    shots: tuple[tuple[str, int | None], ...]  # each target's key and Machine Gunner share
    suppressive: bool = False


def _worth_of(shot: Shot, ruleset: Ruleset) -> float:
    """Expected hits (a double counting two), or for Suppressive Fire the expected Suppressed
    markers at SUPPRESSION_WORTH each, times the target's worth."""
    if shot.suppressive:
        return expected_suppressed(shot, ruleset) * SUPPRESSION_WORTH * _worth(shot.target)
    return expected_hits(shot, ruleset) * _worth(shot.target)


def _legal(shot: Shot, ruleset: Ruleset) -> bool:
    try:
        aim(shot, ruleset)
    except (IllegalAttack, ValueError):
        return False
    return True


def _best_plan(shots: list[Shot], ruleset: Ruleset) -> _Plan | None:
    """The best use of one weapon against the targets it may shoot: each target fired at
    normally or with Suppressive Fire, and a Machine Gunner's even split (+4 over three is
    +1, +1, +2) between two or three of its best targets, suppressive or not (HoN core p.24).
    Ties go to the first found: a whole shot before a split, targets in key order."""
    best: _Plan | None = None

    def consider(plan: _Plan) -> None:
        nonlocal best
        if best is None or plan.value > best.value + 1e-12:
            best = plan

    singles: list[tuple[float, Shot]] = []
    for shot in sorted(shots, key=lambda s: s.target.key):
        value = _worth_of(shot, ruleset)
        singles.append((value, shot))
        consider(_Plan(value, ((shot.target.key, None),)))
        suppressing = replace(shot, suppressive=True)
        if _legal(suppressing, ruleset):
            consider(_Plan(_worth_of(suppressing, ruleset), ((shot.target.key, None),), True))
    if len(singles) < 2 or not _legal(replace(singles[0][1], machine_gunner_share=1), ruleset):
        return best
    top = [shot for _, shot in sorted(singles, key=lambda v: (-v[0], v[1].target.key))[:MG_TARGETS]]
    modes = [False] + ([True] if _legal(replace(top[0], suppressive=True), ruleset) else [])
    for suppressive in modes:
        for size in (2, 3):
            for group in combinations(top, size):
                if len({s.target.type for s in group}) > 1:
                    continue
                try:
                    pool = machine_gunner_pool(replace(group[0], suppressive=suppressive), ruleset)
                    shares = split_machine_gunner(pool, [s.target for s in group], ruleset=ruleset)
                except IllegalAttack:
                    continue
                split = [
                    replace(s, suppressive=suppressive, machine_gunner_share=n)
                    for s, n in zip(group, shares, strict=True)
                ]
                if not all(_legal(s, ruleset) for s in split):
                    continue
                value = sum(_worth_of(s, ruleset) for s in split)
                consider(
                    _Plan(value, tuple((s.target.key, n) for s, n in zip(group, shares, strict=True)), suppressive)
                )
    return best


def _fires_on_the_move(piece: Piece) -> bool:
    """Whether the unit or one of its weapons has Fire on the Move (HoN core p.14, p.23)."""
    return piece.side.has("fire-on-the-move") or any(
        a.id == "fire-on-the-move" for w in piece.side.weapons for a in w.abilities
    )


def _hand(state: GameState, side: str) -> list[ActionCard]:
    """The side's hand, by card id (the same choice whatever order the cards came in)."""
    deck = state.decks.get(side)
    return sorted(deck.hand, key=lambda c: c.id) if deck is not None else []


def _bonus_cards(state: GameState, side: str, kinds: Sequence[BonusKind]) -> list[ActionCard]:
    """Cards of the hand with an Alternate Bonus of these kinds: those whose Battle Event is
    never played first, then the smallest bonus."""
    found = [c for c in _hand(state, side) if c.alternate_bonus is not None and c.alternate_bonus.kind in kinds]
    return sorted(found, key=lambda c: (c.effect is not None, c.alternate_bonus.value if c.alternate_bonus else 0))


def _success(odds: Odds) -> Fraction:
    found = odds.exact()
    return found.get(FireOutcome.HIT.value, Fraction(0)) + found.get(FireOutcome.DOUBLE_HIT.value, Fraction(0))


def _enough(cards: list[ActionCard], chance: Callable[[int], Fraction]) -> tuple[str, ...]:
    """The fewest cards of one bonus type (HoN core p.17: never two types on one action)
    that lift `chance` from below LIKELY to it; none when it is likely already or no
    combination gets there."""
    if chance(0) >= LIKELY:
        return ()
    best: tuple[int, int, tuple[str, ...]] | None = None
    for kind in BonusKind:
        same = [c for c in cards if c.alternate_bonus is not None and c.alternate_bonus.kind is kind]
        chosen: list[ActionCard] = []
        total = 0
        single = next(
            (c for c in same if c.alternate_bonus is not None and chance(c.alternate_bonus.value) >= LIKELY), None
        )
        if single is not None and single.alternate_bonus is not None:
            chosen, total = [single], single.alternate_bonus.value
        else:
            for card in sorted(same, key=lambda c: -(c.alternate_bonus.value if c.alternate_bonus else 0)):
                chosen.append(card)
                total += card.alternate_bonus.value if card.alternate_bonus else 0
                if chance(total) >= LIKELY:
                    break
            else:
                continue
        option = (len(chosen), total, tuple(c.id for c in chosen))
        if best is None or option < best:
            best = option
    return best[2] if best is not None else ()


def _gap(a: tuple[Square, ...], b: tuple[Square, ...]) -> int:
    return min(max(abs(x[0] - y[0]), abs(x[1] - y[1])) for x in a for y in b)


def _worth(target: Piece) -> float:
    """Officers and heroes are worth more: they bring order tokens (HoN core p.8)."""
    front = target.unit.front
    return 1.5 if front.has("order") or front.has("personal-order") else 1.0
