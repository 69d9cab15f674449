"""How a Heroes System event is told: `sentence`, one function a kind (registered by the
modules heroes_turn, heroes_moves, heroes_gear, heroes_mythos and heroes_combat), given what
the event is told with (`Told`): the game's names, its pieces as they stood, and whether the
sentence is for the narration, where a plural counter name takes a plural verb, or for the
log, worded as the rules core always wrote it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import singledispatch

from builder.heroes.rules.events.names import Names
from builder.heroes.rules.events.phase import PhasedEvent
from builder.heroes.rules.pieces import Piece, Square

_ES = re.compile(r"(ss|sh|ch|x|z)es$")
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def plural_verb(verb: str) -> str:
    """`moves` → `move`, `pushes` → `push`, `is` → `are`; a word that is not a verb in the
    third person singular (`cannot`) is left as it is."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if _ES.search(verb):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss") and verb.isalpha():
        return verb[:-1]
    return verb


def is_plural(piece: Piece) -> bool:
    """Whether the counter's printed name is a plural noun ("Grenadiers", "Paratroopers"):
    it ends in a plural s and names no one person (unique units are heroes and named
    vehicles, such as "Maj. Hollis")."""
    last = (piece.side.name or piece.unit.name).split()[-1]
    return not piece.unit.unique and last.endswith("s") and not last.endswith("ss")


@dataclass(frozen=True)
class Told:
    """What one event is told with: the game's names, its pieces as they stood when it
    happened (`pieces`, by key), and whether it is told for the narration (`narrated`)."""

    names: Names
    pieces: Mapping[str, Piece]
    narrated: bool

    def name(self, key: str) -> str:
        """A counter's printed name, its side's when that side prints another."""
        piece = self.pieces[key]
        return piece.side.name or piece.unit.name

    def verb(self, key: str, verb: str) -> str:
        """`verb` (given in the singular) agreeing, in the narration, with the counter `key`
        as its subject."""
        return plural_verb(verb) if self.narrated and is_plural(self.pieces[key]) else verb

    def does(self, key: str, verb: str) -> str:
        """`Grenadiers move`: the counter's name and `verb`, agreeing with a plural name in
        the narration."""
        return f"{self.name(key)} {self.verb(key, verb)}"

    def title(self, key: str) -> str:
        """The title of the counter's combat group, or its name when it has none."""
        return self.names.title(self.pieces[key])


def squares(at: Iterable[Square]) -> str:
    """`[4, 0] [5, 0]`: squares as the narration names them."""
    return " ".join(f"[{c}, {r}]" for c, r in at)


@singledispatch
def sentence(event: PhasedEvent, told: Told) -> str:
    """The event in one English sentence, by its kind (one function registered a kind)."""
    raise TypeError(f"no sentence for the {event.kind!r} event")
