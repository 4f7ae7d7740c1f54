"""De Gokker (seed 004): "De gokker moet gokken om WakkerDammers (WD) te
verdienen." "De gokker gokt op wie er de komende nacht sterft door de
lunch. Indien zijn doelwit sterft aan de lunch, dan verdubbeld zijn inzet.
Alle fout ingezette WD krijgt de gokker terug." "De gokker start het spel
met 2000 WD en kan de volgende dingen kopen: 500 WD: Zijn stem telt een
maal extra mee bij de komende lynch. 1000 WD: Bescherming voor de komende
lynch. (Mocht de gokker toch gelyncht worden, dan zal er geen lynch
plaatsvinden) 1000 WD: Bescherming voor de komende lunch. 2000 WD: Zijn
stem telt twee maal extra mee bij de komende lynch. 5000 WD:
Levensverzekering. (... éénmalig niet dood kan, ongeacht de wijze waarop
hij dood zou gaan. De gokker krijgt niet te weten als zijn
levensverzekering is verbruikt) 10000 WD: Doodsdrankje." "Als de gokker
wordt gewisseld, blijven de gekochte krachten bij de voormalige gokker."
"de gokker koopt alle krachten voor zichzelf. Als deze gehuidenwisseld is
in de nacht dat deze krachten koopt, wordt de gokker tóch zelf eigenaar van
de gekochte krachten." Beperkingen: "De gokker verdubbelt alleen zijn inzet
indien zijn doelwit daadwerkelijk sterft aan de lunch. Indien hij is gered
of op een andere manier sterft zal de gokker zijn geld terugkrijgen." "De
gokker mag ook in een nacht op meerdere spelers gokken, maar hij mag
maximaal op 1/3 van het aantal levende spelers inzetten." "De gokker koopt
zijn krachten 's nachts. Als hij dus extra stemmen of een bescherming tegen
de lynch koopt, geldt deze kracht pas de speldag nádat hij de pm naar de
spelleider gestuurd heeft. Ook het doodsdrankje kan hij zo pas een dag
later inzetten." "De bescherming tegen de lunch is van toepassing in de
nacht dat hij gekocht wordt. De levensverzekering is van toepassing vanaf
de nacht dat hij gekocht wordt." "De gokker kan elke kracht maximaal twee
keer kopen." "De gokker kan de krachten enkel voor zichzelf gebruiken."
"Als zijn actie mislukt, krijgt de gokker hier bericht van."

At the table, in his call (``gambler``): the players he bets on (at most a
third of the living, rounded down), a stake for each, what he buys, and,
when he owns a potion bought on an earlier night, whom he poisons. His
money is his card's (it goes with it); what he bought is his own.
Purchases are paid when he sends them, stakes on the bets' settling at
the end of the night: won, the stake comes back twice; lost, it comes
back. A failed act gives back what it cost. The potion kills at night.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.botkit import ForumBotContext, hurt
from engine.forum.deaths import Flow
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, others
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

GAMBLER: Final = Role.define("gambler")
ASK: Final = Ask.define("gambler")
POTION: Final = Cause.define("gambler_potion")
START: Final = 2000
#: what he can buy, and its price ("kan elke kracht maximaal twee keer kopen")
PRICES: Final = {"extra_vote": 500, "lynch_shield": 1000, "lunch_shield": 1000,
                 "two_votes": 2000, "insurance": 5000, "potion": 10000}
TIMES: Final = 2
#: the stakes offered on a device (a scenario may give any whole amount)
STAKES: Final = (100, 250, 500, 1000, 2000, 5000, 10000)


def purse(s: ForumState, gambler: str) -> dict[str, Any]:
    found: dict[str, Any] = s.memory(gambler).setdefault("purse", {"wd": START, "bought": {}})
    return found


def owned(s: ForumState, name: str) -> dict[str, Any]:
    found: dict[str, Any] = s.own[name].setdefault("gambler", {})
    return found


def most_bets(s: ForumState) -> int:
    return len(s.living()) // 3


def info(s: ForumState, gambler: str) -> dict[str, Any]:
    p = purse(s, gambler)
    mine = owned(s, gambler)
    shop = [item for item, price in PRICES.items()
            if price <= p["wd"] and p["bought"].get(item, 0) < TIMES]
    return {"wd": p["wd"], "bet_on": list(others(s, gambler)) if most_bets(s) else [],
            "amounts": [str(a) for a in STAKES if a <= p["wd"]], "shop": shop,
            "most_bets": most_bets(s), "shop_size": len(shop),
            "potion": mine.get("potions", 0) > 0 and mine.get("potion_from", 99) <= s.night,
            "living_others": list(others(s, gambler))}


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "gambler", GAMBLER, ASK, info=info)


def check(s: ForumState, req: Request, answer: Any) -> dict[str, Any]:
    got = answers.mapping(req, answer, frozenset({"bets", "stakes", "buy", "potion"}))
    bets_raw = got.get("bets") or {}
    if isinstance(bets_raw, list | tuple):  # the form's shape: names, then a stake each
        stakes = got.get("stakes") or {}
        if not isinstance(stakes, dict):
            raise MalformedAnswer(f"gambler: stakes must map names to amounts, not {stakes!r}")
        bets_raw = {name: stakes.get(name) for name in bets_raw}
    if not isinstance(bets_raw, dict):
        raise MalformedAnswer(f"gambler: bets must map names to amounts, not {bets_raw!r}")
    bets: dict[str, int] = {}
    for name, stake in bets_raw.items():
        who = answers.one_of(s, req, name, tuple(req.info["bet_on"]), "gambler_bet",
                             "the gambler bets on other living players")
        if isinstance(stake, bool) or not isinstance(stake, int) or stake <= 0:
            raise MalformedAnswer(f"gambler: a stake is a whole amount of WD, not {stake!r}")
        bets[who] = stake
    if len(bets) > int(req.info["most_bets"]):
        raise IllegalAnswer("gambler_third", "the gambler bets on at most a third of the living")
    buy = got.get("buy") or []
    if not isinstance(buy, list | tuple) or not all(isinstance(b, str) for b in buy):
        raise MalformedAnswer(f"gambler: buy is a list of {sorted(PRICES)}, not {buy!r}")
    for item in buy:
        if item not in PRICES:
            raise MalformedAnswer(f"gambler: unknown power {item!r} (one of {', '.join(PRICES)})")
        if item not in req.info["shop"] or list(buy).count(item) > 1:
            raise IllegalAnswer("gambler_buy", "the gambler buys each power twice at most, "
                                               "with the WD he has")
    cost = sum(PRICES[item] for item in buy) + sum(bets.values())
    if cost > int(req.info["wd"]):
        raise IllegalAnswer("gambler_money", "the gambler spends no more WD than he has")
    potion = got.get("potion")
    if potion is not None:
        if not req.info.get("potion"):
            raise IllegalAnswer("gambler_no_potion", "the gambler has no potion to use tonight")
        potion = answers.one_of(s, req, potion, tuple(req.info["living_others"]), "gambler_bet",
                                "the potion is for another living player")
    return {"bets": bets, "buy": list(buy), "potion": potion}


# -- the fold ---------------------------------------------------------------------
def buys(s: ForumState, fold: Fold, act: Act) -> None:
    gambler, night = act.actor, s.night
    mine = owned(s, gambler)
    for item in act.data["buy"]:
        if item == "extra_vote":
            mine.setdefault("votes", {})[night + 1] = mine.get("votes", {}).get(night + 1, 0) + 1
        elif item == "two_votes":
            mine.setdefault("votes", {})[night + 1] = mine.get("votes", {}).get(night + 1, 0) + 2
        elif item == "lynch_shield":
            mine["lynch_shield"] = night + 1
        elif item == "lunch_shield":
            fold.shield(gambler, Cause.WEREWOLVES)
        elif item == "insurance":
            mine["insurance"] = mine.get("insurance", 0) + 1
        elif item == "potion":
            mine["potions"] = mine.get("potions", 0) + 1
            mine.setdefault("potion_from", night + 1)


def settles(s: ForumState, fold: Fold, act: Act) -> None:
    p = purse(s, act.actor)
    won = 0
    # (a friend's visit changes how many a look reaches, never a bet's names)
    landed = act.reached if len(act.reached) == len(act.targets) else act.targets
    for chosen, reached in zip(act.targets, landed, strict=True):
        stake = act.data["bets"][chosen]
        if reached in fold.memo.get("lunch_dead", ()):
            p["wd"] += 2 * stake
            won += stake
        else:
            p["wd"] += stake
    fold.note(act.actor, "forum_gambler_result", won=won, wd=p["wd"])


def refund(s: ForumState, act: Act) -> None:
    purse(s, act.actor)["wd"] += act.data["cost"]


def poisons(s: ForumState, fold: Fold, act: Act) -> None:
    for victim in act.reached:  # (a guest in his house too: the friend)
        fold.kill(act, victim, POTION)


def apply(s: ForumState, answer: dict[str, Any]) -> None:
    gambler = asking(s, "gambler")
    p = purse(s, gambler)
    if answer["buy"]:
        cost = sum(PRICES[item] for item in answer["buy"])
        p["wd"] -= cost
        for item in answer["buy"]:
            p["bought"][item] = p["bought"].get(item, 0) + 1
        record(s, Act("gambler", ORDER["protect"], (gambler,), GAMBLER, [], buys, targeted=False,
                      data={"buy": list(answer["buy"]), "cost": cost}, on_fail=refund))
    if answer["bets"]:
        stake = sum(answer["bets"].values())
        p["wd"] -= stake
        record(s, Act("gambler", ORDER["watch"], (gambler,), GAMBLER, list(answer["bets"]), settles,
                      data={"bets": dict(answer["bets"]), "cost": stake}, on_fail=refund,
                      needs_living=False))
    if answer["potion"] is not None:
        mine = owned(s, gambler)
        mine["potions"] -= 1
        record(s, Act("gambler", ORDER["kill_late"], (gambler,), GAMBLER, [answer["potion"]], poisons,
                      kills=True))


# -- what he bought, by day and at death ---------------------------------------------
class GamblerRules(ForumRules):
    id = "gambler"

    def vote_weight(self, s: ForumState, voter: str, target: str, weight: int) -> int:
        bought = s.own[voter].get("gambler")  # (most voters bought nothing)
        return weight + int(bought.get("votes", {}).get(s.day, 0)) if bought else weight

    def lynch(self, s: ForumState, name: str) -> Flow:
        mine = owned(s, name)
        if mine.get("lynch_shield") == s.day:
            mine["lynch_shield"] = None
            s.emit("forum_no_lynch")
            return True
        return False
        yield  # pragma: no cover  (a flow: it may ask, this one never does)

    def spares(self, s: ForumState, name: str, cause: str) -> bool:
        mine = s.own[name].get("gambler")
        if not mine or not mine.get("insurance") or cause == Cause.HEARTBREAK.value:
            return False  # "zal dit drankje niet helpen tegen liefdesverdriet"
        mine["insurance"] -= 1
        return True


def decide(ctx: ForumBotContext) -> dict[str, Any]:
    req, rng = ctx.req, ctx.rng
    wd = int(req.info["wd"])
    buy: list[str] = []
    if ctx.sensible:
        # A bet costs nothing in the end: stake all one can on players the
        # wolves may take, after buying what keeps him alive.
        for item in ("insurance", "lunch_shield", "extra_vote"):
            if item in req.info["shop"] and PRICES[item] <= wd and rng.random() < 0.6:
                buy.append(item)
                wd -= PRICES[item]
    elif req.info["shop"] and rng.random() < 0.3:
        item = rng.choice(list(req.info["shop"]))
        buy.append(item)
        wd -= PRICES[item]
    pool = list(req.info["bet_on"])
    n = min(int(req.info["most_bets"]), len(pool))
    bets: dict[str, int] = {}
    if n and wd >= 100:
        names = rng.sample(pool, rng.randint(1, n))
        each = max(a for a in STAKES if a <= max(100, wd // len(names)))
        for name in names:
            if wd >= each:
                bets[name] = each
                wd -= each
    potion = None
    if req.info.get("potion") and (not ctx.sensible or ctx.bad_to(ctx.me)):
        potion = hurt(ctx, list(req.info["living_others"]))
    # (the form's own shape: the names, then a stake for each)
    return {"bets": list(bets), "stakes": bets, "buy": buy, "potion": potion}


FORM = Form("gambler", (
    Part("bets", many=True, exact=False, count_key="most_bets", none=True, options="bet_on",
         prompt="prompt.gambler_bets"),
    Part("stakes", options="amounts", number=True, label="forum.amount.{}", each="bets",
         prompt="prompt.gambler_stake"),
    Part("buy", many=True, exact=False, count_key="shop_size", none=True, options="shop",
         label="forum.gambler_item.{}",
         prompt="prompt.gambler_buy"),
    Part("potion", none=True, options="living_others", when=("potion",),
         prompt="prompt.gambler_potion"),
))

role(ForumRole(
    GAMBLER, Side.GOOD, acts=True, rules=GamblerRules(),
    steps=(ForumStep("gambler", 750, GAMBLER, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form=FORM, secret=True),),
))
