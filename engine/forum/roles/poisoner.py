"""De Gifmenger (seed 004, a test role from Blood on the Clocktower): "De
Gifmenger is een hulpje. Hij mag elke nacht iemand vergiftigen. Indien een
actie een doelwit heeft wordt diens actie van die nacht op een willekeurige
speler (niet zichzelf) uitgevoerd. Iemand die vergiftigt is zal nooit
iemand kunnen vermoorden. De gifmenger heeft ook invloed op de dagacties van
de daaropvolgende dag." "Mocht een rol geen target hoeven uitkiezen, maar
enkel een pm te hoeven sturen met dat die de actie wilt gebruiken, dan is
die ervan overtuigd dat het gelukt is, maar dat is het dan niet." "Een
zienende rol ziet de rol van een willekeurige speler. Een rol die op een
specifiek persoon wordt uitgevoerd zonder dat daar normaal antwoord op komt
(beschermengel, gezegende) wordt op een willekeurige speler uitgevoerd. Een
eenmalige algemene actie (zoals Grafdelver) lijkt gelukt te zijn maar is
dat niet. Als de Gifmenger een wolf kiest dan is er kans van 1/aantal
wolven dat de lunch gerandomized wordt." "Net als de Vervloekte mag de
Gifmenger eenmaal in het spel overdag aan de spelleider vragen of een
bepaalde speler slecht is of niet." Beperkingen: "De Gifmenger kan niet twee
nachten achtereen dezelfde persoon vergiftigen." "De Gifmenger kent de
andere slechtjes niet en zijn actie zit ook slechtjes dwars." Tijd van de
actie: "nachtvolgorde 3 (tegelijk met gezegende, vervloekte)".

A helper off the wolves' board with a call of his own. The poison is a
meddler of "nachtvolgorde 3" (fold order 30) on every later act of the
poisoned player that night: an act aimed at players lands on random
living players other than him (drawn with the game's lots; a look is told
under the name chosen, as the drunk's), and a kill kills nobody; an act
aimed at nobody (the witch's potion of life, the gambler's purchases, the
veiling wolf's veil) fails without a word and gives nothing back ("lijkt
gelukt te zijn maar is dat niet"). The pack's lunch, when he poisons a
wolf: with the chance of one in the number of wolves it lands on a random
player (it still kills: it is the pack's). The next day the poisoned
player's day actions land on a random player and kill nobody
(``day_target``, ``harmless``). His question: the cursed's
(``cursed.bad_question``).
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, others_but
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.roles.cursed import bad_question, not_again
from engine.forum.roles.werewolf import is_lunch
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

POISONER: Final = Role.define("poisoner")
ASK: Final = Ask.define("poisoner")


def poisoned_on(s: ForumState, day: int) -> set[str]:
    """Who was poisoned the night before day ``day``."""
    found: set[str] = s.store.setdefault("poisoned", {}).setdefault(day, set())
    return found


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "poisoner", POISONER, ASK, choices=not_again)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    victim = act.reached[0]
    poisoned_on(s, s.night + 1).add(victim)

    def meddler(fold: Fold, later: Act) -> None:
        if victim not in later.actors or later.data.get("poisoned"):
            return
        if is_lunch(later):  # the pack's: "kans van 1/aantal wolven"; it still kills
            if fold.pack_share(later, victim):
                later.data["poisoned"] = True
                later.reached = [others_but(s, victim) or t for t in later.reached]
            return
        later.data["poisoned"] = True
        if not later.targeted:  # "lijkt gelukt te zijn maar is dat niet"
            later.told, later.on_fail, later.failed = False, None, True
            return
        if later.kills:
            later.data["harmless"] = True  # "zal nooit iemand kunnen vermoorden"
        later.reached = [others_but(s, victim) or t for t in later.reached]

    fold.meddle(meddler)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is None:
        return
    poisoner = asking(s, "poisoner")
    s.memory(poisoner)["last"] = [chosen, s.night]
    record(s, Act("poisoner", ORDER["meddle"], (poisoner,), POISONER, [chosen], resolve, told=False))


class PoisonRules(ForumRules):
    id = "poisoner"
    #: after the skin changer's swap of who is aimed at, before a drunk's own lot
    order = 15

    def day_target(self, s: ForumState, actor: str, target: str) -> str:
        if actor in s.store.get("poisoned", {}).get(s.day, ()):
            return others_but(s, actor) or target
        return target

    def harmless(self, s: ForumState, actor: str) -> bool:
        return actor in s.store.get("poisoned", {}).get(s.day, ())


def decide(ctx: ForumBotContext) -> Any:
    """A thinking poisoner poisons a player he does not take for bad: his
    acts go astray and kill nobody (he does not know the wolves: he may
    hit one)."""
    pool = [c for c in ctx.req.choices if c not in ctx.bad_to(ctx.me)]
    if not pool or (not ctx.sensible and ctx.rng.random() < 0.3):
        return None
    return ctx.rng.choice(pool)


role(ForumRole(
    POISONER, Side.BAD, acts=True, rules=PoisonRules(),
    steps=(ForumStep("poisoner", 310, POISONER, request=ask, apply=apply, ask=ASK, again=True),),
    day_actions=(bad_question(POISONER, "poisoner_question"),),
    asks=(AskSpec(ASK, one_target("poison_twice", "the poisoner poisons another living player, not "
                                              "the one of last night"), decide, secret=True),),
))
