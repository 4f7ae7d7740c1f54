"""De Verhullende Wolf (seed 004): "De verhuller kan éénmalig de rollen van
gestorven spelers (komende dag óf nacht) verhullen, ze worden dan niet
bekend gemaakt in het infotopic en blijven de rest van het spel onbekend."
Beperkingen: "Hij kan dit slechts éénmalig doen." "Hij doet zijn actie
's nachts, wanneer hij dus de rollen van overdag gestorven spelers verhult,
zijn dat dus niet de rollen van de dag waarop hij de pm stuurde naar de
spelleider, maar de rollen van de dag na de eerstvolgende nacht. Als hij de
nacht verhult, geldt dit ook pas voor de nacht erna (als zijn actie lukt)."
"Hij kan enkel de rollen verhullen van de dag óf de nacht, maar niet beide."

A werewolf with a call of his own while his veil is left: ``day`` (the
deaths of the coming day) or ``night`` (the deaths of the night after this
one), or nothing. Sent in night N, it veils day N+1 or night N+1. It is
spent when he sends it, and it is an act of the fold (order 40) that may
fail (a block; the poisoner's "lijkt gelukt te zijn maar is dat niet");
the seed does not say he is told: he is not. A veiled death is announced
without the card (``reveals``: nothing), by night and by day, whatever the
cause, and the card stays unknown to the table; the story after the game
shows it.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer
from engine.forms import Form, Part
from engine.forum.botkit import ForumBotContext
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.roles.werewolf import BOARD
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

VEILING_WOLF: Final = Role.define("veiling_wolf")
ASK: Final = Ask.define("veiling_wolf")
#: "de rollen ... verhullen van de dag óf de nacht"
VEILS: Final = ("day", "night")


def veiled(s: ForumState) -> set[str]:
    """The days and nights (as ``when``: "day 3") whose dead are veiled."""
    found: set[str] = s.store.setdefault("veiled", set())
    return found


def ask(s: ForumState) -> Request | None:
    while (holder := next_holder(s, "veiling_wolf", VEILING_WOLF)) is not None:
        if not s.memory(holder).get("used"):
            return request(s, ASK, (holder,), (), info={"veils": list(VEILS)})
    return None


def check(s: ForumState, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    if answer not in VEILS:
        raise IllegalAnswer("veiling_choice", "the veiling wolf veils the coming day or the next night")
    return str(answer)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    # night N: "de dag na de eerstvolgende nacht" is day N+1; the night "de nacht erna", N+1
    veiled(s).add(f"{act.data['veil']} {s.night + 1}")


def apply(s: ForumState, veil: str | None) -> None:
    if veil is None:
        return
    wolf = asking(s, "veiling_wolf")
    s.memory(wolf)["used"] = True  # "slechts éénmalig": spent when sent
    record(s, Act("veiling_wolf", ORDER["protect"], (wolf,), VEILING_WOLF, [], resolve,
                  targeted=False, told=False, data={"veil": veil}))


class VeilRules(ForumRules):
    id = "veiling_wolf"
    #: before any rule that names a dead player's card ("dronken ziener")
    order = 5

    def reveals(self, s: ForumState, name: str) -> dict[str, Any] | None:
        hidden = s.store.get("veiled")
        if not hidden:
            return None
        death = next((d for d in reversed(s.deaths) if d.name == name), None)
        return {} if death is not None and death.when in hidden else None


def decide(ctx: ForumBotContext) -> Any:
    """A thinking veiling wolf hides a day whose lynch may take a wolf: once
    the village's votes fell on one of his board."""
    if not ctx.sensible:
        return ctx.rng.choice(list(VEILS)) if ctx.rng.random() < 0.25 else None
    board = ctx.s.on_board(BOARD)
    voted = [e for e in ctx.s.events if e.kind == "vote_result" and e.public]
    if voted and any(n in board for n in voted[-1].data["votes"]):
        return "day"
    return "night" if ctx.s.night >= 3 and ctx.rng.random() < 0.2 else None


FORM = Form("veiling_wolf", (Part(options="veils", label="forum.veil.{}", none=True),))

role(ForumRole(
    VEILING_WOLF, Side.BAD, wolf=True, board=BOARD, acts=True, rules=VeilRules(),
    steps=(ForumStep("veiling_wolf", 650, VEILING_WOLF, request=ask, apply=apply, ask=ASK,
                     again=True),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
