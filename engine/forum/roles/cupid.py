"""Cupido (seed 004), an extra role: "De cupido kan zichzelf aan een andere
bewoner van Wakkerdam koppelen. Wanneer één van hen sterft zal de ander ook
sterven. De gekoppelde spelers worden geliefden." "Als de cupido voor de
eerste nacht niemand heeft opgegeven als zijn partner, zal de spelleider
hem random koppelen aan een andere speler." "De cupido heeft geen
beperkingen in zijn keuze maar moet zichzelf koppelen." "Zodra de
spelleider het persoonlijk bericht ontvangen heeft kan de cupido zijn keuze
niet meer veranderen." Tijd van de actie: "De eerste dag".

And De Geliefde, the extra role cupid's couple gets (never dealt): "Als één
van deze twee geliefden sterft zal de andere speler onmiddellijk (als hij
tijdens de dag sterft) of aan het einde van de nacht (als hij tijdens de
nacht sterft) uit verdriet zelfmoord plegen". "geliefden enkel winnen als
ze samen overleven, dit betekent voor een goed-slecht koppel (of een
gekoppeld lijk) dat ze als enige twee spelers zullen moeten overblijven."
"Als een gekoppelde gokker een levensdrankje heeft gekocht, zal dit drankje
niet helpen tegen liefdesverdriet" (the gambler's module).

At the table: cupid names his partner in his turn of day 1 (``day``:
``{cupid: name}``); the couple wakes in the first night (``lovers``) and
learns who the other is. The lovers' board is that call.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Part
from engine.forum.botkit import ForumBotContext
from engine.forum.deaths import Flow, die, quietly
from engine.forum.fold import Fold
from engine.forum.registry import DayAction, ForumRole, ForumRules, ForumStep, WinCheck, role
from engine.forum.state import ForumState
from engine.state import Death
from engine.vocab import Cause, Role, Winner

CUPID: Final = Role.CUPID
LOVER: Final = Role.define("lover")
BOARD: Final = "lovers"


def coupled(s: ForumState, cupid: str) -> bool:
    return any(cupid in pair for pair in s.couples() if s.store.get("cupid_of", {}).get(pair) == cupid)


def couple(s: ForumState, cupid: str, partner: str) -> None:
    pair = (cupid, partner)
    s.couples().append(pair)
    s.store.setdefault("cupid_of", {})[pair] = cupid
    for p in pair:
        s.extra[p].add(LOVER)
        s.join_board(BOARD, p)
    s.emit("forum_cupid_chose", frozenset({cupid}), partner=partner)


def waiting(s: ForumState) -> list[str]:
    """The living cupids who have not coupled themselves yet."""
    return [c for c in s.tagged(CUPID) if not coupled(s, c)]


def available(s: ForumState, player: str) -> bool:
    return s.day == 1 and player in waiting(s)


def check(s: ForumState, player: str, value: Any) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"cupid: his partner's name, not {value!r}")
    if value == player or value not in s.alive or not s.alive[value]:
        raise IllegalAnswer("cupid_partner", "cupid couples himself to another living player")
    return value


def apply(s: ForumState, player: str, partner: str) -> Flow:
    if player in waiting(s):
        couple(s, player, partner)
    return
    yield  # pragma: no cover


def decide(ctx: ForumBotContext, player: str) -> Any:
    pool = [p for p in ctx.s.living() if p != player]
    if not pool:
        return None
    if ctx.rng.random() < 0.1:
        return None  # forgets: the box couples him by lot
    return ctx.rng.choice(pool)


def lovers_wake(s: ForumState) -> None:
    for cupid in waiting(s):
        pool = [p for p in s.living() if p != cupid]
        if pool:
            couple(s, cupid, s.rng.choice(pool))
    for a, b in s.couples():
        s.emit("forum_in_love", frozenset({a}), partner=b)
        s.emit("forum_in_love", frozenset({b}), partner=a)


def lovers_win(s: ForumState) -> tuple[Winner, tuple[str, ...]] | None:
    living = set(s.living_now)
    for a, b in s.couples():
        if living == {a, b} and s.team(a) is not s.team(b):
            return Winner.LOVERS, (a, b)
    return None


class LoversRules(ForumRules):
    id = "lovers"
    order = 40

    def night_ends(self, s: ForumState, fold: Fold) -> None:
        # "aan het einde van de nacht"; a grief may set off another
        i = 0
        while i < len(fold.deaths):
            lover = s.lover_of(fold.deaths[i].name)
            if lover is not None and s.alive[lover]:
                quietly(die(s, lover, Cause.HEARTBREAK, fold))
            i += 1

    def after_death(self, s: ForumState, death: Death) -> Flow:
        lover = s.lover_of(death.name)
        if lover is not None and s.alive[lover]:
            yield from die(s, lover, Cause.HEARTBREAK)

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        return ((20, lovers_win),)

    def won(self, s: ForumState, winner: Winner, names: tuple[str, ...]) -> tuple[str, ...]:
        # "geliefden enkel winnen als ze samen overleven"
        return tuple(n for n in names if s.lover_of(n) is None or s.alive[n])


role(ForumRole(
    CUPID, None, kind="extra", acts=True, rules=LoversRules(),
    steps=(ForumStep("lovers", 150, CUPID, nights=lambda n: n == 1, inform=lovers_wake),),
    day_actions=(DayAction("cupid", Part("cupid", prompt="prompt.forum_cupid"), available, check,
                           apply, decide,
                           options=lambda s, p: tuple(q for q in s.living() if q != p)),),
))
role(ForumRole(LOVER, None, kind="extra", dealt=False))
