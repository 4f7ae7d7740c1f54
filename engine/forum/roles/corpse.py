"""Het Lijk (seed 004), a neutral that arises in play: "Het lijk is een
speler die tot leven is gewekt door de grafdelver nadat hij is vermoord
door de weerwolven. Krachten die het lijk had voor zijn dood is hij kwijt."
"Het lijk speelt helemaal alleen tegen de goede en de slechte spelers en
kan dus alleen winnen als hij als enige overblijft. (tenzij hij gekoppeld
is aan een geliefde.)" "Het lijk is immuun voor de weerwolven en kan niet
door hen vermoord worden, en ook niet door hun hulpjes. Hij kan dus enkel
sterven door de krachten van goede spelers of de lynch. Het raddraaien
heeft geen invloed op deze immuniteit." "Zodra ofwel alle weerwolven dood
zijn, of de grafdelver (degene die het lijk gemaakt heeft) dood is kan het
lijk beginnen met moorden. Het lijk stuurt iedere nacht een (potentieel)
slachtoffer in welke hij wil vermoorden. Indien de weerwolven nog leven
kunnen er 's nachts dus twee doden vallen." Beperkingen: "Het lijk weet
niet wie de grafdelver is." "Als de grafdelver geconverteerd wordt is hij
niet dood, het lijk kan dan pas moorden als alle wolven dood zijn." "Het
lijk blijft altijd een duo met zijn grafdelver, ook als de grafdelver
geconverteerd wordt of zelf lijk wordt. Op dat moment mag het lijk gaan
moorden." From the section's opening: "Het lijk speelt altijd alleen."
From the ringleader's: "Een Lijk wiens rol geruild wordt, behoudt zijn
eigenschap om niet vermoord te kunnen worden door slechtjes en zal nog
steeds het spel met alleen zijn delver en eventuele koppelmaatjes moeten
winnen. De moordkrachten van het lijk worden echter wel doorgegeven".
From the oracle's: "Een Lijk zal alleen een match vormen met de Grafdelver
die het lijk heeft gemaakt."

The corpse is made by the gravedigger's module (``make_corpse``); its card
is never dealt. What is the *player's* (his side, ``Side.CORPSE``; his
immunity; his duo with the digger, for the win) stays with him; what is the
*card's* (who made it: when it may kill) goes with it. Its call comes every
night of a deck with a gravedigger (pretended until a corpse may kill), after
the werewolves': its kill comes after the lunch (fold order 70). Its
rules hold in every game (``base_rules``), as nothing of them acts without
a corpse.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext, hurt
from engine.forum.changes import become
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, lose_card
from engine.forum.night import asking
from engine.forum.registry import ForumRole, ForumRules, ForumStep, WinCheck, base_rules, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side, Winner

CORPSE: Final = Role.define("corpse")
GRAVEDIGGER: Final = Role.define("gravedigger")
ASK: Final = Ask.define("corpse")
KILLS: Final = Cause.define("corpse")


def duos(s: ForumState) -> dict[str, str]:
    """Each corpse (the player) and who made him."""
    found: dict[str, str] = s.store.setdefault("corpse_duo", {})
    return found


def digger_of(s: ForumState, corpse: str) -> str | None:
    """Who made ``corpse`` (the oracle: "Een Lijk zal alleen een match vormen
    met de Grafdelver die het lijk heeft gemaakt")."""
    found: dict[str, str] = s.store.get("corpse_duo", {})
    return found.get(corpse)


def partners(s: ForumState, name: str) -> set[str]:
    """Who wins with ``name`` through a corpse: his digger, or his corpses."""
    found: dict[str, str] = s.store.get("corpse_duo", {})
    return {d for c, d in found.items() if c == name} | {c for c, d in found.items() if d == name}


def make_corpse(s: ForumState, fold: Fold | None, name: str, digger: str) -> None:
    """``name`` rises as ``digger``'s corpse: his card's powers are gone, he
    plays alone; his extra roles and boards stay ("Een bloedbroeder kan ook
    lijk worden", "Een zielsverwant kan ook lijk worden")."""
    lose_card(s, fold, name, "corpse")  # (the false angel watching him takes it first)
    # "een slechtje dat Lijk is geworden" places no lunch: no werewolf now
    become(s, name, CORPSE, by=digger, how="gravedigger", side=Side.CORPSE, wolf=False,
           power={"digger": digger})
    s.chosen[name] = None
    duos(s)[name] = digger


def may_kill(s: ForumState, corpse: str) -> bool:
    """"Zodra ofwel alle weerwolven dood zijn, of de grafdelver (degene die
    het lijk gemaakt heeft) dood is" (or a corpse himself)."""
    if not s.wolves_alive():
        return True
    digger: str | None = s.memory(corpse).get("digger")
    return digger is not None and (not s.alive[digger] or s.side[digger] is Side.CORPSE)


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "corpse", CORPSE, ASK, only=may_kill)


def kills(s: ForumState, fold: Fold, act: Act) -> None:
    fold.kill(act, act.reached[0], KILLS)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        record(s, Act("corpse", ORDER["kill"], (asking(s, "corpse"),), CORPSE, [chosen], kills,
                      kills=True))


def corpse_wins(s: ForumState) -> tuple[Winner, tuple[str, ...]] | None:
    """A living corpse and only his own left: his digger and their lovers
    ("het koppel + het lijk kan winnen en vice versa", De Geliefde)."""
    found = s.store.get("corpse_duo")
    if not found:
        return None
    living = set(s.living_now)
    for corpse, digger in found.items():
        if not s.alive[corpse] or s.side[corpse] is not Side.CORPSE:
            continue
        team = {corpse, digger}
        for p in (corpse, digger):
            lover = s.lover_of(p)
            if lover is not None:
                team.add(lover)
        if living <= team:
            return Winner.CORPSE, tuple(p for p in s.players if p in team)
    return None


class CorpseRules(ForumRules):
    id = "corpse"
    order = 45

    def immune(self, s: ForumState, name: str, cause: str, by: tuple[str, ...]) -> bool:
        # "immuun voor de weerwolven ... en ook niet door hun hulpjes"
        return s.side[name] is Side.CORPSE and any(s.team(b) is Side.BAD for b in by)

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        return ((25, corpse_wins),)

    def won(self, s: ForumState, winner: Winner, names: tuple[str, ...]) -> tuple[str, ...]:
        if winner is not Winner.CORPSE or "corpse_duo" not in s.store:
            return names
        # "Indien het lijk wint zal de grafdelver delen in de overwinning"
        diggers = {d for c, d in duos(s).items() if c in names}
        return tuple(p for p in s.players if p in names or p in diggers)


base_rules(CorpseRules())


def decide(ctx: ForumBotContext) -> Any:
    """Anyone but his lover: he wins alone."""
    return hurt(ctx, list(ctx.req.choices))


role(ForumRole(
    CORPSE, Side.NEUTRAL, acts=True, dealt=False, chooses_side=False,
    steps=(ForumStep("corpse", 625, GRAVEDIGGER, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, one_target("corpse_target", "the corpse kills another living player"), decide,
                  secret=True),),
))

__all__ = ["digger_of", "make_corpse", "partners"]
