"""A free option of the army list, one that takes no slot (such as the Deep Ones' Totem,
SoN p.16): a row under the tile cards that Delete removes."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Static

from builder.tui.screens.editing import DocumentScreen


class FreeOptionRow(Static, can_focus=True):
    BINDINGS = [Binding("delete,backspace", "remove", "Remove")]

    def __init__(self, index: int) -> None:
        super().__init__(classes="slot-row")
        self.index = index

    @property
    def path(self) -> str:
        return f"free_options[{self.index}]"

    def action_remove(self) -> None:
        from builder.heroes.army.edits import RemoveFreeOption

        screen = self.screen
        assert isinstance(screen, DocumentScreen)
        screen.edit(RemoveFreeOption(self.index))
