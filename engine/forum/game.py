"""A forum game (seed 004): its set-up plus its decisions, with the same
surface as the board game's ``engine.Game``:

    game = ForumGame(setup)             # setup.edition == "forum"
    while game.request:
        game.apply(decision)
    game.winner, game.state.winners

The story of the edition: day 1 (each player's turn; the mayor's
election), then night and day in turn until one side stands alone: the
spoken night (its answers recorded), the fold (``engine.forum.fold``),
dawn (the dead, then the night's news in each player's turn), the day's
round, the lynch.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any

import engine.forum.roles  # noqa: F401  (registers every forum role)
from engine.deck import Setup
from engine.errors import GameOver
from engine.forum import base  # noqa: F401  (the edition's own rules and asks)
from engine.forum.day import dawn, day_round, lynch_vote
from engine.forum.deck import check_deal
from engine.forum.night import night
from engine.forum.outcome import outcome
from engine.forum.registry import FORUM_BASE, FORUM_ROLES, ForumRuleSet
from engine.forum.state import DAY, NIGHT, ForumState
from engine.messages import Event, Request
from engine.vocab import Winner

Flow = Generator[Request, Any, Winner]
base.register_day()


def rules_of(s: ForumState) -> ForumRuleSet:
    own = [FORUM_ROLES[r].rules for r in sorted(s.deck) if r in FORUM_ROLES]
    return ForumRuleSet([*FORUM_BASE, *(r for r in own if r is not None)])


def tell_cards(s: ForumState) -> None:
    """Each player's card and the extra roles he knows he has, in his first
    turn (the drunk "weet zelf niet dat hij dronkaard is")."""
    for p in s.players:
        s.emit("forum_you_are", frozenset({p}), sleeper=True, role=s.card[p].value)
        known = sorted(r.value for r in s.extra[p] if FORUM_ROLES[r].told)
        if known:
            s.emit("forum_you_are_extra", frozenset({p}), sleeper=True, extras=known)


def play(s: ForumState) -> Flow:
    for start in s.rules.begin:
        start(s)
    s.day = 1
    s.begin(DAY)
    s.emit("forum_first_day")
    tell_cards(s)
    yield from day_round(s)
    if (winner := outcome(s)) is not None:
        return winner
    for first in s.rules.first_day:
        yield from first(s)
    while True:
        s.night = s.day
        s.begin(NIGHT)
        fold = yield from night(s)
        s.day = s.night + 1
        s.begin(DAY)
        yield from dawn(s, fold)
        if (winner := outcome(s)) is not None:
            return winner
        yield from day_round(s)
        if (winner := outcome(s)) is not None:
            return winner
        yield from lynch_vote(s)
        if (winner := outcome(s)) is not None:
            return winner


class ForumGame:
    """The surface of ``engine.Game`` for the forum edition."""

    def __init__(self, setup: Setup, *, validate: bool = True, cues: bool = True,
                 events: bool = True) -> None:
        if validate:
            check_deal(setup)
        self.setup = setup
        self.state = ForumState(setup)
        self.state.rules = rules_of(self.state)
        self.state.cues = cues
        self.decisions: list[Any] = []
        self.winner: Winner | None = None
        self.request: Request | None = None
        self._flow = play(self.state)
        try:
            self.request = next(self._flow)
        except StopIteration as done:
            self._end(done.value)

    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def over(self) -> bool:
        return self.winner is not None

    def check(self, answer: Any) -> Any:
        request = self.request
        if request is None:
            raise GameOver("the game is over; no question is open")
        return request.spec.check(self.state, request, answer)

    def apply(self, answer: Any, *, trusted: bool = False) -> list[Event]:
        start = len(self.state.events)
        self.give(answer, trusted=trusted)
        return self.state.events[start:]

    def give(self, answer: Any, *, trusted: bool = False) -> None:
        request = self.request
        if request is None:
            raise GameOver("the game is over; no question is open")
        decision = request.spec.check(self.state, request, answer)
        self.decisions.append(answer)
        try:
            self.request = self._flow.send(decision)
        except StopIteration as done:
            self._end(done.value)

    def _end(self, winner: Winner) -> None:
        self.request = None
        self.winner = winner
        self.state.emit("game_over", winner=winner.value)

    def leave(self, name: str) -> Any:
        raise GameOver("players travel between villages in the board game only")

    def join(self, traveller: Any) -> None:
        raise GameOver("players travel between villages in the board game only")

    def public_events(self) -> list[Event]:
        return [e for e in self.state.events if e.public]

    def view(self, name: str) -> dict[str, Any]:
        s = self.state
        return {"name": name, "role": s.card[name].value, "alive": s.alive[name],
                "events": [e for e in s.events if e.visible_to(name)]}

    @classmethod
    def replay(cls, setup: Setup, decisions: Iterable[Any]) -> ForumGame:
        game = cls(setup)
        for answer in decisions:
            game.apply(answer)
        return game
