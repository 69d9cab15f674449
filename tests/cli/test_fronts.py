"""The command line's fronts (builder/cli/fronts.py): every system has one, and it answers
exactly the commands its capabilities promise, so the registry's refusal and the front agree."""

from __future__ import annotations

import pytest

from builder.cli.fronts import FRONTS, Front, front
from builder.kernel.system import Capability, GameSystem
from builder.services.systems import SYSTEMS

# The command of each capability a front answers, by its method's name (`design` goes with
# SCENARIO_CHECK: a system whose scenarios hon checks has a designer for them).
METHODS = {
    Capability.FORCE_CHECK: "validate",
    Capability.SCENARIO_CHECK: "check",
    Capability.DEPLOY: "deploy",
    Capability.SHEET: "sheet",
    Capability.SIMULATE: "simulate",
}


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.id)
def test_a_systems_front_answers_what_its_capabilities_promise(system: GameSystem) -> None:
    found = front(system)
    answered = {cap for cap, method in METHODS.items() if getattr(type(found), method) is not getattr(Front, method)}
    assert answered == {cap for cap in METHODS if system.supports(cap)}
    assert (type(found).design is not Front.design) == system.supports(Capability.SCENARIO_CHECK)


def test_every_system_has_a_front() -> None:
    assert {system.id for system in SYSTEMS} == set(FRONTS)
