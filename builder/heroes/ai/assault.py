"""The simple policy's assault choices: the best assault in reach whose odds favour it, a
Knife marker discarded by the attacker or the defender when it helps (HoN core p.31)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.ai.common import _worth
from builder.heroes.catalogue.cards import ActionCard, CardEffectKind, CardTiming
from builder.heroes.rules.abilities.capture import wanted
from builder.heroes.rules.action_cards.battle_events import cards_for
from builder.heroes.rules.action_cards.surprise import behind_window, needs_card, windows_crossed
from builder.heroes.rules.actions.assault import knife_bonus
from builder.heroes.rules.actions.kinds import AssaultAction
from builder.heroes.rules.actions.transport import launch_refusal
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path, allowance
from builder.heroes.rules.geometry.reach import assault_path
from builder.heroes.rules.geometry.squares import enemies_in_reach
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.resolution.odds import odds_of_assault
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy

# hon's reading for a varied policy: one step of preference between assaults is an edge
# (P(win) - P(loss), times the defender's worth) of 0.1.
ASSAULT_STEP = 0.1
CAPTURE_WORTH = 2.0  # hon's weight for a unit the side must capture


def best_assault(
    policy: SimplePolicy, state: GameState, piece: Piece, granted: int | None = None
) -> AssaultAction | None:
    """The best assault in reach whose odds favour it (of those alike, one drawn); `granted` an Assault ability a card
    would give (by default the one a card gave the side this turn)."""
    points = allowance(piece)
    if granted is None:
        granted = state.granted_assault.get(piece.owner)
    if points is None or points <= 0 or not (piece.side.has("assault") or granted):
        return None
    if piece.embarked_in is not None:
        return _from_transport(policy, state, piece, granted)
    options = _worth_assaulting(policy, state, piece, enemies_in_reach(state, piece, points + 1), granted)
    surprises = surprise_cards(state, piece)
    for _, _, defender, use in policy.ranked(options, lambda o: (-o[0],), unit=ASSAULT_STEP, order=lambda o: o[1]):
        path = assault_path(state.battlefield, state.pieces.values(), piece, defender, state.ruleset)
        windows: tuple[str, ...] = ()
        if path is None and surprises and behind_window(state.battlefield, defender):
            path, windows = _through_windows(state, piece, defender, surprises)
        if path is not None:
            # Charge (BfC p.08) "may" fire first: the policy always does, hits only help.
            return AssaultAction(path, defender.key, charge=piece.side.has("charge"), knife=use, windows=windows)
    return None


def _from_transport(policy: SimplePolicy, state: GameState, piece: Piece, granted: int | None) -> AssaultAction | None:
    """An assault launched from the transport it rides in at an enemy next to it (HoN core
    p.25, p.27); hon's choice: no Charge shot first from a transport."""
    enemies = [e for e in state.enemies_of(piece.owner) if launch_refusal(state, piece, e) is None]
    options = _worth_assaulting(policy, state, piece, enemies, granted)
    for _, _, defender, use in policy.ranked(options, lambda o: (-o[0],), unit=ASSAULT_STEP, order=lambda o: o[1]):
        start, end = Position(piece.squares, piece.facing), Position(defender.squares[:1], piece.facing)
        return AssaultAction(Path((start, end), 1), defender.key, knife=use)
    return None


def _worth_assaulting(
    policy: SimplePolicy, state: GameState, piece: Piece, enemies: Iterable[Piece], granted: int | None
) -> list[tuple[float, str, Piece, bool]]:
    """(edge x worth, key, defender, with a Knife) for each assault whose odds favour it."""
    options: list[tuple[float, str, Piece, bool]] = []
    knife = state.gear_for(piece, "knife") is not None
    sought = {unit for side, unit in wanted(state.scenario) if side == piece.owner}
    for defender in enemies:
        if defender.embarked_in is not None or defender.is_wreck:
            continue
        assault = Assault(
            piece,
            defender,
            terrain=cover(state, defender),
            granted_assault=granted,
            defender_granted_assault=state.granted_assault.get(defender.owner),
        )
        try:
            odds = odds_of_assault(assault, state.ruleset)
        except (IllegalAttack, ValueError):
            continue
        use = False
        if knife:  # a bonus changes no check `engage` makes: these odds raise nothing new
            armed = odds_of_assault(replace(assault, attacker_bonuses=(knife_bonus(state),)), state.ruleset)
            use = armed["win"] - odds["win"] >= policy.knife_gain
            if use:
                odds = armed
        edge = odds["win"] - odds["loss"]
        if odds["win"] >= 0.5 and edge >= policy.assault_edge:
            # A unit its victory asks it to capture is worth twice as much (BfC p.12).
            weight = CAPTURE_WORTH if defender.unit.id in sought else 1.0
            options.append((edge * _worth(defender) * weight, defender.key, defender, use))
    return options


def defend_with_knife(policy: SimplePolicy, state: GameState, defender: Piece, assault: Assault) -> bool:
    """Discard a Knife marker when it lowers the chance of losing by `knife_gain` (HoN core p.31)."""
    try:
        odds = odds_of_assault(assault, state.ruleset)
        armed = odds_of_assault(
            replace(assault, defender_bonuses=(*assault.defender_bonuses, knife_bonus(state))), state.ruleset
        )
    except (IllegalAttack, ValueError):
        return False
    return odds["win"] - armed["win"] >= policy.knife_gain


def surprise_cards(state: GameState, piece: Piece) -> list[ActionCard]:
    """The Surprise cards (HoN core p.17) the unit's side could play to take it through a
    window, by id; none for an Urban Fighter, which needs none (BfC p.08)."""
    if not needs_card(piece):
        return []
    return sorted(cards_for(state, piece.owner, CardEffectKind.WINDOWS, CardTiming.MOVEMENT), key=lambda c: c.id)


def _through_windows(
    state: GameState, piece: Piece, defender: Piece, cards: list[ActionCard]
) -> tuple[Path | None, tuple[str, ...]]:
    """Surprise (HoN core p.17): when no door leads to a defender behind a window, an assault
    through a building's window, one card per window the path goes through, if the side holds
    enough (hon's policy looks for none through a window to a defender further in)."""
    path = assault_path(state.battlefield, state.pieces.values(), piece, defender, state.ruleset, windows=True)
    need = windows_crossed(state.battlefield, path) if path is not None else 0
    if path is None or not 0 < need <= len(cards):
        return None, ()
    return path, tuple(c.id for c in cards[:need])
