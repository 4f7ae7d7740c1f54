"""Kop of munt (seed 000, direct): "Direct na het stemmen van de burgers bepaalt
de spelleider door middel van kop of munt of de veroordeelde alsnog wordt
vrijgesproken. Kop: het dorp spreekt de veroordeelde vrij ... Munt: de
veroordeelde wordt alsnog geëlimineerd." The box tosses with the game's
seeded chance (a replay tosses the same), once: for the day's vote."""

from __future__ import annotations

from engine.cards.base import Card, card
from engine.rules import Flow
from engine.state import State


class HeadsOrTails(Card):
    id = "heads_or_tails"
    span = "vote"

    def eliminate(self, s: State, name: str) -> Flow:
        if s.store.get(self.id) == s.day:
            return False
        s.store[self.id] = s.day
        if s.rng.random() < 0.5:
            s.emit("coin_heads", name=name)
            return True
        s.emit("coin_tails", name=name)
        return False
        yield  # pragma: no cover


card(HeadsOrTails())
