"""What the Tactical Card Game's rules core plays (`hon rules --game tcg`): every mechanic,
ability, shooting effect, marker and terrain of the rule book with its page, whether it is
played and the choice made where the book is silent or garbled; keyed by rule id. The tests
behind a rule are marked with its id (`@pytest.mark.rule("go-markers")`); `tested.py` is the
index of those marks. Kept true by tests/tcg/rules/test_coverage.py."""

from __future__ import annotations

from collections.abc import Mapping

from builder.kernel.coverage import Listing, Played, Rule, RuleKind, keyed
from builder.tcg.cards import AbilityKind, EffectKind
from builder.tcg.rules.tested import TESTED
from builder.tcg.scenario import MarkerKind
from builder.tcg.terrain import Terrain

P, PARTIAL, NOT = Played.PLAYED, Played.PARTIAL, Played.NOT_PLAYED
M, A, E, K, TR = RuleKind.MECHANIC, RuleKind.ABILITY, RuleKind.SHOOTING_EFFECT, RuleKind.MARKER, RuleKind.TERRAIN

RULES: tuple[Rule, ...] = (
    # --- the turn and the tactics ---------------------------------------------------------
    Rule("set-up", "Setting up", M, "TCG p.5", P, ""),
    Rule(
        "game-turn",
        "The game turn: two phases",
        M,
        "TCG p.6",
        P,
        "",
    ),
    Rule(
        "recover-directives",
        "Recover three DIRECTIVE markers",
        M,
        "TCG p.6",
        P,
        "",
    ),
    Rule(
        "manage-cards",
        "Manage your cards and reinforcements",
        M,
        "TCG p.6; TCG p.21",
        P,
        "An empty reserve (the book is silent): draw what is left; the discard pile is never shuffled back.",
    ),
    Rule(
        "manoeuvre",
        "Manoeuvre",
        M,
        "TCG p.6",
        P,
        "Either card may make the one forced march; the shooter plays first, then the other card. "
        "Both cards' moves reveal the hidden enemies next to their new boxes. The swap is a move "
        "('any other moves'): a Fire or Move card does not shoot after it, a Lumbering one uses "
        "its moving value.",
    ),
    Rule(
        "remove-suppressed",
        "Remove SUPPRESSED markers",
        M,
        "TCG p.6",
        P,
        "",
    ),
    Rule("activate", "Activate a Unit Card", M, "TCG p.7", P, ""),
    Rule(
        "moving",
        "Moving: orthogonal, diagonal for mechanised",
        M,
        "TCG p.7",
        P,
        "",
    ),
    Rule(
        "event-cards",
        "Event Cards, generic and historical",
        M,
        "TCG p.9",
        PARTIAL,
        "Effects are data (directives, draw, rally, bombardment); each player plays its cards "
        "at the start of each phase.",
    ),
    Rule(
        "hero-cards",
        "Hero Cards and their deployment condition",
        M,
        "TCG p.10",
        P,
        "",
    ),
    Rule(
        "go-markers",
        "GO! markers and activation rolls",
        M,
        "TCG p.11",
        P,
        "A Field Command may place its GO! markers one at a time during the activation; after each "
        "activation the player picks which waiting GO! marker rolls next, among all of them (the "
        "order of the p.18 example, not only those the last card gave).",
    ),
    # --- shooting ----------------------------------------------------------------------------
    Rule(
        "shooting",
        "Shooting attack: 2d6 against the shooting value",
        M,
        "TCG p.8",
        P,
        "",
    ),
    Rule("shooting-range", "Shooting ranges, never blocked", M, "TCG p.7", P, ""),
    Rule(
        "partial-success",
        "Partial success: a failed double",
        M,
        "TCG p.8",
        P,
        "",
    ),
    Rule(
        "double-ones",
        "Double 1s: a DIRECTIVE marker",
        M,
        "TCG p.8",
        P,
        "",
    ),
    Rule(
        "armour",
        "Armour and penetration",
        M,
        "TCG p.8; TCG p.21",
        P,
        "A non-piercing success on armour may be saved (FAQ).",
    ),
    Rule(
        "saves",
        "Saving throws: the best value, one roll",
        M,
        "TCG p.8",
        P,
        "",
    ),
    Rule(
        "hit-points",
        "Hit points and destruction",
        M,
        "TCG p.9",
        P,
        "",
    ),
    Rule(
        "seize",
        "Seize their position!",
        M,
        "TCG p.9; TCG p.13",
        P,
        "Artillery never seizes, even combined with another type. 'After a combat' read as the step "
        "straight after the destroying shot (both book examples, p.15 and p.18, seize then): any "
        "other move, shot or ability first forfeits it.",
    ),
    # --- DIRECTIVE markers -------------------------------------------------------------------
    Rule(
        "directive-cap",
        "Never more than six DIRECTIVE markers",
        M,
        "TCG p.5; TCG p.13",
        P,
        "",
    ),
    Rule(
        "suppressed-no-directive",
        "A SUPPRESSED card cannot use DIRECTIVE markers",
        M,
        "TCG p.6",
        P,
        "",
    ),
    Rule("forced-march", "Forced march", M, "TCG p.14", P, ""),
    Rule(
        "forcing-activation",
        "Forcing an activation",
        M,
        "TCG p.14",
        P,
        "",
    ),
    Rule(
        "directive-armour-piercing",
        "Armour-piercing for a DIRECTIVE marker",
        M,
        "TCG p.14",
        P,
        "",
    ),
    Rule(
        "directive-sustained-fire",
        "Sustained fire: +1 after the roll",
        M,
        "TCG p.14",
        P,
        "",
    ),
    Rule(
        "saving-bonus",
        "Saving bonus: +1 after the roll",
        M,
        "TCG p.14",
        P,
        "",
    ),
    Rule(
        "activation-example",
        "Example of an activation (the M10)",
        M,
        "TCG p.15",
        P,
        "Garbled: a forced march cannot make an enemy retreat; hon reads it as the M10 itself moving out of range.",
    ),
    Rule(
        "phase-example",
        "Example of a phase (Collins, the Rifle Company, the M10)",
        M,
        "TCG p.18",
        P,
        "",
    ),
    # --- the fog of war ------------------------------------------------------------------------
    Rule(
        "hidden",
        "Hidden cards: activation 4, save 6",
        M,
        "TCG p.16",
        P,
        "",
    ),
    Rule(
        "becoming-visible",
        "How to become visible",
        M,
        "TCG p.16",
        P,
        "The rules turn a card face up when it shoots or uses an ability, when an enemy moves next to it and "
        'when it is shot at. Its player may turn it over "whenever they want" at four moments: before each '
        "COMMAND marker of their phase (any of their hidden cards, one at a time); as a step of its own "
        "activation, at any point of it (Pascal's Advice: rolled on the hidden 4, then turned over); before "
        "its GO! roll (its own activation value, or none, instead of 4); and once hit, before the yellow die "
        "(its own save instead of 6; p.16 N.B.). Face up or down changes only those rolls, what it may do "
        "activated and what the enemy knows, so other moments add nothing: in the enemy's phase turning "
        "over only informs the enemy, but for its save; before the red dice (p.8) it would only tell the "
        "shooter before its armour-piercing choice, since a miss turns it over anyway and armour counts "
        "hidden or not (p.16); within a tactic it frees no box the moment before the tactic could not. Not "
        "offered: turning a hidden Support card over in the enemy's phase to lend its save (hon counts "
        "Support and Encouragement only face up; no bundled card has either).",
    ),
    Rule(
        "decoys",
        "Decoy Unit Cards",
        M,
        "TCG p.17",
        P,
        "A shot at a hidden decoy turns it over and is spent without a roll "
        "(the book does not say the dice are rolled); a decoy that arrives face up, next to an enemy, is "
        "discarded at once. Its player may turn a hidden decoy over, discarding it and emptying its box, "
        "in their own phase only: before each COMMAND marker, during its own activation, before its GO! "
        "roll (see becoming-visible).",
    ),
    Rule(
        "victory",
        "Victory conditions and victory points",
        M,
        "TCG p.6; TCG p.16",
        P,
        "Silent in the book: a box is held by the side whose Unit Card (not a decoy) is on it; "
        "both sides fulfilling at once is a draw.",
    ),
    Rule(
        "trench",
        "Trench",
        M,
        "TCG p.13",
        P,
        "Not a terrain of p.17: read as the fortified position, which only tanks may seize (the same rule).",
    ),
    Rule(
        "variant-rules",
        "Variant rules (novices, more casualties)",
        M,
        "TCG p.21",
        P,
        "Each chosen with hon simulate --variant. Silent in the book: without Event Cards they leave the "
        "reserve (scenario events still happen); without terrain effects every box is open ground, Water "
        "included; with every card visible, decoys go to the discard pile at the set-up; a result above 12 "
        "with bonuses counts as 12.",
    ),
)


_ORDERS = (
    "Silent in the book: the cards ordered are the user's own within the ability's range (adjacent "
    "without a range icon) and of its unit type, never the user itself; an order does not activate "
    "a card, and an ACTIVATED card may be ordered; "
)
_TOWARD = (
    "'toward' a zone: a box that shortens the orthogonal steps to its nearest box, by the ordinary "
    "move rules (diagonals for mechanised cards); no zone, no move."
)


# The passive Defenceless ability shares its name and model id with the shooting effect (TCG
# p.12): the listing keys it apart.
PASSIVE_DEFENCELESS = "defenceless-passive"


def rule_id(kind: AbilityKind | EffectKind) -> str:
    """The listing's id of a model's ability or shooting effect: its value, but for one."""
    return PASSIVE_DEFENCELESS if kind is AbilityKind.DEFENCELESS else kind.value


def _ability(kind: AbilityKind, page: str, played: Played, note: str = "") -> Rule:
    return Rule(rule_id(kind), kind.value.replace("-", " ").capitalize(), A, page, played, note)


def _effect(kind: EffectKind, played: Played, note: str = "") -> Rule:
    return Rule(rule_id(kind), kind.value.replace("-", " ").capitalize(), E, "TCG p.12", played, note)


ABILITIES: tuple[Rule, ...] = (
    _ability(AbilityKind.FIELD_COMMAND, "TCG p.11", P, ""),
    _ability(AbilityKind.ELAN, "TCG p.11", P, ""),
    _ability(
        AbilityKind.ENCOURAGEMENT,
        "TCG p.11",
        P,
        "Several Encouragements give +1 in all.",
    ),
    _ability(
        AbilityKind.FALL_BACK,
        "TCG p.11",
        P,
        _ORDERS + _TOWARD,
    ),
    _ability(
        AbilityKind.FIRE,
        "TCG p.11",
        P,
        _ORDERS + "one Shooting attack each, with the shooting value the player chooses.",
    ),
    _ability(
        AbilityKind.FORWARD,
        "TCG p.11",
        P,
        _ORDERS + _TOWARD,
    ),
    _ability(
        AbilityKind.MEDICS,
        "TCG p.11",
        P,
        "",
    ),
    _ability(AbilityKind.REINFORCEMENTS, "TCG p.12", P, ""),
    _ability(AbilityKind.SUPPORT, "TCG p.12", P, ""),
    _ability(
        AbilityKind.AMPHIBIOUS,
        "TCG p.12",
        P,
        "Water counts as flooded: no DIRECTIVE marker in it. A card left in Water when Engineers blow "
        "a ford (the book is silent) counts it as flooded too.",
    ),
    _ability(
        AbilityKind.ENGINEERS,
        "TCG p.12",
        P,
        "The book names no element and no interaction: hon lets a scenario mark a marker with the "
        "Engineers icon (engineers: true); an activated Engineers card on or next to it removes it "
        "(a blown ford is Water again), one per icon; objectives are never removed.",
    ),
    _ability(
        AbilityKind.FRAGILE,
        "TCG p.12",
        P,
        "",
    ),
    _ability(
        AbilityKind.RALLY,
        "TCG p.12",
        P,
        "The book's second Encouragement (remove a SUPPRESSED marker).",
    ),
    _ability(
        AbilityKind.DEFENCELESS,
        "TCG p.12",
        P,
        "'May not make throws' read as saving throws.",
    ),
    _ability(
        AbilityKind.FIRE_OR_MOVE,
        "TCG p.12",
        P,
        "Any move counts: the card's move, a forced march, seize their position! and a manoeuvre's "
        "swap; a card that has shot makes none of them after.",
    ),
    _ability(AbilityKind.IMMOBILE, "TCG p.12", P, ""),
    _ability(
        AbilityKind.DEFENDERS,
        "TCG p.12",
        P,
        "'Increases the save value' read as improving it (6+ becomes 5+).",
    ),
    _ability(AbilityKind.RESISTANCE, "TCG p.12", P, ""),
    _ability(AbilityKind.DISORIENTATED, "TCG p.12", P, ""),
)

EFFECTS: tuple[Rule, ...] = (
    _effect(EffectKind.ARMOUR_PIERCING, P, ""),
    _effect(EffectKind.SUPPRESSIVE_ON_SEVEN, P, ""),
    _effect(EffectKind.SUPPRESSIVE_INFANTRY, P, ""),
    _effect(EffectKind.SUPPRESSIVE_HIT_INFANTRY, P, ""),
    _effect(EffectKind.SUPPRESSIVE_HIT_TANK, P, ""),
    _effect(EffectKind.DOUBLE_HITS, P, ""),
    _effect(
        EffectKind.FIRE_AGAIN,
        P,
        "'Successful' read as the roll reaching the shooting value (a saved HIT still counts); the "
        "sure second attack rolls no red dice, so no partial success, double 1s or roll-reading "
        "Suppressive Fire; armour and the save still apply; a manoeuvre's single shot stays single.",
    ),
    _effect(EffectKind.RELENTLESS_ASSAULT, P, ""),
    _effect(EffectKind.DEFENCELESS, P, ""),
    _effect(
        EffectKind.LUMBERING,
        P,
        "Any move counts, as for Fire or Move: the card's move, a forced march, seize their "
        "position! and a manoeuvre's swap; a card that has shot at its stationary value makes "
        "none of them after.",
    ),
    _effect(EffectKind.SUSTAINED_FIRE, P, ""),
)

MARKERS: tuple[Rule, ...] = (
    Rule(
        MarkerKind.OBJECTIVE.value,
        "Objective",
        K,
        "TCG p.16",
        P,
        "",
    ),
    Rule(
        MarkerKind.DEPOT.value,
        "Munitions depot",
        K,
        "TCG p.16",
        P,
        "'At the start of their turn' read as the start of their phase.",
    ),
    Rule(MarkerKind.FORD.value, "Ford", K, "TCG p.16", P, ""),
    Rule(
        MarkerKind.SHOOTING_BONUS.value,
        "Shooting Bonus",
        K,
        "TCG p.16",
        P,
        "",
    ),
    Rule(
        MarkerKind.DEFENCE_BONUS.value,
        "Defence Bonus",
        K,
        "TCG p.16",
        P,
        "",
    ),
    Rule(
        MarkerKind.BOMBARDMENT.value,
        "Bombardment",
        K,
        "TCG p.16",
        PARTIAL,
        "Placed and checked; a bombardment's effect comes from Event Cards only.",
    ),
    Rule(
        "panzerfaust",
        "Panzerfaust",
        K,
        "TCG p.16",
        P,
        "The book does not say how a card gets one: a scenario places it on a deployed card (panzerfaust: true).",
    ),
    Rule(
        "hit-point",
        "Hit point marker",
        K,
        "TCG p.16",
        P,
        "Placed by the scenario on a deployed card (hit_point_markers: N); the book does not say how else.",
    ),
)

TERRAIN: tuple[Rule, ...] = tuple(
    Rule(t.value, t.label.capitalize(), TR, "TCG p.17" if t is not Terrain.OPEN else "TCG p.4", P, "") for t in Terrain
)
# Every rule by its id: mechanics, abilities, shooting effects, markers, then terrain.
# The TCG's notes say more than one line's worth.
COVERAGE: Mapping[str, Rule] = keyed([*RULES, *ABILITIES, *EFFECTS, *MARKERS, *TERRAIN], max_note=None)
LISTING = Listing(COVERAGE, TESTED)


def entry(entry_id: str) -> Rule | None:
    """The listing of one rule by its id, or None."""
    return COVERAGE.get(entry_id)
