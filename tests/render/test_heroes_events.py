"""The Heroes System's events rendered from their facts (builder.render.heroes_events): every
kind has its sentence; the log words it as the rules core always did, the narration makes a
plural counter's verb agree; the names come from the record, the pieces as they stood. Here
the wording is the behaviour under test, so a few sentences are pinned."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.actions.kinds import Item
from builder.heroes.rules.events.combat import (
    CrushEvent,
    Demolition,
    DestructionEvent,
    Displaced,
    FireEvent,
    RetreatEvent,
    RubbleEvent,
    SniperEvent,
    Stuck,
)
from builder.heroes.rules.events.game import (
    EVENT_LOG,
    Boarding,
    ClearEvent,
    EmbarkEvent,
    ExitEvent,
    Flight,
    FlightEvent,
    HeroesEvent,
    HoldEvent,
    HoldReason,
    MoveEvent,
    OrdersEvent,
    Phase,
    PushWreckEvent,
    SuddenDeathEvent,
    WorksEvent,
)
from builder.heroes.rules.events.mythos import (
    MadnessAct,
    MadnessEvent,
    SearchEvent,
    SpellAct,
    SpellEvent,
    SubstituteEvent,
    TerrorCause,
    TerrorEvent,
)
from builder.heroes.rules.resolution.combat import Shot
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.simulation import GameRecord, names_of
from builder.heroes.rules.state import Frame, GameState
from builder.io.paths import SCENARIOS_DIR
from builder.kernel.dice import LoadedDice
from builder.kernel.events import Modifier, Roll
from builder.render.heroes_events import Narrator, record_json
from builder.render.heroes_telling import sentence
from builder.services.game import prepare_game
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, piece

OPEN = "\n".join(["......"] * 4)
GRENADIERS = infantry(name="Grenadiers", unit_id="grenadiers")
FIRE_TEAM = infantry(defense=4, name="Fire Team", unit_id="fire-team")
AMMO = Modifier("Ammo", 1, "HoN core p.28")


def told(state: GameState, event: HeroesEvent, narrated: bool = False) -> str:
    """The event's sentence, with the state's pieces and names."""
    frames = (Frame(event, state.snapshot()),)
    return Narrator(frames, names_of(state, state.battlefield), narrated).sentence(0)


@pytest.fixture(scope="module")
def records(bundled: Catalogue) -> list[GameRecord]:
    """Games that between them play most kinds: firing and assaults, scenario events and
    reinforcements at Carpiquet, SoN's mythos at the chapel."""
    played = [("hon-first-contact.yaml", 11), ("welcome-to-caen-carpiquet.yaml", 1), ("son-the-drowned-chapel.yaml", 4)]
    return [prepare_game(SCENARIOS_DIR / name, bundled, None).simulate(seed=seed) for name, seed in played]


def test_every_kind_of_event_has_its_sentence() -> None:
    kinds = get_args(HeroesEvent)
    assert len(kinds) == 43
    assert [kind.__name__ for kind in kinds if kind not in sentence.registry] == []


def test_a_firing_action_reads_as_the_rules_core_always_wrote_it() -> None:
    firer = piece(GRENADIERS, (1, 1), key="a1")
    target = piece(FIRE_TEAM, (3, 1), key="b1", owner="b")
    state = game(OPEN, [firer, target])
    result = fire(Shot(target=target, firer=firer, terrain=2, bonuses=(AMMO,)), LoadedDice([4]))
    event = FireEvent.of(result, 1, Phase.ACTIVATION, "a")
    assert told(state, event) == "Grenadiers fires at Fire Team: 7 against 6, a hit; Fire Team is flipped."
    assert told(state, event, narrated=True).startswith("Grenadiers fire at Fire Team")
    ammo = event.model_copy(update={"ammo": 1, "ammo_page": "HoN core p.28"})
    assert told(state, ammo, narrated=True).startswith("1 Ammo marker(s) spent, +1 (HoN core p.28): Grenadiers fires")


def test_a_plural_counter_takes_a_plural_verb_in_the_narration_only() -> None:
    state = game(OPEN, [piece(GRENADIERS, (1, 1), key="a1"), piece(FIRE_TEAM, (4, 1), key="a2")])
    moved = MoveEvent(turn=1, phase=Phase.ACTIVATION, side="a", unit="a1", to=((2, 1),), path=((1, 1), (2, 1)), cost=1)
    assert told(state, moved) == "Grenadiers moves 1 square to [2, 1]."
    assert told(state, moved, narrated=True) == "Grenadiers move 1 square to [2, 1]."
    single = moved.model_copy(update={"unit": "a2"})
    assert told(state, single, narrated=True) == "Fire Team moves 1 square to [2, 1]."
    held = HoldEvent(
        turn=1, phase=Phase.ACTIVATION, side="a", unit="a1", why=HoldReason.TRACKS_DAMAGED, page="HoN core p.15"
    )
    assert told(state, held, narrated=True) == (
        "Grenadiers hold (its tracks are damaged: no more Movement Actions, HoN core p.15)."
    )


def test_a_retreat_to_nowhere_says_why_the_unit_is_destroyed() -> None:
    state = game(OPEN, [piece(GRENADIERS, (1, 1), key="a1")])
    trapped = RetreatEvent(
        turn=2,
        phase=Phase.ACTIVATION,
        side="a",
        unit="a1",
        why=Displaced.RETREAT,
        stuck=Stuck.ZONE_OF_CONTROL,
        within=((2, 1),),
        page="HoN core p.26",
    )
    assert told(state, trapped, narrated=True) == (
        "Grenadiers have nowhere to retreat: [2, 1] would move it within an enemy Zone of Control (HoN core p.26); "
        "it is destroyed."
    )


def test_every_event_of_a_game_is_told_and_the_log_keeps_its_sentences(records: list[GameRecord]) -> None:
    kinds = set()
    for record in records:
        log, narration = Narrator.of(record, narrated=False).sentences(), Narrator.of(record).sentences()
        assert all(text.endswith(".") and "None" not in text for text in log)
        # The narration differs from the log by the verbs it makes agree, and names each order
        # token's counter.
        told = zip(record.events, narration, log, strict=True)
        assert all(len(n.split()) == len(t.split()) for e, n, t in told if not isinstance(e, OrdersEvent))
        written = record_json(record)
        assert [e["text"] for e in written["events"]] == log
        assert EVENT_LOG.validate_json(json.dumps(written["events"])) == list(record.events)
        kinds |= {event.kind for event in record.events}
    assert len(kinds) >= 25


def test_a_piece_is_named_as_it_stood_when_the_event_happened(records: list[GameRecord]) -> None:
    """A counter whose side prints another name is named by the side it showed: the frame
    before the event's (here every counter keeps its name: the one it had in the record)."""
    record = records[0]
    narrator = Narrator.of(record, narrated=False)
    moves = [i for i, e in enumerate(record.events) if isinstance(e, MoveEvent)]
    for index in moves[:20]:
        event = record.events[index]
        assert isinstance(event, MoveEvent)
        assert narrator.sentence(index).startswith(record.names.pieces[event.unit].unit.name + " moves")


def _roll(total: int) -> Roll:
    return Roll("test", (total,), total, (), total, "HoN core p.15")


AT: dict[str, Any] = {"turn": 2, "phase": Phase.ACTIVATION, "side": "a"}
# One event of each kind the fixture's games do not play, and its sentence in the log.
RARE: list[tuple[HeroesEvent, str]] = [
    (
        ClearEvent(**AT, unit="a1", squares=((1, 1), (1, 2)), page="BfC p.05, p.08"),
        "Grenadiers (Engineer) removes the barbed hedgehog at [1, 1] [1, 2] (BfC p.05, p.08).",
    ),
    (
        CrushEvent(**AT, unit="a1", wreck="b1", points=1, removed=False, total=1, page="HoN core p.10"),
        "Grenadiers drives over the wreck of Fire Team: 1 destruction point (HoN core p.10), 1 in all.",
    ),
    (
        DestructionEvent(
            **AT,
            unit="a1",
            structure="b1",
            points=2,
            total=2,
            destroyed=True,
            how=Demolition.FIRES_AT,
            dice=2,
            value=2,
            wreck=True,
            page="HoN core p.22",
        ),
        "Grenadiers fires at the wreck of Fire Team: Destruction 2, 2 destruction points (it falls; HoN core p.22).",
    ),
    (
        EmbarkEvent(**AT, unit="a1", transport="a2", how=Boarding.GETS_IN, page="HoN core p.27"),
        "Grenadiers gets into Fire Team (HoN core p.27).",
    ),
    (
        ExitEvent(**AT, unit="a1", at=((0, 0),), riders=("a2",)),
        "Grenadiers leaves the battlefield from [0, 0], carrying Fire Team.",
    ),
    (
        FlightEvent(**AT, unit="a1", speed=3, flight=Flight.SPEED, page="BfC p.10-11"),
        "Grenadiers changes its Speed marker from X to 3: it moves 2 or 3 squares (BfC p.10-11).",
    ),
    (
        MadnessEvent(
            **AT,
            unit="a1",
            madness="son-fear",
            act=MadnessAct.FLEES,
            target="b1",
            to=((5, 1),),
            flipped=True,
            page="SoN p.11",
        ),
        "Fear (SoN p.11): Grenadiers flees 4 spaces from Fire Team to [5, 1], turning over to its hit side.",
    ),
    (
        PushWreckEvent(**AT, unit="a1", wreck="b1", page="HoN core p.11"),
        "Grenadiers pushes the wreck of Fire Team one square, into the water: it sinks; this ends its Movement "
        "Action (HoN core p.11).",
    ),
    (
        RubbleEvent(**AT, element="house", squares=((3, 1),), suppressed=("b1",), page="HoN core p.22"),
        "house is destroyed and turns to rubble; 1 unit(s) inside are suppressed (HoN core p.22).",
    ),
    (
        SearchEvent(
            **AT,
            unit="a1",
            at=(2, 2),
            needed=4,
            trained=True,
            search_page="SoN p.18",
            page="SoN p.11",
            rolls=(_roll(3),),
        ),
        "Grenadiers searches by the Search token at [2, 2] (Search 4, SoN p.18, SoN p.11): rolls 3 and finds nothing.",
    ),
    (
        SniperEvent(
            **AT,
            firer="a1",
            target="b1",
            outcome="hit",
            effect=Effect.FLIPPED,
            rolls=(_roll(5),),
            page="HoN core p.24",
        ),
        "Grenadiers snipes at Fire Team: 5, hit; Fire Team is flipped (HoN core p.24).",
    ),
    (
        SpellEvent(
            **AT,
            unit="a1",
            spell="son-paralyze",
            penalty=1,
            target="b1",
            act=SpellAct.CAST,
            page="SoN p.15",
            penalty_page="SoN p.14",
        ),
        "Grenadiers casts son-paralyze at Fire Team (SoN p.15) and takes 1 Suppressed marker(s) (SoN p.14).",
    ),
    (
        SubstituteEvent(**AT, unit="a2", weapon="a1", effect=Effect.FLIPPED, page="BfC p.08"),
        "Fire Team takes the hit in place of Grenadiers (Substitute, BfC p.08) and is flipped.",
    ),
    (
        SuddenDeathEvent(turn=3, phase=Phase.ORDER, side="a", page="HoN core p.8"),
        "a has no numbered or special order token and loses at once (HoN core p.8).",
    ),
    (
        TerrorEvent(
            **AT,
            unit="a1",
            manifestation="b1",
            terror=4,
            resisted=True,
            cause=TerrorCause.MANIFESTATION,
            page="SoN p.11",
            cause_page="SoN p.10",
            rolls=(_roll(5),),
        ),
        "Terror check (SoN p.11): Grenadiers sees Fire Team (Mythos Manifestation 4, SoN p.10) and resists the "
        "Terror (rolled 5, needs 4).",
    ),
    (
        WorksEvent(**AT, unit="a1", item=Item.FORWARD_POSITION.value, squares=((2, 2),), page="BfC p.09"),
        "Grenadiers deploys a Forward Position at [2, 2] (BfC p.09).",
    ),
]


@pytest.mark.parametrize(("event", "sentence_in_the_log"), RARE, ids=[event.kind for event, _ in RARE])
def test_each_kind_the_games_do_not_play_is_told_too(event: HeroesEvent, sentence_in_the_log: str) -> None:
    pieces = [
        piece(GRENADIERS, (1, 1), key="a1"),
        piece(FIRE_TEAM, (4, 1), key="a2"),
        piece(FIRE_TEAM, (3, 1), "b1", "b"),
    ]
    state = game(OPEN, pieces)
    assert told(state, event) == sentence_in_the_log
