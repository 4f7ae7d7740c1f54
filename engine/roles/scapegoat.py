"""De Zondebok (seed 000): "Als het stemmen ... met een gelijke stand
eindigt, wordt de zondebok geëlimineerd"; then he names who may vote the next
day ("mag hij eenmaal bepalen wie de volgende dag mag stemmen")."""

from __future__ import annotations

from typing import Any

from engine import answers, registry
from engine.botkit import BotContext
from engine.deaths import aftermath, kill
from engine.errors import IllegalAnswer
from engine.messages import Request
from engine.registry import AskSpec, RoleCard
from engine.rules import Flow, Rules
from engine.state import Death, State
from engine.vocab import Ask, Cause, Role, Team


class ScapegoatRules(Rules):
    id = "scapegoat"
    order = 20

    def tie(self, s: State, tied: tuple[str, ...]) -> Flow:
        goat = s.acting(Role.SCAPEGOAT)
        if goat is None:
            return False
        death = kill(s, goat, Cause.SCAPEGOAT)
        yield from aftermath(s, death)
        return goat

    def after_death(self, s: State, death: Death) -> Flow:
        if death.cause is not Cause.SCAPEGOAT or not s.living():
            return False
        chosen = yield Request(
            Ask.SCAPEGOAT, (death.name,), tuple(s.living()), s.when, count=len(s.living()),
            default=list(s.living()),
        )
        s.store["scapegoat"] = (s.day + 1, frozenset(chosen))
        s.emit("scapegoat_chose", voters=list(chosen))
        return False

    def voters(self, s: State, who: tuple[str, ...]) -> tuple[str, ...]:
        chosen = s.store.get("scapegoat")
        if chosen is None or chosen[0] != s.day:
            return who
        return tuple(p for p in who if p in chosen[1])


def check(s: State, req: Request, answer: Any) -> tuple[str, ...]:
    if answer is None:
        return tuple(req.default)
    chosen = answers.names(s, req, answer)
    if len(set(chosen)) != len(chosen):
        raise IllegalAnswer("scapegoat_twice", "scapegoat: a name is given twice")
    return tuple(chosen)


def decide(ctx: BotContext) -> list[str]:
    choices = list(ctx.req.choices)
    k = ctx.rng.randint(1, len(choices))
    picked = set(ctx.rng.sample(choices, k))
    return [p for p in choices if p in picked]


registry.role(RoleCard(
    Role.SCAPEGOAT, Team.VILLAGE, rules=ScapegoatRules(),
    asks=(AskSpec(Ask.SCAPEGOAT, check, decide, form="subset"),),
))
