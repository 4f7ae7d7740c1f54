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
from dataclasses import replace
from typing import Any

import engine.roles  # noqa: F401  (registers every role)
from engine import answers, base, travel  # noqa: F401  (base registers the day's asks)
from engine.dawn import dawn
from engine.day import day
from engine.dealing import validate_deal
from engine.deck import Setup
from engine.errors import GameOver, IllegalAnswer, SetupError
from engine.messages import Event, Request
from engine.night import night
from engine.outcome import outcome
from engine.registry import ASKS
from engine.state import DAY, NIGHT, State
from engine.travel import Traveller
from engine.variants import find_variant, variants_of
from engine.variants.base import option_specs
from engine.vocab import Ask, Winner

#: the key of a decision that is a move between villages, not an answer
TRAVEL = "~travel"

Flow = Generator[Request, Any, Winner]


def play(s: State) -> Flow:
    """The whole game, as the rulebook tells it."""
    for start in s.rules.begin:
        start(s)
    while True:
        s.night += 1
        s.begin(NIGHT)
        for ends in s.rules.span_end:
            ends(s, "day")
        yield from night(s)
        yield from dawn(s)
        for ends in s.rules.span_end:
            ends(s, "night")
        if (winner := outcome(s)) is not None:
            return winner
        s.day = s.night
        s.begin(DAY)
        if s.rules.morning:  # nothing changes the game in between otherwise
            for hook in s.rules.morning:
                yield from hook(s)
            if (winner := outcome(s)) is not None:
                return winner
        yield from day(s)
        for ends in s.rules.span_end:
            ends(s, "vote")
        if (winner := outcome(s)) is not None:
            return winner
        for hook in s.rules.dusk:
            yield from hook(s)


def check_setup(setup: Setup) -> None:
    """Everything about a set-up that is not a single answer: the deal, the
    variants and how they combine, their options, the event deck."""
    found = variants_of(setup.variants)
    validate_deal(setup, wolves_needed=all(v.wolves_needed for v in found))
    for v in found:
        v.check_setup(setup)
    unknown = set(setup.options.extra) - set(option_specs(found))
    if unknown:
        raise SetupError(f"option {sorted(unknown)[0]!r} belongs to no variant of this game",
                         "refusal.option_no_variant", option=sorted(unknown)[0])
    for vid in setup.variant_data:  # what a variant brings: it checks its own
        find_variant(vid).check_data(setup)


class Game:
    def __init__(self, setup: Setup, *, validate: bool = True, cues: bool = True,
                 events: bool = True) -> None:
        """``cues=False`` leaves out the narration cues (the simulator has no
        narrator); ``events=False`` keeps no events at all (a simulation
        whose bots read none: random bots), except in a game with the Full
        Moon's cards, since a card reads them (spiritism). Everything else
        is the same game: the same requests, decisions and winner."""
        if validate:
            check_setup(setup)
        self.setup = setup
        rules = variants_of(setup.variants)
        self.state = State.new(setup, rules)
        self.state.cues = cues
        self.state.recording = events or any(v.keeps_events for v in rules)
        self.decisions: list[Any] = []
        self.winner: Winner | None = None
        self.request: Request | None = None
        self._flow = play(self.state)
        self._start()

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

    def apply(self, answer: Any, *, trusted: bool = False) -> list[Event]:
        """Give the answer to the open request; returns the events it caused.

        Raises UnknownName, MalformedAnswer or IllegalAnswer (and changes
        nothing) when the answer is not allowed; GameOver after the end.
        ``trusted``: the answer comes from the ask's own bot policy (legal by
        construction), so the ask's ``trusted`` form replaces the check where
        it has one — the same game, without the check's cost. People's
        answers and replays are always checked.
        """
        start = len(self.state.events)
        self.give(answer, trusted=trusted)
        return self.state.events[start:]

    def give(self, answer: Any, *, trusted: bool = False) -> None:
        """``apply`` without returning the events (a bot game's loop reads
        none of them)."""
        request = self.request
        if request is None:
            raise GameOver("the game is over; no question is open")
        if isinstance(answer, dict) and TRAVEL in answer:
            self._apply_travel(answer)
            return
        spec = request.own_spec
        if spec is None:  # (the board game's asks: its own registry)
            spec = ASKS[request.ask]
        if trusted and spec.trusted is not None:
            decision = spec.trusted(answer)
        else:
            decision = spec.check(self.state, request, answer)
        self.decisions.append(answer)
        try:  # (no call of its own: the busiest line of a bot game)
            self.request = self._flow.send(decision)
        except StopIteration as done:
            self._end(done.value)

    # -- between villages (variant villages_unite) -------------------------
    def leave(self, name: str) -> Traveller:
        """``name`` leaves the village with his card, during the day's
        discussion (before the vote). Recorded among the decisions, so a
        replay rebuilds it."""
        self._travel_allowed()
        traveller = travel.leave(self.state, name)
        self.decisions.append({TRAVEL: "leave", "name": name})
        self._reask()
        return traveller

    def join(self, traveller: Traveller) -> None:
        """A traveller from another village comes in, during the day."""
        self._travel_allowed()
        travel.join(self.state, traveller)
        self.decisions.append({TRAVEL: "join", **traveller.to_dict()})
        self._reask()

    def _travel_allowed(self) -> None:
        if self.request is None:
            raise GameOver("the game is over; nobody travels")
        if not self.request.discussion:
            raise IllegalAnswer("travel_not_now",
                                "players come and go during the day's discussion, before the vote")

    def _reask(self) -> None:
        """The open ballot, for the village as it is now; or the end, when
        the move decided the game ("Als dat gebeurt, winnen de bewoners van
        het dorp direct")."""
        from engine.day import candidates, voters

        winner = outcome(self.state)
        if winner is not None:
            self._flow.close()
            self.request = None
            self.winner = winner
            self.state.emit("game_over", winner=winner.value)
            return
        req = self.request
        assert req is not None
        names = candidates(self.state) if req.ask is not Ask.MAYOR_ELECTION else self.state.living()
        self.request = replace(req, actors=voters(self.state), choices=names)

    def _apply_travel(self, record: dict[str, Any]) -> None:
        if record[TRAVEL] == "leave":
            self.leave(str(record["name"]))
        else:
            self.join(Traveller.from_dict(record))

    def _start(self) -> None:
        try:
            self.request = next(self._flow)
        except StopIteration as done:
            self._end(done.value)

    def _end(self, winner: Winner) -> None:
        self.request = None
        self.winner = winner
        for hook in self.state.rules.won:
            hook(self.state, winner)
        self.state.emit("game_over", winner=winner.value)

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
