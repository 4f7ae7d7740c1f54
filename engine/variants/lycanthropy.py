"""De lycantropische besmetting (seed 000): "De slachtoffers worden nu niet
geelimineerd, maar verliezen wel al hun eigenschappen" — the werewolves'
victim is infected (tapped, eyes closed) and stays anonymous; "Als een
besmet slachtoffer door de burgers wordt geelimineerd, worden ook alle
andere besmette slachtoffers direct uitgeschakeld"; "De weerwolven winnen
zodra ze de op een na laatste dorpsbewoner besmet hebben".

Readings (docs/rules.md): what spares a bitten player (the healer, the
witch's potion of life, the elder's first bite) spares him the infection;
the infected keep their team and their vote; their deaths by the village's
vote take the others with them (cause ``infection``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.deaths import aftermath, kill
from engine.rules import Flow, Intent, WinCheck
from engine.state import State
from engine.variants.base import Variant, variant
from engine.vocab import Cause, Winner

INFECTION = Cause.define("infection")


def infected(s: State) -> list[str]:
    return s.mine("lycanthropy", [])  # type: ignore[no-any-return]


def wolves_win(s: State) -> Winner | None:
    living = s.living()
    wolves = [p for p in living if s.is_wolf(p)]
    healthy = [p for p in living if not s.is_wolf(p) and p not in infected(s)]
    # "zodra ze de op een na laatste dorpsbewoner besmet hebben": at most
    # one villager left uninfected, while there are infected.
    if wolves and len(healthy) <= 1 and any(s.alive[p] for p in infected(s)):
        return Winner.WEREWOLVES
    return None


class Lycanthropy(Variant):
    id = "lycanthropy"
    aliases: tuple[str, ...] = ("lycantropische_besmetting",)

    def tells_at_dawn(self, s: State) -> bool:
        return True  # the infection is told at dawn, to the infected alone

    def instead_of_death(self, s: State, harm: Intent) -> bool:
        if harm.cause is not Cause.WEREWOLVES:
            return False
        name = harm.target
        if name not in infected(s):
            infected(s).append(name)
        s.powerless.add(name)
        s.emit("infected", frozenset({name}), sleeper=True)
        return True

    def after_vote(self, s: State, eliminated: str | None) -> Flow:
        if eliminated is None or eliminated not in infected(s):
            return False
        for name in [p for p in infected(s) if s.alive[p]]:
            death = kill(s, name, INFECTION)
            yield from aftermath(s, death)
        return False

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        return ((35, wolves_win),)

    def report(self, s: State) -> dict[str, Any]:
        """``infected``: the living infected, in seat order."""
        return {"infected": [p for p in s.players if s.alive[p] and p in infected(s)]}


variant(Lycanthropy())
