"""De Vriend (seed 004): "De vriend mag elke nacht een andere speler
uitkiezen om bij te logeren. Vanaf dat moment zullen acties die specifiek
op hem zijn gericht geen effect op hem hebben omdat hij 'niet thuis' is.
Maar: alle acties die op de gekozen speler uitgevoerd worden, hebben
automatisch ook effect op de vriend. Alle acties van moordende rollen,
zienende rollen, beschermengels en pyromanen worden op beide spelers
uitgevoerd." "Alle andere rollen en rolveranderingen worden of op de
vriend, of op de gekozen speler uitgevoerd (50/50)" Beperkingen: "Wanneer
de vriend bij iemand is blijven logeren, is hij er daarna niet meer
welkom. De vriend kan dus maar één keer bij elke speler logeren. Hij kan
uiteraard ook kiezen om thuis te blijven." "De vriend krijgt niet te horen
of zijn actie wel of niet geslaagd is."

Who is who (fold order 10, after the skin changer's swaps): from his act
on, for the rest of the night, an act aimed at him does not reach him (an
act that reaches nobody else fails: its actor is told where his role is
told); an act that reaches his host reaches him too when it kills, looks,
protects or burns (``Act.kills``, ``Act.kind``), and otherwise reaches one
of the two, drawn with the game's lots. Acts of his own are left alone.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext, help_
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, others
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

FRIEND: Final = Role.define("friend")
ASK: Final = Ask.define("friend")
#: the kinds of act that reach both ("zienende rollen, beschermengels en pyromanen")
BOTH: Final = frozenset({"look", "protect", "fire"})


def visited(s: ForumState, friend: str) -> list[str]:
    found: list[str] = s.memory(friend).setdefault("visited", [])
    return found


def choices(s: ForumState, friend: str) -> tuple[str, ...]:
    been = visited(s, friend)
    return tuple(p for p in others(s, friend) if p not in been)


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "friend", FRIEND, ASK, choices=choices)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    friend, host = act.actor, act.reached[0]
    visited(s, friend).append(host)

    def stays(fold: Fold, later: Act) -> None:
        if not later.targeted or friend in later.actors:
            return
        reached: list[str] = []
        for t in later.reached:
            if t == friend:
                continue  # "niet thuis"
            if t == host:
                if later.kills or later.kind in BOTH:
                    reached += [host, friend]
                    continue
                t = friend if s.rng.random() < 0.5 else host
            reached.append(t)
        if not reached:
            later.failed = True
        else:
            later.reached = reached

    fold.meddle(stays)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        friend = asking(s, "friend")
        record(s, Act("friend", ORDER["swap"], (friend,), FRIEND, [chosen], resolve, told=False))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking friend stays with a player he trusts (the lunch would
    take them both, a protection covers them both), or at home now and
    then."""
    pool = list(ctx.req.choices)
    if not pool or ctx.rng.random() < 0.3:
        return None
    return help_(ctx, pool) if ctx.sensible else ctx.rng.choice(pool)


role(ForumRole(
    FRIEND, Side.GOOD, acts=True,
    steps=(ForumStep("friend", 120, FRIEND, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("friend_once", "the friend stays with another living player, once "
                                              "with each"), decide, secret=True),),
))
