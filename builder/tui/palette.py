"""The command palette lists every action of the current screen: each key binding is a
command, so nothing is reachable only by a key or only by the palette."""

from __future__ import annotations

from functools import partial

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider


class ActionsProvider(Provider):
    def _commands(self) -> list[tuple[str, str, str]]:
        """(description, action, key) of the screen's and the app's own bindings. Their
        class BINDINGS are read rather than the active ones, so that a focused text box
        using the same key does not hide a command from the palette."""
        found: dict[str, tuple[str, str, str]] = {}
        for owner, prefix in ((type(self.screen), ""), (type(self.app), "app.")):
            for klass in owner.__mro__:
                for binding in getattr(klass, "BINDINGS", []):
                    if not isinstance(binding, Binding) or not binding.description:
                        continue
                    action = binding.action if "." in binding.action else prefix + binding.action
                    found.setdefault(action, (binding.description, action, binding.key.split(",")[0]))
        return list(found.values())

    async def discover(self) -> Hits:
        for description, action, key in self._commands():
            yield DiscoveryHit(description, partial(self.screen.run_action, action), help=f"key: {key}")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for description, action, key in self._commands():
            score = matcher.match(description)
            if score > 0:
                yield Hit(
                    score, matcher.highlight(description), partial(self.screen.run_action, action), help=f"key: {key}"
                )
