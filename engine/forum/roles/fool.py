"""De Dorpsgek (seed 004; not seed 000's village idiot): "De dorpsgek kan
elke oneven nacht de rollen van drie spelers vragen aan de spelleider. De
rollen worden hem dan verteld in willekeurige volgorde." Beperkingen: "De
dorpsgek is beperkt tot een activiteit elke oneven nacht." "De dorpsgek ziet
de weerhamster als gewone burger." "De dorpsgek ziet geen extra rollen."
"Als de dorpsgek iemand opvraagt die op het moment van zijn visioen (inde
nachtvolgorde) dood is, dan gaat het visioen niet door." "Als de dorpsgek
iemand opvraagt die beschermd wordt door de apostaat zal de dorpsgek maar
twee rollen zien in plaats van drie." "Als de actie mislukt, krijgt de
dorpsgek hier bericht van. Hij hoort niet wat zijn actie heeft laten
mislukken." (The apostate's text: "Het is niet zo dat het hele visioen van
de dorpsgek mislukt. De dorpsgek krijgt uiteraard niet te horen welke
persoon afgeschermd was.")

His step is called on odd nights only (nights 1, 3, 5, ...): three other
living players. A look in the fold (order 60): he is told the three
names, then the roles seen there one line each, in an order drawn with
the game's lots (a guest in one of the houses adds his role). A player
shielded against looks (``sides.VISION``, the apostate's) is left out of
the roles, not the names (or marked in ``act.data["screened"]``). The
werehamster's "gewone burger" is the
werehamster's module (``seen_role`` of kind "fool").
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer
from engine.forum import answers
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

FOOL: Final = Role.define("fool")
ASK: Final = Ask.define("fool")
#: "de rollen van drie spelers"
THREE: Final = 3


def ask(s: ForumState) -> Request | None:
    # three, or every other living player when fewer are left
    return holder_request(s, "fool", FOOL, ASK, count=min(THREE, max(1, len(s.living()) - 1)))


def check(s: ForumState, req: Request, answer: Any) -> list[str] | None:
    if answer is None:
        return None
    names = answers.name_list(s, req, answer, req.choices, "fool_three",
                              "the fool asks the roles of three other living players", most=THREE)
    if len(names) != req.count:
        raise IllegalAnswer("fool_three", "fool: three other living players")
    return names


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    screened = act.data.get("screened", ())  # (an apostate's meddler may mark them instead)
    shown = [seen(s, "fool", p) for p in act.reached if not fold.shielded(p, VISION) and p not in screened]
    s.rng.shuffle(shown)  # "in willekeurige volgorde"
    fold.note(act.actor, "forum_fool_asks", names=list(act.targets))
    for identity in shown:
        fold.note(act.actor, "forum_fool_sees", **identity)


def apply(s: ForumState, chosen: list[str] | None) -> None:
    if chosen:
        fool = asking(s, "fool")
        record(s, Act("fool", ORDER["look"], (fool,), FOOL, list(chosen), resolve, kind="look"))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking fool asks about players whose roles he does not know."""
    pool = list(ctx.req.choices)
    n = min(THREE, len(pool))
    if n == 0:
        return None
    if ctx.sensible:
        known = set(ctx.known(ctx.me)) | ctx.friends_of(ctx.me)
        fresh = [c for c in pool if c not in known]
        if len(fresh) >= n:
            return ctx.rng.sample(fresh, n)
        return fresh + ctx.rng.sample([c for c in pool if c not in fresh], n - len(fresh))
    return ctx.rng.sample(pool, n)


role(ForumRole(
    FOOL, Side.GOOD, acts=True,
    steps=(ForumStep("fool", 540, FOOL, nights=lambda n: n % 2 == 1, request=ask, apply=apply, ask=ASK,
                     again=True),),
    asks=(AskSpec(ASK, check, decide, form="pick_many", secret=True),),
))
