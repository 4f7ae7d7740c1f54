"""Donkere maandag (seed 000, direct): "Het is een sombere dag zonder noemenswaardige gebeurtenissen. Het is een normale ronde tenzij de spelleider besluit om de variant 'hij is het zeker niet!' in te voeren."

The box is the game leader, so the host decides before the game, as for
Stralende zondag (``engine.cards.sunny_sunday``): the Full Moon's option
``dark_monday_not_him`` (default false). Off: a normal round. On: today's
vote is the chain of vouching of ``engine.variants.not_him`` (a game that
plays that variant today already has it)."""

from __future__ import annotations

from engine.cards.base import Card, card
from engine.rules import Flow
from engine.state import State
from engine.variants.not_him import chain

OPTION = "dark_monday_not_him"


def turned_on(s: State) -> bool:
    return bool(s.options.extra.get(OPTION, False))


class DarkMonday(Card):
    id = "dark_monday"
    span = "day"

    def start(self, s: State) -> Flow:
        if turned_on(s):
            s.emit("dark_monday_variant")
        return False
        yield  # pragma: no cover

    def vote(self, s: State) -> Flow:
        if not turned_on(s):
            return False
        return (yield from chain(s))


card(DarkMonday())
