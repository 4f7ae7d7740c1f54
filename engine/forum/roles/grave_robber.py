"""De Grafrover (seed 004), a neutral: "De grafrover kan in nacht 3 of 4 het
graf roven van de speler die deze dag gelyncht word. Hij neemt dan de rol
van deze persoon over. Hij neemt ook de alliantie van deze persoon aan."
"Indien de gestorven persoon zijn rol al eens gebruikt had, dan kan de
grafrover deze toch opnieuw gebruiken." "Indien hij de rol van een weerwolf
overneemt kan hij dus ook op het weerwolvenboard." "Nadat de grafrover een
rol heeft overgenomen, zal hij door zienende rollen als grafrover gezien
blijven worden." Beperkingen: "Niemand weet wanneer of welke rol de
grafrover overneemt." "Wanneer de grafrover sterft wordt in het infotopic
'grafrover' gezet, onafhankelijk van welke rol hij had geroofd." "De
grafrover kan niet geraddraaid worden." "Als de grafrover geen graf rooft,
wordt hij automatisch goed." "Als de actie mislukt, krijgt de grafrover
hier bericht van." Tijd van de actie: "Nacht 3 of 4".

At the table his call comes on nights 3 and 4 (pretended when there is no
grave of the day, or he robbed one): "Rob the grave of X tonight?" (X: who
the village lynched that day). A role change in the fold (order 50): he
holds the dead player's card, fresh, and plays for the dead player's side
(a werewolf's: a werewolf, on the wolves' board, and the card's board); he
is told it in his next turn, nobody else. He does not choose a side by the
third night as the other neutrals (``ForumRole.chooses_side``): the grave
gives him one, and when he robbed none by the end of night 4 he is good
(told). A failed robbery may be tried on night 4. Seen as the grave robber
by every look (the clairvoyant: neutral), announced as him at his death,
never in the ringleader's shuffle.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import MalformedAnswer
from engine.forms import Form, Part
from engine.forum.botkit import ForumBotContext
from engine.forum.changes import become
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import FORUM_ROLES, ForumRole, ForumRules, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

GRAVE_ROBBER: Final = Role.define("grave_robber")
ASK: Final = Ask.define("grave_robber")
NIGHTS: Final = (3, 4)
WOLVES: Final = "wolves"


def robbed(s: ForumState, name: str) -> bool:
    """Whether ``name`` robbed a grave (he stays the grave robber to looks)."""
    return bool(s.own[name].get("robbed"))


def grave(s: ForumState) -> str | None:
    """Who the village lynched today (the day before this night), if anyone."""
    today = f"day {s.night}"
    return next((d.name for d in s.deaths if d.when == today and d.cause is Cause.VOTE), None)


def info(s: ForumState, robber: str) -> dict[str, Any]:
    return {"grave": grave(s)}


def ask(s: ForumState) -> Request | None:
    if grave(s) is None:
        return None
    return holder_request(s, "grave_robber", GRAVE_ROBBER, ASK, info=info, choices=lambda s, p: (),
                          only=lambda s, p: not robbed(s, p))


def check(s: ForumState, req: Request, answer: Any) -> bool:
    if answer is None:
        return False
    if not isinstance(answer, bool):
        raise MalformedAnswer(f"grave_robber: true (rob the grave) or false, not {answer!r}")
    return answer


def robs(s: ForumState, fold: Fold, act: Act) -> None:
    robber, dead = act.actor, act.data["grave"]
    card: Role = act.data["card"]
    s.own[robber]["robbed"] = True
    # "toch opnieuw gebruiken": the card fresh; the dead's side, a wolf's board
    become(s, robber, card, by=robber, how="grave_robber", side=s.side[dead],
           wolf=True if dead in s.wolves else None)
    s.chosen[robber] = s.chosen[dead]
    board = FORUM_ROLES[card].board
    if board:
        s.join_board(board, robber)
    fold.note(robber, "forum_robbed", name=dead, role=card.value, side=s.team(robber).value)


def apply(s: ForumState, rob: bool) -> None:
    robber = asking(s, "grave_robber")
    dead = grave(s)
    if rob and dead is not None:
        card = next(d.role for d in s.deaths if d.name == dead)
        record(s, Act("grave_robber", ORDER["change"], (robber,), GRAVE_ROBBER, [], robs,
                      targeted=False, data={"grave": dead, "card": card}))


class GraveRobberRules(ForumRules):
    id = "grave_robber"

    def seen_role(self, s: ForumState, kind: str, target: str, shown: Role) -> Role:
        return GRAVE_ROBBER if robbed(s, target) else shown

    def seen_side(self, s: ForumState, target: str, shown: Side) -> Side:
        return Side.NEUTRAL if robbed(s, target) else shown

    def reveals(self, s: ForumState, name: str) -> dict[str, Any] | None:
        return {"role": GRAVE_ROBBER.value} if robbed(s, name) else None

    def refuses(self, s: ForumState, name: str, change: str) -> bool:
        return change == "shuffle" and (s.card[name] is GRAVE_ROBBER or robbed(s, name))

    def night_ends(self, s: ForumState, fold: Fold) -> None:
        if s.night != NIGHTS[-1]:
            return
        for p in s.holders(GRAVE_ROBBER):  # "wordt hij automatisch goed"
            if s.side[p] is Side.NEUTRAL and s.chosen[p] is None:
                s.chosen[p] = Side.GOOD
                fold.note(p, "forum_robber_good")


def decide(ctx: ForumBotContext) -> bool:
    """A sensible robber takes a grave whose card has a power (a werewolf's
    too: the pack is a side worth joining); a villager's he mostly leaves."""
    dead = ctx.req.info.get("grave")
    if dead is None:
        return False
    card = ctx.s.card[str(dead)]
    if not ctx.sensible:
        return ctx.rng.random() < 0.5
    return ctx.rng.random() < (0.8 if FORUM_ROLES[card].acts or FORUM_ROLES[card].wolf else 0.25)


FORM = Form("grave_robber", (Part(kind="yes_no", params=(("grave", "grave"),)),))

role(ForumRole(
    GRAVE_ROBBER, Side.NEUTRAL, acts=True, chooses_side=False, rules=GraveRobberRules(),
    spent=lambda s, p: robbed(s, p) or s.night > NIGHTS[-1],  # (after night 4 no grave is left him)
    steps=(ForumStep("grave_robber", 440, GRAVE_ROBBER, nights=lambda n: n in NIGHTS, request=ask,
                     apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
