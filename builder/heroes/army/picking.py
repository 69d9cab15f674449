"""What may go into a slot: every candidate option judged by the legality engine itself,
so the builder shows the same sentence `hon validate` would print."""

from __future__ import annotations

from dataclasses import dataclass

from builder.heroes.army.edits import SetSlot
from builder.heroes.army.models import ArmyList, OptionPick
from builder.heroes.army.validate import validate
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import RecruitmentOption
from builder.kernel.diagnostics import Issue, Severity


@dataclass(frozen=True)
class Candidate:
    """An option the player might put in a slot, with why it may not go there."""

    option: RecruitmentOption
    errors: tuple[Issue, ...]
    warnings: tuple[Issue, ...]

    @property
    def fits(self) -> bool:
        return not self.errors


def candidates(army: ArmyList, catalogue: Catalogue, section: str, index: int, slot_id: str) -> list[Candidate]:
    """Every slotted option of the army's faction (and common ones) judged for one slot, by
    validating the list with the option in place: the reasons are the legality engine's
    own sentences. Those that fit come first."""
    path = f"{section}[{index}].slots.{slot_id}"
    found: list[Candidate] = []
    for option in catalogue.options_of(army.faction):
        if option.free:
            continue
        trial = SetSlot(section, index, slot_id, OptionPick(option=option.id, choice=_default_choice(option))).apply(
            army
        )
        here = [issue for issue in validate(trial, catalogue) if issue.path in (path, f"{path}.choice")]
        errors = tuple(i for i in here if i.severity is Severity.ERROR)
        warnings = tuple(i for i in here if i.severity is Severity.WARNING)
        found.append(Candidate(option, errors, warnings))
    found.sort(key=lambda c: (not c.fits, c.option.kind.value, c.option.name))
    return found


def _default_choice(option: RecruitmentOption) -> list[str]:
    """A choice that satisfies the option, so that a missing choice is not held against it
    while judging whether it fits; the player makes the real choice next."""
    choice = option.choice
    if choice is None:
        return []
    if choice.repeat:
        return [choice.among[0]] * choice.count
    return list(choice.among[: choice.count])
