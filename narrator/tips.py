"""Seed 001's tips for players, as the sensible bots follow them.

The engine's sensible policies decide first (each lives with its role:
``engine/roles/*.py``, ``engine/base.py``); a bot that knows the tips then
changes only what the tips change:

- "Ben je weerwolf? Stem een keer tegen je partner.": on the first day's
  vote the first werewolf in seat order votes against a fellow werewolf.
- "De ziener maakt zich pas bekend als ze iets weet dat het dorp echt nodig
  heeft; daarna is zij de volgende nacht aan de beurt.": at the first dawn
  after the seer has seen a werewolf she speaks, and from then on she tells
  each dawn what she saw, until she dies. The village votes for a werewolf
  she named; the werewolves vote for her and bite her.
- "De heks bewaart haar levenselixer voor de dag dat de ziener zich heeft
  laten zien.": the witch saves only that seer; her poison, when she pours
  it, goes to a werewolf the seer named.

The seer's speech is table talk the engine does not model, so it is read
off the events here: it depends only on the game so far (the bots stay
replay- and resume-proof).
"""

from __future__ import annotations

from typing import Any, Final

from engine import Ask, Event, Request, Role
from engine.base import may_vote
from engine.state import State

WOLF: Final = "werewolf"


class _Reader:
    """The dawns so far and each seer's visions (night, name, role shown),
    read from the events. Only events added since the last call are read (a
    bot answers one game's requests one after another); another list, or
    this one cut back, starts the reading afresh, so the answer is always
    that of reading it whole."""

    def __init__(self) -> None:
        self._events: list[Event] | None = None
        self._read = 0
        self._last: Event | None = None
        self.dawns = 0
        self.visions: dict[str, list[tuple[int, str, str]]] = {}

    def update(self, events: list[Event]) -> _Reader:
        if (events is not self._events or self._read > len(events)
                or (self._read and events[self._read - 1] is not self._last)):
            self._events, self._read, self.dawns, self.visions = events, 0, 0, {}
        for e in events[self._read:]:
            if e.kind == "day_breaks":
                self.dawns += 1
            elif e.kind == "seer_sees" and e.to is not None:
                for seer in e.to:
                    self.visions.setdefault(seer, []).append((self.dawns + 1, e.data["name"], e.data["role"]))
        self._read = len(events)
        self._last = events[-1] if events else None
        return self


class Tips:
    """One bot table's knowledge of the tips (one per game's bots)."""

    def __init__(self) -> None:
        self._reader = _Reader()

    def told(self, s: State) -> tuple[str, dict[str, str]] | None:
        """The seer who made herself known and what she told (name -> role
        she saw, herself as the seer), or None while she keeps quiet."""
        seer = s.holder(Role.SEER)
        if seer is None:
            return None
        read = self._reader.update(s.events)
        last_day = read.dawns  # she speaks at each dawn she lives to see
        for death in s.deaths:
            if death.name == seer:
                phase, number = death.when.split()
                last_day = min(last_day, int(number) - (phase == "night"))
        told = {name: role for night, name, role in read.visions.get(seer, ()) if night <= last_day}
        if WOLF not in told.values():
            return None
        return seer, {**told, seer: Role.SEER.value}

    def apply(self, s: State, req: Request, decision: Any) -> Any:
        """The sensible decision, changed where the tips change it."""
        if req.ask is Ask.WEREWOLVES:
            return self._bite(s, req, decision)
        if req.ask is Ask.WITCH:
            return self._potions(s, req, decision)
        if req.ask in (Ask.VOTE, Ask.REVOTE):
            return self._ballot(s, req, decision)
        return decision

    def _bite(self, s: State, req: Request, victim: str | None) -> str | None:
        told = self.told(s)
        # "daarna is zij de volgende nacht aan de beurt" (a pack that does not agree still bites nobody)
        if victim is not None and told is not None and told[0] in req.choices:
            return told[0]
        return victim

    def _potions(self, s: State, req: Request, potions: dict[str, Any]) -> dict[str, Any]:
        told = self.told(s)
        victim = req.info.get("victim")
        save = bool(req.info.get("save") and told is not None and victim == told[0])
        poison = potions.get("poison")
        if poison is not None and told is not None:
            named = [c for c in req.choices if told[1].get(c) == WOLF and c != req.actors[0]]
            poison = named[0] if named else poison
        if save and (s.options.witch_single_potion or poison == victim):
            poison = None
        return {**potions, "save": save, "poison": poison}

    def _ballot(self, s: State, req: Request, ballot: dict[str, str | None]) -> dict[str, str | None]:
        told = self.told(s)
        wolves = [p for p in req.actors if s.is_wolf(p)]
        out = dict(ballot)
        bound = s.rules.bound_voters(s)
        for voter in req.actors:
            # the voters a rule binds (a lover never names his lover, nor the
            # harvest's deceived his supposed one; on the day of folly only him)
            allowed = list(req.choices) if voter not in bound else \
                [c for c in req.choices if may_vote(s, req.ask, voter, c)]
            if s.is_wolf(voter):
                partners = [c for c in allowed if s.is_wolf(c) and c != voter]
                if req.ask is Ask.VOTE and s.day == 1 and wolves and voter == wolves[0] and partners:
                    out[voter] = partners[0]  # "Stem een keer tegen je partner."
                elif told is not None and told[0] in allowed:
                    out[voter] = told[0]
            elif told is not None and voter != told[0]:
                named = [c for c in allowed if told[1].get(c) == WOLF]
                if named:
                    out[voter] = named[0]
        return out
