"""The Machine Gunner's split fire (HoN core p.24, p.33; SoN p.8): one firing action whose
modified combat value is shared between targets of one type, each within 2 squares of
another, at least +1 each."""

from __future__ import annotations

from collections.abc import Sequence

from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import IllegalAttack, Shot, aim, name
from builder.heroes.rules.ruleset import HON, Ruleset


def machine_gunner_pool(shot: Shot, ruleset: Ruleset = HON) -> int:
    """The modified combat value a Machine Gunner splits (HoN core p.24, p.33): in HoN already
    doubled by suppressive fire; in SoN the shares are doubled after the split (SoN p.8)."""
    doubled_first = shot.suppressive and not ruleset.split_before_doubling
    plan = aim(shot.varied(doubled_first, None), ruleset)
    return sum(m.value for m in plan.combat)


def split_machine_gunner(
    total: int, targets: Sequence[Piece], shares: Sequence[int] | None = None, ruleset: Ruleset = HON
) -> tuple[int, ...]:
    """Split a Machine Gunner's modified combat value between targets of one type, each within
    2 squares of another, at least +1 each (HoN core p.24). Without `shares`, as evenly as
    possible with the remainder on the last targets: +4 over three targets is +1, +1, +2."""
    page = ruleset.cite("machine-gunner")
    if not targets:
        raise RulesError(Code.MACHINE_GUNNER_TARGETS, "a Machine Gunner needs at least one target")
    if len({t.type for t in targets}) > 1:
        raise IllegalAttack(
            Code.MACHINE_GUNNER_TARGETS,
            "Machine Gunner targets are all infantry, all light or all heavy vehicles",
            page,
        )
    apart = _apart(targets)
    if apart:
        far = ", ".join(name(t) for t in apart)
        raise IllegalAttack(Code.MACHINE_GUNNER_TARGETS, f"{far}: more than 2 squares from the other targets", page)
    if total < len(targets):
        raise IllegalAttack(
            Code.MACHINE_GUNNER_SHARES, f"+{total} cannot give each of {len(targets)} targets at least +1", page
        )
    if shares is None:
        base, extra = divmod(total, len(targets))
        return (base,) * (len(targets) - extra) + (base + 1,) * extra
    if len(shares) != len(targets) or min(shares) < 1 or sum(shares) != total:
        raise IllegalAttack(
            Code.MACHINE_GUNNER_SHARES,
            f"shares {list(shares)} must give each target at least +1 and add up to +{total}",
            page,
        )
    return tuple(shares)


def splits_evenly(total: int, targets: Sequence[Piece]) -> bool:
    """Whether `split_machine_gunner` splits `total` between `targets` as evenly as it can
    (no `shares` given) rather than refusing it: a policy weighing many groups of targets
    skips those it would refuse without the refusal's words."""
    return bool(targets) and len({t.type for t in targets}) == 1 and total >= len(targets) and not _apart(targets)


def _apart(targets: Sequence[Piece]) -> list[Piece]:
    """The targets not joined to the first by steps of at most 2 squares from target to
    target (HoN core p.24), none when every one is."""
    reached, waiting = [targets[0]], list(targets[1:])
    while waiting:
        near = [t for t in waiting if any(range_between(t.squares, r.squares) <= 2 for r in reached)]
        if not near:
            return waiting
        reached += near
        waiting = [t for t in waiting if t not in near]
    return []
