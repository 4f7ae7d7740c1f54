"""De Beul (seed 004): "De beul kan eenmalig een zelfgekozen speler
vermoorden. Dit doet hij overdag, iedereen kan dus zien dat hij de beul
is." "Als de beul probeert de ijzeren hein te vermoorden, dan zal dit
mislukken en zal de beul zelf sterven." "Nep-beulen valt onder spelbederf
en is niet toegestaan." "Als er binnen 12 uur voor de deadline een dagactie
wordt gedaan ... dan wordt de deadline met 24 uur verplaatst."

At the table he chooses in his turn of the day's round (``day``:
``{hangman: name}``) and the box announces it after the round with his
name and his target, then the death. A fake hangman cannot be made (only
the card's holder is offered the action); the deadline's extension falls
away (the day's timer is the box's). A drunk hangman is announced like any
and kills nobody.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Part
from engine.forum.botkit import ForumBotContext
from engine.forum.deaths import Flow, die
from engine.forum.helpers import day_target, harmless, others
from engine.forum.registry import DayAction, ForumRole, role
from engine.forum.state import ForumState
from engine.vocab import Cause, Role, Side

HANGMAN: Final = Role.define("hangman")
CAUSE: Final = Cause.define("hangman")
GRIM_REAPER: Final = Role.define("grim_reaper")


def available(s: ForumState, player: str) -> bool:
    return s.card[player] is HANGMAN and not s.memory(player).get("used")


def check(s: ForumState, player: str, value: Any) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"hangman: a player's name, not {value!r}")
    if value == player or value not in s.alive or not s.alive[value]:
        raise IllegalAnswer("hangman_target", "the hangman kills another living player")
    return value


def apply(s: ForumState, player: str, chosen: str) -> Flow:
    s.memory(player)["used"] = True
    s.emit("forum_hangman", name=player, target=chosen)
    victim = day_target(s, player, chosen)
    if s.has_extra(victim, GRIM_REAPER):
        s.emit("forum_hangman_grim_reaper", name=player, target=victim)
        yield from die(s, player, CAUSE)
        return
    if harmless(s, player):
        s.emit("forum_nothing_happens")
        return
    yield from die(s, victim, CAUSE, by=(player,))


def decide(ctx: ForumBotContext, player: str) -> Any:
    pool = [p for p in others(ctx.s, player)]
    if not pool:
        return None
    if ctx.sensible:
        bad = [p for p in pool if p in ctx.bad_to(player)]
        if bad:
            return bad[0]
        return None if ctx.rng.random() < 0.85 else ctx.rng.choice(pool)
    return ctx.rng.choice(pool) if ctx.rng.random() < 0.2 else None


role(ForumRole(
    HANGMAN, Side.GOOD, acts=True, spent=lambda s, p: bool(s.memory(p).get("used")),
    day_actions=(DayAction("hangman", Part("hangman", prompt="prompt.forum_hangman"), available,
                           check, apply, decide, public=True,
                           options=lambda s, p: others(s, p)),),
))
