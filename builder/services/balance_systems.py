"""Which system plays a balance run of a file (builder.services.balance): each system
registers the function that prepares its scenarios once, and `prepare_balance` finds it
through the systems registry. An option of another system's is one sentence (exit 2)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from builder.heroes.system import HEROES
from builder.kernel.system import Capability, Unsupported
from builder.memoir.system import MEMOIR
from builder.services import balance_heroes, balance_memoir, balance_tcg
from builder.services.balance import BalanceAsk, Prepared
from builder.services.systems import require
from builder.tcg.system import TCG

PREPARE: dict[str, Callable[[Path, BalanceAsk], Prepared]] = {
    HEROES.id: balance_heroes.prepare,
    TCG.id: balance_tcg.prepare,
    MEMOIR.id: balance_memoir.prepare,
}


def prepare_balance(path: Path, ask: BalanceAsk) -> Prepared:
    """The scenario of `path` ready for a balance run, by its system; Unsupported for a
    file of no system that balances, or an option its system does not take."""
    system = require(path, Capability.BALANCE)
    foreign = ask.heroes_options() if system is not HEROES else []
    if foreign:
        raise Unsupported(path, f"{foreign[0]} is for Heroes System scenarios; this is a {system.name} scenario.")
    return PREPARE[system.id](path, ask)
