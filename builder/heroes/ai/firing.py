"""The simple policy's firing choices: the Firing Action worth most by the exact odds (a
normal shot, Suppressive Fire or a Machine Gunner's split, HoN core p.24), Ammo markers
spent when they add enough (p.28), an Alternate Firing Action (a template or the sniper's
table, p.23-24) when it promises more, Fire on the Move (p.23) and Opportunity Fire (p.24)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING

from builder.heroes.ai.common import _worth, by_key, first
from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.abilities.equipment import ammo_cap, ammo_helps, ammo_pool
from builder.heroes.rules.abilities.machine_gunner import (
    machine_gunner_pool,
    split_machine_gunner,
    splits_evenly,
)
from builder.heroes.rules.abilities.substitute import worth_substituting
from builder.heroes.rules.actions.firing import Aiming, one_weapon_only, shots_at, weapons_of
from builder.heroes.rules.actions.kinds import Action, Fire, Move, Snipe, TemplateFire
from builder.heroes.rules.actions.template_fire import TemplatePlan, template_ability, template_plan, template_targets
from builder.heroes.rules.geometry.grid import Point, corners, range_between
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.geometry.squares import enemies_in_reach
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import Aim, Facing, IllegalAttack, Shot, aim, lacks
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.resolution.odds import expected_hits, expected_hits_of, expected_suppressed_of, odds_of_shot
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.rules.state import GameState
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy

# hon's reading, the book gives no exchange rate: a Suppressed marker (-2 on every roll, one
# taken off each Supply Phase, HoN core p.16) is worth a third of a hit to the policy.
SUPPRESSION_WORTH = 1 / 3
MG_TARGETS = 4  # the best single targets a Machine Gunner considers splitting between


def shots(
    policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy, on_the_move: bool = False
) -> tuple[Fire | None, float]:
    """The Firing Action worth taking and its worth (`_chosen`), None and 0 when no weapon
    has a shot worth taking."""
    return _chosen(policy, state, piece, _legal_shots(state, piece, occupancy, on_the_move))


def firing_action(
    policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy
) -> tuple[Fire | None, float]:
    """`shots`, with the Ammo markers worth spending on it (`_with_ammo`)."""
    legal = _legal_shots(state, piece, occupancy)
    fire, worth = _chosen(policy, state, piece, legal)
    if fire is None:
        return None, 0.0
    return _with_ammo(policy, state, piece, legal, (fire, worth))


def _chosen(
    policy: SimplePolicy, state: GameState, piece: Piece, legal: _Legal, ammo: int = 0
) -> tuple[Fire | None, float]:
    """The Firing Action worth taking among the `legal` shots, `ammo` Ammo markers spent on
    those they help, and its worth: for each weapon the best plan worth a shot, one target
    fired normally or as Suppressive Fire, or a Machine Gunner's split between targets (HoN
    core p.24), weighed by the exact odds and the targets' worth; a vehicle whose crew is
    hit fires only its best weapon (HoN core p.15). None and 0 when no weapon has a shot
    worth taking."""
    if ammo:
        pool = ammo_pool(state, piece)
        extra = Modifier("Ammo", ammo, state.ruleset.cite("gear"))
        legal = [
            (
                weapon,
                [
                    (replace(shot, bonuses=(*shot.bonuses, extra)), None)  # aimed again, with the bonus
                    if ammo_helps(pool, piece, weapon, shot.target)
                    else (shot, plan)
                    for shot, plan in shots
                ],
            )
            for weapon, shots in legal
        ]
    chosen: list[tuple[Weapon | None, Plan]] = []
    for weapon, shots in legal:
        plan = policy.plan_of([p for p in _plans(policy, shots, state.ruleset) if p.value >= policy.fire_threshold])
        if plan is not None:
            chosen.append((weapon, plan))
    if one_weapon_only(piece) and len(chosen) > 1:  # the best, of weapons as good one drawn
        chosen = [policy.best_of(enumerate(chosen), lambda c: -c[1][1].value, first)[1]]
    if not chosen:
        return None, 0.0
    shots_taken = tuple((weapon, key) for weapon, plan in chosen for key, _ in plan.shots)
    shares = tuple(share for _, plan in chosen for _, share in plan.shots)
    fire = Fire(
        shots_taken,
        tuple(weapon for weapon, plan in chosen if plan.suppressive),
        shares if any(share is not None for share in shares) else (),
    )
    return fire, sum(plan.value for _, plan in chosen)


def _with_ammo(
    policy: SimplePolicy, state: GameState, piece: Piece, legal: _Legal, plan: tuple[Fire, float]
) -> tuple[Fire, float]:
    """Spend Ammo markers (+1 each against infantry, up to 3, HoN core p.28) one at a time
    while each adds at least `ammo_gain` expected hits to the best plan among the `legal`
    shots; the plan and its worth."""
    fire, value = plan
    pool = ammo_pool(state, piece)
    if pool is None:
        return fire, value
    for count in range(1, min(ammo_cap(pool), pool.count) + 1):
        found, worth = _chosen(policy, state, piece, legal, ammo=count)
        if found is None or worth - value < policy.ammo_gain:
            break
        fire, value = replace(found, ammo=count), worth
    return fire, value


def alternate(
    policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy
) -> tuple[float, Action] | None:
    """The best Alternate Firing Action the unit's abilities offer, by expected hits (of
    those as good, one drawn): a Howitzer or Indirect Fire template on an interspace at a
    corner of an enemy's square (units of its own side under it count against), or the
    Sniper's table."""
    found: list[tuple[float, tuple[int, object], Action]] = []  # value, an order of its own, action
    if template_ability(piece) is not None:
        corners_of = {pt for e in state.enemies_of(piece.owner) for sq in e.squares for pt in corners(sq)}
        hits: dict[tuple[str, Point], float] = {}
        for at in corners_of:
            plan = template_plan(state, piece, at, occupancy)
            if plan is not None:
                landings = plan.landings()
                value = sum(chance * _template_value(policy, state, plan, lands, hits) for lands, chance in landings)
                found.append((value, (0, at), TemplateFire(at)))
    if piece.side.has("sniper"):
        for target in state.enemies_of(piece.owner):
            if not target.is_infantry or target.concealed or target.embarked_in is not None:
                continue
            sight = line_of_sight(state.battlefield, occupancy, piece, target, state.ruleset)
            if sight.blocked:
                continue
            bonus = -2 * piece.suppressed + sum(m.value for m in sight.modifiers)
            value = sum(1 for face in range(1, 7) if face + bonus >= 4) / 6 * _worth(target)
            found.append((value, (1, target.key), Snipe(target.key)))
    if not found:
        return None
    value, _, action = policy.best_of(found, lambda f: -f[0], lambda f: f[1])
    return value, action


def _template_value(
    policy: SimplePolicy, state: GameState, plan: TemplatePlan, lands: Point, hits: dict[tuple[str, Point], float]
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
        sign = -1.0 if target.allegiance == plan.firer.allegiance else 1.0
        total += sign * hits[key] * _worth(target)
    return total


def on_the_move(policy: SimplePolicy, state: GameState, piece: Piece, move: Move) -> Move:
    """Fire on the Move (HoN core p.23): a unit whose weapons have the ability fires before
    leaving or after entering one of the squares of its path, wherever its best plan is worth
    most (the first such place on a tie), with the penalty. The move keeps its cards."""
    if not _fires_on_the_move(piece):
        return move
    path = move.path
    best: tuple[float, int, Fire] | None = None
    try:
        for index in range(len(path.positions)):
            position = path.positions[index]
            moved = piece.moved(position.squares, position.facing)
            state.pieces[piece.key] = moved
            found, worth = shots(policy, state, moved, Occupancy(state.pieces.values()), on_the_move=True)
            if found is not None and (best is None or worth > best[0]):
                best = (worth, index, found)
    finally:
        state.pieces[piece.key] = piece
    if best is None:
        return move
    return replace(move, fire=best[2], fire_at=best[1])


def opportunity(policy: SimplePolicy, state: GameState, firer: Piece, target: Piece) -> Fire | None:
    """Take Opportunity Fire when the exact odds of at least a hit reach `opportunity_odds`,
    with every weapon that has them (one only when the crew is hit, HoN core p.15): the
    unit is then activated and loses its order token (p.24), so only a good shot is worth it."""
    if target.concealed:
        return None
    weapons = weapons_of(firer)
    chosen: list[tuple[float, Weapon | None]] = []
    for weapon, shot in zip(weapons, shots_at(state, firer, target, weapons, opportunity=True), strict=True):
        if shot is None:
            continue
        odds = odds_of_shot(shot, state.ruleset).exact()
        hit = float(odds.get("hit", 0) + odds.get("double", 0))
        if hit >= policy.opportunity_odds:
            chosen.append((hit, weapon))
    if one_weapon_only(firer) and len(chosen) > 1:  # the likeliest, of weapons alike one drawn
        chosen = [policy.best_of(enumerate(chosen), lambda c: -c[1][0], first)[1]]
    return Fire(tuple((weapon, target.key) for _, weapon in chosen)) if chosen else None


# The shots a unit has where it stands: each of its weapons with its shot at every target it
# may fire at, in the order the targets come, and the shot's `aim` when it is worked out
# (see `_legal_shots`).
_Legal = list[tuple[Weapon | None, list[tuple[Shot, Aim | None]]]]


def _legal_shots(state: GameState, piece: Piece, occupancy: Occupancy, on_the_move: bool = False) -> _Legal:
    """Each weapon's shots at the enemies in reach that are not concealed (a destroyed primary
    weapon has none: `shots_at` refuses it)."""
    reach = state.ruleset.max_range
    # With no range limit every enemy is in reach: no distance to work out for each.
    enemies = state.enemies_of(piece.owner) if not reach else enemies_in_reach(state, piece, reach)
    targets = [t for t in enemies if not t.concealed]
    weapons = weapons_of(piece)
    legal: _Legal = [(weapon, []) for weapon in weapons]
    aiming = Aiming(state, piece, weapons, occupancy, on_the_move=on_the_move)
    for target in targets:
        found = aiming.at(target)
        for (_, shots), aimed in zip(legal, found, strict=True):
            if aimed is not None:
                shots.append(aimed)
    return legal


@dataclass(frozen=True)
class Plan:
    """What one weapon does in a Firing Action and what it is worth."""

    value: float
    shots: tuple[tuple[str, int | None], ...]  # each target's key and Machine Gunner share
    suppressive: bool = False


def _worth_of(shot: Shot, ruleset: Ruleset, plan: Aim | None = None) -> float:
    """Expected hits (a double counting two), or for Suppressive Fire the expected Suppressed
    markers at SUPPRESSION_WORTH each, times the target's worth; `plan`: the shot's `aim`,
    when already worked out."""
    plan = plan if plan is not None else aim(shot, ruleset)
    if shot.suppressive:
        return expected_suppressed_of(plan) * SUPPRESSION_WORTH * _worth(shot.target)
    return expected_hits_of(plan) * _worth(shot.target)


def _aimed(shot: Shot, ruleset: Ruleset) -> Aim | None:
    """The shot worked out, or None when the rules do not allow it."""
    try:
        return aim(shot, ruleset)
    except (IllegalAttack, ValueError):
        return None


def _pool(shot: Shot, ruleset: Ruleset) -> int | None:
    """The Machine Gunner's pool of the shot (`machine_gunner_pool`), None when the rules refuse it."""
    try:
        return machine_gunner_pool(shot, ruleset)
    except IllegalAttack:
        return None


def _plans(policy: SimplePolicy, shots: list[tuple[Shot, Aim | None]], ruleset: Ruleset) -> list[Plan]:
    """The uses of one weapon against the targets it may shoot, in the order they are
    weighed: each target fired at normally or with Suppressive Fire, and a Machine Gunner's
    even split (+4 over three is +1, +1, +2) between two or three of its best targets
    (targets as good drawn into them), suppressive or not (HoN core p.24). Targets in key
    order; a whole shot before a split.
    Each shot is aimed once, to check it and to weigh it (not again when its aim is given)."""
    found: list[Plan] = []
    singles: list[tuple[float, Shot]] = []
    for shot, plan in sorted(shots, key=lambda s: s[0].target.key):
        value = _worth_of(shot, ruleset, plan)
        singles.append((value, shot))
        found.append(Plan(value, ((shot.target.key, None),)))
        if lacks(shot, "suppressive-fire", ruleset):
            continue  # `aim` refuses it
        suppressing = shot.varied(True, shot.machine_gunner_share)
        aimed = _aimed(suppressing, ruleset)
        if aimed is not None:
            found.append(Plan(_worth_of(suppressing, ruleset, aimed), ((shot.target.key, None),), True))
    if (
        len(singles) < 2
        or lacks(singles[0][1], "machine-gunner", ruleset)
        or _aimed(singles[0][1].varied(singles[0][1].suppressive, 1), ruleset) is None
    ):
        return found
    top = [shot for _, shot in policy.ordered(singles, lambda v: -v[0], lambda v: v[1].target.key)[:MG_TARGETS]]
    suppresses = not lacks(top[0], "suppressive-fire", ruleset)
    top_share = top[0].machine_gunner_share
    modes = [False] + ([True] if suppresses and _aimed(top[0].varied(True, top_share), ruleset) is not None else [])
    for suppressive in modes:
        found.extend(_splits(top, suppressive, ruleset))
    return found


def _splits(top: list[Shot], suppressive: bool, ruleset: Ruleset) -> Iterator[Plan]:
    """A Machine Gunner's even splits between two or three of the `top` targets (HoN core
    p.24), suppressive or not, each the rules allow; the pool of each group's first target
    worked out once for all the groups it leads, and each target's worth with a share once
    for all the groups that give it that share."""
    pools: dict[int, int | None] = {}
    worths: dict[tuple[int, int], float | None] = {}  # each target's share, worked out once for every group
    for size in (2, 3):
        for group in combinations(top, size):
            if len({s.target.type for s in group}) > 1:
                continue
            lead = group[0]
            if id(lead) not in pools:
                pools[id(lead)] = _pool(lead.varied(suppressive, lead.machine_gunner_share), ruleset)
            pool = pools[id(lead)]
            targets = [s.target for s in group]
            if pool is None or not splits_evenly(pool, targets):
                continue
            shares = split_machine_gunner(pool, targets, ruleset=ruleset)
            values = [_share_worth(s, suppressive, n, ruleset, worths) for s, n in zip(group, shares, strict=True)]
            if any(v is None for v in values):
                continue
            value = sum(v for v in values if v is not None)
            yield Plan(value, tuple((s.target.key, n) for s, n in zip(group, shares, strict=True)), suppressive)


def _share_worth(
    shot: Shot, suppressive: bool, share: int, ruleset: Ruleset, worths: dict[tuple[int, int], float | None]
) -> float | None:
    """The worth of `shot` fired with a Machine Gunner's `share` (`_worth_of`), None when the
    rules refuse it; kept in `worths` by the shot's identity and the share."""
    key = (id(shot), share)
    if key not in worths:
        split = shot.varied(suppressive, share)
        plan = _aimed(split, ruleset)
        worths[key] = None if plan is None else _worth_of(split, ruleset, plan)
    return worths[key]


def _fires_on_the_move(piece: Piece) -> bool:
    """Whether the unit or one of its weapons has Fire on the Move (HoN core p.14, p.23)."""
    return piece.side.has("fire-on-the-move") or any(
        a.id == "fire-on-the-move" for w in piece.side.weapons for a in w.abilities
    )


def substitute(
    policy: SimplePolicy, state: GameState, weapon: Piece, stand_ins: tuple[Piece, ...], destroyed: bool, double: bool
) -> Piece | None:
    """The nearest Substitute worth it (of those as near, one drawn): to save the weapon, or
    one that survives (BfC p.08)."""
    worth = [p for p in stand_ins if worth_substituting(destroyed, p, double)]
    return policy.best_of(worth, lambda p: range_between(p.squares, weapon.squares), by_key) if worth else None
