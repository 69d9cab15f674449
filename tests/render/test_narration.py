"""The narration both front ends share chooses how to show an event by its type."""

from __future__ import annotations

from builder.heroes.rules.events.game import DestroyedEvent, HoldEvent, Phase, TurnEvent, VictoryEvent
from builder.render.narration import event_line, style_of


def test_the_style_follows_the_type_of_event() -> None:
    destroyed = DestroyedEvent(turn=2, phase=Phase.ACTIVATION, side="us", unit="us/a/1")
    held = HoldEvent(turn=2, phase=Phase.ACTIVATION, side="us", unit="us/a/1")
    won = VictoryEvent(turn=6, phase=Phase.SUPPLY, side="us", winner="us", victory_points={"us": 3, "german": 0})
    assert style_of(destroyed) == "red" and style_of(held) == "" and style_of(won) == "bold green"
    line = event_line(destroyed, "Squad is destroyed.")
    assert line.plain == "T2 [us] Squad is destroyed." and line.style == "red"


def test_the_set_up_has_no_turn_number() -> None:
    line = event_line(TurnEvent(turn=0, phase=Phase.SETUP), "Before the game.")
    assert line.plain == "   Before the game." and line.style == "bold underline"
