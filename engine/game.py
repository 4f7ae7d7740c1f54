"""A game: its set-up plus its decisions (OpenSpiel-shaped surface).

    game = Game(setup)
    while game.request:                 # who must decide what, and the legal choices
        game.apply(decision)            # checked; raises and changes nothing when illegal
    game.winner                         # an engine.vocab.Winner

``game.events`` is everything that happened, each event public or private to
named players; ``game.view(name)`` is what one player may know. Replaying the
same decisions on the same set-up rebuilds the same game exactly.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any

from engine import answers
from engine.dawn import dawn
from engine.day import day
from engine.deck import Setup, validate_deal
from engine.errors import GameOver
from engine.messages import Event, Request
from engine.night import NIGHT_ORDER
from engine.outcome import outcome
from engine.state import State
from engine.vocab import Phase, Role, Winner

Flow = Generator[Request, Any, Winner]


def play(s: State) -> Flow:
    """The whole game, as the rulebook tells it."""
    while True:
        s.night += 1
        s.begin(Phase.NIGHT)
        yield from night(s)
        yield from dawn(s)
        if (winner := outcome(s)) is not None:
            return winner
        s.day = s.night
        s.begin(Phase.DAY)
        yield from day(s)
        if (winner := outcome(s)) is not None:
            return winner


def night(s: State) -> Generator[Request, Any, None]:
    s.emit("night_falls", night=s.night)
    for step in NIGHT_ORDER:
        if not step.called(s):
            continue
        # Called even when pretended: same lines, same wait (secrecy).
        if not s.cues:
            pass
        elif step.name == "werewolves":
            s.emit("wake", cue=True, step=step.name, little_girl=Role.LITTLE_GIRL in s.deck)
        else:
            s.emit("wake", cue=True, step=step.name)
        if step.inform is not None:
            step.inform(s)
        request = step.request(s) if step.request is not None else None
        if request is not None and step.apply is not None:
            step.apply(s, (yield request))
        if s.cues:
            s.emit("sleep", cue=True, step=step.name)


class Game:
    def __init__(self, setup: Setup, *, validate: bool = True, cues: bool = True) -> None:
        """``cues=False`` leaves out the narration cues (the simulator has no
        narrator); everything else is the same game."""
        if validate:
            validate_deal(setup)
        self.setup = setup
        self.state = State.new(setup)
        self.state.cues = cues
        self.decisions: list[Any] = []
        self.winner: Winner | None = None
        self.request: Request | None = None
        self._flow = play(self.state)
        self._resume(None, first=True)

    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def over(self) -> bool:
        return self.winner is not None

    def check(self, answer: Any) -> Any:
        """Check an answer without applying it; returns the normalised decision."""
        if self.request is None:
            raise GameOver("the game is over; no question is open")
        return answers.check(self.state, self.request, answer)

    def apply(self, answer: Any) -> list[Event]:
        """Give the answer to the open request; returns the events it caused.

        Raises UnknownName, MalformedAnswer or IllegalAnswer (and changes
        nothing) when the answer is not allowed; GameOver after the end.
        """
        if self.request is None:
            raise GameOver("the game is over; no question is open")
        decision = answers.check(self.state, self.request, answer)
        start = len(self.state.events)
        self.decisions.append(answer)
        self._resume(decision)
        return self.state.events[start:]

    def _resume(self, decision: Any, *, first: bool = False) -> None:
        try:
            self.request = next(self._flow) if first else self._flow.send(decision)
        except StopIteration as done:
            self.request = None
            self.winner = done.value
            self.state.emit("game_over", winner=done.value.value)

    # -- reading -------------------------------------------------------------
    def public_events(self) -> list[Event]:
        return [e for e in self.state.events if e.public]

    def view(self, name: str) -> dict[str, Any]:
        """What ``name`` may know: the own card and every event he may see."""
        s = self.state
        return {
            "name": name,
            "role": s.role[name].value,
            "alive": s.alive[name],
            "events": [e for e in s.events if e.visible_to(name)],
        }

    @classmethod
    def replay(cls, setup: Setup, decisions: Iterable[Any]) -> Game:
        game = cls(setup)
        for answer in decisions:
            game.apply(answer)
        return game
