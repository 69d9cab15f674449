"""The abilities the engine reaches through its declared hook points (ability.py), keyed by
catalogue id, and the questions the engine asks of them.

Adding an ability is its module and its line in `registered` (with its import). Where several
abilities play at one point, they are asked in `registered`'s order (a hit: a Medic's Aid, then a Substitute,
then an Eldritch Ichor token; a unit activated: Hardboiled tokens, then an Eldritch Ichor).
Per hook the abilities overriding it are worked out once, here: a point no ability of a piece
hooks costs a lookup per registered id, none for a hook nobody plays at."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import Side
from builder.heroes.rules.abilities.ability import Ability, Hook, Scope, Source, Step, Swimming
from builder.heroes.rules.abilities.traits import has_trait
from builder.heroes.rules.pieces import Piece

if TYPE_CHECKING:
    from builder.heroes.rules.events.combat import AssaultNote
    from builder.heroes.rules.resolution.assault_roll import AssaultResult
    from builder.heroes.rules.ruleset import Ruleset
    from builder.heroes.rules.state import GameState
    from builder.heroes.rules.turn_context import Turn


def registered() -> tuple[Ability, ...]:
    """Every ability the engine reaches through a hook point, one line each, in the order
    they are asked at one point. Imported when first asked: the engine's lowest modules
    (resolution/assault_roll.py, geometry/passage.py) ask the registry, and the abilities use the engine."""
    from builder.heroes.rules.abilities.amphibious import Amphibious, AmphibiousOnly
    from builder.heroes.rules.abilities.crew import Crew
    from builder.heroes.rules.abilities.dragon import Dragon
    from builder.heroes.rules.abilities.eldritch_ichor import EldritchIchor
    from builder.heroes.rules.abilities.ferocious import Ferocious
    from builder.heroes.rules.abilities.hardboiled import Hardboiled
    from builder.heroes.rules.abilities.heroic import Heroic
    from builder.heroes.rules.abilities.jury import JuryRigged
    from builder.heroes.rules.abilities.medic import Medic
    from builder.heroes.rules.abilities.poisoned_blade import PoisonedBlade
    from builder.heroes.rules.abilities.substitute import Substitute
    from builder.heroes.rules.abilities.terrifying import Terrifying
    from builder.heroes.rules.abilities.totems import Totems
    from builder.heroes.rules.abilities.urban_fighter import UrbanFighter

    return (
        Ferocious(),
        Terrifying(),
        UrbanFighter(),
        Amphibious(),
        AmphibiousOnly(),
        JuryRigged(),
        Hardboiled(),
        EldritchIchor(),
        Heroic(),
        Medic(),
        Substitute(),
        Crew(),
        Dragon(),
        Totems(),
        PoisonedBlade(),
    )


@dataclass(frozen=True)
class Tables:
    """The registry worked out once: by catalogue id, and per hook the abilities overriding it."""

    by_id: dict[str, Ability]
    hooking: dict[Hook, tuple[Ability, ...]]
    on_counter: dict[Hook, tuple[Ability, ...]]  # those of them printed on counters
    at_step: dict[Step, tuple[Ability, ...]]
    # The movement points take no argument: their answers, per id, for the movement tables'
    # keys, asked for every unit that moves.
    swimmers: tuple[tuple[str, Swimming], ...]
    climbers: tuple[str, ...]


@cache
def tables() -> Tables:
    found = registered()
    hooking = {hook: tuple(a for a in found if hook.overridden_by(type(a))) for hook in Hook}
    counter = {hook: tuple(a for a in them if a.source is Source.COUNTER) for hook, them in hooking.items()}
    return Tables(
        by_id={a.id: a for a in found},
        hooking=hooking,
        on_counter=counter,
        at_step={step: tuple(a for a in hooking[Hook.STEP] if step in a.steps) for step in Step},
        swimmers=tuple((a.id, a.swimming()) for a in counter[Hook.SWIMMING]),
        climbers=tuple(a.id for a in counter[Hook.WINDOWS] if a.climbs_windows()),
    )


def hooking(hook: Hook) -> tuple[Ability, ...]:
    """Every registered ability that plays at the GAME-scoped `hook`, in registry order."""
    assert hook.scope is Scope.GAME
    return tables().hooking[hook]


def on_side(side: Side, hook: Hook) -> tuple[Ability, ...]:
    """The abilities printed on (or given to) a counter's side that play at `hook`."""
    return tuple(a for a in tables().on_counter[hook] if side.has(a.id))


def held(state: GameState, piece: Piece, hook: Hook) -> tuple[Ability, ...]:
    """The abilities the piece holds - on its side, by a Character Trait option serving it, or
    by a pool of markers serving it - that play at the PIECE-scoped `hook`."""
    assert hook.scope is Scope.PIECE
    return tuple(a for a in tables().hooking[hook] if _holds(state, piece, a))


def _holds(state: GameState, piece: Piece, ability: Ability) -> bool:
    if ability.source is Source.COUNTER:
        return piece.side.has(ability.id)
    if ability.source is Source.TRAIT:
        return has_trait(state.traits, piece, ability.id)
    return state.gear_for(piece, ability.id) is not None


def swimming(side: Side) -> Swimming:
    """How a unit takes to water: its abilities' most aquatic answer (a key of the movement
    tables, LAND without any)."""
    found = Swimming.LAND
    for ability_id, swims in tables().swimmers:
        if swims > found and side.has(ability_id):
            found = swims
    return found


def climbs_windows(side: Side) -> bool:
    """Whether the unit may enter or leave a building by a window (Urban Fighter, BfC p.09)."""
    return any(map(side.has, tables().climbers))


def at_step(turn: Turn, step: Step) -> None:
    """The abilities that act at this step of the round, in `registered`'s order."""
    for ability in tables().at_step[step]:
        ability.at_step(turn, step)


def assault_notes(result: AssaultResult, ruleset: Ruleset) -> tuple[AssaultNote, ...]:
    """What the abilities add to an assault's event (Terrifying's markers, SoN p.19)."""
    return tuple(note for a in hooking(Hook.ASSAULT_NOTE) for note in a.assault_note(result, ruleset))
