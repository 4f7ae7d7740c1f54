"""Zoete wraak (seed 000, direct): "mag de als laatste geëlimineerde speler een
speler naar keuze aanwijzen. Deze wordt dan ook geëlimineerd, tenzij er twee
spelers zijn die voor zijn onschuld instaan. ... Als er geen vrijwilligers
zijn mag de veroordeelde met een vlammende toespraak proberen om zijn
medespelers van zijn onschuld te overtuigen."

The last eliminated names one (``revenge``, or nobody); the living say who
vouches for him (``witnesses``: any number, he not among them). Fewer than
two: he speaks, and the table is asked once more; still fewer than two: he
dies (cause ``revenge``)."""

from __future__ import annotations

from engine import answers, registry
from engine.botkit import side_pick
from engine.cards.base import Card, card
from engine.cards.common import check_subset, last_eliminated, some, table_request
from engine.deaths import aftermath, kill
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask, Cause

REVENGE_ASK = Ask.define("revenge")
WITNESSES = Ask.define("witnesses")
REVENGE = Cause.define("revenge")


class SweetRevenge(Card):
    id = "sweet_revenge"

    def start(self, s: State) -> Flow:
        dead = last_eliminated(s)
        if dead is None or not s.living():
            s.emit("revenge_none")
            return False
        target = yield Request(REVENGE_ASK, (dead,), s.living(), s.when)
        if target is None:
            s.emit("revenge_declined", by=dead)
            return False
        s.emit("revenge_named", name=target, by=dead)
        others = tuple(p for p in s.living() if p != target)
        for attempt in (1, 2):
            if attempt == 2:
                s.emit("revenge_speech", name=target)
            vouch = yield table_request(s, WITNESSES, others)
            if len(vouch or ()) >= 2:
                s.emit("revenge_spared", name=target, voters=list(vouch))
                return False
        death = kill(s, target, REVENGE)
        yield from aftermath(s, death)
        return False


card(SweetRevenge())
registry.ask(AskSpec(REVENGE_ASK, answers.target("revenge_living", "revenge falls on a living player"),
                     lambda ctx: side_pick(ctx, hurt=True)))
registry.ask(AskSpec(WITNESSES, check_subset, lambda ctx: some(ctx, 0.25), form="subset"))
