"""What each side may know, and games sampled from it for search (DESIGN.md 7;
builder.heroes.rules.views, builder.heroes.rules.sampling): a view hides the other side's hand
(HoN core p.17) and the numbers under its tokens (p.8), and shows the side its own; a game
sampled from a view agrees with all the view shows, draws the rest anew, plays on to the
end, and leaves the real game as it was."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from builder.heroes.ai.greedy import for_every_side
from builder.heroes.ai.uniform import for_every_side as random_players
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.decisions import ActivationAction, Discards, OrderTokens
from builder.heroes.rules.orders.tokens import Orders
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.simulation import RULES, HeroesGame, Stage, new_game
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import LoadedScenario, load_scenario
from builder.kernel.decisions import Decision, Player
from builder.kernel.match import Course, Match, Table, Unsampled, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
# Every shipped Heroes scenario that names its armies (Free Battle names none).
SHIPPED = sorted(
    path.stem
    for path in SCENARIOS.glob("*.yaml")
    if path.stem != "free-battle" and "format: hon-scenario" in path.read_text(encoding="utf-8")
)

HeroesMatch = Match[HeroesGame, HeroesView]


@cache
def bundled() -> Catalogue:
    return load_catalogue()[0]


@cache
def loaded(name: str) -> tuple[LoadedScenario, Battlefield]:
    scenario = load_scenario(SCENARIOS / f"{name}.yaml")
    return scenario, assemble(scenario.scenario.map, bundled())[0]


def game(name: str = "hon-first-contact", seed: int = 2, turns: int | None = 2) -> HeroesGame:
    scenario, battlefield = loaded(name)
    return new_game(scenario.scenario, battlefield, scenario.armies(), bundled(), seed=seed, turns=turns)


def greedy(name: str = "hon-first-contact", seed: int = 2) -> Mapping[str, Player[HeroesView, Any]]:
    return for_every_side(loaded(name)[0].scenario, seed)


def advance(
    match: HeroesMatch, players: Mapping[str, Player[HeroesView, Any]], until: Callable[[HeroesMatch], bool]
) -> HeroesMatch:
    """Answer with the players until `until` holds at the pending decision."""
    while not until(match):
        decision = match.pending
        assert decision is not None, "the game ended first"
        match.apply(players[decision.side].choose(match.view(decision.side), decision))
    return match


def other(side: str, match: HeroesMatch) -> str:
    return next(s for s in match.state.state.sides if s != side)


def ids(cards: Any) -> list[str]:
    return sorted(card.id for card in cards)


def activation_with_enemy_tokens(seed: int = 2) -> HeroesMatch:
    """A match at an activation whose side faces at least two enemy numbered tokens still face down."""

    def there(match: HeroesMatch) -> bool:
        decision = match.pending
        if not isinstance(decision, ActivationAction) or match.state.stage is not Stage.ACTIVATING:
            return False
        enemy = match.state.orders[other(decision.side, match)]
        return len(set(enemy.numbered) & match.state.state.unrevealed.keys()) >= 2

    return advance(Match(RULES, game(seed=seed)), greedy(seed=seed), there)


def public(view: HeroesView) -> tuple[object, ...]:
    """What every side sees, and what the side knows of its own."""
    state = view.state
    return (
        state.turn,
        dict(state.pieces),
        set(state.reserve),
        set(state.destroyed),
        dict(state.victory_points),
        dict(view.hands),
        dict(view.piles),
        {side: ids(cards) for side, cards in view.discards.items()},
        dict(view.face_down),
        view.orders,
        [card.id for card in state.decks[view.side].hand],
    )


# --- The view -------------------------------------------------------------------------------


@pytest.mark.rule("action-cards")
def test_a_view_shows_the_other_sides_hand_as_a_count_and_its_own_in_full() -> None:
    match = activation_with_enemy_tokens()
    decision = match.pending
    assert decision is not None
    side, enemy = decision.side, other(decision.side, match)
    real = match.state.state
    view = match.view(side)
    assert enemy not in view.state.decks  # no record of the enemy's cards at all
    assert view.hands[enemy] == len(real.decks[enemy].hand) == 4
    assert view.piles[enemy] == len(real.decks[enemy].pile)
    own = view.state.decks[side]
    assert [card.id for card in own.hand] == [card.id for card in real.decks[side].hand]
    # Its own pile: the cards it knows are there, in no order that tells the next draw.
    assert [card.id for card in own.pile] == ids(real.decks[side].pile)
    assert {s: ids(cards) for s, cards in view.discards.items()} == {s: ids(d.discards) for s, d in real.decks.items()}


@pytest.mark.rule("order-tokens", "bluff-tokens")
def test_a_view_shows_which_units_hold_enemy_tokens_never_their_numbers() -> None:
    match = activation_with_enemy_tokens()
    decision = match.pending
    assert decision is not None
    side, enemy = decision.side, other(decision.side, match)
    real, placed = match.state.state, match.state.orders
    view = match.view(side)
    hidden = set(placed[enemy].numbered) & real.unrevealed.keys()
    assert len(hidden) >= 2
    assert hidden <= view.face_down[enemy]
    assert set(placed[enemy].bluffs) <= view.face_down[enemy]
    assert not hidden & view.state.unrevealed.keys()  # the numbers are the enemy's alone
    assert not set(placed[enemy].numbered) & view.state.ordered  # nor which tokens are real
    assert view.orders == placed[side]  # its own, numbers and all
    own = set(placed[side].numbered) & real.unrevealed.keys()
    assert {key: real.unrevealed[key] for key in own} == view.state.unrevealed


@pytest.mark.rule("order-phase", "bluff-tokens")
def test_in_the_order_phase_the_second_side_sees_where_the_first_put_its_tokens() -> None:
    def second_to_place(match: HeroesMatch) -> bool:
        decision = match.pending
        return isinstance(decision, OrderTokens) and decision.side != match.state.state.initiative

    match = advance(Match(RULES, game()), greedy(), second_to_place)
    decision = match.pending
    assert decision is not None
    first = match.state.state.initiative
    view = match.view(decision.side)
    placed = next(a.choice for a in match.view(first)._course.answers if isinstance(a.choice, Orders))
    assert view.face_down[first] == {*placed.numbered, *placed.special, *placed.bluffs}
    assert len(view.face_down[first]) >= 2
    assert view.orders is None  # it has placed nothing yet
    assert not set(placed.numbered) & view.state.unrevealed.keys()


# --- Sampling -------------------------------------------------------------------------------


def test_a_sample_agrees_with_the_view_on_all_it_shows() -> None:
    match, players, asked = Match(RULES, game(seed=3)), greedy(seed=3), 0
    kinds: set[str] = set()
    while match.pending is not None:
        decision = match.pending
        view = match.view(decision.side)
        if asked % 4 == 0:
            sampled = RULES.sample(view, random.Random(asked))
            pending = sampled.pending
            assert pending is not None and (pending.side, pending.kind) == (decision.side, decision.kind)
            assert public(sampled.view(decision.side)) == public(view)
            kinds.add(decision.kind)
        match.apply(players[decision.side].choose(view, decision))
        asked += 1
    assert {"order-tokens", "action", "battle-event", "discards"} <= kinds


def test_samples_draw_anew_what_the_view_hides() -> None:
    match = activation_with_enemy_tokens()
    decision = match.pending
    assert decision is not None
    side, enemy = decision.side, other(decision.side, match)
    real = match.state.state
    view = match.view(side)
    hands, numbers, piles = set(), set(), set()
    for seed in range(8):
        match_sampled = RULES.sample(view, random.Random(seed))
        sampled = match_sampled.state
        deck = sampled.state.decks[enemy]
        hands.add(tuple(ids(deck.hand)))
        piles.add(tuple(card.id for card in sampled.state.decks[side].pile))
        numbers.add(tuple(sorted(sampled.state.unrevealed.items())))
        # The same cards, the same units under tokens, dealt and placed anew.
        held = real.decks[enemy]
        assert Counter(ids([*deck.hand, *deck.pile])) == Counter(ids([*held.hand, *held.pile]))
        assert match_sampled.view(side).face_down == view.face_down
        assert set(sampled.state.unrevealed) <= view.face_down[enemy] | view.face_down[side]
        # Its dice are its own: the real rolls to come are not in it.
        assert sampled.dice.ahead(20) != match.state.dice.ahead(20)
    assert len(hands) > 1 and len(numbers) > 1 and len(piles) > 1
    again = RULES.sample(view, random.Random(5)).state
    once = RULES.sample(view, random.Random(5)).state
    assert ids(again.state.decks[enemy].hand) == ids(once.state.decks[enemy].hand)
    assert again.state.unrevealed == once.state.unrevealed and again.dice.ahead(9) == once.dice.ahead(9)


def between_steps(stage: Stage, revealed: int = 0) -> HeroesGame:
    """A game played by the greedy players up to the start of a step of `stage`, `revealed`
    tokens into its Activation Phase."""
    played, players = game(), greedy()
    while played.stage is not stage or (stage is Stage.ACTIVATING and revealed > 0):
        if played.stage is Stage.ACTIVATING:
            revealed -= 1
        RULES.step(played, Table(lambda side, course: RULES.view(played, side, course), players))
    return played


def scrambled(real: HeroesGame, enemy: str, side: str) -> HeroesGame:
    """`real` but for what `side` may not know: the enemy's hand and pile dealt otherwise,
    two of its numbered tokens still face down swapped, `side`'s own pile reversed."""
    twin = RULES.copy(real)
    deck = twin.state.decks[enemy]
    deck.hand, deck.pile = deck.pile[: len(deck.hand)], [*deck.hand, *deck.pile[len(deck.hand) :]]
    twin.state.decks[side].pile.reverse()
    first, second = [key for key in twin.orders[enemy].numbered if key in twin.state.unrevealed][:2]
    swap = {first: second, second: first}
    placed = twin.orders[enemy]
    twin.orders[enemy] = Orders(enemy, tuple(swap.get(k, k) for k in placed.numbered), placed.special, placed.bluffs)
    twin.state.unrevealed = {swap.get(k, k): n for k, n in twin.state.unrevealed.items()}
    twin.activations.sequence = [
        r if r.side != enemy else type(r)(r.side, r.token, swap.get(r.key, r.key)) for r in twin.activations.sequence
    ]
    return twin


def test_a_sample_depends_on_nothing_the_view_hides() -> None:
    """Two games alike but for what one side cannot know (the enemy's hand and pile, two of
    its numbered tokens swapped, its own pile's order) give that side the same samples."""
    one = between_steps(Stage.ACTIVATING, revealed=1)
    side = one.state.initiative
    enemy = next(s for s in one.state.sides if s != side)
    two = scrambled(one, enemy, side)
    assert ids(two.state.decks[enemy].hand) != ids(one.state.decks[enemy].hand)
    samples = []
    for real in (one, two):
        view = RULES.view(real, side, Course(real))
        sampled = RULES.sample(view, random.Random(11)).state
        samples.append(
            (
                [c.id for c in sampled.state.decks[enemy].hand],
                [c.id for c in sampled.state.decks[enemy].pile],
                [c.id for c in sampled.state.decks[side].pile],
                sampled.orders[enemy],
                sampled.state.unrevealed,
                [(r.side, r.token, r.key) for r in sampled.activations.sequence],
                sampled.dice.ahead(12),
            )
        )
    assert samples[0] == samples[1]


@pytest.mark.parametrize("name", SHIPPED)
def test_a_sampled_game_plays_to_the_end(name: str) -> None:
    sides = [s.id for s in loaded(name)[0].scenario.sides]
    for seed in (1, 2):
        turn_two = advance(
            Match(RULES, game(name, seed, turns=None)),
            random_players(sides, seed),
            lambda m: m.over or m.state.state.turn == 2,
        )
        decision = turn_two.pending
        if decision is None:
            continue  # a sudden death in turn 1: nothing left to sample
        sampled = RULES.sample(turn_two.view(decision.side), random.Random(seed))
        final = sampled.play(random_players(sides, seed + 100))
        assert RULES.over(final) and final.state.over and final.state.winner is not None


def snapshot(match: HeroesMatch) -> tuple[object, ...]:
    real = match.state
    return (
        [frame.event.to_json() for frame in real.frames],
        {side: (ids(d.hand), [c.id for c in d.pile], ids(d.discards)) for side, d in real.state.decks.items()},
        dict(real.orders),
        dict(real.state.unrevealed),
        dict(real.state.pieces),
        real.dice.ahead(40),
        match.pending,
    )


def test_sampling_never_changes_the_real_game() -> None:
    match = activation_with_enemy_tokens()
    before = snapshot(match)
    decision = match.pending
    assert decision is not None
    for seed in range(4):
        sampled = RULES.sample(match.view(decision.side), random.Random(seed))
        sampled.play(random_players(list(match.state.state.sides), seed))
    assert snapshot(match) == before


def test_a_view_made_while_a_game_is_played_in_place_cannot_be_sampled() -> None:
    refused: list[str] = []

    class Sampling:
        def choose(self, view: HeroesView, decision: Decision[Any]) -> object:
            try:
                RULES.sample(view, random.Random(0))
            except Unsampled as error:
                refused.append(error.code)
            return next(iter(decision.options))

    play(RULES, game(turns=1), {"us": Sampling(), "german": Sampling()})
    assert refused and set(refused) == {"match.unsampled"}


@pytest.mark.rule("action-cards")
def test_the_side_drawing_after_a_reshuffle_does_not_learn_the_new_pile() -> None:
    """Step 7 of the Supply Phase (HoN core p.16): the first side reshuffles its discards into
    a new pile and draws; the second side, discarding next, may not know what it drew."""
    supply = between_steps(Stage.SUPPLY)
    first = supply.state.initiative_order()[0]
    deck = supply.state.decks[first]
    deck.discards += [*deck.pile, *deck.hand[2:]]  # a pile run out, two cards to draw
    deck.pile, deck.hand = [], deck.hand[:2]
    second_discards = advance(
        Match(RULES, supply), greedy(), lambda m: isinstance(m.pending, Discards) and m.pending.side != first
    )
    decision = second_discards.pending
    assert decision is not None
    real = second_discards.state.state.decks[first]
    assert not real.discards and len(real.hand) == 4  # reshuffled, drawn
    view = second_discards.view(decision.side)
    hands = {tuple(ids(RULES.sample(view, random.Random(seed)).state.state.decks[first].hand)) for seed in range(6)}
    assert len(hands) > 1
