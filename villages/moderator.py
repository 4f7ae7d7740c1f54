"""The moderator of one village of the evening: the narrator's moderator, with
the evening's steps around it.

- before "night falls" and "day breaks" are spoken, the village waits for the
  others (``Evening.reach``);
- in the day's discussion (before the mayor's election or the vote) is the
  door: whoever leaves leaves (journaled, then said: the engine's
  ``player_left``), the village waits at *doors* for those on their way to it,
  and lets in whom its limit allows (journaled, then the engine's
  ``newcomer``);
- when the game is over, the box stays in the evening until it is settled.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import Event, Game, IllegalAnswer, Request, WakkerdamError
from narrator.moderator import Moderator
from narrator.session import setup_from_dict
from ports import Question
from villages import adapter
from villages.evening import DAY, DOORS, NIGHT, Evening, step


class VillageModerator(Moderator):
    def __init__(self, *args: Any, evening: Evening, movers: int = 1, table_door: bool = False,
                 **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.evening = evening
        #: how many players the bots send away each day (the limit still applies)
        self.movers = movers
        #: a real table: the door asks it who leaves and where to (else the bots draw)
        self.table_door = table_door

    def run(self) -> Game:
        game = super().run()
        open_transfers = self.evening.finish()
        if open_transfers:
            self.on_line(self.evening_line("villages.open_transfers", village=self.evening.me,
                                           count=len(open_transfers)))
        return game

    def evening_line(self, key: str, **params: Any) -> str:
        return self.pack.line(key, **params)

    def _narrate(self, e: Event) -> None:
        # The others hear whether this village's game goes on at dawn (the
        # night's deaths may have ended it): only then is it a place to go to.
        if e.public and not e.cue and e.kind == "night_falls":
            self.evening.reach(NIGHT, int(e.data["night"]), live=not self.game.over)
        elif e.public and not e.cue and e.kind == "day_breaks":
            self.evening.reach(DAY, int(e.data["day"]), live=not self.game.over)
        super()._narrate(e)

    def _handle(self, req: Request) -> None:
        day = self.game.state.day
        if req.discussion and self.evening.step < step(DOORS, day):
            self._door(day)
            return  # the request may have changed (who votes): the loop asks again
        super()._handle(req)

    def _door(self, day: int) -> None:
        leavers = self._table_leaves(day) if self.table_door else self._bots_leave(day)
        for name, to in leavers:
            if self.game.over:
                break
            self._leave(name, to, day)
            self._narrate_new_events()  # said as he walks out, before the next is asked
        self.evening.reach(DOORS, day, live=not self.game.over)
        for t in self.evening.at_door(day):  # in an order every box agrees on
            if self.game.over:
                break
            home = t.src == self.evening.me
            if t.name in self.game.state.alive:
                if not home:  # one of that name lives here: he goes home (journaled, then said)
                    self.evening.turn_away(t)
                    self._say(self.pack.line("villages.turned_away", name=t.name, village=t.src))
                continue  # ours, his name taken meanwhile: he waits at the door
            if not home and not self.evening.has_room(day):
                continue  # the limit: he waits at the door for the next day
            self.evening.admit(t, day)  # journaled before the game hears of it
            adapter.join(self.game, t.traveller)  # said as the engine's "newcomer"

    def _leavers_now(self) -> list[str]:
        return [p for p in self.game.state.living() if adapter.may_leave(self.game, p)]

    def _bots_leave(self, day: int) -> list[tuple[str, str]]:
        """The bots' choice: a living player or two, drawn from the game's seed
        (those who left before a power cut count: a resumed box sends no more)."""
        rng = random.Random(f"{self.game.setup.seed}-{self.evening.me}-{day}")
        living = self._leavers_now()
        rng.shuffle(living)
        still = self.movers - self.evening.ledger.left_on(day)
        places = self.evening.open_villages(day)
        chosen = living[:max(0, min(still, self.evening.may_leave(day)))]
        return [(name, random.Random(f"{self.game.setup.seed}-{name}-{day}").choice(places))
                for name in chosen if places]

    def _table_leaves(self, day: int) -> Iterator[tuple[str, str]]:
        """A real table: the door is said aloud and asked on the table's input,
        one leaver at a time while the limit allows (leaving is public: he
        walks out of the door; his card stays secret)."""
        while not self.game.over and self.evening.may_leave(day) > 0:
            places = self.evening.open_villages(day)
            living = self._leavers_now()
            if not places or not living:
                return
            self._say(self.pack.line("villages.door_open", villages=self.pack.join(places)))
            got = self.table.ask(Question("pick", "door", (), tuple(living), allow_none=True,
                                          timeout_s=self.timing.answer_seconds))
            if not isinstance(got, tuple) or not got:
                return  # nobody (or nobody in time): the door closes
            name, to = got[0], places[0]
            if len(places) > 1:
                self._say(self.pack.line("villages.door_where", name=name))
                where = self.table.ask(Question("pick", "door_to", (), tuple(places),
                                                timeout_s=self.timing.answer_seconds))
                if not isinstance(where, tuple) or not where:
                    continue  # he did not say where: he stays, the door is asked again
                to = where[0]
            yield name, to

    def _leave(self, name: str, to: str, day: int) -> None:
        try:
            traveller = adapter.leave(self.game, name)
        except (IllegalAnswer, WakkerdamError, ValueError):
            return  # the engine says he may not (the rules' reading is the engine's)
        self.evening.leave(name, to, day, traveller)  # durable before it is said or sent


def rebuild(journal: Any) -> tuple[Game, int]:
    """A village's game as its own journal has it: the decisions (an undo
    takes the last one back), the leaves and joins in their places; and where
    narration resumes (right after the last decision, as ``narrator.session``)."""
    travellers: dict[str, dict[str, Any]] = {}
    ops: list[tuple[str, Any]] = []
    for r in journal.records():
        kind = r.get("type")
        if kind == "decision":
            ops.append(("decision", r["answer"]))
        elif kind == "undo" and ops and ops[-1][0] == "decision":
            ops.pop()  # an undo never reaches past an announced move
        elif kind in ("leave", "arrived"):
            travellers[r["id"]] = r["traveller"]
            if kind == "leave":
                ops.append(("leave", r["name"]))
        elif kind == "join":
            ops.append(("join", travellers[r["id"]]))
    game = Game(adapter.village_setup(setup_from_dict(journal.header["setup"])))
    start_at = 0
    for kind, value in ops:
        if kind == "decision":
            start_at = len(game.events)
            game.apply(value)
        elif game.over:
            continue  # home after the end: no game to join
        elif kind == "leave":
            adapter.leave(game, value)
        else:
            adapter.join(game, value)
    return game, start_at
