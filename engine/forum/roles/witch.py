"""De Heks (seed 004), a neutral: "De heks heeft twee drankjes ... Een
doodsdrankje, hiermee kan hij in de nacht speler vermoorden. Een
levensdrankje, hiermee kan hij in een zelfgekozen nacht een slachtoffer van
de weerwolven redden. De heks mag beide drankjes in dezelfde nacht
gebruiken, maar dit hoeft niet." "De heks geeft enkel aan op welke nacht
hij iemand wil redden, niet wie hij wil redden. Wie die nacht de lunch was
zal dan gered worden." "De heks krijgt van de spelleider te horen wie hij
gered heeft." "De heks kan het levensdrankje niet aan zichzelf toedienen."
"De heks kan enkel in de nacht iemand vermoorden." "Als de actie mislukt,
krijgt de heks hier bericht van." "De heks krijgt zijn drankje(s) terug als
de yeti zijn actie tegenhoudt. Hij krijgt hier een melding van."

She is not told the lunch before she chooses. A potion is spent when she
sends it (a PM); the potion of life saves whoever the lunch reaches that
night, unless that is herself, and she is told whom it saved ("nobody" on
a night without a lunch, or when it was her). A potion the yeti stopped
comes back to her, and she is told so. As every neutral she chooses
her side in her call on nights 1 to 3 (``engine.forum.base``).
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.base import check_side, decide_side, side_info, side_part, take_side
from engine.forum.botkit import ForumBotContext, hurt
from engine.forum.day import tell_at_dawn
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.roles.werewolf import is_lunch
from engine.forum.roles.yeti import stopped
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

KEYS = frozenset({"side", "save", "poison"})


def potions(s: ForumState, witch: str) -> dict[str, bool]:
    left: dict[str, bool] = s.memory(witch).setdefault("potions", {"save": True, "poison": True})
    return left


def info(s: ForumState, witch: str) -> dict[str, Any]:
    left = potions(s, witch)
    return {**side_info(s, witch), "save": left["save"], "poison": left["poison"]}


def can_act(s: ForumState, witch: str) -> bool:
    """A potion left, or her side to choose (else her call is pretended)."""
    found = info(s, witch)
    return bool(found.get("sides")) or found["save"] or found["poison"]


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "witch", Role.WITCH, Ask.WITCH, info=info, only=can_act)


def check(s: ForumState, req: Request, answer: Any) -> dict[str, Any]:
    got = answers.mapping(req, answer, KEYS)
    save = got.get("save", False)
    if not isinstance(save, bool):
        raise MalformedAnswer(f"witch: save must be true or false, not {save!r}")
    if save and not req.info.get("save"):
        raise IllegalAnswer("witch_potion_used", "witch: the potion of life is already used")
    poison = got.get("poison")
    if poison is not None:
        poison = answers.one_of(s, req, poison, req.choices, "witch_target",
                                "witch: she poisons another living player")
        if not req.info.get("poison"):
            raise IllegalAnswer("witch_potion_used", "witch: the poison is already used")
    return {"side": check_side(req, got.get("side")), "save": save, "poison": poison}


def saves(s: ForumState, fold: Fold, act: Act) -> None:
    """From now on, the lunch that comes is saved (unless it reaches her)."""
    witch = act.actor
    fold.memo.setdefault("witch_saves", {})[witch] = None

    def meddler(fold: Fold, lunch: Act) -> None:
        if not is_lunch(lunch) or fold.memo["witch_saves"].get(witch) is not None:
            return
        # whoever the lunch reaches (a guest in the victim's house too), not her
        saved = [v for v in lunch.reached if v != witch]
        if not saved:
            return  # "kan het levensdrankje niet aan zichzelf toedienen"
        for victim in saved:
            fold.shield(victim, Cause.WEREWOLVES)
            fold.note(witch, "forum_witch_saved", name=victim)
        fold.memo["witch_saves"][witch] = saved[0]

    fold.meddle(meddler)


def poisons(s: ForumState, fold: Fold, act: Act) -> None:
    for victim in act.reached:  # (a guest in the house too: the friend)
        fold.kill(act, victim, Cause.POISON)


def potion_back(s: ForumState, act: Act) -> None:
    """"De heks krijgt zijn drankje(s) terug als de yeti zijn actie
    tegenhoudt. Hij krijgt hier een melding van." (told in her turn)"""
    if stopped(act):
        potions(s, act.actor)[act.data["potion"]] = True
        tell_at_dawn(s, act.actor, "forum_witch_potion_back", potion=act.data["potion"])


def apply(s: ForumState, answer: dict[str, Any]) -> None:
    witch = asking(s, "witch")
    take_side(s, witch, answer["side"])
    left = potions(s, witch)
    if answer["save"]:
        left["save"] = False
        record(s, Act("witch", ORDER["save"], (witch,), Role.WITCH, [], saves, targeted=False,
                      data={"potion": "save"}, on_fail=potion_back))
    if answer["poison"] is not None:
        left["poison"] = False
        record(s, Act("witch", ORDER["kill_late"], (witch,), Role.WITCH, [answer["poison"]], poisons,
                      kills=True, data={"potion": "poison"}, on_fail=potion_back))


class WitchRules(ForumRules):
    id = "witch"

    def night_ends(self, s: ForumState, fold: Fold) -> None:
        for witch, saved in fold.memo.get("witch_saves", {}).items():
            if saved is None:
                fold.note(witch, "forum_witch_saved_nobody")


def decide(ctx: ForumBotContext) -> dict[str, Any]:
    req, rng = ctx.req, ctx.rng
    # She does not know the lunch: a guess that a night will have one worth saving.
    save = bool(req.info.get("save")) and ctx.s.night >= 2 and rng.random() < 0.35
    poison = None
    if req.info.get("poison") and rng.random() < (0.45 if ctx.sensible else 0.25):
        poison = hurt(ctx, list(req.choices)) if ctx.sensible and ctx.bad_to(ctx.me) else (
            None if ctx.sensible else ctx.pick(req.choices))
    return {"side": decide_side(ctx), "save": save, "poison": poison}


POTIONS = Form("forum_potions", (
    side_part(),
    Part("save", "yes_no", prompt="prompt.forum_witch_save", when=("save",)),
    Part("poison", none=True, prompt="prompt.witch_poison", when=("poison",)),
))

def spent(s: ForumState, witch: str) -> bool:
    """Both potions used ("een actie die is opgebruikt", the pyromaniac)."""
    return not any(potions(s, witch).values())


role(ForumRole(
    Role.WITCH, Side.NEUTRAL, acts=True, rules=WitchRules(), spent=spent,
    steps=(ForumStep("witch", 700, Role.WITCH, request=ask, apply=apply, ask=Ask.WITCH, again=True),),
    asks=(AskSpec(Ask.WITCH, check, decide, form=POTIONS, secret=True),),
))
