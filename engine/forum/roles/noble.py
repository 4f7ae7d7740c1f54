"""De Adellijke (seed 004), an extra role: "De adelijken hebben hun eigen
board waar ze kunnen overleggen. Aan het begin van het spel hebben de
adellijken allemaal een goede rol." "Wanneer er een adellijke sterft kiezen
de andere adellijken een nieuwe adellijke. Deze kan wel een slechte rol
hebben." "De kracht van een adellijke zit erin dat zijn lynchstem op een
weerwolf (dus niet op een hulpje van de slechten) dubbel telt, en die op
een andere rol enkel." "Een stem op een andere adellijke telt nooit dubbel,
dus ook niet als deze een weerwolf is." "Wanneer een adellijke weerwolf op
een gewone weerwolf stemt, telt de stem wel dubbel." "De adel heeft geen
invloed op de burgemeestersstemming."

At the table the nobles' board is their call (``nobles``): on the first
night they wake and learn each other; after a noble died, they wake and
choose the new one together (``nobles``), who learns it (and who the
nobles are) in his next turn. What the seed says of betraying the nobility
is the table's manners, not the box's. A lycanthrope is "door andere
rollen behandeld als een weerwolf": a noble's vote on him counts twice.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext, help_
from engine.forum.day import request, tell_at_dawn
from engine.forum.fold import Fold
from engine.forum.helpers import taken_for_wolf
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.state import Death
from engine.vocab import Ask, Role, Side

NOBLE: Final = Role.define("noble")
CHOOSE: Final = Ask.define("nobles")
BOARD: Final = "nobles"


def inform(s: ForumState) -> None:
    if s.night == 1:
        nobles = list(s.tagged(NOBLE))
        if nobles:
            s.emit("forum_nobles_know", frozenset(nobles), names=nobles)


def ask(s: ForumState) -> Request | None:
    nobles = s.tagged(NOBLE)
    if not s.store.get("noble_vacancies") or not nobles:
        return None
    return request(s, CHOOSE, nobles, tuple(p for p in s.living() if p not in nobles))


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is None:
        return
    s.store["noble_vacancies"] -= 1
    s.extra[chosen].add(NOBLE)
    s.join_board(BOARD, chosen)
    tell_at_dawn(s, chosen, "forum_now_noble", names=list(s.tagged(NOBLE)))


class NobleRules(ForumRules):
    id = "noble"

    def on_death(self, s: ForumState, death: Death, fold: Fold | None) -> None:
        if s.has_extra(death.name, NOBLE):
            s.store["noble_vacancies"] = s.store.get("noble_vacancies", 0) + 1

    def vote_weight(self, s: ForumState, voter: str, target: str, weight: int) -> int:
        if s.has_extra(voter, NOBLE) and taken_for_wolf(s, target) and not s.has_extra(target, NOBLE):
            return weight * 2
        return weight


def decide(ctx: ForumBotContext) -> Any:
    return help_(ctx, list(ctx.req.choices))


role(ForumRole(
    NOBLE, None, kind="extra", board=BOARD, rules=NobleRules(),
    carries=lambda card: card.side is Side.GOOD,
    steps=(ForumStep("nobles", 850, NOBLE, request=ask, apply=apply, inform=inform, ask=CHOOSE),),
    asks=(AskSpec(CHOOSE, one_target("noble_choice", "the nobles choose a living player who is no noble"),
                  decide, secret=True),),
))
