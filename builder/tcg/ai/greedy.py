"""The simple policy both sides play in `hon simulate` (the greedy player): it sees the game
through its side's view (builder.tcg.rules.players: an enemy's hidden card is a hidden card,
never a decoy or a unit), and leaves every roll to the seeded dice, so a seed replays the
same game.

Each COMMAND marker: clear a card under two SUPPRESSED markers; recover DIRECTIVE markers
when down to one; draw and reinforce once a phase when the hand holds Unit Cards or is thin;
otherwise activate the card that does most — an HQ whose Field Command starts a GO! chain,
a card with a target, a card that can close on an objective, a card whose Fire!, Forward!,
Fall Back! or Engineers has something to do.

An activation follows one plan: its abilities first, then every shot it has, the move that
brings it closest to what it wants, every shot left, and a forced march when DIRECTIVE
markers are plenty. The plan is a generator that the activation's decisions resume, one
step a decision (`_activation`). A DIRECTIVE marker goes where it changes the result. It
never turns its own hidden card over by choice but for one test: a hidden target that has
been hit is turned over before its save when its own save is better than 6.

Of options it scores alike (two boxes as near an objective, two targets as damaged, two cards
as useful) it draws one from dice of its own, seeded by the game's seed and its side, never
the first by box or by card key, so that it prefers no corner and no place in a list, and
never from the game's dice, whose rolls stay the seed's (issue 34)."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from random import Random
from typing import TypeVar, assert_never

from builder.kernel.choice import least_drawn, ranked_drawn
from builder.kernel.events import Roll
from builder.tcg.base import Box
from builder.tcg.cards import (
    Ability,
    AbilityKind,
    DecoyCard,
    EventCard,
    EventEffect,
    EventEffectKind,
    HeroCard,
    UnitCard,
)
from builder.tcg.rules.activation import Activation
from builder.tcg.rules.board import distance
from builder.tcg.rules.choices import (
    Command,
    Engineer,
    ForcedMarch,
    GiveGo,
    GiveOrders,
    Manage,
    Manoeuvre,
    Move,
    Order,
    OrderFire,
    OrderMove,
    Place,
    PlayEvent,
    PlayHero,
    Recover,
    RemoveSuppressed,
    Seize,
    Shoot,
    Step,
    Tactic,
    UseAbility,
)
from builder.tcg.rules.command_abilities import ORDERS, Orders
from builder.tcg.rules.decisions import (
    ActivationStep,
    ArmourPiercing,
    EffectTarget,
    EventCardPlay,
    ForceActivation,
    HeroCardPlay,
    HideInForest,
    NextGo,
    OrderStep,
    Reinforcement,
    RevealBeforeGo,
    RevealBeforeSave,
    RevealCard,
    SavingBonus,
    SustainedFire,
    TacticChoice,
    TcgDecision,
)
from builder.tcg.rules.engineers import elements
from builder.tcg.rules.events import MoveKind
from builder.tcg.rules.moving import moves
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.saves import visible_save
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.tactics import arrivals, can_manoeuvre
from builder.tcg.rules.variants import two_hits
from builder.tcg.scenario import MarkerKind, Scenario

T = TypeVar("T")
LOW_DIRECTIVES = 1
CARE = frozenset({AbilityKind.MEDICS, AbilityKind.RALLY})  # abilities used on a friendly card

# What an activation's plan is resumed with: the view and the decision as they stand.
Resumed = tuple[TcgView, ActivationStep]
Plan = Generator[Step, Resumed, Resumed]


# The decisions by the moment they are asked (as builder.tcg.rules.decisions sorts them),
# each group answered by one method of the policy.
PhaseDecision = EventCardPlay | HeroCardPlay | EffectTarget | RevealCard | TacticChoice | Reinforcement
ActivationDecision = ActivationStep | OrderStep | NextGo | RevealBeforeGo | ForceActivation | HideInForest
ShootingDecision = RevealBeforeSave | ArmourPiercing | SustainedFire | SavingBonus


def for_every_side(scenario: Scenario, seed: int) -> dict[str, SimplePolicy]:
    """A simple policy for each side of `scenario` in the game of `seed`, as `hon simulate`
    plays them, each on its own dice."""
    return {side.id: SimplePolicy(own_dice(seed, side.id)) for side in scenario.sides}


def own_dice(seed: int, side: str) -> Random:
    """The dice the greedy player of `side` breaks ties with in the game of `seed`."""
    return Random(f"hon-tcg-greedy/{seed}/{side}")


class SimplePolicy:
    """The greedy player (see the module)."""

    def __init__(self, dice: Random | None = None) -> None:
        # Its own dice, for ties (see the module): `for_every_side` seeds them for a game.
        self.dice = dice if dice is not None else Random(0)
        self.managed: tuple[int, str] | None = None  # the phase it last drew cards in
        self.recovered: tuple[int, str] | None = None
        self._plan: Generator[Step, Resumed, Resumed] | None = None  # the activation under way
        self._ordering: tuple[Ability, list[str]] | None = None  # the orders to give, by card key
        # The Hero Cards in hand before its Event Card, in the phase it played one: only they
        # are tried (a card the event drew waits for another moment).
        self._heroes: tuple[tuple[int, str | None], tuple[str, ...]] | None = None

    def choose(self, view: TcgView, decision: TcgDecision) -> object:
        """Each kind of decision answered by its method below: one case a kind, in the method
        of its moment, so a kind added to `TcgDecision` and not answered here fails to
        type-check."""
        match decision:
            case EventCardPlay() | HeroCardPlay() | EffectTarget() | RevealCard() | TacticChoice() | Reinforcement():
                return self._in_phase(view, decision)
            case ActivationStep() | OrderStep() | NextGo() | RevealBeforeGo() | ForceActivation() | HideInForest():
                return self._in_activation(view, decision)
            case RevealBeforeSave() | ArmourPiercing() | SustainedFire() | SavingBonus():
                return self._in_shooting(view.game, decision)
            case _:
                assert_never(decision)

    def _in_phase(self, view: TcgView, decision: PhaseDecision) -> object:
        """As the phase opens and its COMMAND markers go down: cards played, the target of a
        scenario event, hidden cards turned over, tactics, reinforcements (TCG p.6-7, p.10, p.16)."""
        match decision:
            case EventCardPlay():
                return self.event_card(view)
            case HeroCardPlay():
                return self.hero_card(view)
            case EffectTarget():
                _, target = self.aim(view, decision.effect)
                return self.drawn(decision.options) if target is None else target.box
            case RevealCard():
                return None  # a card stays hidden until the rules or its save turn it over
            case TacticChoice():
                return self.take_tactic(view)
            case Reinforcement():
                return self.reinforce(view, decision)
            case _:
                assert_never(decision)

    def _in_activation(self, view: TcgView, decision: ActivationDecision) -> object:
        """An activation's steps and orders, the GO! chain and the card turned over before its
        roll (TCG p.7, p.11, p.14, p.16), a card hiding in a Forest as it ends (p.17)."""
        game = view.game
        match decision:
            case ActivationStep():
                return self.activation_step(view, decision)
            case OrderStep():
                return self.order_step(view, decision)
            case NextGo():
                return self.next_go(game, [self._at(game, box) for box in decision.options]).box
            case RevealBeforeGo():
                return False  # the hidden card's 4, as Pascal's Advice has it (TCG p.16)
            case ForceActivation():
                return game.players[decision.side].directives >= 2
            case HideInForest():
                return True
            case _:
                assert_never(decision)

    def _in_shooting(self, game: Game, decision: ShootingDecision) -> object:
        """A Shooting attack's DIRECTIVE markers, both players', and a hidden target turned
        over before its save (TCG p.13-14, p.16)."""
        match decision:
            case RevealBeforeSave():
                own = visible_save(game, self._at(game, decision.target))
                return own is not None and own.value < 6
            case ArmourPiercing():
                target = self._at(game, decision.target)
                return target.armoured and not target.hidden and game.players[decision.side].directives >= 2
            case SustainedFire():
                return self.sustained_fire(game, decision.roll, decision.value)
            case SavingBonus():
                return decision.roll.total + 1 == decision.save
            case _:
                assert_never(decision)

    @staticmethod
    def _at(game: Game, box: Box) -> Piece:
        piece = game.at(box)
        if piece is None:
            raise ValueError(f"the rules named box {list(box)}, where no card stands")
        return piece

    @staticmethod
    def sustained_fire(game: Game, roll: Roll, value: int) -> bool:
        """+1 when the roll is one short, or when it makes a 12 of an 11 (More casualties)."""
        return roll.total + 1 == value or two_hits(game.variants, roll.total + 1) > two_hits(game.variants, roll.total)

    def drawn(self, options: Iterable[T]) -> T:
        """One of `options` the policy scores alike, drawn from its own dice."""
        found = list(options)
        return found[self.dice.randrange(len(found))]

    def target(self, targets: list[Piece]) -> Piece:
        """The most damaged visible target (TCG p.13: a second HIT destroys), one of those
        alike drawn."""
        return least_drawn(targets, lambda t: (t.hidden, -t.hits, -t.suppressed), self.dice)

    # --- the tactics ------------------------------------------------------------------------

    def take_tactic(self, view: TcgView) -> Tactic:
        """Spend one COMMAND marker."""
        game, side = view.game, view.side
        now = (game.turn, side)
        player = game.players[side]
        mine = game.of(side)
        heavy = [p for p in mine if p.suppressed >= 2 and not p.activated]
        if heavy:
            return RemoveSuppressed((least_drawn(heavy, lambda p: -p.suppressed, self.dice).box,))
        if player.directives <= LOW_DIRECTIVES and self.recovered != now:
            self.recovered = now
            return Recover()
        units_in_hand = any(isinstance(c, UnitCard | DecoyCard) for c in player.hand)
        wants_cards = (units_in_hand and arrivals(game, side)) or (len(player.hand) < 2 and view.reserves[side])
        if wants_cards and self.managed != now:
            self.managed = now
            return Manage()
        waiting = [(p, self.worth(game, p)) for p in mine if not p.activated]
        if waiting:
            best, worth = least_drawn(waiting, lambda pair: -pair[1], self.dice)
            if worth > 0:
                return Command(best.box)
        pair = self.manoeuvre_pair(game, side)
        if pair is not None:
            first, second, shooter = pair
            return Manoeuvre(first.box, second.box, shooter.box)
        return Recover()

    def worth(self, game: Game, piece: Piece) -> int:
        """How much activating the card would do: a GO! chain, targets, a step forward."""
        act = Activation(game, piece)
        score = 0
        for _, ability in act.abilities():
            if ability.kind is AbilityKind.FIELD_COMMAND:
                score += 3 * min(len(act.go_targets(ability)), ability.count or 3)
            elif ability.kind is AbilityKind.ELAN and game.players[piece.side].directives < 6:
                score += 1
            elif ability.kind in ORDERS:
                score += len(self.orders(game, piece, ability))
            elif ability.kind is AbilityKind.ENGINEERS:
                score += 2 * len(self.demolitions(game, piece, ability))
            elif ability.kind in CARE and self.patient(act, ability) is not None:
                score += 2
        if not (piece.hidden and piece.is_decoy):
            score += 2 * sum(1 for i in act.weapons() if act.targets(i))
        if self.closer(game, piece, act.moves()):
            score += 1
        return score

    def manoeuvre_pair(self, game: Game, side: str) -> tuple[Piece, Piece, Piece] | None:
        """Two cards that may swap, and one of them able to shoot after the swap (a Fire or
        Move card cannot: the swap is a move, TCG p.6, p.12); of several pairs, one drawn."""
        found: list[tuple[Piece, Piece, Piece]] = []
        for a in game.of(side):
            for b in game.of(side):
                if a.key < b.key and can_manoeuvre(game, a, b):
                    shooters = [p for p in (a, b) if p.shooting and not p.ability(AbilityKind.FIRE_OR_MOVE)]
                    found += [(a, b, shooter) for shooter in shooters]
        return self.drawn(found) if found else None

    def reinforce(self, view: TcgView, point: Reinforcement) -> Place | None:
        """The first Unit Card of the hand on the point, nearest the objectives; a decoy
        never next to an enemy (it would arrive face up and be discarded)."""
        game, side = view.game, view.side
        cards = [c for c in game.players[side].hand if isinstance(c, UnitCard | DecoyCard)]
        free = [b for b in point.boxes if game.at(b) is None]
        if not cards or not free:
            return None
        card = cards[0]
        if isinstance(card, DecoyCard):
            free = [b for b in free if not game.enemy_adjacent(side, b)]
            if not free:
                return None
        return Place(card.id, least_drawn(free, lambda b: self.closeness(game, side, b), self.dice))

    # --- an activation ------------------------------------------------------------------------

    def activation_step(self, view: TcgView, decision: ActivationStep) -> Step | None:
        """The next step of the activation's plan, which its first decision starts; None
        once the plan is done."""
        try:
            if not decision.taken or self._plan is None:
                self._plan = self._activation(view, decision)
                return next(self._plan)
            return self._plan.send((view, decision))
        except StopIteration:
            self._plan = None
            return None

    def _activation(self, view: TcgView, decision: ActivationStep) -> Plan:
        """Abilities, shots, the move, shots, the forced march (see the module)."""
        view, decision = yield from self._abilities(view, decision)
        view, decision = yield from self._shoot_all(view, decision)
        game = view.game
        piece = self._at(game, decision.card)
        box = self.step(game, piece, [b for b in moves(game, piece) if Move(b) in decision.options])
        if box is not None:
            view, decision = yield Move(box)
            view, decision = yield from self._shoot_all(view, decision)
        game = view.game
        piece = self._at(game, decision.card)
        if game.players[piece.side].directives > 3:
            marches = [b for b in moves(game, piece, MoveKind.FORCED_MARCH) if ForcedMarch(b) in decision.options]
            march = self.step(game, piece, marches)
            if march is not None:
                view, decision = yield ForcedMarch(march)
        return view, decision

    def _abilities(self, view: TcgView, decision: ActivationStep) -> Plan:
        """Each active ability in turn, used when it has something to do."""
        for index, ability in Activation(view.game, self._at(view.game, decision.card)).abilities():
            step = self._use(view, decision.card, index, ability)
            if step is not None and step in decision.options:  # a manoeuvring card uses none (TCG p.6)
                view, decision = yield step
        return view, decision

    def _use(self, view: TcgView, box: Box, index: int, ability: Ability) -> Step | None:
        game = view.game
        piece = self._at(game, box)
        act = Activation(game, piece)
        if ability.kind is AbilityKind.FIELD_COMMAND:
            worth = {p.key: self.worth(game, p) for p in act.go_targets(ability)}
            useful = [p for p in act.go_targets(ability) if worth[p.key] > 0]
            ranked = ranked_drawn(useful, lambda p: -worth[p.key], self.dice)
            chosen = ranked[: ability.count or len(ranked)]
            return GiveGo(index, tuple(p.box for p in chosen)) if chosen else None
        if ability.kind in ORDERS:
            planned = self.orders(game, piece, ability)
            self._ordering = (ability, [p.key for p in planned])
            return GiveOrders(index) if planned else None
        if ability.kind is AbilityKind.ENGINEERS:
            boxes = self.demolitions(game, piece, ability)[: ability.count or None]
            return Engineer(index, tuple(boxes)) if boxes else None
        if self.worth_drawing(view, ability.kind):
            return UseAbility(index)
        if ability.kind in CARE:
            target = self.patient(act, ability)
            return UseAbility(index, target.box) if target is not None else None
        return None

    def patient(self, act: Activation, ability: Ability) -> Piece | None:
        """The card Medics & Mechanics heals (one with a HIT marker) or Rally frees (one with
        a SUPPRESSED marker): one the ability reaches, the most burdened first."""

        def burden(piece: Piece) -> int:
            return piece.hits if ability.kind is AbilityKind.MEDICS else piece.suppressed

        found = [p for p in act.game.of(act.piece.side) if burden(p) and act.tends(ability, p)]
        return least_drawn(found, lambda p: -burden(p), self.dice) if found else None

    def orders(self, game: Game, user: Piece, ability: Ability) -> list[Piece]:
        """The cards worth ordering, best first, as many as the icons allow: Fire! those
        with a target, ACTIVATED ones first (their shot is otherwise lost this phase);
        Forward! those it brings nearer what they want; Fall Back! damaged or SUPPRESSED
        cards next to an enemy and on no objective."""
        plan = Orders(game, user, ability)
        if ability.kind is AbilityKind.FIRE:
            chosen = [p for p in plan.cards() if self.fire_order(plan, p) is not None]
        elif ability.kind is AbilityKind.FORWARD:
            chosen = [p for p in plan.cards() if self.closer(game, p, plan.boxes(p))]
        else:
            chosen = [
                p
                for p in plan.cards()
                if (p.hits or p.suppressed)
                and game.enemy_adjacent(p.side, p.box)
                and self.closeness(game, p.side, p.box) > 0
                and plan.boxes(p)
            ]
        # More cards than icons: which go first is drawn, never the first listed.
        return ranked_drawn(chosen, lambda p: not p.activated, self.dice)[: ability.count or None]

    def order_step(self, view: TcgView, decision: OrderStep) -> Order | None:
        """The next card of the orders planned as the ability was used, which may still be
        given its order; None once none is left."""
        if self._ordering is None:
            return None
        ability, planned = self._ordering
        game = view.game
        plan = Orders(game, self._at(game, decision.user), ability)
        while planned:
            piece = game.pieces.get(planned.pop(0))
            if piece is None:
                continue
            if ability.kind is AbilityKind.FIRE:
                shot = self.fire_order(plan, piece)
                if shot is not None:
                    return OrderFire(piece.box, shot[0], shot[1].box)
            elif ability.kind is AbilityKind.FORWARD:
                box = self.step(game, piece, plan.boxes(piece))
                if box is not None:
                    return OrderMove(piece.box, box)
            elif plan.boxes(piece):
                safe = [b for b in plan.boxes(piece) if not game.enemy_adjacent(piece.side, b)]
                return OrderMove(piece.box, self.drawn(safe or plan.boxes(piece)))
        return None

    def fire_order(self, plan: Orders, piece: Piece) -> tuple[int, Piece] | None:
        """Fire!'s single Shooting attack: the lowest shooting value with a target."""
        if piece.hidden and piece.is_decoy:
            return None
        options = [(piece.shooting[i].value, i) for i in range(len(piece.shooting)) if plan.targets(piece, i)]
        if not options:
            return None
        index = min(options)[1]
        targets = plan.targets(piece, index)
        return index, self.target(targets)

    def demolitions(self, game: Game, user: Piece, ability: Ability) -> list[Box]:
        """Engineers remove the marked elements that serve the enemy: a bombardment, and any
        element an enemy card stands on."""
        found = []
        for _, marker in elements(game, user, ability):
            holder = game.at(marker.box)
            if marker.kind is MarkerKind.BOMBARDMENT or (holder is not None and holder.side != user.side):
                found.append(marker.box)
        return found

    def worth_drawing(self, view: TcgView, kind: AbilityKind) -> bool:
        """Elan while below six DIRECTIVE markers; Reinforcements while the reserve holds cards."""
        if kind is AbilityKind.ELAN:
            return view.game.players[view.side].directives < 6
        return kind is AbilityKind.REINFORCEMENTS and bool(view.reserves[view.side])

    def _shoot_all(self, view: TcgView, decision: ActivationStep) -> Plan:
        """Each shooting value at the most damaged visible target, until none is left (a Fire
        Again! value comes back once, and the target already hit ranks first); seize their
        position straight after a shot that destroys, the only time it may (TCG p.9)."""
        piece = self._at(view.game, decision.card)
        if piece.hidden and piece.is_decoy:
            return view, decision
        while True:
            game = view.game
            piece = self._at(game, decision.card)
            in_range = Activation(game, piece).targets  # every enemy in range; the options say which it may shoot
            aimed = [
                (i, [t for t in in_range(i) if Shoot(i, t.box) in decision.options]) for i in range(len(piece.shooting))
            ]
            ready = [(i, targets) for i, targets in aimed if targets]
            if not ready:
                return view, decision
            index, targets = ready[0]
            view, decision = yield Shoot(index, self.target(targets).box)
            if Seize() in decision.options:
                view, decision = yield Seize()

    def step(self, game: Game, piece: Piece, boxes: list[Box]) -> Box | None:
        """The box that brings the card closest to what it wants, if any brings it closer;
        of those alike, one drawn."""
        closer = self.closer(game, piece, boxes)
        return least_drawn(closer, lambda b: self.closeness(game, piece.side, b), self.dice) if closer else None

    def closer(self, game: Game, piece: Piece, boxes: list[Box]) -> list[Box]:
        """The boxes of `boxes` that bring the card closer to what it wants."""
        here = self.closeness(game, piece.side, piece.box)
        return [b for b in boxes if self.closeness(game, piece.side, b) < here]

    def closeness(self, game: Game, side: str, box: Box) -> int:
        """Distance to the nearest objective it does not hold, else to the nearest enemy; 0 on
        any objective, so that a card holding one stays there."""
        if any(m.box == box for m in game.scenario.objectives()):
            return 0
        goals = [m.box for m in game.scenario.objectives() if game.controller(m.box) != side]
        if not goals:
            goals = [p.box for p in game.enemies(side)]
        return min((distance(box, goal) for goal in goals), default=0)

    def next_go(self, game: Game, waiting: list[Piece]) -> Piece:
        """The cards that activate without a roll first (HQs carry the chain on), then the
        one whose activation would do most."""
        return least_drawn(waiting, lambda p: (not p.automatic, -self.worth(game, p)), self.dice)

    # --- cards in hand ---------------------------------------------------------------------------

    def event_card(self, view: TcgView) -> PlayEvent | None:
        """The first Event Card of the hand whose effect would do something now."""
        game, side = view.game, view.side
        hand = game.players[side].hand
        self._heroes = ((game.turn, game.phase_side), tuple(c.id for c in hand if isinstance(c, HeroCard)))
        for card in (c for c in hand if isinstance(c, EventCard)):
            chosen = self.event_choice(view, card)
            if chosen is not None:
                return chosen
        return None

    def event_choice(self, view: TcgView, card: EventCard) -> PlayEvent | None:
        player = view.game.players[view.side]
        options: list[tuple[EventEffect, str | None]] = []
        if card.effect is not None:
            options.append((card.effect, None))
        else:
            options += [(e.effect, e.name) for e in player.side.historical_events if e.name not in player.used_events]
        for effect, historical in options:
            useful, target = self.aim(view, effect)
            if useful:
                return PlayEvent(card.id, historical, None if target is None else target.box)
        return None

    def hero_card(self, view: TcgView) -> PlayHero | None:
        """The first Hero Card of the hand with a card to carry it: the one with most
        shooting values."""
        game, side = view.game, view.side
        heroes = [c for c in game.players[side].hand if isinstance(c, HeroCard)]
        if self._heroes is not None and self._heroes[0] == (game.turn, game.phase_side):
            heroes = [c for c in heroes if c.id in self._heroes[1]]
        for hero in heroes:
            carriers = [
                p for p in game.of(side) if p.hero is None and p.unit is not None and hero.condition.admits(p.unit)
            ]
            if carriers:
                return PlayHero(hero.id, least_drawn(carriers, lambda p: -len(p.shooting), self.dice).box)
        return None

    def aim(self, view: TcgView, effect: EventEffect) -> tuple[bool, Piece | None]:
        """Whether an event's effect would do something now, and on which card."""
        game, side = view.game, view.side
        player = game.players[side]
        if effect.kind is EventEffectKind.DIRECTIVES:
            return player.directives <= 3, None
        if effect.kind is EventEffectKind.REINFORCEMENTS:
            return bool(view.reserves[side]), None
        if effect.kind is EventEffectKind.RALLY:
            mine = game.of(side)
            worst = least_drawn(mine, lambda p: -p.suppressed, self.dice) if mine else None
            return worst is not None and worst.suppressed > 0, worst
        seen = [p for p in game.enemies(side) if not p.hidden]
        target = least_drawn(seen, lambda p: -len(p.shooting), self.dice) if seen else None
        return target is not None, target
