"""De Genezer (seed 000): each night he protects one player against the
werewolves' bite; himself allowed, not the same player two nights running,
and never the little girl ("Het onschuldige meisje wordt niet door de genezer
beschermd")."""

from __future__ import annotations

from engine import answers, registry
from engine.botkit import BotContext, pick
from engine.messages import Request
from engine.night import NightStep, legal, sole_actor
from engine.registry import AskSpec, RoleCard
from engine.rules import AGAINST_BITES, Intent
from engine.state import State
from engine.vocab import Ask, Role, Team


def request(s: State) -> Request | None:
    actors = sole_actor(s, Role.HEALER)
    if not actors:
        return None
    last = s.memory(actors[0]).get("last")
    choices = tuple([p for p in s.living_now if p != last])
    return Request(Ask.HEALER, actors, legal(s, Ask.HEALER, actors, choices), s.when,
                   info={"last": last})


def apply(s: State, target: str | None) -> None:
    healer = s.acting(Role.HEALER)
    assert healer is not None
    s.memory(healer)["last"] = target
    if target is not None and not s.holds(target, Role.LITTLE_GIRL):
        s.record(Intent("protect", "healer", target, against=AGAINST_BITES))


def decide(ctx: BotContext) -> str | None:
    return pick(ctx)  # type: ignore[no-any-return]


registry.role(RoleCard(
    Role.HEALER, Team.VILLAGE,
    steps=(NightStep("healer", 40, Role.HEALER, request=request, apply=apply, ask=Ask.HEALER),),
    asks=(AskSpec(Ask.HEALER, answers.target(
        "healer_same_twice", "the healer may not protect the same player two nights running"),
        decide, secret=True, trusted=answers.as_given),),
))
