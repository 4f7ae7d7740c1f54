"""De Sjamaan (seed 004): "De sjamaan kan net als de ziener elke nacht een
visioen krijgen van een zelfgekozen speler en zo diens rol te weten komen."
Beperkingen: "De sjamaan heeft geen toegang tot het weerwolvenboard en kent
de weerwolven dus niet." "Het visioen van de sjamaan kan tegengehouden
worden door de beschermengel." "De sjamaan ziet de weerhamster als gewone
burger." "De sjamaan ziet geen extra rollen." "Als de actie mislukt, krijgt
de sjamaan hier bericht van. Hij hoort niet wat zijn actie heeft laten
mislukken." And the others' texts: "Indien de sjamaan zijn beschermeling
opvraagt zal zijn visioen mislukken" (the guardian angel), "De apostaat
heeft geen effect op de sjamaan", "En illusiewolf heeft geen effect op de
sjamaan", "De Sjamaan zal ook de aangeduide speler zien als Weerwolf" (the
wolf sorcerer).

A helper off the wolves' board with the seer's look (fold order 60,
``seen_role`` of kind ``shaman``): "Je visioen: X is ...", told at dawn.
The guardian angel (part 2) shields its charge against ``VISION``; a look
that reaches him fails (told, never why). A werehamster is shown as a
villager.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.sides import seen_role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

SHAMAN: Final = Role.define("shaman")
ASK: Final = Ask.define("shaman")
#: what the guardian angel shields against ("beschermt enkel tegen de lunch, sjamaan en conversie")
VISION: Final = Cause.define("shaman_vision")
WEREHAMSTER: Final = Role.define("werehamster")


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "shaman", SHAMAN, ASK)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    seen = act.reached[0]
    if fold.shielded(seen, VISION):
        fold.failed(act)
        return
    shown = seen_role(s, "shaman", seen)
    if shown is WEREHAMSTER:
        shown = Role.VILLAGER  # "ziet de weerhamster als gewone burger"
    fold.note(act.actor, "forum_shaman_sees", name=act.targets[0], role=shown.value)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        record(s, Act("shaman", ORDER["look"], (asking(s, "shaman"),), SHAMAN, [chosen], resolve))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking shaman looks at a player whose card he does not know yet
    (he does not know the wolves: he may find one)."""
    choices = list(ctx.req.choices)
    if not choices:
        return None
    known = ctx.known(ctx.me)
    return ctx.rng.choice([c for c in choices if c not in known] or choices)


role(ForumRole(
    SHAMAN, Side.BAD, acts=True,
    steps=(ForumStep("shaman", 510, SHAMAN, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("shaman_self", "the shaman looks at another living player"), decide,
                  secret=True),),
))
