"""De Helderziende (seed 004): "Kan elke nacht een speler uitkiezen om
achter diens alliantie te komen (goed, neutraal, of slecht). Het maakt niet
uit welke rol deze persoon heeft." Beperkingen: "De helderziende krijgt
alleen de alliantie te horen, niet de rol." "Een neutraaltje zal altijd
gezien worden als neutraal, ongeacht of de persoon in kwestie al een kant
heeft gekozen of niet." "Als de actie mislukt, krijgt de helderziende hier
bericht van. Hij hoort niet wat zijn actie heeft laten mislukken." "Het
visioen van de helderziende is dodelijk voor de weerhamster." "Het visioen
kan geblokkeerd worden door de apostaat." "Als de helderziende iemand
bekijkt die op dat moment in de nachtvolgorde dood is, dan mislukt het
visioen."

A look in the fold (order 60), like the seer's: the line names the player
chosen and the alliance seen of whoever the look reached
(``sides.seen_side``: a neutral is seen neutral, the corpse too), and a
guest in that house by his own name. The werehamster's death by it is the
werehamster's module; the apostate's shield (part 3) is a shield against
``VISION`` that makes the look fail.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.sides import VISION, seen_side
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

CLAIRVOYANT: Final = Role.define("clairvoyant")
ASK: Final = Ask.define("clairvoyant")


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "clairvoyant", CLAIRVOYANT, ASK)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    if any(fold.shielded(p, VISION) for p in act.reached):
        fold.failed(act)  # "kan geblokkeerd worden door de apostaat"
        return
    for i, seen in enumerate(act.reached):
        fold.note(act.actor, "forum_clairvoyant_sees", name=act.targets[0] if i == 0 else seen,
                  side=seen_side(s, seen).value)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        me = asking(s, "clairvoyant")
        record(s, Act("clairvoyant", ORDER["look"], (me,), CLAIRVOYANT, [chosen], resolve, kind="look"))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking clairvoyant looks at someone whose alliance he does not
    know yet."""
    pool = list(ctx.req.choices)
    if not pool:
        return None
    if ctx.sensible:
        told = {str(e.data.get("name")) for e in ctx.s.events
                if e.kind == "forum_clairvoyant_sees" and e.visible_to(ctx.me)}
        known = set(ctx.known(ctx.me)) | told | ctx.friends_of(ctx.me)
        fresh = [c for c in pool if c not in known]
        return ctx.rng.choice(fresh or pool)
    return ctx.rng.choice(pool)


role(ForumRole(
    CLAIRVOYANT, Side.GOOD, acts=True,
    steps=(ForumStep("clairvoyant", 520, CLAIRVOYANT, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("clairvoyant_self", "the clairvoyant looks at another living player"),
                  decide, secret=True),),
))
