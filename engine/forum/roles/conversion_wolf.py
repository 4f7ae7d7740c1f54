"""De Conversiewolf (seed 004): "De conversiewolf kan éénmalig een goede of
neutrale speler in een weerwolf veranderen. Deze speler verliest dan zijn
krachten en wordt een gewone weerwolf. De weerwolf met conversie kiest zelf
welke speler en welke nacht hij dit wil doen." Beperkingen: "De
conversiewolf kan geen zielsverwanten converteren. Wanneer hij dit probeert
zal de conversie mislukken, hij kan dan later wel proberen iemand anders te
converteren." "De conversie zal mislukken als het doelwit gelijk is aan dat
van een beschermengel." "De conversiewolf kan niet zichzelf converteren,
denk hierbij aan manieren waardoor de krachten bij een goedje terecht kunnen
komen." "Slechte rollen kunnen niet geconverteerd worden. Wanneer een
conversie op een slechte rol mislukt kan de conversiewolf later wel proberen
iemand anders te converteren. Ook een neutrale rol die slecht is geworden
kan niet langer geconverteerd worden door de conversiewolf." "Als de actie
mislukt, krijgt de conversiewolf hier bericht van. Hij hoort niet wat zijn
actie heeft laten mislukken."

A werewolf (he wakes with the pack and lunches with it) with a call of his
own while his conversion is unspent (pretended after). The conversion is a
role change in the fold (order 50, after the guardian angel's protection
at 40, before the looks and the lunch): the player becomes a plain
werewolf (his card's powers gone, his extra roles kept), bad, on the
wolves' board; he is told in his turn of the next day, and wakes with the
pack from the next night on. "éénmalig ... veranderen": only a conversion
that happens spends it; any failure (a soulmate, a bad player, the
guardian angel, a target dead by then, a block) is told and he may try
again another night. Reflected onto himself (the mirror) it fails: he
"kan niet zichzelf converteren".

``convertible`` and ``convert`` are the omega wolf's too ("Zoals gewoonlijk
kan hij geen zielsverwant converteren"; "De beschermengel beschermt ook
tegen de conversie door de omegawolf"). The guardian angel (part 2)
shields against ``CONVERSION``.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.changes import become
from engine.forum.day import request, tell_at_dawn
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import lose_card, others
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.roles.werewolf import BOARD, tonight_lunch
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

CONVERSION_WOLF: Final = Role.define("conversion_wolf")
ASK: Final = Ask.define("conversion_wolf")
#: what the guardian angel shields against ("beschermt enkel tegen de lunch, sjamaan en conversie")
CONVERSION: Final = Cause.define("conversion")
SOULMATE: Final = Role.define("soulmate")


def convertible(s: ForumState, target: str) -> bool:
    """A good or neutral player (not the corpse, who plays alone) who is no
    soulmate: "Slechte rollen kunnen niet geconverteerd worden ... Ook een
    neutrale rol die slecht is geworden"; "geen zielsverwanten"."""
    return s.side[target] in (Side.GOOD, Side.NEUTRAL) and s.team(target) is not Side.BAD \
        and not s.has_extra(target, SOULMATE)


def convert(s: ForumState, fold: Fold, act: Act, target: str) -> bool:
    """``act`` makes ``target`` a plain werewolf now, unless the rules
    forbid it; whether it did (a failure is the caller's to tell)."""
    if target in act.actors or not convertible(s, target) or fold.shielded(target, CONVERSION):
        return False
    lose_card(s, fold, target, "converted")  # (the false angel watching him takes it first)
    become(s, target, Role.WEREWOLF, by=act.actor, how=act.power.value, side=Side.BAD, wolf=True)
    fold.lost.add(target)  # "Deze speler verliest dan zijn krachten"
    tell_at_dawn(s, target, "forum_converted")
    return True


def ask(s: ForumState) -> Request | None:
    """The next living conversion wolf whose conversion is unspent."""
    while (holder := next_holder(s, "conversion_wolf", CONVERSION_WOLF)) is not None:
        if not s.memory(holder).get("converted"):
            return request(s, ASK, (holder,), others(s, holder))
    return None


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    if convert(s, fold, act, act.reached[0]):
        s.memory(act.actor)["converted"] = act.reached[0]
    else:
        fold.failed(act)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        wolf = asking(s, "conversion_wolf")
        record(s, Act("conversion_wolf", ORDER["change"], (wolf,), CONVERSION_WOLF, [chosen], resolve))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking wolf converts on an early night a player he does not know
    to be bad, preferring one whose power he has seen at work (a known
    good card: the dead's cards are public, the living's he may have
    learnt); not the player the pack lunches tonight."""
    pool = [c for c in ctx.req.choices if c not in ctx.bad_to(ctx.me)
            and c not in ctx.s.on_board(BOARD)]
    if not pool:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(pool) if ctx.rng.random() < 0.4 else None
    if ctx.s.night > 1 and ctx.rng.random() < 0.3:
        return None  # not tonight (an early conversion gains most)
    lunch = tonight_lunch(ctx.s)
    pool = [c for c in pool if c != lunch] or pool
    known = ctx.known(ctx.me)
    powerful = [c for c in pool if known.get(c) not in (None, Role.VILLAGER.value)]
    return ctx.rng.choice(powerful or pool)


role(ForumRole(
    CONVERSION_WOLF, Side.BAD, wolf=True, board=BOARD, acts=True,
    steps=(ForumStep("conversion_wolf", 610, CONVERSION_WOLF, request=ask, apply=apply, ask=ASK,
                     again=True),),
    asks=(AskSpec(ASK, one_target("conversion_target", "the conversion wolf converts another "
                                                      "living player"), decide, secret=True),),
))
