"""Invloed (seed 000, temporary, the next vote): "In de volgende stemronde
wijzen de burgers om beurten een schuldige aan. De als laatste geëlimineerde
speler bepaalt wie er begint. De gekozen speler wijst een andere speler aan
en houdt zijn arm op hem gericht. Zijn linkerbuurman doet hetzelfde. Zo gaat
het verder tot iedereen een keuze heeft gemaakt. Het resultaat van het
stemmen wordt op de gebruikelijke manier afgehandeld."

The last eliminated names who begins (``influence``); the vote is then the
usual one with its voters in that order, each asked aloud in turn. Nobody
dead yet: seat 1's side begins with the first living seat (docs/cards.md)."""

from __future__ import annotations

from engine import registry
from engine.botkit import pick
from engine.cards.base import Card, card
from engine.cards.common import last_eliminated, required, ring_from
from engine.day import voters
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask

INFLUENCE = Ask.define("influence")


class Influence(Card):
    id = "influence"
    kind = "temporary"
    span = "vote"

    def vote(self, s: State) -> Flow:
        if self.id in s.store:
            return False
        who = voters(s)
        chooser = last_eliminated(s)
        first = who[0] if who else None
        if chooser is not None and who:
            first = yield Request(INFLUENCE, (chooser,), who, s.when, allow_none=False,
                                  default=who[0])
        s.store[self.id] = first
        if first is not None:
            s.emit("influence_first", name=first)
        return False

    def voters(self, s: State, who: tuple[str, ...]) -> tuple[str, ...]:
        first = s.store.get(self.id)
        return ring_from(s, first, who) if first in who else who

    def end(self, s: State) -> None:
        s.store.pop(self.id, None)


card(Influence())
registry.ask(AskSpec(INFLUENCE, required("influence_voter", "the first voter is one who votes"), pick))
