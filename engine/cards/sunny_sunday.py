"""Stralende zondag (seed 000, direct): "Iedereen geniet van de zon. Er gebeurt
niets bijzonders. Het is een normale ronde, tenzij de spelleider besluit om
de variant 'Lycantropische besmetting' in te voeren."

The box is the game leader, so the host decides before the game: the Full
Moon's option ``sunny_sunday_lycanthropy`` (default false). Off: a normal
round. On: for this round (the day and the next night, until the morning)
the rules of ``engine.variants.lycanthropy`` hold — tonight's victim is
infected, not killed; today's vote of an infected takes the infected with
him. An infection stays after the round (the player keeps no powers), the
variant's own win no longer counts (docs/cards.md)."""

from __future__ import annotations

from engine.cards.base import card
from engine.cards.common import HostsVariant
from engine.rules import Flow, Intent
from engine.state import State
from engine.variants.lycanthropy import Lycanthropy

_LYCANTHROPY = Lycanthropy()


class SunnySunday(HostsVariant):
    id = "sunny_sunday"
    span = "night"
    option = "sunny_sunday_lycanthropy"
    brings = "lycanthropy"

    def bring_in(self, s: State) -> None:
        s.emit("sunny_sunday_variant")

    def instead_of_death(self, s: State, harm: Intent) -> bool:
        return self.turned_on(s) and _LYCANTHROPY.instead_of_death(s, harm)

    def after_vote(self, s: State, eliminated: str | None) -> Flow:
        if self.turned_on(s):
            yield from _LYCANTHROPY.after_vote(s, eliminated)
        return False


card(SunnySunday())
