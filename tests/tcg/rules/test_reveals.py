"""A player turning its own hidden cards face up (TCG p.16-17), one test a clause of the book:
"whenever they want" (before each COMMAND marker of its phase), a decoy "at any point in your
phase if you want to empty a box", a card that "makes itself visible during its activation",
Pascal's Advice (roll on the hidden 4, then turn over), and the N.B. on the saving throw."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.activation import Activation, go_roll, play
from builder.tcg.rules.choices import Move, Recover, TurnFaceUp
from builder.tcg.rules.decisions import (
    ActivationStep,
    ArmourPiercing,
    RevealBeforeGo,
    RevealBeforeSave,
    RevealCard,
    TacticChoice,
    TcgDecision,
)
from builder.tcg.rules.events import ActivationEvent, DestroyedEvent, RevealEvent, ShotResult
from builder.tcg.rules.hidden import reveal_at_will
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.shooting import shoot
from builder.tcg.rules.state import Game
from builder.tcg.rules.tactics import take_tactic
from builder.tcg.rules.variants import Variant
from tests.tcg.rules.helpers import Scripted, game_with, table

RIFLES = {"card": "us-rifle-company-a", "box": [1, 1], "hidden": True}
DECOY = {"card": "us-decoy", "box": [1, 2], "hidden": True}
M10 = {"card": "us-m10", "box": [0, 0]}  # face up
ENEMY = {"card": "de-grenadier-gruppe-a", "box": [4, 3], "hidden": True}
PANZER = {"card": "de-panzer-iv", "box": [2, 0], "hidden": True}  # armoured, save 5
ALARM = {"card": "de-alarmkompanie", "box": [4, 0], "hidden": True}  # activation 5


@dataclass
class Recovering(Scripted):
    """A scripted player that puts its COMMAND marker on recovering DIRECTIVE markers."""

    def choose(self, view: TcgView, decision: TcgDecision) -> object:
        if isinstance(decision, TacticChoice):
            self.asked.append(decision)
            return Recover()
        return super().choose(view, decision)


def chosen_reveals(game: Game) -> list[str]:
    """The cards whose player turned them face up, in order."""
    return [e.piece for e in game.events if isinstance(e, RevealEvent) and e.chosen]


@pytest.mark.rule("becoming-visible")
def test_whenever_they_want_any_own_hidden_card_before_each_command_marker(cards: CardCatalogue) -> None:
    """p.16: "The player who owns a hidden Unit Card can turn it faceup and visible whenever
    they want": before its COMMAND marker, the side is offered each of its hidden cards (never
    a visible one, never the enemy's), one at a time, until it answers None."""
    game = game_with(cards, [RIFLES, DECOY, M10], [ENEMY])
    player = Recovering(turn_up=[(1, 1)])
    take_tactic(game, "us", 2, table(game, player))
    reveals = [d for d in player.asked if isinstance(d, RevealCard)]
    assert [set(d.options) for d in reveals] == [{(1, 1), (1, 2), None}, {(1, 2), None}]
    assert isinstance(player.asked[2], TacticChoice)  # then the tactic
    assert all(d.side == "us" for d in player.asked)
    assert not game.pieces["us-rifle-company-a"].hidden and game.pieces["us-decoy"].hidden
    assert chosen_reveals(game) == ["us-rifle-company-a"]


@pytest.mark.rule("becoming-visible")
def test_nothing_is_asked_of_a_side_without_hidden_cards(cards: CardCatalogue) -> None:
    game = game_with(cards, [M10], [ENEMY])
    player = Recovering()
    take_tactic(game, "us", 1, table(game, player))
    assert [type(d) for d in player.asked] == [TacticChoice]


@pytest.mark.rule("decoys")
def test_a_decoy_revealed_in_its_phase_is_discarded_and_empties_its_box(cards: CardCatalogue) -> None:
    """p.17: "You may reveal a decoy Unit Card at any point in your phase if you want to
    empty a box": the Rifle Company may then move into it."""
    rifles = {**RIFLES, "hidden": False}
    game = game_with(cards, [rifles, DECOY], [ENEMY])
    assert (1, 2) not in Activation(game, game.pieces["us-rifle-company-a"]).moves()
    reveal_at_will(game, "us", table(game, Scripted(turn_up=[(1, 2)])))
    assert "us-decoy" not in game.pieces and game.at((1, 2)) is None
    assert [c.id for c in game.players["us"].discard] == ["us-decoy"]
    assert any(isinstance(e, DestroyedEvent) and e.decoy for e in game.events)
    assert (1, 2) in Activation(game, game.pieces["us-rifle-company-a"]).moves()


@pytest.mark.rule("becoming-visible")
def test_a_hidden_card_makes_itself_visible_during_its_activation(cards: CardCatalogue) -> None:
    """p.16: "When activated, it can only move — unless it makes itself visible during its
    activation": after its move, turning itself face up is one of its steps; face up, it no
    longer is."""
    game = game_with(cards, [RIFLES], [ENEMY])
    act, at = Activation(game, game.pieces["us-rifle-company-a"]), table(game)
    assert TurnFaceUp() in list(act.options())
    act.take(Move((2, 1)), at)
    assert TurnFaceUp() in list(act.options()) and act.allows(TurnFaceUp())
    act.take(TurnFaceUp(), at)
    assert not game.pieces["us-rifle-company-a"].hidden
    assert TurnFaceUp() not in list(act.options()) and not act.allows(TurnFaceUp())
    assert chosen_reveals(game) == ["us-rifle-company-a"]
    with pytest.raises(ValueError):
        act.turn_face_up()


@pytest.mark.rule("decoys")
def test_a_decoy_that_turns_itself_over_ends_its_activation_discarded(cards: CardCatalogue) -> None:
    game = game_with(cards, [DECOY], [ENEMY])
    player = Scripted(steps={"us-decoy": [TurnFaceUp(), Move((1, 1))]})
    play(game, game.pieces["us-decoy"], table(game, player))
    assert "us-decoy" not in game.pieces and len([d for d in player.asked if isinstance(d, ActivationStep)]) == 1


def go_game(cards: CardCatalogue) -> Game:
    """The Alarmkompanie (activation 5), hidden, with a GO! marker, in the German phase."""
    game = game_with(cards, [{**M10, "box": [0, 3]}], [ALARM], faces=[4])
    game.phase_side = "german"
    game.pieces["de-alarmkompanie"].go = True
    return game


@pytest.mark.rule("hidden", "becoming-visible")
def test_pascals_advice_roll_on_the_hidden_4_then_turn_face_up(cards: CardCatalogue) -> None:
    """p.16, Pascal's Advice: a card whose activation value is 5 is better activated on its
    hidden value of 4 and made visible afterwards; made visible first, it risks the 5. The
    die shows 4."""
    hidden_first = go_game(cards)
    player = Scripted(steps={"de-alarmkompanie": [TurnFaceUp()]})
    assert go_roll(hidden_first, hidden_first.pieces["de-alarmkompanie"], table(hidden_first, player))
    assert [d.card for d in player.asked if isinstance(d, RevealBeforeGo)] == [(4, 0)]
    play(hidden_first, hidden_first.pieces["de-alarmkompanie"], table(hidden_first, player))
    assert not hidden_first.pieces["de-alarmkompanie"].hidden
    visible_first = go_game(cards)
    assert not go_roll(
        visible_first, visible_first.pieces["de-alarmkompanie"], table(visible_first, Scripted(reveal_go=True))
    )
    rolled = [e for e in visible_first.events if isinstance(e, ActivationEvent)][-1]
    assert chosen_reveals(visible_first) == ["de-alarmkompanie"] and not rolled.success


@pytest.mark.rule("decoys")
def test_a_decoy_turned_over_before_its_go_roll_is_discarded_unrolled(cards: CardCatalogue) -> None:
    game = game_with(cards, [DECOY], [ENEMY], faces=[])
    game.pieces["us-decoy"].go = True
    assert not go_roll(game, game.pieces["us-decoy"], table(game, Scripted(reveal_go=True)))
    assert "us-decoy" not in game.pieces and not any(isinstance(e, ActivationEvent) for e in game.events)


@pytest.mark.rule("variant-rules")
def test_no_roll_no_reveal_before_it_in_the_novices_variant(cards: CardCatalogue) -> None:
    game = go_game(cards)
    game.variants = frozenset({Variant.AUTOMATIC_ACTIVATION})
    player = Scripted()
    assert go_roll(game, game.pieces["de-alarmkompanie"], table(game, player))
    assert player.asked == [] and game.pieces["de-alarmkompanie"].hidden


def shot_at_panzer(cards: CardCatalogue, faces: list[int], player: Scripted, weapon: int = 0) -> Game:
    """The face-up M10 shoots at the hidden Panzer IV (save 5 on its card) with its
    armour-piercing 8 (weapon 0) or its plain 8 (weapon 1)."""
    game = game_with(cards, [{**M10, "box": [1, 0]}], [PANZER], faces=faces, directives=(2, 0))
    shoot(game, game.pieces["us-m10"], weapon, game.pieces["de-panzer-iv"], table(game, player))
    return game


@pytest.mark.rule("hidden", "becoming-visible")
def test_turned_over_before_its_saving_throw_it_saves_with_its_own_value(cards: CardCatalogue) -> None:
    """p.16 N.B.: "The player controlling a targeted hidden Unit Card can turn it over before
    making a saving throw with the yellow die ... to benefit from an increased save value -
    for example, if they have a save value of 5". The red dice hit (9), the yellow die shows 5."""
    turned = Scripted(reveal=True)
    game = shot_at_panzer(cards, [4, 5, 5], turned)
    shot = game.events[-1]
    assert [type(d) for d in turned.asked] == [RevealBeforeSave]
    assert chosen_reveals(game) == ["de-panzer-iv"] and getattr(shot, "result", None) is ShotResult.SAVED
    kept = shot_at_panzer(cards, [4, 5, 5], Scripted(reveal=False))
    assert kept.pieces["de-panzer-iv"].hits == 1 and chosen_reveals(kept) == []
    assert not kept.pieces["de-panzer-iv"].hidden  # turned over by the shot, after its save of 6


@pytest.mark.rule("becoming-visible")
def test_a_missed_hidden_target_is_turned_over_by_the_shot_unasked(cards: CardCatalogue) -> None:
    """p.16: "If the shot fails, turn the Unit Card face-up": no saving throw, nothing to ask."""
    player = Scripted(reveal=True)
    game = shot_at_panzer(cards, [1, 2], player)
    assert not any(isinstance(d, RevealBeforeSave) for d in player.asked)
    assert chosen_reveals(game) == [] and not game.pieces["de-panzer-iv"].hidden


@pytest.mark.rule("becoming-visible", "directive-armour-piercing")
def test_the_shooter_chooses_armour_piercing_before_the_target_may_turn_over(cards: CardCatalogue) -> None:
    """The DIRECTIVE marker for armour-piercing is spent before the dice (p.13); the target's
    player turns it over only once they have hit: the shooter chose while it was hidden."""
    player = Scripted(reveal=True)
    game = shot_at_panzer(cards, [4, 5, 5], player, weapon=1)
    assert [type(d) for d in player.asked] == [ArmourPiercing, RevealBeforeSave]
    assert chosen_reveals(game) == ["de-panzer-iv"]


@pytest.mark.rule("becoming-visible")
def test_a_face_up_card_is_never_offered_to_turn_over(cards: CardCatalogue) -> None:
    game = game_with(cards, [M10], [ENEMY])
    visible = Activation(game, game.pieces["us-m10"])
    assert TurnFaceUp() not in list(visible.options()) and not visible.allows(TurnFaceUp())
    with pytest.raises(ValueError):
        visible.take(TurnFaceUp(), table(game))
