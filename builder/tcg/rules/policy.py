"""The simple policy both sides play in `hon deploy` and `hon simulate`: it knows only what
its player may know (an enemy's hidden card is a hidden card, never a decoy or a unit), and
leaves every roll to the seeded dice, so a seed replays the same game.

Each COMMAND marker: clear a card under two SUPPRESSED markers; recover DIRECTIVE markers
when down to one; draw and reinforce once a phase when the hand holds Unit Cards or is thin;
otherwise activate the card that does most — an HQ whose Field Command starts a GO! chain,
a card with a target, a card that can close on an objective, a card whose Fire!, Forward!,
Fall Back! or Engineers has something to do."""

from __future__ import annotations

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
from builder.tcg.rules.command_abilities import ORDERS, Orders
from builder.tcg.rules.decisions import Sensible
from builder.tcg.rules.engineers import elements
from builder.tcg.rules.hand import may_play, play_event, play_hero
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.tactics import (
    Reinforcements,
    arrivals,
    can_manoeuvre,
    command,
    manage,
    manoeuvre,
    recover,
    remove_suppressed,
)
from builder.tcg.scenario import MarkerKind

LOW_DIRECTIVES = 1
CARE = frozenset({AbilityKind.MEDICS, AbilityKind.RALLY})  # abilities used on a friendly card


class SimplePolicy(Sensible):
    def __init__(self) -> None:
        self.managed: tuple[int, str] | None = None  # the phase it last drew cards in
        self.recovered: tuple[int, str] | None = None

    # --- the tactics ------------------------------------------------------------------------

    def take_tactic(self, game: Game, side: str) -> None:
        """Spend one COMMAND marker."""
        now = (game.turn, side)
        player = game.players[side]
        mine = game.of(side)
        heavy = [p for p in mine if p.suppressed >= 2 and not p.activated]
        if heavy:
            remove_suppressed(game, side, [max(heavy, key=lambda p: p.suppressed)])
            return
        if player.directives <= LOW_DIRECTIVES and self.recovered != now:
            self.recovered = now
            recover(game, side)
            return
        units_in_hand = any(isinstance(c, UnitCard | DecoyCard) for c in player.hand)
        wants_cards = (units_in_hand and arrivals(game, side)) or (len(player.hand) < 2 and player.reserve)
        if wants_cards and self.managed != now:
            self.managed = now
            self.reinforce(game, side, manage(game, side))
            return
        ranked = sorted((p for p in mine if not p.activated), key=lambda p: (-self.worth(game, p), p.key))
        if ranked and self.worth(game, ranked[0]) > 0:
            command(game, ranked[0], self)
            return
        pair = self.manoeuvre_pair(game, side)
        if pair is not None:
            manoeuvre(game, *pair, self)
            return
        recover(game, side)

    def worth(self, game: Game, piece: Piece) -> int:
        """How much activating the card would do: a GO! chain, targets, a step forward."""
        act = Activation(game, piece, self)
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
        if self.step(game, piece, act.moves()) is not None:
            score += 1
        return score

    def manoeuvre_pair(self, game: Game, side: str) -> tuple[Piece, Piece, Piece] | None:
        """Two cards that may swap, and one of them able to shoot after the swap (a Fire or
        Move card cannot: the swap is a move, TCG p.6, p.12)."""
        for a in game.of(side):
            for b in game.of(side):
                if a.key < b.key and can_manoeuvre(game, a, b):
                    shooter = next((p for p in (a, b) if p.shooting and not p.ability(AbilityKind.FIRE_OR_MOVE)), None)
                    if shooter is not None:
                        return a, b, shooter
        return None

    def reinforce(self, game: Game, side: str, points: Reinforcements) -> None:
        """Put Unit Cards from the hand on the battlefield, nearest the objectives first; a
        decoy never next to an enemy (it would arrive face up and be discarded)."""
        player = game.players[side]
        for arrival in list(points.open):
            cards = [c for c in player.hand if isinstance(c, UnitCard | DecoyCard)]
            free = [b for b in arrival.boxes if game.at(b) is None]
            if not cards or not free:
                continue
            card = cards[0]
            if isinstance(card, DecoyCard):
                free = [b for b in free if not game.enemy_adjacent(side, b)] or []
                if not free:
                    continue
            points.place(card, min(free, key=lambda b: (self.closeness(game, side, b), b)))

    # --- an activation ------------------------------------------------------------------------

    def play_activation(self, act: Activation) -> None:
        game, piece = act.game, act.piece
        self.use_abilities(act)
        self.shoot_all(act)
        box = self.step(game, piece, act.moves())
        if box is not None:
            act.move(box)
            self.shoot_all(act)
        if game.players[piece.side].directives > 3:
            march = self.step(game, piece, act.forced_marches())
            if march is not None:
                act.march(march)

    def use_abilities(self, act: Activation) -> None:
        game, piece = act.game, act.piece
        for index, ability in act.abilities():
            if ability.kind is AbilityKind.FIELD_COMMAND:
                ranked = sorted(act.go_targets(ability), key=lambda p: (-self.worth(game, p), p.key))
                chosen = [p for p in ranked if self.worth(game, p) > 0][: ability.count or len(ranked)]
                if chosen:
                    act.give_go(index, chosen)
            elif ability.kind in ORDERS:
                planned = self.orders(game, piece, ability)
                if planned:
                    self.give_orders(act.order(index), planned)
            elif ability.kind is AbilityKind.ENGINEERS:
                boxes = self.demolitions(game, piece, ability)[: ability.count or None]
                if boxes:
                    act.engineer(index, boxes)
            elif self.worth_drawing(game, piece.side, ability.kind):
                act.use(index)
            elif ability.kind in CARE:
                target = self.patient(act, ability)
                if target is not None:
                    act.use(index, target)

    def patient(self, act: Activation, ability: Ability) -> Piece | None:
        """The card Medics & Mechanics heals (one with a HIT marker) or Rally frees (one with
        a SUPPRESSED marker): one the ability reaches, the most burdened first."""

        def burden(piece: Piece) -> int:
            return piece.hits if ability.kind is AbilityKind.MEDICS else piece.suppressed

        found = [p for p in act.game.of(act.piece.side) if burden(p) and act.tends(ability, p)]
        return max(found, key=lambda p: (burden(p), p.key), default=None)

    def orders(self, game: Game, user: Piece, ability: Ability) -> list[Piece]:
        """The cards worth ordering, best first, as many as the icons allow: Fire! those
        with a target, ACTIVATED ones first (their shot is otherwise lost this phase);
        Forward! those it brings nearer what they want; Fall Back! damaged or SUPPRESSED
        cards next to an enemy and on no objective."""
        plan = Orders(game, user, ability, self)
        if ability.kind is AbilityKind.FIRE:
            chosen = [p for p in plan.cards() if self.fire_order(plan, p) is not None]
            chosen.sort(key=lambda p: (not p.activated, p.key))
        elif ability.kind is AbilityKind.FORWARD:
            chosen = [p for p in plan.cards() if self.step(game, p, plan.boxes(p)) is not None]
        else:
            chosen = [
                p
                for p in plan.cards()
                if (p.hits or p.suppressed)
                and game.enemy_adjacent(p.side, p.box)
                and self.closeness(game, p.side, p.box) > 0
                and plan.boxes(p)
            ]
        return chosen[: ability.count or None]

    def give_orders(self, plan: Orders, cards: list[Piece]) -> None:
        game = plan.game
        for piece in cards:
            if piece.key not in game.pieces:
                continue
            if plan.ability.kind is AbilityKind.FIRE:
                shot = self.fire_order(plan, piece)
                if shot is not None:
                    plan.fire(piece, *shot)
            elif plan.ability.kind is AbilityKind.FORWARD:
                box = self.step(game, piece, plan.boxes(piece))
                if box is not None:
                    plan.move(piece, box)
            elif plan.boxes(piece):
                safe = [b for b in plan.boxes(piece) if not game.enemy_adjacent(piece.side, b)]
                plan.move(piece, min(safe or plan.boxes(piece)))

    def fire_order(self, plan: Orders, piece: Piece) -> tuple[int, Piece] | None:
        """Fire!'s single Shooting attack: the lowest shooting value with a target."""
        if piece.hidden and piece.is_decoy:
            return None
        options = [(piece.shooting[i].value, i) for i in range(len(piece.shooting)) if plan.targets(piece, i)]
        if not options:
            return None
        index = min(options)[1]
        targets = plan.targets(piece, index)
        return index, min(targets, key=lambda t: (t.hidden, -t.hits, -t.suppressed, t.key))

    def demolitions(self, game: Game, user: Piece, ability: Ability) -> list[Box]:
        """Engineers remove the marked elements that serve the enemy: a bombardment, and any
        element an enemy card stands on."""
        found = []
        for _, marker in elements(game, user, ability):
            holder = game.at(marker.box)
            if marker.kind is MarkerKind.BOMBARDMENT or (holder is not None and holder.side != user.side):
                found.append(marker.box)
        return found

    def worth_drawing(self, game: Game, side: str, kind: AbilityKind) -> bool:
        """Elan while below six DIRECTIVE markers; Reinforcements while the reserve holds cards."""
        player = game.players[side]
        if kind is AbilityKind.ELAN:
            return player.directives < 6
        return kind is AbilityKind.REINFORCEMENTS and bool(player.reserve)

    def shoot_all(self, act: Activation) -> None:
        """Each shooting value at the most damaged visible target, until none is left (a Fire
        Again! value comes back once, and the target already hit ranks first); seize their
        position straight after a shot that destroys, the only time it may (TCG p.9)."""
        if act.piece.hidden and act.piece.is_decoy:
            return
        while True:
            aimed = [(i, [t for t in act.targets(i) if t.key in act.game.pieces]) for i in act.weapons()]
            ready = [(i, targets) for i, targets in aimed if targets]
            if not ready:
                return
            index, targets = ready[0]
            act.fire(index, min(targets, key=lambda t: (t.hidden, -t.hits, -t.suppressed, t.key)))
            if act.can_seize():
                act.seize()

    def step(self, game: Game, piece: Piece, boxes: list[Box]) -> Box | None:
        """The box that brings the card closest to what it wants, if any brings it closer."""
        if not boxes:
            return None
        here = self.closeness(game, piece.side, piece.box)
        best = min(boxes, key=lambda b: (self.closeness(game, piece.side, b), b))
        return best if self.closeness(game, piece.side, best) < here else None

    def closeness(self, game: Game, side: str, box: Box) -> int:
        """Distance to the nearest objective it does not hold, else to the nearest enemy; 0 on
        any objective, so that a card holding one stays there."""
        if any(m.box == box for m in game.scenario.objectives()):
            return 0
        goals = [m.box for m in game.scenario.objectives() if game.controller(m.box) != side]
        if not goals:
            goals = [p.box for p in game.enemies(side)]
        return min((distance(box, goal) for goal in goals), default=0)

    def force_activation(self, game: Game, piece: Piece) -> bool:
        return game.players[piece.side].directives >= 2

    def next_go(self, game: Game, waiting: list[Piece]) -> Piece:
        """The cards that activate without a roll first (HQs carry the chain on), then the
        one whose activation would do most."""
        return min(waiting, key=lambda p: (not p.automatic, -self.worth(game, p), p.key))

    # --- cards in hand ---------------------------------------------------------------------------

    def play_cards(self, game: Game, side: str) -> None:
        """One Event Card and one Hero Card a phase, when they do something (TCG p.6)."""
        player = game.players[side]
        events = [c for c in player.hand if isinstance(c, EventCard)] if may_play(game, side, "event") else []
        heroes = [c for c in player.hand if isinstance(c, HeroCard)] if may_play(game, side, "hero") else []
        for card in events:
            chosen = self.event_choice(game, side, card)
            if chosen is not None:
                effect, name, target = chosen
                play_event(game, side, card, effect, name, target)
                if card.historical:
                    player.used_events.add(name)
                break
        for hero in heroes:
            carriers = [
                p for p in game.of(side) if p.hero is None and p.unit is not None and hero.condition.admits(p.unit)
            ]
            if carriers:
                play_hero(game, side, hero, max(carriers, key=lambda p: (len(p.shooting), p.key)))
                break

    def event_choice(self, game: Game, side: str, card: EventCard) -> tuple[EventEffect, str, Piece | None] | None:
        player = game.players[side]
        options: list[tuple[EventEffect, str]] = []
        if card.effect is not None:
            options.append((card.effect, card.name))
        else:
            options += [(e.effect, e.name) for e in player.side.historical_events if e.name not in player.used_events]
        for effect, name in options:
            useful, target = self.aim(game, side, effect)
            if useful:
                return effect, name, target
        return None

    def aim(self, game: Game, side: str, effect: EventEffect) -> tuple[bool, Piece | None]:
        """Whether an event's effect would do something now, and on which card."""
        player = game.players[side]
        if effect.kind is EventEffectKind.DIRECTIVES:
            return player.directives <= 3, None
        if effect.kind is EventEffectKind.REINFORCEMENTS:
            return bool(player.reserve), None
        if effect.kind is EventEffectKind.RALLY:
            worst = max(game.of(side), key=lambda p: (p.suppressed, p.key), default=None)
            return worst is not None and worst.suppressed > 0, worst
        seen = [p for p in game.enemies(side) if not p.hidden]
        target = max(seen, key=lambda p: (len(p.shooting), p.key), default=None)
        return target is not None, target
