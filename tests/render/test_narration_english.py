"""The narration tells events in good English (issue 15): a plural counter name takes a
plural verb, and each order token says which counter it is on. The JSON event log keeps
the sentences as the rules core always worded them."""

from __future__ import annotations

import json

import pytest

from builder.cli import main
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.events.game import MoveEvent, OrdersEvent
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.simulation import GameRecord
from builder.io.paths import SCENARIOS_DIR
from builder.render.heroes_events import Narrator
from builder.render.heroes_telling import is_plural, plural_verb
from builder.services.game import prepare_game

FIRST_CONTACT = SCENARIOS_DIR / "hon-first-contact.yaml"


@pytest.fixture(scope="module")
def record(bundled: Catalogue) -> GameRecord:
    return prepare_game(FIRST_CONTACT, bundled, None).simulate(seed=1, turns=1)


def test_verbs_in_the_plural() -> None:
    assert [plural_verb(v) for v in ("moves", "holds", "is", "has", "pushes", "crosses", "cannot", "fires")] == [
        "move",
        "hold",
        "are",
        "have",
        "push",
        "cross",
        "cannot",
        "fire",
    ]


def test_a_unique_unit_named_with_an_s_is_one_person(bundled: Catalogue) -> None:
    def piece(unit_id: str) -> Piece:
        return Piece(key=f"x/{unit_id}/1", unit=bundled.units[unit_id], owner="x", squares=((0, 0),))

    assert not is_plural(piece("cw-maj-hollis"))
    assert is_plural(piece("ge-304-panzergrenadiers"))
    assert not is_plural(piece("us-fire-team"))


def test_a_plural_counter_name_takes_a_plural_verb(record: GameRecord) -> None:
    narrator = Narrator.of(record)
    moves = [i for i, e in enumerate(record.events) if isinstance(e, MoveEvent)]
    told = {narrator.sentence(i).split(" squares")[0] for i in moves}
    assert any(t.startswith("Panzergrenadiers move ") for t in told)
    assert any(t.startswith("Fire Team moves ") for t in told)  # a singular name keeps its verb
    assert not any(t.startswith(("Panzergrenadiers moves", "Grenadiers moves")) for t in told)


def test_each_order_token_names_its_counter(record: GameRecord) -> None:
    narrator, log = Narrator.of(record), Narrator.of(record, narrated=False)
    pieces = {p.key: p for frame in record.frames for p in frame.pieces}
    orders = [(i, e) for i, e in enumerate(record.events) if isinstance(e, OrdersEvent)]
    assert orders
    for index, event in orders:
        told = narrator.sentence(index)
        assert told != log.sentence(index)  # the log names each token's group only
        rest = told.rsplit(": 1 ", 1)[1].rstrip(".")
        entries = []
        for n in range(2, len(event.numbered) + 1):
            entry, rest = rest.split(f", {n} ", 1)
            entries.append(entry)
        entries.append(rest)
        for key, entry in zip(event.numbered, entries, strict=True):
            assert entry.startswith(pieces[key].unit.name), (key, entry)
        # Tokens on different counters never read the same.
        assert len(set(entries)) == len(set(event.numbered))


def test_hon_simulate_tells_it_and_the_json_keeps_the_rules_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", str(FIRST_CONTACT), "--turns", "1", "--seed", "1"]
    assert main(args) == 0
    told = capsys.readouterr().out.replace("\n", " ")
    assert "Panzergrenadiers move " in told and "Panzergrenadiers moves" not in told
    assert main([*args, "--json"]) == 0
    texts = [e["text"] for e in json.loads(capsys.readouterr().out)["events"]]
    assert any(t.startswith("Panzergrenadiers moves ") for t in texts)  # unchanged in the log
