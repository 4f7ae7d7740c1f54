"""De Illusiewolf (seed 004): "De illusiewolf mag eenmaal in het spel een rol
doorgeven aan de spelleider. Bij het visioen van een ziener of dorpsgek in
die nacht zal de rol (of een rol in geval van de dorpsgek) verwisseld worden
voor de genoemde rol. Als er 'burger' wordt ingestuurd zal een ziener dus
altijd een burger zien, ongeacht welke speler hij bekijkt. In het geval van
een dorpsgek zal er random door de spelleider een van de drie rollen
verwisseld worden door de rol die is ingestuurd door de illusiewolf. In het
geval van een helderziende zal de alliantie verwisseld worden door de
alliantie van de ingezonden rol. In het geval van een orakel zal er random
door de spelleider een van de twee allianties worden verwisseld door de
alliantie van de ingezonden rol." Beperkingen: "De illusiewolf is beperkt
tot een eenmalige actie." "De illusiewolf geeft enkel een rol door en heeft
dus totaal geen invloed op wie er daadwerkelijk gezien wordt." "Als de
actie mislukt, krijgt de illusiewolf hier bericht van. Hij hoort niet wat
zijn actie heeft laten mislukken." "En illusiewolf heeft geen effect op de
sjamaan."

A werewolf with a call of his own while his one illusion is left: a card
of the game (``helpers.role_options``), or nothing. It is spent when he
sends it (a PM), and it is an appearance in the fold (order 40, before
the looks): tonight every seer sees the named card whomever he looks at,
the clairvoyant sees its alliance (``seen_side``); the fool and the oracle
(part 2) swap one of their three roles, one of their two alliances, drawn
by lot, with ``illusion(s)``. The shaman sees what he would have seen.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer
from engine.forms import Form, Part
from engine.forum.botkit import ForumBotContext
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import role_options
from engine.forum.night import asking, next_holder
from engine.forum.registry import FORUM_ROLES, ForumRole, ForumRules, ForumStep, role
from engine.forum.roles.werewolf import BOARD
from engine.forum.state import NIGHT, ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

ILLUSION_WOLF: Final = Role.define("illusion_wolf")
ASK: Final = Ask.define("illusion_wolf")


def illusion(s: ForumState) -> Role | None:
    """The card tonight's illusion shows, if one holds tonight."""
    if s.phase is not NIGHT:
        return None
    found: Role | None = s.store.get("illusions", {}).get(s.night)
    return found


def ask(s: ForumState) -> Request | None:
    while (holder := next_holder(s, "illusion_wolf", ILLUSION_WOLF)) is not None:
        if not s.memory(holder).get("used"):
            return request(s, ASK, (holder,), (), info={"roles": role_options(s)})
    return None


def check(s: ForumState, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    if not isinstance(answer, str) or answer not in req.info["roles"]:
        raise IllegalAnswer("illusion_role", "the illusion wolf names a card of this game")
    return answer


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    s.store.setdefault("illusions", {})[s.night] = Role(act.data["role"])


def apply(s: ForumState, named: str | None) -> None:
    if named is None:
        return
    wolf = asking(s, "illusion_wolf")
    s.memory(wolf)["used"] = True  # "eenmaal in het spel ... doorgeven": spent when sent
    record(s, Act("illusion_wolf", ORDER["protect"], (wolf,), ILLUSION_WOLF, [], resolve,
                  targeted=False, data={"role": named}))


class IllusionRules(ForumRules):
    id = "illusion_wolf"
    #: after the disguises and the sorcerer's mark: it swaps the whole vision
    order = 62

    def seen_role(self, s: ForumState, kind: str, target: str, shown: Role) -> Role:
        found = illusion(s)
        return found if found is not None and kind == "seer" else shown

    def seen_side(self, s: ForumState, target: str, shown: Side) -> Side:
        found = illusion(s)
        if found is None:
            return shown
        return FORUM_ROLES[found].side or shown


def decide(ctx: ForumBotContext) -> Any:
    """A thinking illusion wolf keeps his one illusion for a night when a
    wolf of his board may be looked at: from the second night, a good card
    (the village's own: "burger") now and then."""
    roles = list(ctx.req.info["roles"])
    if not ctx.sensible:
        return ctx.rng.choice(roles) if ctx.rng.random() < 0.3 else None
    if ctx.s.night < 2 or ctx.rng.random() < 0.6:
        return None
    return Role.VILLAGER.value if Role.VILLAGER.value in roles else ctx.rng.choice(roles)


FORM = Form("illusion_wolf", (Part(options="roles", label="role_bare.{}", none=True),))

role(ForumRole(
    ILLUSION_WOLF, Side.BAD, wolf=True, board=BOARD, acts=True, rules=IllusionRules(),
    steps=(ForumStep("illusion_wolf", 640, ILLUSION_WOLF, request=ask, apply=apply, ask=ASK,
                     again=True),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
