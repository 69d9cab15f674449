"""A Game Turn: the Order Phase, the Activation Phase and the Supply Phase, then the victory
check and the initiative passing (HoN core p.8-9, p.16; SoN p.4).

Scenario events are told and played as their phase comes (scenario_events.py, BfC p.14, p.16)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from builder.heroes.catalogue.cards import CardTiming
from builder.heroes.rules.abilities import medallion
from builder.heroes.rules.abilities.ability import Hook, Step
from builder.heroes.rules.abilities.registry import at_step, held
from builder.heroes.rules.action_cards import battle_events, played
from builder.heroes.rules.action_cards.deck import discard_selections, refill
from builder.heroes.rules.actions import changes_of_state, scouting
from builder.heroes.rules.actions.activation import STAYS, action_choices
from builder.heroes.rules.decisions import ActivationAction, Concealment, Discards, OrderTokens, ScoutMove, SpecialOrder
from builder.heroes.rules.events.game import (
    Concealing,
    HoldEvent,
    OrdersEvent,
    Phase,
    RallyEvent,
    RevealEvent,
    Rotation,
    SuddenDeathEvent,
    TurnEvent,
    VictoryEvent,
)
from builder.heroes.rules.gear import alternate_fire, concealed_markers
from builder.heroes.rules.gear.concealed_markers import concealments
from builder.heroes.rules.mythos import casting, madness, terror, terror_markers
from builder.heroes.rules.orders.personal_order import duties_met, placements
from builder.heroes.rules.orders.special_orders import LATER, Chooser, opening, played_now
from builder.heroes.rules.orders.tokens import (
    AUTONOMOUS,
    SPECIAL,
    Orders,
    Reveal,
    activation_sequence,
    needs_no_order,
    passed_on_to,
    tokens_for,
)
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.scenario_events import scenario_events
from builder.heroes.rules.state import Facts, Frame, GameState, star_losses
from builder.heroes.rules.turn_context import Players, Turn
from builder.heroes.rules.victory_points import score_objectives
from builder.heroes.scenario.conditions import holds
from builder.heroes.scenario.models import Phase as ScenarioPhase
from builder.kernel.decisions import YES_NO
from builder.kernel.dice import Dice
from builder.kernel.match import Table


def order_phase(state: GameState, players: Players, dice: Dice, frames: list[Frame]) -> dict[str, Orders]:
    """Markers from the last turn go; each side takes its tokens and places them, the side
    with the initiative first (HoN core p.8)."""
    turn = Turn(state, dice, Phase.ORDER, players)
    cite = state.ruleset.cite
    rotations = _rotations(state)
    turn.add(
        TurnEvent(
            turn=state.turn,
            phase=turn.phase,
            side=state.initiative,
            page=cite("initiative"),
            rotations=rotations,
            teams_page=cite("three-players") if rotations else None,
        )
    )
    for units in (state.pieces, state.reserve):  # a unit revealed in reserve stays there activated
        for key, piece in list(units.items()):
            if piece.activated:
                units[key] = piece.marked(activated=False)
    if state.turn == 1:  # Concealed markers assigned during deployment (HoN core p.30)
        for side in state.initiative_order():
            conceal(turn, side, Concealing.DEPLOYING)
        for side in state.initiative_order():  # then Scouts move (HoN core p.26)
            for piece in sorted(state.units(side), key=lambda p: p.key):
                scout(turn, piece.key)
    state.special_orders.clear()  # what the last turn's cards gave lasted for that turn
    state.granted_assault.clear()
    state.moved_only.clear()
    # Step 1: action cards before scenario effects, the initiative player's first (p.8, p.17).
    for side in state.initiative_order():
        played.battle_events_at(turn, side, CardTiming.ORDER_START)
    at_step(turn, Step.ORDER_START)  # each standing Totem: an Order token or an Action card (SoN p.16)
    scenario_events(turn, ScenarioPhase.ORDER, "start")
    orders: dict[str, Orders] = {}
    for side in state.initiative_order():
        tokens = tokens_for(state, side)
        if not tokens.any_order:
            winners = state.opposing_teams(side)
            state.over, state.winner = True, winners[0] if len(winners) == 1 else "draw"
            state.outcome = f"sudden death: {side} has no order token to place"
            turn.add(SuddenDeathEvent(turn=state.turn, phase=turn.phase, side=side, page=cite("order-phase")))
            frames += turn.frames
            return orders
        # Personal Order (HoN core p.26), Hardened (BfC p.09): checked with the placement.
        placed = turn.ask(OrderTokens(side=side, options=placements(state, side, tokens), tokens=tokens))
        orders[side] = placed
        stars_lost = _hit_officers(state, side)
        turn.add(
            OrdersEvent(
                turn=state.turn,
                phase=turn.phase,
                side=side,
                numbered=placed.numbered,
                special=placed.special,
                bluffs=placed.bluffs,
                tokens=tokens.numbered,
                page=cite("order-phase"),
                unprinted=_unprinted_specials(state, side) if placed.special else (),
                stars_lost=stars_lost,
                stars_page=cite("order-ability") if stars_lost else None,
                duties=duties_met(state, placed),
            )
        )
    medallion.medallions(turn, orders)  # Elder Sign Medallions discard tokens on Manifestations (SoN p.14)
    scenario_events(turn, ScenarioPhase.ORDER, "end")
    frames += turn.frames
    return orders


def activation_phase(state: GameState, orders: Mapping[str, Orders], players: Players, dice: Dice) -> list[Frame]:
    """Tokens revealed alternately from the side with the initiative, each unit activated as its
    token is revealed; a unit gone or already activated (an Activated marker, HoN core p.16)
    reveals its token to no effect (HoN core p.9). The side may play action cards on the unit
    as it is activated and once it has acted (HoN core p.17). Played in the steps a forward
    model takes one at a time: the opening, each token, the end."""
    activations, frames = activation_opening(state, orders, players, dice)
    while activations.remaining:
        frames += activate_next(state, activations, players, dice)
    return frames + activation_end(state, players, dice)


@dataclass
class Activations:
    """The Activation Phase under way: the tokens still to reveal, in order, and the special
    tokens each side holds to play between two activations (HoN core p.8)."""

    sequence: list[Reveal]
    held: dict[str, list[str]]

    @property
    def remaining(self) -> bool:
        return bool(self.sequence) or any(self.held.values())

    def copy(self) -> Activations:
        return Activations(list(self.sequence), {side: list(keys) for side, keys in self.held.items()})


def activation_opening(
    state: GameState, orders: Mapping[str, Orders], players: Players, dice: Dice
) -> tuple[Activations, list[Frame]]:
    """What happens before the first token is revealed, and the order they will be revealed in:
    special tokens as order 0 or held, then the numbered ones alternating (orders/tokens.py)."""
    turn = Turn(state, dice, Phase.ACTIVATION, players)
    scenario_events(turn, ScenarioPhase.ACTIVATION, "start")
    madness.madness_acts(turn)  # Rage and Paranoia act, Catatonia freezes (SoN p.11)
    at_step(turn, Step.ACTIVATION_START)  # the Dragon's one move of the round (SoN p.16)
    autonomous = {side: sorted(p.key for p in _own(state, side) if needs_no_order(p)) for side in state.sides}
    teams = {side: state.team_of(side) for side in state.sides}
    state.ordered = {key for placed in orders.values() for key in placed.ordered}
    state.unrevealed = {key: str(n) for placed in orders.values() for n, key in enumerate(placed.numbered, start=1)}
    state.passed_orders.clear()
    marker = state.initiative_order(state.initiative_marker)  # Special Orders keep it (HoN core p.17)
    # Special tokens as order 0, or held and played between two activations (HoN core p.8).
    at_zero, held = opening(state, orders, _choosers(turn, players))
    sequence = activation_sequence(state.initiative_order(), at_zero, autonomous, teams, marker)
    return Activations(sequence, held), turn.frames


def activate_next(state: GameState, activations: Activations, players: Players, dice: Dice) -> list[Frame]:
    """The special tokens the sides play before the next token (asked, the initiative player
    first, each after the last one's activation), then that token; once none is left, the
    special tokens still held (every token placed is activated, p.9)."""
    turn = Turn(state, dice, Phase.ACTIVATION, players)
    choosers = _choosers(turn, players)
    last = not activations.sequence
    for reveal in played_now(state, activations.held, choosers, at_end=last):
        reveal_token(turn, reveal)
    if not last:
        reveal_token(turn, activations.sequence.pop(0))
    return turn.frames


def activation_end(state: GameState, players: Players, dice: Dice) -> list[Frame]:
    turn = Turn(state, dice, Phase.ACTIVATION, players)
    scenario_events(turn, ScenarioPhase.ACTIVATION, "end")
    state.fallen_defenders.clear()  # a destroyed Defender's +1 ends with the phase (BfC p.08)
    return turn.frames


def _choosers(turn: Turn, players: Players) -> dict[str, Chooser]:
    asked = turn.state.sides if isinstance(players, Table) else players or {}
    return {side: _special_order(turn) for side in asked}


def reveal_token(turn: Turn, reveal: Reveal) -> None:
    """One token revealed and its unit activated: the action cards played on it, its action,
    a Heroic token's second one, and the cards played once it has acted (HoN core p.9, p.17)."""
    state = turn.state
    reveal = passed_on(state, reveal)  # a token Dynamic passed on (HoN core p.17)
    state.unrevealed.pop(reveal.key, None)
    piece = _piece(state, reveal.key)
    idle = piece is None or piece.is_wreck or piece.activated
    turn.add(
        RevealEvent(
            turn=state.turn,
            phase=turn.phase,
            side=reveal.side,
            unit=reveal.key,
            token=reveal.token,
            idle=idle,
            page=state.ruleset.cite("activation") if idle else None,
            special_page=state.ruleset.cite("special-order") if reveal.token in (SPECIAL, LATER) else None,
        )
    )
    if piece is None or idle:
        return
    piece = _activated(state, piece)
    if reveal.token != AUTONOMOUS and piece.side.has("ambush-spotter") and piece.key in state.pieces:
        spot(turn, piece)
    if piece.key in state.pieces:
        played.battle_events_at(turn, reveal.side, CardTiming.ACTIVATION, piece)
        piece = state.pieces[piece.key]
    if piece.key in state.pieces:
        # Hardboiled tokens (SoN p.16), an Eldritch Ichor flipping a Character back (SoN p.14)
        for ability in held(state, piece, Hook.ACTIVATED):
            piece = ability.on_activation(turn, piece)
    act(turn, piece)
    again = _again(turn, reveal.key)  # a Heroic token: a second activation (SoN p.16)
    if again is not None:
        act(turn, again)
    terror_markers.amulets_of_dagon(turn)  # "at any time during any phase" (SoN p.16): once a unit has acted
    acted = state.pieces.get(reveal.key)
    if acted is not None and not acted.is_wreck:
        played.battle_events_at(turn, reveal.side, CardTiming.AFTER_ACTION, acted)


def _again(turn: Turn, key: str) -> Piece | None:
    """The unit that has just acted, ready to act again by one of its abilities, or None."""
    piece = turn.state.pieces.get(key)
    if piece is None:
        return None
    return next((p for a in held(turn.state, piece, Hook.ACTED) if (p := a.again(turn, piece)) is not None), None)


def _activated(state: GameState, piece: Piece) -> Piece:
    """The unit as its token is revealed (or an autonomous unit as it acts, HoN core p.26): an
    Activated Unit, "indicated by a revealed Numbered Order or Special counter, or by the presence
    of an Activated marker" (HoN core 8.2, Keywords). One flag for both, so no rule that asks
    whether a unit is activated (Opportunity Fire, p.24) can miss a revealed token."""
    marked = piece.marked(activated=True)
    units = state.pieces if piece.key in state.pieces else state.reserve
    units[piece.key] = marked
    return marked


def act(turn: Turn, piece: Piece, supply: bool = False) -> None:
    """The activated unit's action, its side's choice among those the rules allow (HoN core
    p.9-26); in the Supply Phase (`supply`) a Movement Action (p.16); holding when nobody is asked."""
    if not turn.asking:
        turn.perform(piece.key, STAYS)
        return
    options = action_choices(turn.state, piece, supply)
    turn.perform(piece.key, turn.ask(ActivationAction(side=piece.owner, options=options, unit=piece, supply=supply)))


def conceal(turn: Turn, side: str, when: Concealing) -> None:
    """The side's choice of units to replace with Concealed markers (HoN core p.30)."""
    options = concealments(turn.state, side)
    if turn.asking and options.listed[1:]:
        concealed_markers.conceal(turn, turn.ask(Concealment(side=side, options=options, moment=when)), when)


def scout(turn: Turn, key: str) -> None:
    """A Scout unit's move once the armies are deployed, if its side wishes (HoN core p.26)."""
    piece = turn.state.pieces.get(key)
    paths = scouting.scout_paths(turn.state, piece) if piece is not None and turn.asking else ()
    if piece is None or not paths:
        return
    path = turn.ask(ScoutMove(side=piece.owner, options=(*paths, None), unit=piece))
    if path is not None:
        scouting.scout(turn, key, path)


def _special_order(turn: Turn) -> Chooser:
    """Whether a side plays a held special order token now, asked of its player."""
    return lambda state, piece: turn.ask(SpecialOrder(side=piece.owner, options=YES_NO, unit=piece))


def spot(turn: Turn, spotter: Piece) -> None:
    """Ambush Spotter (BfC p.08): activated by an order token, it reveals the concealed units
    it sees clearly before it acts, through the spotting rules' event (`changes_of_state.ambush_spot`)."""
    changes_of_state.ambush_spot(turn, spotter)


def supply_phase(state: GameState, orders: Mapping[str, Orders], players: Players, dice: Dice) -> list[Frame]:
    """Bluffs are discarded; each side in turn moves the units with no order token nor
    Activated marker, then takes one Suppressed marker off each of its units. Never a firing
    action nor an assault (HoN core p.16, "the absolute rule"). At its end (step 7) each side
    discards the action cards it wishes and draws back up to its hand size (p.16-17)."""
    frames = supply_moves(state, orders, players, dice)
    for side in state.initiative_order():
        frames += draw_cards(state, side, players, dice)
    return frames


def supply_moves(state: GameState, orders: Mapping[str, Orders], players: Players, dice: Dice) -> list[Frame]:
    """The Supply Phase up to its step 7 (`supply_phase`)."""
    turn = Turn(state, dice, Phase.SUPPLY, players)
    scenario_events(turn, ScenarioPhase.SUPPLY, "start")
    for side in state.initiative_order():  # before units move (HoN core p.30)
        conceal(turn, side, Concealing.SUPPLY_PHASE)
    at_step(turn, Step.SUPPLY_START)  # the Totems go on the board in the first round's Supply Phase (SoN p.16)
    casting.spells_at_supply_start(turn)  # Drowning's second attack (SoN p.15)
    # Poisoned Blade markers: a Terror check each; Hardboiled tokens spare a unit its check (SoN p.16)
    at_step(turn, Step.BEFORE_TERROR)
    terror.terror_checks(turn)  # after the bluffs, before the moves (SoN p.10-11)
    for side in state.initiative_order():
        _unordered_units_move(turn, side, orders[side].ordered if side in orders else frozenset())
        battle_events.mine_cards(turn, side)  # the Mine action card (HoN core p.17)
        _rally(turn, side)
    # Sticky Bombs and Magnetic Mines, at the end of the Supply Phase (HoN core p.29).
    alternate_fire.explode_bombs(turn)
    scenario_events(turn, ScenarioPhase.SUPPLY, "end")
    madness.madness_passes(turn)  # Catatonia and Hysteria end with the next round's Supply Phase (SoN p.11)
    casting.spells_at_supply_end(turn)  # Paralyze and Enchant Unit markers (SoN p.15)
    state.mythos.treated.clear()  # treated units rally from the next Supply Phase (SoN p.18)
    return turn.frames


def _unordered_units_move(turn: Turn, side: str, ordered: frozenset[str]) -> None:
    """The side's units with no order token nor Activated marker move (HoN core p.16); those
    that stay put are not news."""
    state = turn.state
    for piece in sorted(_own(state, side), key=lambda p: p.key):
        current = _piece(state, piece.key)
        if current is None or current.key in ordered or current.activated or current.is_wreck:
            continue
        before = len(turn.frames)
        act(turn, current, supply=True)
        if isinstance(turn.frames[before].event, HoldEvent):
            del turn.frames[before]


def _rally(turn: Turn, side: str) -> None:
    """One Suppressed marker off each of the side's units (HoN core p.16), but those an Aid
    marker or a Medic's care this phase keeps suppressed (SoN p.18)."""
    state = turn.state
    rallied = 0
    for key, piece in list(state.pieces.items()):
        if piece.owner == side and piece.suppressed and not piece.is_wreck and not state.mythos.keeps_suppressed(key):
            state.pieces[key] = piece.marked(suppressed=piece.suppressed - 1)
            rallied += 1
    if rallied:
        turn.add(
            RallyEvent(
                turn=state.turn, phase=turn.phase, side=side, units=rallied, page=state.ruleset.cite("supply-phase")
            )
        )


def draw_cards(state: GameState, side: str, players: Players, dice: Dice) -> list[Frame]:
    """Step 7 of the Supply Phase for one side (HoN core p.16-17): it discards the action
    cards it wishes, then draws back up to its hand size. A step of its own for a forward
    model, so that no later question of the step sees a pile reshuffled within it."""
    deck = state.decks.get(side)
    if deck is None:
        return []
    turn = Turn(state, dice, Phase.SUPPLY, players)
    discards = turn.ask(Discards(side=side, options=discard_selections(deck))) if turn.asking else ()
    drawn = refill(state, side, discards, dice)
    if drawn is not None:
        turn.add(drawn)
    return turn.frames


def end_of_turn(state: GameState, last: int, dice: Dice) -> list[Frame]:
    """The game ends after the last turn, or sooner when an early-end condition holds at the
    end of a Supply Phase (BfC p.18); the first outcome that holds wins. Otherwise the
    initiative passes to the next side (HoN core p.8)."""
    turn = Turn(state, dice, Phase.SUPPLY)
    victory = state.scenario.victory
    facts = Facts(state)
    early = next((c for c in victory.end.early if holds(c, facts)), None)
    if early is not None or state.turn >= last + state.end_moved:
        state.over = True
        score_objectives(turn)  # objectives held score their points (HoN core p.5-6)
        found = next((i for i, o in enumerate(victory.outcomes) if holds(o.condition, facts)), None)
        state.winner = victory.outcomes[found].winner if found is not None else victory.otherwise
        state.outcome = victory.outcomes[found].label if found is not None else "no outcome holds"
        turn.add(
            VictoryEvent(
                turn=state.turn,
                phase=turn.phase,
                side=state.winner,
                winner=state.winner,
                victory_points=dict(state.victory_points),
                ended_early=victory.end.early.index(early) if early is not None else None,
                outcome=found,
            )
        )
        return turn.frames
    # The marker passes on from the side it names, even if a card took the initiative (HoN core p.16-17).
    state.initiative = state.next_side(state.initiative_marker or state.initiative)
    state.initiative_marker = None
    state.turn += 1
    return turn.frames


def _unprinted_specials(state: GameState, side: str) -> tuple[str, ...]:
    """Where a side's special order tokens come from when the book does not print how many
    that source gives (Battle Plan: HoN core p.8 names it, its grant is hon's example)."""
    orders = state.orders.get(side)
    return tuple(s.source for s in orders.special_sources if not s.printed) if orders is not None else ()


def _rotations(state: GameState) -> tuple[Rotation, ...]:
    """How a game of teams alternates (SoN p.10): the teams of several sides, each taking its
    turns in rotation; none when every side plays alone."""
    teams: dict[str, list[str]] = {}
    for side in state.initiative_order():
        teams.setdefault(state.team_of(side), []).append(side)
    if len(teams) == len(state.sides):
        return ()
    return tuple(Rotation(team=team, sides=tuple(sides)) for team, sides in teams.items() if len(sides) > 1)


def _hit_officers(state: GameState, side: str) -> tuple[tuple[str, int], ...]:
    """The side's hit units whose damaged side prints fewer order stars (SoN p.18), and how many."""
    return tuple((p.key, n) for p, n in star_losses(state, side) if p.key not in state.destroyed)


def passed_on(state: GameState, reveal: Reveal) -> Reveal:
    """The reveal of a numbered token a destroyed unit passed on with Dynamic: its new holder's."""
    if reveal.token in (SPECIAL, AUTONOMOUS):
        return reveal
    key = passed_on_to(state, reveal.key)
    return reveal if key == reveal.key else replace(reveal, key=key)


def _own(state: GameState, side: str) -> list[Piece]:
    return [p for p in (*state.pieces.values(), *state.reserve.values()) if p.owner == side and not p.is_wreck]


def _piece(state: GameState, key: str) -> Piece | None:
    """A unit on the battlefield or in reserve; None once destroyed."""
    return state.pieces.get(key) or state.reserve.get(key)
