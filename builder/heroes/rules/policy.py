"""The simple policy that plays both sides of a simulated game: fire where the expected
damage is best, assault when the odds favour it, otherwise move towards the objectives,
preferring cover. Deterministic: ties are broken by square and key, never at random, so a
seed alone decides a game.

Action cards (HoN core p.17): an Alternate Bonus when the exact odds say it turns a likely
miss (or lost assault) into a likely hit (or won one), or brings a unit onto an objective;
a Battle Event when its condition is useful (see each method); cards it can never play are
discarded at the end of the Supply Phase.

It only chooses; `builder.heroes.rules.actions` applies the choice under the rules."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Protocol

from builder.heroes.army.summary import MAX_SPECIAL
from builder.heroes.catalogue.cards import ActionCard, BonusKind, CardEffectKind, CardTiming
from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.actions import (
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
    TemplatePlan,
    cover,
    cover_table,
    enemies_in_reach,
    exit_squares,
    hedgehogs_in_reach,
    one_weapon_only,
    shots_at,
    template_ability,
    template_plan,
    template_targets,
    terrain_bonus,
    weapons_of,
)
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.cards import ASSAULT_BONUSES, FIRE_BONUSES, CardChoices, CardPlay, playable_event
from builder.heroes.rules.combat import Aim, Facing, FireOutcome, IllegalAttack, Shot
from builder.heroes.rules.damage import DamageLocation
from builder.heroes.rules.deployment import candidates
from builder.heroes.rules.grid import Point, corners
from builder.heroes.rules.los import line_of_sight
from builder.heroes.rules.movement import Position, Reach, allowance, assault_path, reachable
from builder.heroes.rules.odds import Odds, expected_hits, odds_of_aim, odds_of_assault, odds_of_shot
from builder.heroes.rules.orders import Orders, Tokens, needs_no_order, tokens_for
from builder.heroes.rules.passage import passage_map
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.placement import zone_squares, zones_for
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.spotting import could_be_spotted, may_change_state, turned_over
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.conditions import AllOf, AnyOf, Condition, Control, Exited
from builder.heroes.scenario.models import Event
from builder.kernel.events import Modifier, Roll

FAR = 10_000
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
            riding, _ = self._shots(state, piece, occupancy)
            return Fire(tuple(riding)) if riding else Hold("it rides in its transport")
        if self._exiting(state, piece):
            return self._advance(state, piece)
        assault = self._assault(state, piece)
        if assault is not None:
            return assault
        shots, worth = self._shots(state, piece, occupancy)
        special = self._alternate(state, piece, occupancy)
        if special is not None and special[0] > worth and special[0] >= self.fire_threshold:
            return special[1]  # a template or the sniper's table promises more (HoN core p.23-24)
        if shots:
            return Fire(tuple(shots))
        # An Engineer with nothing to shoot clears a barbed hedgehog in its ZoC (BfC p.05).
        hedgehogs = hedgehogs_in_reach(state, piece)
        if hedgehogs:
            return Clear(hedgehogs[0])
        advance = self._advance(state, piece)
        flip = self._change_state(state, piece, advance, occupancy)
        return flip if flip is not None else advance

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
        if self._shots(state, other, occupancy)[0]:
            return ChangeState()
        here, there = allowance(piece), allowance(other)
        immobile = here is None or here <= 0
        if immobile and there is not None and there > 0 and isinstance(self._advance(state, other), Move):
            return ChangeState()
        return None

    def _shots(
        self, state: GameState, piece: Piece, occupancy: Occupancy
    ) -> tuple[list[tuple[Weapon | None, str]], float]:
        """For each weapon, the target with the most expected hits, if worth a shot; a vehicle
        whose crew is hit fires only its best weapon (HoN core p.15). A destroyed primary
        weapon has no shot at all (`shots_at` refuses it)."""
        reach = state.ruleset.max_range or FAR
        targets = [t for t in enemies_in_reach(state, piece, reach) if not t.concealed]
        weapons = weapons_of(piece)
        best: list[tuple[float, str] | None] = [None] * len(weapons)
        for target in targets:
            for i, shot in enumerate(shots_at(state, piece, target, weapons, occupancy)):
                if shot is None:
                    continue
                worth = (expected_hits(shot, state.ruleset) * _worth(target), target.key)
                found = best[i]
                if found is None or worth > found:
                    best[i] = worth
        chosen = [
            (found, weapon)
            for weapon, found in zip(weapons, best, strict=True)
            if found is not None and found[0] >= self.fire_threshold
        ]
        if one_weapon_only(piece) and len(chosen) > 1:
            chosen = [max(chosen, key=lambda c: c[0][0])]  # the first best, in weapon order
        return [(weapon, found[1]) for found, weapon in chosen], sum(found[0] for found, _ in chosen)

    def _assault(self, state: GameState, piece: Piece, granted: int | None = None) -> AssaultAction | None:
        """The best assault in reach whose odds favour it; `granted` an Assault ability a card
        would give (by default the one a card gave the side this turn)."""
        points = allowance(piece)
        if granted is None:
            granted = state.granted_assault.get(piece.owner)
        if points is None or points <= 0 or not (piece.side.has("assault") or granted):
            return None
        options: list[tuple[float, str, Piece]] = []
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
            except (IllegalAttack, ValueError):
                continue
            edge = odds["win"] - odds["loss"]
            if odds["win"] >= 0.5 and edge >= self.assault_edge:
                options.append((edge * _worth(defender), defender.key, defender))
        for _, _, defender in sorted(options, key=lambda o: (-o[0], o[1])):
            path = assault_path(state.battlefield, state.pieces.values(), piece, defender, state.ruleset)
            if path is not None:
                # Charge (BfC p.08) "may" fire first: the policy always does, hits only help.
                return AssaultAction(path, defender.key, charge=piece.side.has("charge"))
        return None

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
        return Move(paths[best], (card.id,)) if card is not None else None

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
