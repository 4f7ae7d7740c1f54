"""De Stalker (seed 004): "De stalker kan twee keer in het spel een speler
uitkiezen wie hij zal stalken die nacht. Als deze speler een actie uitvoert
zal de stalker te horen krijgen dat zijn doelwit een actie uitgevoerd
heeft. Ook als diens actie mislukt, zal de stalker een actie zien."
"Tevens ziet de stalker het ook als zijn doelwit gered is van de lunch (als
de persoon die hij bekijkt in het lunch topic staat, maar niet is
gestorven)." "Als de stalker een wolf stalkt, dan is er een kans dat de
stalker de lunch als actie ziet. Die kans is 1 gedeeld door het aantal
wolven. De stalker krijgt dan te horen dat hij een actie ziet."
Beperkingen: "De stalker krijgt geen kanten of rollen te horen. Hij krijgt
alleen een PM met daarin vermeld of zijn doelwit iets gedaan heeft."
"Wanneer het doelwit twee acties uitvoert (bijvoorbeeld een heks die twee
drankjes gebruikt) krijgt hij te horen dat zijn doelwit een actie heeft
gedaan (dus geen 2)." "Wanneer het doelwit van de stalker het
lunchslachtoffer was maar gered is krijgt de stalker te horen dat zijn
doelwit gered is." "Als zijn actie mislukt, krijgt de stalker hier bericht
van. Hij hoort niet wat zijn actie heeft laten mislukken."

Twice a game (a night spent when he sends it), in his call. He watches the
night (fold order 80): told that his target did an action (one line
however many) or did nothing, and that he was saved when the lunch
was aimed at him (the lunch's own target, wherever a meddler sent it: "in
het lunch topic staat") and he lives, whatever saved him. A guest in the house is the host's or the
friend's, drawn (he is no seeing role: "geen kanten of rollen").
"""

from __future__ import annotations

from typing import Any, Final

from engine.forms import Form, Part
from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import others
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.roles.sleepwalker import did_something
from engine.forum.roles.werewolf import is_lunch
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

STALKER: Final = Role.define("stalker")
ASK: Final = Ask.define("stalker")
TIMES: Final = 2


def left(s: ForumState, stalker: str) -> int:
    return TIMES - int(s.memory(stalker).get("used", 0))


def ask(s: ForumState) -> Request | None:
    """The next living stalker with a night left."""
    while (holder := next_holder(s, "stalker", STALKER)) is not None:
        if left(s, holder) > 0:
            return request(s, ASK, (holder,), others(s, holder), info={"left": left(s, holder)})
    return None


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    stalked = act.reached[0]
    acted = did_something(fold, stalked, act)
    fold.note(act.actor, "forum_stalker_acted" if acted else "forum_stalker_nothing", name=act.targets[0])
    in_topic = {n for a in fold.acts if is_lunch(a) for n in a.reached}  # "in het lunch topic"
    if stalked in in_topic and s.alive[stalked]:
        fold.note(act.actor, "forum_stalker_saved", name=act.targets[0])


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is None:
        return
    stalker = asking(s, "stalker")
    s.memory(stalker)["used"] = int(s.memory(stalker).get("used", 0)) + 1
    record(s, Act("stalker", ORDER["watch"], (stalker,), STALKER, [chosen], resolve))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking stalker keeps his two nights for later in the game, then
    follows a player he does not trust."""
    pool = list(ctx.req.choices)
    if not pool:
        return None
    if ctx.sensible:
        if ctx.s.night < 2 or ctx.rng.random() < 0.5:
            return None
        known = set(ctx.known(ctx.me)) | ctx.friends_of(ctx.me)
        fresh = [c for c in pool if c not in known]
        return ctx.rng.choice(fresh or pool)
    return ctx.rng.choice(pool) if ctx.rng.random() < 0.4 else None


FORM = Form("stalker", (Part(prompt="prompt.stalker", params=(("left", "left"),)),))

role(ForumRole(
    STALKER, Side.GOOD, acts=True,
    steps=(ForumStep("stalker", 780, STALKER, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("stalker_self", "the stalker stalks another living player"), decide,
                  form=FORM, secret=True),),
))
