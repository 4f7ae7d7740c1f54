"""De Omegawolf (seed 004): "De omegawolf is een wolf die aan de onderkant
van de keten staat. Hij maakt daardoor makkelijk contact met goedjes die dat
ook zijn. Één keer in het spel mag hij een speler doorgeven: als deze speler
een burger of weerhamster is, dan converteert hij deze speler tot weerwolf.
Als de actie mislukt door een andere reden dan dat het doelwit een verkeerde
rol had, dan mag de Omegawolf het opnieuw proberen." Beperkingen: "Zoals
gewoonlijk kan hij geen zielsverwant converteren, ook niet als die
toevallig een van de converteerbare rollen heeft." "De beschermengel
beschermt ook tegen de conversie door de omegawolf."

A werewolf with a call of his own while his one try is left. His act is a
conversion in the fold (order 50, as the conversion wolf's, with the same
rules: ``conversion_wolf.convert``). A target who holds another card
spends the try; any other failure (a soulmate, a bad villager, the
guardian angel, a target dead by then, a block) leaves it, and he is asked
again the next night. The seed does not say he is told: he is not (he sees
the board, and whether he is asked again).
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import others
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.roles.conversion_wolf import convert
from engine.forum.roles.werewolf import BOARD, tonight_lunch
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

OMEGA_WOLF: Final = Role.define("omega_wolf")
ASK: Final = Ask.define("omega_wolf")
WEREHAMSTER: Final = Role.define("werehamster")
#: "als deze speler een burger of weerhamster is"
CONVERTS: Final = frozenset({Role.VILLAGER, WEREHAMSTER})


def ask(s: ForumState) -> Request | None:
    while (holder := next_holder(s, "omega_wolf", OMEGA_WOLF)) is not None:
        if not s.memory(holder).get("spent"):
            return request(s, ASK, (holder,), others(s, holder))
    return None


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    target = act.reached[0]
    if target in act.actors:
        fold.failed(act)  # reflected onto himself (the mirror): another reason than the role
    elif s.card[target] not in CONVERTS:
        s.memory(act.actor)["spent"] = True  # "een verkeerde rol": no second try
        fold.failed(act)
    elif convert(s, fold, act, target):
        s.memory(act.actor)["spent"] = True
    else:
        fold.failed(act)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        wolf = asking(s, "omega_wolf")
        record(s, Act("omega_wolf", ORDER["change"], (wolf,), OMEGA_WOLF, [chosen], resolve,
                      told=False))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking omega wolf tries a player he believes a plain villager
    (a guess: most of a village is): one the pack does not lunch tonight,
    whose card he has not seen to be another."""
    known = ctx.known(ctx.me)
    pool = [c for c in ctx.req.choices if c not in ctx.s.on_board(BOARD) and c not in ctx.bad_to(ctx.me)
            and known.get(c, Role.VILLAGER.value) in {r.value for r in CONVERTS}]
    if not pool:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(pool) if ctx.rng.random() < 0.4 else None
    lunch = tonight_lunch(ctx.s)
    return ctx.rng.choice([c for c in pool if c != lunch] or pool)


role(ForumRole(
    OMEGA_WOLF, Side.BAD, wolf=True, board=BOARD, acts=True,
    steps=(ForumStep("omega_wolf", 620, OMEGA_WOLF, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("omega_target", "the omega wolf names another living player"),
                  decide, secret=True),),
))
