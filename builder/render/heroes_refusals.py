"""The English of what the Heroes rules refuse, rendered from the facts of a `Refusal`: why
(`reason`, one clause ending with the rule's page) and, for the engine's error, what was
refused and why (`explain`: "t1 may not embark: t1 has no room left (Transport 2) (HoN core
p.27)"). Counters are named by `name` (their key unless the caller knows better)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from builder.heroes.rules.errors import Code, Refusal, RulesError


@dataclass(frozen=True)
class _Facts:
    """A refusal's facts, each as its sentence says it."""

    unit: str
    other: str
    side: str
    where: str  # the square, else the squares
    value: str
    limit: str  # "X" where the rule's number is a counter's X
    phase: str


def _at(refusal: Refusal) -> str:
    squares = (refusal.square,) if refusal.square is not None else refusal.squares
    return " ".join(f"[{', '.join(map(str, sq))}]" for sq in squares)


_CLAUSES: dict[Code, Callable[[_Facts], str]] = {
    Code.NOT_AN_ACTION: lambda f: f"{f.other} is no action of the rules",
    Code.FIRING_IN_SUPPLY_PHASE: lambda f: "never a firing action nor an assault in the Supply Phase",
    Code.TREAT_IN_SUPPLY_PHASE: lambda f: "hon plays a Medic's treatment in the Supply Phase, instead of its move",
    Code.WRONG_PHASE: lambda f: f"{f.other} is not played in the {f.phase} phase",
    Code.TRACKS_DAMAGED: lambda f: f"the tracks of {f.unit} are damaged: no more Movement Actions",
    Code.NOT_IN_REACH: lambda f: f"{f.unit} needs {f.value} movement points and has {f.limit}",
    Code.BAD_PATH: lambda f: f"the path does not start where {f.unit} stands or steps out",
    Code.MAY_NOT_STAND: lambda f: f"{f.unit} may not stand on {f.where}",
    Code.IMPASSABLE: lambda f: f"{f.where} is impassable to {f.unit}",
    Code.IN_THE_WAY: lambda f: f"{f.other} is in the way at {f.where}",
    Code.NO_SUCH_PIECE: lambda f: f"there is no {f.other} on the battlefield",
    Code.NOT_IN_RESERVE: lambda f: f"{f.unit} is not in reserve",
    Code.NOT_ON_AN_EXIT: lambda f: f"{f.unit} is not on the {f.side} side's exit squares",
    Code.NO_HEDGEHOG_IN_ZOC: lambda f: f"{f.unit} is no Engineer with barbed hedgehog {f.value} in its ZoC",
    Code.ONE_WEAPON_ONLY: lambda f: f"the crew of {f.unit} is hit: it fires one of its weapons only, not {f.value}",
    Code.MACHINE_GUNNER_SHARES: lambda f: "a Machine Gunner share for each shot, or none at all",
    Code.MARKER_COUNT: lambda f: f"{f.limit} {f.other} markers at most on one action, not {f.value}",
    Code.NO_MARKER: lambda f: f"{f.unit} has not {f.value} {f.other} marker(s) to spend",
    Code.NO_ABILITY: lambda f: f"{f.unit} has no {f.other} ability",
    Code.NOT_A_SCOUT_MOVE: lambda f: f"it is not a Scout move of {f.unit}",
    Code.NEAR_AN_OBJECTIVE: lambda f: f"a Scout move ends neither next to an objective nor in its area ({f.where})",
    Code.NOT_AN_AIRPLANE: lambda f: f"{f.unit} is no airplane",
    Code.NO_AVIATOR: lambda f: f"no Aviator in the cockpit of {f.unit}: an airplane cannot move without one",
    Code.SPEED_STEP: lambda f: f"a Speed marker {f.value} may not replace {f.limit}",
    Code.SPEED_SQUARES: lambda f: f"at Speed {f.value} {f.unit} moves as many squares, or one less",
    Code.TAKE_OFF_SPEED: lambda f: f"{f.unit} takes off only when its Speed marker shows 6 as its move begins",
    Code.TAKE_OFF_RUN: lambda f: f"{f.unit} takes off after 6 squares in a straight line",
    Code.RUNWAY_NOT_CLEAR: lambda f: f"the 6 squares ahead of {f.unit} are not clear",
    Code.COCKPIT_FULL: lambda f: f"the cockpit of {f.other} is full",
    Code.NOT_ITS_SIDE: lambda f: f"{f.other} is not an airplane of the {f.side} side",
    Code.NOT_ADJACENT: lambda f: f"{f.where or f.unit} is not next to {f.other}",
    Code.NOT_A_TRANSPORT: lambda f: f"{f.other} is not a transport of {f.unit}'s side",
    Code.NOT_INFANTRY: lambda f: f"only an infantry unit on the battlefield gets into a vehicle, not {f.unit}",
    Code.NO_ROOM: lambda f: f"{f.other} has no room left (Transport {f.limit})",
    Code.ONE_LARGE_COUNTER: lambda f: f"one counter larger than one square aboard {f.other} at most",
    Code.NO_LAUNCH: lambda f: f"the transport of {f.unit} is not next to {f.other}",
    Code.WRECK_TOO_BIG: lambda f: f"a light vehicle pushes only wrecks that fit in one square, not {f.other}",
    Code.NOT_INTO_THE_WRECK: lambda f: f"{f.unit} does not drive into {f.other}",
    Code.OFF_THE_BATTLEFIELD: lambda f: f"{f.where} is off the battlefield",
    Code.NOT_A_VEHICLE: lambda f: f"{f.unit} is no vehicle: only vehicles push wrecks",
    Code.NOT_ABOARD: lambda f: f"{f.unit} is not embarked",
    Code.NOT_IN_HAND: lambda f: f"the {f.side} side has not {f.other} in its hand",
    Code.NO_ALTERNATE_BONUS: lambda f: f"{f.other} has no Alternate Bonus for this action",
    Code.MIXED_BONUSES: lambda f: "Alternate Bonuses of different types cannot go on one action",
    Code.CARD_NOT_PLAYABLE: lambda f: f"the rules core does not play {f.other} {f.phase}",
    Code.NOT_ON_ITS_UNIT: lambda f: f"{f.other} is played on a unit of the {f.side} side on the battlefield",
    Code.MOVED_ONLY: lambda f: f"{f.other} is played on a unit that has just moved without firing",
    Code.MOVES_NO_UNIT: lambda f: f"{f.other} moves no unit",
    Code.NO_MOVEMENT_VALUE: lambda f: f"{f.unit} has a Movement Value of X and cannot be moved",
    Code.EMBARKED: lambda f: f"{f.unit} rides in a transport and cannot be moved by {f.other}",
    Code.NO_PATH: lambda f: f"{f.unit} has no Movement Value to fall back with, or no path",
    Code.NEARER_THE_ENEMY: lambda f: f"{f.unit} falls back, never nearer the enemy",
    Code.NEEDS_NO_CARD: lambda f: f"{f.unit} is an Urban Fighter: it needs no card to go through a window",
    Code.ONE_CARD_A_WINDOW: lambda f: f"{f.unit} crosses {f.limit} window(s): a Surprise card each, not {f.value}",
    Code.NO_SUCH_SIDE: lambda f: f"{f.unit} has no Active and Inactive Sides with Tripod or Ambush up",
    Code.NOT_IN_WATER: lambda f: f"{f.unit} may ambush only in water spaces",
    Code.TEMPLATE_PLACEMENT: lambda f: f"{f.unit} may not fire a template at interspace {f.where}",
    Code.IN_A_BUILDING: lambda f: f"{f.where} is in a building or a bunker",
    Code.IN_RUINS: lambda f: f"{f.where} is in ruins or rubble",
    Code.ON_WATER: lambda f: f"{f.where} is water",
    Code.TAKEN: lambda f: f"{f.where} is taken already",
    Code.NO_PLACE: lambda f: f"no square or segment given for the {f.other}",
    Code.NOT_IN_ZOC: lambda f: f"{f.where} is not an empty square of the ZoC of {f.unit}",
    Code.OWN_SQUARE: lambda f: "a Forward Position goes on the unit's own square, instead of moving",
    Code.AT_THE_END: lambda f: f"an Engineer deploys the {f.other} it carries at the end of its Movement Action",
    Code.NOT_NEIGHBOURING: lambda f: "a Barbed Hedgehog goes between two neighbouring interspaces, never diagonally",
    Code.CARDS_WITH_GEAR: lambda f: "hon plays no movement card with gear markers",
    Code.NO_TACTICAL_MAP: lambda f: f"{f.unit} has no Tactical Map within {f.limit} squares",
    Code.NOT_A_MINE_SQUARE: lambda f: f"{f.unit} may not place a Mine marker on {f.where}",
    Code.NO_MINE_IN_REACH: lambda f: f"{f.unit} is no Engineer next to a Mine marker on {f.where}",
}
CLAUSED = frozenset(_CLAUSES)  # the codes the refusal functions give, each with its clause


def reason(refusal: Refusal, name: Callable[[str], str] = str) -> str:
    """Why, in one clause, the rule's page at its end: the refusal's own sentence where its
    check wrote one (`told`)."""
    if refusal.told:
        said = refusal.told
    else:
        facts = _Facts(
            unit=name(refusal.unit) if refusal.unit else "the unit",
            other=name(refusal.other) if refusal.other else "",
            side=refusal.side,
            where=_at(refusal),
            value="" if refusal.value is None else str(refusal.value),
            limit="X" if refusal.limit is None else str(refusal.limit),
            phase=refusal.phase,
        )
        clause = _CLAUSES.get(refusal.code)
        said = clause(facts) if clause is not None else refusal.code.value.replace("-", " ")
    return f"{said} ({refusal.page})" if refusal.page else said


def explain(problem: RulesError, name: Callable[[str], str] = str) -> str:
    """The engine's error in one sentence: what was refused (a `MAY_NOT_...` code: "t1 may
    not embark"), then why."""
    why = reason(problem.refusal, name)
    if problem.code is problem.refusal.code or not problem.code.value.startswith("may-not-"):
        return f"{why[0].upper()}{why[1:]}."
    who = name(problem.refusal.unit) if problem.refusal.unit else "The unit"
    return f"{who} {problem.code.value.replace('-', ' ')}: {why}."
