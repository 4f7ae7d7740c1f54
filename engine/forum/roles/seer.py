"""De Ziener (seed 004): "De ziener kan voor elke nacht aan de spelleider
doorgeven van welke speler hij een visioen wil hebben, in dit visioen ziet
hij dan de rol van die speler." "De ziener ziet geen extra rollen." "Het
visioen van de ziener is dodelijk voor de weerhamster." "Het visioen kan
geblokkeerd worden door de apostaat." "Als de ziener iemand bekijkt die op
dat moment in de nachtvolgorde dood is, dan mislukt het visioen." "Als de
actie mislukt, krijgt de ziener hier bericht van. Hij hoort niet wat zijn
actie heeft laten mislukken."

The vision is a look in the fold (order 60); its line names the player
the seer chose and shows the role seen of whoever the look reached (a
drunk or mirrored seer is shown another's role under that name). A guest
at that house (the friend: "Alle acties van ... zienende rollen ... worden
op beide spelers uitgevoerd") is seen too, by his own name. The
werehamster's death by the vision is the werehamster's module; the
apostate's shield (part 3) is a shield against ``sides.VISION``.
"""

from __future__ import annotations

from typing import Any

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.sides import VISION, seen
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "seer", Role.SEER, Ask.SEER)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    if any(fold.shielded(p, VISION) for p in act.reached):
        fold.failed(act)  # "Het visioen kan geblokkeerd worden door de apostaat"
        return
    for i, seen_one in enumerate(act.reached):
        fold.note(act.actor, "forum_seer_sees", name=act.targets[0] if i == 0 else seen_one,
                  **seen(s, "seer", seen_one))


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        seer = asking(s, "seer")
        record(s, Act("seer", ORDER["look"], (seer,), Role.SEER, [chosen], resolve, kind="look"))


def decide(ctx: ForumBotContext) -> Any:
    choices = list(ctx.req.choices)
    if not choices:
        return None
    if ctx.sensible:
        known = ctx.known(ctx.me)
        unknown = [c for c in choices if c not in known]
        return ctx.rng.choice(unknown or choices)
    return ctx.rng.choice(choices)


role(ForumRole(
    Role.SEER, Side.GOOD, acts=True,
    steps=(ForumStep("seer", 500, Role.SEER, request=ask, apply=apply, ask=Ask.SEER, again=True),),
    asks=(AskSpec(Ask.SEER, one_target("seer_self", "the seer looks at another living player"), decide,
                  secret=True),),
))
