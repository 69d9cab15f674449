"""Every error and warning of the list; choosing one jumps to its place."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from builder.kernel.diagnostics import Issue, Severity

MARKS = {Severity.ERROR: ("✖ ", "bold red"), Severity.WARNING: ("▲ ", "yellow"), Severity.INFO: ("• ", "cyan")}


class IssuesPanel(OptionList):
    class Jump(Message):
        def __init__(self, issue: Issue) -> None:
            self.issue = issue
            super().__init__()

    def __init__(self, clean: str, id: str | None = None) -> None:
        """`clean` is what the panel says when there are no issues (of a list, a scenario)."""
        super().__init__(id=id)
        self.clean = clean

    def show(self, issues: list[Issue]) -> None:
        ordered = [i for i in issues if i.severity is not Severity.INFO] + [
            i for i in issues if i.severity is Severity.INFO
        ]
        if ordered == getattr(self, "_issues", None):
            return
        self._issues = ordered
        highlighted = self.highlighted
        self.clear_options()
        if not self._issues:
            self.add_option(Option(Text(self.clean, style="green"), disabled=True))
            return
        for issue in self._issues:
            mark, style = MARKS[issue.severity]
            prompt = Text()
            prompt.append(mark, style=style)
            prompt.append(issue.message)
            if issue.hint:
                prompt.append(f"\n  {issue.hint}", style="dim italic")
            self.add_option(Option(prompt))
        # An issue is always highlighted, so that enter jumps to it without an arrow key first.
        self.highlighted = highlighted if highlighted is not None and highlighted < len(self._issues) else 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(getattr(self, "_issues", [])):
            self.post_message(self.Jump(self._issues[event.option_index]))
