"""De Burgemeester (seed 004), an extra role that arises in play: "De
burgemeester wordt de eerste dag door stemming gekozen. Indien de stemmen
voor een lynch gelijk zijn zal de stem van de burgemeester de doorslag
geven." "Indien de burgemeestersstem niet op één van de twee spelers met
gelijke stem staat zal hem gevraagd worden de doorslag te geven ... Het
wordt niet openbaar bekendgemaakt dat de burgemeester op enigerlei wijze de
doorslag gaf." "Zodra een speler burgemeester wordt moet hij doorgeven wie
hij als vervanger wil mocht hij sterven. Hij mag deze keuze op elk moment
voor zijn dood nog veranderen." "Als de nieuwe burgemeester gelijk
doodgaat, dan krijgt diegene nog de kans om een vervanger aan te wijzen."
"Als de burgemeester geen opvolger heeft aangesteld, wordt de nieuwe
burgemeester random bepaald." "Als de burgemeester inactief is en
eigenlijk een keuze zou moeten worden, wordt deze keuze random bepaald."

At the table: every forum game elects one on day 1 (a tie is voted again
among the tied, then drawn by lot: the seed says nothing of it). He names
his successor privately at once (``mayor_successor``) and may change it in
his own call every night. A tied lynch: his vote breaks it when it is on
one of the tied; else he is asked privately (``mayor_tiebreak``), and the
time-out's answer is a lot. No mayor: a tie lynches nobody. The nobles do
not weigh in the election ("De adel heeft geen invloed op de
burgemeestersstemming").
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum import answers
from engine.forum.base import check_ballot
from engine.forum.botkit import ForumBotContext, help_, hurt
from engine.forum.day import Ballot, leaders, request
from engine.forum.deaths import Flow
from engine.forum.helpers import others
from engine.forum.outcome import decided
from engine.forum.registry import ForumRole, ForumRules, ForumStep, base_rules, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.state import Death
from engine.vocab import Ask, Role

MAYOR: Final = Role.define("mayor")
TIEBREAK: Final = Ask.MAYOR_TIEBREAK
SUCCESSOR: Final = Ask.MAYOR_SUCCESSOR


def mayor_of(s: ForumState) -> str | None:
    """The mayor now (dead too, at the moment his death is followed through)."""
    found: str | None = s.store.get("mayor")
    return found


def make_mayor(s: ForumState, name: str) -> None:
    """``name`` is the mayor now (the caller says so to the table)."""
    old = mayor_of(s)
    if old is not None:
        s.extra[old].discard(MAYOR)
    s.store["mayor"] = name
    s.store["successor"] = None
    s.extra[name].add(MAYOR)


def name_successor(s: ForumState) -> Flow:
    """The new mayor names his successor at once, privately."""
    mayor = mayor_of(s)
    if mayor is None:
        return
    choices = others(s, mayor)
    if choices:
        chosen = yield request(s, SUCCESSOR, (mayor,), choices, info={"current": None})
        if chosen is not None:
            s.store["successor"] = chosen


def election(s: ForumState) -> Flow:
    names = s.living()
    for _ in (1, 2):
        ballot: Ballot = yield request(s, Ask.MAYOR_ELECTION, s.living(), names, discussion=True)
        counts: dict[str, int] = {}
        for target in ballot.values():
            if target is not None:
                counts[target] = counts.get(target, 0) + 1
        counts = {p: counts[p] for p in s.players if p in counts}
        s.emit("election_result", votes=counts)
        tied = leaders(counts) or list(names)
        if len(tied) == 1:
            make_mayor(s, tied[0])
            s.emit("mayor_elected", name=tied[0])
            yield from name_successor(s)
            return
        s.emit("election_tie", tied=tied)
        names = tuple(tied)
    drawn = s.rng.choice(list(names))
    make_mayor(s, drawn)
    s.emit("mayor_lot", name=drawn)
    yield from name_successor(s)


class MayorRules(ForumRules):
    id = "mayor"
    order = 30

    def first_day(self, s: ForumState) -> Flow:
        yield from election(s)

    def tie(self, s: ForumState, tied: tuple[str, ...], ballot: dict[str, str | None]) -> Flow:
        mayor = mayor_of(s)
        if mayor is None or not s.alive[mayor]:
            return None
        if ballot.get(mayor) in tied:
            return ballot[mayor]
        chosen = yield request(s, TIEBREAK, (mayor,), tied, default=s.rng.choice(list(tied)))
        return chosen

    def after_death(self, s: ForumState, death: Death) -> Flow:
        if mayor_of(s) != death.name:
            return False
        if decided(s):
            return False  # the game is over: no mayor follows
        dead = death.name
        while True:
            named: str | None = s.store.get("successor")
            living = s.living()
            if not living:
                s.store["mayor"] = None
                return False
            if named is not None and not s.alive[named] and mayor_of(s) == dead and \
                    any(d.name == named and d.when == death.when for d in s.deaths):
                # died at the same moment: "krijgt diegene nog de kans"
                make_mayor(s, named)  # (dead: not announced; his choice is)
                chosen = yield request(s, SUCCESSOR, (named,), living, default=s.rng.choice(list(living)))
                s.store["successor"] = chosen
                dead = named
                continue
            nxt = named if named is not None and s.alive[named] else s.rng.choice(list(living))
            make_mayor(s, nxt)
            s.emit("forum_mayor_successor", name=nxt)
            yield from name_successor(s)
            return False


base_rules(MayorRules())


def ask_change(s: ForumState) -> Request | None:
    mayor = mayor_of(s)
    if mayor is None or not s.alive[mayor]:
        return None
    return request(s, SUCCESSOR, (mayor,), others(s, mayor), info={"current": s.store.get("successor")})


def apply_change(s: ForumState, chosen: str | None) -> None:
    if chosen is not None:
        s.store["successor"] = chosen


def check_successor(s: ForumState, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    return answers.one_of(s, req, answer, req.choices, "successor",
                          "the successor must be another living player")


def check_tiebreak(s: ForumState, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    return answers.one_of(s, req, answer, req.choices, "tiebreak",
                          "the mayor chooses one of the tied players")


def decide_successor(ctx: ForumBotContext) -> Any:
    if ctx.req.info.get("current") is not None and ctx.rng.random() < 0.8:
        return None  # keeps his choice
    return help_(ctx, list(ctx.req.choices))


def decide_tiebreak(ctx: ForumBotContext) -> Any:
    return hurt(ctx, list(ctx.req.choices)) or ctx.pick(ctx.req.choices)


def decide_election(ctx: ForumBotContext) -> dict[str, str | None]:
    from engine.forum.base import decide_ballot

    ballot = decide_ballot(ctx)
    if ctx.sensible:  # one votes for a friend, not against a suspect
        for voter in ctx.req.actors:
            sub = ForumBotContext(ctx.s, Request(ctx.req.ask, (voter,), ctx.req.choices, ctx.req.when),
                                  ctx.rng, ctx.style)
            ballot[voter] = help_(sub, list(ctx.req.choices))
    return ballot


role(ForumRole(
    MAYOR, None, kind="extra", dealt=False,
    steps=(ForumStep("mayor", 950, always=True, request=ask_change, apply=apply_change,
                     ask=SUCCESSOR),),
    asks=(AskSpec(Ask.MAYOR_ELECTION, check_ballot, decide_election, form="ballot",
                  discussion=True),
          AskSpec(SUCCESSOR, check_successor, decide_successor, secret=True),
          AskSpec(TIEBREAK, check_tiebreak, decide_tiebreak, secret=True)),
))
