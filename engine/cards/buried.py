"""Begraven (seed 000, continuous): "Vanaf nu tot het einde van het spel wordt
de identiteit van de slachtoffers van de weerwolven aan niemand
bekendgemaakt." Only the werewolves' victims: a player poisoned, shot or
voted shows his card as ever (docs/cards.md)."""

from __future__ import annotations

from engine.cards.base import Card, card
from engine.state import Death, State
from engine.vocab import Cause


class Buried(Card):
    id = "buried"
    kind = "continuous"
    span = "game"

    def reveals(self, s: State, death: Death) -> bool:
        return death.cause is not Cause.WEREWOLVES


card(Buried())
