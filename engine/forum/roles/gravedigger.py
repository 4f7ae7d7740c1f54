"""De Grafdelver (seed 004), a neutral: "De grafdelver kan vanaf de tweede
nacht in actie treden. Hij kan éénmalig een slachtoffer van de weerwolven
in een lijk veranderen. Voor de andere spelers zal het lijken alsof er die
nacht niet is gemoord." "De grafdelver mag nadat hij succesvol gedolven
heeft, elke speldag 3 namen naar de spelleider sturen met de vraag of zijn
lijk tussen die 3 namen zit. Hij krijgt dan zo snel mogelijk bericht of
zijn Lijk hier tussen zit, ja of nee." "Indien het lijk wint zal de
grafdelver delen in de overwinning." "Het gedolven lijk hoort bij de
persoon die de delfactie heeft uitgevoerd. Door de actie van de raddraaier
kan het zijn dat het lijk hoort bij een speler die het spel niet is
begonnen als delver, zo lang die maar de actie heeft ingestuurd." "De
grafdelver blijft altijd een duo met zijn lijk, ook als de grafdelver
geconverteerd wordt of zelf lijk wordt." Beperkingen: "De grafdelver kan
slechts één lijk maken, en pas vanaf de tweede nacht." "Als de actie
mislukt, krijgt de grafdelver hier bericht van." Tijd van de actie: "De
nacht (Het delven) en de dag (spelers opvragen of ze wel/geen lijk zijn)".
From the ringleader's interactions: "Als een Grafdelver zijn rol geruild
wordt en diens krachten al gebruikt zijn, zal de oude grafdelver bij het
lijk blijven horen ... De nieuwe grafdelver mag echter na de rollenruil wel
spelers opgeven om uit te vinden wie het Lijk kan zijn."

At the table the dig is, like the witch's potion of life, a night and not a
player ("Een eenmalige algemene actie (zoals Grafdelver)", the poisoner's
text): in his call from night 2 he says whether he digs tonight. It waits
for the lunch (fold order 65): whoever the lunch kills tonight does not die
but rises as the corpse (``ForumRules.rises``: after his last act, so "Indien
de jager een lijk wordt was hij eerst dood en heeft hij dus ook iemand
vermoord"), and dawn says nobody died. No victim that night (no lunch, a
save, a shield): the dig failed, he is told, and may dig another night: he
"kan slechts één lijk maken". The corpse is the digger's, the player's
(``corpse_duo``); the card remembers its corpse, so whoever holds the card
asks about it by day (``gravedigger``: three other living players, once a
day, answered in his turn). As every neutral he chooses his side in his call
on nights 1 to 3.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.base import check_side, decide_side, side_info, side_part, take_side
from engine.forum.botkit import ForumBotContext
from engine.forum.deaths import Flow
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, others
from engine.forum.night import asking
from engine.forum.registry import DayAction, ForumRole, ForumRules, ForumStep, role
from engine.forum.roles.corpse import make_corpse
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

GRAVEDIGGER: Final = Role.define("gravedigger")
ASK: Final = Ask.define("gravedigger")
#: "pas vanaf de tweede nacht"
FIRST_NIGHT: Final = 2
THREE: Final = 3


def corpse_of(s: ForumState, digger: str) -> str | None:
    """The corpse the card ``digger`` holds has made (None: none yet)."""
    found: str | None = s.memory(digger).get("corpse")
    return found


def info(s: ForumState, digger: str) -> dict[str, Any]:
    found = side_info(s, digger)
    if s.night >= FIRST_NIGHT and corpse_of(s, digger) is None:
        found["dig"] = True
    return found


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "gravedigger", GRAVEDIGGER, ASK, info=info, choices=lambda s, p: (),
                          only=lambda s, p: bool(info(s, p)))


def check(s: ForumState, req: Request, answer: Any) -> dict[str, Any]:
    got = answers.mapping(req, answer, frozenset({"side", "dig"}))
    dig = got.get("dig", False)
    if not isinstance(dig, bool):
        raise MalformedAnswer(f"gravedigger: dig must be true or false, not {dig!r}")
    if dig and not req.info.get("dig"):
        raise IllegalAnswer("gravedigger_when", "the gravedigger makes one corpse, from the second night")
    return {"side": check_side(req, got.get("side")), "dig": dig}


def digs(s: ForumState, fold: Fold, act: Act) -> None:
    """From now on, the lunch's victim tonight rises (``GravediggerRules.rises``)."""
    fold.memo.setdefault("digging", []).append(act)


def apply(s: ForumState, answer: dict[str, Any]) -> None:
    digger = asking(s, "gravedigger")
    take_side(s, digger, answer["side"])
    if answer["dig"]:
        record(s, Act("gravedigger", ORDER["save"], (digger,), GRAVEDIGGER, [], digs, targeted=False))


class GravediggerRules(ForumRules):
    id = "gravedigger"
    #: after the gambler's insurance (he who does not die is no victim)
    order = 60

    def rises(self, s: ForumState, name: str, cause: Cause, fold: Fold | None) -> bool:
        if fold is None or cause is not Cause.WEREWOLVES:
            return False  # "een slachtoffer van de weerwolven"
        for act in fold.memo.get("digging", ()):
            digger = act.actor
            if digger != name and not act.data.get("dug"):
                act.data["dug"] = True
                s.memory(digger)["corpse"] = name
                make_corpse(s, fold, name, digger)
                fold.note(name, "forum_now_corpse")
                fold.note(digger, "forum_dug")
                return True
        return False

    def night_ends(self, s: ForumState, fold: Fold) -> None:
        for act in fold.memo.get("digging", ()):
            if not act.data.get("dug"):
                fold.note(act.actor, "forum_failed")  # no victim tonight


# -- the day's question: "of zijn lijk tussen die 3 namen zit" -----------------
def available(s: ForumState, player: str) -> bool:
    return (s.card[player] is GRAVEDIGGER and corpse_of(s, player) is not None
            and s.memory(player).get("asked") != s.day and len(others(s, player)) >= THREE)


def check_names(s: ForumState, player: str, value: Any) -> list[str]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise MalformedAnswer(f"gravedigger: three players' names, not {value!r}")
    names = list(value)
    if len(set(names)) != THREE or len(names) != THREE or player in names or \
            any(n not in s.alive or not s.alive[n] for n in names):
        raise IllegalAnswer("gravedigger_three", "the gravedigger names three other living players")
    return names


def ask_names(s: ForumState, player: str, names: list[str]) -> Flow:
    s.memory(player)["asked"] = s.day
    among = corpse_of(s, player) in names
    s.emit("forum_corpse_among" if among else "forum_corpse_not_among", frozenset({player}),
           names=list(names))
    return
    yield  # pragma: no cover


def heard(ctx: ForumBotContext, player: str) -> tuple[set[str], set[str] | None]:
    """What the digger's answers told him: who is not his corpse, and the
    three it is among (if an answer said yes)."""
    no: set[str] = set()
    yes: set[str] | None = None
    for e in ctx.s.events:
        if e.to is not None and player in e.to and e.kind in ("forum_corpse_among",
                                                               "forum_corpse_not_among"):
            names = {str(n) for n in e.data["names"]}
            if e.kind == "forum_corpse_not_among":
                no |= names
            else:
                yes = names if yes is None else yes & names
    return no, yes


def decide_names(ctx: ForumBotContext, player: str) -> Any:
    """He narrows it down: three of those his answers have not ruled out;
    once he knows, he asks no more."""
    pool = list(others(ctx.s, player))
    no, yes = heard(ctx, player)
    left = [p for p in pool if p not in no and (yes is None or p in yes)]
    if len(left) <= 1 or len(pool) < THREE:
        return None
    pick = ctx.rng.sample(left, min(THREE, len(left)))
    pick += ctx.rng.sample([p for p in pool if p not in pick], THREE - len(pick))
    return pick


def decide(ctx: ForumBotContext) -> dict[str, Any]:
    """He digs soon: the corpse shares its win with him."""
    dig = bool(ctx.req.info.get("dig")) and ctx.rng.random() < (0.6 if ctx.sensible else 0.4)
    return {"side": decide_side(ctx), "dig": dig}


FORM = Form("gravedigger", (
    side_part(),
    Part("dig", "yes_no", when=("dig",), prompt="prompt.gravedigger_dig"),
))

role(ForumRole(
    GRAVEDIGGER, Side.NEUTRAL, acts=True, rules=GravediggerRules(),
    spent=lambda s, p: corpse_of(s, p) is not None,
    steps=(ForumStep("gravedigger", 645, GRAVEDIGGER, request=ask, apply=apply, ask=ASK, again=True),),
    day_actions=(DayAction("gravedigger", Part("gravedigger", many=True, count=THREE,
                                               prompt="prompt.forum_gravedigger"),
                           available, check_names, ask_names, decide_names,
                           options=lambda s, p: others(s, p)),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
