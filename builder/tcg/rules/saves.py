"""Save values (TCG p.8, p.10-12, p.16-17): a card may use the best of its own save value and
the one its box gives, with one roll; a hidden card is always fired upon with 6."""

from __future__ import annotations

from dataclasses import dataclass

from builder.tcg.base import page
from builder.tcg.cards import HIDDEN_SAVE, AbilityKind, EffectKind, Shooting
from builder.tcg.rules.board import distance
from builder.tcg.rules.state import Game, Piece
from builder.tcg.scenario import MarkerKind

BEST_SAVE = 2  # a die always fails on 1


@dataclass(frozen=True)
class SaveValue:
    value: int  # the yellow die must reach it
    source: str
    page: str


def visible_save(game: Game, piece: Piece) -> SaveValue | None:
    """The best save value a face-up card may use (the lowest number)."""
    found = [s for s in _candidates(game, piece) if s is not None]
    return min(found, key=lambda s: s.value) if found else None


def save_against(game: Game, target: Piece, weapon: Shooting, shooter: Piece) -> SaveValue | None:
    """The save value of a Shooting attack's target, or None when it has none or may not
    use it (Defenceless: the weapon's effect, or a card with the passive ability next to the
    target, TCG p.12)."""
    if weapon.has(EffectKind.DEFENCELESS):
        return None
    if any(p.ability(AbilityKind.DEFENCELESS) and distance(p.box, target.box) == 1 for p in game.enemies(target.side)):
        return None
    if target.hidden:
        return SaveValue(HIDDEN_SAVE, "hidden card", page(16))
    return visible_save(game, target)


def _candidates(game: Game, piece: Piece) -> list[SaveValue | None]:
    unit = piece.unit
    if unit is None:
        return []
    terrain = game.terrain(piece.box)
    found: list[SaveValue | None] = []
    if piece.hero is not None and piece.hero.save is not None:
        found.append(SaveValue(piece.hero.save, f"{piece.hero.name} (replaces the card's)", page(10)))
    elif unit.save is not None:
        found.append(SaveValue(unit.save, "the card's save value", page(8)))
    if terrain.save is not None:
        defenders = unit.has(AbilityKind.DEFENDERS)
        better = 0
        if defenders is not None and defenders.value and (not defenders.terrain or terrain in defenders.terrain):
            better = defenders.value  # Defenders improves the terrain's save by its pips
        found.append(SaveValue(max(BEST_SAVE, terrain.save - better), f"{terrain.label} box", page(17)))
    bonus = game.marker(piece.box, MarkerKind.DEFENCE_BONUS)
    if bonus:
        found.append(SaveValue(bonus, "Defence Bonus marker", page(16)))
    resistance = unit.has(AbilityKind.RESISTANCE)
    if resistance is not None and resistance.value and (not resistance.terrain or terrain in resistance.terrain):
        found.append(SaveValue(resistance.value, "Resistance", page(12)))
    found.extend(_support(game, piece))
    return found


def _support(game: Game, piece: Piece) -> list[SaveValue | None]:
    """Support: friendly cards within range get the icon's save value (TCG p.11)."""
    found: list[SaveValue | None] = []
    for friend in game.of(piece.side):
        ability = friend.unit.has(AbilityKind.SUPPORT) if friend.unit is not None and not friend.hidden else None
        if ability is None or ability.value is None or friend is piece:
            continue
        reach = 1 if ability.range is None else ability.range
        if not ability.unlimited_range and distance(friend.box, piece.box) > reach:
            continue
        if ability.restriction and not any(piece.is_a(t) for t in ability.restriction):
            continue
        found.append(SaveValue(ability.value, f"Support of {friend.card.name}", page(11)))
    return found
