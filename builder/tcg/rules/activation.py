"""Activating a Unit Card (TCG p.7, p.11, p.14): by a COMMAND marker, or by a GO! marker and
the yellow die. Once activated it may move one box, shoot once with each shooting value and
use its abilities, in any order; the GO! markers waiting are rolled for when it is done, one
card at a time, so activations chain from HQ to HQ."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol

from builder.kernel.events import Roll
from builder.tcg.base import Box, page
from builder.tcg.cards import Ability, AbilityKind, EffectKind
from builder.tcg.rules.board import distance
from builder.tcg.rules.command_abilities import ORDERS, Orders, fits, give_orders
from builder.tcg.rules.decisions import Decisions
from builder.tcg.rules.engineers import interact
from builder.tcg.rules.events import ActivationEvent, GoEvent, MoveKind, ShotEvent
from builder.tcg.rules.hidden import hide_in_forest, reveal
from builder.tcg.rules.moving import can_seize, move, moves
from builder.tcg.rules.shooting import in_range, shoot
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.support import reaches, use_ability
from builder.tcg.rules.variants import VARIANT_PAGE, Variant


class IllegalAction(ValueError):
    """A step the rules do not allow: a policy only takes legal ones."""


class Commander(Decisions, Protocol):
    """A player's choices during activations (the simple policy is one)."""

    def play_activation(self, act: Activation) -> None:
        """Move, shoot and use abilities, in any order."""
        ...

    def force_activation(self, game: Game, piece: Piece) -> bool:
        """Spend a DIRECTIVE marker to pass a failed GO! roll?"""
        ...

    def next_go(self, game: Game, waiting: list[Piece]) -> Piece:
        """Which of the cards with a GO! marker rolls for its activation next?"""
        ...


@dataclass
class Activation:
    game: Game
    piece: Piece
    commander: Commander
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

    @property
    def has_moved(self) -> bool:
        """The card moved during its activation, however: its move, a forced march, seize
        their position! or a manoeuvre's swap (TCG p.12, Fire or Move and Lumbering: "if it
        moves during its activation"). The swap counts: p.6 calls it a move ("may not make
        any other moves") and both cards end ACTIVATED, as after an activation."""
        return self.moved or self.forced_march or self.seized or self.manoeuvre

    def _may_move(self) -> bool:
        """Fire or Move: a card that has shot may not move after (TCG p.12)."""
        return not (self.fired and self.piece.ability(AbilityKind.FIRE_OR_MOVE))

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
        weapon = self.piece.shooting[index]
        return [t for t in self.game.enemies(self.piece.side) if in_range(self.game, self.piece, weapon, t)]

    def fire(self, index: int, target: Piece) -> ShotEvent:
        if index not in self.weapons() or target not in self.targets(index):
            raise IllegalAction(f"{self.piece.name} cannot shoot at {target.name}")
        self._step()
        first = self.first_shots.pop(index, None) if index in self.fired else None
        self.fired.add(index)
        # Fire Again!: the second attack succeeds when the first did on the same card (TCG p.12).
        sure = first is not None and first.success and first.target == target.key
        box = target.box
        weapon = self.piece.shooting[index]
        event = shoot(self.game, self.piece, weapon, target, self.commander, moved=self.has_moved, sure=sure)
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

    def give_go(self, index: int, pieces: list[Piece]) -> None:
        """Place GO! markers (Field Command, TCG p.11), all at once or a few at a time: one
        per icon in all, at any point of the activation (TCG p.7), as the HQ of TCG p.18
        places its first marker, moves, then places its second on a card now adjacent."""
        ability = dict(self.abilities()).get(index)
        if ability is None or ability.kind is not AbilityKind.FIELD_COMMAND:
            raise IllegalAction(f"{self.piece.name} has no Field Command to use")
        allowed = self.go_targets(ability)
        left = len(allowed) if ability.count is None else ability.count - self.given[index]
        if not pieces or len(pieces) > left or any(p not in allowed for p in pieces):
            raise IllegalAction(f"{self.piece.name} cannot give those GO! markers")
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
        return give_orders(self.game, self.piece, ability, self.commander)

    def engineer(self, index: int, boxes: list[Box]) -> None:
        """Engineers (TCG p.12): remove the marked elements on `boxes`, one per icon."""
        ability = self._ability(index, frozenset({AbilityKind.ENGINEERS}))
        if ability.count is not None and len(boxes) > ability.count:
            raise IllegalAction(f"{self.piece.name} has {ability.count} Engineers icon(s)")
        for box in boxes:
            interact(self.game, self.piece, ability, box)

    def _ability(self, index: int, kinds: frozenset[AbilityKind]) -> Ability:
        ability = dict(self.abilities()).get(index)
        if ability is None or ability.kind not in kinds:
            raise IllegalAction(f"{self.piece.name} cannot use that ability")
        self._step()
        reveal(self.game, self.piece, "it uses an ability")
        self.used.add(index)
        return ability

    def use(self, index: int, target: Piece | None = None) -> None:
        """Any other active ability (Elan, Reinforcements, Rally, Medics & Mechanics)."""
        ability = dict(self.abilities()).get(index)
        if ability is None or ability.kind in ORDERS | {AbilityKind.FIELD_COMMAND, AbilityKind.ENGINEERS}:
            raise IllegalAction(f"{self.piece.name} cannot use that ability")
        if target is not None and not self.tends(ability, target):
            raise IllegalAction(f"{self.piece.name} cannot reach {target.name} with that ability")
        self._step()
        reveal(self.game, self.piece, "it uses an ability")
        self.used.add(index)
        use_ability(self.game, self.piece, ability, target)

    def tends(self, ability: Ability, target: Piece) -> bool:
        """Rally and Medics & Mechanics reach a friendly card: the user or one adjacent, or
        within the range icon (TCG p.10), of the icon's unit type (TCG p.11)."""
        return target.side == self.piece.side and reaches(self.piece, ability, target) and fits(target, ability)


def activate(game: Game, piece: Piece, commander: Commander) -> None:
    """Play a card's activation; then, while GO! markers wait, the player chooses a card
    bearing one, rolls for it and plays its activation, one card at a time (TCG p.11). The
    choice is among every GO! marker waiting, not only those the card just done gave: the
    book's own phase (TCG p.18) rolls for Collins, then for the Rifle Company the first HQ
    gave its marker to, and only then for the M10 that Collins gave his to."""
    play(game, piece, commander)
    while waiting := [p for p in game.of(piece.side) if p.go]:
        chosen = commander.next_go(game, waiting)
        if chosen not in waiting:
            raise IllegalAction(f"{chosen.name} has no GO! marker waiting")
        if go_roll(game, chosen, commander):
            play(game, chosen, commander)


def play(game: Game, piece: Piece, commander: Commander) -> None:
    """One card's activation, from its COMMAND or GO! marker to its ACTIVATED face."""
    commander.play_activation(Activation(game, piece, commander))
    end(game, piece)


def end(game: Game, piece: Piece) -> None:
    """The COMMAND or GO! marker turns to its ACTIVATED face; a card in a forest may hide."""
    piece.activated = True
    if piece.key in game.pieces:
        hide_in_forest(game, piece)


def go_roll(game: Game, piece: Piece, commander: Commander) -> bool:
    """The yellow die against the activation value (TCG p.11): A and HQs need no roll, hidden
    cards roll against 4 (TCG p.16); a failure may be forced with a DIRECTIVE marker (p.14),
    else the GO! marker is discarded. Whether the card is activated."""
    piece.go = False
    rolls: tuple[Roll, ...] = ()
    success, forced = True, False
    automatic = piece.automatic or Variant.AUTOMATIC_ACTIVATION in game.variants  # the novices' variant, p.21
    if not automatic:
        die = game.dice.roll(1)[0]
        needed = piece.activation_value
        rolls = (Roll("activation", (die,), die, (), die, page(11)),)
        success = die >= needed
        if not success and game.can_use_directive(piece) and commander.force_activation(game, piece):
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
