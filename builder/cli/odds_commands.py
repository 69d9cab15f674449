"""`hon odds`: the exact probabilities of a firing action or an assault (DESIGN.md 5, 7).

--json prints one object of floats:
  firing action      {"miss": p, "hit": p, "double": p}
  suppressive fire   {"0": p, "1": p, …, "N": p}  Suppressed markers given, every count from 0
                     to the largest the dice can reach
  assault            {"win": p, "tie": p, "loss": p}  from the attacker's side
  --game tcg         {"hit": p, "saved": p, "suppressed": p, "miss": p, "directive": p}
                     (the four outcomes add up to 1; directive is double 1s, which give a
                     DIRECTIVE marker besides the outcome, so it overlaps the others)
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.app import JsonOption, app, console
from builder.cli.bounds import BATTLE_DICE, DEFENDER_DICE, ODDS_COUNTS, ODDS_VALUES, SAVES, SHOOTING_VALUES, bounded
from builder.cli.terminal import say

if TYPE_CHECKING:
    from rich.table import Table

    from builder.cli.fronts import OddsAsk
    from builder.heroes.rules.resolution.odds import Odds
    from builder.heroes.rules.ruleset import Ruleset
    from builder.kernel.events import Modifier

FIRE_ONLY = ("--obscured", "--long-range", "--suppressive", "--dual")
ASSAULT_ONLY = ("--defender-combat", "--defender-dice", "--defender-bonus", "--defender-suppressed")


@app.command("odds")
def odds_command(
    combat: Annotated[
        int | None, bounded("--combat", within=ODDS_VALUES, help="The attacker's combat value against the target.")
    ] = None,
    defense: Annotated[
        int | None, bounded("--defense", within=ODDS_VALUES, help="The target's defense value (firing).")
    ] = None,
    terrain: Annotated[int, bounded("--terrain", within=ODDS_VALUES, help="The target's terrain defensive bonus.")] = 0,
    bonus: Annotated[
        int, bounded("--bonus", within=ODDS_VALUES, help="The attacker's bonuses: gear, cards, Assault N.")
    ] = 0,
    suppressed: Annotated[
        int, bounded("--suppressed", within=ODDS_COUNTS, help="Suppressed markers on the attacker.")
    ] = 0,
    obscured: Annotated[
        int, bounded("--obscured", within=ODDS_COUNTS, help="Total penalty of the squares obscuring the LoS.")
    ] = 0,
    long_range: Annotated[bool, typer.Option("--long-range", help="Beyond 7 squares: -2.")] = False,
    suppressive: Annotated[bool, typer.Option("--suppressive", help="Suppressive fire.")] = False,
    dual: Annotated[bool, typer.Option("--dual", help="Dual Weapon: two dice, keep the best.")] = False,
    assault: Annotated[bool, typer.Option("--assault", help="An assault instead of a firing action.")] = False,
    defender_combat: Annotated[
        int | None,
        bounded("--defender-combat", within=ODDS_VALUES, help="The defender's combat value against the attacker."),
    ] = None,
    defender_dice: Annotated[
        int | None, bounded("--defender-dice", within=DEFENDER_DICE, help="1, or 2 when the defender has Assault.")
    ] = None,
    defender_bonus: Annotated[
        int | None, bounded("--defender-bonus", within=ODDS_VALUES, help="The defender's bonuses.")
    ] = None,
    defender_suppressed: Annotated[
        int | None, bounded("--defender-suppressed", within=ODDS_COUNTS, help="Suppressed markers on the defender.")
    ] = None,
    game: Annotated[
        str, typer.Option("--game", help="The game whose rules and pages to use: hon, son, tcg or m44.")
    ] = "hon",
    dice: Annotated[int | None, bounded("--dice", within=BATTLE_DICE, help="m44: the battle dice rolled.")] = None,
    target: Annotated[str | None, typer.Option("--target", help="m44: infantry, armor or artillery.")] = None,
    shooting_value: Annotated[
        int | None,
        bounded("--shooting-value", within=SHOOTING_VALUES, help="tcg: the shooting value 2d6 must reach."),
    ] = None,
    save: Annotated[int | None, bounded("--save", within=SAVES, help="tcg: the target's save value.")] = None,
    armour_piercing: Annotated[bool, typer.Option("--armour-piercing", help="tcg: an armour-piercing attack.")] = False,
    armoured: Annotated[bool, typer.Option("--armoured", help="tcg: an armoured target.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Exact odds of a firing action, suppressive fire or an assault, from every die face;
    with --game tcg, of a Tactical Card Game Shooting attack: its four outcomes (hit, saved,
    suppressed, miss), which add up to 100 %, and apart, double 1s, which give the firer a
    DIRECTIVE marker besides the outcome (TCG p.8)."""
    from builder.cli.fronts import OddsAsk, front
    from builder.kernel.system import Capability
    from builder.services.systems import require_game

    system = require_game(game, Capability.ODDS)
    ask = OddsAsk(
        game, as_json, combat, defense, terrain, bonus, suppressed, obscured, long_range, suppressive, dual, assault,
        defender_combat, defender_dice, defender_bonus, defender_suppressed, dice, target, shooting_value, save,
        armour_piercing, armoured,
    )  # fmt: skip
    front(system).odds(ask, system)


def heroes_odds(ask: OddsAsk) -> None:
    """The Heroes System's odds: a firing action, suppressive fire or an assault."""
    from builder.heroes.catalogue.base import Game
    from builder.heroes.rules.ruleset import ruleset_for

    if ask.combat is None:
        raise typer.BadParameter("the odds of a firing action or an assault need --combat N", param_hint="'--combat'")
    ruleset = ruleset_for(Game(ask.game))
    _refuse_misplaced(ask)
    result = _assault(ask, ask.combat, ruleset) if ask.assault else _firing(ask, ask.combat, ruleset)
    if ask.as_json:
        print(json.dumps(result.as_dict()))
        return
    console.print(_headline(result), markup=False)
    console.print(_table(result))
    console.print(_modifiers(result))


def _refuse_misplaced(ask: OddsAsk) -> None:
    """An option of a firing action given for an assault, or one of an assault for a firing
    action, is refused rather than ignored."""
    wrong = [name for name in (FIRE_ONLY if ask.assault else ASSAULT_ONLY) if name in ask.given()]
    if wrong:
        where = "an assault" if ask.assault else "a firing action (add --assault)"
        raise typer.BadParameter(f"{', '.join(wrong)} does not apply to {where}")


def _assault(ask: OddsAsk, combat: int, ruleset: Ruleset) -> Odds:
    from builder.heroes.rules.resolution.odds import assault_odds

    if ask.defender_combat is None:
        raise typer.BadParameter("an assault needs --defender-combat N", param_hint="'--defender-combat'")
    if ask.defense is not None:
        say("--defense is not used in an assault: the higher total wins.")
    return assault_odds(
        combat,
        ask.defender_combat,
        ask.defender_dice or 1,
        ask.terrain,
        ask.bonus,
        ask.suppressed,
        ask.defender_bonus or 0,
        ask.defender_suppressed or 0,
        ruleset,
    )


def _firing(ask: OddsAsk, combat: int, ruleset: Ruleset) -> Odds:
    from builder.heroes.rules.resolution.odds import fire_odds

    if ask.defense is None:
        raise typer.BadParameter("a firing action needs --defense N", param_hint="'--defense'")
    if ask.suppressive and ask.defense + ask.terrain < 1:
        raise typer.BadParameter("suppressive fire needs a defense of at least 1")
    return fire_odds(
        combat,
        ask.defense,
        ask.terrain,
        ask.bonus,
        ask.suppressed,
        ask.obscured,
        ask.long_range,
        ask.suppressive,
        ask.dual,
        ruleset,
    )


TITLES = {"fire": "Firing action", "suppressive-fire": "Suppressive fire", "assault": "Assault"}


def _headline(result: Odds) -> str:
    bonus = sum(m.value for m in result.modifiers)
    theirs = sum(m.value for m in result.against)
    if result.kind == "assault":
        against = f"the defender's {_dice(result.defender_dice)} {theirs:+d}"
    else:
        against = f"a defense of {theirs}"
    return f"{TITLES[result.kind]}: {_dice(result.dice)} {bonus:+d} against {against}"


def _dice(count: int) -> str:
    return "1 die" if count == 1 else f"best of {count} dice"


def _table(result: Odds) -> Table:
    from rich.table import Table

    table = Table(header_style="bold")
    table.add_column("Suppressed markers" if result.kind == "suppressive-fire" else "outcome")
    table.add_column("chance", justify="right")
    for key, p in result.outcomes:
        table.add_row(key, f"{float(p) * 100:.1f}%")
    return table


def _modifiers(result: Odds) -> Table:
    from rich.table import Table

    table = Table(box=None, header_style="bold", pad_edge=False)
    for column in ("", "modifier", "value", "page"):
        table.add_column(column, justify="right" if column == "value" else "left")
    mine, theirs = ("attacker", "defender") if result.kind == "assault" else ("roll", "target")

    def rows(whose: str, found: tuple[Modifier, ...]) -> None:
        for m in found:
            table.add_row(whose, m.label, f"{m.value:+d}", m.page)

    rows(mine, result.modifiers)
    rows(theirs, result.against)
    return table
