"""De Yeti (seed 004): "De yeti kan tweemaal in een spel buitenkomen om de
spelers te beschermen. Wanneer de yeti buiten is hebben alle nachtelijke
activiteiten een kans van 50% op falen (ook andere yeti's). Ook zal de
yeti de orc doden als de yeti buiten komt." "Het bepalen of een actie wel
of niet doorgaat, zal dus per actie plaatsvinden en niet per rol."
Beperkingen: "De yeti is beperkt tot twee nachtelijke uitstappen per spel."
"Als de yeti dood is voordat hij aan zet is om te moorden, dan zal de orc
niet doodgaan." "Het 50% falen blijft de nacht dat de yeti buitenkomt in
werking totdat hij dood is. Daarna zal het 50% falen niet meer werken."
"Wanneer de orc de yeti als doelwit heeft, zal volgorde van buitenkomst
bepalen of de orc nog een poging mag doen in het vermoorden van de yeti."
"Als de actie mislukt, krijgt de yeti hier bericht van."

At the table he is asked in his call, while he has an outing left,
whether he goes out tonight (an outing is spent when he sends it). In
the fold his outing is a block (order 20): it kills every orc who comes
out tonight ("De orc zal vermoord worden door de yeti als ze samen
buitenkomen", the orc's text), then every later act of the night fails
with one chance in two, drawn per act with the game's lots, for as long
as the yeti lives. A player the blessed (a good one) or the cursed (a bad
one, part 3) made proof against him is spared (``proof``): a pack's act
with a proof wolf in it with the chance of one in the number of wolves.
An act he stops is marked (``stopped``): the witch gets her potion back
("De heks krijgt zijn drankje(s) terug als de yeti zijn actie tegenhoudt").
The orc's order of coming out (it acts after order 20) is part 3's.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import MalformedAnswer
from engine.forms import Form, Part
from engine.forum.botkit import ForumBotContext
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

YETI: Final = Role.define("yeti")
ORC: Final = Role.define("orc")
ASK: Final = Ask.define("yeti")
CAUSE: Final = Cause.define("yeti")
OUTINGS: Final = 2
#: fold.memo: the players the yeti does not hinder tonight
PROOF: Final = "yeti_proof"


def outings(s: ForumState, yeti: str) -> int:
    return OUTINGS - int(s.memory(yeti).get("outings", 0))


def ask(s: ForumState) -> Request | None:
    """The next living yeti with an outing left."""
    while (holder := next_holder(s, "yeti", YETI)) is not None:
        if outings(s, holder) > 0:
            return request(s, ASK, (holder,), (), info={"left": outings(s, holder)})
    return None


def check(s: ForumState, req: Request, answer: Any) -> bool:
    if answer is None:
        return False
    if not isinstance(answer, bool):
        raise MalformedAnswer(f"yeti: true (he goes out) or false, not {answer!r}")
    return answer


def proof(fold: Fold) -> set[str]:
    """Who the yeti does not hinder tonight (the blessed's good players, the
    cursed's bad ones)."""
    found: set[str] = fold.memo.setdefault(PROOF, set())
    return found


def stopped(act: Act) -> bool:
    """Whether a yeti made ``act`` fail."""
    return bool(act.data.get("yeti"))


def spared(fold: Fold, act: Act) -> bool:
    immune = proof(fold)
    if len(act.actors) == 1:
        return act.actor in immune
    return any(fold.pack_share(act, w) for w in act.actors if w in immune)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    yeti = act.actor
    for orc_act in [a for a in fold.acts if a.power is ORC and not a.failed]:
        for orc in orc_act.actors:
            if s.alive[orc] and s.card[orc] is ORC:
                fold.kill(act, orc, CAUSE)

    def hinder(fold: Fold, later: Act) -> None:
        # "totdat hij dood is"; per act, not per role
        if later is act or not s.alive[yeti] or spared(fold, later):
            return
        if s.rng.random() < 0.5:
            later.failed = True
            later.data["yeti"] = True

    fold.meddle(hinder)


def apply(s: ForumState, out: bool) -> None:
    if not out:
        return
    yeti = asking(s, "yeti")
    s.memory(yeti)["outings"] = int(s.memory(yeti).get("outings", 0)) + 1
    record(s, Act("yeti", ORDER["block"], (yeti,), YETI, [], resolve, targeted=False, kills=True))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking yeti goes out when the village needs the wolves' lunch to
    fail: once the pack has struck, and surely while an orc is about."""
    if not ctx.sensible:
        return ctx.rng.random() < 0.3
    s = ctx.s
    if ORC in s.deck and s.night >= 2:
        return ctx.rng.random() < 0.5
    living = len(s.living())
    return s.night >= 2 and (ctx.rng.random() < 0.25 or living <= len(s.players) // 2)


FORM = Form("yeti", (Part(kind="yes_no", prompt="prompt.yeti", params=(("left", "left"),)),))

role(ForumRole(
    YETI, Side.GOOD, acts=True,
    steps=(ForumStep("yeti", 220, YETI, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
