"""De Dief (seed 000): on the first night he may take one of the two middle
cards (he must when both are werewolves) and from then on is that character."""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.botkit import BotContext
from engine.errors import IllegalAnswer, UnknownName
from engine.messages import Request
from engine.night import NightStep, sole_actor
from engine.registry import ROLES, AskSpec, RoleCard
from engine.state import State
from engine.vocab import Ask, Role, Team


def request(s: State) -> Request | None:
    actors = sole_actor(s, Role.THIEF)
    if not actors:
        return None
    cards = tuple(dict.fromkeys(r.value for r in s.middle))  # unique, in order
    must_wolf = all(ROLES[r].wolf for r in s.middle)
    if s.recording:
        s.emit("thief_middle", frozenset(actors), roles=[r.value for r in s.middle])
    return Request(
        Ask.THIEF, actors, cards, s.when, allow_none=not must_wolf,
        info={"middle": [r.value for r in s.middle]},
        default=s.middle[0].value if must_wolf else None,
    )


def apply(s: State, taken: Role | None) -> None:
    if taken is None:
        return
    thief = s.acting(Role.THIEF)
    assert thief is not None
    s.middle[s.middle.index(taken)] = Role.THIEF
    s.swap_role(thief, taken)
    s.emit("thief_took", frozenset({thief}), role=taken.value)


def check(s: State, req: Request, answer: Any) -> Role | None:
    if answer is None:
        if not req.allow_none:
            raise IllegalAnswer("thief_must_take_werewolf", "thief: both middle cards are werewolves, he must take one")
        return None
    try:
        taken = Role(str(answer))
    except ValueError:
        raise UnknownName(f"thief: unknown role {answer!r}") from None
    if taken.value not in req.choices:
        raise IllegalAnswer("thief_card_not_in_middle", f"thief: {taken.value} is not one of the middle cards")
    return taken


def decide(ctx: BotContext) -> str | None:
    if ctx.req.default is not None:
        return str(ctx.req.default)
    return ctx.rng.choice([*ctx.req.choices, None])


registry.role(RoleCard(
    Role.THIEF, Team.VILLAGE,
    steps=(NightStep("thief", 10, Role.THIEF, True, request=request, apply=apply, ask=Ask.THIEF),),
    asks=(AskSpec(Ask.THIEF, check, decide, form="card", secret=True,
                  trusted=lambda taken: None if taken is None else Role(taken)),),
))
