"""De Kettingwelp (seed 004): "De kettingwelp, is een wolf in wording. Bij
aanvang van het spel is hij nog klein en weet niet wie de andere wolven
zijn. Omdat de welp nog onvolgroeid is kan hij niemand vermoorden tenzij hij
diens zwakke plek weet. Dit wil zeggen dat als de welp de rol van een
speler kent, hij deze kan vermoorden. De welp kan ook slechtjes vermoorden
(indien hij bvb gekoppeld is). De welp mag de eerste 3 nachten van het spel
per nacht 5 spelers met 5 bijbehorende rollen doorsturen. In het uur waarin
de welp mag moorden zal deze ketting een voor een afgelopen worden. Hierbij
kunnen er dus maximaal 5 doden per nacht vallen. Echter: klopt een rol
niet, dan zullen alle namen daarna niet meer gecontroleerd worden." "In de
vijfde nacht zal de welp uitgroeien tot een volwassen weerwolf en krijgt hij
toegang tot het weerwolvenboard. Dit vindt plaats aan het einde van de
nacht, niets kan het opgroeien van een welp tegenhouden." Beperkingen:
"Spelers wiens rol openbaar bevestigd is door de spelleider, kunnen niet
meer vermoord worden door de welp. (...)" "Voor nacht 5 gaat hij niet dood
door priesterwater." "Wanneer de kettingwelp gaat moorden moet hij de
spelleider pm'en en de rollen van de spelers doorgeven. Wanneer een moord
mislukt in de ketting zal de ketting gebroken zijn: de ketting wordt niet
afgemaakt en als later in de lijst dus goede rollen genoemd worden zullen
de bijbehorende spelers blijven leven." "De welp geeft de rol door van de
spelers zoals die waren voor de nacht. Wanneer de rol van een speler
tijdens de nacht verandert zal de moord toch doorgaan. In dat geval gaat
eerst de rolveranderende actie door en pas daarna de moord. Het slachtoffer
sterft dan ook met zijn nieuwe rol." "Zoals alle andere slechte rollen kan
de welp het lijk niet vermoorden." "In de ketting mag de welp maar 1x de
rol burger benoemen." "De welp krijgt niet te horen of zijn actie wel of
niet geslaagd is." "Als de welp geraddraaid wordt groeit hij niet meer op;
als de kracht dan bij een ander slechtje of neutrale speler die slecht
heeft gekozen terechtkomt kan die wel opgroeien."

The cub's (``roles/cub.py``) with a chain: in his call (nights 1 to 3) up
to five pairs of a player and a role, in order, the villager named once at
most. Each pair is a kill act of the fold (order 70, in the order named);
the first that fails, for any reason (a wrong card, a shield, a player dead
by then, a block), breaks the chain: the ones after it are not checked.
Nobody is told of a wrong card (the cub's "krijgt het slachtoffer te weten"
is not in his text); the cub is told nothing. He grows up at the end of
night 5, as the cub.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.botkit import ForumBotContext
from engine.forum.fold import Act, Fold
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.roles.cub import (
    GROWS,
    KILL_NIGHTS,
    Pairs,
    check_pairs,
    grow,
    guess,
    pairs_form,
    pairs_request,
    record_pairs,
    strikes,
)
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

CHAIN_CUB: Final = Role.define("chain_cub")
ASK: Final = Ask.define("chain_cub")
#: "per nacht 5 spelers met 5 bijbehorende rollen"
LINKS: Final = 5
#: "maar 1x de rol burger"
VILLAGERS: Final = 1


def ask(s: ForumState) -> Request | None:
    return pairs_request(s, "chain_cub", CHAIN_CUB, ASK, LINKS)


def check(s: ForumState, req: Request, answer: Any) -> Pairs:
    return check_pairs(s, req, answer, villagers=VILLAGERS)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    strikes(s, fold, act)


def apply(s: ForumState, pairs: Pairs) -> None:
    record_pairs(s, "chain_cub", asking(s, "chain_cub"), CHAIN_CUB, pairs, resolve)


class ChainRules(ForumRules):
    id = "chain_cub"
    order = 80

    def night_ends(self, s: ForumState, fold: Fold) -> None:
        if s.night == GROWS:
            grow(s, CHAIN_CUB)


def decide(ctx: ForumBotContext) -> Any:
    """A thinking chain cub names the pairs he is surest of first: the
    chain breaks at its first wrong card."""
    pool = list(ctx.req.info["targets"])
    if not pool or (not ctx.sensible and ctx.rng.random() < 0.3):
        return None
    n = LINKS if not ctx.sensible else ctx.rng.randint(1, 3)
    return guess(ctx, pool, n, villagers=VILLAGERS)


role(ForumRole(
    CHAIN_CUB, Side.BAD, acts=True, rules=ChainRules(),
    steps=(ForumStep("chain_cub", 690, CHAIN_CUB, nights=lambda n: n <= KILL_NIGHTS, request=ask,
                     apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=pairs_form("chain_cub"), secret=True),),
))
