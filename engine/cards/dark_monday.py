"""Donkere maandag (seed 000, direct): "Het is een sombere dag zonder noemenswaardige gebeurtenissen. Het is een normale ronde tenzij de spelleider besluit om de variant 'hij is het zeker niet!' in te voeren."

The box does not turn the variant ``not_him`` on for the day: the card is
read and the round is a normal one (docs/cards.md). A host's option to turn
it on, as Stralende zondag has (``engine.cards.sunny_sunday``), is still to
come."""

from __future__ import annotations

from engine.cards.base import Card, card


class DarkMonday(Card):
    id = "dark_monday"


card(DarkMonday())
