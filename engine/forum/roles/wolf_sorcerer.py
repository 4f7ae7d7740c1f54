"""De Wolventovenaar (seed 004): "De wolventovenaar is een hulpje dat op het
wolvenboard kan. In de nacht mag hij een speler aanduiden die die nacht als
weerwolf gezien zal worden door alle zienende rollen. Voor de Helderziende
zal die persoon dus als slecht gezien worden en ook het Orakel zal die
speler die nacht beschouwen als een speler met een slechte rol. Wissels op
de speler die aangeduid is door de Wolventovenaar zullen ook mislukken."
Beperkingen: "De Sjamaan zal ook de aangeduide speler zien als Weerwolf,
hier is dus geen uitzondering voor."

A helper on the wolves' board (he wakes with the pack) with a call of his
own: another living player, or nobody. The mark is an appearance in the
fold (order 40, before the looks at 60 and the switcher's swap at 50):
tonight every look at the marked player shows a werewolf (every kind, the
shaman too), the clairvoyant sees him bad, the oracle (part 2) counts him
bad (``marked``), and a switcher's swap (part 2) that reaches him fails
(told, as the switcher's failures are). The seed does not say the sorcerer
is told anything: he is not.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.roles.werewolf import BOARD
from engine.forum.state import NIGHT, ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

WOLF_SORCERER: Final = Role.define("wolf_sorcerer")
ASK: Final = Ask.define("wolf_sorcerer")
SWITCHER: Final = Role.define("switcher")


def marked(s: ForumState, name: str) -> bool:
    """``name`` is seen as a werewolf tonight."""
    return s.phase is NIGHT and name in s.store.get("sorcery", {}).get(s.night, ())


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "wolf_sorcerer", WOLF_SORCERER, ASK)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    target = act.reached[0]
    s.store.setdefault("sorcery", {}).setdefault(s.night, set()).add(target)

    def meddler(fold: Fold, later: Act) -> None:
        # "Wissels op de speler die aangeduid is ... zullen ook mislukken"
        if later.power is SWITCHER and target in later.reached:
            later.failed = True

    fold.meddle(meddler)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        sorcerer = asking(s, "wolf_sorcerer")
        record(s, Act("wolf_sorcerer", ORDER["protect"], (sorcerer,), WOLF_SORCERER, [chosen],
                      resolve, told=False))


class SorceryRules(ForumRules):
    id = "wolf_sorcerer"
    #: after the sheep's clothing (a disguise), before an illusion
    order = 61

    def seen_role(self, s: ForumState, kind: str, target: str, shown: Role) -> Role:
        return Role.WEREWOLF if marked(s, target) else shown

    def seen_side(self, s: ForumState, target: str, shown: Side) -> Side:
        return Side.BAD if marked(s, target) else shown


def decide(ctx: ForumBotContext) -> Any:
    """A thinking sorcerer frames a player off his board (a look at him
    shows a werewolf: the village may lynch him)."""
    pool = [c for c in ctx.req.choices if c not in ctx.s.on_board(BOARD)]
    if not pool or (not ctx.sensible and ctx.rng.random() < 0.3):
        return None
    return ctx.rng.choice(pool)


role(ForumRole(
    WOLF_SORCERER, Side.BAD, board=BOARD, acts=True, rules=SorceryRules(),
    steps=(ForumStep("wolf_sorcerer", 660, WOLF_SORCERER, request=ask, apply=apply, ask=ASK,
                     again=True),),
    asks=(AskSpec(ASK, one_target("sorcerer_target", "the wolf sorcerer marks another living player"),
                  decide, secret=True),),
))
