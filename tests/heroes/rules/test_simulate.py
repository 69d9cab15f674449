"""Whole simulated games on the shipped scenarios: reproducible from a seed, never a unit on
an occupied or forbidden square, every roll adding up; and `hon simulate` on the command line."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.cli import main
from builder.heroes.ai.greedy import SimplePolicy, for_every_side
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.events.game import (
    BreaksEvent,
    DeployEvent,
    EnterEvent,
    OrdersEvent,
    RevealEvent,
    VictoryEvent,
)
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.orders.special_orders import LATER
from builder.heroes.rules.orders.tokens import SPECIAL
from builder.heroes.rules.simulation import GameRecord, simulate
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import LoadedScenario, load_scenario

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
PLAYABLE = ["hon-first-contact", "son-the-drowned-chapel", "son-the-grey-procession", "way-of-the-cross"]


@cache
def bundled() -> Catalogue:
    return load_catalogue()[0]


@cache
def scenario(name: str) -> tuple[LoadedScenario, Battlefield]:
    loaded = load_scenario(SCENARIOS / f"{name}.yaml")
    return loaded, assemble(loaded.scenario.map, bundled())[0]


def play(name: str, seed: int, turns: int | None = 2) -> GameRecord:
    loaded, battlefield = scenario(name)
    return simulate(
        loaded.scenario,
        battlefield,
        loaded.armies(),
        bundled(),
        seed=seed,
        turns=turns,
        policies=for_every_side(loaded.scenario, seed),
    )


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), name=st.sampled_from(PLAYABLE))
def test_a_seed_plays_the_same_game(seed: int, name: str) -> None:
    first, second = play(name, seed), play(name, seed)
    assert [e.to_json() for e in first.events] == [e.to_json() for e in second.events]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), name=st.sampled_from(PLAYABLE))
def test_no_unit_ever_ends_on_an_occupied_or_forbidden_square(seed: int, name: str) -> None:
    _, battlefield = scenario(name)
    passage = passage_map(battlefield)
    for frame in play(name, seed).frames:
        units = [p for p in frame.pieces if not p.is_wreck]
        taken = Counter(sq for p in units for sq in p.squares)
        assert all(count == 1 for count in taken.values()), frame.event
        for piece in units:
            for square in piece.squares:
                assert passage.refusal(square, piece.unit, piece.side) is None, (piece.key, square)


def test_every_roll_adds_up_and_cites_its_page() -> None:
    record = play("hon-first-contact", 11, turns=None)
    rolls = [r for r in record.rolls if r.kind in ("fire", "suppressive-fire", "assault-attack", "assault-defence")]
    assert rolls, "a whole game has firing actions"
    for roll in rolls:
        assert roll.kept in roll.dice and roll.total == roll.kept + sum(m.value for m in roll.modifiers)
        assert all(" p." in m.page for m in roll.modifiers) and " p." in roll.page


@pytest.mark.rule("game-turn", "breaking-point")
def test_a_whole_game_ends_with_a_result_and_breaking_points_score() -> None:
    record = play("hon-first-contact", 11, turns=None)
    assert record.winner in ("us", "german", "draw") and record.outcome != "not finished"
    kinds = Counter(e.kind for e in record.events)
    assert kinds["victory"] == 1 and kinds["turn"] == record.turns
    assert isinstance(record.events[-1], VictoryEvent)
    scored = sum(e.victory_points for e in record.events if isinstance(e, BreaksEvent))
    assert sum(record.victory_points.values()) == scored  # two sides: each break scores once


def test_a_special_token_from_battle_plan_says_its_count_is_not_printed() -> None:
    """First Contact's German army takes Battle Plan: HoN core p.8 names it as a source of
    Special Order Tokens without printing how many; the Order Phase says the one it plays
    is hon's example, and the token is revealed as order 0 or between two activations (p.8)."""
    record = play("hon-first-contact", 3, turns=1)
    (orders,) = [e for e in record.events if isinstance(e, OrdersEvent) and e.side == "german"]
    assert len(orders.special) == 1 and orders.unprinted == ("Battle Plan",)
    reveals = [e for e in record.events if isinstance(e, RevealEvent)]
    specials = [i for i, e in enumerate(reveals) if e.token in (SPECIAL, LATER)]
    assert any(reveals[i].side == "german" for i in specials)
    assert all(reveals[i].special_page == "HoN core p.8" for i in specials)
    # Those played as order 0 (the German one, and any a High Command card gave) come before order 1.
    zeros = [i for i in specials if reveals[i].token == SPECIAL]
    assert zeros == list(range(len(zeros)))


@pytest.mark.rule("entry-squares")
def test_units_entering_through_entry_squares_wait_in_reserve() -> None:
    record = play("way-of-the-cross", 3, turns=1)
    deploy = [e for e in record.events if isinstance(e, DeployEvent) and e.side == "commonwealth"]
    assert deploy[0].entering and set(deploy[0].entering).isdisjoint(deploy[0].units)
    assert any(isinstance(e, EnterEvent) for e in record.events)


# --- hon simulate --------------------------------------------------------------------------


def test_hon_simulate_json_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", str(SCENARIOS / "hon-first-contact.yaml"), "--turns", "2", "--seed", "5", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["seed"] == 5 and first["turns"] == 2
    fire = next(e for e in first["events"] if e["kind"] == "fire")
    assert fire["rolls"][0]["modifiers"][0]["page"].startswith("HoN core p.")


def test_hon_simulate_narrates_the_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(SCENARIOS / "hon-first-contact.yaml"), "--turns", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Turn 1 begins" in out and "fire: d6 [" in out and "Result:" in out
    assert " reveals " not in out  # tokens revealed and holds are told only when asked
    assert main(["simulate", str(SCENARIOS / "hon-first-contact.yaml"), "--turns", "1", "--seed", "5", "-v"]) == 0
    assert " reveals " in capsys.readouterr().out


def test_hon_simulate_needs_an_army_for_every_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(SCENARIOS / "free-battle.yaml")]) == 2
    assert "names no army list for allies" in capsys.readouterr().err
    assert main(["simulate", str(SCENARIOS / "free-battle.yaml"), "--army", "nobody=x.yaml"]) == 2
    assert "no side 'nobody'" in capsys.readouterr().err
    assert main(["simulate", str(SCENARIOS / "free-battle.yaml"), "--army", "allies"]) == 2
    assert "is not SIDE=FILE" in capsys.readouterr().err


@pytest.mark.rule("initiative")
def test_hon_simulate_with_given_armies(capsys: pytest.CaptureFixture[str]) -> None:
    armies = SCENARIOS / "armies"
    code = main(
        [
            "simulate",
            str(SCENARIOS / "free-battle.yaml"),
            "--turns",
            "1",
            "--json",
            "--army",
            f"allies={armies / 'first-contact-us-300.yaml'}",
            "--army",
            f"axis={armies / 'first-contact-german-300.yaml'}",
        ]
    )
    assert code == 0
    assert json.loads(capsys.readouterr().out)["events"][0]["kind"] == "initiative"


def test_hon_simulate_unreadable_army_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: hon-army\nversion: 1\nname: [unclosed\n")
    code = main(["simulate", str(SCENARIOS / "hon-first-contact.yaml"), "--army", f"us={broken}"])
    err = capsys.readouterr().err
    assert code == 2 and "broken.yaml" in err and "Traceback" not in err


def test_a_side_without_a_player_is_refused() -> None:
    loaded, battlefield = scenario("hon-first-contact")
    first = loaded.scenario.sides[0].id
    with pytest.raises(ValueError):
        simulate(loaded.scenario, battlefield, loaded.armies(), bundled(), policies={first: SimplePolicy()})
