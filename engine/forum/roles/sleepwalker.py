"""De Slaapwandelaar (seed 004): "De slaapwandelaar kan elke nacht bij
iemand langsgaan. Als diegene die nacht een actie doet, dan ziet de
slaapwandelaar dit gebeuren en weet daardoor de rol van zijn doelwit." "Als
hij bij een wolf langsgaat, is de kans 1/aantal wolven dat hij de lunch als
actie ziet." "De slaapwandelaar zal altijd de rol van zijn doelwit te horen
krijgen en niet de actie die is uitgevoerd." Beperkingen: "De
slaapwandelaar werkt alleen op spelers die een actie doen. Als zijn doelwit
geen actie doet zal zijn actie dus mislukken. Hij krijgt dan niet te horen
waarom zijn actie mislukt is." "Er wordt eerst gekeken of diegene een actie
doet en daarna pas of iets de rol beïnvloedt. Door een illusie kan hij dus
toch "burger" zien als hij iemand bekijkt die een actie doet."

He watches the night (fold order 80, after every act): his target did an
action when he sent one tonight, failed or not (``Fold.sent_by``; the
pack's lunch with the chance of one in the number of wolves). Then he is
told the role seen there (``seen`` of kind "sleepwalker": an illusion
changes it), under the name he chose; otherwise that his act failed. He
learns a role, so a guest in the house is watched too (``kind="look"``).
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.sides import seen
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

SLEEPWALKER: Final = Role.define("sleepwalker")
ASK: Final = Ask.define("sleepwalker")


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "sleepwalker", SLEEPWALKER, ASK)


def did_something(fold: Fold, name: str, watcher: Act) -> bool:
    """Whether ``name`` did an action tonight, as one who watches him sees
    it: a pack's act with the chance of one in its number of wolves."""
    return any(len(a.actors) == 1 or fold.pack_share(a, name)
               for a in fold.sent_by(name) if a is not watcher)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    told = False
    for i, visited in enumerate(act.reached):
        if did_something(fold, visited, act):
            told = True
            fold.note(act.actor, "forum_sleepwalker_sees", name=act.targets[0] if i == 0 else visited,
                      **seen(s, "sleepwalker", visited))
    if not told:
        fold.failed(act)  # "Hij krijgt dan niet te horen waarom"


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        me = asking(s, "sleepwalker")
        record(s, Act("sleepwalker", ORDER["watch"], (me,), SLEEPWALKER, [chosen], resolve, kind="look"))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking sleepwalker visits someone whose role he does not know."""
    pool = list(ctx.req.choices)
    if not pool:
        return None
    if ctx.sensible:
        known = set(ctx.known(ctx.me)) | ctx.friends_of(ctx.me)
        fresh = [c for c in pool if c not in known]
        return ctx.rng.choice(fresh or pool)
    return ctx.rng.choice(pool)


role(ForumRole(
    SLEEPWALKER, Side.GOOD, acts=True,
    steps=(ForumStep("sleepwalker", 770, SLEEPWALKER, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("sleepwalker_self", "the sleepwalker visits another living player"),
                  decide, secret=True),),
))
