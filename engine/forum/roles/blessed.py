"""De Gezegende (seed 004): "De gezegende kan elke nacht iemand zegenen. Dit
betekent dat een goede speler geen last heeft van de yeti of apostaat en
dat een slechte of slecht-neutrale speler zijn kracht die nacht niet kan
gebruiken." "Wanneer de gezegende een weerwolf zegent is er een kans dat de
lunch mislukt. Deze kans is 1 gedeeld door het aantal wolven." Beperkingen:
"De gezegende kan niet twee nachten achtereen de dezelfde persoon zegenen."
"Op neutrale spelers die nog geen kant gekozen hebben heeft de gezegende
geen effect." "De gezegende krijgt niet te horen of zijn actie wel/niet
geslaagd is."

In the fold at "nachtvolgorde 3" (order 30, the mirror's text: "tegelijk
met Gezegende en Vervloekte"); his step is spoken before the mirror's, so
his blessing holds for the acts of that order sent after it. A good player
blessed (a neutral who chose good too) is proof against the yeti
(``yeti.proof``) and the apostate (``APOSTATE_PROOF``, read by the apostate
of part 3) for the rest of the night; a bad one's acts fail (his failure is
told as any), a wolf's share of the pack's lunch with the chance of one in
the number of wolves. The cursed (part 3) cancels a blessing by setting
``act.data["cancelled"]`` on its act ("heffen de acties elkaar op"). He
may bless himself (the seed does not forbid it).
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext, help_
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.roles.yeti import proof
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

BLESSED: Final = Role.define("blessed")
ASK: Final = Ask.define("blessed")
#: fold.memo: the good players blessed tonight, whom the apostate's shield
#: does not touch (the apostate reads it)
APOSTATE_PROOF: Final = "blessed"


def choices(s: ForumState, blessed: str) -> tuple[str, ...]:
    mem = s.memory(blessed)
    last = mem.get("last") if mem.get("night") == s.night - 1 else None
    return tuple(p for p in s.living() if p != last)


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "blessed", BLESSED, ASK, choices=choices)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    target = act.reached[0]
    if act.data.get("cancelled") or s.side[target] is Side.NEUTRAL and s.chosen[target] is None:
        return  # "Op neutrale spelers die nog geen kant gekozen hebben ... geen effect"
    team = s.team(target)
    if team is Side.GOOD:
        proof(fold).add(target)
        fold.memo.setdefault(APOSTATE_PROOF, set()).add(target)
    elif team is Side.BAD:
        def powerless(fold: Fold, later: Act) -> None:
            if act.data.get("cancelled") or target not in later.actors:
                return
            if len(later.actors) == 1 or fold.pack_share(later, target):
                later.failed = True

        fold.meddle(powerless)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is None:
        return
    blessed = asking(s, "blessed")
    s.memory(blessed).update({"last": chosen, "night": s.night})
    record(s, Act("blessed", ORDER["meddle"], (blessed,), BLESSED, [chosen], resolve, told=False))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking player blesses whom he takes for bad (their power fails),
    else one he trusts (proof against the yeti)."""
    pool = list(ctx.req.choices)
    if not pool:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(pool)
    bad = [c for c in pool if c in ctx.bad_to(ctx.me)]
    return ctx.rng.choice(bad) if bad else help_(ctx, pool)


role(ForumRole(
    BLESSED, Side.GOOD, acts=True,
    steps=(ForumStep("blessed", 270, BLESSED, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("blessed_twice", "the blessed blesses a living player, not the one "
                                                "of last night"), decide, secret=True),),
))
