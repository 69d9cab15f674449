"""The simple policy's reinforcement choices: what it takes when a scenario event lets its
side fill the empty slots of its recruitment tiles with options (BfC p.14, p.16)."""

from __future__ import annotations

from builder.heroes.rules.policy_base import PolicyBase
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.models import Event


class ReinforcementChoices(PolicyBase):
    def reinforce(self, state: GameState, side: str, event: Event) -> str:
        """The simple policy takes no new option: choosing one needs the catalogue and the
        army list, which a game in play does not hold, so it keeps its tiles as they are."""
        return (
            f"{side} may fill the empty slots of its recruitment tiles with options; the simple policy "
            "chooses to take none and discards no option tile"
        )
