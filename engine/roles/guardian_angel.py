"""De Beschermengel (seed 004): "kan elke nacht iemand beschermen tegen de
weerwolven"; "kan een speler maximaal drie keer beschermen"; "krijgt niet te
horen of zijn actie wel of niet geslaagd is". The seed does not forbid
himself, so he may (docs/rules.md). Called after the healer, before the seer.
"""

from __future__ import annotations

from engine import answers, registry
from engine.botkit import BotContext, pick
from engine.messages import Request
from engine.night import NightStep, legal, sole_actor
from engine.registry import AskSpec, RoleCard
from engine.rules import Intent
from engine.state import State
from engine.vocab import Ask, Cause, Role, Team

GUARDIAN_ANGEL = Role.define("guardian_angel")
ASK = Ask.define("guardian_angel")
TIMES = 3  # "maximaal drie keer"


def protections(s: State, angel: str) -> dict[str, int]:
    """How often this angel has shielded each player."""
    return s.memory(angel).setdefault("shielded", {})  # type: ignore[no-any-return]


def request(s: State) -> Request | None:
    actors = sole_actor(s, GUARDIAN_ANGEL)
    if not actors:
        return None
    used = protections(s, actors[0])
    choices = tuple(p for p in s.living() if used.get(p, 0) < TIMES)
    return Request(ASK, actors, legal(s, ASK, actors, choices), s.when)


def apply(s: State, target: str | None) -> None:
    if target is None:
        return
    angel = s.acting(GUARDIAN_ANGEL)
    assert angel is not None
    used = protections(s, angel)
    used[target] = used.get(target, 0) + 1
    s.record(Intent("protect", "guardian_angel", target, against=frozenset({Cause.WEREWOLVES})))


def decide(ctx: BotContext) -> str | None:
    return pick(ctx)  # type: ignore[no-any-return]


registry.role(RoleCard(
    GUARDIAN_ANGEL, Team.VILLAGE, seed="004",
    steps=(NightStep("guardian_angel", 45, GUARDIAN_ANGEL, request=request, apply=apply, ask=ASK),),
    asks=(AskSpec(ASK, answers.target(
        "guardian_angel_three_times", "the guardian angel protects a player at most three times"),
        decide, secret=True),),
))
