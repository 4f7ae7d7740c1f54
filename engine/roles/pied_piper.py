"""De Fluitspeler (seed 000): each night he charms two players (one when
only one is left), never himself nor the already charmed; the charmed wake
and see each other. He wins alone once every other living player is charmed
("zelfs als dit gebeurt door eliminatie van de weerwolven of het stemmen van
de burgers"); his death ends every charm."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import answers, registry
from engine.botkit import several
from engine.errors import IllegalAnswer
from engine.messages import Request
from engine.night import NightStep, legal, sole_actor
from engine.registry import AskSpec, RoleCard
from engine.rules import Rules, WinCheck
from engine.state import Death, State
from engine.vocab import Ask, Role, Team, Winner


def request(s: State) -> Request | None:
    actors = sole_actor(s, Role.PIED_PIPER)
    if not actors:
        return None
    choices = legal(s, Ask.PIED_PIPER, actors,
                    tuple(p for p in s.living() if p != actors[0] and p not in s.charmed))
    if not choices:
        return None
    return Request(Ask.PIED_PIPER, actors, choices, s.when, count=min(2, len(choices)))


def apply(s: State, targets: tuple[str, ...] | None) -> None:
    for name in targets or ():
        s.charmed.append(name)
        s.emit("charmed", frozenset({name}), sleeper=True)


def charmed_inform(s: State) -> None:
    # The charmed wake together and see each other.
    awake = [p for p in s.charmed if s.alive[p]]
    if awake:
        s.emit("charmed_wake", frozenset(awake), sleeper=True, charmed=awake)


def check(s: State, req: Request, answer: Any) -> tuple[str, ...] | None:
    if answer is None:
        return None
    # "one name when only one is left": then a bare name is the whole answer
    chosen = answers.names(s, req, answer, single_ok=req.count == 1)
    if len(set(chosen)) != len(chosen):
        raise IllegalAnswer("piper_same_player", "pied_piper: two different players")
    if len(chosen) != req.count:
        raise IllegalAnswer("piper_count", f"pied_piper: he charms exactly {req.count} player(s) tonight")
    for n in chosen:
        if n not in req.choices:
            why = "not himself" if n == req.actors[0] else f"{n} is already charmed"
            raise IllegalAnswer("piper_target", f"pied_piper: {why}")
    return tuple(chosen)


def piper_wins(s: State) -> Winner | None:
    piper = s.holder(Role.PIED_PIPER)
    if piper is not None and s.alive[piper] and all(p in s.charmed for p in s.living() if p != piper):
        return Winner.PIED_PIPER
    return None


class PiperRules(Rules):
    id = "pied_piper"

    def on_death(self, s: State, death: Death) -> None:
        if death.role is Role.PIED_PIPER and s.charmed:
            # "Als de fluitspeler is gestorven raakt de betovering ... uitgewerkt."
            s.charmed.clear()

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        return ((10, piper_wins),)


registry.role(RoleCard(
    Role.PIED_PIPER, Team.PIED_PIPER, village_power=False, rules=PiperRules(),
    steps=(NightStep("pied_piper", 80, Role.PIED_PIPER, request=request, apply=apply,
                     ask=Ask.PIED_PIPER, sleepers=True),
           NightStep("charmed", 90, Role.PIED_PIPER, inform=charmed_inform, sleepers=True)),
    asks=(AskSpec(Ask.PIED_PIPER, check, several, form="pick_many", secret=True),),
))
