"""What the Heroes engine refuses, typed: a `RulesError` carries a `Code` (what was refused, in
the books' words) and the `page` of the rule that refuses it, so callers and tests key on the
code while front ends print the message, one English sentence ending with that page.

`RulesError` is a `ValueError`, so services and the CLI that catch bad input keep catching it.
A refusal function (`..._refusal`, `Refusal | None`) gives only its reason, typed: a `Refusal`,
its code, page and the facts its sentence needs; the action that raises it (`refuse`) names
what was refused with a `MAY_NOT_...` code. The English is rendered from them at the edge
(builder/render/heroes_refusals.py)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum


class Code(StrEnum):
    """What the rules refuse; each comment cites the rule (HoN core unless said)."""

    # The pieces
    WRECK = "wreck"  # a wreck is no unit: it neither fires nor is fired at nor assaults (p.15)
    CONCEALED = "concealed"  # a concealed unit is not targeted; it turns over to assault (p.21)
    EMBARKED = "embarked"  # a unit inside a vehicle is neither targeted nor assaulted (p.27)
    NO_ABILITY = "no-ability"  # the unit lacks the special ability used (p.21-24; SoN p.17-19)
    NO_MARKER = "no-marker"  # no such marker or token left to spend (p.28; SoN p.16)
    MARKER_COUNT = "marker-count"  # more markers spent on one action than allowed (p.28)
    NOT_THIS_MARKER = "not-this-marker"  # the marker does not serve this action (p.28)
    NOT_INFANTRY = "not-infantry"  # grenades, flames, transport: infantry only (p.22, p.27, p.29)
    NOT_A_VEHICLE = "not-a-vehicle"  # a Crew unit boards a light or heavy vehicle (p.21)
    NOT_ITS_SIDE = "not-its-side"  # a unit boards only its own side's vehicle (p.21)
    NOT_ABOARD = "not-aboard"  # a unit leaves only the vehicle it rides in (p.21, p.27)
    NOT_ON_THE_VEHICLE = "not-on-the-vehicle"  # a Crew unit ends its Movement Action on it (p.21)
    NO_ROOM = "no-room"  # one Crew unit in a vehicle without Transport (p.21)
    NO_SUCH_SIDE = "no-such-side"  # the counter has no such side to turn to (p.21, change of state)
    ALREADY_ACTIVATED = "already-activated"  # Opportunity Fire by a non-activated unit only (p.24)
    TRACKS_DAMAGED = "tracks-damaged"  # damaged tracks: no more Movement Actions (p.15)
    WEAPON_DESTROYED = "weapon-destroyed"  # a destroyed primary weapon fires no more (p.15)
    WOULD_BE_ELIMINATED = "would-be-eliminated"  # Sacrifice turns over a unit that survives (SoN p.18)
    # The shot or assault
    NO_TARGET = "no-target"  # no enemy unit (or wreck, building) of that name there
    NO_SHOT = "no-shot"  # the weapon has no shot at that target from there (p.13-15)
    TARGET_TYPE = "target-type"  # the target is of a type the attack may not aim at (p.24: Sniper, Machine Gunner)
    COMBAT_VALUE_X = "combat-value-x"  # an X combat value: no attack on that defense (p.13, p.25)
    OUT_OF_RANGE = "out-of-range"  # beyond the weapon's, ability's or night's range (p.14, p.22; SoN p.11)
    NO_LINE_OF_SIGHT = "no-line-of-sight"  # the firer does not see the target (p.13)
    NOT_IN_CONTACT = "not-in-contact"  # an assault ends in contact with the defender (p.25; SoN p.17)
    NOT_ADJACENT = "not-adjacent"  # the rule asks for a square next to it (p.21, p.29; SoN p.14)
    MAY_NOT_ASSAULT = "may-not-assault"  # the attacker may not engage that defender (p.25)
    NO_LAUNCH = "no-launch"  # an assault from a vehicle: a Transport next to the defender (p.27)
    FULL_FIRING_ARC = "full-firing-arc"  # a 360° arc leaves no square outside it (p.26)
    MACHINE_GUNNER_TARGETS = "machine-gunner-targets"  # targets of one type, within 2 of another (p.24)
    MACHINE_GUNNER_SHARES = "machine-gunner-shares"  # at least +1 per shot, adding up to the bonus (p.24)
    NOT_COMBINED = "not-combined"  # two abilities that may not go on one shot (p.23)
    WEAPON_UNSAID = "weapon-unsaid"  # a unit with several weapons says which one fires (p.22, Dual Weapon)
    NO_SUCH_WEAPON = "no-such-weapon"  # the unit has no weapon of that name (p.14)
    FACING_UNSAID = "facing-unsaid"  # a shot at a heavy vehicle says which facing it strikes (p.14)
    # Templates, buildings and positions
    NOT_BY_AN_OPENING = "not-by-an-opening"  # grenades and flames go in by a door or window (p.22, p.29)
    NOT_A_BUILDING = "not-a-building"  # neither a building nor a defensive position (p.22, p.29)
    TEMPLATE_PLACEMENT = "template-placement"  # where the template may not go (p.23, p.29; BfC p.06)
    FROM_A_BUILDING = "from-a-building"  # Indirect Fire is never fired from a building (p.23)
    NO_STRUCTURE_SHOT = "no-structure-shot"  # no Destruction dice at that structure (p.22)
    # Movement and the battlefield
    OFF_THE_BATTLEFIELD = "off-the-battlefield"  # a square or unit not on the battlefield
    NOT_NEIGHBOURING = "not-neighbouring"  # two interspaces that share no edge
    NOT_AN_INTERSPACE = "not-an-interspace"  # a cloud goes on an interspace (SoN p.16)
    BLOCKED_END = "blocked-end"  # a move may not end where another unit stands (p.9-10)
    NO_PATH = "no-path"  # no Movement Value or no path to fall back along (p.17)
    NEARER_THE_ENEMY = "nearer-the-enemy"  # a fall back never ends nearer the enemy (p.17)
    NOT_IN_WATER = "not-in-water"  # an Amphibious unit ambushes in water only (SoN p.17)
    FOOTPRINT = "footprint"  # a counter covers 1, 2 or 4 squares, a big one facing N/E/S/W
    UNKNOWN_FACING = "unknown-facing"  # a facing is one of the compass points
    # Phases, orders, cards
    WRONG_PHASE = "wrong-phase"  # spells and clouds: Activation Phase, with an Order token (SoN p.14, p.16)
    SUPPRESSED = "suppressed"  # a Suppressed Character casts nothing (SoN p.14, p.16)
    TOKEN_COUNT = "token-count"  # as many order tokens as the side has (p.8)
    TWO_TOKENS = "two-tokens"  # a unit never has more than one order token (p.8)
    PERSONAL_ORDER = "personal-order"  # a Personal Order unit takes a token every turn (p.26)
    HARDENED = "hardened"  # a Hardened tile has one of its units take a token every turn (BfC p.09)
    NOT_IN_HAND = "not-in-hand"  # a card is played from its player's hand (p.17)
    NO_ALTERNATE_BONUS = "no-alternate-bonus"  # the card has no Alternate Bonus for this action (p.17)
    MIXED_BONUSES = "mixed-bonuses"  # Alternate Bonuses of one type on one action (p.17)
    CARD_NOT_PLAYABLE = "card-not-playable"  # not a Battle Event for that moment (p.17)
    # Spells (Shadows over Normandie)
    NOT_THE_CASTER = "not-the-caster"  # the Character of a tile holding the spell casts it (SoN p.14)
    NOT_A_DIRECTION = "not-a-direction"  # laid in one of the eight directions (SoN p.14)
    NO_SUMMONING_SPACE = "no-summoning-space"  # the creature goes on free spaces in reach (SoN p.14)
    # What the refusal functions of the actions refuse (their `Refusal`s)
    NOT_AN_ACTION = "not-an-action"  # not one of the rules' actions (hon's Action union)
    FIRING_IN_SUPPLY_PHASE = "firing-in-supply-phase"  # the Supply Phase: a Movement Action only (p.16)
    TREAT_IN_SUPPLY_PHASE = "treat-in-supply-phase"  # hon plays a Medic's treatment then (SoN p.18)
    NOT_IN_REACH = "not-in-reach"  # the path costs more than its movement points cover (p.9, p.17; BfC p.09)
    BAD_PATH = "bad-path"  # the path does not start where the unit stands or steps out (p.9, p.27)
    MAY_NOT_STAND = "may-not-stand"  # squares it may not stand on: impassable to it or taken (p.9, p.18)
    IMPASSABLE = "impassable"  # a square impassable to the unit (p.18)
    IN_THE_WAY = "in-the-way"  # another unit stands where it would go (p.9-11)
    NO_SUCH_PIECE = "no-such-piece"  # no unit, transport or wreck of that key on the battlefield
    NOT_IN_RESERVE = "not-in-reserve"  # a unit enters the battlefield from reserve
    NOT_ON_AN_EXIT = "not-on-an-exit"  # a unit leaves from its side's exit squares
    NO_HEDGEHOG_IN_ZOC = "no-hedgehog-in-zoc"  # an Engineer removes a barbed hedgehog in its ZoC (BfC p.05)
    ONE_WEAPON_ONLY = "one-weapon-only"  # a vehicle whose crew is hit fires one weapon (p.15)
    NOT_A_SCOUT_MOVE = "not-a-scout-move"  # a Scout move: before the first turn, its Movement Value (p.26)
    NEAR_AN_OBJECTIVE = "near-an-objective"  # a Scout move ends neither next to nor in an objective (p.26)
    NOT_AN_AIRPLANE = "not-an-airplane"  # an airplane's own Movement Action (BfC p.10)
    NO_AVIATOR = "no-aviator"  # an airplane cannot move without an Aviator in its cockpit (BfC p.10)
    SPEED_STEP = "speed-step"  # a Speed marker is replaced by the next one up or down (BfC p.10)
    SPEED_SQUARES = "speed-squares"  # at Speed N an airplane moves N-1 or N squares (BfC p.10)
    TAKE_OFF_SPEED = "take-off-speed"  # it takes off when its Speed marker shows 6 (BfC p.11)
    TAKE_OFF_RUN = "take-off-run"  # it takes off after 6 squares in a straight line (BfC p.11)
    RUNWAY_NOT_CLEAR = "runway-not-clear"  # the 6 squares ahead of it are clear (BfC p.11)
    COCKPIT_FULL = "cockpit-full"  # one Aviator in an airplane's cockpit (BfC p.10)
    NOT_A_TRANSPORT = "not-a-transport"  # a vehicle of its side with the Transport ability (p.27)
    ONE_LARGE_COUNTER = "one-large-counter"  # one counter larger than one square aboard at most (p.27)
    WRECK_TOO_BIG = "wreck-too-big"  # a light vehicle pushes wrecks of one square only (p.11)
    NOT_INTO_THE_WRECK = "not-into-the-wreck"  # a vehicle pushes a wreck by driving into it (p.11)
    NOT_ON_ITS_UNIT = "not-on-its-unit"  # the card goes on a unit of its side on the battlefield (p.17)
    MOVED_ONLY = "moved-only"  # the card goes on a unit that has just moved without firing (p.17)
    MOVES_NO_UNIT = "moves-no-unit"  # the card has no Forced Move: no path (p.17)
    NO_MOVEMENT_VALUE = "no-movement-value"  # a Movement Value of X: the unit is never moved (p.9)
    NEEDS_NO_CARD = "needs-no-card"  # an Urban Fighter goes through windows without a card (BfC p.08)
    ONE_CARD_A_WINDOW = "one-card-a-window"  # a Surprise card for each window crossed (p.17)
    IN_A_BUILDING = "in-a-building"  # a position goes in no building or bunker (BfC p.09)
    IN_RUINS = "in-ruins"  # a position goes in no ruins or rubble (BfC p.09)
    ON_WATER = "on-water"  # a position goes on no water (BfC p.09)
    TAKEN = "taken"  # a position or barbed hedgehog is there already (BfC p.08-09)
    NO_PLACE = "no-place"  # the action names no square or segment for the item (BfC p.08-09)
    NOT_IN_ZOC = "not-in-zoc"  # an Advanced Position goes on an empty square of the ZoC (BfC p.08)
    OWN_SQUARE = "own-square"  # a Forward Position goes on the unit's square, instead of moving (BfC p.09)
    AT_THE_END = "at-the-end"  # an Engineer deploys what it carries at the end of its move (BfC p.08)
    CARDS_WITH_GEAR = "cards-with-gear"  # hon plays no movement card with gear markers (BfC p.09)
    NO_TACTICAL_MAP = "no-tactical-map"  # a Tactical Map within 3 squares (BfC p.09)
    NOT_A_MINE_SQUARE = "not-a-mine-square"  # a Mine marker goes where the rules say (BfC p.09)
    NO_MINE_IN_REACH = "no-mine-in-reach"  # an Engineer discards a Mine marker next to it (BfC p.09)
    # What an action's check refused; the reason is the message's (its own refusal function)
    MAY_NOT_FIRE = "may-not-fire"  # p.13-16, p.28
    MAY_NOT_MOVE = "may-not-move"  # p.9-12
    MAY_NOT_ENTER = "may-not-enter"  # a unit in reserve enters onto squares it may stand on
    MAY_NOT_EXIT = "may-not-exit"  # a unit leaves from its side's exit squares
    MAY_NOT_CLEAR = "may-not-clear"  # an Engineer removes a barbed hedgehog in its ZoC (BfC p.05)
    MAY_NOT_SCOUT = "may-not-scout"  # p.26
    MAY_NOT_PUSH = "may-not-push"  # p.11
    MAY_NOT_EMBARK = "may-not-embark"  # p.27
    MAY_NOT_DISEMBARK = "may-not-disembark"  # p.27
    MAY_NOT_FLY = "may-not-fly"  # BfC p.10-11
    MAY_NOT_BOARD = "may-not-board"  # BfC p.10
    MAY_NOT_CHANGE_STATE = "may-not-change-state"  # p.21
    MAY_NOT_CONCEAL = "may-not-conceal"  # Concealed markers (p.30)
    MAY_NOT_DEPLOY = "may-not-deploy"  # field works (BfC p.08-09)
    MAY_NOT_USE_GEAR = "may-not-use-gear"  # Fuel, Tactical Map (p.28; BfC p.09)
    MAY_NOT_MINE = "may-not-mine"  # mines (BfC p.09)
    MAY_NOT_PLAY = "may-not-play"  # action cards (p.17)
    MAY_NOT_CAST = "may-not-cast"  # spells (SoN p.14)
    MAY_NOT_SEARCH = "may-not-search"  # Search checks (SoN p.11)
    MAY_NOT_TREAT = "may-not-treat"  # a Medic's Aid marker (SoN p.18)
    # Bad input to a service (counts, lists, players)
    BAD_COUNT = "bad-count"  # dice from 1, markers from 0, range from 1
    NO_ARMY_LIST = "no-army-list"  # every side of the scenario needs an army list
    NO_PLAYER = "no-player"  # every side of the scenario needs a player


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the rules refuse something: `code` (in the books' words), `page` (the rule, empty
    for a refusal of input) and the facts its sentence needs. `told` is the sentence of a
    check that raises its RulesError with its reason already written (resolution/, mythos/):
    passed on as it is."""

    code: Code
    page: str = ""
    unit: str = ""  # the unit refused, by key
    other: str = ""  # the other counter (key), card, marker, item or ability (printed name) it names
    side: str = ""  # the side refused
    square: tuple[int, ...] | None = None  # a square, or an interspace (a point)
    squares: tuple[tuple[int, int], ...] = ()
    value: int | None = None  # the number at stake (squares, markers, cards, speed)
    limit: int | None = None  # the number the rule allows (None where it is the X of a counter)
    phase: str = ""  # a phase or a card's moment
    told: str = ""

    def __str__(self) -> str:
        """The code, the page and the facts, for logs and tracebacks (the English is the
        renderer's): `no-room (HoN core p.27) unit=a1 other=t1 limit=2`."""
        facts = [
            f"{f.name}={getattr(self, f.name)}" for f in fields(self)[2:] if getattr(self, f.name) not in ("", None, ())
        ]
        return " ".join([self.code.value, *([f"({self.page})"] if self.page else []), *facts])


class RulesError(ValueError):
    """Something the rules refuse: `code` says what, `page` the rule (empty when the refusal
    is of input, not of a rule), `refusal` why, typed. Given a `Refusal`, the message is its
    facts; given a reason, one sentence, the page at its end."""

    def __init__(self, code: Code, reason: str | Refusal, page: str = "") -> None:
        if isinstance(reason, Refusal):
            self.refusal, self.reason = reason, str(reason)
            super().__init__(f"{code.value}: {reason}")
        else:
            self.refusal, self.reason = Refusal(code, page, told=reason), reason
            super().__init__(f"{reason} ({page})" if page else reason)
        self.code = code
        self.page = self.refusal.page
