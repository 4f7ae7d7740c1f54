"""Einde van het oogstfeest (seed 000, direct): "Iedereen is een beetje duf. Er gebeurt niets bijzonders. Het is een normale ronde, tenzij de spelleider besluit om de variant 'Oogstfeest' in te voeren."

The variant ``harvest_festival`` is not in engine/variants (yet), so the box cannot
turn it on: the card is read and the round is a normal one (docs/cards.md).
When the variant comes, this card gets the host's option, as Stralende
zondag has (``engine.cards.sunny_sunday``)."""

from __future__ import annotations

from engine.cards.base import Card, card


class EndOfHarvest(Card):
    id = "end_of_harvest"


card(EndOfHarvest())
