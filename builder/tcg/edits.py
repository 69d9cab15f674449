"""Edits to a Tactical Card Game scenario as undoable commands, for the designer and the deck
composer (see builder.kernel.history): a box's terrain (TCG p.17), the markers of p.16 on a
box, a side's reinforcement zone (p.6), a deployed card face up or hidden (p.16), the
cards of a side's deck, the reserve (p.5), a side's COMMAND and DIRECTIVE markers (p.5) and
the scenario events on the turn track (p.16). Each turns one scenario into the next. The
details and victory conditions have their own edits (detail_edits.py)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from builder.kernel.diagnostics import Issue, error
from builder.tcg.base import Box
from builder.tcg.scenario import (
    COMMAND_MARKERS,
    DIRECTIVE_MARKERS,
    VALUED_MARKERS,
    DeckEntry,
    Force,
    Marker,
    MarkerKind,
    Placement,
    Scenario,
    ScenarioEvent,
    TerrainBox,
)
from builder.tcg.terrain import Terrain
from builder.tcg.updated import updated, with_force, with_side


@dataclass(frozen=True)
class SetTerrain:
    """Give a box its terrain; open ground is the default and is not written (TCG p.4)."""

    box: Box
    terrain: Terrain

    def apply(self, scenario: Scenario) -> Scenario:
        kept = [t for t in scenario.terrain if t.box != self.box]
        if self.terrain is not Terrain.OPEN:
            kept.append(TerrainBox(box=self.box, terrain=self.terrain))
        kept.sort(key=lambda t: (t.box[1], t.box[0]))
        return updated(scenario, terrain=kept)

    @property
    def label(self) -> str:
        return f"{self.terrain.label} at {list(self.box)}"


@dataclass(frozen=True)
class ToggleMarker:
    """Put a marker of `kind` on the box, or take it off when one is there. A new objective
    gets an id the victory conditions can name; a bonus marker starts at +1."""

    box: Box
    kind: MarkerKind

    def apply(self, scenario: Scenario) -> Scenario:
        there = [m for m in scenario.markers if m.box == self.box and m.kind is self.kind]
        if there:
            return updated(scenario, markers=[m for m in scenario.markers if m not in there])
        marker = Marker(
            box=self.box,
            kind=self.kind,
            id=_free_id(scenario, f"objective-{self.box[0]}-{self.box[1]}")
            if self.kind is MarkerKind.OBJECTIVE
            else None,
            value=1 if self.kind in VALUED_MARKERS else None,
        )
        return updated(scenario, markers=[*scenario.markers, marker])

    @property
    def label(self) -> str:
        return f"{self.kind.value} marker at {list(self.box)}"


def _free_id(scenario: Scenario, wanted: str) -> str:
    taken = {m.id for m in scenario.markers}
    found, n = wanted, 2
    while found in taken:
        found, n = f"{wanted}-{n}", n + 1
    return found


def _with_markers_changed(
    scenario: Scenario, box: Box, kinds: Collection[MarkerKind], change: Callable[[Marker], dict[str, object]]
) -> Scenario:
    """The scenario with the markers of `kinds` on `box` updated by `change(marker)`."""
    markers = [m.model_copy(update=change(m)) if m.box == box and m.kind in kinds else m for m in scenario.markers]
    return updated(scenario, markers=markers)


@dataclass(frozen=True)
class NameObjective:
    """Name the objective on the box, as the victory conditions say it (TCG p.16)."""

    box: Box
    name: str | None

    def apply(self, scenario: Scenario) -> Scenario:
        return _with_markers_changed(scenario, self.box, {MarkerKind.OBJECTIVE}, lambda m: {"name": self.name or None})

    @property
    def label(self) -> str:
        return f"objective name at {list(self.box)}"


@dataclass(frozen=True)
class StepMarkerValue:
    """Raise the number on the box's bonus markers by one, from 6 back to 1 (TCG p.16)."""

    box: Box

    def apply(self, scenario: Scenario) -> Scenario:
        return _with_markers_changed(scenario, self.box, VALUED_MARKERS, lambda m: {"value": (m.value or 0) % 6 + 1})

    @property
    def label(self) -> str:
        return f"bonus value at {list(self.box)}"


@dataclass(frozen=True)
class ToggleZone:
    """Add the box to a side's reinforcement zone (taking it from the other side's: a box
    belongs to one zone), or take it out when it is there (TCG p.6)."""

    box: Box
    side: str

    def apply(self, scenario: Scenario) -> Scenario:
        sides = []
        for side in scenario.sides:
            zone = [b for b in side.reinforcement_zone if b != self.box]
            if side.id == self.side and self.box not in side.reinforcement_zone:
                zone.append(self.box)
                zone.sort(key=lambda b: (b[1], b[0]))
            sides.append(side.model_copy(update={"reinforcement_zone": zone}))
        return updated(scenario, sides=sides)

    @property
    def label(self) -> str:
        return f"{self.side} reinforcement zone at {list(self.box)}"


@dataclass(frozen=True)
class ToggleHidden:
    """Turn the cards deployed on the box face down, or face up (TCG p.16)."""

    box: Box

    def apply(self, scenario: Scenario) -> Scenario:
        for side in scenario.sides:
            deployment = [
                p.model_copy(update={"hidden": not p.hidden}) if p.box == self.box else p for p in side.force.deployment
            ]
            if deployment != side.force.deployment:
                scenario = with_force(scenario, side, deployment=deployment)
        return scenario

    @property
    def label(self) -> str:
        return f"hidden or visible at {list(self.box)}"


@dataclass(frozen=True)
class AddToDeck:
    """One more copy of a card in a side's deck, the reserve (TCG p.5)."""

    side: str
    card: str

    def apply(self, scenario: Scenario) -> Scenario:
        side = scenario.side(self.side)
        if side is None:
            return scenario
        return with_force(scenario, side, deck=added(side.force, self.card))

    @property
    def label(self) -> str:
        return f"add {self.card} to the {self.side} deck"


def added(force: Force, card: str) -> list[DeckEntry]:
    """The deck with one more `card`: its entry counts one more, or a new entry ends it."""
    if any(entry.card == card for entry in force.deck):
        return [e.model_copy(update={"count": e.count + 1}) if e.card == card else e for e in force.deck]
    return [*force.deck, DeckEntry(card=card)]


@dataclass(frozen=True)
class RemoveFromDeck:
    """One copy fewer of a card in a side's deck."""

    side: str
    card: str

    def apply(self, scenario: Scenario) -> Scenario:
        side = scenario.side(self.side)
        if side is None:
            return scenario
        deck = [
            e.model_copy(update={"count": e.count - 1}) if e.card == self.card else e
            for e in side.force.deck
            if e.card != self.card or e.count > 1
        ]
        return with_force(scenario, side, deck=deck)

    @property
    def label(self) -> str:
        return f"remove {self.card} from the {self.side} deck"


@dataclass(frozen=True)
class Deploy:
    """Deploy a card of a side at the start on a box (TCG p.5), face up or hidden: what the
    side had on the box goes, and a card already deployed elsewhere moves there."""

    side: str
    placement: Placement
    decoy: bool = False  # a side deploys several decoys: one placed is added, not moved

    def apply(self, scenario: Scenario) -> Scenario:
        side = scenario.side(self.side)
        if side is None:
            return scenario
        return with_force(scenario, side, deployment=side.force.placed(self.placement, self.decoy).deployment)

    @property
    def label(self) -> str:
        return f"deploy {self.placement.card} at {list(self.placement.box)}"


@dataclass(frozen=True)
class ClearBox:
    """Take every card deployed on the box off the battlefield."""

    box: Box

    def apply(self, scenario: Scenario) -> Scenario:
        for side in scenario.sides:
            kept = [p for p in side.force.deployment if p.box != self.box]
            if kept != side.force.deployment:
                scenario = with_force(scenario, side, deployment=kept)
        return scenario

    @property
    def label(self) -> str:
        return f"cards off {list(self.box)}"


@dataclass(frozen=True)
class AddScenarioEvent:
    """A scenario-event marker on the turn track (TCG p.16), kept in turn order."""

    event: ScenarioEvent

    def apply(self, scenario: Scenario) -> Scenario:
        events = sorted([*scenario.events, self.event], key=lambda e: e.turn)
        return updated(scenario, events=events)

    @property
    def label(self) -> str:
        return f"scenario event on turn {self.event.turn}"


@dataclass(frozen=True)
class RemoveScenarioEvent:
    index: int

    def apply(self, scenario: Scenario) -> Scenario:
        return updated(scenario, events=[e for i, e in enumerate(scenario.events) if i != self.index])

    @property
    def label(self) -> str:
        return "scenario event taken off the turn track"


@dataclass(frozen=True)
class SetSideMarkers:
    """A side's COMMAND markers each turn and DIRECTIVE markers at the start (TCG p.5)."""

    side: str
    command: int
    directives: int

    def out_of_bounds(self, scenario: Scenario) -> Issue | None:
        """Counts the file cannot hold (builder.tcg.scenario.Side: 1 to 6 COMMAND markers, 0 to
        20 DIRECTIVE markers): a front end refuses the edit with this rather than saving a
        scenario that would not load back."""
        where = next((f"sides[{i}]" for i, s in enumerate(scenario.sides) if s.id == self.side), "sides")
        if not COMMAND_MARKERS[0] <= self.command <= COMMAND_MARKERS[1]:
            low, high = COMMAND_MARKERS
            return error(
                "tcg.side.markers-range",
                f"{where}.command",
                f"hon's scenario files hold {low} to {high} COMMAND markers a turn for a side "
                f"(the scenario sets the number, TCG p.5); {self.command} is out of range.",
            )
        if not DIRECTIVE_MARKERS[0] <= self.directives <= DIRECTIVE_MARKERS[1]:
            low, high = DIRECTIVE_MARKERS
            return error(
                "tcg.side.markers-range",
                f"{where}.directives",
                f"hon's scenario files hold {low} to {high} DIRECTIVE markers at the start for a side; "
                f"{self.directives} is out of range.",
            )
        return None

    def apply(self, scenario: Scenario) -> Scenario:
        # Clamped all the same: an edit applied without asking `out_of_bounds` first must
        # still leave a scenario the file format holds.
        command = min(max(self.command, COMMAND_MARKERS[0]), COMMAND_MARKERS[1])
        directives = min(max(self.directives, DIRECTIVE_MARKERS[0]), DIRECTIVE_MARKERS[1])
        return with_side(scenario, self.side, command=command, directives=directives)

    @property
    def label(self) -> str:
        return f"{self.side} COMMAND and DIRECTIVE markers"
