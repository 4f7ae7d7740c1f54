"""Nachtmerrie (seed 000, direct): "Direct na het wakker worden moet iedere
speler direct en zonder discussies vooraf een andere speler als schuldige
aanwijzen. De linkerbuurman van de als laatste geëlimineerde speler begint,
zijn linkerbuurman volgt enz. De spelers met de meeste stemmen worden
geëlimineerd."

It replaces the day's vote (docs/cards.md): one ballot (``nightmare``), at
once, no discussion, each naming another player, in turn from the left of
the last eliminated; every player with the most votes is eliminated, in
seat order, as by the village's vote. Each vote counts one (the mayor's
too: "iedere speler"). Nobody named: nobody eliminated."""

from __future__ import annotations

from typing import Any

from engine import answers, registry
from engine.base import vote_policy
from engine.botkit import BotContext
from engine.cards.base import Card, card
from engine.cards.common import last_eliminated, left_of, ring_from
from engine.day import eliminate, in_seat_order, tally, top, voters
from engine.errors import IllegalAnswer
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask

NIGHTMARE = Ask.define("nightmare")


class Nightmare(Card):
    id = "nightmare"
    span = "vote"

    def vote(self, s: State) -> Flow:
        who = voters(s)
        if not who:
            s.emit("no_voters")
            return True
        dead = last_eliminated(s)
        first = left_of(s, dead) if dead is not None else None
        if first is not None:
            who = ring_from(s, first, who)
        ballot = yield Request(NIGHTMARE, who, s.living(), s.when)
        counts = tally(s, ballot, weighted=False)
        s.emit("vote_result", votes=in_seat_order(s, counts))
        leaders = top(counts, s.players)
        if not leaders:
            s.emit("nobody_eliminated")
        for name in leaders:
            if s.alive[name]:
                yield from eliminate(s, name)
        return True


def check(s: State, req: Request, answer: Any) -> dict[str, str | None]:
    ballot = answers.ballot(s, req, answer)
    for voter, target in ballot.items():
        if target == voter:
            raise IllegalAnswer("nightmare_other", "nightmare: each names another player")
    return ballot


def decide(ctx: BotContext) -> dict[str, str | None]:
    ballot = vote_policy(ctx)
    for voter, target in ballot.items():
        if target == voter:
            ballot[voter] = None
    return ballot


card(Nightmare())
registry.ask(AskSpec(NIGHTMARE, check, decide, form="ballot"))
