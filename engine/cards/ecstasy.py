"""Extase (seed 000, temporary): "Als de volgende speler die wordt
geëlimineerd een weerwolf is, stemmen de enthousiaste dorpelingen nog een
keer en elimineren een tweede (on)schuldige. Voer deze tweede stemronde
direct en zonder voorafgaande discussies uit." Read as Ontevredenheid."""

from __future__ import annotations

from engine.cards.base import card
from engine.cards.second_vote import SecondVote


class Ecstasy(SecondVote):
    id = "ecstasy"
    when_wolf = True


card(Ecstasy())
