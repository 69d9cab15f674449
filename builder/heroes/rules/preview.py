"""What a front end shows before anything is rolled: the exact odds of a unit firing at
another from where both stand, weapon by weapon, or why it cannot (HoN core p.13-15)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.actions.firing import in_arc, shot_at, weapons_of
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import Shot, aim, name
from builder.heroes.rules.resolution.odds import Odds, odds_of_shot
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.rules.setup.cave import conditions
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.models import Scenario


@dataclass(frozen=True)
class ShotPreview:
    weapon: str  # the weapon's name, or "combat values"
    odds: Odds | None
    reason: str | None = None  # why there is no shot
    shot: Shot | None = None


def board(
    scenario: Scenario, battlefield: Battlefield, pieces: Iterable[Piece], ruleset: Ruleset | None = None
) -> GameState:
    """A game state holding just these pieces: enough to ask what a shot would be."""
    rules = ruleset or conditions(scenario, battlefield)  # night in a cave (SoN p.11)
    sides = tuple(s.id for s in scenario.sides)
    return GameState(scenario, battlefield, rules, sides, sides[0], {p.key: p for p in pieces})


def preview_fire(state: GameState, firer: Piece, target: Piece) -> list[ShotPreview]:
    """One preview per weapon the firer would use against `target`."""
    found: list[ShotPreview] = []
    if firer.allegiance == target.allegiance:
        return [ShotPreview("combat values", None, f"{name(target)} is on the same side")]
    for weapon in weapons_of(firer):
        label = weapon.name if weapon is not None else "combat values"
        shot = shot_at(state, firer, target, weapon)
        if shot is not None:
            found.append(ShotPreview(label, odds_of_shot(shot, state.ruleset), shot=shot))
        else:
            found.append(ShotPreview(label, None, _why_not(state, firer, target, weapon)))
    return found


def label_of(weapon: Weapon | None) -> str:
    return weapon.name if weapon is not None else "combat values"


def _why_not(state: GameState, firer: Piece, target: Piece, weapon: Weapon | None) -> str:
    if target.is_wreck:
        return f"{name(target)} is a wreck"
    sight = line_of_sight(state.battlefield, state.pieces.values(), firer, target, state.ruleset)
    if sight.blocked:
        return sight.reason or "the line of sight is blocked"
    if not in_arc(firer, target.squares, weapon):
        arc = weapon.arc if weapon is not None else 360
        page = state.ruleset.cite("firing-arc")
        return f"{name(target)} is outside the {arc}° firing arc of the {label_of(weapon)} ({page})"
    try:
        aim(Shot(target=target, firer=firer, weapon=weapon, range=sight.range), state.ruleset)
    except ValueError as problem:  # IllegalAttack included: the rule and its page
        return str(problem)
    return "the rules allow no shot"
