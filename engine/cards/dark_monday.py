"""Donkere maandag (seed 000, direct): "Het is een sombere dag zonder noemenswaardige gebeurtenissen. Het is een normale ronde tenzij de spelleider besluit om de variant 'hij is het zeker niet!' in te voeren."

The box is the game leader, so the host decides before the game, as for
Stralende zondag (``engine.cards.sunny_sunday``): the Full Moon's option
``dark_monday_not_him`` (default false). Off: a normal round. On: today's
vote is the chain of vouching of ``engine.variants.not_him`` (a game that
plays that variant today already has it)."""

from __future__ import annotations

from engine.cards.base import card
from engine.cards.common import HostsVariant
from engine.rules import Flow
from engine.state import State
from engine.variants.not_him import chain


class DarkMonday(HostsVariant):
    id = "dark_monday"
    span = "day"
    option = "dark_monday_not_him"
    brings = "not_him"

    def bring_in(self, s: State) -> None:
        s.emit("dark_monday_variant")

    def vote(self, s: State) -> Flow:
        if not self.turned_on(s):
            return False
        return (yield from chain(s))


card(DarkMonday())
