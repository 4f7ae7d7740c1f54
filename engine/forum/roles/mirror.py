"""De Spiegelaar (seed 004, a test role): "Elke nacht kiest de spiegelaar
één speler uit. Wanneer deze speler die nacht een actie uitvoert, dan zal
deze actie terugkaatsen en op zichzelf worden uitgevoerd. Alle nachtacties
die deze persoon uitvoert zullen worden gespiegeld. Een wisselaar wisselt
met zichzelf, een wolf luncht zichzelf (kans 1/aantal wolven) en een
helderziende bekijkt bijvoorbeeld ook zichzelf." "De Spiegelaar kan niet
twee nachten achtereen de dezelfde persoon spiegelen." "Als de gespiegelde
persoon geen gerichte actie uitvoert op een specifieke persoon, dan heeft
de spiegeling geen effect. Bijvoorbeeld een heks die haar levensdrankje
inzet of een Yeti die buitenkomt." Tijd van de actie: "nachtvolgorde 3
(tegelijk met Gezegende en Vervloekte)".

A meddler in the fold (order 30): every later targeted act of the mirrored
player lands on himself; the pack's lunch does so with the chance of one
in the number of wolves awake. The seed does not say the mirror is told
anything: he is not. He does not mirror himself.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, others
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

MIRROR: Final = Role.define("mirror")
ASK: Final = Ask.define("mirror")


def choices(s: ForumState, mirror: str) -> tuple[str, ...]:
    last = s.memory(mirror).get("last")
    night = s.memory(mirror).get("night")
    return tuple(p for p in others(s, mirror) if not (p == last and night == s.night - 1))


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "mirror", MIRROR, ASK, choices=choices)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    mirrored = act.reached[0]

    def reflect(fold: Fold, later: Act) -> None:
        if not later.targeted or mirrored not in later.actors:
            return
        if len(later.actors) > 1 and not fold.pack_share(later, mirrored):
            return
        later.reached = [mirrored for _ in later.reached]

    fold.meddle(reflect)


def apply(s: ForumState, chosen: str | None) -> None:
    mirror = asking(s, "mirror")
    if chosen is None:
        return
    s.memory(mirror).update({"last": chosen, "night": s.night})
    record(s, Act("mirror", ORDER["meddle"], (mirror,), MIRROR, [chosen], resolve, told=False))


def decide(ctx: ForumBotContext) -> Any:
    pool = list(ctx.req.choices)
    if not pool:
        return None
    if ctx.sensible:
        bad = [c for c in pool if c in ctx.bad_to(ctx.me)]
        if bad:
            return ctx.rng.choice(bad)
    return ctx.rng.choice(pool)


role(ForumRole(
    MIRROR, Side.GOOD, acts=True,
    steps=(ForumStep("mirror", 300, MIRROR, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("mirror_twice", "the mirror mirrors another living player, not the "
                                              "one of last night"), decide, secret=True),),
))
