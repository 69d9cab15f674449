"""A roll as the three games write it: its kind, its dice, each modifier with its page, the
total and the rule it is made under. Each game says its dice its own way (a d6 kept of two,
2d6, the hex game's battle dice faces after the count); the rest is written once here."""

from __future__ import annotations

from rich.text import Text

from builder.kernel.events import Roll


def roll_text(roll: Roll, indent: int, dice: str = "", unit: str = "", faces: str = "") -> Text:
    """`{kind}: {dice} +2 Label (page) … = {total}{unit}{faces}  [{page}]`."""
    text = Text(f"{' ' * indent}{roll.kind}:", style="dim")
    if dice:
        text.append(f" {dice}")
    for modifier in roll.modifiers:
        text.append(f" {modifier.value:+d} {modifier.label}")
        text.append(f" ({modifier.page})", style="dim")
    text.append(f" = {roll.total}{unit}", style="bold")
    text.append(faces)
    text.append(f"  [{roll.page}]", style="dim")
    return text
