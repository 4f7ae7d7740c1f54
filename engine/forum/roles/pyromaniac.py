"""De Pyromaan (seed 004), a neutral: "De pyromaan mag éénmalig in de nacht
een doelwit kiezen en zijn/haar huis in brand steken met het volgende
resultaat: - Indien het doelwit nog een actie heeft verliest die zijn/haar
rol en gaat verder als (slechte) burger. - Indien het doelwit een actie
heeft die is opgebruikt, dan sterft het doelwit." Beperkingen: "De kracht
van de pyromaan heeft geen invloed op een lijk of een grafdelver. Het huis
brandt wel af, maar de speler behoudt zijn rol." "Er wordt niet bekend
gemaakt wanneer een huis in brand is gestoken. Alleen het doelwit en de
pyromaan zelf weten of zo'n actie gebeurd is." "Eventuele extra rollen,
zoals burgemeester of geliefde, worden niet aangetast door de pyromaan."
"De pyromaan kan niet zijn eigen huis aansteken." "Wanneer de pyromaan de
laatste wolf zijn huis platbrandt, zullen die wolf en eventuele andere
slechte hulpjes die niet aan een goedje of goed-neutraaltje zijn gekoppeld
sterven, omdat er geen wolven meer in het spel zijn." "Als de actie
mislukt, krijgt de pyromaan hier bericht van." "Het doelwit van de pyromaan
wordt na de brand door de ziener, sjamaan of dorpsgek gezien als 'burger'
en door de helderziende met zijn echte alliantie. Hij sterft ook als
burger."

A role change in the fold (order 50, before the looks). "Een actie" is the
card's (``ForumRole.acts``; an extra role's does not count), used up as its
module says (``ForumRole.spent``); a card without one (a villager) keeps
its holder as he is. The burnt player is a villager of his own side from
then on, a werewolf no more (a burnt last wolf leaves the pack without
wolves: the helpers die at the end of the night, ``engine.forum.base``),
still on every board he sat on. The target is told what the fire did; the
pyromaniac only that it failed, when it did. The fire is spent when he
sends it, as the witch's potions are.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer
from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.base import check_side, decide_side, side_info, side_part, take_side
from engine.forum.botkit import ForumBotContext, hurt
from engine.forum.changes import become
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, lose_card, spent
from engine.forum.night import asking
from engine.forum.registry import FORUM_ROLES, ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

PYROMANIAC: Final = Role.define("pyromaniac")
ASK: Final = Ask.define("pyromaniac")
FIRE: Final = Cause.define("fire")
#: "geen invloed op een lijk of een grafdelver"
FIREPROOF: Final = frozenset({Role.define("corpse"), Role.define("gravedigger")})


def used(s: ForumState, pyro: str) -> bool:
    return bool(s.memory(pyro).get("used"))


def info(s: ForumState, pyro: str) -> dict[str, Any]:
    found = side_info(s, pyro)
    if not used(s, pyro):
        found["burn"] = True
    return found


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "pyromaniac", PYROMANIAC, ASK, info=info,
                          only=lambda s, p: bool(info(s, p)))


def check(s: ForumState, req: Request, answer: Any) -> dict[str, Any]:
    got = answers.mapping(req, answer, frozenset({"side", "burn"}))
    burn = got.get("burn")
    if burn is not None:
        burn = answers.one_of(s, req, burn, req.choices, "pyromaniac_target",
                              "the pyromaniac sets fire to another living player's house")
        if not req.info.get("burn"):
            raise IllegalAnswer("pyromaniac_used", "the pyromaniac sets one fire a game")
    return {"side": check_side(req, got.get("side")), "burn": burn}


def burn(s: ForumState, fold: Fold, act: Act) -> None:
    target = act.reached[0]
    fold.memo.setdefault("burnt", []).append(target)
    card = FORUM_ROLES[s.card[target]]
    if card.id in FIREPROOF or not card.acts:
        fold.note(target, "forum_house_burnt")  # the house burns; he keeps his role
        return
    if spent(s, target):
        fold.kill(act, target, FIRE)
        return
    # "verliest die zijn/haar rol en gaat verder als (slechte) burger"
    lose_card(s, fold, target, "burnt")  # (the false angel watching him takes it first)
    become(s, target, Role.VILLAGER, by=act.actor, how="pyromaniac", wolf=False)
    fold.note(target, "forum_house_burnt_role")


def apply(s: ForumState, answer: dict[str, Any]) -> None:
    pyro = asking(s, "pyromaniac")
    take_side(s, pyro, answer["side"])
    if answer["burn"] is not None:
        s.memory(pyro)["used"] = True
        record(s, Act("pyromaniac", ORDER["change"], (pyro,), PYROMANIAC, [answer["burn"]], burn,
                      kills=True))


def decide(ctx: ForumBotContext) -> dict[str, Any]:
    """A sensible pyromaniac burns whom he takes for an enemy (a known bad
    player when he plays good), else waits a night or two; a random one
    burns now and then."""
    target = None
    if ctx.req.info.get("burn") and ctx.req.choices:
        pool = list(ctx.req.choices)
        if ctx.sensible:
            known_bad = [c for c in pool if c in ctx.bad_to(ctx.me)]
            if known_bad or (ctx.s.night >= 2 and ctx.rng.random() < 0.3):
                target = hurt(ctx, pool)
        elif ctx.rng.random() < 0.3:
            target = ctx.pick(pool)
    return {"side": decide_side(ctx), "burn": target}


FORM = Form("pyromaniac", (
    side_part(),
    Part("burn", none=True, when=("burn",), prompt="prompt.pyromaniac"),
))

role(ForumRole(
    PYROMANIAC, Side.NEUTRAL, acts=True, spent=used,
    steps=(ForumStep("pyromaniac", 405, PYROMANIAC, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
