"""Wantrouwen (seed 000, direct): "Iedere dorpsbewoner heeft twee stemmen
waarmee hij zijn beste vrienden kan beschermen. Op een teken van de
spelleider wijst iedereen tegelijk met 2 handen 2 spelers aan. Spelers
zonder stemmen worden geëlimineerd. Deze gebeurtenis vervangt de dagelijkse
stemronde."

Today's vote is ``distrust``: each voter names two other players (one when
only one other is left); every living player nobody named is eliminated, in
seat order, as by the village's vote. The mayor's vote counts as any other
here: these are protections, not votes against."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import answers, registry
from engine.botkit import BotContext
from engine.cards.base import Card, card
from engine.day import eliminate, voters
from engine.errors import IllegalAnswer, MalformedAnswer
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask

DISTRUST = Ask.define("distrust")


class Distrust(Card):
    id = "distrust"
    span = "vote"

    def vote(self, s: State) -> Flow:
        who = voters(s)
        count = min(2, len(s.living()) - 1)
        protected: set[str] = set()
        if who and count > 0:
            ballot = yield Request(DISTRUST, who, s.living(), s.when, count=count, discussion=True)
            for named in ballot.values():
                protected.update(named)
        unprotected = [p for p in s.players if s.alive[p] and p not in protected]
        s.emit("distrust_result", names=unprotected)
        for name in unprotected:
            if s.alive[name]:
                yield from eliminate(s, name)
        return True


def check(s: State, req: Request, answer: Any) -> dict[str, list[str]]:
    if answer is None:
        answer = {}
    if not isinstance(answer, Mapping):
        raise MalformedAnswer(f"distrust: expected {{voter: [name, name]}}, not {answer!r}")
    result: dict[str, list[str]] = {}
    for voter, named in answer.items():
        voter = answers.name(s, req, voter, "a voter")
        if voter not in req.actors:
            raise IllegalAnswer("no_vote", f"distrust: {voter} may not vote today")
        chosen = answers.names(s, req, named)
        if len(chosen) != req.count or len(set(chosen)) != len(chosen) or voter in chosen:
            raise IllegalAnswer("distrust_two", "distrust: each names two other players")
        result[voter] = chosen
    return result


def decide(ctx: BotContext) -> dict[str, list[str]]:
    req = ctx.req
    return {v: ctx.rng.sample([c for c in req.choices if c != v], req.count) for v in req.actors}


card(Distrust())
registry.ask(AskSpec(DISTRUST, check, decide, form="ballot", discussion=True))
