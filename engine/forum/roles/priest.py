"""De Priester (seed 004): "De priester bezit een klein flesje heiligwater.
Hij kan dit flesje uitgieten over een zelfgekozen speler. Als deze speler
weerwolf (behalve ketterse wolf) of heks is zal deze speler doodgaan,
anders gebeurt er niets. Dit doet hij overdag in het speltopic."
Beperkingen: "Het flesje heiligwater werkt enkel op de heks en weerwolven
en niet op andere slechte rollen." "Het flesje heiligwater werkt niet op de
ketterse wolf." "Het wordt ook op prijs gesteld als de priester de
spelleider via pm waarschuwt voor zijn actie opdat deze er zo snel mogelijk
op kan reageren." "Nep-priesteren valt onder spelbederf en is niet
toegestaan." "Als er binnen 12 uur voor de deadline een dagactie wordt
gedaan, en dit heeft tot consequentie dat er iemand sterft, dan wordt de
deadline met 24 uur verplaatst."

At the table, as the hangman's: he pours it in his turn of the day's
round (``day``: ``{priest: name}``), once (one small bottle); the box
announces it after the round with his name and his target ("in het
speltopic"), then the death (cause ``holy_water``) or that nothing
happens. The line says what he does, not that he is the priest: the
heretic wolf's fake water looks the same ("De spelers weten dan niet of
hij de ketterse wolf of de priester is"). A werewolf is a player who is one (he stays one when the
ringleader takes his powers: "sterft aan priesterwater") or is taken for
one ("Wordt door andere rollen behandeld als een weerwolf": the
lycanthrope); the witch is her card ("De eigenschap van de Heks om te
sterven aan priesterwater verhuist mee"). Who survives it says so in his
own module through ``spares`` with this cause: the heretic wolf and the
cubs (part 3), the false angel ("sterft nooit aan priesterwater"). Only
the card's holder is offered it (no fake priests); the deadline's
extension falls away (the day's timer is the box's). A drunk priest pours
on a random player and kills nobody.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Part
from engine.forum.botkit import ForumBotContext
from engine.forum.deaths import Flow, die
from engine.forum.helpers import day_target, harmless, others, taken_for_wolf
from engine.forum.registry import DayAction, ForumRole, role
from engine.forum.sides import taken_for
from engine.forum.state import ForumState
from engine.vocab import Cause, Role, Side

PRIEST: Final = Role.define("priest")
HOLY_WATER: Final = Cause.define("holy_water")


def available(s: ForumState, player: str) -> bool:
    return s.card[player] is PRIEST and not s.memory(player).get("used")


def check(s: ForumState, player: str, value: Any) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"priest: a player's name, not {value!r}")
    if value == player or value not in s.alive or not s.alive[value]:
        raise IllegalAnswer("priest_target", "the priest pours his holy water over another living player")
    return value


def works_on(s: ForumState, name: str) -> bool:
    """"Het flesje heiligwater werkt enkel op de heks en weerwolven"."""
    return taken_for_wolf(s, name) or taken_for(s, s.card[name]) is Role.WITCH


def apply(s: ForumState, player: str, chosen: str) -> Flow:
    s.memory(player)["used"] = True
    s.emit("forum_priest", name=player, target=chosen)
    victim = day_target(s, player, chosen)
    if harmless(s, player) or not works_on(s, victim):
        s.emit("forum_nothing_happens")
        return
    if (yield from die(s, victim, HOLY_WATER)) is None:
        s.emit("forum_nothing_happens")


def decide(ctx: ForumBotContext, player: str) -> Any:
    """A thinking priest pours on a player he takes for a werewolf or the
    witch, and keeps his bottle otherwise."""
    pool = list(others(ctx.s, player))
    if not pool:
        return None
    if ctx.sensible:
        known = ctx.known(player)
        bad = [p for p in pool if p in ctx.bad_to(player) or known.get(p) == Role.WITCH.value]
        if bad:
            return bad[0]
        return None if ctx.rng.random() < 0.9 else ctx.rng.choice(pool)
    return ctx.rng.choice(pool) if ctx.rng.random() < 0.2 else None


role(ForumRole(
    PRIEST, Side.GOOD, acts=True,
    day_actions=(DayAction("priest", Part("priest", prompt="prompt.forum_priest"), available, check,
                           apply, decide, public=True, options=lambda s, p: others(s, p)),),
))
