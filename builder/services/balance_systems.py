"""Which system plays a balance run of a file (builder.services.balance): each system
registers the function that prepares its scenarios once, and `prepare_balance` finds it
through the systems registry. An option of another system's, a player for a side the
scenario does not have, or the search agent in a system without one (Capability.SEARCH) is
one sentence (exit 2)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from builder.heroes.system import HEROES
from builder.kernel.system import Capability, GameSystem, Unsupported
from builder.memoir.system import MEMOIR
from builder.services import balance_heroes, balance_memoir, balance_tcg
from builder.services.balance import BalanceAsk, Prepared
from builder.services.systems import require
from builder.tcg.rules.variants import Variant
from builder.tcg.system import TCG

# The system whose each of BalanceAsk's own options is.
OWNERS: dict[str, GameSystem] = {"--army": HEROES, "--temperature": HEROES, "--catalogue": HEROES, "--variant": TCG}
PREPARE: dict[str, Callable[[Path, BalanceAsk], Prepared]] = {
    HEROES.id: balance_heroes.prepare,
    TCG.id: balance_tcg.prepare,
    MEMOIR.id: balance_memoir.prepare,
}

# The variant rules each system's games may be played under (`--variant`), by name.
VARIANTS: dict[str, tuple[str, ...]] = {TCG.id: tuple(variant.value for variant in Variant)}


def variants_of(system: GameSystem) -> tuple[str, ...]:
    """The names of the variant rules `system`'s balance runs may play under, or none."""
    return VARIANTS.get(system.id, ())


def prepare_balance(path: Path, ask: BalanceAsk) -> Prepared:
    """The scenario of `path` ready for a balance run, by its system; Unsupported for a
    file of no system that balances, an option its system does not take, or a player it
    cannot seat (module docs)."""
    system = require(path, Capability.BALANCE)
    foreign = [option for option in ask.given() if OWNERS[option] is not system]
    if foreign:
        whose = OWNERS[foreign[0]].name
        raise Unsupported(path, f"{foreign[0]} is for {whose} scenarios; this is a {system.name} scenario.")
    prepared = PREPARE[system.id](path, ask)
    setting = prepared.game.setting
    seats = setting.seats or prepared.game.sides
    unknown = [side for side, _ in ask.players.chosen if side not in seats]
    if unknown:
        raise Unsupported(path, f"the scenario has no side {unknown[0]!r} to play; its sides are {', '.join(seats)}.")
    if ask.players.searching(seats) and not system.supports(Capability.SEARCH):
        raise Unsupported(path, f"--policy search: {system.name} games have no search agent yet (see hon games).")
    return prepared
