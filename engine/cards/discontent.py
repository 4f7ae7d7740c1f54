"""Ontevredenheid (seed 000, temporary): "Als de volgende speler die wordt
geëlimineerd, geen weerwolf is, stemmen de geërgerde dorpelingen nog een keer
en elimineren een tweede (on)schuldige. Voer deze tweede stemronde direct en
zonder voorafgaande discussies uit." Reading: "the next eliminated" is the
one the village's next vote eliminates (a tie's scapegoat too); when that
vote eliminates nobody, the card is spent (docs/rules.md)."""

from __future__ import annotations

from engine.cards.base import card
from engine.cards.second_vote import SecondVote


class Discontent(SecondVote):
    id = "discontent"
    when_wolf = False


card(Discontent())
