"""The systems registry: a file goes to the system of its `game`, and a game hon does not
play, or a command its system does not support, is one line and exit 2."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from builder.cli import main
from builder.heroes.system import HEROES
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR
from builder.kernel.coverage import Listing
from builder.kernel.system import Capability, GameId, GameSystem, Unsupported
from builder.memoir.system import MEMOIR
from builder.services import systems
from builder.services.systems import read_head, require, require_game

US = EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml"


@dataclass(frozen=True)
class CardSystem:
    """A system that checks scenarios and nothing else, as a new one starts out."""

    id: str = "cards"
    name: str = "A card game"
    games: tuple[GameId, ...] = (GameId("cards", "A card game"),)
    formats: tuple[str, ...] = ("cards-scenario",)
    extensions: tuple[str, ...] = ()
    capabilities: frozenset[Capability] = field(default_factory=lambda: frozenset({Capability.SCENARIO_CHECK}))

    def supports(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def listing(self) -> Listing:
        return Listing({}, {})


def with_game(tmp_path: Path, game: str) -> Path:
    target = tmp_path / "army.yaml"
    target.write_text(US.read_text().replace("game: hon", f"game: {game}"))
    return target


def test_heroes_files_go_to_the_heroes_system() -> None:
    assert require(US, Capability.FORCE_CHECK) is HEROES
    assert require(SCENARIOS_DIR / "son-the-drowned-chapel.yaml", Capability.SIMULATE) is HEROES
    assert read_head(US).format == "hon-army" and read_head(US).game == "hon"


def test_a_game_hon_does_not_play_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = with_game(tmp_path, "chess")
    with pytest.raises(Unsupported):
        require(path, Capability.FORCE_CHECK)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'chess'" in err and "hon games" in err


def test_a_command_the_system_does_not_support_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cards: GameSystem = CardSystem()
    monkeypatch.setattr(systems, "SYSTEMS", (HEROES, cards))
    path = tmp_path / "deal.yaml"
    path.write_text("format: cards-scenario\nversion: 1\ngame: cards\n")
    assert require(path, Capability.SCENARIO_CHECK) is cards
    for command in (["simulate", str(path)], ["balance", str(path)], ["roster", str(path)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cards" in err and "Traceback" not in err
    with pytest.raises(Unsupported):
        require_game("cards", Capability.ODDS)
    assert main(["rules", "--game", "cards"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hon rules does not support cards" in err


def test_odds_for_an_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--combat", "3", "--defense", "4", "--game", "chess"]) == 2
    assert "'chess'" in capsys.readouterr().err


def test_hon_games_lists_each_system_its_games_and_what_it_supports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["systems"]
    heroes = next(system for system in listed if system["id"] == "heroes")
    assert [game["id"] for game in heroes["games"]] == ["hon", "son"]
    assert "hon-army" in heroes["formats"] and "hon-scenario" in heroes["formats"]
    assert set(heroes["supports"]) == {c.value for c in Capability}  # hon rules included
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    heroes_text = _block(out, HEROES)
    assert "hon rules" in heroes_text and "not yet" not in heroes_text
    tcg = next(system for system in listed if system["id"] == "tcg")
    assert [game["id"] for game in tcg["games"]] == ["tcg"] and "tcg-scenario" in tcg["formats"]
    assert [system["id"] for system in listed] == ["heroes", "tcg", "memoir"]
    assert all({"simulate", "balance"} <= set(system["supports"]) for system in listed)


def test_a_m44_file_goes_to_the_hex_game_by_its_extension() -> None:
    """The official editor's JSON names no game: its extension does."""
    m44 = Path(__file__).parents[1] / "memoir" / "fixtures" / "hedgerow-crossroads.m44"
    assert read_head(m44).game is None and read_head(m44).format is None
    assert require(m44, Capability.BALANCE) is MEMOIR and require(m44, Capability.SIMULATE) is MEMOIR
    with pytest.raises(Unsupported):
        require(m44, Capability.FORCE_CHECK)


def _block(out: str, system: GameSystem) -> str:
    """What `hon games` prints for one system: from its headline to the next system's."""
    start = out.index(f"{system.name} ({system.id})")
    following = [out.find(f"{s.name} ({s.id})", start + 1) for s in systems.SYSTEMS if s is not system]
    return out[start : min((i for i in following if i > start), default=len(out))]
