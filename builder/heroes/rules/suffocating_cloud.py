"""The Overlord's Suffocating Cloud (SoN p.16): "The Overlord can make a cloud of toxic gases
that disorients or strangles everyone inside it. He can choose which type of cloud he makes.
As with spells, he must receive the number of Suppressed markers indicated on the
corresponding token. He places the token in a interspace at a maximum distance as indicated on
the token. All units covered even partially by the template are touched by the cloud and
suffer the effects."

* Hypnotic Cloud (2 Suppressed markers): "Units affected by this cloud immediately lose their
  Order token if they have one or receive an Activated marker if they don't have one. Discard
  the token after use." Either way the unit does nothing more this round: hon gives each an
  Activated marker, which also keeps it from moving in the Supply Phase, as a token would.
* Toxic Cloud (1 Suppressed marker): "Units affected by this cloud immediately undergo an
  attack and receive a Suppressed marker … Leave the token on the board until the end of the
  Supply Phase. All units that enter the cloud undergo an attack and receive a Suppressed
  marker."

The cloud is made instead of an action, with an Order, like a spell (SoN p.14). The token's
range and the Toxic Cloud's combat values are printed on the tokens only: CLOUD_REACH and
TOXIC_COMBAT are hon's examples. The template is the explosion template, and a building
shelters the units inside it from a cloud outside it, as from a grenade (SoN p.12, p.16)."""

from __future__ import annotations

from dataclasses import replace

from builder.heroes.catalogue.units import CombatValues
from builder.heroes.rules.actions import TurnBase
from builder.heroes.rules.combat import IllegalAttack, name
from builder.heroes.rules.cover import cover
from builder.heroes.rules.events import FireEvent, TemplateEvent
from builder.heroes.rules.mythos import Cloud, MakeCloud
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.templates import TemplateKind, explosion_squares, interspace_range, lay_template
from builder.heroes.rules.templating import template_targets

HYPNOTIC, TOXIC = "son-hypnotic-cloud", "son-toxic-cloud"
CLOUD_PAGE = "SoN p.16"
PENALTY = {HYPNOTIC: 2, TOXIC: 1}  # Suppressed markers the Overlord receives (SoN p.16)
CLOUD_REACH = 4  # interspaces: printed on the token only, hon's example
TOXIC_COMBAT = CombatValues(infantry=2, light=0, heavy=None)  # on the token only, hon's example
NAMES = {HYPNOTIC: "Hypnotic Cloud", TOXIC: "Toxic Cloud"}


class SuffocatingClouds(TurnBase):
    def _make_cloud(self, maker: Piece, action: MakeCloud) -> None:
        state = self.state
        kind = NAMES.get(action.marker)
        pool = state.gear_for(maker, action.marker) if kind is not None else None
        if kind is None or pool is None or not maker.unit.is_character:
            raise IllegalAttack(f"{name(maker)} has no {action.marker} token to make a cloud with", CLOUD_PAGE)
        squares = frozenset(sq for sq in explosion_squares(action.at) if sq in state.battlefield.squares)
        if not squares or not maker.squares or interspace_range(maker.squares, action.at) > CLOUD_REACH:
            raise IllegalAttack(f"a Suffocating Cloud reaches {CLOUD_REACH} interspaces", CLOUD_PAGE)
        penalty = PENALTY[action.marker]
        self._spend_marker(maker, action.marker, CLOUD_PAGE, f"{penalty} Suppressed marker(s) on {name(maker)}")
        state.pieces[maker.key] = replace(maker, suppressed=maker.suppressed + penalty)
        targets, sheltered = template_targets(state, action.at)
        under = ", ".join(name(t) for t in targets) or "nobody"
        effect = (
            "each loses its Order token or takes an Activated marker"
            if action.marker == HYPNOTIC
            else "each is attacked and takes a Suppressed marker; the token stays until the end of the Supply Phase"
        )
        self.add(
            TemplateEvent(
                turn=state.turn,
                phase=self.phase,
                side=maker.owner,
                text=f"{name(maker)} makes a {kind} on interspace {list(action.at)}: under it, {under}; {effect} "
                f"({CLOUD_PAGE}).",
                firer=maker.key,
                template=action.marker.removeprefix("son-"),
                at=action.at,
                lands=action.at,
                squares=tuple(sorted(squares)),
            )
        )
        if action.marker == HYPNOTIC:
            for target in targets:
                current = state.pieces.get(target.key)
                if current is not None:
                    state.pieces[target.key] = replace(current, activated=True)
            return
        cloud = Cloud(maker.owner, action.at, squares - sheltered)
        state.mythos.clouds.append(cloud)
        for target in targets:
            self._gassed(cloud, target.key)

    def _gassed(self, cloud: Cloud, key: str) -> None:
        """A unit touched by a Toxic Cloud: an attack with its values, then a Suppressed marker
        if it survives (SoN p.16)."""
        state = self.state
        target = state.pieces.get(key)
        if target is None or target.is_wreck:
            return
        cloud.inside.add(key)
        result = lay_template(
            TemplateKind.GRENADE,
            TOXIC_COMBAT,
            cloud.squares,
            (target,),
            self.dice,
            state.ruleset,
            terrain=lambda piece: cover(state, piece),
        )
        for attack in result.attacks:
            told = FireEvent.of(attack, state.turn, self.phase, cloud.side)
            text = told.text.replace(
                "An alternate firing action fires at", f"The Toxic Cloud ({CLOUD_PAGE}) attacks", 1
            )
            self.add(told.model_copy(update={"text": text}))
            self.hurt(target, attack.target, attack.effect)
        after = state.pieces.get(key)
        if after is not None and not after.is_wreck:
            state.pieces[key] = replace(after, suppressed=after.suppressed + 1)

    def breathe(self, key: str, squares: tuple[Square, ...]) -> None:
        """The unit `key` has just moved onto `squares`: a Toxic Cloud it enters attacks it and
        gives it a Suppressed marker (SoN p.16); once inside it is not attacked again until it
        leaves and comes back."""
        for cloud in list(self.state.mythos.clouds):
            if any(sq in cloud.squares for sq in squares):
                if key not in cloud.inside:
                    self._gassed(cloud, key)
            else:
                cloud.inside.discard(key)

    def clouds_lift(self) -> None:
        """The Toxic Cloud tokens leave the board at the end of the Supply Phase (SoN p.16)."""
        self.state.mythos.clouds.clear()
