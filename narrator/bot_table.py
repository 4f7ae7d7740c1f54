"""A table of bots with no hardware: answers questions as the bots intend,
and a private channel that keeps (and, with --reveal, prints) what it shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Game
from narrator.bots import Bots
from narrator.questions import intent_answer
from ports import WAIT, Answer, Question
from voices import Pack


class BotTable:
    """``Input`` for bots: the bots decide at the engine's level once a
    request, and each question gets the part of that decision it asks for."""

    def __init__(self, bots: Bots, game: Callable[[], Game]) -> None:
        self.bots = bots
        self._game = game
        self._intent_for: tuple[int, Any] | None = None

    def intent(self) -> Any:
        game = self._game()
        n = len(game.decisions)
        if self._intent_for is None or self._intent_for[0] != n:
            self._intent_for = (n, self.bots.decide_any(game))
        return self._intent_for[1]

    def ask(self, question: Question) -> Answer:
        if question.ask == WAIT:  # nothing to choose: "nothing"
            return ()
        request = self._game().request
        assert request is not None
        return intent_answer(request, question, self.intent())


class RecordingPrivate:
    """``PrivateChannel`` that remembers every private delivery; nothing is
    printed unless ``reveal`` (a debugging flag: it shows secrets)."""

    def __init__(self, pack: Pack, *, reveal: Callable[[str], None] | None = None) -> None:
        self.pack = pack
        self.shown: list[tuple[tuple[str, ...], str, dict[str, Any]]] = []
        #: the deliveries the engine marked as news for sleepers: (seats, key)
        self.for_sleepers: list[tuple[tuple[str, ...], str]] = []
        self.rounds: list[tuple[str, ...]] = []
        self._reveal = reveal

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any], *,
             sleeper: bool = False) -> None:
        self.shown.append((seats, key, params))
        if sleeper:
            self.for_sleepers.append((seats, key))
        if self._reveal is not None:
            self._reveal(f"[{', '.join(seats)}] {self.pack.line(key, **params)}")

    def tap_round(self, lines: dict[str, tuple[str, dict[str, Any]]]) -> None:
        """One round for sleepers (recorded in ``rounds``: who was in it, maybe
        nobody), each line as news for sleepers."""
        self.rounds.append(tuple(lines))
        for player, (key, params) in lines.items():
            self.show((player,), key, params, sleeper=True)


class TextSpeaker:
    """A speaker with no audio (the simulator, and where no voice is wanted)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.silences = 0.0
        self.cues: list[str] = []

    def say(self, text: str) -> None:
        self.lines.append(text)

    def silence(self, seconds: float) -> None:
        self.silences += seconds

    def cue(self, name: str) -> None:
        self.cues.append(name)

    def prefetch(self, lines: list[str]) -> None:
        pass

    def repeat_last(self) -> None:
        if self.lines:
            self.lines.append(self.lines[-1])

    def louder(self) -> None:
        pass

    def softer(self) -> None:
        pass

    def close(self) -> None:
        pass
