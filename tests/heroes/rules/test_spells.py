"""Spells (SoN p.14-15, p.18): who casts, the penalty and what lowers it, the uses, and what
each spell played does, with the catalogue's spell tiles on hand-made boards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import Role, Unit, UnitType
from builder.heroes.rules.abilities.leaping import movement_reach
from builder.heroes.rules.actions.firing import shot_at
from builder.heroes.rules.actions.kinds import AssaultAction, Hold, Move
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import Phase, SpellEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos.spells import penalty
from builder.heroes.rules.mythos.state import Cast, KnownSpell, mythos_hunter
from builder.heroes.rules.orders.tokens import needs_no_order
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.resolution.assault_roll import Assault, engage
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.rules.turn import supply_phase
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import JEEP, piece, unit
from tests.fixtures.rules.games import game

OPEN = "\n".join(["..........."] * 5)
ROCK = "\n".join(["...........", "...........", "..#........", "...........", "..........."])
ADEPT = unit("adept").model_copy(update={"role": Role.OFFICER})
MAGUS = unit("magus", abilities=["magician"]).model_copy(update={"role": Role.OFFICER})
HIEROPHANT = unit("hierophant", abilities=[{"id": "magician", "value": 3}])
HORROR = unit("horror", abilities=[{"id": "mythos-manifestation", "value": 3}])


def caster(
    key: str = "a1", at: tuple[int, int] = (1, 2), kind: Unit = ADEPT, *, suppressed: int = 0, side_index: int = 0
) -> Piece:
    """A counter of the tile "tiles[0]", whose spells the tests give."""
    return replace(piece(key, at, kind=kind, suppressed=suppressed, side_index=side_index), group="tiles[0]")


def spelled(catalogue: Catalogue, pieces: list[Piece], *spells: str, board: str = OPEN) -> GameState:
    state = game(board, pieces)
    state.ruleset = SON
    state.mythos.spells = [KnownSpell("a", "tiles[0]", catalogue.options[s]) for s in spells]
    return state


def cast(state: GameState, action: Cast, faces: list[int], caster_key: str = "a1") -> Turn:
    turn = Turn(state, LoadedDice(faces), Phase.ACTIVATION)
    turn.perform(caster_key, action)
    return turn


@pytest.mark.rule("magician", "son-blood-sigil")
def test_the_penalty_less_one_for_a_magician_and_one_per_blood_sigil(bundled: Catalogue) -> None:
    life_drain = bundled.options["son-life-drain"]
    state = spelled(bundled, [caster(), caster("a2", (5, 2), MAGUS)])
    assert penalty(state, state.pieces["a1"], life_drain) == 3  # SoN p.15
    assert penalty(state, state.pieces["a2"], life_drain) == 2  # Magician (p.18)
    assert penalty(state, state.pieces["a2"], life_drain, sigils=2) == 0  # Blood Sigils (p.14)
    state.pieces["h"] = caster("h", (2, 4), HIEROPHANT)
    assert penalty(state, state.pieces["a1"], life_drain) == 2  # within 3 of a Magician 3
    state.pieces["a2"] = caster("a2", (1, 3), MAGUS)
    assert penalty(state, state.pieces["a1"], life_drain) == 2  # never more than one fewer


@pytest.mark.rule("son-suppressed", "spells")
def test_life_drain_hits_at_once_costs_3_suppressed_and_restores_the_caster(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(side_index=1), piece("b1", (3, 2), "b")], "son-life-drain")
    turn = cast(state, Cast("son-life-drain", "b1"), [])
    assert state.pieces["b1"].side_index == 1  # an automatic hit: no die rolled
    assert state.pieces["a1"].suppressed == 3 and state.pieces["a1"].side_index == 0
    first = turn.events[0]
    assert isinstance(first, SpellEvent) and first.penalty == 3 and first.target == "b1"


@pytest.mark.rule("spells")
def test_who_may_cast_and_when(bundled: Catalogue) -> None:
    state = spelled(
        bundled, [caster(suppressed=1), caster("a2", (1, 4), unit("grunts")), piece("b1", (3, 2), "b")], "son-paralyze"
    )
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast("son-paralyze", "b1"), [])  # a caster with no Suppressed marker (p.14)
    assert caught.value.code is Code.MAY_NOT_CAST
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast("son-paralyze", "b1"), [], caster_key="a2")  # only Characters (p.4)
    assert caught.value.code is Code.NOT_THE_CASTER
    state.pieces["a1"] = caster()
    state.pieces["b1"] = piece("b1", (6, 2), "b")
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast("son-paralyze", "b1"), [])
    assert caught.value.code is Code.OUT_OF_RANGE
    state.pieces["b1"] = piece("b1", (3, 2), "b")
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([]), Phase.SUPPLY).perform("a1", Cast("son-paralyze", "b1"))
    assert caught.value.code is Code.WRONG_PHASE


@pytest.mark.rule("son-paralyze")
def test_paralyze_stops_the_unit_and_leaves_it_one_bare_die_in_an_assault(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(), piece("b1", (3, 2), "b"), piece("b2", (8, 2), "b")], "son-paralyze")
    cast(state, Cast("son-paralyze", "b1"), [])
    assert state.pieces["a1"].suppressed == 1
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("b1", Move(Path((Position(((3, 2),), NORTH), Position(((4, 2),), NORTH)), 1)))
    assert state.pieces["b1"].square == (3, 2) and turn.events[0].kind == "hold"
    brawler = piece("a3", (2, 2), kind=unit("brawlers", abilities=["assault"]))
    bare = engage(Assault(brawler, state.pieces["b1"], terrain=1, defender_paralyzed=True))
    assert bare.defender_dice == 1 and bare.defence == ()  # no combat value, no terrain (p.15)
    # Recasting moves the one marker; the Supply Phase discards it.
    state.pieces["a1"] = caster()
    state.pieces["b2"] = piece("b2", (2, 4), "b")
    cast(state, Cast("son-paralyze", "b2"), [])
    assert not state.mythos.markers_on("b1") and state.mythos.markers_on("b2")
    supply_phase(state, {}, {"a": SimplePolicy(), "b": SimplePolicy()}, LoadedDice([6] * 20))
    assert not state.mythos.on_units


@pytest.mark.rule("son-enchant-unit")
def test_enchant_unit_gives_mythos_hunter_2_then_1_then_nothing(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(), piece("a2", (3, 2)), piece("b1", (9, 0), "b")], "son-enchant-unit")
    cast(state, Cast("son-enchant-unit", "a2"), [])
    assert mythos_hunter(state.mythos, state.pieces["a2"]) == 2
    policies = {"a": SimplePolicy(), "b": SimplePolicy()}
    supply_phase(state, {}, policies, LoadedDice([6] * 20))
    assert mythos_hunter(state.mythos, state.pieces["a2"]) == 1
    state.turn = 2
    supply_phase(state, {}, policies, LoadedDice([6] * 20))
    assert mythos_hunter(state.mythos, state.pieces["a2"]) == 0


@pytest.mark.rule("son-drowning")
def test_drowning_suppresses_and_attacks_at_2_then_again_at_1_in_the_supply_phase(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(), piece("b1", (3, 2), "b"), piece("b2", (9, 0), "b")], "son-drowning")
    state.mythos.spells = [KnownSpell("a", "tiles[0]", bundled.options["son-drowning"])]
    turn = cast(state, Cast("son-drowning", "b1"), [1])
    attack = next(e for e in turn.events if e.kind == "fire")
    assert attack.rolls[0].total == 1 + 2  # a die + 2 against the defense of 4: a miss
    assert state.pieces["b1"].suppressed == 1
    state.pieces["a1"] = caster()
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast("son-drowning", "b1"), [])  # its one marker is out
    assert caught.value.code is Code.MAY_NOT_CAST
    frames = supply_phase(state, {}, {"a": SimplePolicy(), "b": SimplePolicy()}, LoadedDice([3] + [6] * 20))
    second = next(f.event for f in frames if f.event.kind == "fire")
    assert second.rolls[0].total == 3 + 1 and state.pieces["b1"].side_index == 1  # 4: a hit
    assert not state.mythos.on_units


@pytest.mark.rule("son-rust")
def test_rust_lowers_a_vehicles_defense_by_one_per_marker(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(), piece("a2", (1, 0)), piece("b1", (6, 2), "b", JEEP)], "son-rust")
    before = shot_at(state, state.pieces["a2"], state.pieces["b1"])
    for _ in range(3):
        state.pieces["a1"] = caster()
        cast(state, Cast("son-rust", "b1"), [])
    after = shot_at(state, state.pieces["a2"], state.pieces["b1"])
    assert before is not None and after is not None
    assert sum(m.value for m in after.defense_bonuses) - sum(m.value for m in before.defense_bonuses) == -3
    state.pieces["a1"] = caster()
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast("son-rust", "b1"), [])  # hon's 3 markers are all out
    assert caught.value.code is Code.MAY_NOT_CAST


@pytest.mark.rule("son-fog-token")
def test_fog_brings_the_fog_rules_for_the_rest_of_the_game(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(), piece("b1", (9, 2), "b")], "son-fog")
    state.mythos.spells = [KnownSpell("a", "tiles[0]", bundled.options["son-fog"])]
    cast(state, Cast("son-fog"), [])
    assert state.ruleset.max_range == 9 and state.ruleset.long_range_beyond == 5  # from 6 squares (SoN p.11)


@pytest.mark.rule("son-blood-sigil")
def test_the_policy_drains_the_life_of_an_enemy_in_reach_and_spends_its_blood_sigils(bundled: Catalogue) -> None:
    # A rock between them: no shot, but Life Drain needs only its 3 spaces (hon's reading).
    state = spelled(bundled, [caster(), piece("b1", (3, 2), "b")], "son-life-drain", board=ROCK)
    state.gear.append(GearPool("a", "son-blood-sigil", 2, "tiles[0]", ("characters",)))
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert action == Cast("son-life-drain", "b1", sigils=2)
    Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", action)
    assert state.pieces["a1"].suppressed == 1 and state.gear[-1].count == 0  # 3 - 2 sigils


@pytest.mark.rule("spells")
def test_the_policy_never_casts_with_a_suppressed_caster_nor_a_spell_at_nobody(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(suppressed=1), piece("b1", (3, 2), "b")], "son-life-drain")
    assert not isinstance(SimplePolicy().activate(state, state.pieces["a1"]), Cast)
    state = spelled(bundled, [caster(), piece("b1", (9, 2), "b")], "son-life-drain")
    assert not isinstance(SimplePolicy().activate(state, state.pieces["a1"]), Cast | Hold | AssaultAction)


def test_a_large_creature_is_a_unit_for_enchant_but_not_infantry_for_drowning(bundled: Catalogue) -> None:
    beast = piece("b1", [(3, 2), (4, 2)], "b", unit("brute", UnitType.LARGE_CREATURE, footprint=2))
    state = spelled(bundled, [caster(), beast], "son-drowning")
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast("son-drowning", "b1"), [])
    assert caught.value.code is Code.OUT_OF_RANGE


@pytest.mark.rule("son-hydra-blessing")
def test_blessing_of_hydra_makes_the_unit_autonomous_and_moves_on_a_recast(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(), piece("a2", (2, 2)), piece("a3", (1, 4))], "son-blessing-of-hydra")
    cast(state, Cast("son-blessing-of-hydra", "a2"), [])
    assert needs_no_order(state.pieces["a2"]) and state.pieces["a1"].suppressed == 2  # SoN p.15
    state.pieces["a1"] = caster()
    cast(state, Cast("son-blessing-of-hydra", "a3"), [])
    assert needs_no_order(state.pieces["a3"]) and not needs_no_order(state.pieces["a2"])


@pytest.mark.rule("son-hydra-blessing")
def test_the_policy_blesses_a_friend_that_still_needs_an_order(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(), piece("a2", (2, 2)), piece("b1", (10, 4), "b")], "son-blessing-of-hydra")
    assert SimplePolicy().activate(state, state.pieces["a1"]) == Cast("son-blessing-of-hydra", "a2")


@pytest.mark.rule("son-mythos-barrier")
def test_a_mythos_barrier_drives_a_manifestation_off_and_bars_its_way(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(), piece("b1", (2, 2), "b", HORROR)], "son-mythos-barrier")
    cast(state, Cast("son-mythos-barrier", at=(2, 2)), [])
    driven = state.pieces["b1"]
    assert driven.square != (2, 2) and driven.suppressed == 1 and (2, 2) in state.mythos.barriers  # SoN p.15
    with pytest.raises(IllegalAttack) as caught:
        state.pieces["a1"] = caster()
        cast(state, Cast("son-mythos-barrier", at=(5, 2)), [])
    assert caught.value.code is Code.NOT_ADJACENT
    # A Manifestation's move may not cross it; others walk over it.
    across = Path((Position((driven.square,), NORTH), Position(((2, 2),), NORTH)), 1)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("b1", Move(across))
    assert state.pieces["b1"].square == driven.square and turn.events[0].kind == "hold"
    ends = {p.square for p in movement_reach(state, state.pieces["b1"])}
    assert (2, 2) not in ends
