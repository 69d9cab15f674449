"""Mechanics: assault."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    BOTH,
    HON,
    PLAYED,
    SON,
    Rule,
    mechanic,
)

ENTRIES: tuple[Rule, ...] = (
    mechanic(
        "assault-launch",
        "Launching an assault",
        BOTH,
        "HoN core p.25; SoN p.7",
        PLAYED,
        "the move ends stepping into the defender's square, from a free square (or its transport), the last step "
        "ignoring ZoC",
    ),
    mechanic(
        "assault-results",
        "Assault results",
        BOTH,
        "HoN core p.25-26; SoN p.7",
        PLAYED,
        "retreats and overruns are listed apart",
    ),
    mechanic(
        "assault-retreat",
        "Retreat after an assault",
        BOTH,
        "HoN core p.26; SoN p.7",
        PLAYED,
        "a beaten infantry defender falls back to one of the three squares opposite, its owner's choice, never "
        "within an enemy ZoC nor across a wall, out of a building by a door (Surprise: a window), or into an allied "
        "transport, or is destroyed",
    ),
    mechanic(
        "assault-push-aside",
        "Push aside",
        HON,
        "HoN core p.26",
        PLAYED,
        "the owner's choice of square is the first free one in column then row order",
    ),
    mechanic(
        "assault-overrun",
        "Overrun",
        HON,
        "HoN core p.26",
        PLAYED,
        "a vehicle that loses or ties against infantry takes its square, its wreck too when the assault wrecked it; "
        "the infantry is pushed aside",
    ),
    mechanic(
        "assault-pushed-back",
        "The attacker pushed back",
        SON,
        "SoN p.7",
        PLAYED,
        "after a loss the attacker is pushed back to the square it assaulted from, after a tie both stay; SoN makes "
        "no exception for a vehicle beaten by infantry, unlike HoN core p.26",
    ),
)
