"""Cupido (seed 000): on the first night he names two lovers (himself
allowed); they wake and learn each other. A lover dies of grief when the
other dies, may not vote against the other, and a werewolf and a villager
in love win together when they are the last two."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import answers, registry
from engine.botkit import several
from engine.deaths import aftermath, kill
from engine.errors import IllegalAnswer
from engine.messages import Request
from engine.night import NightStep, legal, sole_actor
from engine.registry import AskSpec, RoleCard
from engine.rules import Flow, Rules, WinCheck
from engine.state import Death, State
from engine.vocab import Ask, Cause, Role, Team, Winner


def request(s: State) -> Request | None:
    actors = sole_actor(s, Role.CUPID)
    if not actors:
        return None
    return Request(Ask.CUPID, actors, legal(s, Ask.CUPID, actors, tuple(s.living())), s.when, count=2)


def apply(s: State, pair: tuple[str, str] | None) -> None:
    if pair is None:
        return
    s.lovers = pair
    cupid = s.acting(Role.CUPID)
    assert cupid is not None
    s.emit("cupid_chose", frozenset({cupid}), lovers=list(pair))


def lovers_inform(s: State) -> None:
    if s.lovers is None:
        return
    a, b = s.lovers
    s.emit("in_love", frozenset({a}), sleeper=True, partner=b)
    s.emit("in_love", frozenset({b}), sleeper=True, partner=a)


def check(s: State, req: Request, answer: Any) -> tuple[str, str] | None:
    if answer is None:
        return None  # time-out: no lovers
    pair = answers.names(s, req, answer)
    if len(pair) != 2:
        raise IllegalAnswer("cupid_two", "cupid: he names exactly two players")
    if pair[0] == pair[1]:
        raise IllegalAnswer("cupid_same_player", "cupid: the two lovers must be different players")
    return pair[0], pair[1]


def lovers_win(s: State) -> Winner | None:
    # "De geliefden ... winnen, als zij samen als laatste overblijven
    #  (als zij een burger en een weerwolf zijn)."
    if s.lovers is None or len(s.living_now) != 2 or set(s.living_now) != set(s.lovers):
        return None
    return Winner.LOVERS if s.mixed_lovers() else None


class LoversRules(Rules):
    id = "lovers"
    order = 40

    def after_death(self, s: State, death: Death) -> Flow:
        lover = s.lover_of(death.name)
        if lover is not None and s.alive[lover]:
            grief = kill(s, lover, Cause.HEARTBREAK)
            yield from aftermath(s, grief)
        return False

    def bound(self, s: State) -> frozenset[str]:
        return frozenset(s.lovers) if s.lovers is not None else frozenset()

    def check_vote(self, s: State, ask: Ask, voter: str, target: str) -> None:
        lovers = s.lovers
        if lovers is not None and voter in lovers and target in lovers and voter != target \
                and ask is not Ask.MAYOR_ELECTION:
            # Said in public only as "that answer is not accepted".
            raise IllegalAnswer("lover_vote", f"{ask.value}: a lover may not vote against his lover",
                                public_safe=False)

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        return ((20, lovers_win),)


registry.role(RoleCard(
    Role.CUPID, Team.VILLAGE, rules=LoversRules(),
    steps=(NightStep("cupid", 20, Role.CUPID, True, request=request, apply=apply, ask=Ask.CUPID),
           NightStep("lovers", 30, Role.CUPID, True, inform=lovers_inform, sleepers=True)),
    asks=(AskSpec(Ask.CUPID, check, several, form="pick_many", secret=True,
                  trusted=lambda pair: None if pair is None else (pair[0], pair[1])),),
))
