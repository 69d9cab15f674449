"""Action cards in play (HoN core p.16-17): the hand the scenario gives, the draw at the end
of the Supply Phase, an Alternate Bonus in a roll's total, Battle Events applied, the
initiative player's card first, the same seed the same game, the narration; and the decks'
honesty: every card has a source, and what the books do not print says so."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.heroes.ai.greedy import SimplePolicy, for_every_side
from builder.heroes.army.resolve import resolve
from builder.heroes.catalogue.cards import ActionCard, CardEffectKind, CardTiming
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.action_cards import played as cards_played
from builder.heroes.rules.action_cards.deck import CardPlay, deal, decks_for, how_played, refill
from builder.heroes.rules.actions.kinds import AssaultAction, Fire, Move
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import (
    AssaultEvent,
    CardEvent,
    CardUse,
    DrawEvent,
    FireEvent,
    OrdersEvent,
    Phase,
)
from builder.heroes.rules.geometry import path as route
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.reach import assault_path, reachable, reachable_squares
from builder.heroes.rules.orders.tokens import Orders
from builder.heroes.rules.pieces import NORTH
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.heroes.rules.resolution.combat import Aim, FireOutcome, Shot
from builder.heroes.rules.simulation import GameRecord, simulate, start
from builder.heroes.rules.state import Deck, GameState
from builder.heroes.rules.turn import activation_phase, order_phase, supply_phase
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.battlefield import assemble
from builder.io.army_files import load_army
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.kernel.dice import LoadedDice, SeededDice
from builder.kernel.events import Roll
from builder.render.narration import event_line, style_of
from tests.fixtures.rules.boards import field, piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry
from tests.heroes.rules import piece as counter

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
ARMIES = SCENARIOS.parent / "data" / "armies"
OPEN = "\n".join(["........"] * 3)
WALLED = "\n".join(["....#..."] * 3)  # no line of sight across: nobody fires
HILL = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [4, 1]}]
STORMERS = unit("stormers", abilities=[{"id": "assault", "value": 2}])
POLICY = SimplePolicy()
BOTH = {"a": POLICY, "b": POLICY}


def card(card_id: str, **fields: Any) -> ActionCard:
    return ActionCard.model_validate(
        {
            "id": card_id,
            "name": card_id.replace("-", " ").title(),
            "faction": "common",
            "text": "…",
            "source": "example",
        }
        | fields
    )


FIRE_BONUS = card("steady-aim", alternate_bonus={"kind": "fire", "value": 1})
ANY_BONUS = card("lucky", alternate_bonus={"kind": "any-roll", "value": 1})
ASSAULT_BONUS = card("cold-steel", alternate_bonus={"kind": "assault", "value": 1})
SECOND_CHANCE = card("second-chance", timing="after-roll", effect={"kind": "reroll"})
RALLY = card("rally", timing="activation", effect={"kind": "remove-suppressed"})
HIGH_COMMAND = card("high-command", timing="order-start", effect={"kind": "special-order"})
FURY = card("fury", timing="activation", effect={"kind": "grant-assault", "value": 2})
GO = card("go-go-go", timing="after-action", effect={"kind": "forced-move", "value": 2})
DUD = card("dud")  # no Battle Event the rules core plays, no Alternate Bonus


def holding(
    state: GameState, side: str, *cards: ActionCard, size: int = 4, pile: list[ActionCard] | None = None
) -> Deck:
    deck = state.decks[side] = Deck(size, list(pile or []), list(cards))
    return deck


@cache
def bundled() -> Catalogue:
    return load_catalogue()[0]


def first_contact(**setup: Any) -> tuple[GameState, list[Any]]:
    """First Contact set up with the bundled decks, its set-up changed by `setup`."""
    loaded = load_scenario(SCENARIOS / "hon-first-contact.yaml")
    scenario = loaded.scenario
    if setup:
        scenario = scenario.model_copy(update={"setup": scenario.setup.model_copy(update=setup)})
    battlefield, _ = assemble(scenario.map, bundled())
    armies = {side: resolve(army, bundled()) for side, army in loaded.armies().items()}
    return start(scenario, battlefield, armies, SeededDice(5), decks=decks_for(scenario, bundled()))


def play(seed: int, turns: int | None = None) -> GameRecord:
    loaded = load_scenario(SCENARIOS / "hon-first-contact.yaml")
    battlefield, _ = assemble(loaded.scenario.map, bundled())
    return simulate(
        loaded.scenario,
        battlefield,
        loaded.armies(),
        bundled(),
        seed=seed,
        turns=turns,
        policies=for_every_side(loaded.scenario, seed),
    )


# --- The hand and the draw ----------------------------------------------------------------


@pytest.mark.rule("action-cards")
def test_the_opening_hand_is_the_size_the_scenario_gives() -> None:
    state, opening = first_contact()
    assert {side: len(deck.hand) for side, deck in state.decks.items()} == {"us": 4, "german": 4}
    state, opening = first_contact(action_cards={"us": 2, "german": 5})
    assert len(state.decks["us"].hand) == 2 and len(state.decks["german"].hand) == 5
    draws = [e for e in opening if isinstance(e, DrawEvent)]
    assert [(e.side, len(e.drawn), e.phase) for e in draws] == [("us", 2, Phase.SETUP), ("german", 5, Phase.SETUP)]
    assert all(e.page == "HoN core p.17" for e in draws)
    # The whole deck is there, shuffled: the US deck's 17 cards between pile and hand.
    deck = state.decks["us"]
    assert sorted(c.id for c in deck.pile + deck.hand) == sorted(c.id for c in decks_for_us())


def decks_for_us() -> tuple[ActionCard, ...]:
    loaded = load_scenario(SCENARIOS / "hon-first-contact.yaml")
    return decks_for(loaded.scenario, bundled())["us"]


def test_a_side_the_scenario_gives_no_hand_has_no_deck() -> None:
    state, opening = first_contact(action_cards={"us": 3})
    assert set(state.decks) == {"us"} and not [e for e in opening if isinstance(e, DrawEvent) and e.side == "german"]


def test_a_side_whose_faction_has_no_deck_is_told_so() -> None:
    state = game(OPEN, [])
    state = GameState(
        state.scenario.model_copy(
            update={"setup": state.scenario.setup.model_copy(update={"action_cards": {"a": 4, "b": 4}})}
        ),
        state.battlefield,
        state.ruleset,
        state.sides,
        "a",
        {},
    )
    events = deal(state, {"a": (FIRE_BONUS,) * 6}, SeededDice(1))
    assert len(state.decks["a"].hand) == 4 and "b" not in state.decks
    assert (events[1].side, events[1].deck, events[1].drawn) == ("b", 0, ())


@pytest.mark.rule("action-cards")
def test_cards_are_drawn_at_the_end_of_the_supply_phase_only() -> None:
    state = game(WALLED, [piece("a1", (0, 1)), piece("b1", (7, 1), "b")])
    deck = holding(state, "a", DUD, FIRE_BONUS, size=4, pile=[ANY_BONUS, ASSAULT_BONUS, RALLY])
    orders = order_phase(state, BOTH, LoadedDice([]), [])
    activation = activation_phase(state, orders, BOTH, LoadedDice([]))
    assert len(deck.hand) == 2 and not [f for f in activation if isinstance(f.event, DrawEvent)]
    frames = supply_phase(state, orders, BOTH, LoadedDice([]))
    drawn = frames[-1].event  # step 7, after everything else of the phase (HoN core p.16)
    assert isinstance(drawn, DrawEvent) and drawn.phase is Phase.SUPPLY and drawn.side == "a"
    # The card it can never play is discarded first, then the hand drawn back up to 4.
    assert drawn.discarded == ("dud",) and drawn.drawn == ("lucky", "cold-steel", "rally") and drawn.hand == 4
    assert [c.id for c in deck.hand] == ["steady-aim", "lucky", "cold-steel", "rally"] and deck.discards == [DUD]
    assert drawn.page == "HoN core p.16" and not drawn.reshuffled


def test_a_full_hand_draws_nothing_and_an_empty_pile_takes_the_discards_back() -> None:
    state = game(OPEN, [])
    deck = holding(state, "a", FIRE_BONUS, ANY_BONUS, size=2, pile=[RALLY])
    assert refill(state, "a", (), SeededDice(1)) is None
    deck.discard("steady-aim")
    deck.discard("lucky")
    drawn = refill(state, "a", (), SeededDice(1))
    assert drawn is not None and drawn.drawn[0] == "rally" and len(deck.hand) == 2
    assert drawn.reshuffled


# --- Alternate Bonuses --------------------------------------------------------------------


def shooting(defense: int, *cards: ActionCard, faces: list[int]) -> tuple[Turn, Deck]:
    firer, target = piece("a1", (2, 1)), counter(infantry(defense=defense), (3, 1), "b1", owner="b")
    state = game(OPEN, [firer, target])
    deck = holding(state, "a", *cards)
    return Turn(state, LoadedDice(faces), Phase.ACTIVATION, BOTH), deck


@pytest.mark.rule("action-cards")
def test_an_alternate_bonus_is_in_the_rolls_total() -> None:
    # Combat 2 against a defense of 7: a 5 or better, 1 in 3; with +1 a 4 or better, 1 in 2.
    turn, deck = shooting(7, FIRE_BONUS, faces=[4])
    turn.perform("a1", Fire(((None, "b1"),)))
    played, shot = turn.events[:2]
    assert isinstance(played, CardEvent) and played.use is CardUse.ALTERNATE_BONUS and played.card == "steady-aim"
    assert played.page == "HoN core p.17" and played.source == "example" and played.unit == "a1"
    assert isinstance(shot, FireEvent) and shot.outcome is FireOutcome.HIT
    (roll,) = shot.rolls
    assert roll.total == 4 + 2 + 1 == 7 and ("Steady Aim (alternate bonus)", 1, "HoN core p.17") in [
        (m.label, m.value, m.page) for m in roll.modifiers
    ]
    assert deck.hand == [] and deck.discards == [FIRE_BONUS]
    # Without the card the same die misses.
    turn, _ = shooting(7, faces=[4])
    turn.perform("a1", Fire(((None, "b1"),)))
    shot = turn.events[0]
    (roll,) = shot.rolls
    assert isinstance(shot, FireEvent) and roll.total == 6 and shot.outcome is FireOutcome.MISS


def test_no_bonus_on_a_likely_hit_nor_two_types_on_one_action() -> None:
    turn, deck = shooting(4, FIRE_BONUS, faces=[4])  # a 2 or better already hits
    turn.perform("a1", Fire(((None, "b1"),)))
    assert [e.kind for e in turn.events] == ["fire"] and deck.hand == [FIRE_BONUS]
    # Against a defense of 8 it takes two cards, of one type only (HoN core p.17).
    turn, deck = shooting(
        8, FIRE_BONUS, ANY_BONUS, card("steady-aim-2", alternate_bonus={"kind": "fire", "value": 1}), faces=[4]
    )
    turn.perform("a1", Fire(((None, "b1"),)))
    assert [e.card for e in turn.events if isinstance(e, CardEvent)] == ["steady-aim", "steady-aim-2"]
    assert deck.hand == [ANY_BONUS]


# --- Battle Events ------------------------------------------------------------------------


def test_a_battle_event_takes_a_suppressed_marker_off_as_the_unit_is_activated() -> None:
    state = game(WALLED, [piece("a1", (0, 1), suppressed=2), piece("b1", (7, 1), "b")])
    deck = holding(state, "a", RALLY)
    orders = {"a": Orders("a", numbered=("a1",)), "b": Orders("b")}
    frames = activation_phase(state, orders, BOTH, LoadedDice([]))
    kinds = [f.event.kind for f in frames]
    assert kinds[:2] == ["reveal", "card"] and kinds[2] in ("move", "hold")  # played before the unit acts
    played = frames[1].event
    assert isinstance(played, CardEvent) and played.use is CardUse.BATTLE_EVENT and played.unit == "a1"
    assert state.pieces["a1"].suppressed == 1 and deck.discards == [RALLY]


@pytest.mark.rule("action-cards")
def test_high_command_gives_a_special_order_token_at_the_start_of_the_order_phase() -> None:
    state = game(OPEN, [piece("a1", (0, 0)), piece("a2", (0, 1)), piece("a3", (0, 2)), piece("b1", (7, 1), "b")])
    holding(state, "a", HIGH_COMMAND)
    frames: list[Any] = []
    order_phase(state, BOTH, LoadedDice([]), frames)
    kinds = [f.event.kind for f in frames]
    assert kinds == ["turn", "card", "orders", "orders"]
    (placed,) = [f.event for f in frames if isinstance(f.event, OrdersEvent) and f.event.side == "a"]
    assert len(placed.numbered) == 2 and len(placed.special) == 1  # all three units have a token
    assert state.special_orders == {"a": 1}


@pytest.mark.rule("action-cards")
def test_a_second_chance_rolls_a_missed_shot_again() -> None:
    turn, _ = shooting(4, SECOND_CHANCE, faces=[1, 6])
    turn.perform("a1", Fire(((None, "b1"),)))
    played, shot = turn.events[:2]
    assert isinstance(played, CardEvent) and played.card == "second-chance"
    assert [r.total for r in played.rolls] == [3]  # the roll it threw away
    assert isinstance(shot, FireEvent) and shot.rolls[0].total == 8 and shot.outcome is FireOutcome.DOUBLE_HIT


def test_the_fury_lets_a_unit_without_assault_assault() -> None:
    state = game(OPEN, [piece("a1", (2, 1)), piece("b1", (3, 1), "b")])
    holding(state, "a", FURY)
    turn = Turn(state, LoadedDice([6, 6, 1]), Phase.ACTIVATION, BOTH)
    cards_played.play_battle_events(turn, "a", (CardPlay("fury", "a1"),), CardTiming.ACTIVATION)
    assert state.granted_assault == {"a": 2}
    path = assault_path(state.battlefield, state.pieces.values(), state.pieces["a1"], state.pieces["b1"], state.ruleset)
    assert path is not None
    turn.perform("a1", AssaultAction(path, "b1"))
    (assault,) = [e for e in turn.events if isinstance(e, AssaultEvent)]
    assert ("Assault +2", 2) in [(m.label, m.value) for m in assault.rolls[0].modifiers]


@pytest.mark.rule("forced-move")
def test_a_forced_move_card_brings_a_pinned_unit_onto_the_objective() -> None:
    # Two Suppressed markers: a Movement Value of 4 less 4, it cannot move by itself.
    state = game(OPEN, [piece("a1", (2, 1), suppressed=2), piece("b1", (7, 1), "b")], objectives=HILL)
    holding(state, "a", GO)
    plays = POLICY.action_cards(state, state.pieces["a1"], CardTiming.AFTER_ACTION)
    assert [p.card for p in plays] == ["go-go-go"]
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    cards_played.play_battle_events(turn, "a", plays, CardTiming.AFTER_ACTION)
    assert state.pieces["a1"].square == (4, 1) and state.control["hill"] == "a"
    assert [e.kind for e in turn.events] == ["card", "move", "control"]


@pytest.mark.rule("forced-move")
def test_a_forced_move_card_moves_no_unit_on_board_a_vehicle() -> None:
    # HoN core p.27: a unit on board a vehicle gets off by its own Movement Action; a card's
    # Forced Move (Go Go Go!, Fall Back) moves units standing on the battlefield. Found by a
    # 10,000-game balance run: a Forced Move of a rider set off a Mine marker under it.
    halftrack = piece(
        "ht", (2, 1), kind=unit("halftrack", UnitType.LIGHT_VEHICLE, movement=6, abilities=[{"transport": 4}])
    )
    rider = replace(piece("a1", (2, 1), suppressed=2).moved(halftrack.squares), embarked_in="ht")
    state = game(OPEN, [halftrack, rider, piece("b1", (7, 1), "b")], objectives=HILL)
    holding(state, "a", GO)
    assert POLICY.action_cards(state, state.pieces["a1"], CardTiming.AFTER_ACTION) == ()
    path = reachable(state.battlefield, state.pieces.values(), state.pieces["a1"], state.ruleset, points=2)
    onto = next(p for p in path.values() if p.destination.squares == ((4, 1),))
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    with pytest.raises(RulesError) as caught:
        cards_played.play_battle_events(turn, "a", (CardPlay("go-go-go", "a1", onto),), CardTiming.AFTER_ACTION)
    assert caught.value.code is Code.MAY_NOT_PLAY
    assert state.pieces["a1"].embarked_in == "ht" and state.pieces["a1"].squares == ((2, 1),)


@pytest.mark.rule("forced-move")
def test_a_forced_move_card_takes_no_path_its_move_does_not_reach() -> None:
    # HoN core p.17: Go Go Go! moves the unit 2 squares. A path that ends 3 squares away, or
    # that claims less than the squares it crosses, is no play the rules offer; the path the
    # rules find is (the card's options accept "any path", so the path itself is checked).
    state = game(OPEN, [piece("a1", (2, 1)), piece("b1", (7, 1), "b")], objectives=HILL)
    holding(state, "a", GO)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    start = Position(((2, 1),), NORTH)
    teleport = route.Path((start, Position(((5, 1),), NORTH)), 2)
    understated = route.Path((start, Position(((4, 1),), NORTH)), 1)
    for path in (teleport, understated):
        refusal = cards_played.battle_event_refusal(
            turn, "a", CardPlay("go-go-go", "a1", path), CardTiming.AFTER_ACTION
        )
        assert refusal is not None and refusal.code is Code.NOT_IN_REACH
    paths = reachable(state.battlefield, state.pieces.values(), state.pieces["a1"], state.ruleset, points=2)
    onto = next(p for p in paths.values() if p.destination.squares == ((4, 1),))
    play = CardPlay("go-go-go", "a1", onto)
    assert play in cards_played.battle_event_plays(turn, "a", CardTiming.AFTER_ACTION)
    cards_played.play_battle_events(turn, "a", (play,), CardTiming.AFTER_ACTION)
    assert state.pieces["a1"].squares == ((4, 1),)


HOUSE = """
.......
.BB....
.BB....
.......
"""


@pytest.mark.rule("action-cards")
def test_a_surprise_card_takes_a_unit_in_through_a_window() -> None:
    """HoN core p.17, Surprise: "You need two Surprise cards to enter and exit a building
    through the windows with the same Movement Action" - one card, one window (hon's reading)."""
    state = game(HOUSE, [piece("a1", (5, 1))], objectives=[HILL[0] | {"at": [2, 1]}])
    state.battlefield = field(HOUSE, doors=[((1, 2), (1, 3))], windows=[((2, 1), (3, 1))])
    surprise = bundled().action_cards["surprise"]
    deck = holding(state, "a", surprise)
    mover = state.pieces["a1"]
    # Round by the door the objective is 5 squares away, beyond a Movement Value of 4.
    assert (2, 1) not in reachable_squares(state.battlefield, state.pieces.values(), mover, state.ruleset)
    through = reachable_squares(state.battlefield, state.pieces.values(), mover, state.ruleset, windows=True)
    assert through[(2, 1)].cost == 3
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    with pytest.raises(RulesError) as caught:
        turn.perform("a1", Move(through[(2, 1)]))  # no card, no window
    assert caught.value.code is Code.MAY_NOT_PLAY
    action = POLICY.activate(state, mover)
    assert isinstance(action, Move) and action.windows == ("surprise",)
    turn.perform("a1", action)
    assert state.pieces["a1"].square == (2, 1) and not deck.hand
    played = [(e.card, e.use) for e in turn.events if isinstance(e, CardEvent)]
    assert played == [("surprise", CardUse.BATTLE_EVENT)]


def test_an_effect_comes_with_the_time_the_rules_core_plays_it() -> None:
    with pytest.raises(ValueError, match="forced-move effect with timing after-action, not activation"):
        card("hurry", timing="activation", effect={"kind": "forced-move", "value": 2})
    with pytest.raises(ValueError, match="not none"):
        card("hurry", effect={"kind": "reroll"})


def test_a_card_not_in_hand_or_out_of_its_time_is_refused() -> None:
    state = game(OPEN, [piece("a1", (2, 1), suppressed=1)])
    holding(state, "a", RALLY)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    with pytest.raises(RulesError) as caught:
        cards_played.play_battle_events(turn, "a", (CardPlay("fury", "a1"),), CardTiming.ACTIVATION)
    assert caught.value.code is Code.MAY_NOT_PLAY
    with pytest.raises(RulesError) as caught:
        cards_played.play_battle_events(turn, "a", (CardPlay("rally", "a1"),), CardTiming.AFTER_ACTION)
    assert caught.value.code is Code.MAY_NOT_PLAY
    path = next(iter(reachable(state.battlefield, state.pieces.values(), state.pieces["a1"], state.ruleset).values()))
    with pytest.raises(RulesError) as caught:
        cards_played.play_battle_events(turn, "a", (CardPlay("go-go-go", "a1", path),), CardTiming.AFTER_ACTION)
    assert caught.value.code is Code.MAY_NOT_PLAY


# --- Both sides at once -------------------------------------------------------------------


class Eager(SimplePolicy):
    """Plays every Alternate Bonus it holds on every roll."""

    def fire_bonus(self, state: GameState, side: str, shot: Shot) -> tuple[str, ...]:
        return tuple(c.id for c in state.decks[side].hand if c.alternate_bonus is not None)

    def assault_bonus(self, state: GameState, side: str, assault: Assault, attacking: bool) -> tuple[str, ...]:
        return tuple(c.id for c in state.decks[side].hand if c.alternate_bonus is not None)

    def second_chance(self, state: GameState, side: str, plan: Aim, roll: Roll, outcome: FireOutcome) -> str | None:
        return None


@pytest.mark.rule("action-cards")
@pytest.mark.parametrize("initiative", ["a", "b"])
def test_the_initiative_players_card_resolves_first(initiative: str) -> None:
    attacker = piece("b1", (3, 1), "b", STORMERS)
    state = game(OPEN, [piece("a1", (2, 1)), attacker])
    state.initiative = initiative
    holding(state, "a", ASSAULT_BONUS)
    holding(state, "b", ANY_BONUS)
    turn = Turn(state, LoadedDice([3, 3, 3]), Phase.ACTIVATION, {"a": Eager(), "b": Eager()})
    path = assault_path(state.battlefield, state.pieces.values(), attacker, state.pieces["a1"], state.ruleset)
    assert path is not None
    turn.perform("b1", AssaultAction(path, "a1"))
    played = [e.side for e in turn.events if isinstance(e, CardEvent)]
    assert played == ([initiative, "b" if initiative == "a" else "a"])
    (assault,) = [e for e in turn.events if isinstance(e, AssaultEvent)]
    attack, defence = assault.rolls[:2]
    # Each card on its own side's roll: 3 + 2 + Assault 2 + 1 against 3 + 2 + 1.
    assert attack.total == 8 and defence.total == 6


# --- Whole games --------------------------------------------------------------------------


def test_the_same_seed_plays_the_same_cards() -> None:
    first, second = play(3), play(3)
    assert [e.to_json() for e in first.events] == [e.to_json() for e in second.events]
    played = [e for e in first.events if isinstance(e, CardEvent)]
    assert played and all(e.page == "HoN core p.17" and e.source for e in played)
    assert {e.use for e in played} == {CardUse.BATTLE_EVENT, CardUse.ALTERNATE_BONUS}
    other = [e.to_json() for e in play(4, turns=1).events if isinstance(e, DrawEvent)]
    assert other != [e.to_json() for e in play(3, turns=1).events if isinstance(e, DrawEvent)]


def test_the_narration_shows_a_card_with_its_page(capsys: pytest.CaptureFixture[str]) -> None:
    event = CardEvent(
        turn=2,
        phase=Phase.ACTIVATION,
        side="us",
        card="second-chance",
        use=CardUse.BATTLE_EVENT,
        unit="us/a/1",
        page="HoN core p.17",
        source="HoN core p.17",
    )
    line = event_line(event, "us plays Second Chance (HoN core p.17): Squad rolls its firing action again.")
    assert line.plain.startswith("T2 [us] us plays Second Chance (HoN core p.17)") and style_of(event) == "yellow"
    code = main(["simulate", str(SCENARIOS / "hon-first-contact.yaml"), "--seed", "3", "--turns", "1"])
    shown = capsys.readouterr().out
    assert code == 0 and "us plays High Command (HoN core p.17)" in shown
    assert "draws a hand of 4 (HoN core p.17)" in shown


# --- Honest data --------------------------------------------------------------------------

# HoN core p.17: Mine "can be used during the Supply Phase"; Dynamic "when you are about to
# remove a Destroyed unit"; Desertion "only when the unit receives an additional" Suppressed marker.
PRINTED_TIMINGS = {"mine", "dynamic", "desertion"}


def test_every_card_has_a_source_and_what_is_not_printed_says_so() -> None:
    cards = list(bundled().action_cards.values())
    assert cards
    for found in cards:
        assert found.source is not None, found.id
        if found.is_example:
            assert "example" in found.name.lower(), f"{found.id}: an invented card says so in its name"
        else:
            assert "count" in found.unprinted, f"{found.id}: the books print no deck counts"
        if found.effect is None:
            assert found.notes, f"{found.id}: a card the rules core does not play says why"
        if found.timing is not None and not found.is_example and found.id not in PRINTED_TIMINGS:
            assert "timing" in found.unprinted, f"{found.id}: the books do not say when it is played"
        assert how_played(found).endswith(".")


def test_each_heroes_of_normandie_faction_has_a_deck() -> None:
    catalogue = bundled()
    hon = [f.id for f in catalogue.factions.values() if f.game and f.game.value == "hon"]
    assert sorted(hon) == ["commonwealth", "german", "us"]
    for faction in hon:
        deck = catalogue.deck_of(faction)
        assert deck and any(c.effect is not None for c in deck), faction
    assert {c.id for c in catalogue.deck_of("german")} >= {"schnell", "fury-of-the-fuhrer"}
    assert "schnell" not in {c.id for c in catalogue.deck_of("us")}
    played = {c.effect.kind for c in catalogue.action_cards.values() if c.effect is not None}
    assert played == set(CardEffectKind)


class _FirstOfTies(SimplePolicy):
    """The simple policy taking the first of options alike in their own order: asked the same
    twice, it answers the same."""

    def tie(self, count: int) -> int:
        return 0


class _CheckedBursts(_FirstOfTies):
    """The simple policy, checking that each Burst Into Action it plays carries the Firing
    Action it would choose once the card is played (what `burst_fire` works out afresh)."""

    checked: int = 0

    def action_cards(self, state: GameState, piece: Any, moment: CardTiming) -> tuple[CardPlay, ...]:
        plays = super().action_cards(state, piece, moment)
        for play in plays:
            if play.fire is not None:
                assert play.fire == self.burst_fire(state, state.pieces[play.unit or ""])
                _CheckedBursts.checked += 1
        return plays


def test_a_burst_into_action_fires_what_the_side_would_choose_once_it_is_played() -> None:
    loaded = load_scenario(SCENARIOS / "free-battle.yaml")
    battlefield, _ = assemble(loaded.scenario.map, bundled())
    policy = _CheckedBursts()
    armies = {
        side: load_army(ARMIES / name).army
        for side, name in (("allies", "us-16th-infantry-550.yaml"), ("axis", "german-ss-550.yaml"))
    }
    for seed in (1000, 1001, 1002):
        chosen = simulate(
            loaded.scenario, battlefield, armies, bundled(), seed=seed, policies=dict.fromkeys(armies, policy)
        )
        plain = simulate(
            loaded.scenario, battlefield, armies, bundled(), seed=seed, policies=dict.fromkeys(armies, _FirstOfTies())
        )
        assert [e.to_json() for e in chosen.events] == [e.to_json() for e in plain.events]
    assert _CheckedBursts.checked > 0  # the games played the card
