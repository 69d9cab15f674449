"""The shortcuts the firing rules take for the policy never drift from what they skip: a
unit's cover read square by square equals its merged `cover_table`, terrain, positions and
wrecks alike (HoN core p.18-19; BfC p.08-09); an `Aim` and a `Sight` made without their
frozen __init__ equal the ones __init__ makes, every field set, over a played game."""

from __future__ import annotations

import random
from dataclasses import fields

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.firing import shots_at, weapons_of
from builder.heroes.rules.geometry.los import Sight, sights
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.in_play import Pieces
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.resolution.combat import Aim, IllegalAttack, aim
from builder.heroes.rules.resolution.cover import cover, cover_table, terrain_bonus
from builder.heroes.rules.resolution.damage import destroy
from builder.heroes.rules.resolution.structures import WRECK_TERRAIN
from builder.heroes.rules.ruleset import HON, ruleset_for
from builder.heroes.rules.state import GameState
from tests.fixtures.rules.boards import TANK, element, field, unit
from tests.fixtures.rules.boards import piece as placed
from tests.fixtures.rules.games import scenario
from tests.heroes.rules import infantry, light_vehicle, piece
from tests.heroes.rules.test_simulate import play
from tests.heroes.rules.test_simulate import scenario as loaded_scenario

GUNNER = unit("gunner", footprint=2)
RUINS = {"defense": {"heavy": 2, "infantry": 2}}
WEST = element("West ruin", [(c, r) for c in (2, 3) for r in range(4)], RUINS, key="west")
BOARD = field("\n".join(["........"] * 6), extra=[WEST])
squares = st.tuples(st.integers(0, 7), st.integers(0, 5))


@settings(max_examples=150, deadline=None)
@given(
    positions=st.dictionaries(squares, st.integers(-1, 3), max_size=6),
    wrecks=st.lists(squares, max_size=4, unique=True),
    heavy=st.booleans(),
    at=squares,
)
def test_cover_square_by_square_is_the_merged_tables_bonus(
    positions: dict[tuple[int, int], int], wrecks: list[tuple[int, int]], heavy: bool, at: tuple[int, int]
) -> None:
    state = GameState(scenario(), BOARD, HON, ("a", "b"), "a", {})
    state.positions = positions
    if heavy:
        state.wreck_terrain = {UnitType.LIGHT_VEHICLE: WRECK_TERRAIN[UnitType.HEAVY_VEHICLE]}
    for i, square in enumerate(wrecks):
        _, wreck = destroy(piece(light_vehicle(), square, key=f"wreck{i}", owner="b"))
        assert wreck is not None
        state.pieces[wreck.key] = wreck
    c, r = min(at[0], 6), min(at[1], 4)
    counters: list[Piece] = [
        piece(infantry(), (c, r), key="rifles"),
        placed("gunners", ((c, r), (c + 1, r)), kind=GUNNER),
        placed("tank", ((c, r), (c, r + 1)), kind=TANK, facing=NORTH),
    ]
    for counter in counters:
        table = cover_table(state, counter.colour)
        assert cover(state, counter) == terrain_bonus(state, table, counter.squares), counter.key


def made_by_init(value: Aim | Sight) -> Aim | Sight:
    """The same value made by the dataclass's own __init__, from every one of its fields."""
    assert set(vars(value)) == {f.name for f in fields(value)}  # no field left unset
    return type(value)(**{f.name: getattr(value, f.name) for f in fields(value)})


def test_aims_and_sights_made_fast_equal_those_init_makes_over_a_played_game() -> None:
    name = "rush-on-maltot"  # vehicles with facings, obscuring terrain, lines
    loaded, battlefield = loaded_scenario(name)
    setup = loaded.scenario.setup
    ruleset = ruleset_for(loaded.scenario.game, setup.night, setup.fog)
    sides = tuple(s.id for s in loaded.scenario.sides)
    sample = random.Random(11)
    aims = traced = blocked = 0
    for frame in play(name, seed=2, turns=3).frames[::4]:
        state = GameState(
            loaded.scenario, battlefield, ruleset, sides, sides[0], Pieces({p.key: p for p in frame.pieces})
        )
        occupancy = Occupancy(frame.pieces)
        units = [p for p in frame.pieces if p.squares and p.embarked_in is None and not p.is_wreck]
        for _ in range(6):
            if len(units) < 2:
                break
            firer, target = sample.sample(units, 2)
            for sight in sights(battlefield, occupancy, firer, target, ruleset):
                assert made_by_init(sight) == sight
                traced += 1
                blocked += sight.blocked
            for shot in shots_at(state, firer, target, weapons_of(firer), occupancy):
                if shot is None:
                    continue
                for variant in (shot, shot.varied(True, None)):
                    try:
                        plan = aim(variant, ruleset)
                    except IllegalAttack:
                        continue
                    assert made_by_init(plan) == plan
                    aims += 1
    assert traced > 100 and blocked > 10 and aims > 10, (traced, blocked, aims)
