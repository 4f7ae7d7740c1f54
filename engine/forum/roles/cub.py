"""De Welp (seed 004): "De welp is een wolf in wording. Bij aanvang van het
spel is hij nog klein en weet niet wie de andere wolven zijn." "Omdat de
welp nog onvolgroeid is kan hij niemand vermoorden tenzij hij diens zwakke
plek weet. Als de welp de rol van een speler weet, kan hij deze vermoorden.
De welp kan ook slechtjes vermoorden (indien hij bijvoorbeeld gekoppeld
is)." "In de vijfde nacht zal de welp uitgroeien tot een volwassen
weerwolf en krijgt hij toegang tot het weerwolvenboard. Dit vindt plaats
aan het einde van de nacht niets kan het opgroeien van een welp
tegenhouden." Beperkingen: "Spelers wiens rol openbaar bevestigd is door de
spelleider, kunnen niet meer vermoord worden door de welp. (als de pm van
de welp verstuurd was voor de actie gepost was zal de welpmoord alsnog
doorgaan)" "Voor nacht 5 gaat hij niet dood door priesterwater." "Wanneer
de welp iemand vermoordt moet hij de spelleider pm'en en de rol van deze
speler doorgeven. Wanneer de rol fout is zal de moord mislukken (dit telt
als 1 van de 3) en krijgt het slachtoffer te weten dat de welp hem probeerde
te vermoorden (hij krijgt niet te horen wie de welp is)." "De welp geeft de
rol door van de speler zoals die was voor de nacht. Wanneer de rol van een
speler tijdens de nacht verandert zal de moord toch doorgaan. In dat geval
gaat eerst de rolveranderende actie door en pas daarna de moord. Het
slachtoffer sterft dan ook met zijn nieuwe rol." "De welp kan maximum één
speler per nacht vermoorden en enkel in de eerste drie nachten." "Zoals
alle andere slechte rollen kan de welp het lijk niet vermoorden." "De welp
krijgt niet te horen of zijn actie wel of niet geslaagd is." "Als de welp
geraddraaid wordt groeit hij niet meer op; als de kracht dan bij een ander
slechtje of neutrale speler die slecht heeft gekozen terechtkomt kan die
wel opgroeien." And the ringleader's: "Een goedje met welpkrachten komt
nooit op het wolvenboard"; the lycanthrope's: "de welp kan hem niet welpen
op lycantroop, maar dus wel op weerwolf".

A bad player who is no werewolf yet: not on the wolves' board, not asked
the lunch, a helper (he dies with the last wolf, as the section's opening
says of every "niet-wolf slechte" role). His call (nights 1 to 3, the
forum's "eerste drie nachten") asks "a player and a role": one other living
player whose card the box has not made public, and the card he names. The
kill is an act of the fold's kills (order 70, "gelijk met de andere
welpmoorden", after the role changes at 50): it kills when the named card
is the player's card as it was before the night (``weak_spot``), with the
cause ``cub`` (the corpse's immunity, part 4, spares it); a wrong card
fails and the player it reached is told in his turn that the cub tried
(never who). The cub is told nothing. At the end of night 5 whoever holds
the cub's card, is bad and is not on the wolves' board yet grows up: a
werewolf on the board (``changes.become``), told in his turn.

The shared pieces of the three cubs live here: the form of "a player and a
role" (``pairs_form``), its check, the weak spot, the growing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.botkit import ForumBotContext
from engine.forum.changes import become
from engine.forum.day import request, tell_at_dawn
from engine.forum.fold import ORDER, Act, Fold, Resolve, record
from engine.forum.helpers import others, role_options
from engine.forum.night import asking, next_holder
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.roles.werewolf import BOARD
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

CUB: Final = Role.define("cub")
ASK: Final = Ask.define("cub")
#: every cub's kill ("welpmoord"): the corpse (part 4) is spared it
KILL: Final = Cause.define("cub")
LYCANTHROPE: Final = Role.define("lycanthrope")
#: "enkel in de eerste drie nachten"
KILL_NIGHTS: Final = 3
#: "In de vijfde nacht zal de welp uitgroeien"
GROWS: Final = 5

Pairs = list[tuple[str, str]]


# -- a player and a role -------------------------------------------------------------
def pairs_form(name: str) -> Form:
    """Players (up to the request's ``most``), then a role for each one."""
    return Form(name, (
        Part("names", many=True, exact=False, count_key="most", none=True, options="targets",
             prompt=f"prompt.{name}"),
        Part("roles", options="roles", label="role_bare.{}", each="names",
             prompt="prompt.forum_cub_role"),
    ))


def targets(s: ForumState, cub: str) -> list[str]:
    """"Spelers wiens rol openbaar bevestigd is ... kunnen niet meer vermoord
    worden door de welp": the other living players whose card is not public."""
    return [p for p in others(s, cub) if p not in s.revealed]


def pairs_request(s: ForumState, step: str, card: Role, ask: Ask, most: int) -> Request | None:
    """The next living holder of ``card`` whose card has not killed its
    one player ("maximum één speler": the unsure cub's ``killed``)."""
    while (holder := next_holder(s, step, card)) is not None:
        if not s.memory(holder).get("killed"):
            return request(s, ask, (holder,), (), info={"targets": targets(s, holder), "most": most,
                                                         "roles": role_options(s)})
    return None


def check_pairs(s: ForumState, req: Request, answer: Any, *, villagers: int = 0) -> Pairs:
    """``null``, ``{player: role, ...}`` in the order named, or the form's
    ``{names: [...], roles: {player: role}}``; at most ``most`` pairs of
    different players, each a target, each role a card of the game; with
    ``villagers``, at most that many named villager."""
    if answer is None:
        return []
    if not isinstance(answer, Mapping):
        raise MalformedAnswer(f"{req.ask.value}: expected {{player: role}}, not {answer!r}")
    if "names" in answer or "roles" in answer:
        names, roles = answer.get("names") or [], answer.get("roles") or {}
        if not isinstance(names, list | tuple) or not isinstance(roles, Mapping):
            raise MalformedAnswer(f"{req.ask.value}: names is a list, roles maps each to a role")
        given = [(n, roles.get(n)) for n in names]
    else:
        given = list(answer.items())
    found = answers.name_list(s, req, [n for n, _ in given], tuple(req.info["targets"]),
                              "cub_target", "a cub names other living players whose card is "
                                            "not public", most=int(req.info["most"]))
    pairs: Pairs = []
    for name, (_, named) in zip(found, given, strict=True):
        if not isinstance(named, str) or named not in req.info["roles"]:
            raise IllegalAnswer("cub_role", f"{req.ask.value}: name a card of this game for {name}")
        pairs.append((name, named))
    if villagers and sum(r == Role.VILLAGER.value for _, r in pairs) > villagers:
        raise IllegalAnswer("chain_villager", "the chain cub names the villager once at most")
    return pairs


def weak_spot(card: Role) -> Role:
    """The card a cub must name to kill a player who holds ``card``."""
    return Role.WEREWOLF if card is LYCANTHROPE else card


def record_pairs(s: ForumState, step: str, cub: str, power: Role, pairs: Pairs,
                 resolve: Resolve) -> None:
    """One kill act for each pair, in the order named, sharing ``chain`` (a
    link that fails breaks it for the ones after it: the chain cub); each
    keeps the cards as they were before the night."""
    before = {p: s.card[p].value for p in s.players}
    chain: dict[str, bool] = {"broken": False}
    for name, named in pairs:
        record(s, Act(step, ORDER["kill"], (cub,), power, [name], resolve, kills=True, told=False,
                      data={"role": named, "before": before, "chain": chain}, on_fail=broken))


def broken(s: ForumState, act: Act) -> None:
    act.data["chain"]["broken"] = True


def strikes(s: ForumState, fold: Fold, act: Act) -> str | None:
    """The link's kill: "wrong" (the card was not the one named), "killed",
    "spared" (a shield, a rule, or a harmless cub), or None when the chain
    was broken before it."""
    if act.data["chain"]["broken"]:
        act.failed = True
        return None
    victim = act.reached[0]
    if victim in act.actors:  # reflected onto himself (the mirror): no kill
        broken(s, act)
        return "spared"
    if weak_spot(Role(act.data["before"][victim])).value != act.data["role"]:
        broken(s, act)
        return "wrong"
    if fold.kill(act, victim, KILL):
        return "killed"
    broken(s, act)
    return "spared"


def grow(s: ForumState, card: Role) -> None:
    """Whoever holds ``card``, plays for the bad and is not on the wolves'
    board grows up: "Een goedje met welpkrachten komt nooit op het
    wolvenboard"; one already on it "kan ... opgroeien als deze speler niet
    al aanwezig is op het wolvenboard"."""
    for p in s.acting(card):
        if s.team(p) is Side.BAD and p not in s.on_board(BOARD):
            become(s, p, Role.WEREWOLF, by=None, how="grown", wolf=True)
            tell_at_dawn(s, p, "forum_grown")


# -- the cub ---------------------------------------------------------------------------
def ask(s: ForumState) -> Request | None:
    return pairs_request(s, "cub", CUB, ASK, 1)


def check(s: ForumState, req: Request, answer: Any) -> Pairs:
    return check_pairs(s, req, answer)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    if strikes(s, fold, act) == "wrong":
        fold.note(act.reached[0], "forum_cub_tried")


def apply(s: ForumState, pairs: Pairs) -> None:
    record_pairs(s, "cub", asking(s, "cub"), CUB, pairs, resolve)


class CubRules(ForumRules):
    id = "cub"
    #: before the helpers' fate (90): "niets kan het opgroeien ... tegenhouden"
    order = 80

    def night_ends(self, s: ForumState, fold: Fold) -> None:
        if s.night == GROWS:
            grow(s, CUB)


def guess(ctx: ForumBotContext, pool: list[str], n: int, *, villagers: int = 9) -> dict[str, Any]:
    """A thinking cub's guesses: players he does not take for bad, each with
    the card he knows or the likeliest one (most of a village is villagers;
    else a good card of the deck), the surest first."""
    roles = list(ctx.req.info["roles"])
    known = ctx.known(ctx.me)
    bad = ctx.bad_to(ctx.me)
    sure = [p for p in pool if p in known and p not in bad]
    rest = [p for p in pool if p not in sure and p not in bad]
    rest = ctx.rng.sample(rest, len(rest))
    names = (sure + rest)[:n]
    pairs: dict[str, str] = {}
    village = [r for r in roles if r != Role.VILLAGER.value and r != Role.WEREWOLF.value]
    for name in names:
        if name in known and known[name] in roles:
            pairs[name] = known[name]
        elif villagers > 0 and Role.VILLAGER.value in roles and (not village or ctx.rng.random() < 0.6):
            pairs[name] = Role.VILLAGER.value
            villagers -= 1
        else:
            pairs[name] = ctx.rng.choice(village or roles)
    return {"names": list(pairs), "roles": pairs}


def decide(ctx: ForumBotContext) -> Any:
    pool = list(ctx.req.info["targets"])
    if not pool or (not ctx.sensible and ctx.rng.random() < 0.3):
        return None
    return guess(ctx, pool, int(ctx.req.info["most"]))


role(ForumRole(
    CUB, Side.BAD, acts=True, rules=CubRules(),
    steps=(ForumStep("cub", 680, CUB, nights=lambda n: n <= KILL_NIGHTS, request=ask, apply=apply,
                     ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=pairs_form("cub"), secret=True),),
))
