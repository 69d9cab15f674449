"""Mechanics: the game turn."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    BOTH,
    HON,
    PLAYED,
    SON,
    SPECIAL_TOKENS,
    Rule,
    mechanic,
)

ENTRIES: tuple[Rule, ...] = (
    mechanic(
        "game-turn",
        "The Game Turn",
        BOTH,
        "HoN core p.8; SoN p.4",
        PLAYED,
        "the effects due at the start or end of a phase come from abilities, cards, options and scenario events, "
        "each listed here",
    ),
    mechanic(
        "initiative",
        "Initiative",
        BOTH,
        "HoN core p.8; SoN p.10",
        PLAYED,
        "a scenario that leaves turn 1 to chance: a die each, the highest wins, ties rolled again (the project's "
        "reading)",
    ),
    mechanic(
        "order-phase",
        "Order Phase",
        BOTH,
        "HoN core p.8; SoN p.4",
        PLAYED,
        "the token placements are the simulation's policy: nearest the enemy first",
    ),
    mechanic(
        "order-tokens",
        "Numbered Order Tokens",
        HON,
        "HoN core p.8",
        PLAYED,
        "",
    ),
    mechanic(
        "bluff-tokens",
        "Bluff Order Tokens",
        HON,
        "HoN core p.8; HoN core p.30",
        PLAYED,
        "",
    ),
    mechanic(
        "special-order-tokens",
        "Special Order Tokens",
        HON,
        "HoN core p.8",
        PLAYED,
        SPECIAL_TOKENS,
    ),
    mechanic(
        "sudden-death",
        "Sudden death",
        BOTH,
        "HoN core p.8; SoN p.4",
        PLAYED,
        "",
    ),
    mechanic(
        "activation-phase",
        "Activation Phase",
        BOTH,
        "HoN core p.9; SoN p.4",
        PLAYED,
        "what an activated unit does is the simulation's policy: assault, fire, or move towards the objectives",
    ),
    mechanic(
        "supply-phase",
        "Supply Phase",
        BOTH,
        "HoN core p.16; SoN p.10",
        PLAYED,
        "Terror checks (SoN) and drawing action cards are listed apart",
    ),
    mechanic(
        "three-player-initiative",
        "Three-player initiative",
        SON,
        "SoN p.10",
        PLAYED,
        "a scenario puts sides in a team; teams alternate, team-mates in rotation; allies never fight, score and "
        "win together; the solo player deploys all at once when the set-up's step comes",
    ),
    mechanic(
        "game-end",
        "End of the game and victory",
        BOTH,
        "HoN core p.8; BfC p.18; SoN p.10",
        PLAYED,
        "the first outcome of the scenario that holds wins",
    ),
)
