"""Activations, GO! chains, moves, seize their position!, forced marches and the tactics
(TCG p.6-7, p.9, p.11, p.13-14, p.16-17)."""

from __future__ import annotations

import pytest

from builder.tcg.ai.greedy import SimplePolicy
from builder.tcg.cards import DecoyCard
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.activation import Activation, IllegalAction, activate, go_roll
from builder.tcg.rules.choices import GiveGo, Move, Seize, Shoot, Step, UseAbility
from builder.tcg.rules.decisions import ArmourPiercing, NextGo, SavingBonus, SustainedFire, TcgDecision
from builder.tcg.rules.events import (
    ActivationEvent,
    DestroyedEvent,
    GoEvent,
    MoveEvent,
    MoveKind,
    ReinforcementEvent,
    ShotEvent,
    ShotResult,
)
from builder.tcg.rules.moving import can_seize, moves
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.state import Game
from builder.tcg.rules.tactics import command, manage, manoeuvre, recover, remove_suppressed
from tests.tcg.rules.helpers import Scripted, game_with, table

HQ = {"card": "us-infantry-command-hq", "box": [0, 1]}
RIFLES = {"card": "us-rifle-company-a", "box": [1, 1]}
FAR = {"card": "de-grenadier-gruppe-a", "box": [4, 3]}


def greedy(game: Game) -> dict[str, SimplePolicy]:
    return {"us": SimplePolicy(), "german": SimplePolicy()}


@pytest.mark.rule("moving", "open")
def test_orthogonal_moves_and_diagonals_only_for_mechanised(cards: CardCatalogue) -> None:
    halftrack = {"card": "us-m3-half-track", "box": [3, 1]}
    game = game_with(cards, [RIFLES, halftrack], [FAR])
    assert sorted(moves(game, game.pieces["us-rifle-company-a"])) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert len(moves(game, game.pieces["us-m3-half-track"])) == 8
    assert len(moves(game, game.pieces["us-m3-half-track"], MoveKind.FORCED_MARCH)) == 4


@pytest.mark.rule("water", "immobile")
def test_water_and_immobile(cards: CardCatalogue) -> None:
    pak = {"card": "de-pak-40", "box": [3, 0]}
    game = game_with(cards, [RIFLES], [pak], terrain=[{"box": [2, 1], "terrain": "water"}])
    assert (2, 1) not in moves(game, game.pieces["us-rifle-company-a"])
    assert moves(game, game.pieces["de-pak-40"]) == []


@pytest.mark.rule("activate")
def test_one_move_each_shooting_value_once(cards: CardCatalogue) -> None:
    game = game_with(
        cards, [{"card": "us-m10", "box": [1, 1]}], [{"card": "de-bunker", "box": [3, 1]}], faces=[1, 2, 1, 2]
    )
    act = Activation(game, game.pieces["us-m10"])
    act.move((2, 1))
    with pytest.raises(IllegalAction):
        act.move((2, 2))
    act.fire(0, game.pieces["de-bunker"], table(game))
    act.fire(1, game.pieces["de-bunker"], table(game))
    assert act.weapons() == []


@pytest.mark.rule("fire-or-move")
def test_fire_or_move(cards: CardCatalogue) -> None:
    mortar = {"card": "us-mortar-platoon", "box": [1, 1]}
    game = game_with(cards, [mortar], [{"card": "de-bunker", "box": [3, 1]}])
    act = Activation(game, game.pieces["us-mortar-platoon"])
    act.move((1, 2))
    assert act.weapons() == []


@pytest.mark.rule("seize", "trench", "fortified-position")
def test_seize_their_position_orthogonal_only_and_not_by_artillery(cards: CardCatalogue) -> None:
    game = game_with(cards, [RIFLES, {"card": "us-mortar-platoon", "box": [2, 0]}], [FAR])
    rifles, mortar = game.pieces["us-rifle-company-a"], game.pieces["us-mortar-platoon"]
    assert can_seize(game, rifles, (2, 1)) and not can_seize(game, rifles, (2, 2))
    assert not can_seize(game, mortar, (3, 0))
    game2 = game_with(cards, [RIFLES], [FAR], terrain=[{"box": [2, 1], "terrain": "fortified-position"}])
    assert not can_seize(game2, game2.pieces["us-rifle-company-a"], (2, 1))  # only tanks ("Trench")
    game3 = game_with(
        cards, [{"card": "us-m10", "box": [1, 1]}], [FAR], terrain=[{"box": [2, 1], "terrain": "fortified-position"}]
    )
    assert can_seize(game3, game3.pieces["us-m10"], (2, 1))


@pytest.mark.rule("forced-march", "activation-example")
def test_p15_the_m10_seizes_moves_fires_and_marches(cards: CardCatalogue) -> None:
    """TCG p.15: activated by GO!, the M10 destroys, seizes their position, makes its move,
    fires its second value and misses, then a forced march: three moves in one activation."""
    m10 = {"card": "us-m10", "box": [1, 1]}
    enemy = {"card": "de-grenadier-gruppe-a", "box": [2, 1]}
    second = {"card": "de-ost-bataillon", "box": [4, 2]}
    game = game_with(cards, [m10], [enemy, second], faces=[4, 6, 1, 2])
    piece = game.pieces["us-m10"]
    act = Activation(game, piece)
    act.fire(0, game.pieces["de-grenadier-gruppe-a"], table(game))
    assert act.can_seize()
    act.seize()
    act.move((3, 1))
    act.fire(1, game.pieces["de-ost-bataillon"], table(game))
    act.march((3, 2))
    assert piece.box == (3, 2) and act.seized and act.moved and act.forced_march
    assert game.players["us"].directives == 1


@pytest.mark.rule("go-markers", "field-command")
def test_a_go_chain_from_hq_to_hq_to_tank(cards: CardCatalogue) -> None:
    """TCG p.18 (1-5): the HQ gives GO! to the Rifle Company and the other HQ, which gives GO!
    to the M10 anywhere; HQs activate without a roll, the others roll the yellow die."""
    collins = {"card": "us-collins-hq", "box": [0, 2]}
    m10 = {"card": "us-m10", "box": [3, 3]}
    game = game_with(cards, [HQ, RIFLES, collins, m10], [FAR], faces=[4, 4, 1, 1, 1, 1, 1, 1, 1, 1])
    activate(game, game.pieces["us-infantry-command-hq"], table(game, players=greedy(game)))
    activations = [e for e in game.events if isinstance(e, ActivationEvent)]
    assert {e.piece for e in activations if e.success} == {"us-collins-hq", "us-rifle-company-a", "us-m10"}
    auto = next(e for e in activations if e.piece == "us-collins-hq")
    assert auto.rolls == ()
    assert all(p.activated for p in game.of("us"))


@pytest.mark.rule("forcing-activation")
def test_a_failed_go_roll_may_be_forced_with_a_directive(cards: CardCatalogue) -> None:
    game = game_with(cards, [RIFLES], [FAR], faces=[2])
    go_roll(game, game.pieces["us-rifle-company-a"], table(game, Scripted(force=True)))
    event = [e for e in game.events if isinstance(e, ActivationEvent)][-1]
    assert event.success and event.forced and game.players["us"].directives == 1
    game = game_with(cards, [RIFLES], [FAR], faces=[2])
    go_roll(game, game.pieces["us-rifle-company-a"], table(game, Scripted(force=False)))
    assert not [e for e in game.events if isinstance(e, ActivationEvent)][-1].success
    game = game_with(cards, [RIFLES], [FAR], faces=[2], directives=(0, 0))
    go_roll(game, game.pieces["us-rifle-company-a"], table(game))  # no marker: nothing to ask
    event = [e for e in game.events if isinstance(e, ActivationEvent)][-1]
    assert not event.success and not game.pieces["us-rifle-company-a"].activated


@pytest.mark.rule("hidden")
def test_a_hidden_card_activates_on_4(cards: CardCatalogue) -> None:
    hidden = {"card": "us-m3-half-track", "box": [1, 1], "hidden": True}  # activation 3 face up
    game = game_with(cards, [hidden], [FAR], faces=[3], directives=(0, 0))
    go_roll(game, game.pieces["us-m3-half-track"], table(game))
    assert not [e for e in game.events if isinstance(e, ActivationEvent)][-1].success


@pytest.mark.rule("becoming-visible")
def test_moving_next_to_a_hidden_card_reveals_it(cards: CardCatalogue) -> None:
    hidden = {"card": "de-grenadier-gruppe-a", "box": [3, 1], "hidden": True}
    game = game_with(cards, [RIFLES], [hidden])
    act = Activation(game, game.pieces["us-rifle-company-a"])
    act.move((2, 1))
    assert not game.pieces["de-grenadier-gruppe-a"].hidden


@pytest.mark.rule("manage-cards")
def test_reinforcements_hidden_unless_next_to_an_enemy_and_always_in_a_forest(cards: CardCatalogue) -> None:
    """TCG p.6: one card in the zone and one per HQ (at most two) already on the battlefield;
    p.16-17: hidden unless next to an enemy, always in a forest; FAQ p.21: not activated."""
    collins = {"card": "us-collins-hq", "box": [0, 3]}
    enemy = {"card": "de-grenadier-gruppe-a", "box": [2, 1]}
    game = game_with(cards, [HQ, collins], [enemy], terrain=[{"box": [1, 2], "terrain": "forest"}])
    player = game.players["us"]
    m10, rifles, paras, half = (
        cards.unit(i) for i in ("us-m10", "us-rifle-company-a", "us-parachute-rifle-section", "us-m3-half-track")
    )
    assert m10 and rifles and paras and half
    player.hand = [m10, rifles, paras, half]
    points = manage(game, "us")
    assert {a.source for a in points.open} == {"zone", "us-infantry-command-hq", "us-collins-hq"}
    placed = [points.place(m10, (0, 0)), points.place(rifles, (1, 1)), points.place(paras, (1, 2))]
    # Hidden in the zone; face up beside the first HQ, adjacent to the grenadiers; hidden
    # beside the second HQ, in a forest though adjacent.
    assert [p.hidden if p is not None else None for p in placed] == [True, False, True]
    with pytest.raises(ValueError):
        points.place(half, (1, 0))  # three points, three cards
    arrived = [e for e in game.events if isinstance(e, ReinforcementEvent)]
    assert len(arrived) == 3 and not any(game.pieces[e.piece].activated for e in arrived)


def test_a_decoy_arriving_next_to_an_enemy_is_discarded(cards: CardCatalogue) -> None:
    """TCG p.6: a reinforcement adjacent to an enemy card arrives face up; p.17: a decoy made
    visible is discarded — it never stands on the battlefield face up."""
    game = game_with(cards, [HQ], [{"card": "de-grenadier-gruppe-a", "box": [1, 2]}])
    decoy = cards.cards["us-decoy"]
    assert isinstance(decoy, DecoyCard)
    game.players["us"].hand = [decoy]
    points = manage(game, "us")
    assert points.place(decoy, (1, 1)) is None  # beside the HQ, next to the grenadiers
    assert not [p for p in game.of("us") if p.is_decoy] and game.players["us"].discard == [decoy]
    gone = [e for e in game.events if isinstance(e, DestroyedEvent)]
    assert [(e.piece, e.decoy) for e in gone] == [("us-decoy", True)]


def test_one_event_and_one_hero_card_a_phase(cards: CardCatalogue) -> None:
    from builder.tcg.cards import EventCard, HeroCard
    from builder.tcg.rules.hand import OnePerPhase, play_event, play_hero

    game = game_with(cards, [RIFLES, {"card": "us-rifle-company-b", "box": [1, 2]}], [FAR], directives=(0, 0))
    supply, clint = cards.get("us-supply-drop"), cards.get("us-clint")
    assert isinstance(supply, EventCard) and isinstance(clint, HeroCard) and supply.effect is not None
    game.players["us"].hand = [supply, supply, clint, clint]
    play_event(game, "us", supply, supply.effect, supply.name, None)
    with pytest.raises(OnePerPhase):
        play_event(game, "us", supply, supply.effect, supply.name, None)
    play_hero(game, "us", clint, game.pieces["us-rifle-company-a"])
    with pytest.raises(OnePerPhase):
        play_hero(game, "us", clint, game.pieces["us-rifle-company-b"])
    game.phase_side = "german"  # the opponent's phase: one more of each
    play_event(game, "us", supply, supply.effect, supply.name, None)
    assert game.players["us"].directives == 4


@pytest.mark.rule("recover-directives", "directive-cap")
def test_recover_never_past_six(cards: CardCatalogue) -> None:
    game = game_with(cards, [RIFLES], [FAR], directives=(5, 0))
    recover(game, "us")
    assert game.players["us"].directives == 6


@pytest.mark.rule("remove-suppressed")
def test_remove_suppressed_two_from_one_card(cards: CardCatalogue) -> None:
    game = game_with(cards, [RIFLES], [FAR])
    rifles = game.pieces["us-rifle-company-a"]
    rifles.suppressed = 3
    remove_suppressed(game, "us", [rifles])
    assert rifles.suppressed == 1


@pytest.mark.rule("manoeuvre")
def test_manoeuvre_swaps_shoots_once_and_activates_both(cards: CardCatalogue) -> None:
    m10 = {"card": "us-m10", "box": [2, 1]}
    game: Game = game_with(cards, [RIFLES, m10], [{"card": "de-grenadier-gruppe-a", "box": [3, 1]}], faces=[1, 2])
    rifles, tank = game.pieces["us-rifle-company-a"], game.pieces["us-m10"]
    manoeuvre(game, rifles, tank, rifles, table(game, players=greedy(game)))
    assert rifles.box == (2, 1) and tank.box == (1, 1)
    assert rifles.activated and tank.activated
    assert sum(1 for e in game.events if e.kind == "shot") == 1


@pytest.mark.rule("fire-or-move")
def test_fire_or_move_no_shot_after_a_forced_march_or_a_manoeuvre(cards: CardCatalogue) -> None:
    """TCG p.12, Fire or Move: "may not shoot if they move during their activation" — any
    move: the forced march of p.14 too, and the manoeuvre's swap (p.6 calls it a move)."""
    mortar = {"card": "us-mortar-platoon", "box": [1, 1]}
    bunker = {"card": "de-bunker", "box": [3, 1]}
    game = game_with(cards, [mortar], [bunker])
    act = Activation(game, game.pieces["us-mortar-platoon"])
    assert act.weapons() == [0]
    act.march((1, 2))
    assert act.weapons() == [] and game.players["us"].directives == 1
    with pytest.raises(IllegalAction):
        act.fire(0, game.pieces["de-bunker"], table(game))
    game = game_with(cards, [mortar, {"card": "us-rifle-company-a", "box": [1, 2]}], [bunker], faces=[6, 6])
    mortar_piece = game.pieces["us-mortar-platoon"]
    manoeuvre(game, mortar_piece, game.pieces["us-rifle-company-a"], mortar_piece, table(game, players=greedy(game)))
    assert mortar_piece.box == (1, 2) and not [e for e in game.events if isinstance(e, ShotEvent)]


@pytest.mark.rule("seize")
def test_seize_their_position_only_straight_after_the_destroying_shot(cards: CardCatalogue) -> None:
    """TCG p.9: "After a combat ... and it destroys its enemy, the unit may seize their
    position!" — the next step, or never: a move, another shot or an ability first forfeits it."""
    enemy = {"card": "de-grenadier-gruppe-a", "box": [2, 1]}  # one hit point, no save
    game = game_with(cards, [RIFLES], [enemy, FAR], faces=[5, 5])
    act = Activation(game, game.pieces["us-rifle-company-a"])
    act.fire(0, game.pieces["de-grenadier-gruppe-a"], table(game))
    assert act.can_seize()
    act.move((1, 2))
    assert not act.can_seize()
    with pytest.raises(IllegalAction):
        act.seize()
    # Diagonal at the kill, orthogonal after a move: still no seizing (TCG p.9, N.B.).
    game = game_with(cards, [RIFLES], [{**enemy, "box": [2, 2]}, FAR], faces=[5, 5])
    act = Activation(game, game.pieces["us-rifle-company-a"])
    act.fire(0, game.pieces["de-grenadier-gruppe-a"], table(game))
    act.move((1, 2))
    assert not act.can_seize()
    # The M10's second shot comes between: no seizing either.
    m10 = {"card": "us-m10", "box": [1, 1]}
    game = game_with(cards, [m10], [enemy, {"card": "de-bunker", "box": [1, 2]}], faces=[5, 5, 1, 2])
    act = Activation(game, game.pieces["us-m10"])
    act.fire(0, game.pieces["de-grenadier-gruppe-a"], table(game))
    act.fire(1, game.pieces["de-bunker"], table(game))
    assert not act.can_seize()


@pytest.mark.rule("manoeuvre", "becoming-visible")
@pytest.mark.parametrize("order", ["named-first", "named-second"])
def test_every_manoeuvre_move_reveals_the_hidden_enemies_next_to_it(cards: CardCatalogue, order: str) -> None:
    """TCG p.6, p.16: both cards of a manoeuvre move into a box, so each turns face up the
    hidden enemies next to its new box, whichever card the player names first."""
    m10 = {"card": "us-m10", "box": [1, 2]}
    near_first = {"card": "de-grenadier-gruppe-a", "box": [1, 0], "hidden": True}  # next to [1, 1] only
    near_second = {"card": "de-grenadier-gruppe-b", "box": [1, 3], "hidden": True}  # next to [1, 2] only
    game = game_with(cards, [RIFLES, m10], [near_first, near_second])
    rifles, tank = game.pieces["us-rifle-company-a"], game.pieces["us-m10"]
    a, b = (rifles, tank) if order == "named-first" else (tank, rifles)
    manoeuvre(game, a, b, rifles, table(game))
    assert rifles.box == (1, 2) and tank.box == (1, 1)
    assert not game.pieces["de-grenadier-gruppe-a"].hidden and not game.pieces["de-grenadier-gruppe-b"].hidden
    swaps = [e for e in game.events if isinstance(e, MoveEvent) and e.how is MoveKind.MANOEUVRE]
    assert {(e.piece, e.origin, e.to) for e in swaps} == {
        ("us-rifle-company-a", (1, 1), (1, 2)),
        ("us-m10", (1, 2), (1, 1)),
    }


class P18(Scripted):
    """The American player of TCG p.18, step by step, each card's steps in the book's order;
    the shot decisions are the sensible ones (+1 when one short, for the shooter and for the
    German saving throw) but for the armour-piercing the M10's second shot is given."""

    ROLL_ORDER = ("us-collins-hq", "us-rifle-company-a", "us-m10")

    def choose(self, view: TcgView, decision: TcgDecision) -> object:
        match decision:
            case NextGo():
                waiting = {p.key: p.box for p in view.game.of(view.side) if p.box in decision.options}
                return next(waiting[key] for key in self.ROLL_ORDER if key in waiting)
            case ArmourPiercing():
                return decision.weapon == 1
            case SustainedFire():
                return decision.roll.total + 1 == decision.value
            case SavingBonus():
                return decision.roll.total + 1 == decision.save
        return super().choose(view, decision)


@pytest.mark.rule("go-markers", "phase-example")
def test_p18_the_example_of_a_phase_plays_as_printed(cards: CardCatalogue) -> None:
    """TCG p.18: the HQ gives a GO! marker, moves, gives its second to Collins; then the rolls
    come in the book's order — Collins (automatic), the Rifle Company (a 4; 7 + 1 hits, the
    save of 5 + 1 passes), the M10 (a 4; 10, then 9 armour-piercing: destroyed, seized)."""
    us = [
        {"card": "us-infantry-command-hq", "box": [0, 3]},
        {"card": "us-rifle-company-a", "box": [1, 3]},
        {"card": "us-collins-hq", "box": [0, 1]},  # two boxes from the HQ at first
        {"card": "us-m10", "box": [4, 2]},
    ]
    german = [{"card": "de-grenadier-gruppe-b", "box": [3, 2]}]  # two hit points, in the village
    village = [{"box": [1, 1], "terrain": "urban"}, {"box": [3, 2], "terrain": "urban"}]
    faces = [4, 3, 4, 5, 4, 4, 6, 2, 4, 5, 3]  # Rifle GO!, 7, save 5; M10 GO!, 10, save 2, 9, save 3
    game = game_with(cards, us, german, faces=faces, terrain=village)
    steps: dict[str, list[Step]] = {
        "us-infantry-command-hq": [
            GiveGo(0, ((1, 3),)),  # (1) the first GO! marker, to the Rifle Company; it keeps the second
            Move((0, 2)),  # (2) moves one box...
            GiveGo(0, ((0, 1),)),  # ...and gives it to Collins, now adjacent
            UseAbility(1),  # and takes a DIRECTIVE marker (Elan)
        ],
        "us-collins-hq": [Move((1, 1)), GiveGo(0, ((4, 2),))],  # (3) into the village; tanks anywhere
        "us-rifle-company-a": [Move((2, 3)), Shoot(0, (3, 2))],  # (4) moves and shoots the adjacent German
        "us-m10": [Shoot(0, (3, 2)), Shoot(1, (3, 2)), Seize()],  # (5) 10, then 9 armour-piercing; (6)
    }
    player = P18(steps=steps, hide=False)
    command(game, game.pieces["us-infantry-command-hq"], table(game, player))
    assert all(not planned for planned in steps.values())  # every step the book takes, taken
    activations = [e for e in game.events if isinstance(e, ActivationEvent)]
    assert [(e.piece, e.by_go, e.success) for e in activations] == [
        ("us-infantry-command-hq", False, True),
        ("us-collins-hq", True, True),
        ("us-rifle-company-a", True, True),
        ("us-m10", True, True),
    ]
    assert activations[1].rolls == () and [e.rolls[0].dice for e in activations[2:]] == [(4,), (4,)]
    hq = "us-infantry-command-hq"
    hq_go = [i for i, e in enumerate(game.events) if isinstance(e, GoEvent) and e.giver == hq]
    hq_move = [i for i, e in enumerate(game.events) if isinstance(e, MoveEvent) and e.piece == hq]
    assert hq_go[0] < hq_move[0] < hq_go[1]  # a GO! marker, the move, the second GO! marker
    gos = [(e.giver, e.pieces) for e in game.events if isinstance(e, GoEvent)]
    assert gos == [(hq, ("us-rifle-company-a",)), (hq, ("us-collins-hq",)), ("us-collins-hq", ("us-m10",))]
    shots = [e for e in game.events if isinstance(e, ShotEvent)]
    assert [(e.piece, e.result, e.directives) for e in shots] == [
        ("us-rifle-company-a", ShotResult.SAVED, ("sustained-fire", "saving-bonus")),
        ("us-m10", ShotResult.HIT, ()),
        ("us-m10", ShotResult.HIT, ("armour-piercing",)),
    ]
    assert [e.rolls[0].total for e in shots] == [8, 10, 9] and shots[0].rolls[1].total == 6
    assert "de-grenadier-gruppe-b" not in game.pieces
    seized = [e for e in game.events if isinstance(e, MoveEvent) and e.how is MoveKind.SEIZE]
    assert [(e.piece, e.to) for e in seized] == [("us-m10", (3, 2))]
    assert {p.key: p.box for p in game.of("us")} == {
        hq: (0, 2),
        "us-collins-hq": (1, 1),
        "us-rifle-company-a": (2, 3),
        "us-m10": (3, 2),
    }
    assert all(p.activated and not p.go for p in game.of("us"))
    assert (game.players["us"].directives, game.players["german"].directives) == (1, 1)  # 2 + Elan - 2; 2 - 1
