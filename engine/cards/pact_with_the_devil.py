"""Pact met de duivel (seed 000, direct): "Na de beslissing van de burgers kan
de veroordeelde een pact met de duivel sluiten. In dat geval wordt hij niet
geëlimineerd. Maar pas op! Als hij aan het einde van het spel niet bij de
winnende partij hoort, mag hij het volgende spel niet meedoen."

The day's condemned is asked (``pact``: his own name to sign, nobody to
refuse). Signed, he lives. At the end the box says whether he pays: the
line ``pact_debt`` is the last thing said before the winner and stays in
the game's journal and the replay's public lines, where the host reads it
for the next game (the box deals no next game by itself)."""

from __future__ import annotations

from engine import answers, registry
from engine.botkit import BotContext
from engine.cards.base import Card, card
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask, Winner

PACT = Ask.define("pact")


def on_winning_side(s: State, name: str, winner: Winner) -> bool:
    if winner is Winner.LOVERS:
        return s.lovers is not None and name in s.lovers
    if winner is Winner.WEREWOLVES and s.store.get("secret_alliance") == name:
        return True
    return s.team(name).value == winner.value


class PactWithTheDevil(Card):
    id = "pact_with_the_devil"
    #: it holds to the end of the game: the debt is settled then
    span = "game"

    def eliminate(self, s: State, name: str) -> Flow:
        if self.id in s.store:  # the first condemned after the card only
            return False
        signed = yield Request(PACT, (name,), (name,), s.when)
        s.store[self.id] = {"day": s.day, "name": signed}
        if signed is None:
            s.emit("pact_refused", name=name)
            return False
        s.emit("pact_signed", name=name)
        return True

    def won(self, s: State, winner: Winner) -> None:
        name = s.store.get(self.id, {}).get("name")
        if name is not None and not on_winning_side(s, name, winner):
            s.emit("pact_debt", name=name)


def decide(ctx: BotContext) -> str | None:
    return ctx.req.choices[0] if ctx.rng.random() < 0.7 else None


card(PactWithTheDevil())
registry.ask(AskSpec(PACT, answers.target("pact_own", "only the condemned signs"), decide))
