"""De Onzekere Welp (seed 004): "De Onzekere Welp is een wolf in wording. Bij
aanvang van het spel is hij nog klein en weet niet wie de andere wolven
zijn." "Omdat de welp nog onvolgroeid is kan hij niemand vermoorden tenzij
hij diens zwakke plek weet. Als de welp de rol van een speler weet, kan hij
deze vermoorden. De welp kan ook slechtjes vermoorden (indien hij
bijvoorbeeld gekoppeld is)." "In tegenstelling tot de Welp en Kettingwelp
zal de Onzekere Welp niet opgroeien in de vijfde nacht, hij zal eerst moeten
laten zien dat hij het in zich heeft om een Wolf te worden door een speler
succesvol te vermoorden. Zodra de Onzekere Welp het voor elkaar heeft
gekregen om een speler te vermoorden zal hij direct opgroeien tot Weerwolf.
Hij kan dit iedere nacht blijven proberen, er zit dus niet zoals bij de
Welp en Kettingwelp en limiet op nacht 3." Beperkingen: "Spelers wiens rol
openbaar bevestigd is door de spelleider, kunnen niet meer vermoord worden
door de Onzekere Welp. (...)" "De Onzekere Welp kan niet sterven aan het
Priesterwater." "Wanneer de Onzekere Welp iemand vermoordt moet hij de
spelleider pm'en en de rol van deze speler doorgeven. Wanneer de rol fout
is zal de moord mislukken en krijgt het slachtoffer te weten dat de
Onzekere Welp hem probeerde te vermoorden (hij krijgt niet te horen wie de
Onzekere Welp is)." "De Onzekere Welp geeft de rol door van de speler zoals
die was voor de nacht. (...) In dat geval gaat eerst de rolveranderende
actie door en pas daarna de moord. Het slachtoffer sterft dan ook met zijn
nieuwe rol." "De welp kan maximum één speler vermoorden. Zodra dat hem is
gelukt zal hij direct opgroeien tot Weerwolf." "Zoals alle andere slechte
rollen kan de Onzekere Welp het lijk niet vermoorden." "De Onzekere Welp
krijgt niet te horen of zijn actie wel of niet geslaagd is." "Als de
Onzekere Welp geraddraaid wordt kan hij niet meer opgroeien; als de kracht
dan bij een ander slechtje of neutrale speler die slecht heeft gekozen
terechtkomt kan die wel opgroeien door alsnog succesvol iemand te
vermoorden." Tijd van de actie: "De nacht (gelijk met de andere
welpmoorden)".

The cub's (``roles/cub.py``) with no limit of nights and no fifth night:
in his call every night while he holds the card, one pair of a player and
a role, until he killed one ("maximum één speler"). A kill grows him up at once, in the fold (a werewolf on the wolves'
board) when he plays for the bad and is not on the board yet; a good
player with his card kills and stays as he is. He is not told it ("krijgt
niet te horen of zijn actie ... geslaagd is"): he learns it when he wakes
with the pack the next night. A wrong card: the player it reached is told
that the unsure cub tried, never who.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.botkit import ForumBotContext
from engine.forum.changes import become
from engine.forum.fold import Act, Fold
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.roles.cub import (
    Pairs,
    check_pairs,
    guess,
    pairs_form,
    pairs_request,
    record_pairs,
    strikes,
)
from engine.forum.roles.werewolf import BOARD
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

UNSURE_CUB: Final = Role.define("unsure_cub")
ASK: Final = Ask.define("unsure_cub")


def ask(s: ForumState) -> Request | None:
    return pairs_request(s, "unsure_cub", UNSURE_CUB, ASK, 1)


def check(s: ForumState, req: Request, answer: Any) -> Pairs:
    return check_pairs(s, req, answer)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    struck = strikes(s, fold, act)
    cub = act.actor
    if struck == "wrong":
        fold.note(act.reached[0], "forum_unsure_cub_tried")
    elif struck == "killed" and s.card[cub] is UNSURE_CUB:
        s.memory(cub)["killed"] = True  # "maximum één speler"
        # "zal hij direct opgroeien tot Weerwolf"
        if s.alive[cub] and s.team(cub) is Side.BAD and cub not in s.on_board(BOARD):
            become(s, cub, Role.WEREWOLF, by=None, how="grown", wolf=True)


def apply(s: ForumState, pairs: Pairs) -> None:
    record_pairs(s, "unsure_cub", asking(s, "unsure_cub"), UNSURE_CUB, pairs, resolve)


def decide(ctx: ForumBotContext) -> Any:
    pool = list(ctx.req.info["targets"])
    if not pool or (not ctx.sensible and ctx.rng.random() < 0.3):
        return None
    return guess(ctx, pool, 1)


role(ForumRole(
    UNSURE_CUB, Side.BAD, acts=True,
    steps=(ForumStep("unsure_cub", 720, UNSURE_CUB, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=pairs_form("unsure_cub"), secret=True),),
))
