"""De Apostaat (seed 004): "De apostaat is een hulpje (dus geen wolf) die
toegang heeft tot het weerwolvenboard." "De apostaat is de tegenhanger van
de beschermengel en de ziener, orakel, dorpsgek en helderziende en kan
ofwel de lunch afschermen voor de beschermengel, ofwel een speler afschermen
voor zienende rollen." "Hij stuurt de naam van de speler en waar hij deze
voor afschermt (visioen of beschermengel)." Beperkingen: "De apostaat kan
zichzelf niet beschermen tegen zienende rollen of beschermengel." "Wanneer
de apostaat iemand tegen de ziener, orakel, dorpsgek of helderziende
beschermt, kan hij de komende nacht niet nogmaals een visioen blokkeren.
Wanneer hij een speler van de beschermengel afschermt, kan hij de komende
nacht niet nogmaals een slachtoffer van de beschermengel afschermen."
"Wanneer de apostaat een speler afschermt die door de dorpsgek opgevraagd
wordt, zal de dorpsgek maar 2 rollen zien in plaats van 3. Het is niet zo
dat het hele visioen van de dorpsgek mislukt. De dorpsgek krijgt uiteraard
niet te horen welke persoon afgeschermd was." "De apostaat krijgt niet te
horen of zijn actie wel of niet geslaagd is." "De apostaat heeft geen
effect op de sjamaan."

A helper on the wolves' board (he wakes with the pack) with a call of his
own after it, so he knows tonight's lunch. He names another player and a
screen (``vision`` or ``angel``; not the one he used last night). His act
screens in the fold (order 35: after "nachtvolgorde 3", whose blessed,
cursed and poisoner may stop or turn it, before the protections and the
looks): a look of the seer, the oracle or the clairvoyant that reaches the
screened player fails (they are told it failed, never why); the fool's
look is not failed, the screened player is left out of it
(``act.data["screened"]``, for the fool's module); a guardian angel's
protection of him fails (the angel is never told). The blessed's "een
goede speler geen last heeft van de ... apostaat": a good player blessed
tonight (``fold.memo["blessed"]``, the blessed's) is not screened.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.botkit import ForumBotContext
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.roles.werewolf import BOARD, tonight_lunch
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

APOSTATE: Final = Role.define("apostate")
ASK: Final = Ask.define("apostate")
GUARDIAN_ANGEL: Final = Role.define("guardian_angel")
FOOL: Final = Role.define("fool")
#: "de ziener, orakel, dorpsgek en helderziende" (not the shaman)
LOOKERS: Final = frozenset({Role.SEER, Role.define("oracle"), FOOL, Role.define("clairvoyant")})
#: what he screens a player from: "visioen of beschermengel"
SCREENS: Final = ("vision", "angel")


def screens(s: ForumState, apostate: str) -> list[str]:
    """The screens he may use tonight: not last night's again."""
    last = s.memory(apostate).get("last")
    return [k for k in SCREENS if last != [k, s.night - 1]]


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "apostate", APOSTATE, ASK,
                          info=lambda s, a: {"screens": screens(s, a)})


def check(s: ForumState, req: Request, answer: Any) -> dict[str, str] | None:
    """``null`` or ``{name: player, screen: vision/angel}``."""
    got = answers.mapping(req, answer, frozenset({"name", "screen"}))
    if got.get("name") is None:
        return None
    name = answers.one_of(s, req, got["name"], req.choices, "apostate_target",
                          "the apostate screens another living player")
    screen = got.get("screen")
    if screen not in SCREENS:
        raise MalformedAnswer(f"apostate: screen is one of {', '.join(SCREENS)}, not {screen!r}")
    if screen not in req.info["screens"]:
        raise IllegalAnswer("apostate_screen", "the apostate uses a screen not two nights running")
    return {"name": name, "screen": str(screen)}


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    screened, screen = act.reached[0], act.data["screen"]
    if screened in fold.memo.get("blessed", ()) and s.team(screened) is Side.GOOD:
        return  # "een goede speler geen last heeft van de ... apostaat"

    def meddler(fold: Fold, later: Act) -> None:
        if screened not in later.reached:
            return
        if screen == "angel" and later.power is GUARDIAN_ANGEL:
            later.failed = True
        elif screen == "vision" and later.power in LOOKERS:
            if later.power is FOOL:  # "maar 2 rollen ... in plaats van 3"
                later.data.setdefault("screened", []).append(screened)
            else:
                later.failed = True

    fold.meddle(meddler)


def apply(s: ForumState, answer: dict[str, str] | None) -> None:
    if answer is None:
        return
    apostate = asking(s, "apostate")
    s.memory(apostate)["last"] = [answer["screen"], s.night]
    record(s, Act("apostate", ORDER["screen"], (apostate,), APOSTATE, [answer["name"]], resolve,
                  data={"screen": answer["screen"]}, told=False))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking apostate keeps the guardian angel off tonight's lunch when
    the deck has an angel, else screens a wolf of his board from the
    lookers."""
    req, s = ctx.req, ctx.s
    allowed = list(req.info["screens"])
    if not req.choices or not allowed:
        return None
    if not ctx.sensible:
        return {"name": ctx.pick(req.choices), "screen": ctx.rng.choice(allowed)}
    lunch = tonight_lunch(s)
    if "angel" in allowed and GUARDIAN_ANGEL in s.deck and lunch in req.choices:
        return {"name": lunch, "screen": "angel"}
    if "vision" in allowed:
        wolves = [c for c in req.choices if c in s.on_board(BOARD) and s.is_wolf(c)]
        if wolves:
            return {"name": ctx.rng.choice(wolves), "screen": "vision"}
    return None


FORM = Form("apostate", (
    Part("name", none=True, prompt="prompt.apostate"),
    Part("screen", options="screens", label="forum.apostate_screen.{}", when=("name",),
         prompt="prompt.apostate_screen"),
))

role(ForumRole(
    APOSTATE, Side.BAD, board=BOARD, acts=True,
    steps=(ForumStep("apostate", 630, APOSTATE, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
