"""The shortcuts the policy weighs its shots with never drift from the rules they skip: the
remembered expected hits and Suppressed markers equal the exact odds worked out afresh
(HoN core p.15, p.24), and `combat.lacks` refuses a Suppressive Fire or a Machine Gunner's
split exactly when `aim` would (HoN core p.14, p.24)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import IllegalAttack, Shot, aim, lacks
from builder.heroes.rules.resolution.odds import expected_hits_of, expected_suppressed_of, odds_of_aim
from builder.heroes.rules.ruleset import HON, SON
from builder.kernel.events import Modifier
from tests.heroes.rules import infantry, piece, tank

ABILITIES: list[Any] = ["suppressive-fire", "machine-gunner", "dual-weapon", {"fire-on-the-move": -1}]
abilities = st.lists(st.sampled_from(ABILITIES), unique_by=str, max_size=3)


def fresh_hits(shot: Shot) -> float:
    plan = aim(shot, HON)
    odds = odds_of_aim(plan).exact()
    return 0.0 if plan.suppressive else float(odds["hit"] + 2 * odds["double"])


def fresh_markers(shot: Shot) -> float:
    odds = odds_of_aim(aim(shot, HON))
    return float(sum(int(k) * p for k, p in odds.outcomes)) if odds.kind == "suppressive-fire" else 0.0


@settings(max_examples=300, deadline=None)
@given(
    combat=st.integers(-2, 8),
    defense=st.integers(1, 12),
    terrain=st.integers(0, 3),
    bonus=st.integers(-2, 4),
    suppressed=st.integers(0, 3),
    far=st.booleans(),
    suppressive=st.booleans(),
    dual=st.booleans(),
)
def test_remembered_expectations_equal_the_exact_odds_worked_out_afresh(
    combat: int, defense: int, terrain: int, bonus: int, suppressed: int, far: bool, suppressive: bool, dual: bool
) -> None:
    kit: list[Any] = ["suppressive-fire"] + (["dual-weapon"] if dual else [])
    firer = piece(infantry(combat=combat, abilities=kit), (0, 0), suppressed=suppressed)
    target = piece(infantry(defense=defense), (9, 0), owner="b")
    shot = Shot(
        target=target,
        firer=firer,
        terrain=terrain,
        bonuses=(Modifier("Card", bonus, "HoN core p.17"),) if bonus else (),
        range=9 if far else 3,
        suppressive=suppressive,
    )
    # Twice: the second answer is the remembered one.
    for _ in range(2):
        plan = aim(shot, HON)
        assert expected_hits_of(plan) == fresh_hits(shot)
        assert expected_suppressed_of(plan) == fresh_markers(shot)


def refused(shot: Shot, son: bool) -> bool:
    try:
        aim(shot, SON if son else HON)
    except IllegalAttack:
        return True
    return False


def shooters(kit: list[Any], gun_kit: list[Any]) -> list[tuple[Piece, Any]]:
    """A squad (its combat values) and each weapon of a tank (the side's abilities and the gun's)."""
    squad = piece(infantry(abilities=kit), (0, 0))
    armour = piece(tank(abilities=kit, primary_abilities=gun_kit), (0, 0))
    return [(squad, None), *((armour, weapon) for weapon in armour.side.weapons)]


@settings(max_examples=200, deadline=None)
@given(kit=abilities, gun_kit=abilities, alternate=st.booleans(), son=st.booleans())
def test_lacks_refuses_exactly_what_aim_refuses(kit: list[Any], gun_kit: list[Any], alternate: bool, son: bool) -> None:
    ruleset = SON if son else HON
    target = piece(infantry(), (5, 0), owner="b")
    for firer, weapon in shooters(kit, gun_kit):
        shot = Shot(target=target, firer=firer, weapon=weapon, range=5, combat=3 if alternate else None)
        if refused(shot, son):
            continue  # the policy weighs only shots `aim` allows
        assert lacks(shot, "suppressive-fire", ruleset) == refused(replace(shot, suppressive=True), son)
        assert lacks(shot, "machine-gunner", ruleset) == refused(replace(shot, machine_gunner_share=1), son)


def test_a_tank_machine_gun_may_suppress_and_its_gun_may_not() -> None:
    # The MG carries Machine Gunner and Suppressive Fire (HoN core p.24); the gun carries none.
    armour = piece(tank(), (0, 0))
    gun, mg = armour.side.weapons
    target = piece(infantry(), (5, 0), owner="b")
    assert lacks(Shot(target=target, firer=armour, weapon=gun, range=5), "suppressive-fire")
    assert not lacks(Shot(target=target, firer=armour, weapon=mg, range=5), "suppressive-fire")
    assert not lacks(Shot(target=target, firer=armour, weapon=mg, range=5), "machine-gunner")
    with pytest.raises(IllegalAttack):
        aim(Shot(target=target, firer=armour, weapon=gun, range=5, suppressive=True))
