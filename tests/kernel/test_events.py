"""One event base for the three systems (issue 33): the kernel's `event_log`, which each
system's EVENT_LOG is, reads a JSON event log back, every event by its `kind`."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import ValidationError

from builder.kernel.events import ToldEvent, event_log


class Bell(ToldEvent):
    kind: Literal["bell"] = "bell"
    rings: int


class Horn(ToldEvent):
    kind: Literal["horn"] = "horn"


def test_a_log_reads_each_event_back_as_its_kind() -> None:
    log = event_log(Bell | Horn)
    events = [
        Bell(turn=1, phase="p", text="rings", page="p.1", rings=2),
        Horn(turn=1, phase="p", text="t", page="p.2"),
    ]
    assert log.validate_python([event.to_json() for event in events]) == events
    with pytest.raises(ValidationError):
        log.validate_python([{**events[0].to_json(), "kind": "drum"}])
