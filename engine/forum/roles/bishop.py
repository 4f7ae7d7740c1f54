"""De Bisschop (seed 004): "De Bisschop kan in een nacht naar keuze proberen
een burger of weerhamster in te zegenen. Als de persoon die de Bisschop
uitkiest een van die rollen is, zal die ingezegend worden en vanaf dan
priester worden. Indien dit een slechte burger of weerhamster betreft, dan
gaat de inzegening ook door en gaat die speler vanaf dan verder als
slechte priester" "Als de actie mislukt door een andere reden dan dat het
doelwit een verkeerde rol had of het doelwit op het moment van de actie
dood is, dan mag de Bisschop het opnieuw proberen. In deze gevallen krijgt
de Bisschop te horen dat zijn actie mislukt is." Beperkingen: "De Bisschop
krijgt maar 1 kans en alleen bovengenoemde rollen kunnen ingezegend worden.
Bij andere rollen zal het mislukken." "De Bisschop krijgt enkel te horen
dat zijn actie mislukt is als er een andere reden voor deze mislukking is
dan dat het doelwit een verkeerde rol had."

Asked in his call every night while his one chance is left (he chooses
the night). A role change in the fold (order 50): on a villager or a
werehamster the card becomes the priest's, unused, the side stays (a bad
villager becomes a bad priest), and the new priest is told in his turn;
on any other card it fails, silently, and the chance is gone. When the
act fails otherwise (a block, the yeti, a blessing of a bad bishop) he is
told so and the chance comes back; on a target dead at that moment he is
told too ("een andere reden ... dan dat het doelwit een verkeerde rol
had"), but the chance is gone. He is not told a success: he cannot tell
it from a wrong role.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.changes import become
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import others
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

BISHOP: Final = Role.define("bishop")
PRIEST: Final = Role.define("priest")
WEREHAMSTER: Final = Role.define("werehamster")
ASK: Final = Ask.define("bishop")
#: "een burger of weerhamster"
BLESSABLE: Final = frozenset({Role.VILLAGER, WEREHAMSTER})


def ask(s: ForumState) -> Request | None:
    """The next living bishop whose card has its chance left."""
    while (holder := next_holder(s, "bishop", BISHOP)) is not None:
        if not s.memory(holder).get("used"):
            return request(s, ASK, (holder,), others(s, holder))
    return None


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    target = act.reached[0]
    if s.card[target] not in BLESSABLE:
        return  # "Bij andere rollen zal het mislukken": not told
    become(s, target, PRIEST, by=act.actor, how="bishop")
    fold.note(target, "forum_ordained", role=PRIEST.value)


def retry(s: ForumState, act: Act) -> None:
    """A failure for another reason than a wrong role or a dead target
    gives his chance back."""
    if not act.data.get("dead_target"):
        s.memory(act.actor)["used"] = False


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is None:
        return
    bishop = asking(s, "bishop")
    s.memory(bishop)["used"] = True
    record(s, Act("bishop", ORDER["change"], (bishop,), BISHOP, [chosen], resolve, on_fail=retry))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking bishop waits for a night when he has a good guess: a
    player known to be a villager or a werehamster; else, from the second
    night, someone he does not take for bad (most of a village are
    villagers)."""
    pool = list(ctx.req.choices)
    if not pool:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(pool) if ctx.rng.random() < 0.3 else None
    known = ctx.known(ctx.me)
    sure = [c for c in pool if known.get(c) in (Role.VILLAGER.value, WEREHAMSTER.value)]
    if sure:
        return ctx.rng.choice(sure)
    if ctx.s.night < 2 or ctx.rng.random() < 0.6:
        return None
    bad = ctx.bad_to(ctx.me)
    return ctx.rng.choice([c for c in pool if c not in bad and c not in known] or pool)


role(ForumRole(
    BISHOP, Side.GOOD, acts=True,
    steps=(ForumStep("bishop", 480, BISHOP, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("bishop_self", "the bishop ordains another living player"), decide,
                  secret=True),),
))
