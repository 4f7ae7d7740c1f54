"""De Raddraaier (seed 004), a neutral: "De raddraaier kan in een
zelfgekozen nacht éénmalig de rollen van drie spelers door elkaar gooien.
Dit kan vanaf de derde nacht." "Bij deze rollenruil wisselen spelers van
krachten. De alliantie van spelers blijft wel behouden: Slechte spelers
blijven slecht, goede spelers blijven goed en een lijk speelt nog altijd
voor zichzelf. ... Daarnaast zullen Wolven altijd Wolven blijven met
toegang tot het wolvenboard en zullen hulpjes niet door de raddraai Wolf
worden." Beperkingen: "De spelers krijgen hun nieuwe rol te horen, maar
krijgen niet te horen welke spelers er verder in de rollenruil zaten. Ze
krijgen bij een rol met beperkt gebruik ook te weten hoe vaak/of de rol is
ingezet." "De raddraaier krijgt de rollen van de spelers niet te weten."
"De raddraaier kan de actie slechts één keer in het spel uitvoeren." "Als
de actie mislukt, krijgt de raddraaier hier bericht van. De raddraaier kan
dan in een latere nacht opnieuw proberen." "Als een speler die in de
rollenruil opgenomen is sterft voor het plaatsvinden van de rollenruil, zal
de rollenruil mislukken." "De raddraaier kan geen extra rollen ruilen."
The "Specifieke interacties" follow from the same model: "Als een speler
wiens rol eerder is geruild sterft, zal deze in het infotopic komen met
diens nieuwe rol"; "Ook in een visioen zal de nieuwe rol gezien worden. Een
Helderziende ziet de alliantie van de speler ... de 'oude' alliantie"; "De
Grafrover kan niet meegenomen worden in de rollenruil. Als een grafrover
wordt opgegeven door de raddraaier, mislukt de actie" (``refuses``,
``"shuffle"``: the grave robber's module).

A role change in the fold (order 50). The three cards move round among
the three, each to another (the direction drawn by the game's lots), what
a card has used with it (``ForumState.power``); sides, werewolves, boards
and extra roles stay with the players (a corpse's immunity and its win are
the player's, its killing the card's: the corpse's module). He may name
himself among the three. Each of the three is told his new card in his
next turn, and whether its action is used up (``ForumRole.spent``). The
shuffle is spent when it is done; a failed one may be tried again.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer
from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.base import check_side, decide_side, side_info, side_part, take_side
from engine.forum.botkit import ForumBotContext
from engine.forum.changes import become
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, refused, spent
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

RINGLEADER: Final = Role.define("ringleader")
ASK: Final = Ask.define("ringleader")
#: "Dit kan vanaf de derde nacht"
FIRST_NIGHT: Final = 3
THREE: Final = 3


def used(s: ForumState, leader: str) -> bool:
    return bool(s.memory(leader).get("used"))


def info(s: ForumState, leader: str) -> dict[str, Any]:
    found = side_info(s, leader)
    if s.night >= FIRST_NIGHT and not used(s, leader) and len(s.living()) >= THREE:
        found["shuffle"] = True
    return found


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "ringleader", RINGLEADER, ASK, info=info,
                          choices=lambda s, p: s.living(), only=lambda s, p: bool(info(s, p)))


def check(s: ForumState, req: Request, answer: Any) -> dict[str, Any]:
    got = answers.mapping(req, answer, frozenset({"side", "shuffle"}))
    names = got.get("shuffle")
    if names is not None:
        if not req.info.get("shuffle"):
            raise IllegalAnswer("ringleader_when", "the ringleader shuffles once a game, from the "
                                                   "third night")
        names = answers.name_list(s, req, names, req.choices, "ringleader_three",
                                  "the ringleader names three living players", most=THREE)
        if len(names) != THREE:
            raise IllegalAnswer("ringleader_three", "the ringleader names three living players")
    return {"side": check_side(req, got.get("side")), "shuffle": names or None}


def shuffles(s: ForumState, fold: Fold, act: Act) -> None:
    three = list(dict.fromkeys(act.reached))  # (mirrored: himself thrice, nothing moves)
    if any(refused(s, p, "shuffle") for p in three):
        fold.failed(act)
        return
    s.memory(act.actor)["used"] = True
    if len(three) < 2:
        return
    cards = [(s.card[p], s.power[p]) for p in three]
    turn = 1 + s.rng.randrange(len(three) - 1)  # each card to another player
    for p, (card, power) in zip(three, cards[turn:] + cards[:turn], strict=True):
        become(s, p, card, by=act.actor, how="ringleader", power=power)
    for p in three:
        fold.note(p, "forum_shuffled_spent" if spent(s, p) else "forum_shuffled", role=s.card[p].value)


def apply(s: ForumState, answer: dict[str, Any]) -> None:
    leader = asking(s, "ringleader")
    take_side(s, leader, answer["side"])
    if answer["shuffle"]:
        record(s, Act("ringleader", ORDER["change"], (leader,), RINGLEADER, list(answer["shuffle"]),
                      shuffles))


def decide(ctx: ForumBotContext) -> dict[str, Any]:
    """Three others, on a night of his choosing (a sensible one: soon, and
    with a player he takes for bad when he plays good, to spoil his card)."""
    three = None
    pool = [p for p in ctx.req.choices if p != ctx.me]
    if ctx.req.info.get("shuffle") and len(pool) >= THREE and ctx.rng.random() < 0.5:
        bad = [p for p in pool if p in ctx.bad_to(ctx.me)] if ctx.sensible else []
        first = bad[:1]
        three = first + ctx.rng.sample([p for p in pool if p not in first], THREE - len(first))
    return {"side": decide_side(ctx), "shuffle": three}


FORM = Form("ringleader", (
    side_part(),
    Part("shuffle", many=True, count=THREE, none=True, when=("shuffle",), prompt="prompt.ringleader"),
))

role(ForumRole(
    RINGLEADER, Side.NEUTRAL, acts=True, spent=used,
    steps=(ForumStep("ringleader", 435, RINGLEADER, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
