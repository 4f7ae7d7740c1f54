"""De Wisselaar (seed 004): "De wisselaar kan tijdens de nacht van rol
wisselen met een zelfgekozen speler. De wisselaar krijgt dan de rol van deze
speler en de gewisselde speler wordt wisselaar." "Als een wissel vanwege één
van de onderstaande beperkingen mislukt kan de wisselaar de volgende nacht
met iemand anders wisselen." Beperkingen: "De wisselaar kan niet wisselen
met slechte of neutrale spelers en is dus altijd goed." "De wisselaar kan
niet wisselen met zielsverwanten (extra rol)." "Indien een gewisselde rol
al eens gebruikt was (bijvoorbeeld beul die al gebeuld heeft) zal de nieuwe
eigenaar van deze rol hem niet kunnen gebruiken." "Als de actie mislukt,
krijgt de wisselaar hier bericht van. Hij hoort niet wat zijn actie heeft
laten mislukken." Elsewhere: "wissels mislukken op hem" (the lycanthrope),
"Wissels op de speler die aangeduid is door de Wolventovenaar zullen ook
mislukken", "De dronkaard is niet wisselbaar, echter een wisselaar kan wel
dronken zijn", "Een wisselaar wisselt met zichzelf" (mirrored), "Een
slechte Wisselaar kan uiteraard gewoon wisselen en zal ook na de wissel
slecht blijven" (the ringleader).

A role change in the fold (order 50). The swap fails on a player who is
not good by his side (a neutral, chosen or not, the corpse), a soulmate,
a drunk, one whose card is taken for a werewolf, and one shielded against
switches (``SWITCH``: the wolf sorcerer's mark, part 3); then he may try
again another night. Otherwise the two cards change hands with what each
has used (``power``: "zal de nieuwe eigenaar van deze rol hem niet kunnen
gebruiken"); sides, extra roles and boards stay with the players. The
switcher card has then been used: its new holder cannot switch. Both are
told their new card in their turn. A mirrored switcher swaps with
himself: nothing changes but that his card is used, and he is told he is
the switcher.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext, help_
from engine.forum.changes import become
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import others, taken_for_wolf
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

SWITCHER: Final = Role.define("switcher")
SOULMATE: Final = Role.define("soulmate")
DRUNK: Final = Role.define("drunk")
ASK: Final = Ask.define("switcher")
#: a shield against switches (the wolf sorcerer's mark)
SWITCH: Final = "switch"


def ask(s: ForumState) -> Request | None:
    """The next living switcher whose card has not switched yet."""
    while (holder := next_holder(s, "switcher", SWITCHER)) is not None:
        if not s.memory(holder).get("used"):
            return request(s, ASK, (holder,), others(s, holder))
    return None


def refuses(s: ForumState, fold: Fold, other: str) -> bool:
    """One of the restrictions: the swap with ``other`` fails."""
    return (s.side[other] is not Side.GOOD or s.has_extra(other, SOULMATE) or s.has_extra(other, DRUNK)
            or taken_for_wolf(s, other) or fold.shielded(other, SWITCH))


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    me, other = act.actor, act.reached[0]
    if other != me and refuses(s, fold, other):
        fold.failed(act)  # he may try again: his card is not used
        return
    s.memory(me)["used"] = True  # (the switcher card's own memory: it goes with it)
    mine, theirs = s.card[me], s.card[other]
    my_power, their_power = s.power[me], s.power[other]
    # the story's chain records both; what each card used goes with it, and
    # an act either sent tonight with his old card still stands (``fold.kept``)
    if other != me:
        become(s, me, theirs, by=me, how="switcher", power=their_power)
        become(s, other, mine, by=me, how="switcher", power=my_power)
    fold.note(me, "forum_switched", role=s.card[me].value)
    if other != me:
        fold.note(other, "forum_switched", role=s.card[other].value)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        me = asking(s, "switcher")
        record(s, Act("switcher", ORDER["change"], (me,), SWITCHER, [chosen], resolve))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking switcher swaps with a player he trusts whose card he knows
    to be worth more than his own; now and then with someone he trusts."""
    pool = list(ctx.req.choices)
    if not pool:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(pool) if ctx.rng.random() < 0.4 else None
    known = ctx.known(ctx.me)
    bad = ctx.bad_to(ctx.me)
    worth = [c for c in pool if c in known and known[c] not in (Role.VILLAGER.value, SWITCHER.value)
             and c not in bad]
    if worth:
        return ctx.rng.choice(worth)
    return help_(ctx, pool) if ctx.rng.random() < 0.25 else None


role(ForumRole(
    SWITCHER, Side.GOOD, acts=True,
    steps=(ForumStep("switcher", 460, SWITCHER, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("switcher_self", "the switcher swaps with another living player"), decide,
                  secret=True),),
))
