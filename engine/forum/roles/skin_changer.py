"""De Huidenwisselaar (seed 004): "De huidenwisselaar kan tijdens de nacht
(en de daaropvolgende dag) zijn eigen huid verwisselen met die van een
medespeler. Alle acties die op hem uitgevoerd worden zullen effect hebben
op zijn slachtoffer, alle acties die op zijn slachtoffer zijn zullen op de
huidenwisselaar effect hebben." "Het doelwit zal niet te weten krijgen dat
er met hem geknoeid is." "De huidenwisselaar kan slechts tweemaal met
dezelfde persoon wisselen." "Wanneer de huidenwisselaar gewisseld heeft moet
hij de volgende nacht rusten en kan hij niet wisselen. De nacht daarop kan
hij wel weer wisselen." "Als de actie mislukt, krijgt de huidenwisselaar
hier bericht van."

First in the fold (order 10): from then on, every act that lands on one of
the two lands on the other, tonight and the day after (the day's actions:
the hangman's; a vote is no action on him, it counts as cast). Resting, he
is still called (pretended).
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import others
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

SKIN_CHANGER: Final = Role.define("skin_changer")
ASK: Final = Ask.define("skin_changer")
TIMES: Final = 2  # "slechts tweemaal met dezelfde persoon"


def swaps(s: ForumState, changer: str) -> dict[str, int]:
    found: dict[str, int] = s.memory(changer).setdefault("swaps", {})
    return found


def choices(s: ForumState, changer: str) -> tuple[str, ...]:
    done = swaps(s, changer)
    return tuple(p for p in others(s, changer) if done.get(p, 0) < TIMES)


def ask(s: ForumState) -> Request | None:
    """The next holder who does not rest tonight."""
    while (holder := next_holder(s, "skin_changer", SKIN_CHANGER)) is not None:
        if s.memory(holder).get("rests") != s.night:
            return request(s, ASK, (holder,), choices(s, holder))
    return None


def swapped(a: str, b: str, name: str) -> str:
    return b if name == a else a if name == b else name


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    changer, victim = act.actor, act.reached[0]
    swaps(s, changer)[victim] = swaps(s, changer).get(victim, 0) + 1
    s.memory(changer)["rests"] = s.night + 1
    s.store["skin_day"] = (s.night + 1, changer, victim)

    def meddler(fold: Fold, later: Act) -> None:
        later.reached = [swapped(changer, victim, t) for t in later.reached]

    fold.meddle(meddler)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        changer = asking(s, "skin_changer")
        record(s, Act("skin_changer", ORDER["swap"], (changer,), SKIN_CHANGER, [chosen], resolve))


class SkinRules(ForumRules):
    id = "skin_changer"
    order = 10

    def day_target(self, s: ForumState, actor: str, target: str) -> str:
        found = s.store.get("skin_day")
        if found is None or found[0] != s.day:
            return target
        return swapped(found[1], found[2], target)


def decide(ctx: ForumBotContext) -> Any:
    pool = list(ctx.req.choices)
    if not pool or (ctx.sensible and ctx.rng.random() < 0.3):
        return None
    return ctx.rng.choice(pool)


role(ForumRole(
    SKIN_CHANGER, Side.GOOD, acts=True, rules=SkinRules(),
    steps=(ForumStep("skin_changer", 100, SKIN_CHANGER, request=ask, apply=apply, ask=ASK,
                     again=True),),
    asks=(AskSpec(ASK, one_target("skin_twice", "the skin changer swaps with another living player, "
                                            "at most twice with the same"), decide, secret=True),),
))
