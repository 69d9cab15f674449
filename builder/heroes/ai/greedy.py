"""The simple policy that plays both sides of a simulated game: fire where the expected
damage is best (a normal shot, Suppressive Fire or a Machine Gunner's split, Ammo spent when
it adds enough), assault when the odds favour it (a Knife discarded when it helps),
otherwise move towards the objectives, preferring cover, firing on the move when it can;
Opportunity Fire when the odds of a hit are good. Options scored alike are drawn from dice of
its own (`tie`), never taken by square, direction or listing order: a player that broke ties
by square would prefer a corner of the map, and one side's forward the other's back (issue 34).
Its dice are seeded by the game's seed and its side, so a seed still decides a game, and they
are never the game's dice: a player drawing from those would change the rolls that follow its
choice, and a match, which replays a step without asking again, would play another game.

Action cards (HoN core p.17): an Alternate Bonus when the exact odds say it turns a likely
miss (or lost assault) into a likely hit (or won one), or brings a unit onto an objective;
a Battle Event when its condition is useful (see each function); cards it can never play are
discarded at the end of the Supply Phase.

It only chooses; the rules (builder.heroes.rules.actions.activation) apply the choice.

Here SimplePolicy itself: its thresholds, the memory of its distance fields, its dice, the
places it chooses among scored options (`least`, `ranked` and `plan_of`, where VariedPolicy
draws by score instead; `best_of`, `ordered` and `drawn` for ties elsewhere), and `choose`,
its answer to each decision of the rules (builder.heroes.rules.decisions), each worked out
by a function in the module of its concept, which takes the policy first."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from random import Random
from typing import Any, assert_never

from builder.heroes.ai import (
    activation,
    assault,
    cards,
    events,
    firing,
    gear,
    magic,
    orders,
    reinforcements,
    son_gear,
    weapons,
    works,
)
from builder.heroes.ai.common import SortKey, T, first
from builder.heroes.ai.firing import Plan
from builder.heroes.catalogue.cards import CardTiming
from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.action_cards.deck import CardPlay
from builder.heroes.rules.actions.activation import STAYS
from builder.heroes.rules.actions.kinds import Action, Fire
from builder.heroes.rules.decisions import (
    ActivationAction,
    AidTransfer,
    AmuletsOfDagon,
    AssaultBonus,
    BattleEvent,
    BurstFire,
    Concealment,
    Desertion,
    Discards,
    DragonPerch,
    Dynamic,
    ElderSigns,
    FireBonus,
    ForcedMove,
    HardboiledTokens,
    HeroesDecision,
    HeroicAgain,
    IchorHeal,
    IchorShield,
    InitiativeReroll,
    KnifeDefence,
    MedallionDiscard,
    MineCard,
    NextTarget,
    OpportunityFire,
    OrderTokens,
    PoisonedBlades,
    PoisonMadness,
    Reinforcement,
    ReturnToSender,
    ScoutMove,
    SecondChance,
    SecondChanceAssault,
    Shielding,
    ShieldingAssault,
    SpecialOrder,
    Substitution,
    SurpriseExit,
    TotemBoon,
    TotemSite,
    VeteranAssault,
    VeteranFire,
    VeteranReroll,
)
from builder.heroes.rules.geometry.grid import Point
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos.state import Boon, Madness, Totem
from builder.heroes.rules.orders.tokens import Orders, Tokens
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.heroes.rules.resolution.combat import Aim, FireOutcome, Shot
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.models import Scenario
from builder.kernel.choice import least_of
from builder.kernel.events import Roll

# The decisions by the moment they are asked, each group answered by one method of the policy.
SequenceDecision = (
    InitiativeReroll
    | Concealment
    | ScoutMove
    | BattleEvent
    | Reinforcement
    | OrderTokens
    | SpecialOrder
    | ActivationAction
    | MineCard
    | Discards
)
FireDecision = (
    NextTarget
    | BurstFire
    | FireBonus
    | OpportunityFire
    | Substitution
    | VeteranFire
    | Shielding
    | SecondChance
    | ReturnToSender
)
AssaultDecision = (
    AssaultBonus
    | PoisonedBlades
    | KnifeDefence
    | VeteranAssault
    | ShieldingAssault
    | SecondChanceAssault
    | SurpriseExit
    | ForcedMove
)
HitDecision = AidTransfer | VeteranReroll | Desertion | Dynamic | IchorShield | PoisonMadness
MythosDecision = (
    TotemBoon
    | TotemSite
    | DragonPerch
    | MedallionDiscard
    | HardboiledTokens
    | IchorHeal
    | HeroicAgain
    | AmuletsOfDagon
    | ElderSigns
)


def for_every_side(scenario: Scenario, seed: int) -> dict[str, SimplePolicy]:
    """A simple policy for each side of `scenario` in the game of `seed`, as `hon simulate`
    plays them, each on its own dice."""
    return {side.id: SimplePolicy(dice=own_dice(seed, side.id)) for side in scenario.sides}


def own_dice(seed: int, side: str) -> Random:
    """The dice the greedy player of `side` breaks ties with in the game of `seed`."""
    return Random(f"hon-greedy/{seed}/{side}")


@dataclass
class SimplePolicy:
    """The greedy player: the best-scored option at each question (see the module)."""

    fire_threshold: float = 0.15  # expected hits a firing action must promise
    assault_edge: float = 0.2  # P(win) - P(loss) an assault must promise
    opportunity_odds: float = 0.5  # the chance of at least a hit an Opportunity Fire must promise
    ammo_gain: float = 0.2  # expected hits an Ammo marker must add to be spent
    knife_gain: float = 0.1  # the chance of winning (or not losing) a Knife marker must add
    # Distance fields to the goals, by goals and kind of unit (builder.heroes.ai.movement.goal_distances).
    distance_fields: dict[tuple[object, ...], dict[Square, int]] = field(default_factory=dict, repr=False)
    # The Battle Events it plays at the moment being asked, planned at the first (`_battle_event`).
    card_plan: tuple[CardPlay, ...] = field(default=(), repr=False)
    # Its own dice, for ties (see the module): `for_every_side` seeds them for a game.
    dice: Random = field(default_factory=lambda: Random(0), repr=False)

    # Where the policy chooses among scored options. `key` gives each option a tuple of what
    # the rules give meaning to (distance, cover, odds...), its first element the cost (lower
    # is better) in units of `unit` (how much worse one step of preference is: a square of
    # movement, ...). The simple policy takes the least, drawing among those alike; a varied
    # one draws by score (builder.heroes.ai.varied). `order` only puts the options alike in
    # an order that does not hang on how they came (a set's, say), so that a seed replays:
    # never a preference, the draw is even.

    def least(self, options: Iterable[T], key: Callable[[T], tuple[Any, ...]], unit: float, order: SortKey[T]) -> T:
        """The option to take: a least-scored one."""
        return self.best_of(options, key, order)

    def ranked(
        self, options: Iterable[T], key: Callable[[T], tuple[Any, ...]], unit: float, order: SortKey[T]
    ) -> list[T]:
        """The options in the order they are tried."""
        return self.ordered(options, key, order)

    def takes_least(self) -> bool:
        """Whether `least` always takes a least-scored option: then a search none of whose
        options can beat a score needs not be made."""
        return True

    def plan_of(self, plans: list[Plan]) -> Plan | None:
        """The plan one weapon fires among those worth a shot: the best, one of those as good
        drawn (values within 1e-12 are alike: sums of odds in another order)."""
        if not plans:
            return None
        top = max(plan.value for plan in plans)
        return self.drawn([(i, plan) for i, plan in enumerate(plans) if plan.value >= top - 1e-12], first)[1]

    # Ties, for the simple and the varied policy alike: every draw among options alike goes
    # through `tie`.

    def best_of(self, options: Iterable[T], key: Callable[[T], Any], order: SortKey[T]) -> T:
        """A least-scored option, one of those alike drawn."""
        return self.drawn(least_of(options, key), order)

    def ordered(self, options: Iterable[T], key: Callable[[T], Any], order: SortKey[T]) -> list[T]:
        """The options by score, those alike in a drawn order."""
        runs: dict[Any, list[T]] = {}
        for option in options:
            runs.setdefault(key(option), []).append(option)
        return [option for score in sorted(runs) for option in self.shuffled(runs[score], order)]

    def tie(self, count: int) -> int:
        """Which of `count` options alike to take, each as likely, from its own dice."""
        return self.dice.randrange(count)

    def drawn(self, alike: list[T], order: SortKey[T]) -> T:
        """One of `alike` (options as good as one another), drawn when there are several."""
        if len(alike) == 1:
            return alike[0]
        return sorted(alike, key=order)[self.tie(len(alike))]

    def shuffled(self, alike: list[T], order: SortKey[T]) -> list[T]:
        """`alike` in a drawn order (Fisher-Yates on `tie`), for options tried in turn."""
        found = sorted(alike, key=order)
        for last in range(len(found) - 1, 0, -1):
            other = self.tie(last + 1)
            found[last], found[other] = found[other], found[last]
        return found

    # The one method of a player (builder.kernel.decisions.Player): each decision answered by
    # the function of its concept below, the kinds grouped by the moment they are asked.

    def choose(self, view: HeroesView, decision: HeroesDecision) -> object:
        """Each kind of decision answered by the function of its concept: one case a kind, in
        the method of its moment, so a kind added to `HeroesDecision` and not answered here
        fails to type-check. It reads the side's view alone: the state without what the side
        may not know (no enemy hand, no number under an enemy token: builder.heroes.rules.views)."""
        state = view.state
        match decision:
            case (
                InitiativeReroll()
                | Concealment()
                | ScoutMove()
                | BattleEvent()
                | Reinforcement()
                | OrderTokens()
                | SpecialOrder()
                | ActivationAction()
                | MineCard()
                | Discards()
            ):
                return self._in_sequence(state, decision)
            case (
                NextTarget()
                | BurstFire()
                | FireBonus()
                | OpportunityFire()
                | Substitution()
                | VeteranFire()
                | Shielding()
                | SecondChance()
                | ReturnToSender()
            ):
                return self._in_fire(state, decision)
            case (
                AssaultBonus()
                | PoisonedBlades()
                | KnifeDefence()
                | VeteranAssault()
                | ShieldingAssault()
                | SecondChanceAssault()
                | SurpriseExit()
                | ForcedMove()
            ):
                return self._in_assault(state, decision)
            case AidTransfer() | VeteranReroll() | Desertion() | Dynamic() | IchorShield() | PoisonMadness():
                return self._on_hit(state, decision)
            case (
                TotemBoon()
                | TotemSite()
                | DragonPerch()
                | MedallionDiscard()
                | HardboiledTokens()
                | IchorHeal()
                | HeroicAgain()
                | AmuletsOfDagon()
                | ElderSigns()
            ):
                return self._in_mythos(state, decision)
            case _:
                assert_never(decision)

    def _in_sequence(self, state: GameState, decision: SequenceDecision) -> object:
        """The game's sequence: set-up, initiative and orders (HoN core p.8, p.26, p.30), an
        activation (p.9-26), action cards at their moments (p.16-17)."""
        match decision:
            case InitiativeReroll():
                return self.veteran_roll(state, None, "initiative", decision.better, decision.worse)
            case Concealment():
                return self.conceal(state, decision.side)
            case ScoutMove():
                return self.scout(state, decision.unit)
            case BattleEvent():
                return self._battle_event(state, decision)
            case Reinforcement():
                return reinforcements.reinforce(tuple(decision.options))
            case OrderTokens():
                return self.assign(state, decision.side, decision.tokens)
            case SpecialOrder():
                return self.play_special(state, decision.unit)
            case ActivationAction():
                return self._action(state, decision)
            case MineCard():
                return self.mine_card(state, decision.side)
            case Discards():
                return self.discards(state, decision.side)
            case _:
                assert_never(decision)

    def _in_fire(self, state: GameState, decision: FireDecision) -> object:
        """A Firing Action's questions, its firer's and its target's (HoN core p.14, p.17,
        p.24, p.30; BfC p.08-09)."""
        match decision:
            case NextTarget():
                return self.next_target(state, decision.firer, decision.weapon, decision.planned)
            case BurstFire():
                return self.burst_fire(state, decision.unit)
            case FireBonus():
                return self.fire_bonus(state, decision.side, decision.shot)
            case OpportunityFire():
                return self.opportunity(state, decision.firer, decision.target)
            case Substitution():
                stand_ins = tuple(p for p in decision.options if p is not None)
                return self.substitute(state, decision.weapon, stand_ins, decision.destroyed, decision.double)
            case VeteranFire():
                return self.veteran(state, decision.unit, decision.plan, decision.roll, decision.outcome)
            case Shielding():
                return self.shield(state, decision.vehicle, decision.shot)
            case SecondChance():
                return self.second_chance(state, decision.side, decision.plan, decision.roll, decision.outcome)
            case ReturnToSender():
                return self.return_to_sender(state, decision.side, decision.thrower, decision.lands)
            case _:
                assert_never(decision)

    def _in_assault(self, state: GameState, decision: AssaultDecision) -> object:
        """An assault's questions, both sides' (HoN core p.17, p.26, p.30-31; BfC p.09; SoN p.16)."""
        match decision:
            case AssaultBonus():
                return self.assault_bonus(state, decision.side, decision.assault, decision.attacking)
            case PoisonedBlades():
                return min(
                    self.poisoned_blades(state, decision.attacker, decision.assault, decision.held), decision.held
                )
            case KnifeDefence():
                return self.defend_with_knife(state, decision.defender, decision.assault)
            case VeteranAssault():
                return self.veteran_assault(state, decision.unit, decision.mine, decision.theirs)
            case ShieldingAssault():
                return self.shield_assault(state, decision.vehicle, decision.assault)
            case SecondChanceAssault():
                return self.second_chance_assault(
                    state, decision.side, decision.mine, decision.theirs, decision.attacking
                )
            case SurpriseExit():
                return self.surprise_exit(state, decision.unit, decision.plain, decision.through)
            case ForcedMove():
                return events.forced_move(self, state, decision.unit, decision.options)
            case _:
                assert_never(decision)

    def _on_hit(self, state: GameState, decision: HitDecision) -> object:
        """The questions a hit or a roll about one asks (HoN core p.17, p.30; SoN p.14, p.16, p.18)."""
        match decision:
            case AidTransfer():
                return self.transfer_aid(state, decision.medic, decision.patient, decision.hit, decision.destroyed)
            case VeteranReroll():
                return self.veteran_roll(state, decision.unit, decision.roll, decision.better, decision.worse)
            case Desertion():
                return self.desertion(state, decision.side, decision.target)
            case Dynamic():
                return self.dynamic(state, decision.side, decision.fallen, decision.token)
            case IchorShield():
                return self.ichor_shield(state, decision.character, decision.hit)
            case PoisonMadness():
                return self.poison_madness(state, decision.victim, tuple(decision.options))
            case _:
                assert_never(decision)

    def _in_mythos(self, state: GameState, decision: MythosDecision) -> object:
        """Shadows over Normandie's Mythos, traits and equipment (SoN p.14-17)."""
        match decision:
            case TotemBoon():
                return self.totem_boon(state, decision.totem)
            case TotemSite():
                return self.totem_at(state, decision.side)
            case DragonPerch():
                return self.dragon_perch(state, decision.side, decision.carrier)
            case MedallionDiscard():
                return self.medallion(state, decision.wearer, tuple(k for k in decision.options if k is not None))
            case HardboiledTokens():
                return min(self.hardboiled(state, decision.unit, decision.held), max(decision.options))
            case IchorHeal():
                return self.ichor_heal(state, decision.character)
            case HeroicAgain():
                return self.heroic(state, decision.unit)
            case AmuletsOfDagon():
                chosen = self.amulets(state, decision.side, decision.held)[: decision.held]
                return tuple(key for key in chosen if (key,) in decision.options)
            case ElderSigns():
                return min(self.elder_signs(state, decision.unit, decision.short, decision.held), decision.held)
            case _:
                assert_never(decision)

    def _battle_event(self, state: GameState, decision: BattleEvent) -> CardPlay | None:
        """The Battle Events it plays at a moment, planned as the first is asked, one a time."""
        if not decision.played:
            if decision.moment is CardTiming.ORDER_START:
                self.card_plan = self.order_cards(state, decision.side)
            else:
                assert decision.unit is not None
                self.card_plan = self.action_cards(state, decision.unit, decision.moment)
        step = len(decision.played)
        planned = self.card_plan[step] if step < len(self.card_plan) else None
        return planned if planned in decision.options else None  # the rules refuse it: no more cards

    def _action(self, state: GameState, decision: ActivationAction) -> Action:
        """The action it plans, or standing still when the rules refuse what it planned."""
        unit = decision.unit
        planned = self.supply_move(state, unit) if decision.supply else self.activate(state, unit)
        return planned if planned in decision.options else STAYS

    # Order tokens and special orders (builder.heroes.ai.orders)

    def assign(self, state: GameState, side: str, tokens: Tokens) -> Orders:
        return orders.assign(self, state, side, tokens)

    def play_special(self, state: GameState, piece: Piece) -> bool:
        return orders.play_special(state, piece)

    # Firing: Opportunity Fire, Substitute (builder.heroes.ai.firing)

    def substitute(
        self, state: GameState, weapon: Piece, stand_ins: tuple[Piece, ...], destroyed: bool, double: bool
    ) -> Piece | None:
        return firing.substitute(self, state, weapon, stand_ins, destroyed, double)

    def opportunity(self, state: GameState, firer: Piece, target: Piece) -> Fire | None:
        return firing.opportunity(self, state, firer, target)

    # What an activated unit does, and its Supply Phase move (builder.heroes.ai.activation)

    def activate(self, state: GameState, piece: Piece) -> Action:
        return activation.activate(self, state, piece)

    def supply_move(self, state: GameState, piece: Piece) -> Action:
        return activation.supply_move(self, state, piece)

    # A vehicle's further weapons (builder.heroes.ai.weapons)

    def next_target(self, state: GameState, firer: Piece, weapon: Weapon | None, planned: str) -> str | None:
        return weapons.next_target(self, state, firer, weapon, planned)

    # Assaults: the Knife (builder.heroes.ai.assault)

    def defend_with_knife(self, state: GameState, defender: Piece, attack: Assault) -> bool:
        return assault.defend_with_knife(self, state, defender, attack)

    # Action cards (builder.heroes.ai.cards)

    def order_cards(self, state: GameState, side: str) -> tuple[CardPlay, ...]:
        return cards.order_cards(self, state, side)

    def action_cards(self, state: GameState, piece: Piece, moment: CardTiming) -> tuple[CardPlay, ...]:
        return cards.action_cards(self, state, piece, moment)

    def fire_bonus(self, state: GameState, side: str, shot: Shot) -> tuple[str, ...]:
        return cards.fire_bonus(self, state, side, shot)

    def assault_bonus(self, state: GameState, side: str, assault: Assault, attacking: bool) -> tuple[str, ...]:
        return cards.assault_bonus(self, state, side, assault, attacking)

    def second_chance(self, state: GameState, side: str, plan: Aim, roll: Roll, outcome: FireOutcome) -> str | None:
        return cards.second_chance(self, state, side, plan, roll, outcome)

    def discards(self, state: GameState, side: str) -> tuple[str, ...]:
        return cards.discards(self, state, side)

    # Battle Events played in answer (builder.heroes.ai.events)

    def mine_card(self, state: GameState, side: str) -> tuple[str, Square] | None:
        return events.mine_card(self, state, side)

    def return_to_sender(self, state: GameState, side: str, thrower: Piece, lands: Point) -> tuple[str, Point] | None:
        return events.return_to_sender(self, state, side, thrower, lands)

    def burst_fire(self, state: GameState, piece: Piece) -> Fire | None:
        return events.burst_fire(self, state, piece)

    def surprise_exit(
        self, state: GameState, piece: Piece, plain: tuple[Square, ...], through: tuple[Square, ...]
    ) -> str | None:
        return events.surprise_exit(self, state, piece, plain, through)

    def desertion(self, state: GameState, side: str, target: Piece) -> str | None:
        return events.desertion(self, state, side, target)

    def dynamic(self, state: GameState, side: str, fallen: Piece, token: str) -> tuple[str, str] | None:
        return events.dynamic(self, state, side, fallen, token)

    def second_chance_assault(
        self, state: GameState, side: str, mine: Roll, theirs: Roll, attacking: bool
    ) -> str | None:
        return events.second_chance_assault(self, state, side, mine, theirs, attacking)

    # Reinforcements (builder.heroes.ai.reinforcements)

    # Gear markers spent on rolls (builder.heroes.ai.gear)

    def veteran(self, state: GameState, piece: Piece, plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
        return gear.veteran(self, state, piece, plan, roll, outcome)

    def veteran_roll(self, state: GameState, piece: Piece | None, kind: str, better: float, worse: float) -> bool:
        return gear.veteran_roll(self, state, piece, kind, better, worse)

    def veteran_assault(self, state: GameState, piece: Piece, mine: Roll, theirs: Roll) -> bool:
        return gear.veteran_assault(self, state, piece, mine, theirs)

    def shield_assault(self, state: GameState, vehicle: Piece, assault: Assault) -> bool:
        return gear.shield_assault(self, state, vehicle, assault)

    def shield(self, state: GameState, vehicle: Piece, shot: Shot) -> bool:
        return gear.shield(self, state, vehicle, shot)

    # Concealment and Scouts (builder.heroes.ai.works)

    def conceal(self, state: GameState, side: str) -> tuple[str, ...]:
        return works.conceal(self, state, side)

    def scout(self, state: GameState, piece: Piece) -> Path | None:
        return works.scout(self, state, piece)

    # A Medic's Aid, Elder Signs and Amulets (builder.heroes.ai.magic)

    def transfer_aid(self, state: GameState, medic: Piece, patient: Piece, hit: Piece, destroyed: bool) -> bool:
        return magic.transfer_aid(state, medic, patient, hit, destroyed)

    def elder_signs(self, state: GameState, piece: Piece, short: int, held: int) -> int:
        return magic.elder_signs(state, piece, short, held)

    def amulets(self, state: GameState, side: str, held: int) -> tuple[str, ...]:
        return magic.amulets(self, state, side, held)

    # Shadows over Normandie's traits and equipment (builder.heroes.ai.son_gear)

    def hardboiled(self, state: GameState, piece: Piece, held: int) -> int:
        return son_gear.hardboiled(state, piece, held)

    def heroic(self, state: GameState, piece: Piece) -> bool:
        return son_gear.heroic(self, state, piece)

    def poisoned_blades(self, state: GameState, attacker: Piece, assault: Assault, held: int) -> int:
        return son_gear.poisoned_blades(state, attacker, assault, held)

    def poison_madness(self, state: GameState, victim: Piece, drawn: tuple[Madness, ...]) -> Madness:
        return son_gear.poison_madness(state, victim, drawn)

    def ichor_heal(self, state: GameState, character: Piece) -> bool:
        return son_gear.ichor_heal(state, character)

    def ichor_shield(self, state: GameState, character: Piece, hit: Piece) -> bool:
        return son_gear.ichor_shield(state, character, hit)

    def dragon_perch(self, state: GameState, side: str, carrier: str | None) -> str | None:
        return son_gear.dragon_perch(self, state, side, carrier)

    def totem_at(self, state: GameState, side: str) -> Point | None:
        return son_gear.totem_at(self, state, side)

    def totem_boon(self, state: GameState, totem: Totem) -> Boon:
        return son_gear.totem_boon(state, totem)

    def medallion(self, state: GameState, wearer: Piece, tokens: tuple[str, ...]) -> str | None:
        return son_gear.medallion(self, state, wearer, tokens)
