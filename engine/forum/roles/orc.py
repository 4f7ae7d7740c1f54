"""De Orc (seed 004): "De orc heeft toegang tot het weerwolvenboard." "De orc
kan twee maal per spel buiten komen om een speler te vermoorden. Deze moord
is dus een extra moord naast de lunch van de wolven. De orc geeft aan de
spelleider aan wanneer hij buiten wil komen en wie hij wil vermoorden."
Beperkingen: "De orc kan maar twee maal per spel buitenkomen." "De orc zal
vermoord worden door de yeti als ze samen buitenkomen." "De orc is maar een
hulpje en mag de lunch van de wolven niet posten." "Wanneer de orc de yeti
als doelwit heeft, zal volgorde van buitenkomst bepalen of de orc nog een
poging mag doen in het vermoorden van de yeti." "Als de actie mislukt,
krijgt de orc hier bericht van. Hij hoort niet wat zijn actie heeft laten
mislukken."

A helper on the wolves' board: he wakes with the pack (and is not asked
its lunch), then has a call of his own while an outing is left: another
living player, or nobody (he stays in). An outing is spent when he sends
it. His kill is an act of the fold's kills (order 70, after the lunch),
cause ``orc`` (the corpse, part 4, is spared it); a kill that does not
happen is told to him as a failure. The yeti (part 2) kills the orcs who
are out tonight (``out(fold)``); "volgorde van buitenkomst" is the order
of the fold.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forms import Form, Part
from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext, hurt
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import others
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.roles.werewolf import BOARD, tonight_lunch
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

ORC: Final = Role.define("orc")
ASK: Final = Ask.define("orc")
KILL: Final = Cause.define("orc")
#: "twee maal per spel"
OUTINGS: Final = 2


def out(fold: Fold) -> tuple[str, ...]:
    """The orcs who came out tonight (for the yeti)."""
    return tuple(a.actor for a in fold.acts if a.power is ORC)


def ask(s: ForumState) -> Request | None:
    while (holder := next_holder(s, "orc", ORC)) is not None:
        left = OUTINGS - int(s.memory(holder).get("outings", 0))
        if left > 0:
            return request(s, ASK, (holder,), others(s, holder), info={"left": left})
    return None


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    if not fold.kill(act, act.reached[0], KILL):
        fold.failed(act)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        orc = asking(s, "orc")
        s.memory(orc)["outings"] = int(s.memory(orc).get("outings", 0)) + 1
        record(s, Act("orc", ORDER["kill"], (orc,), ORC, [chosen], resolve, kills=True))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking orc comes out when he has a mark: a player he knows to
    stand against the bad, else on a later night a good player the pack
    did not lunch tonight."""
    pool = [c for c in ctx.req.choices if c != tonight_lunch(ctx.s)]
    if not pool:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(pool) if ctx.rng.random() < 0.3 else None
    if ctx.s.night < 2 and ctx.rng.random() < 0.7:
        return None
    return hurt(ctx, pool) if ctx.rng.random() < 0.5 else None


FORM = Form("orc", (Part(none=True, params=(("left", "left"),)),))

role(ForumRole(
    ORC, Side.BAD, board=BOARD, acts=True,
    steps=(ForumStep("orc", 670, ORC, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("orc_target", "the orc kills another living player"), decide,
                  form=FORM, secret=True),),
))
