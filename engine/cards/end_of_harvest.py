"""Einde van het oogstfeest (seed 000, direct): "Iedereen is een beetje duf. Er gebeurt niets bijzonders. Het is een normale ronde, tenzij de spelleider besluit om de variant 'Oogstfeest' in te voeren."

The box is the game leader, so the host decides before the game, as for
Stralende zondag: the Full Moon's option ``end_of_harvest_festival``
(default false). Off: a normal round. On: for the round (the day and the
night after it, until the next morning) the rules of
``engine.variants.harvest_festival`` hold, as if the game played it: the
mayor's suspect first, the neighbours of the werewolves, the hunter and the
healer, the seer's three cards, the scapegoat's neighbours, and the witch's
call is the festival's: one potion, its effect thrown by the box (a potion
of the festival's own: what she has left of hers stays for after)."""

from __future__ import annotations

from engine.cards.base import card
from engine.cards.common import HostsVariant
from engine.state import State
from engine.variants.base import find_variant


class EndOfHarvest(HostsVariant):
    id = "end_of_harvest"
    span = "night"
    option = "end_of_harvest_festival"
    brings = "harvest_festival"

    def bring_in(self, s: State) -> None:
        if s.in_play(self.brings):
            return  # the game plays the festival already
        s.variant_rules = (*s.variant_rules, find_variant(self.brings))
        s.emit("end_of_harvest_variant")

    def end(self, s: State) -> None:
        festival = find_variant(self.brings)
        if festival.id not in s.setup.variants:
            s.variant_rules = tuple(r for r in s.variant_rules if r is not festival)


card(EndOfHarvest())
