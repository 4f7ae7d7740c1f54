"""The state of one game: plain data, changed only by the flow modules."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.deck import Setup
from engine.messages import Event
from engine.options import Options
from engine.roles import ROLES
from engine.vocab import Cause, Phase, Role, Team


@dataclass(frozen=True, slots=True)
class Death:
    name: str
    role: Role
    cause: Cause
    when: str


@dataclass(slots=True)
class State:
    setup: Setup
    players: tuple[str, ...]
    role: dict[str, Role]
    middle: list[Role]
    options: Options
    rng: random.Random
    deck: frozenset[Role]
    alive: dict[str, bool]
    events: list[Event] = field(default_factory=list)
    deaths: list[Death] = field(default_factory=list)
    night: int = 0
    day: int = 0
    phase: Phase = Phase.NIGHT
    mayor: str | None = None
    mayor_elected: bool = False
    lovers: tuple[str, str] | None = None
    charmed: list[str] = field(default_factory=list)
    save_potion: bool = True
    poison_potion: bool = True
    healer_last: str | None = None
    elder_chosen: int = 0
    village_powerless: bool = False
    idiot_revealed: bool = False
    #: (day, voters) chosen by a dying scapegoat for that day
    voters_only: tuple[int, frozenset[str]] | None = None
    #: the living in seat order, and each role's holders: kept up to date by
    #: ``mark_dead``/``swap_role`` because the flow reads them all the time
    living_now: tuple[str, ...] = ()
    by_role: dict[Role, tuple[str, ...]] = field(default_factory=dict)
    when: str = "night 0"
    #: emit the narration cues (wake/sleep of each called step)
    cues: bool = True
    # this night's choices, resolved at dawn
    protected: str | None = None
    victim: str | None = None
    saved: bool = False
    poisoned: str | None = None

    @classmethod
    def new(cls, setup: Setup) -> State:
        s = cls(
            setup=setup,
            players=setup.players,
            role=dict(setup.roles),
            middle=list(setup.middle),
            options=setup.options,
            rng=random.Random(setup.seed),
            deck=frozenset(setup.deck),
            alive={p: True for p in setup.players},
            living_now=setup.players,
        )
        s._index_roles()
        return s

    def _index_roles(self) -> None:
        by_role: dict[Role, list[str]] = {}
        for p in self.players:
            by_role.setdefault(self.role[p], []).append(p)
        self.by_role = {r: tuple(ps) for r, ps in by_role.items()}

    # -- reading ---------------------------------------------------------
    def living(self) -> tuple[str, ...]:
        return self.living_now

    def holders(self, role: Role) -> tuple[str, ...]:
        return self.by_role.get(role, ())

    def holder(self, role: Role) -> str | None:
        holders = self.by_role.get(role)
        return holders[0] if holders else None

    def team(self, name: str) -> Team:
        return ROLES[self.role[name]].team

    def has_power(self, name: str) -> bool:
        """Alive and not stripped of powers by the elder's death."""
        if not self.alive[name]:
            return False
        return not (self.village_powerless and ROLES[self.role[name]].village_power)

    def acting(self, role: Role) -> str | None:
        """The living holder of ``role`` who still has the power, if any."""
        name = self.holder(role)
        return name if name is not None and self.has_power(name) else None

    def lover_of(self, name: str) -> str | None:
        if self.lovers is None or name not in self.lovers:
            return None
        a, b = self.lovers
        return b if name == a else a

    def mixed_lovers(self) -> bool:
        if self.lovers is None:
            return False
        a, b = self.lovers
        return self.team(a) is not self.team(b)

    # -- writing ---------------------------------------------------------
    def begin(self, phase: Phase) -> None:
        self.phase = phase
        self.when = f"night {self.night}" if phase is Phase.NIGHT else f"day {self.day}"

    def mark_dead(self, name: str) -> None:
        self.alive[name] = False
        self.living_now = tuple(p for p in self.living_now if p != name)

    def swap_role(self, name: str, role: Role) -> None:
        self.role[name] = role
        self._index_roles()

    def emit(self, kind: str, to: frozenset[str] | None = None, cue: bool = False,
             sleeper: bool = False, **data: Any) -> None:
        self.events.append(Event(kind, data, to, cue, sleeper))
