"""Three players, two sides (SoN p.10): one player against a team of two. The team's players
are allies (never enemies), take the team's turns in rotation, score and win together."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from builder.heroes.ai.greedy import SimplePolicy, for_every_side
from builder.heroes.army.summary import OrderTokens, Star
from builder.heroes.rules.events.game import AssaultEvent, FireEvent, Phase, RevealEvent, TurnEvent, VictoryEvent
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.simulation import GameRecord, simulate
from builder.heroes.rules.state import CombatGroup, Facts, Frame, GameState
from builder.heroes.rules.turn import order_phase
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.models import Scenario
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import field, piece
from tests.heroes.rules.test_simulate import bundled, scenario

pytestmark = pytest.mark.rule("three-player-initiative")

TEAMS = Scenario.model_validate(
    {
        "id": "three",
        "title": "Three",
        "game": "son",
        "players": 3,
        "sides": [
            {"id": "m", "name": "Majestic", "faction": "son-majestic"},
            {"id": "d", "name": "Deep Ones", "faction": "son-deep-ones", "team": "pact"},
            {"id": "b", "name": "Black Sun", "faction": "son-black-sun", "team": "pact"},
        ],
        "map": {"boards": [{"board": "none"}]},
        "objectives": [{"id": "hill", "name": "Hill", "kind": "primary", "at": [0, 0]}],
        "setup": {"initiative": "m", "turns": {"count": 6}},
        "victory": {
            "outcomes": [
                {
                    "winner": "pact",
                    "label": "Pact",
                    "condition": {"type": "control", "side": "pact", "objectives": ["hill"]},
                }
            ]
        },
    }
)


def three(*pieces: Piece, stars: dict[str, int] | None = None) -> GameState:
    state = GameState(TEAMS, field("......\n......"), SON, ("m", "d", "b"), "m", {p.key: p for p in pieces})
    for side in state.sides:
        count = (stars or {}).get(side, 1)
        state.orders[side] = OrderTokens((Star("tile", count, "tiles[0]"),) if count else (), (), ())
    state.control = {"hill": None}
    return state


def test_team_mates_are_allies_and_the_solo_player_faces_both() -> None:
    m, d, b = piece("m1", (0, 0), "m"), piece("d1", (2, 0), "d"), piece("b1", (4, 0), "b")
    d, b = replace(d, team="pact"), replace(b, team="pact")
    state = three(m, d, b)
    assert [p.key for p in state.enemies_of("d")] == ["m1"]
    assert sorted(p.key for p in state.enemies_of("m")) == ["b1", "d1"]
    assert state.opponents("b") == ["m"] and state.opposing_teams("m") == ["pact"]
    # A team controls what either of its players holds, and is named as one (SoN p.10).
    state.control["hill"] = "b"
    facts = Facts(state)
    assert facts.controls("pact", "hill") and facts.controls("d", "hill") and not facts.controls("m", "hill")


def test_a_broken_group_scores_once_for_the_opposing_team() -> None:
    m = replace(piece("m1", (0, 0), "m"), group="tiles[0]")
    state = three(m)
    state.groups["m/tiles[0]"] = CombatGroup("m/tiles[0]", "m", "Rangers", 1, 1, 3)
    hits.hurt(Turn(state, LoadedDice([]), Phase.ACTIVATION), m, None, Effect.DESTROYED)
    assert state.victory_points.get("pact") == 3 and "d" not in state.victory_points
    assert Facts(state).victory_points("d") == 3  # a player's points are his team's


def test_the_solo_player_out_of_orders_loses_to_the_team() -> None:
    state = three(piece("m1", (0, 0), "m"), stars={"m": 0})
    frames: list[Frame] = []
    policy = SimplePolicy()
    order_phase(state, {"m": policy, "d": policy, "b": policy}, LoadedDice([]), frames)
    assert state.over and state.winner == "pact"


@cache
def vigil() -> GameRecord:
    loaded, battlefield = scenario("son-the-reed-vigil")
    return simulate(
        loaded.scenario, battlefield, loaded.armies(), bundled(), seed=1, policies=for_every_side(loaded.scenario, 1)
    )


@pytest.mark.rule("son-initiative-marker")
def test_the_reed_vigil_plays_one_against_two_from_set_up_to_victory() -> None:
    record = vigil()
    reveals = [e.side for e in record.events if isinstance(e, RevealEvent) and e.turn == 1]
    # SoN p.10: M1, (one of the pair) 1, M2, (the other) 1, M3, (the first) 2 …
    assert reveals[0] == reveals[2] == reveals[4] == "majestic"
    assert {reveals[1], reveals[3]} == {"black-sun", "deep-ones"} and reveals[5] == reveals[1]
    begun = next(e for e in record.events if isinstance(e, TurnEvent))
    assert isinstance(begun, TurnEvent) and begun.teams_page == "SoN p.10"
    assert [(r.team, set(r.sides)) for r in begun.rotations] == [("the-pact", {"black-sun", "deep-ones"})]
    # Allies never fire on nor assault each other.
    team = {"black-sun", "deep-ones"}
    for event in record.events:
        if isinstance(event, FireEvent) and event.firer is not None:
            pair = {event.firer.split("/")[0], event.target.split("/")[0]}
        elif isinstance(event, AssaultEvent):
            pair = {event.attacker.split("/")[0], event.defender.split("/")[0]}
        else:
            continue
        assert pair != team and len(pair) == 2, event
    end = record.events[-1]
    assert isinstance(end, VictoryEvent) and end.winner in {"majestic", "the-pact", "draw"}
    assert set(end.victory_points) == {"majestic", "the-pact"}
