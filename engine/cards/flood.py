"""Zondvloed (seed 000, direct): "De vrouwen en de meisjes zijn naar de kerk
gevlucht, de mannen en de jongens naar de herberg. De stemming vervalt. De
weerwolven elimineren de komende nacht een burger in elk gebouw waar ze zich
bevinden. Als er zowel in de kerk als in de herberg weerwolven zijn, vallen
er dus 2 slachtoffers. Deze kaart geldt niet als er 6 of minder spelers over
zijn."

The players say who fled to the church (``church``); the others are in the
inn. No vote today. Tonight the werewolves' step is replaced by one step a
building: the werewolves in it choose a villager in it (none there: no
victim there). The witch is told the first victim (the church's). With 6
or fewer living the card is read and does nothing."""

from __future__ import annotations

from engine import answers, registry
from engine.cards.base import Card, card
from engine.cards.common import check_subset, some, table_request
from engine.messages import Request
from engine.night import NightStep, legal
from engine.registry import AskSpec
from engine.roles.werewolf import decide, pack_awake
from engine.rules import Flow, Intent
from engine.state import State
from engine.vocab import Ask, Cause

CHURCH = Ask.define("church")
FLOOD_BITE = Ask.define("flood_bite")


def church(s: State) -> tuple[str, ...] | None:
    return s.store.get("flood")


class Flood(Card):
    id = "flood"
    span = "night"

    def start(self, s: State) -> Flow:
        if len(s.living()) <= 6:
            s.emit("flood_void")
            return False
        fled = yield table_request(s, CHURCH, s.living())
        s.store["flood"] = tuple(fled or ())
        return False

    def vote(self, s: State) -> Flow:
        if church(s) is None:
            return False
        s.emit("flood_no_vote")
        return True
        yield  # pragma: no cover

    def called(self, s: State, step: NightStep) -> bool | None:
        if church(s) is None:
            return None
        if step.name == "werewolves":
            return False
        return None

    def end(self, s: State) -> None:
        s.store.pop("flood", None)


def building(in_church: bool) -> NightStep:
    def members(s: State) -> tuple[str, ...]:
        fled = church(s) or ()
        return tuple(p for p in s.living() if (p in fled) is in_church)

    def request(s: State) -> Request | None:
        if church(s) is None:
            return None
        here = members(s)
        wolves = tuple(p for p in pack_awake(s) if p in here)
        prey = tuple(p for p in here if not s.is_wolf(p))
        if not wolves or not prey:
            return None
        return Request(FLOOD_BITE, wolves, legal(s, Ask.WEREWOLVES, wolves, prey), s.when)

    def apply(s: State, target: str | None) -> None:
        if target is not None:
            s.record(Intent("bite", "werewolves", target, cause=Cause.WEREWOLVES))

    name = "flood_church" if in_church else "flood_inn"
    return NightStep(name, 61 if in_church else 62, rule="flood", request=request, apply=apply,
                     ask=FLOOD_BITE)


card(Flood())
registry.steps(building(True), building(False))
registry.ask(AskSpec(CHURCH, check_subset, some, form="subset"))
registry.ask(AskSpec(FLOOD_BITE, answers.target(
    "flood_building", "the werewolves devour a villager in their own building"), decide, secret=True))
