"""Poisoned Blade (SoN p.16), a Deep Ones equipment option: "This option can be used ONLY during
an assault against an infantry unit. Discard a Poisoned Blade marker to receive a +1 bonus to
your result. You can use as many markers as you like during a single attack, but you must
announce it BEFORE throwing the die. If the attacked unit survives, it keeps the marker on the
Poisoned side. In the beginning of the Supply Phase, the unit must make one Terror check per
marker on it. If multiple Madness tokens are drawn, the Deep Ones player chooses which one will
be applied. Put the others back in the bag and discard all of the Poisoned Blade markers."

hon's readings where the book is silent: the markers are the attacker's ("your result", "the
attacked unit"); the Terror checks are made against POISON_TERROR, the Poisoned side's
unprinted value (hon's example, as the Amulet of Dagon's); a unit with Faith or a Mythos
Manifestation is not subjected to them (SoN p.11, p.17); the markers are discarded once the
checks are made, whatever they drew; a Madness that sends the unit fleeing (Fear) sends it
from the closest enemy."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.rules.abilities.ability import Ability, Source, Step
from builder.heroes.rules.decisions import PoisonedBlades, PoisonMadness
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import GearEvent, TerrorEvent
from builder.heroes.rules.events.mythos import TerrorCause
from builder.heroes.rules.gear import alternate_fire
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.mythos import madness, terror
from builder.heroes.rules.mythos.bags import draw_madness
from builder.heroes.rules.mythos.state import Madness, has_faith, manifestation
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

POISONED_BLADE = "son-poisoned-blade"
POISON_PAGE = "SoN p.16"
POISON_BONUS = 1  # a marker (SoN p.16)
POISON_TERROR = 3  # the Poisoned side's value: not printed, hon's example


class PoisonedBlade(Ability):
    """Its markers' Terror checks play at a step; the markers an assault's attacker announces
    (`poisoned_blades`) and those its survivor keeps (`poison`) are asked by the assault
    itself, the count carried from one to the other."""

    id = POISONED_BLADE
    name = "Poisoned Blade"
    page = POISON_PAGE
    source = Source.GEAR
    steps = frozenset({Step.BEFORE_TERROR})

    def at_step(self, turn: Turn, step: Step) -> None:
        poison_checks(turn)


def poisoned_blades(turn: Turn, assault: Assault) -> tuple[Assault, int]:
    """The assault with the Poisoned Blade markers its attacker announces before the dice,
    +1 each (SoN p.16), and how many: only against an infantry unit."""
    attacker, defender = assault.attacker, assault.defender
    pool = turn.state.gear_for(attacker, POISONED_BLADE) if defender.is_infantry else None
    if pool is None or not turn.asking:
        return assault, 0
    asked = PoisonedBlades(
        side=attacker.owner, options=tuple(range(pool.count + 1)), attacker=attacker, assault=assault, held=pool.count
    )
    count = turn.ask(asked)
    if count <= 0:
        return assault, 0
    alternate_fire.spend_marker(
        turn, attacker, POISONED_BLADE, POISON_PAGE, GearUse.POISONED_BLADE, count, value=POISON_BONUS * count
    )
    bonus = Modifier(f"Poisoned Blade x{count}", POISON_BONUS * count, POISON_PAGE)
    return replace(assault, attacker_bonuses=(*assault.attacker_bonuses, bonus)), count


def poison(turn: Turn, attacker: Piece, defender: Piece, count: int) -> None:
    """The attacked unit, if it survives, keeps the markers on their Poisoned side (SoN p.16)."""
    survivor = turn.state.pieces.get(defender.key)
    if count <= 0 or survivor is None or survivor.is_wreck:
        return
    held = turn.state.mythos.poisoned.setdefault(survivor.key, [])
    held += [attacker.owner] * count
    turn.add(
        GearEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=attacker.owner,
            marker=POISONED_BLADE,
            unit=survivor.key,
            spent=0,
            left=len(held),
            use=GearUse.POISON_KEPT,
            page=POISON_PAGE,
            target=survivor.key,
            value=count,
        )
    )


def poison_checks(turn: Turn) -> None:
    """The start of the Supply Phase: each poisoned unit makes a Terror check per marker;
    of the Madness tokens drawn the poisoner's side applies one, the others go back in the
    bag, and the markers are discarded (SoN p.16)."""
    state = turn.state
    for key, sides in sorted(state.mythos.poisoned.items()):
        piece = state.pieces.get(key)
        if piece is None or piece.is_wreck or has_faith(piece) or manifestation(piece) is not None:
            continue
        drawn: list[Madness] = []
        for check in range(1, len(sides) + 1):
            current = state.pieces[key]
            roll = terror.terror_roll(state, current, turn.dice.roll(1)[0], POISON_TERROR)
            token = None if roll.total >= POISON_TERROR else draw_madness(state.mythos, turn.dice)
            if token is not None:
                drawn.append(token)
            turn.add(
                TerrorEvent(
                    turn=state.turn,
                    phase=turn.phase,
                    side=piece.owner,
                    rolls=(roll,),
                    unit=key,
                    manifestation=key,
                    terror=POISON_TERROR,
                    resisted=token is None,
                    madness=token.value if token is not None else None,
                    cause=TerrorCause.POISON,
                    page=state.ruleset.cite("terror-checks"),
                    cause_page=POISON_PAGE,
                    check=check,
                    checks=len(sides),
                )
            )
        if drawn:
            _poison_madness(turn, state.pieces[key], sides[0], tuple(drawn))
    state.mythos.poisoned.clear()


def _poison_madness(turn: Turn, victim: Piece, poisoner: str, drawn: tuple[Madness, ...]) -> None:
    state = turn.state
    chosen = drawn[0]
    if len(drawn) > 1 and turn.asking:
        chosen = turn.ask(PoisonMadness(side=poisoner, options=tuple(dict.fromkeys(drawn)), victim=victim))
    rest = list(drawn)
    rest.remove(chosen)
    state.mythos.madness_bag += rest  # "Put the others back in the bag" (SoN p.16)
    state.pieces[victim.key] = after = replace(victim, suppressed=0)
    enemies = sorted(state.enemies_of(victim.owner), key=lambda p: (range_between(p.squares, victim.squares), p.key))
    madness.go_mad(turn, after, chosen, enemies[0] if enemies else after)
