"""Exact odds (DESIGN.md 7): they sum to one, they are what the resolution functions give over
every die face, and they move the right way."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.resolution.assault_roll import Assault, resolve_assault
from builder.heroes.rules.resolution.combat import Shot
from builder.heroes.rules.resolution.damage import DamageLocation, locate_damage
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.resolution.odds import (
    assault_odds,
    best_of,
    damage_odds,
    expected_hits,
    expected_suppressed,
    fire_odds,
    odds_of_assault,
    odds_of_shot,
)
from builder.heroes.rules.ruleset import HON, SON, Ruleset
from builder.kernel.dice import LoadedDice
from builder.kernel.events import Modifier
from tests.heroes.rules import infantry, piece, tank

FACES = range(1, 7)
combat_values = st.integers(min_value=-2, max_value=8)
defenses = st.integers(min_value=1, max_value=12)
small = st.integers(min_value=0, max_value=3)
bonuses = st.integers(min_value=-2, max_value=4)
rulesets = st.sampled_from([HON, SON])


def shot_for(
    combat: int,
    defense: int,
    terrain: int,
    bonus: int,
    suppressed: int,
    obscured: int,
    long_range: bool,
    suppressive: bool,
    dual: bool,
) -> Shot:
    """The firing action `fire_odds` describes, between two counters."""
    abilities: list[Any] = (["dual-weapon"] if dual else []) + (["suppressive-fire"] if suppressive else [])
    firer = piece(infantry(combat=combat, abilities=abilities), (0, 0), suppressed=suppressed)
    target = piece(infantry(defense=defense), (9, 0), owner="b")
    return Shot(
        target=target,
        firer=firer,
        terrain=terrain,
        bonuses=(Modifier("Card", bonus, "HoN core p.17"),) if bonus else (),
        obscured=(((4, 0), obscured),) if obscured else (),
        range=9 if long_range else 3,
        suppressive=suppressive,
    )


def brute_force_fire(shot: Shot, dice: int, suppressive: bool, ruleset: Ruleset) -> dict[str, Fraction]:
    """Every die face through `firing_roll.fire` itself."""
    tally: Counter[str] = Counter()
    for faces in product(FACES, repeat=dice):
        result = fire(shot, LoadedDice(faces), ruleset)
        tally[str(result.suppressed) if suppressive else result.outcome.value] += 1
    return {key: Fraction(count, 6**dice) for key, count in tally.items()}


def nonzero(found: dict[str, Fraction]) -> dict[str, Fraction]:
    return {key: p for key, p in found.items() if p}


@settings(max_examples=300, deadline=None)
@given(combat_values, defenses, small, bonuses, small, small, st.booleans(), st.booleans(), st.booleans(), rulesets)
def test_fire_odds_sum_to_exactly_one(
    combat: int,
    defense: int,
    terrain: int,
    bonus: int,
    suppressed: int,
    obscured: int,
    long_range: bool,
    suppressive: bool,
    dual: bool,
    ruleset: Ruleset,
) -> None:
    odds = fire_odds(combat, defense, terrain, bonus, suppressed, obscured, long_range, suppressive, dual, ruleset)
    assert odds.total == 1
    assert sum(odds.as_dict().values()) == pytest.approx(1.0)
    if suppressive:
        assert list(odds.exact()) == [str(n) for n in range(len(odds.outcomes))]
    else:
        assert list(odds.exact()) == ["miss", "hit", "double"]


@pytest.mark.rule("firing-resolution")
@settings(max_examples=150, deadline=None)
@given(combat_values, defenses, small, bonuses, small, small, st.booleans(), st.booleans(), st.booleans(), rulesets)
def test_fire_odds_are_the_resolution_over_every_die_face(
    combat: int,
    defense: int,
    terrain: int,
    bonus: int,
    suppressed: int,
    obscured: int,
    long_range: bool,
    suppressive: bool,
    dual: bool,
    ruleset: Ruleset,
) -> None:
    shot = shot_for(combat, defense, terrain, bonus, suppressed, obscured, long_range, suppressive, dual)
    brute = brute_force_fire(shot, 2 if dual else 1, suppressive, ruleset)
    from_shot = odds_of_shot(shot, ruleset).exact()
    from_numbers = fire_odds(
        combat, defense, terrain, bonus, suppressed, obscured, long_range, suppressive, dual, ruleset
    ).exact()
    assert nonzero(from_shot) == brute
    assert from_numbers == from_shot


@settings(max_examples=300, deadline=None)
@given(combat_values, combat_values, st.sampled_from([1, 2]), small, bonuses, small, bonuses, small)
def test_assault_odds_sum_to_exactly_one(
    combat: int,
    theirs: int,
    dice: int,
    terrain: int,
    bonus: int,
    suppressed: int,
    their_bonus: int,
    their_suppressed: int,
) -> None:
    odds = assault_odds(combat, theirs, dice, terrain, bonus, suppressed, their_bonus, their_suppressed)
    assert odds.total == 1 and list(odds.exact()) == ["win", "tie", "loss"]


@settings(max_examples=40, deadline=None)
@given(combat_values, combat_values, st.sampled_from([1, 2]), small, bonuses, small, small, rulesets)
def test_assault_odds_are_the_resolution_over_every_die_face(
    combat: int,
    theirs: int,
    dice: int,
    terrain: int,
    bonus: int,
    suppressed: int,
    their_suppressed: int,
    ruleset: Ruleset,
) -> None:
    attacker = piece(infantry(combat=combat, abilities=["assault"]), (0, 0), suppressed=suppressed)
    defender = piece(
        infantry(combat=theirs, abilities=["assault"] if dice == 2 else []),
        (1, 0),
        owner="b",
        suppressed=their_suppressed,
    )
    assault = Assault(attacker, defender, terrain=terrain, attacker_bonuses=(Modifier("Card", bonus, "p"),))
    tally: Counter[str] = Counter()
    for faces in product(FACES, repeat=2 + dice):
        tally[resolve_assault(assault, LoadedDice(faces), ruleset).outcome.value] += 1
    brute = {key: Fraction(count, 6 ** (2 + dice)) for key, count in tally.items()}
    assert nonzero(odds_of_assault(assault, ruleset).exact()) == brute
    numbers = assault_odds(combat, theirs, dice, terrain, bonus, suppressed, 0, their_suppressed, ruleset)
    assert numbers.exact() == odds_of_assault(assault, ruleset).exact()


@settings(max_examples=200, deadline=None)
@given(combat_values, defenses, small, bonuses, small, small, st.booleans(), st.booleans())
def test_more_combat_never_lowers_the_chance_to_hit(
    combat: int, defense: int, terrain: int, bonus: int, suppressed: int, obscured: int, long_range: bool, dual: bool
) -> None:
    lower = fire_odds(combat, defense, terrain, bonus, suppressed, obscured, long_range, False, dual).exact()
    higher = fire_odds(combat + 1, defense, terrain, bonus, suppressed, obscured, long_range, False, dual).exact()
    assert higher["hit"] + higher["double"] >= lower["hit"] + lower["double"]
    assert higher["double"] >= lower["double"]
    assert higher["miss"] <= lower["miss"]
    markers = [
        sum(
            int(k) * p
            for k, p in fire_odds(c, defense, terrain, bonus, suppressed, obscured, long_range, True, dual).outcomes
        )
        for c in (combat, combat + 1)
    ]
    assert markers[1] >= markers[0]


@settings(max_examples=200, deadline=None)
@given(combat_values, combat_values, st.sampled_from([1, 2]), small)
def test_more_combat_never_lowers_the_chance_to_win_an_assault(
    combat: int, theirs: int, dice: int, terrain: int
) -> None:
    lower = assault_odds(combat, theirs, dice, terrain).exact()
    higher = assault_odds(combat + 1, theirs, dice, terrain).exact()
    assert higher["win"] >= lower["win"] and higher["loss"] <= lower["loss"]
    assert (
        assault_odds(combat, theirs, 2, terrain).exact()["win"]
        <= assault_odds(combat, theirs, 1, terrain).exact()["win"]
    )


@pytest.mark.rule("suppressive-fire")
@settings(max_examples=200, deadline=None)
@given(combat_values, defenses, small, bonuses, small, small, st.booleans(), st.integers(min_value=1, max_value=6))
def test_suppressive_fire_doubles_the_combat_value_and_bonuses(
    combat: int, defense: int, terrain: int, bonus: int, suppressed: int, obscured: int, long_range: bool, face: int
) -> None:
    plain = fire_odds(combat, defense, terrain, bonus, suppressed, obscured, long_range)
    doubled = fire_odds(combat, defense, terrain, bonus, suppressed, obscured, long_range, suppressive=True)
    assert sum(m.value for m in doubled.modifiers) - sum(m.value for m in plain.modifiers) == combat + bonus
    # and so does the resolution itself: penalties are not doubled
    shot = shot_for(combat, defense, terrain, bonus, suppressed, obscured, long_range, True, False)
    penalties = 2 * suppressed + obscured + (2 if long_range else 0)
    assert fire(shot, LoadedDice([face])).roll.total == face + 2 * (combat + bonus) - penalties


def test_known_values() -> None:
    # The worked example's shot (+2, +1 Ammo against 4 + 2): a 3 or more hits, nothing doubles.
    odds = fire_odds(2, 4, terrain=2, bonus=1)
    assert odds.exact() == {"miss": Fraction(1, 3), "hit": Fraction(2, 3), "double": Fraction(0)}
    assert odds.as_dict() == {"miss": 1 / 3, "hit": 2 / 3, "double": 0.0}
    assert odds["hit"] == pytest.approx(0.6667, abs=1e-4)
    # Dual Weapon needing a 4: 1 - (1/2)^2.
    dual = fire_odds(0, 4, dual=True).exact()
    assert dual["hit"] + dual["double"] == Fraction(3, 4)
    assert [p for _, p in best_of(2)] == [Fraction(2 * k - 1, 36) for k in FACES]
    # Suppressive fire +3 doubled to +6 against 4: 7 gives 1 marker, 8-11 two, 12 three.
    markers = fire_odds(3, 4, suppressive=True).exact()
    assert markers == {"0": 0, "1": Fraction(1, 6), "2": Fraction(4, 6), "3": Fraction(1, 6)}
    # An even assault, one die each: the attacker's best of two beats one die 125 times in 216.
    even = assault_odds(0, 0, 1).exact()
    assert even == {"win": Fraction(125, 216), "tie": Fraction(36, 216), "loss": Fraction(55, 216)}


def test_the_assault_worked_example_odds() -> None:
    odds = assault_odds(2, 2, defender_dice=2, terrain=2, bonus=1)
    assert odds.total == 1 and odds["loss"] > odds["win"]


def test_an_automatic_loss_is_a_certain_win() -> None:
    odds = odds_of_assault(Assault(piece(infantry(abilities=["assault"])), piece(infantry(combat=None))))
    assert odds.exact() == {"win": 1, "tie": 0, "loss": 0}


def test_suppressive_keys_count_from_zero() -> None:
    odds = fire_odds(8, 2, suppressive=True)
    assert next(iter(odds.exact())) == "0" and odds.exact()["0"] == 0


@pytest.mark.rule("damage-location")
def test_damage_location_odds() -> None:
    assert damage_odds(piece(tank())) == pytest.approx(
        {"crew": 1 / 6, "tracks": 1 / 6, "hull": 2 / 6, "primary": 1 / 6, "destroyed": 1 / 6}
    )
    assert damage_odds(piece(tank()), piercing=True) == pytest.approx(
        {"crew": 0, "tracks": 1 / 6, "hull": 2 / 6, "primary": 1 / 6, "destroyed": 2 / 6}
    )
    assert damage_odds(piece(tank(), damage=(DamageLocation.HULL,)))["destroyed"] == pytest.approx(3 / 6)


@pytest.mark.rule("positive-waves")
@pytest.mark.parametrize("damage", [(), (DamageLocation.CREW,), (DamageLocation.CREW, DamageLocation.HULL)])
@pytest.mark.parametrize("piercing", [False, True])
def test_positive_waves_odds_are_the_resolution(damage: tuple[DamageLocation, ...], piercing: bool) -> None:
    vehicle = piece(tank(abilities=["positive-waves"]), damage=damage)
    tally: Counter[str] = Counter()
    for faces in product(FACES, repeat=2):
        result = locate_damage(vehicle, LoadedDice(faces), HON, piercing)
        tally["destroyed" if result.effect.destroyed else result.location.value] += 1
    odds = damage_odds(vehicle, piercing)
    assert {k: v for k, v in odds.items() if v} == pytest.approx({k: n / 36 for k, n in tally.items()})


def test_expected_hits_and_markers() -> None:
    target = piece(infantry(defense=3), (2, 0))
    shot = Shot(target=target, firer=piece(infantry(combat=2, abilities=["suppressive-fire"])))
    odds = odds_of_shot(shot).exact()
    assert odds["double"] > 0
    assert expected_hits(shot) == pytest.approx(float(odds["hit"] + 2 * odds["double"]))
    suppressive = Shot(target=target, firer=shot.firer, suppressive=True)
    assert expected_hits(suppressive) == 0.0
    markers = odds_of_shot(suppressive).exact()
    assert expected_suppressed(suppressive) == pytest.approx(float(sum(int(k) * p for k, p in markers.items())))
    assert expected_suppressed(shot) == 0.0


def test_the_odds_reject_impossible_counts() -> None:
    with pytest.raises(ValueError):
        fire_odds(2, 4, suppressed=-1)
    with pytest.raises(ValueError):
        assault_odds(2, 2, defender_dice=3)
    with pytest.raises(RulesError) as caught:
        fire_odds(2, 0, suppressive=True)
    assert caught.value.code is Code.BAD_COUNT
