"""A Shooting attack (TCG p.7-8, p.12, p.14, p.16): 2d6 against the shooting value, a
partial success on a failed double, a DIRECTIVE marker for double 1s, armour and
armour-piercing, the saving throw, the shooting effects, hidden targets and decoys."""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.kernel.decisions import YES_NO
from builder.kernel.events import Modifier, Roll
from builder.kernel.match import Table
from builder.tcg.base import page
from builder.tcg.cards import AbilityKind, Effect, EffectKind, Shooting, UnitType
from builder.tcg.rules.board import distance
from builder.tcg.rules.damage import check_fragile, destroy, destroyed
from builder.tcg.rules.decisions import ArmourPiercing, RevealBeforeSave, SavingBonus, SustainedFire
from builder.tcg.rules.events import Aim, ShotEvent, ShotResult
from builder.tcg.rules.hidden import reveal
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.rolls import (
    Judgement,
    gains_directive,
    judge,
    save_roll,
    shooting_roll,
    struck,
    with_saving_bonus,
    with_sustained_fire,
)
from builder.tcg.rules.saves import save_against
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.variants import two_hits
from builder.tcg.scenario import MarkerKind


def reach(game: Game, shooter: Piece, weapon: Shooting) -> int:
    """The shooting range in boxes, one more from a hill (TCG p.7, p.17)."""
    return weapon.range + game.terrain(shooter.box).range_bonus


def in_range(game: Game, shooter: Piece, weapon: Shooting, target: Piece) -> bool:
    """Terrain and other cards never block a Shooting attack (TCG p.7)."""
    return 1 <= distance(shooter.box, target.box) <= reach(game, shooter, weapon)


def shooting_value(weapon: Shooting, moved: bool) -> int:
    """Lumbering: the value by the blue arrow once the card has moved (TCG p.12)."""
    lumbering = weapon.effect(EffectKind.LUMBERING)
    return lumbering.value if moved and lumbering is not None and lumbering.value else weapon.value


def bonuses(game: Game, shooter: Piece, weapon: Shooting, target: Piece) -> tuple[Modifier, ...]:
    """What is added to the red dice before any DIRECTIVE marker."""
    found: list[Modifier] = []
    sustained = weapon.effect(EffectKind.SUSTAINED_FIRE)
    if sustained is not None and sustained.value:
        found.append(Modifier("Sustained Fire", sustained.value, page(12)))
    relentless = weapon.effect(EffectKind.RELENTLESS_ASSAULT)
    if relentless is not None and relentless.value and target.suppressed:
        found.append(Modifier("Relentless Assault", relentless.value * target.suppressed, page(12)))
    marker = game.marker(shooter.box, MarkerKind.SHOOTING_BONUS)
    if marker:
        found.append(Modifier("Shooting Bonus marker", marker, page(16)))
    if _encouraged(game, shooter):
        found.append(Modifier("Encouragement", 1, page(11)))
    return tuple(found)


def _encouraged(game: Game, shooter: Piece) -> bool:
    """A friendly card's passive Encouragement reaches the shooter (TCG p.11)."""
    for friend in game.of(shooter.side):
        ability = friend.unit.has(AbilityKind.ENCOURAGEMENT) if friend.unit is not None and not friend.hidden else None
        if ability is None:
            continue
        reach_ = 1 if ability.range is None else ability.range
        near = ability.unlimited_range or distance(friend.box, shooter.box) <= reach_
        fits = not ability.restriction or any(shooter.is_a(t) for t in ability.restriction)
        if near and fits and (friend is not shooter or ability.range is not None):
            return True
    return False


PANZERFAUST = Effect(kind=EffectKind.ARMOUR_PIERCING)


def armed(shooter: Piece, weapon: Shooting) -> Shooting:
    """The shooting value with the shooting effect of the card's Hero, which applies to all
    its Shooting attacks (TCG p.10), and Armour-Piercing from a Panzerfaust marker (p.16)."""
    hero = shooter.hero.shooting_effect if shooter.hero is not None else None
    gained = [e for e in (hero, PANZERFAUST if shooter.panzerfaust else None) if e is not None]
    fresh = [e for i, e in enumerate(gained) if not weapon.has(e.kind) and e.kind not in {g.kind for g in gained[:i]}]
    if not fresh:
        return weapon
    return weapon.model_copy(update={"effects": [*weapon.effects, *fresh]})


@dataclass
class _Attack:
    """A Shooting attack being resolved: who shoots what with which weapon (`index` among
    the card's), the table its players answer at, and the dice rolled and the DIRECTIVE
    markers spent so far, for its telling."""

    game: Game
    shooter: Piece
    weapon: Shooting
    index: int
    target: Piece
    table: Table[TcgView]
    rolls: list[Roll] = field(default_factory=list)
    spent: list[str] = field(default_factory=list)

    def spend_directive(self, piece: Piece, use: str) -> None:
        self.game.spend_directive(piece)
        self.spent.append(use)


def shoot(
    game: Game,
    shooter: Piece,
    index: int,
    target: Piece,
    table: Table[TcgView],
    moved: bool = False,
    sure: bool = False,
) -> ShotEvent:
    """Resolve one Shooting attack with the shooter's shooting value `index` and tell it,
    its players answering at `table`. `sure`: a success already decided, without rolling
    the red dice (Fire Again!'s second attack on the same target after a successful first,
    TCG p.12); armour and the saving throw still apply."""
    reveal(game, shooter, "it shoots")
    weapon = armed(shooter, shooter.shooting[index])
    if target.hidden and target.is_decoy:
        return _at_a_decoy(game, shooter, target)
    attack = _Attack(game, shooter, weapon, index, target, table)
    piercing = _armour_piercing(attack)
    value = shooting_value(weapon, moved)
    aim = None if sure else _aim(attack, value, piercing)
    # The result of the red dice; none are rolled for a success already decided.
    judged, dice, total = (Judgement.SUCCESS, (0, 0), 0) if sure else _red_dice(attack, value)
    was_hidden = target.hidden
    result, hits, suppressed = _effect(attack, judged, total, piercing)
    suppressed += _suppressive(weapon, total, target, hits, rolled=not sure)
    gained = gains_directive(dice) and game.players[shooter.side].gain_directives(1) == 1
    reveal(game, target, "it was shot at")
    target.hits += hits
    target.suppressed += suppressed
    event = ShotEvent(
        turn=game.turn,
        phase=game.phase,
        side=shooter.side,
        text=("Fire Again!, the first attack succeeded: " if sure else "")
        + _sentence(shooter, target, was_hidden, value, result, hits, suppressed, attack.spent, gained),
        rolls=tuple(attack.rolls),
        page=page(12) if sure else page(8),
        piece=shooter.key,
        target=target.key,
        result=result,
        hits=hits,
        suppressed=suppressed,
        directives=tuple(attack.spent),
        gained_directive=gained,
        success=judged is Judgement.SUCCESS,
        again=sure,
        aim=aim,
    )
    game.tell(event)
    if destroyed(target):
        destroy(game, target, shooter.side)
    else:
        check_fragile(game, target)
    return event


def _armour_piercing(attack: _Attack) -> bool:
    """The weapon pierces armour, or its player spends a DIRECTIVE marker, before the roll, to
    make it (TCG p.13)."""
    if attack.weapon.has(EffectKind.ARMOUR_PIERCING):
        return True
    game, shooter = attack.game, attack.shooter
    if game.can_use_directive(shooter) and attack.table.ask(
        ArmourPiercing(
            side=shooter.side, options=YES_NO, shooter=shooter.box, weapon=attack.index, target=attack.target.box
        )
    ):
        attack.spend_directive(shooter, "armour-piercing")
        return True
    return False


def _aim(attack: _Attack, value: int, piercing: bool) -> Aim:
    """The attack as it stands before the red dice, for its odds."""
    game, shooter, target = attack.game, attack.shooter, attack.target
    save = save_against(game, target, attack.weapon, shooter)
    return Aim(
        value,
        bonuses(game, shooter, attack.weapon, target),
        None if save is None else Modifier(save.source, save.value, save.page),
        piercing,
        target.armoured,
    )


def _red_dice(attack: _Attack, value: int) -> tuple[Judgement, tuple[int, int], int]:
    """The shooting roll against `value`, one pip more for a DIRECTIVE marker if its player
    spends one (TCG p.13): how it is judged, the two dice and the total."""
    game, shooter = attack.game, attack.shooter
    first, second = game.dice.roll(2)
    dice = (first, second)
    roll = shooting_roll(dice, bonuses(game, shooter, attack.weapon, attack.target))  # weapon is armed: the Hero's too
    judged = judge(dice, roll.total, value)
    # More casualties (p.21): a DIRECTIVE marker may also turn an 11 into a 12.
    worth = judged is not Judgement.SUCCESS or two_hits(game.variants, roll.total + 1) > two_hits(
        game.variants, roll.total
    )
    if (
        worth
        and game.can_use_directive(shooter)
        and attack.table.ask(
            SustainedFire(side=shooter.side, options=YES_NO, shooter=shooter.box, roll=roll, value=value)
        )
    ):
        attack.spend_directive(shooter, "sustained-fire")
        roll = with_sustained_fire(roll)
        judged = judge(dice, roll.total, value)
    attack.rolls.append(roll)
    return judged, dice, roll.total


def _effect(attack: _Attack, judged: Judgement, total: int, piercing: bool) -> tuple[ShotResult, int, int]:
    """What the attack does to the target: hits and SUPPRESSED markers for a success not
    saved, one SUPPRESSED marker for a partial success, nothing for a miss."""
    if judged is Judgement.PARTIAL:
        return ShotResult.SUPPRESSED, 0, 1
    if judged is not Judgement.SUCCESS:
        return ShotResult.MISS, 0, 0
    doubled = attack.weapon.has(EffectKind.DOUBLE_HITS) or two_hits(attack.game.variants, total)
    blow = struck(piercing, attack.target.armoured, doubled)
    if _saved(attack):
        return ShotResult.SAVED, 0, 0
    return ShotResult.HIT if blow.hits else ShotResult.SUPPRESSED, blow.hits, blow.suppressed


def _saved(attack: _Attack) -> bool:
    """The target's saving throw, if it has one, one pip more for a DIRECTIVE marker if its
    player spends one (TCG p.13); a hidden target's player may first turn it face up, to save
    with its own save value (TCG p.16 N.B.)."""
    game, target = attack.game, attack.target
    save = save_against(game, target, attack.weapon, attack.shooter)
    if (
        save is not None
        and target.hidden
        and attack.table.ask(
            RevealBeforeSave(side=target.side, options=YES_NO, shooter=attack.shooter.box, target=target.box)
        )
    ):
        reveal(game, target, "its player turns it over to use its own save", chosen=True)
        save = save_against(game, target, attack.weapon, attack.shooter)
    if save is None:
        return False
    die = save_roll(game.dice.roll(1)[0], ())
    if (
        die.total < save.value
        and game.can_use_directive(target)
        and attack.table.ask(
            SavingBonus(side=target.side, options=YES_NO, target=target.box, roll=die, save=save.value)
        )
    ):
        attack.spend_directive(target, "saving-bonus")
        die = with_saving_bonus(die)
    attack.rolls.append(die)
    return die.total >= save.value


def _suppressive(weapon: Shooting, total: int, target: Piece, hits: int, rolled: bool) -> int:
    """The Suppressive Fire effects (TCG p.12): at most one more SUPPRESSED marker. Those
    that read the die roll need one (Fire Again!'s sure second attack has none)."""
    if rolled and weapon.has(EffectKind.SUPPRESSIVE_ON_SEVEN) and total == 7:
        return 1
    if rolled and weapon.has(EffectKind.SUPPRESSIVE_INFANTRY) and total >= 7 and target.is_a(UnitType.INFANTRY):
        return 1
    if hits and weapon.has(EffectKind.SUPPRESSIVE_HIT_INFANTRY) and target.is_a(UnitType.INFANTRY):
        return 1
    if hits and weapon.has(EffectKind.SUPPRESSIVE_HIT_TANK) and target.is_a(UnitType.TANK):
        return 1
    return 0


def _at_a_decoy(game: Game, shooter: Piece, target: Piece) -> ShotEvent:
    """A Shooting attack at a hidden decoy turns it over: it is discarded and the attack is
    spent without a roll (TCG p.16-17; the book does not say the dice are rolled)."""
    event = ShotEvent(
        turn=game.turn,
        phase=game.phase,
        side=shooter.side,
        text=f"{shooter.card.name} shoots at a hidden card.",
        page=page(17),
        piece=shooter.key,
        target=target.key,
        result=ShotResult.MISS,
    )
    game.tell(event)
    reveal(game, target, "it was shot at")
    return event


def _sentence(
    shooter: Piece,
    target: Piece,
    was_hidden: bool,
    value: int,
    result: ShotResult,
    hits: int,
    suppressed: int,
    spent: list[str],
    gained: bool,
) -> str:
    whom = f"a hidden card ({target.card.name})" if was_hidden else target.card.name
    said = f"{shooter.card.name} shoots at {whom} needing {value}: "
    said += {
        ShotResult.HIT: f"{hits} HIT" + ("s" if hits > 1 else ""),
        ShotResult.SAVED: "hit, but saved",
        ShotResult.SUPPRESSED: "SUPPRESSED",
        ShotResult.MISS: "missed",
    }[result]
    if suppressed and result is not ShotResult.SUPPRESSED:
        said += f" and {suppressed} SUPPRESSED"
    if spent:
        said += f" (DIRECTIVE: {', '.join(spent)})"
    if gained:
        said += "; double 1s: a DIRECTIVE marker for the shooter"
    return said + "."
