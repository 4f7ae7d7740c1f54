"""Einde van het oogstfeest (seed 000, direct): "Iedereen is een beetje duf. Er gebeurt niets bijzonders. Het is een normale ronde, tenzij de spelleider besluit om de variant 'Oogstfeest' in te voeren."

The box does not turn the variant ``harvest_festival`` on for the day: the
card is read and the round is a normal one (docs/cards.md). A host's option
to turn it on, as Stralende zondag has (``engine.cards.sunny_sunday``), is
still to come."""

from __future__ import annotations

from engine.cards.base import Card, card


class EndOfHarvest(Card):
    id = "end_of_harvest"


card(EndOfHarvest())
