"""De Beschermengel (seed 004), the forum's own (the board game's is
``engine/roles/guardian_angel.py``, with the board game's reading): "De
beschermengel kan elke nacht iemand beschermen tegen de weerwolven."
"Indien de weerwolven zijn beschermeling aanduiden als lunchslachtoffer zal
er die nacht geen lunch zijn. Indien ze hem willen converteren zal dat ook
mislukken." "Indien de sjamaan zijn beschermeling opvraagt zal zijn
visioen mislukken." Beperkingen: "De beschermengel kan een speler maximaal
drie keer beschermen." "De beschermengel beschermt enkel tegen de lunch,
sjamaan en conversie." "De beschermengel krijgt niet te horen of zijn actie
wel of niet geslaagd is."

A protection in the fold (order 40): his charge is shielded against the
lunch (``Cause.WEREWOLVES``, the lunch's own cause: not the cubs' or the
orc's kills), against a conversion (``CONVERSION``) and against the
shaman's vision (``SHAMAN``): the conversion wolf, the omega wolf and the
shaman (part 3) read ``fold.shielded(name, CONVERSION / SHAMAN)``. A
guest in his charge's house is shielded too ("beschermengels ... op beide
spelers"). The apostate's shield "afschermen voor de beschermengel" fails
this act when sent before it (a meddler). He may protect himself (the seed
does not forbid it); he is told nothing.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext, help_
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

GUARDIAN_ANGEL: Final = Role.define("guardian_angel")
ASK: Final = Ask.define("guardian_angel")
#: "maximaal drie keer" the same player
TIMES: Final = 3
#: what a protection holds against besides the lunch (``fold.shield``)
CONVERSION: Final = "conversion"
SHAMAN: Final = "shaman"


def protections(s: ForumState, angel: str) -> dict[str, int]:
    """How often this angel's card has protected each player."""
    found: dict[str, int] = s.memory(angel).setdefault("protected", {})
    return found


def choices(s: ForumState, angel: str) -> tuple[str, ...]:
    used = protections(s, angel)
    return tuple(p for p in s.living() if used.get(p, 0) < TIMES)


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "guardian_angel", GUARDIAN_ANGEL, ASK, choices=choices)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    for charge in act.reached:
        fold.shield(charge, Cause.WEREWOLVES, CONVERSION, SHAMAN)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is None:
        return
    angel = asking(s, "guardian_angel")
    used = protections(s, angel)
    used[chosen] = used.get(chosen, 0) + 1  # (the one he chose, wherever it lands)
    record(s, Act("guardian_angel", ORDER["protect"], (angel,), GUARDIAN_ANGEL, [chosen], resolve,
                  told=False, kind="protect"))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking angel guards a player he trusts, and spreads his three
    protections (a random angel: anyone)."""
    pool = list(ctx.req.choices)
    if not pool:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(pool)
    if ctx.me in pool and ctx.rng.random() < 0.25:
        return ctx.me
    return help_(ctx, pool)


role(ForumRole(
    GUARDIAN_ANGEL, Side.GOOD, acts=True,
    steps=(ForumStep("guardian_angel", 410, GUARDIAN_ANGEL, request=ask, apply=apply, ask=ASK,
                     again=True),),
    asks=(AskSpec(ASK, one_target("guardian_angel_three_times",
                                  "the guardian angel protects a living player, at most three times "
                                  "the same"), decide, secret=True),),
))
