"""Dodelijke aanraking (seed 000, continuous): "Vanaf nu tot het einde van het
spel moet een van de weerwolven het gekozen slachtoffer aanraken om deze te
elimineren. Gebeurt dit niet, dan valt er deze ronde geen slachtoffer."
Right after their choice the werewolves say whether one of them touched the
victim (``touch``: the victim's name, or nobody); untouched, the bite is
undone before anyone else wakes (the witch hears of no victim)."""

from __future__ import annotations

from engine import answers, registry
from engine.botkit import BotContext
from engine.cards.base import Card, card
from engine.messages import Request
from engine.night import NightStep
from engine.registry import AskSpec
from engine.roles.werewolf import pack_awake
from engine.state import State
from engine.vocab import Ask

TOUCH = Ask.define("touch")


def bite(s: State) -> str | None:
    return next((i.target for i in s.intents if i.kind == "bite"), None)


class DeadlyTouch(Card):
    id = "deadly_touch"
    kind = "continuous"
    span = "game"


def request(s: State) -> Request | None:
    victim, wolves = bite(s), pack_awake(s)
    if victim is None or not wolves:
        return None
    return Request(TOUCH, wolves, (victim,), s.when)


def apply(s: State, touched: str | None) -> None:
    if touched is None:
        s.intents = [i for i in s.intents if i.kind != "bite"]


def decide(ctx: BotContext) -> str | None:
    return ctx.req.choices[0] if ctx.rng.random() < 0.85 else None


card(DeadlyTouch())
registry.steps(NightStep("deadly_touch", 63, rule="deadly_touch", request=request, apply=apply,
                         ask=TOUCH))
registry.ask(AskSpec(TOUCH, answers.target("touch_victim", "only the chosen victim can be touched"),
                     decide, secret=True))
