"""De Scherprechter (seed 004, a test role): "De Scherprechter is een hulpje
zonder toegang tot het wolvenboard. Hij mag eenmalig in het spel, net als
de Beul, een speler publiekelijk proberen te vermoorden." "Hij doet dit door
net als de Beul zichzelf bekend te maken op het speltopic als Beul en een
speler te beulen. Voor spelers zal het echter niet duidelijk zijn of hij
echt de Beul is of de Scherprechter." "Indien de Scherprechter zijn actie
doet op een speler met de IJzeren Hein bijrol, dan zal de actie
terugkaatsen en zal de Scherprechter zelf sterven." "Net als de Vervloekte
mag de Scherprechter eenmaal in het spel overdag aan de spelleider vragen of
een bepaalde speler slecht is of niet." Beperkingen: "De Scherprechter kent
de andere slechtjes niet en kan daardoor dus ook een mede slechtje
vermoorden." Tijd van de actie: "Overdag."

A helper off the wolves' board with the hangman's public day action, once
a game, announced after the round with the hangman's very lines (the same
events: the table cannot tell the two apart); the death's cause is his own
(``headsman``, said in the hangman's words: "sterft door de beul"; the
corpse, part 4, is spared it), and the story after the game names him. On
the grim reaper (part 4) his own death. His question: the cursed's
(``cursed.bad_question``).
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Part
from engine.forum.botkit import ForumBotContext
from engine.forum.deaths import Flow, die
from engine.forum.helpers import day_target, harmless, others
from engine.forum.registry import DayAction, ForumRole, role
from engine.forum.roles.cursed import bad_question
from engine.forum.state import ForumState
from engine.vocab import Cause, Role, Side

HEADSMAN: Final = Role.define("headsman")
KILL: Final = Cause.define("headsman")
GRIM_REAPER: Final = Role.define("grim_reaper")


def available(s: ForumState, player: str) -> bool:
    return s.card[player] is HEADSMAN and not s.memory(player).get("used")


def check(s: ForumState, player: str, value: Any) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"headsman: a player's name, not {value!r}")
    if value == player or value not in s.alive or not s.alive[value]:
        raise IllegalAnswer("hangman_target", "the hangman kills another living player")
    return value


def apply(s: ForumState, player: str, chosen: str) -> Flow:
    s.memory(player)["used"] = True
    s.emit("forum_hangman", name=player, target=chosen)  # "net als de Beul"
    victim = day_target(s, player, chosen)
    if s.has_extra(victim, GRIM_REAPER):  # "zal de actie terugkaatsen"
        s.emit("forum_hangman_grim_reaper", name=player, target=victim)
        yield from die(s, player, KILL)
        return
    if harmless(s, player):
        s.emit("forum_nothing_happens")
        return
    yield from die(s, victim, KILL)


def decide(ctx: ForumBotContext, player: str) -> Any:
    """A thinking headsman strikes once he knows a player to stand against
    the bad (a question's answer, a look he heard of): he knows no other
    bad player, so a guess may hit one."""
    s = ctx.s
    pool = list(others(s, player))
    if not pool:
        return None
    told_good = [e.data["name"] for e in s.events
                 if e.kind == "forum_is_not_bad" and e.visible_to(player) and e.data["name"] in pool]
    if ctx.sensible:
        if told_good:
            return told_good[-1]
        return ctx.rng.choice(pool) if s.day >= 3 and ctx.rng.random() < 0.2 else None
    return ctx.rng.choice(pool) if ctx.rng.random() < 0.2 else None


role(ForumRole(
    HEADSMAN, Side.BAD, acts=True,
    day_actions=(DayAction("headsman", Part("headsman", prompt="prompt.forum_hangman"), available,
                           check, apply, decide, public=True, options=lambda s, p: others(s, p)),
                 bad_question(HEADSMAN, "headsman_question")),
))
