"""De Valse Engel (seed 004): "De valse engel waakt iedere nacht over iemands
rol. Wanneer deze sterft, geconverteerd of lijk wordt, of door de pyromaan
wordt afgebrand, zal de valse engel de oorspronkelijke rol van zijn
slachtoffer krijgen. Hij is dan niet langer valse engel, maar valse <Rol>,
bijvoorbeeld Valse Jager als hij de rol van een Jager inpikt." "Hij stuurt
elke nacht een actie in." Beperkingen: "Wanneer de rol al opgebruikt is kan
de valse engel deze toch opnieuw gebruiken." "De valse engel krijgt niet te
horen of zijn slachtoffer nu afgebrand, lijk of geconverteerd is. (als hij
dood is is dat nogal duidelijk)" "Wanneer het slachtoffer sterft komt in
het infotopic de rol valse engel te staan." "Mocht de valse engel een
neutrale of slechte rol krijgen krijgt hij wel de kracht, maar hij blijft
een goedje. In zulke gevallen zal deze speler bij sterven ook in het
infotopic als Valse <Rol> worden aangeduid, bijvoorbeeld Valse Weerwolf.
Zienende rollen zullen deze speler ook als Valse <Rol> zien. Een valse
engel die een slechte rol rooft zal nooit op het wolvenboard komen door
deze roof." "Als meerdere valse engelen over dezelfde persoon waken die
inderdaad doodgaat (of geconverteerd, gelijkt of afgebrand wordt), dan
krijgt alleen degene die als eerste zijn actie instuurde de rol. De rest
hoort niks." "Een valse engel sterft nooit aan priesterwater, zelfs niet
als deze Heks wordt." "De valse engel krijgt enkel bericht als zijn actie
is geslaagd."

At the table: he chooses whom he watches in his call every night; the
watch holds for that night (the fold, order 40: before any role change or
kill). When his charge dies in it, or another role takes the charge's card
(``ForumRules.loses_card``: the conversion wolf, the gravedigger, the
pyromaniac call ``helpers.lose_card``), the first living false angel who
watched him takes the card as it was, its powers fresh; he keeps his side
(good), sits on no board for it and is no werewolf (a "valse weerwolf"
places no lunch), and is told his new card in his turn ("valse ..."). The
charge who died is announced as "de valse engel". Lookers see him as
"valse ..." (``seen_qualifier``), his death announces him so
(``reveals``), and the holy water spares him.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.changes import become
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.state import Death
from engine.vocab import Ask, Cause, Role, Side

FALSE_ANGEL: Final = Role.define("false_angel")
ASK: Final = Ask.define("false_angel")
HOLY_WATER: Final = Cause.define("holy_water")
#: fold.memo: tonight's charges, each with his angels in the order they sent
WATCHED: Final = "false_angel_watched"
QUALIFIER: Final = "false"


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "false_angel", FALSE_ANGEL, ASK)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    fold.memo.setdefault(WATCHED, {}).setdefault(act.reached[0], []).append(act.actor)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        angel = asking(s, "false_angel")
        record(s, Act("false_angel", ORDER["protect"], (angel,), FALSE_ANGEL, [chosen], resolve,
                      told=False))


def is_false(s: ForumState, name: str) -> bool:
    """A former false angel holding the card he took ("valse <Rol>")."""
    return bool(s.own[name].get("false_angel"))


def take(s: ForumState, fold: Fold, charge: str, *, died: bool) -> None:
    """The first living false angel watching ``charge`` takes his card."""
    angels = fold.memo.get(WATCHED, {}).pop(charge, [])
    angel = next((a for a in angels if s.alive[a] and s.card[a] is FALSE_ANGEL), None)
    if angel is None:
        return
    card = s.card[charge]
    become(s, angel, card, by=angel, how="false_angel")  # "kan de valse engel deze toch opnieuw gebruiken"
    s.own[angel]["false_angel"] = True
    if died:
        s.store.setdefault("false_angel_veiled", set()).add(charge)
    fold.note(angel, "forum_false_angel_took", role=card.value, qualifier=QUALIFIER)


class FalseAngelRules(ForumRules):
    id = "false_angel"
    order = 15

    def on_death(self, s: ForumState, death: Death, fold: Fold | None) -> None:
        if fold is not None:
            take(s, fold, death.name, died=True)

    def loses_card(self, s: ForumState, name: str, how: str, fold: Fold | None) -> None:
        if fold is not None:
            take(s, fold, name, died=False)

    def reveals(self, s: ForumState, name: str) -> dict[str, Any] | None:
        if name in s.store.get("false_angel_veiled", ()):
            return {"role": FALSE_ANGEL.value}  # "komt in het infotopic de rol valse engel te staan"
        if is_false(s, name):
            return {"role": s.card[name].value, "qualifier": QUALIFIER}
        return None

    def seen_qualifier(self, s: ForumState, kind: str, target: str, shown: Role) -> str | None:
        return QUALIFIER if is_false(s, target) and shown is s.card[target] else None

    def spares(self, s: ForumState, name: str, cause: str) -> bool:
        return cause == HOLY_WATER.value and (s.card[name] is FALSE_ANGEL or is_false(s, name))


def decide(ctx: ForumBotContext) -> Any:
    """He sends one every night: a thinking angel watches a player whose
    card is worth having and who may well die (a player known to hold a
    power, else anyone)."""
    pool = list(ctx.req.choices)
    if not pool:
        return None
    if ctx.sensible:
        known = ctx.known(ctx.me)
        able = [c for c in pool if known.get(c) not in (None, Role.VILLAGER.value)]
        if able and ctx.rng.random() < 0.6:
            return ctx.rng.choice(able)
    return ctx.rng.choice(pool)


role(ForumRole(
    FALSE_ANGEL, Side.GOOD, acts=True, rules=FalseAngelRules(),
    steps=(ForumStep("false_angel", 430, FALSE_ANGEL, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("false_angel_self", "the false angel watches another living player"),
                  decide, secret=True),),
))
