"""De Slotenmaker (seed 004), a neutral: "De slotenmaker kan iemands huis op
slot doen, waardoor de persoon die opgesloten is niet naar buiten kan
terwijl anderen niet binnen kunnen komen. Alle acties op en van die persoon
zullen deze nacht niet doorgaan." "Als de slotenmaker een wolf opsluit, dan
is er een kans van 1/aantal wolven dat de lunch mislukt." Beperkingen: "De
slotenmaker krijgt niet te horen of zijn actie wel/niet geslaagd is." "De
slotenmaker kan maximaal twee keer dezelfde persoon opsluiten in een spel."
"De slotenmaker mag niet twee keer achter elkaar het zelfde huis op slot
doen." "De slotenmaker mag zijn eigen deur niet op slot doen."

A block in the fold (order 20): from then on every act of the locked
player fails (the pack's lunch when he is one of the wolves awake: one
chance in their number), and every act that lands on him fails; each
failure is told to its actor as any failure is ("hij hoort niet wat zijn
actie heeft laten mislukken"). Who is who stands before the blocks (the
skin changer's swap, order 10: a lock aimed at him locks his victim). A
lock counts when it is sent. As every neutral he chooses his side in his
call on nights 1 to 3.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.base import check_side, decide_side, side_info, side_part, take_side
from engine.forum.botkit import ForumBotContext, hurt
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, others
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

LOCKSMITH: Final = Role.define("locksmith")
ASK: Final = Ask.define("locksmith")
TIMES: Final = 2  # "maximaal twee keer dezelfde persoon"


def locks(s: ForumState, smith: str) -> dict[str, int]:
    found: dict[str, int] = s.memory(smith).setdefault("locks", {})
    return found


def choices(s: ForumState, smith: str) -> tuple[str, ...]:
    """Another living player, locked less than twice, not last night's."""
    mine = s.memory(smith)
    last = mine.get("last") if mine.get("night") == s.night - 1 else None
    done = locks(s, smith)
    return tuple(p for p in others(s, smith) if p != last and done.get(p, 0) < TIMES)


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "locksmith", LOCKSMITH, ASK, choices=choices, info=side_info)


def check(s: ForumState, req: Request, answer: Any) -> dict[str, Any]:
    """``{side, lock}``; a name alone (or null) is the lock."""
    got = answers.mapping(req, answer, frozenset({"side", "lock"})) if not isinstance(answer, str) \
        else {"lock": answer}
    lock = got.get("lock")
    if lock is not None:
        lock = answers.one_of(s, req, lock, req.choices, "locksmith_target",
                              "the locksmith locks another living player, at most twice the same "
                              "and not the one of last night")
    return {"side": check_side(req, got.get("side")), "lock": lock}


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    locked = act.reached[0]

    def block(fold: Fold, later: Act) -> None:
        if locked in later.reached:
            later.failed = True  # "anderen niet binnen kunnen komen"
        elif locked in later.actors:
            # "niet naar buiten": his acts; a pack's only by chance
            if len(later.actors) == 1 or fold.pack_share(later, locked):
                later.failed = True

    fold.meddle(block)


def apply(s: ForumState, answer: dict[str, Any]) -> None:
    smith = asking(s, "locksmith")
    take_side(s, smith, answer["side"])
    chosen = answer["lock"]
    if chosen is None:
        return
    mine = s.memory(smith)
    mine.update({"last": chosen, "night": s.night})
    locks(s, smith)[chosen] = locks(s, smith).get(chosen, 0) + 1
    record(s, Act("locksmith", ORDER["block"], (smith,), LOCKSMITH, [chosen], resolve, told=False))


def decide(ctx: ForumBotContext) -> dict[str, Any]:
    """A sensible locksmith of the good locks whom he takes for bad (his acts
    fail, the lunch perhaps), else someone; of the bad, anyone not his."""
    pool = list(ctx.req.choices)
    lock = None
    if pool and (not ctx.sensible or ctx.rng.random() < 0.85):
        lock = hurt(ctx, pool)
    return {"side": decide_side(ctx), "lock": lock}


FORM = Form("locksmith", (
    side_part(),
    Part("lock", none=True, prompt="prompt.locksmith"),
))

role(ForumRole(
    LOCKSMITH, Side.NEUTRAL, acts=True,
    steps=(ForumStep("locksmith", 210, LOCKSMITH, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
