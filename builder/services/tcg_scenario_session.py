"""A Tactical Card Game scenario being designed (`hon design` on a `game: tcg` file): its
history, its file and its issues, what each box of the board shows, and the cards a side
may add to its deck with the reason each other one may not. Screens render these; the
rules stay in builder.tcg."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.io.save import Fingerprint
from builder.io.tcg_files import load_tcg_scenario, tcg_scenario_yaml
from builder.io.yamlio import split_path
from builder.kernel.diagnostics import Issue, Severity
from builder.kernel.history import Edit, History
from builder.services.document import ScenarioDocument
from builder.tcg.base import Box
from builder.tcg.cards import Card, DecoyCard, EventCard, HeroCard, UnitCard, UnitType
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.check import check_scenario, why_not_add, why_not_deploy
from builder.tcg.edits import SetSideMarkers
from builder.tcg.scenario import Board, Marker, Placement, Scenario, Side
from builder.tcg.terrain import Terrain

# The card kinds in the order the deck composer lists them (TCG p.4: Unit, Hero and
# Event Cards; decoys, p.17, are Unit Cards without characteristics).
KINDS: tuple[tuple[str, type[Card]], ...] = (
    ("Unit", UnitCard),
    ("Hero", HeroCard),
    ("Decoy", DecoyCard),
    ("Event", EventCard),
)


@dataclass(frozen=True)
class PlacedView:
    """A card deployed at the start (TCG p.5), as the designer shows it."""

    side: int  # the side's index in the scenario
    side_id: str
    name: str
    hidden: bool
    headquarters: bool
    decoy: bool
    hero: str | None


@dataclass(frozen=True)
class BoxView:
    """Everything the scenario puts on one box."""

    box: Box
    terrain: Terrain
    markers: tuple[Marker, ...]
    zone: int | None  # the index of the side whose reinforcement zone holds it
    placed: tuple[PlacedView, ...]


@dataclass(frozen=True)
class DeckChoice:
    """A card of the catalogue a side may put in its deck, how many it holds, and what
    adding one more would break (errors refuse it; warnings only warn)."""

    card: Card
    kind: str
    in_deck: int
    reasons: tuple[Issue, ...]

    @property
    def fits(self) -> bool:
        return not any(issue.severity is Severity.ERROR for issue in self.reasons)


def blank_scenario(cards: CardCatalogue) -> Scenario:
    """A new Tactical Card Game scenario (`hon design NEW.yaml --game tcg`): a 6 x 4 board,
    the first two armies of the catalogue facing each other from its short edges, each with
    its edge column as reinforcement zone (TCG p.6), empty forces and six turns. The book
    prints none of these numbers: every one is an example."""
    insignias = sorted({card.insignia for card in cards.cards.values() if isinstance(card, UnitCard)})[:2]
    if len(insignias) < 2:
        raise ValueError("a Tactical Card Game scenario opposes two armies; the card catalogue has fewer")
    board = Board(columns=6, rows=4)
    edges = (0, board.columns - 1)
    sides = [
        Side(
            id=insignia,
            name=insignia.upper() if len(insignia) <= 3 else insignia.capitalize(),  # "US", "German"
            insignia=insignia,
            command=2,
            reinforcement_zone=[(column, row) for row in range(board.rows)],
        )
        for insignia, column in zip(insignias, edges, strict=True)
    ]
    return Scenario(
        format="tcg-scenario",
        version=1,
        game="tcg",
        id="new-scenario",
        title="New scenario",
        board=board,
        sides=sides,
        turns=6,
        first_player=sides[0].id,
    )


@dataclass
class TcgScenarioSession(ScenarioDocument[Scenario, CardCatalogue]):
    @classmethod
    def open(cls, path: Path, cards: CardCatalogue) -> TcgScenarioSession:
        loaded = load_tcg_scenario(path)
        scenario = loaded.scenario
        return cls(cards, History(scenario), path.absolute(), Fingerprint.of(path), scenario)

    @classmethod
    def new(cls, path: Path, cards: CardCatalogue) -> TcgScenarioSession:
        """A blank scenario, to be saved at `path`."""
        return cls(cards, History(blank_scenario(cards)), path.absolute())

    def refresh(self) -> None:
        self.issues = check_scenario(self.scenario, self.catalogue)

    def dumped(self, document: Scenario, target: Path) -> str:
        return tcg_scenario_yaml(document, target)

    def reload(self) -> None:
        if self.path is None:
            return
        loaded = load_tcg_scenario(self.path)  # first: a failure must change nothing
        self._reloaded(loaded.scenario, Fingerprint.of(self.path))

    # --- the board ------------------------------------------------------------------------

    def box_view(self, box: Box) -> BoxView:
        scenario = self.scenario
        zone = next((i for i, side in enumerate(scenario.sides) if box in side.reinforcement_zone), None)
        placed = tuple(
            self._placed(index, side, p.card, p.hidden, p.hero)
            for index, side in enumerate(scenario.sides)
            for p in side.force.deployment
            if p.box == box
        )
        markers = tuple(m for m in scenario.markers if m.box == box)
        return BoxView(box, scenario.terrain_at(box), markers, zone, placed)

    def board_views(self) -> dict[Box, BoxView]:
        board = self.scenario.board
        return {(c, r): self.box_view((c, r)) for r in range(board.rows) for c in range(board.columns)}

    def _placed(self, index: int, side: Side, card_id: str, hidden: bool, hero_id: str | None) -> PlacedView:
        card = self.catalogue.get(card_id)
        hero = self.catalogue.get(hero_id) if hero_id else None
        return PlacedView(
            side=index,
            side_id=side.id,
            name=card.name if card is not None else card_id,
            hidden=hidden,
            headquarters=isinstance(card, UnitCard) and card.is_a(UnitType.HEADQUARTERS),
            decoy=isinstance(card, DecoyCard),
            hero=(hero.name if hero is not None else hero_id) if hero_id else None,
        )

    def box_issues(self, box: Box) -> list[Issue]:
        """The issues whose place in the file is this box (terrain, marker, zone, card)."""
        return [issue for issue in self.issues if self.issue_box(issue) == box]

    def issue_box(self, issue: Issue) -> Box | None:
        """The box an issue is about, when it is about one."""
        box = _box_of(self.scenario, issue.path)
        return box if box is not None and self.scenario.board.contains(box) else None

    # --- the deck -------------------------------------------------------------------------

    def deck_choices(self, side_id: str) -> list[DeckChoice]:
        """The cards of the side's army and the Event Cards of no army, each with the reasons
        adding one more would break the force check."""
        side = self._side(side_id)
        counts = {entry.card: entry.count for entry in side.force.deck}
        choices = []
        for kind, model in KINDS:
            for card in self.catalogue.of_kind(model):
                if card.insignia not in (side.insignia, None):
                    continue
                reasons = tuple(why_not_add(self.scenario, side, card.id, self.catalogue))
                choices.append(DeckChoice(card, kind, counts.get(card.id, 0), reasons))
        return choices

    def deploy_choices(self, side_id: str, box: Box) -> list[DeckChoice]:
        """The side's army's Unit Cards and decoys, each with the reasons deploying it on
        `box` at the start would break the force check (a decoy hidden, p.17)."""
        side = self._side(side_id)
        counts = {entry.card: entry.count for entry in side.force.deck}
        choices = []
        for kind, model in KINDS:
            if model not in (UnitCard, DecoyCard):
                continue
            for card in self.catalogue.of_kind(model):
                if card.insignia != side.insignia:
                    continue
                reasons = tuple(why_not_deploy(self.scenario, side, self.placement(side_id, card, box), self.catalogue))
                choices.append(DeckChoice(card, kind, counts.get(card.id, 0), reasons))
        return choices

    def placement(self, side_id: str, card: Card, box: Box) -> Placement:
        """A card deployed on `box`: a card the side already deployed keeps its face and
        its hero as it moves; a new one comes face up, and a decoy hidden (TCG p.17)."""
        side = self._side(side_id)
        there = next((p for p in side.force.deployment if p.card == card.id), None)
        if there is not None and not isinstance(card, DecoyCard):
            return there.model_copy(update={"box": box})
        return Placement(card=card.id, box=box, hidden=isinstance(card, DecoyCard))

    def side_issues(self, side_id: str) -> list[Issue]:
        """The scenario's issues about one side: its markers, zone, deployment and deck."""
        index = next(i for i, side in enumerate(self.scenario.sides) if side.id == side_id)
        return [issue for issue in self.issues if issue.path.startswith(f"sides[{index}]")]

    def refusals(self, edit: Edit[Scenario]) -> list[Issue]:
        """The errors the edit would bring that the scenario does not have (the directive
        cap of TCG p.5, say): an edit with any is refused with the first."""
        if isinstance(edit, SetSideMarkers):
            bounds = edit.out_of_bounds(self.scenario)  # counts the file cannot hold
            if bounds is not None:
                return [bounds]
        before = {(i.code, i.message) for i in self.issues}
        after = check_scenario(edit.apply(self.scenario), self.catalogue)
        return [i for i in after if i.severity is Severity.ERROR and (i.code, i.message) not in before]

    def card_name(self, card_id: str) -> str:
        card = self.catalogue.get(card_id)
        return card.name if card is not None else card_id

    def card_label(self, card_id: str) -> str:
        """The card's name with its unique number, which tells apart cards of one name
        (two Rifle Companies, TCG p.4)."""
        card = self.catalogue.get(card_id)
        number = getattr(card, "number", None)
        return f"{self.card_name(card_id)} ({number})" if number is not None else self.card_name(card_id)

    def _side(self, side_id: str) -> Side:
        side = self.scenario.side(side_id)
        if side is None:
            raise KeyError(f"the scenario has no side {side_id}")
        return side


def _box_of(scenario: Scenario, path: str) -> Box | None:
    """The box an issue's path names: terrain[i], markers[i], sides[i].…deployment[j] or
    sides[i].reinforcement_zone[j]."""
    parts = split_path(path)
    node: object = scenario
    for part in parts:
        if isinstance(part, int):
            if not isinstance(node, list) or part >= len(node):
                return None
            node = node[part]
        else:
            node = getattr(node, part, None)
        box = getattr(node, "box", None)
        if box is not None:
            return (box[0], box[1])
        if isinstance(node, tuple):
            return (node[0], node[1])
    return None
