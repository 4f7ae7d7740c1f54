"""De Ziener (seed 000): each night she looks at one other player's card."""

from __future__ import annotations

from engine import answers, registry
from engine.botkit import BotContext
from engine.messages import Request
from engine.night import NightStep, legal, sole_actor
from engine.registry import AskSpec, RoleCard
from engine.state import State
from engine.vocab import Ask, Role, Team


def request(s: State) -> Request | None:
    actors = sole_actor(s, Role.SEER)
    if not actors:
        return None
    me = actors[0]
    choices = tuple([p for p in s.living_now if p != me])
    return Request(Ask.SEER, actors, legal(s, Ask.SEER, actors, choices), s.when)


def apply(s: State, target: str | None) -> None:
    if target is None:
        return
    seer = s.acting(Role.SEER)
    assert seer is not None
    for vision in s.rules.vision:
        if vision(s, seer, target):
            return  # a rule shows her something else (the harvest festival)
    shown = seen(s, target)
    if s.recording:  # (a game that keeps no events: nobody reads what she saw)
        s.emit("seer_sees", frozenset({seer}), name=target, role=shown.value)


def seen(s: State, target: str) -> Role:
    """The card the seer is shown for ``target`` (a rule may show another)."""
    shown = s.role[target]
    for hook in s.rules.seen:
        shown = hook(s, target, shown)
    return shown


def decide(ctx: BotContext) -> str | None:
    if not ctx.req.choices:
        return None
    if ctx.sensible:
        known = ctx.known(ctx.me)
        unknown = [c for c in ctx.req.choices if c not in known]
        return ctx.rng.choice(unknown or list(ctx.req.choices))
    return ctx.rng.choice(ctx.req.choices)


registry.role(RoleCard(
    Role.SEER, Team.VILLAGE, special=False,
    steps=(NightStep("seer", 50, Role.SEER, request=request, apply=apply, ask=Ask.SEER),),
    asks=(AskSpec(Ask.SEER, answers.target(
        "seer_self", "the seer looks at another player, not at herself"), decide, secret=True,
        trusted=answers.as_given),),
))
