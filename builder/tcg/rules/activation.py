"""Activating a Unit Card (TCG p.7, p.11, p.14): by a COMMAND marker, or by a GO! marker and
the yellow die. Once activated it may move one box, shoot once with each shooting value and
use its abilities, in any order: its player chooses each step among those the rules offer
(`Activation.options`), until it ends the activation. The GO! markers waiting are rolled for
when it is done, one card at a time, so activations chain from HQ to HQ."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations

from builder.kernel.decisions import YES_NO, Offered
from builder.kernel.events import Roll
from builder.kernel.match import Table
from builder.tcg.base import Box, page
from builder.tcg.cards import Ability, AbilityKind, EffectKind
from builder.tcg.rules.board import distance
from builder.tcg.rules.choices import (
    Engineer,
    ForcedMarch,
    GiveGo,
    GiveOrders,
    Move,
    Seize,
    Shoot,
    Step,
    TurnFaceUp,
    UseAbility,
)
from builder.tcg.rules.command_abilities import ORDERS, Orders, fits, give_orders, play_orders
from builder.tcg.rules.decisions import ActivationStep, ForceActivation, NextGo, RevealBeforeGo
from builder.tcg.rules.engineers import elements, interact
from builder.tcg.rules.events import ActivationEvent, GoEvent, MoveKind, ShotEvent
from builder.tcg.rules.hidden import hide_in_forest, reveal
from builder.tcg.rules.moving import can_seize, move, moves
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.shooting import in_range, shoot
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.support import reaches, use_ability
from builder.tcg.rules.variants import VARIANT_PAGE, Variant

SIMPLE = frozenset({AbilityKind.ELAN, AbilityKind.REINFORCEMENTS})  # used on no card
CARE = frozenset({AbilityKind.RALLY, AbilityKind.MEDICS})  # used on a friendly card


class IllegalAction(ValueError):
    """A step the rules do not allow: they offer only legal ones."""


@dataclass
class Activation:
    """One card's activation under way: what it has done, and so what it may still do."""

    game: Game
    piece: Piece
    manoeuvre: bool = False  # a manoeuvre's shot: no normal move, no ability (TCG p.6)
    shoots: bool = True  # False for the manoeuvre's other card, which only swaps (and may march)
    partner: Activation | None = None  # the other card of a manoeuvre: one forced march for both
    moved: bool = False
    forced_march: bool = False
    seized: bool = False
    fired: set[int] = field(default_factory=set)
    first_shots: dict[int, ShotEvent] = field(default_factory=dict)  # Fire Again! values fired once
    used: set[int] = field(default_factory=set)  # abilities used, by index
    given: Counter[int] = field(default_factory=Counter)  # GO! markers placed, by Field Command index
    seizable: Box | None = None  # the box of an enemy its last Shooting attack destroyed
    taken: list[Step] = field(default_factory=list)  # the steps its player chose, in order

    @property
    def has_moved(self) -> bool:
        """The card moved during its activation, however: its move, a forced march, seize
        their position! or a manoeuvre's swap (TCG p.12, Fire or Move and Lumbering: "if it
        moves during its activation"). The swap counts: p.6 calls it a move ("may not make
        any other moves") and both cards end ACTIVATED, as after an activation."""
        return self.moved or self.forced_march or self.seized or self.manoeuvre

    def _may_move(self) -> bool:
        """Fire or Move: a card that has shot may not move after; Lumbering: one that has
        shot at its stationary value ("does not move during its activation") neither
        (TCG p.12)."""
        if self.fired and self.piece.ability(AbilityKind.FIRE_OR_MOVE):
            return False
        standing = not self.has_moved and any(self.piece.shooting[i].has(EffectKind.LUMBERING) for i in self.fired)
        return not standing

    def _step(self) -> None:
        """Any other step ends the chance to seize their position: the book allows it "after
        a combat" that destroyed the enemy (TCG p.9), and both its examples seize straight
        after the destroying shot (TCG p.15 step 2, p.18 step 6)."""
        self.seizable = None

    # --- moving -------------------------------------------------------------------------

    def moves(self) -> list[Box]:
        if self.moved or self.manoeuvre or not self._may_move():
            return []
        return moves(self.game, self.piece)

    def move(self, to: Box) -> None:
        if to not in self.moves():
            raise IllegalAction(f"{self.piece.name} cannot move to {list(to)}")
        self._step()
        self.moved = True
        move(self.game, self.piece, to, MoveKind.NORMAL)

    def forced_marches(self) -> list[Box]:
        """One extra orthogonal box for a DIRECTIVE marker, once per activation (TCG p.14)."""
        if self.forced_march or not self.game.can_use_directive(self.piece):
            return []
        if self.partner is not None and self.partner.forced_march:  # "one of the two" (TCG p.6)
            return []
        if not self._may_move():
            return []
        return moves(self.game, self.piece, MoveKind.FORCED_MARCH)

    def march(self, to: Box) -> None:
        if to not in self.forced_marches():
            raise IllegalAction(f"{self.piece.name} cannot make a forced march to {list(to)}")
        self._step()
        self.game.spend_directive(self.piece)
        self.forced_march = True
        move(self.game, self.piece, to, MoveKind.FORCED_MARCH)

    def can_seize(self) -> bool:
        """Only as the step straight after the Shooting attack that destroyed (see _step)."""
        box = self.seizable
        if box is None or self.seized or self.manoeuvre or not self._may_move():
            return False
        return can_seize(self.game, self.piece, box)

    def seize(self) -> None:
        """Seize their position! — not compulsory (TCG p.9)."""
        if not self.can_seize() or self.seizable is None:
            raise IllegalAction(f"{self.piece.name} cannot seize their position")
        self.seized = True
        move(self.game, self.piece, self.seizable, MoveKind.SEIZE)
        self.seizable = None

    # --- shooting -----------------------------------------------------------------------

    def weapons(self) -> list[int]:
        """The shooting values not used yet (a manoeuvre allows one shot in all); one with
        Fire Again! makes two Shooting attacks (TCG p.12)."""
        if not self.shoots or (self.manoeuvre and self.fired):
            return []
        if self.has_moved and self.piece.ability(AbilityKind.FIRE_OR_MOVE):
            return []
        return [i for i in range(len(self.piece.shooting)) if i not in self.fired or self._again(i)]

    def _again(self, index: int) -> bool:
        """A Fire Again! shooting value fired once, with its second attack still to make."""
        weapon = self.piece.shooting[index]
        return not self.manoeuvre and index in self.first_shots and weapon.has(EffectKind.FIRE_AGAIN)

    def targets(self, index: int) -> list[Piece]:
        return [t for t in self.game.enemies(self.piece.side) if self._aims(index, t)]

    def _aims(self, index: int, target: Piece) -> bool:
        """An enemy within the range of the shooting value `index` (TCG p.7)."""
        weapon = self.piece.shooting[index]
        return target.side != self.piece.side and in_range(self.game, self.piece, weapon, target)

    def fire(self, index: int, target: Piece, table: Table[TcgView]) -> ShotEvent:
        if index not in self.weapons() or target not in self.targets(index):
            raise IllegalAction(f"{self.piece.name} cannot shoot at {target.name}")
        self._step()
        first = self.first_shots.pop(index, None) if index in self.fired else None
        self.fired.add(index)
        # Fire Again!: the second attack succeeds when the first did on the same card (TCG p.12).
        sure = first is not None and first.success and first.target == target.key
        box = target.box
        weapon = self.piece.shooting[index]
        event = shoot(self.game, self.piece, index, target, table, moved=self.has_moved, sure=sure)
        if first is None and weapon.has(EffectKind.FIRE_AGAIN):
            self.first_shots[index] = event
        if target.key not in self.game.pieces and not target.is_decoy:
            self.seizable = box
        return event

    # --- abilities ----------------------------------------------------------------------

    def abilities(self) -> list[tuple[int, Ability]]:
        """Active abilities not used yet; none during a manoeuvre (TCG p.6)."""
        unit = self.piece.unit
        if unit is None or self.manoeuvre:
            return []
        found = list(unit.abilities)
        if self.piece.hero is not None and self.piece.hero.ability is not None:
            found.append(self.piece.hero.ability)
        return [(i, a) for i, a in enumerate(found) if not a.passive and i not in self.used]

    def go_targets(self, ability: Ability) -> list[Piece]:
        """Cards a Field Command may give a GO! marker: friendly, not ACTIVATED, without a GO!
        marker already, within its range, of its unit type (TCG p.10-11)."""
        found = []
        for piece in self.game.of(self.piece.side):
            if piece is self.piece or piece.activated or piece.go or (piece.is_decoy and not piece.hidden):
                continue
            reach = 1 if ability.range is None else ability.range
            if not ability.unlimited_range and distance(piece.box, self.piece.box) > reach:
                continue
            if ability.restriction and not fits(piece, ability):
                continue
            found.append(piece)
        return found

    def go_left(self, index: int, ability: Ability) -> int:
        """How many more GO! markers the Field Command may place: its icons less those placed,
        every card it reaches for the infinity sign."""
        if ability.count is None:
            return len(self.go_targets(ability))
        return ability.count - self.given[index]

    def _active(self, index: int, kinds: frozenset[AbilityKind]) -> Ability | None:
        """The active ability `index`, not used yet and of one of `kinds`; else None."""
        ability = dict(self.abilities()).get(index)
        return ability if ability is not None and ability.kind in kinds else None

    def _go_refusal(self, index: int, pieces: list[Piece]) -> str | None:
        ability = self._active(index, frozenset({AbilityKind.FIELD_COMMAND}))
        if ability is None:
            return f"{self.piece.name} has no Field Command to use"
        allowed = self.go_targets(ability)
        if not pieces or len(pieces) > self.go_left(index, ability) or any(p not in allowed for p in pieces):
            return f"{self.piece.name} cannot give those GO! markers"
        if len({p.key for p in pieces}) < len(pieces):
            return "a card takes one GO! marker"
        return None

    def give_go(self, index: int, pieces: list[Piece]) -> None:
        """Place GO! markers (Field Command, TCG p.11), all at once or a few at a time: one
        per icon in all, at any point of the activation (TCG p.7), as the HQ of TCG p.18
        places its first marker, moves, then places its second on a card now adjacent."""
        refused = self._go_refusal(index, pieces)
        if refused is not None:
            raise IllegalAction(refused)
        ability = dict(self.abilities())[index]
        self._step()
        reveal(self.game, self.piece, "it uses an ability")
        self.given[index] += len(pieces)
        if ability.count is not None and self.given[index] == ability.count:
            self.used.add(index)
        for piece in pieces:
            piece.go = True
        self.game.tell(
            GoEvent(
                turn=self.game.turn,
                phase=self.game.phase,
                side=self.piece.side,
                text=f"{self.piece.card.name} gives GO! markers to {', '.join(p.name for p in pieces)}.",
                page=page(11),
                giver=self.piece.key,
                pieces=tuple(p.key for p in pieces),
            )
        )

    def order(self, index: int) -> Orders:
        """Fall Back!, Forward! or Fire! (TCG p.11): the orders to give, card by card."""
        ability = self._ability(index, ORDERS)
        return give_orders(self.game, self.piece, ability)

    def elements(self, ability: Ability) -> list[Box]:
        """The boxes of the marked elements Engineers reach, one a marker."""
        return [marker.box for _, marker in elements(self.game, self.piece, ability)]

    def _engineer_refusal(self, index: int, boxes: list[Box]) -> str | None:
        ability = self._active(index, frozenset({AbilityKind.ENGINEERS}))
        if ability is None:
            return f"{self.piece.name} has no Engineers to use"
        if not boxes or (ability.count is not None and len(boxes) > ability.count):
            return f"{self.piece.name} has {ability.count} Engineers icon(s)"
        if Counter(boxes) - Counter(self.elements(ability)):
            return f"{self.piece.name} reaches no element marked for engineers there"
        return None

    def engineer(self, index: int, boxes: list[Box]) -> None:
        """Engineers (TCG p.12): remove the marked elements on `boxes`, one per icon."""
        refused = self._engineer_refusal(index, boxes)
        if refused is not None:
            raise IllegalAction(refused)
        ability = self._ability(index, frozenset({AbilityKind.ENGINEERS}))
        for box in boxes:
            interact(self.game, self.piece, ability, box)

    def _ability(self, index: int, kinds: frozenset[AbilityKind]) -> Ability:
        ability = self._active(index, kinds)
        if ability is None:
            raise IllegalAction(f"{self.piece.name} cannot use that ability")
        self._step()
        reveal(self.game, self.piece, "it uses an ability")
        self.used.add(index)
        return ability

    def _use_refusal(self, index: int, target: Piece | None) -> str | None:
        """Elan and Reinforcements fall on no card; Rally on a friendly card in reach with a
        SUPPRESSED marker, Medics & Mechanics on one with a HIT marker (TCG p.11-12)."""
        ability = self._active(index, SIMPLE | CARE)
        if ability is None:
            return f"{self.piece.name} cannot use that ability"
        if ability.kind in SIMPLE:
            return None if target is None else f"{ability.kind.value} falls on no card"
        if target is None or not self.tends(ability, target):
            return f"{self.piece.name} cannot reach that card with {ability.kind.value}"
        burden = target.suppressed if ability.kind is AbilityKind.RALLY else target.hits and ability.value
        return None if burden else f"{target.name} has nothing for {ability.kind.value} to remove"

    def use(self, index: int, target: Piece | None = None) -> None:
        """Any other active ability (Elan, Reinforcements, Rally, Medics & Mechanics)."""
        refused = self._use_refusal(index, target)
        if refused is not None:
            raise IllegalAction(refused)
        ability = self._ability(index, SIMPLE | CARE)
        use_ability(self.game, self.piece, ability, target)

    def tends(self, ability: Ability, target: Piece) -> bool:
        """Rally and Medics & Mechanics reach a friendly card: the user or one adjacent, or
        within the range icon (TCG p.10), of the icon's unit type (TCG p.11)."""
        return target.side == self.piece.side and reaches(self.piece, ability, target) and fits(target, ability)

    def turn_face_up(self) -> None:
        """The hidden card makes itself visible during its activation (TCG p.16), as Pascal's
        Advice has it after a roll on the hidden card's 4. It does nothing on the battlefield,
        so it leaves the chance to seize their position open."""
        if not self.piece.hidden:
            raise IllegalAction(f"{self.piece.name} is already face up")
        reveal(self.game, self.piece, "its player turns it over during its activation", chosen=True)

    # --- the steps a player chooses among ----------------------------------------------------

    def options(self) -> Iterator[Step | None]:
        """Every step the card may take now, then None, which ends the activation."""
        yield from (Move(to) for to in self.moves())
        yield from (ForcedMarch(to) for to in self.forced_marches())
        if self.can_seize():
            yield Seize()
        for index in self.weapons():
            yield from (Shoot(index, target.box) for target in self.targets(index))
        for index, ability in self.abilities():
            yield from self._uses(index, ability)
        if self.piece.hidden:
            yield TurnFaceUp()
        yield None

    def _uses(self, index: int, ability: Ability) -> Iterator[Step]:
        """Each way to use the ability now: GO! markers on any cards it reaches, up to its
        icons; any elements Engineers reach, up to theirs; Rally or Medics on each card
        they would help; the others, as they are."""
        if ability.kind is AbilityKind.FIELD_COMMAND:
            boxes = [p.box for p in self.go_targets(ability)]
            for size in range(1, min(self.go_left(index, ability), len(boxes)) + 1):
                yield from (GiveGo(index, chosen) for chosen in combinations(boxes, size))
        elif ability.kind in ORDERS:
            yield GiveOrders(index)
        elif ability.kind is AbilityKind.ENGINEERS:
            boxes = self.elements(ability)
            most = len(boxes) if ability.count is None else min(ability.count, len(boxes))
            chosen_sets = {chosen for size in range(1, most + 1) for chosen in combinations(boxes, size)}
            yield from (Engineer(index, chosen) for chosen in sorted(chosen_sets))
        elif ability.kind in SIMPLE:
            yield UseAbility(index)
        else:
            friends = self.game.of(self.piece.side)
            yield from (UseAbility(index, p.box) for p in friends if self._use_refusal(index, p) is None)

    def allows(self, choice: object) -> bool:
        """Whether `choice` is one of the steps `options` offers: the checks the steps
        themselves make before they change anything."""
        match choice:
            case None:
                return True
            case Move(to=to):
                return to in self.moves()
            case ForcedMarch(to=to):
                return to in self.forced_marches()
            case Seize():
                return self.can_seize()
            case Shoot(weapon=weapon, at=at):
                target = self.game.at(at)
                return (
                    target is not None
                    and 0 <= weapon < len(self.piece.shooting)
                    and self._aims(weapon, target)
                    and weapon in self.weapons()
                )
            case GiveGo(ability=index, to=to):
                found = [self.game.at(box) for box in to]
                cards = [p for p in found if p is not None]
                return len(cards) == len(found) and self._go_refusal(index, cards) is None
            case GiveOrders(ability=index):
                return self._active(index, ORDERS) is not None
            case Engineer(ability=index, boxes=boxes):
                return self._engineer_refusal(index, list(boxes)) is None
            case UseAbility(ability=index, on=on):
                target = None if on is None else self.game.at(on)
                return (on is None or target is not None) and self._use_refusal(index, target) is None
            case TurnFaceUp():
                return self.piece.hidden
        return False

    def take(self, step: Step, table: Table[TcgView]) -> None:
        """Carry out one of the steps `options` offers."""
        match step:
            case Move(to=to):
                self.move(to)
            case ForcedMarch(to=to):
                self.march(to)
            case Seize():
                self.seize()
            case Shoot(weapon=weapon, at=at):
                self.fire(weapon, self._card(at), table)
            case GiveGo(ability=index, to=to):
                self.give_go(index, [self._card(box) for box in to])
            case GiveOrders(ability=index):
                play_orders(self.order(index), table)
            case Engineer(ability=index, boxes=boxes):
                self.engineer(index, list(boxes))
            case UseAbility(ability=index, on=on):
                self.use(index, None if on is None else self._card(on))
            case TurnFaceUp():
                self.turn_face_up()
        self.taken.append(step)

    def _card(self, box: Box) -> Piece:
        found = self.game.at(box)
        if found is None:
            raise IllegalAction(f"no card in box {list(box)}")
        return found

    def run(self, table: Table[TcgView]) -> None:
        """The card's steps, as its player chooses them at `table`, until it ends."""
        while True:
            decision = ActivationStep(
                side=self.piece.side,
                options=Offered(self.options, self.allows),
                card=self.piece.box,
                taken=tuple(self.taken),
                manoeuvre=self.manoeuvre,
            )
            step = table.ask(decision)
            if step is None:
                return
            self.take(step, table)
            if self.piece.key not in self.game.pieces:  # a decoy turned face up is discarded
                return


def activate(game: Game, piece: Piece, table: Table[TcgView]) -> None:
    """Play a card's activation; then, while GO! markers wait, the player chooses a card
    bearing one, rolls for it and plays its activation, one card at a time (TCG p.11). The
    choice is among every GO! marker waiting, not only those the card just done gave: the
    book's own phase (TCG p.18) rolls for Collins, then for the Rifle Company the first HQ
    gave its marker to, and only then for the M10 that Collins gave his to."""
    play(game, piece, table)
    while waiting := [p for p in game.of(piece.side) if p.go]:
        chosen = waiting[0]
        if len(waiting) > 1:
            box = table.ask(NextGo(side=piece.side, options=tuple(p.box for p in waiting)))
            chosen = next(p for p in waiting if p.box == box)
        if go_roll(game, chosen, table):
            play(game, chosen, table)


def play(game: Game, piece: Piece, table: Table[TcgView]) -> None:
    """One card's activation, from its COMMAND or GO! marker to its ACTIVATED face."""
    Activation(game, piece).run(table)
    end(game, piece, table)


def end(game: Game, piece: Piece, table: Table[TcgView]) -> None:
    """The COMMAND or GO! marker turns to its ACTIVATED face; a card in a forest may hide."""
    piece.activated = True
    if piece.key in game.pieces:
        hide_in_forest(game, piece, table)


def go_roll(game: Game, piece: Piece, table: Table[TcgView]) -> bool:
    """The yellow die against the activation value (TCG p.11): A and HQs need no roll, hidden
    cards roll against 4 (TCG p.16); a failure may be forced with a DIRECTIVE marker (p.14),
    else the GO! marker is discarded. Whether the card is activated."""
    piece.go = False
    if not face_up_before_roll(game, piece, table):
        return False
    rolls: tuple[Roll, ...] = ()
    success, forced = True, False
    automatic = piece.automatic or Variant.AUTOMATIC_ACTIVATION in game.variants  # the novices' variant, p.21
    if not automatic:
        die = game.dice.roll(1)[0]
        needed = piece.activation_value
        rolls = (Roll("activation", (die,), die, (), die, page(11)),)
        success = die >= needed
        if (
            not success
            and game.can_use_directive(piece)
            and table.ask(
                ForceActivation(side=piece.side, options=YES_NO, card=piece.box, roll=rolls[0], needed=needed)
            )
        ):
            game.spend_directive(piece)
            success = forced = True
    said = "activates automatically" if automatic else ("activates" if success else "fails to activate")
    if forced:
        said = "fails its roll; a DIRECTIVE marker forces the activation"
    needed_text = "" if automatic else f" (needs {piece.activation_value})"
    game.tell(
        ActivationEvent(
            turn=game.turn,
            phase=game.phase,
            side=piece.side,
            text=f"{piece.name} {said} with its GO! marker{needed_text}.",
            rolls=rolls,
            page=page(14) if forced else (VARIANT_PAGE if automatic and not piece.automatic else page(11)),
            piece=piece.key,
            by_go=True,
            success=success,
            forced=forced,
        )
    )
    return success


def face_up_before_roll(game: Game, piece: Piece, table: Table[TcgView]) -> bool:
    """Before a hidden card rolls for its GO! marker, its player may turn it face up, to roll
    against its own activation value (TCG p.16, Pascal's Advice); none is rolled in the
    novices' variant (p.21). Whether the card is still on the battlefield: a decoy so
    turned is discarded (p.17)."""
    if not piece.hidden or Variant.AUTOMATIC_ACTIVATION in game.variants:
        return True
    if table.ask(RevealBeforeGo(side=piece.side, options=YES_NO, card=piece.box)):
        reveal(game, piece, "its player turns it over before its GO! roll", chosen=True)
    return piece.key in game.pieces
