"""The English of the Heroes System's events, rendered from their facts: one sentence a kind
(`sentence`, one function registered per event class), naming the pieces, groups, objectives
and terrain the events refer to by key from the game's record (`Names`).

Two tellings: the log's (`hon simulate --json`'s "text", worded as the rules core always
wrote it, a counter's name always with a verb in the singular) and the narration's (both
front ends), where a plural counter name takes a plural verb and each order token says which
counter it is on."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Sequence
from typing import Any

from builder.heroes.rules.events.names import Names
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.simulation import GameRecord
from builder.heroes.rules.state import Frame
from builder.render import (  # noqa: F401  (each registers its kinds' sentences)
    heroes_combat,
    heroes_gear,
    heroes_moves,
    heroes_mythos,
    heroes_turn,
)
from builder.render.heroes_telling import Told, sentence


class Narrator:
    """The English of a recorded game's events, each naming the pieces as they stood just
    before it (its own frame's for a piece that was not yet on the battlefield, else as the
    game last saw them)."""

    def __init__(self, frames: Sequence[Frame], names: Names, narrated: bool = True) -> None:
        self.frames, self.names, self.narrated = frames, names, narrated
        self._by_key: dict[int, dict[str, Piece]] = {}  # a frame's pieces by key, by its tuple's id
        self._seen = dict(names.pieces)

    @classmethod
    def of(cls, record: GameRecord, narrated: bool = True) -> Narrator:
        return cls(record.frames, record.names, narrated)

    def sentence(self, index: int) -> str:
        """The sentence of the record's event at `index`."""
        before = self._keyed(self.frames[index - 1].pieces) if index else {}
        pieces = ChainMap(before, self._keyed(self.frames[index].pieces), self._seen)
        return sentence(self.frames[index].event, Told(self.names, pieces, self.narrated))

    def sentences(self) -> list[str]:
        return [self.sentence(index) for index in range(len(self.frames))]

    def _keyed(self, pieces: tuple[Piece, ...]) -> dict[str, Piece]:
        """A frame's pieces by key, worked out once for frames that share their pieces."""
        found = self._by_key.get(id(pieces))
        if found is None:
            found = self._by_key[id(pieces)] = {piece.key: piece for piece in pieces}
        return found


def record_json(record: GameRecord) -> dict[str, Any]:
    """`hon simulate --json`: the record, each event with its sentence as the log has always
    worded it ("text")."""
    told = Narrator.of(record, narrated=False).sentences()
    return {**record.to_json(), "events": [e.to_json(t) for e, t in zip(record.events, told, strict=True)]}
