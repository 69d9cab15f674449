"""Terror checks and the Madness bag (SoN p.11, p.17-18): who checks, the roll, the tokens and
what each does, on hand-made boards with loaded dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.actions.firing import shot_at
from builder.heroes.rules.actions.kinds import AssaultAction, Fire
from builder.heroes.rules.events.combat import AssaultEvent, AssaultNote
from builder.heroes.rules.events.game import FireEvent, MadnessEvent, Phase, TerrorEvent
from builder.heroes.rules.events.mythos import TerrorCause
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos import madness, terror
from builder.heroes.rules.mythos.bags import draw_madness, madness_bag, search_bag
from builder.heroes.rules.mythos.madness import may_take_order
from builder.heroes.rules.mythos.state import Afflicted, Madness
from builder.heroes.rules.orders.tokens import Tokens
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.rules.turn import activation_phase, supply_phase
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice, SeededDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

OPEN = "\n".join(["............"] * 5)
WALLED = "\n".join(["......#.....", "......#.....", "......#.....", "......#.....", "......#....."])
HORROR = unit("horror", abilities=[{"id": "mythos-manifestation", "value": 3}])
DREAD = unit("dread", abilities=[{"id": "mythos-manifestation", "value": 5}])
HARMLESS = unit("harmless", abilities=[{"id": "mythos-manifestation", "value": 0}])
CHAPLAIN = unit("chaplain", abilities=["faith"])
HUNTER = unit("hunter", abilities=[{"id": "mythos-hunter", "value": 2}])
BRAWLERS = unit("brawlers", abilities=["assault"])


def son_game(board: str, pieces: list[Piece], bag: list[Madness] | None = None) -> GameState:
    state = game(board, pieces)
    state.ruleset = SON
    state.mythos.madness_bag = list(bag if bag is not None else [Madness.STEADY])
    return state


def checks(turn: Turn) -> list[TerrorEvent]:
    return [e for e in turn.events if isinstance(e, TerrorEvent)]


@pytest.mark.rule("mythos-manifestation")
def test_a_suppressed_unit_that_sees_a_manifestation_rolls_less_2_per_marker_and_resists_on_its_value() -> None:
    state = son_game(OPEN, [piece("a1", (1, 2), suppressed=1), piece("b1", (8, 2), "b", HORROR)])
    turn = Turn(state, LoadedDice([5]), Phase.SUPPLY)
    terror.terror_checks(turn)
    (check,) = checks(turn)
    # 5 on the die, -2 for one Suppressed marker: 3, the Manifestation's 3 (SoN p.11).
    assert check.rolls[0].total == 3 and check.resisted and check.terror == 3 and check.madness is None
    assert state.pieces["a1"].suppressed == 1  # resisting keeps the markers


@pytest.mark.rule("son-steady", "terror-checks")
def test_a_failed_check_draws_a_madness_token_and_discards_the_suppressed_markers() -> None:
    state = son_game(OPEN, [piece("a1", (1, 2), suppressed=2), piece("b1", (8, 2), "b", HORROR)], [Madness.STEADY])
    turn = Turn(state, LoadedDice([6]), Phase.SUPPLY)
    terror.terror_checks(turn)
    (check,) = checks(turn)
    assert check.rolls[0].total == 2 and not check.resisted and check.madness == "son-steady"
    assert state.pieces["a1"].suppressed == 0 and state.mythos.madness_bag == []  # drawn, then discarded
    assert any(isinstance(e, MadnessEvent) and e.madness == "son-steady" for e in turn.events)


@pytest.mark.rule("faith")
def test_who_never_checks_the_unsuppressed_the_faithful_manifestations_and_the_blind() -> None:
    pieces = [
        piece("a1", (8, 0)),  # no Suppressed marker
        piece("a2", (8, 1), kind=CHAPLAIN, suppressed=3),  # Faith (SoN p.17)
        piece("a3", (8, 3), kind=HORROR, suppressed=3),  # a Manifestation itself (p.11)
        piece("b1", (10, 2), "b", DREAD),
    ]
    state = son_game(WALLED, pieces)
    state.pieces["a4"] = piece("a4", (1, 4), suppressed=3)  # the rocks hide the Manifestation
    turn = Turn(state, LoadedDice([]), Phase.SUPPLY)
    terror.terror_checks(turn)
    assert checks(turn) == []


@pytest.mark.rule("mythos-manifestation")
def test_a_null_manifestation_instils_no_terror_and_the_highest_one_seen_is_faced() -> None:
    state = son_game(
        OPEN,
        [piece("a1", (1, 2), suppressed=1), piece("b0", (4, 0), "b", HARMLESS), piece("b1", (6, 2), "b", HORROR)],
    )
    state.pieces["b2"] = piece("b2", (8, 4), "b", DREAD)
    turn = Turn(state, LoadedDice([6]), Phase.SUPPLY)
    terror.terror_checks(turn)
    (check,) = checks(turn)
    assert check.manifestation == "b2" and check.terror == 5 and not check.resisted  # 6 - 2 = 4 < 5


@pytest.mark.rule("mythos-hunter")
def test_mythos_hunter_adds_to_the_terror_check() -> None:
    state = son_game(OPEN, [piece("a1", (1, 2), kind=HUNTER, suppressed=1), piece("b1", (8, 2), "b", DREAD)])
    turn = Turn(state, LoadedDice([5]), Phase.SUPPLY)
    terror.terror_checks(turn)
    (check,) = checks(turn)
    assert check.rolls[0].total == 5 - 2 + 2 and check.resisted  # Mythos Hunter 2 (SoN p.18)


@pytest.mark.rule("son-suicide")
def test_suicide_hits_the_unit_at_once() -> None:
    state = son_game(OPEN, [piece("a1", (1, 2), suppressed=1), piece("b1", (8, 2), "b", HORROR)], [Madness.SUICIDE])
    terror.terror_checks(Turn(state, LoadedDice([1]), Phase.SUPPLY))
    assert state.pieces["a1"].side_index == 1  # flipped: the hit (SoN p.11)


@pytest.mark.rule("son-fear")
def test_fear_sends_the_unit_4_spaces_away_from_the_manifestation_and_flips_it() -> None:
    state = son_game(OPEN, [piece("a1", (4, 2), suppressed=1), piece("b1", (6, 2), "b", HORROR)], [Madness.FEAR])
    terror.terror_checks(Turn(state, LoadedDice([1]), Phase.SUPPLY))
    fled = state.pieces["a1"]
    assert fled.square[0] == 0 and fled.side_index == 1  # 2 spaces away, now 6: 4 more (SoN p.11)


def test_fear_with_nowhere_to_run_eliminates_the_unit() -> None:
    state = son_game(OPEN, [piece("a1", (1, 2), suppressed=1), piece("b1", (3, 2), "b", HORROR)], [Madness.FEAR])
    terror.terror_checks(Turn(state, LoadedDice([1]), Phase.SUPPLY))
    assert "a1" not in state.pieces and "a1" in state.destroyed  # the board's edge is 1 space behind


@pytest.mark.rule("son-rage")
def test_rage_keeps_the_order_away_then_charges_the_closest_enemy_with_3_more() -> None:
    state = son_game(OPEN, [piece("a1", (2, 2), kind=BRAWLERS), piece("b1", (5, 2), "b", HORROR)])
    state.mythos.afflicted["a1"] = Afflicted(Madness.RAGE, turn=1)
    assert may_take_order(state, state.pieces["a1"])  # drawn this round: the next is the one
    state.turn = 2
    assert not may_take_order(state, state.pieces["a1"])
    placed = SimplePolicy().assign(state, "a", Tokens(numbered=2, special=0, bluff=0))
    assert "a1" not in placed.numbered
    turn = Turn(state, LoadedDice([6, 6, 1]), Phase.ACTIVATION)
    madness.madness_acts(turn)
    assault = next(e for e in turn.events if e.kind == "assault")
    assert any(m.label == "Rage" and m.value == 3 for m in assault.rolls[0].modifiers)
    assert state.pieces["a1"].activated and "a1" not in state.mythos.afflicted


@pytest.mark.rule("son-paranoia")
def test_paranoia_fires_at_the_closest_unit_an_ally_when_as_close() -> None:
    state = son_game(OPEN, [piece("a1", (5, 2)), piece("a2", (3, 2)), piece("b1", (7, 2), "b")])
    state.mythos.afflicted["a1"] = Afflicted(Madness.PARANOIA, turn=1)
    state.turn = 2
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)
    madness.madness_acts(turn)
    (shot,) = [e for e in turn.events if isinstance(e, FireEvent)]
    assert shot.target == "a2" and state.pieces["a1"].activated


@pytest.mark.rule("son-catatonia")
def test_catatonia_freezes_the_unit_through_the_next_round_then_is_discarded() -> None:
    state = son_game(OPEN, [piece("a1", (1, 2)), piece("b1", (9, 2), "b")])
    state.mythos.afflicted["a1"] = Afflicted(Madness.CATATONIA, turn=1)
    state.turn = 2
    policy = SimplePolicy()
    activation_phase(state, {}, {"a": policy, "b": policy}, LoadedDice([]))
    assert state.pieces["a1"].activated
    supply_phase(state, {}, {"a": policy, "b": policy}, LoadedDice([]))
    assert state.pieces["a1"].square == (1, 2)  # it did not move in the Supply Phase either
    assert "a1" not in state.mythos.afflicted


@pytest.mark.rule("son-hysteria")
def test_hysteria_takes_1_from_the_units_shots() -> None:
    state = son_game(OPEN, [piece("a1", (1, 2)), piece("b1", (4, 2), "b")])
    state.mythos.afflicted["a1"] = Afflicted(Madness.HYSTERIA, turn=1)
    shot = shot_at(state, state.pieces["a1"], state.pieces["b1"])
    assert shot is not None and any(m.label == "Hysteria" and m.value == -1 for m in shot.penalties)


@pytest.mark.rule("mythos-hunter")
def test_mythos_hunter_adds_to_a_shot_at_a_manifestation_only() -> None:
    state = son_game(
        OPEN, [piece("a1", (1, 2), kind=HUNTER), piece("b1", (4, 2), "b", HORROR), piece("b2", (4, 4), "b")]
    )
    turn = Turn(state, LoadedDice([2]), Phase.ACTIVATION)
    turn.perform("a1", Fire(((None, "b1"),)))
    roll = turn.events[0].rolls[0]
    assert roll.total == 2 + 2 + 2  # die, combat value, Mythos Hunter 2 (SoN p.18)
    plain = shot_at(state, state.pieces["a1"], state.pieces["b2"])
    assert plain is not None and not any("Mythos" in m.label for m in plain.penalties)


@pytest.mark.rule("terror-checks")
def test_an_eliminated_units_token_goes_back_in_the_bag() -> None:
    state = son_game(OPEN, [piece("a1", (1, 2)), piece("b1", (9, 2), "b")], [])
    state.mythos.afflicted["a1"] = Afflicted(Madness.HYSTERIA, turn=1)
    del state.pieces["a1"]
    state.mythos.sweep(set(state.pieces))
    assert state.mythos.madness_bag == [Madness.HYSTERIA] and not state.mythos.afflicted


@pytest.mark.rule("terror-checks", "search-checks")
def test_the_bags_hold_the_catalogues_tokens_and_tiles(bundled: Catalogue) -> None:
    catalogue = bundled
    bag = madness_bag(catalogue.markers.values())
    counts = {m: bag.count(m) for m in Madness}
    assert counts[Madness.STEADY] == 3 and counts[Madness.SUICIDE] == 1 and len(bag) == 14  # hon's example counts
    found = {o.id for o in search_bag(catalogue.options.values(), {})}
    assert {"son-elder-sign", "son-life-drain", "son-paralyze", "son-cursed-statue"} <= found
    # Kept out by the book (p.14-15), or faction tiles with neither a white nor a green back.
    assert not found & {"son-leader", "son-search", "son-rust", "son-drowning", "son-fog", "son-ammo"}


@pytest.mark.rule("terror-checks")
def test_the_madness_bag_is_drawn_with_the_seeded_dice() -> None:
    state = son_game(OPEN, [], list(Madness))
    first = [draw_madness(state.mythos, SeededDice(7)) for _ in range(3)]
    again = son_game(OPEN, [], list(Madness))
    assert first == [draw_madness(again.mythos, SeededDice(7)) for _ in range(3)]
    empty = replace(state.mythos, madness_bag=[])
    assert draw_madness(empty, SeededDice(1)) is None


@pytest.mark.rule("terrifying")
def test_a_terrifying_assault_is_told_with_its_markers_and_page() -> None:
    brute = unit("brute", abilities=["assault", "terrifying"])
    state = son_game(OPEN, [piece("b1", (3, 2), "b", brute), piece("a1", (4, 2))])
    turn = Turn(state, LoadedDice([6, 6, 1]), Phase.ACTIVATION)
    path = Path((Position(((3, 2),), NORTH), Position(((4, 2),), NORTH)), 1)
    turn.perform("b1", AssaultAction(path, "a1"))
    fight = next(e for e in turn.events if isinstance(e, AssaultEvent))
    assert isinstance(fight, AssaultEvent)
    assert fight.notes == (AssaultNote(ability="terrifying", unit="b1", other="a1", markers=2, page="SoN p.19"),)
    assert state.pieces["a1"].suppressed == 2  # it retreated hit, with the two markers


@pytest.mark.rule("son-elder-sign")
def test_elder_signs_add_mythos_hunter_2_each_to_a_terror_check_and_are_spent() -> None:
    state = son_game(
        OPEN, [replace(piece("a1", (1, 2), suppressed=1), group="tiles[0]"), piece("b1", (8, 2), "b", DREAD)]
    )
    state.gear.append(GearPool("a", "son-elder-sign", 3, "tiles[0]", ("characters",)))
    players = {"a": SimplePolicy(), "b": SimplePolicy()}
    turn = Turn(state, LoadedDice([3]), Phase.SUPPLY, players)
    terror.terror_checks(turn)
    (check,) = checks(turn)
    # 3 - 2 (Suppressed) + 2 x 2 (two Elder Signs, SoN p.14) = 5: the Manifestation's 5 resisted.
    assert check.rolls[0].total == 5 and check.resisted and state.gear[-1].count == 1


@pytest.mark.rule("son-amulet-of-dagon")
def test_an_amulet_of_dagon_forces_a_suppressed_enemy_to_check() -> None:
    state = son_game(OPEN, [piece("a1", (1, 2)), piece("b1", (8, 2), "b", suppressed=1)], [Madness.STEADY])
    state.gear.append(GearPool("a", "son-amulet-of-dagon", 3, None))
    players = {"a": SimplePolicy(), "b": SimplePolicy()}
    turn = Turn(state, LoadedDice([2]), Phase.SUPPLY, players)
    terror.terror_checks(turn)
    (check,) = checks(turn)
    # No Manifestation in sight: the amulet's value (3, hon's example) against 2 - 2 (SoN p.16).
    assert check.unit == "b1" and check.terror == 3 and not check.resisted and check.cause is TerrorCause.AMULET
    assert state.gear[-1].count == 2


@pytest.mark.rule("son-elder-sign")
def test_elder_signs_are_played_on_a_shot_at_a_manifestation_when_a_4_would_miss() -> None:
    state = son_game(OPEN, [replace(piece("a1", (1, 2)), group="tiles[0]"), piece("b1", (4, 2), "b", DREAD)])
    state.gear.append(GearPool("a", "son-elder-sign", 3, "tiles[0]", ("characters",)))
    players = {"a": SimplePolicy(), "b": SimplePolicy()}
    # Defense 4: a 4 + combat 2 = 6 hits already: no sign spent on an easy shot.
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION, players)
    turn.perform("a1", Fire(((None, "b1"),)))
    assert state.gear[-1].count == 3
    # Three Suppressed markers: 4 + 2 - 6 = 0 misses by 4: two signs, +4 (SoN p.14).
    state.pieces["a1"] = replace(state.pieces["a1"], suppressed=3)
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION, players)
    turn.perform("a1", Fire(((None, "b1"),)))
    roll = next(e for e in turn.events if e.kind == "fire").rolls[0]
    assert any(m.label == "Elder Sign x2" and m.value == 4 for m in roll.modifiers) and state.gear[-1].count == 1
