"""The slot rule (HoN core p.6): an option goes into a slot when its tile fits the slot in
shape and size, and the stripe on each of its sides is one of the colours framing the
slot. Orders carry command stripes and go only on command tiles (HoN core p.30)."""

from __future__ import annotations

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import OptionKind, Recruit, RecruitmentOption, Slot
from builder.kernel.diagnostics import Issue, error, join_and, join_or


def slot_issues(
    option: RecruitmentOption, slot: Slot, recruit: Recruit, title: str, path: str, catalogue: Catalogue
) -> list[Issue]:
    """Why `option` may not go into `slot` of the tile titled `title`; empty when it fits.

    The TUI shows these same sentences beside the options it dims."""
    where = f"the {slot.id} slot of {title}"
    if option.kind is OptionKind.ORDER and not recruit.is_command:
        return [
            error(
                "slot.command",
                path,
                f"{option.name} is an order; orders go only on command or high-command tiles "
                f"(with laurels), and {title} is not one.",
                "Put it in a slot of a command tile.",
            )
        ]
    issues: list[Issue] = []
    if not option.size.fits_in(slot.size):
        code, why = (
            ("slot.size", f"{option.name} is a {option.size} tile, too large for {where}, which takes {slot.size}.")
            if option.size.area > slot.size.area
            else ("slot.shape", f"{option.name} is a {option.size} tile and {where} is {slot.size}: the shapes differ.")
        )
        issues.append(error(code, path, why, "Choose an option of the slot's size, or another slot."))
    wrong = unmatched_stripes(option, slot)
    if wrong:
        accepted = join_or(_stripe_names(slot.stripes, catalogue))
        issues.append(
            error(
                "slot.stripes",
                path,
                _refusal(option, wrong, f"{where}, which takes {accepted}", catalogue),
                "Each stripe on the option must match a colour framing the slot.",
            )
        )
    return issues


def unmatched_stripes(option: RecruitmentOption, slot: Slot) -> tuple[str, ...]:
    """The stripes on the option's sides that no colour framing the slot matches, once each,
    in the order of its sides (HoN core p.6): empty when every side fits."""
    return tuple(dict.fromkeys(stripe for stripe in option.stripes if stripe not in slot.stripes))


def _refusal(option: RecruitmentOption, wrong: tuple[str, ...], slot: str, catalogue: Catalogue) -> str:
    """The sides that do not match, named by their stripes, never those that do: "The Common
    side of Bazooka does not match the left slot of …"."""
    names = join_and(_stripe_names(list(wrong), catalogue))
    if set(option.stripes) <= set(wrong):
        return f"No side of {option.name} matches {slot}; its sides are {names}."
    sides, verb = ("side", "does") if len(wrong) == 1 else ("sides", "do")
    return f"The {names} {sides} of {option.name} {verb} not match {slot}."


def _stripe_names(stripes: list[str], catalogue: Catalogue) -> list[str]:
    """Stripe names once each, in order: ['US 16th Inf. Reg.', 'US common']."""
    seen: list[str] = []
    for stripe in stripes:
        name = catalogue.name_of("stripes", stripe)
        if name not in seen:
            seen.append(name)
    return seen
