"""How both front ends (the `hon simulate` narration and the TUI's simulation viewer) show
the rules core's events: one line per event, and each roll with its dice, every modifier with
its page and the total. Rendering only: the events already hold every number."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from rich.text import Text

from builder.heroes.rules.events.game import (
    AssaultEvent,
    BreaksEvent,
    CardEvent,
    ControlEvent,
    DestroyedEvent,
    DestructionEvent,
    DrawEvent,
    FireEvent,
    GearEvent,
    HeroesEvent,
    OrdersEvent,
    RubbleEvent,
    ScenarioEvent,
    SniperEvent,
    SpotEvent,
    SuddenDeathEvent,
    TemplateEvent,
    TurnEvent,
    VictoryEvent,
)
from builder.heroes.rules.pieces import Piece
from builder.kernel.events import GameEvent, Roll
from builder.render import rolls

# The kinds of event that stand out; the others are plain.
STYLE: dict[type[GameEvent], str] = {
    FireEvent: "bold",
    SniperEvent: "bold",
    TemplateEvent: "bold",
    RubbleEvent: "red",
    DestructionEvent: "red",  # Destruction dice at a structure (HoN core p.22)
    AssaultEvent: "bold",
    DestroyedEvent: "red",
    BreaksEvent: "bold red",
    VictoryEvent: "bold green",
    ControlEvent: "cyan",
    SuddenDeathEvent: "bold red",
    ScenarioEvent: "magenta",
    SpotEvent: "yellow",
    TurnEvent: "bold underline",
    CardEvent: "yellow",  # an action card played, with its page (HoN core p.17)
    GearEvent: "yellow",  # a gear marker spent, with its page (HoN core p.28)
    DrawEvent: "dim",
}


def style_of(event: HeroesEvent) -> str:
    """The style of an event's sentence, chosen by its type."""
    return STYLE.get(type(event), "")


def event_line(event: HeroesEvent, narrator: Narrator | None = None) -> Text:
    """`T2 [us] Fire Team fires at Fw. Richter: …`, in the `narrator`'s English when given."""
    prefix = f"T{event.turn} " if event.turn else "   "
    who = f"[{event.side}] " if event.side else ""
    text = narrator.sentence(event) if narrator is not None else event.text
    return Text(f"{prefix}{who}{text}", style=style_of(event))


# --- Telling events in good English -------------------------------------------------------
#
# The rules core writes each event's sentence once, with the counter's printed name as its
# subject ("Grenadiers moves 4 squares"); that sentence is also the `text` of the JSON event
# log, which stays as it is. The narration, which knows the counters of the game, makes the
# verb agree with a plural name and tells which counter each order token is on.

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


@dataclass
class Narrator:
    """The English of a game's events, knowing every counter that appears in it."""

    pieces: dict[str, Piece] = field(default_factory=dict)  # by key, as last seen
    plural: dict[str, bool] = field(default_factory=dict)  # by printed name

    @classmethod
    def of(cls, frames: Iterable[tuple[Piece, ...]]) -> Narrator:
        """From the pieces of each frame of a game (`Frame.pieces`)."""
        narrator = cls()
        for pieces in frames:
            for piece in pieces:
                narrator.pieces[piece.key] = piece
                narrator.plural.setdefault(piece.side.name or piece.unit.name, is_plural(piece))
        return narrator

    def sentence(self, event: HeroesEvent) -> str:
        text = self._agreed(event.text)
        if isinstance(event, OrdersEvent):
            text = self._orders(text, event.numbered)
        return text

    def _agreed(self, text: str) -> str:
        """The sentence with its verb in the plural when its subject is a plural name."""
        subjects = [name for name in self.plural if text.startswith(name + " ")]
        if not subjects:
            return text
        subject = max(subjects, key=len)
        if not self.plural[subject]:
            return text
        rest = text[len(subject) + 1 :]
        aside = re.match(r"\([^()]*(?:\([^()]*\)[^()]*)*\) ", rest)  # "(Engineer) removes …"
        start = aside.end() if aside else 0
        verb, space, tail = rest[start:].partition(" ")
        return f"{subject} {rest[:start]}{plural_verb(verb)}{space}{tail}"

    def _orders(self, text: str, numbered: tuple[str, ...]) -> str:
        """Each numbered token named by its counter ("Fire Team 2 of 16th Inf. Reg. A"),
        not only by the tile the counter belongs to."""
        start = text.rfind(": 1 ")
        if not numbered or start < 0 or not text.endswith("."):
            return text
        entries = text[start + 2 : -1]
        titles: list[str] = []
        for n in range(1, len(numbered) + 1):
            head = f"{n} "
            following = entries.find(f", {n + 1} ") if n < len(numbered) else len(entries)
            if not entries.startswith(head) or following < 0:
                return text  # not the list the rules core writes: told as it is
            titles.append(entries[len(head) : following])
            entries = entries[following + 2 :]
        pairs = enumerate(zip(numbered, titles, strict=True), start=1)
        return f"{text[: start + 2]}{', '.join(f'{n} {self._counter(key, title)}' for n, (key, title) in pairs)}."

    def _counter(self, key: str, title: str) -> str:
        piece = self.pieces.get(key)
        if piece is None:
            return title
        name = piece.unit.name
        group, _, copy = key.rpartition("/")
        if sum(1 for other in self.pieces if other.rpartition("/")[0] == group) > 1:
            name += f" {copy}"
        return name if title == piece.unit.name else f"{name} of {title}"


def roll_text(roll: Roll, indent: int = 6) -> Text:
    """`fire: d6 [4] +2 Combat value vs infantry (HoN core p.15) +1 Ammo (…) = 7`."""
    dice = " ".join(str(d) for d in roll.dice)
    return rolls.roll_text(roll, indent, f"d6 [{dice}]" + (f" keeps {roll.kept}" if len(roll.dice) > 1 else ""))
