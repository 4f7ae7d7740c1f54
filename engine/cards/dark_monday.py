"""Donkere maandag (seed 000, direct): "Het is een sombere dag zonder noemenswaardige gebeurtenissen. Het is een normale ronde tenzij de spelleider besluit om de variant 'hij is het zeker niet!' in te voeren."

The variant ``not_him`` is not in engine/variants (yet), so the box cannot
turn it on: the card is read and the round is a normal one (docs/cards.md).
When the variant comes, this card gets the host's option, as Stralende
zondag has (``engine.cards.sunny_sunday``)."""

from __future__ import annotations

from engine.cards.base import Card, card


class DarkMonday(Card):
    id = "dark_monday"


card(DarkMonday())
