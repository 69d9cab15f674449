"""A game the rules core cannot finish is a bug, and `hon simulate` tells it as `hon balance`
does (issue 34): one line naming the seed and the error, exit 1, never a traceback; every
system alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.services import game, memoir_game, tcg_game

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


class Broken(RuntimeError):
    """An error raised in the middle of a game, as a rules core bug would."""


def _broken(*_: Any, **__: Any) -> None:
    raise Broken("the rules refused their own option")


@pytest.mark.parametrize(
    ("played", "scenario", "policy"),
    [
        (game.PreparedGame, "hon-first-contact.yaml", "search"),
        (game.PreparedGame, "hon-first-contact.yaml", "greedy"),
        (tcg_game.CheckedScenario, "tcg/orchard-at-dawn.yaml", "greedy"),
        (memoir_game.PreparedGame, "m44/orchard-crossing.yaml", "random"),
    ],
)
def test_a_failed_game_is_one_line_with_its_seed_and_exit_1(
    played: type, scenario: str, policy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(played, "simulate", _broken)
    assert main(["simulate", str(SCENARIOS / scenario), "--seed", "4711", "--policy", policy]) == 1
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert "4711" in captured.err and Broken.__name__ in captured.err
    assert captured.out == ""  # no title of a game that was not played
