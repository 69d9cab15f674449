"""One record and one prepared game for the three systems (builder.kernel.match: `GameRecord`,
`Playable`): each system's prepared scenario plays a game of a seed and policy, and its record
says the same of the game in its fields and its `--json` form, whatever the system."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.io.catalogue_files import load_catalogue
from builder.kernel.decisions import Policy
from builder.kernel.match import GameRecord, Playable
from builder.kernel.system import Capability, Unsupported
from builder.services import game, memoir_game, tcg_game
from builder.services.systems import SYSTEMS

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def prepared(system: str) -> Playable:
    """A shipped scenario of `system`, ready to play: typed as the kernel's `Playable`, so a
    system whose prepared game or record drifts from the contract fails to type-check."""
    if system == "heroes":
        return game.prepare_game(SCENARIOS / "hon-first-contact.yaml", load_catalogue()[0])
    if system == "tcg":
        return tcg_game.ready(SCENARIOS / "tcg" / "orchard-at-dawn.yaml", tcg_game.open_cards())
    return memoir_game.prepare_game(SCENARIOS / "m44" / "hedgerow-lanes.yaml")


@pytest.mark.parametrize("system", ["heroes", "tcg", "memoir"])
@pytest.mark.parametrize("policy", list(Policy))
def test_every_system_plays_a_seed_into_one_kind_of_record(system: str, policy: Policy) -> None:
    searches = next(known for known in SYSTEMS if known.id == system).supports(Capability.SEARCH)
    if policy is Policy.SEARCH and not searches:
        with pytest.raises(Unsupported):  # no search agent yet: said, never played by another player
            prepared(system).simulate(seed=3, turns=2, policy=policy)
        return
    record: GameRecord = prepared(system).simulate(seed=3, turns=2, policy=policy)
    shown = record.to_json()
    assert (shown["seed"], shown["turns"], shown["outcome"]) == (3, record.turns, record.outcome)
    assert shown["winner"] == record.winner and 0 < record.turns <= 2
    assert [event["kind"] for event in shown["events"]] == [event.kind for event in record.events]
    assert record.events and all(event.turn <= record.turns for event in record.events)
    again = prepared(system).simulate(seed=3, turns=2, policy=policy)
    assert again.to_json() == shown  # the same seed plays the same game
