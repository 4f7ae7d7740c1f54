"""What a listener at the table gets from a game: for the attack tests of
tests/test_no_tells.py. A game is played by bots through the moderator with
a simulated voice (each line lasts as long as espeak-ng would take, roughly)
on one fake clock, and through a kit's real private channel on fakes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import voices
from engine import Game, Setup, new_game
from hardware.events import FakeClock
from hardware.kit import build_kit
from narrator.bot_table import BotTable, RecordingPrivate
from narrator.bots import Bots
from narrator.boxgame import CallBoundPrivate
from narrator.moderator import Moderator, Timing

#: seconds per character and per line of the simulated voice (espeak-ng at
#: its default rate reads Dutch at about 15 characters a second)
PER_CHAR, PER_LINE = 0.065, 0.25


class SimulatedVoice:
    """A speaker whose lines take time on the game's clock; it keeps the
    timeline a listener hears: ("say", text, start, length), ("cue", name, t)."""

    def __init__(self, clock: Any) -> None:
        self.clock = clock
        self.heard: list[tuple[Any, ...]] = []

    def say(self, text: str) -> None:
        length = PER_LINE + PER_CHAR * len(text)
        self.heard.append(("say", text, self.clock.now(), length))
        self.clock.sleep(length)

    def silence(self, seconds: float) -> None:
        pass  # the moderator waits the clock itself

    def cue(self, name: str) -> None:
        self.heard.append(("cue", name, self.clock.now()))

    def prefetch(self, lines: list[str]) -> None: ...
    def repeat_last(self) -> None: ...
    def louder(self) -> None: ...
    def softer(self) -> None: ...
    def close(self) -> None: ...


@dataclass
class Heard:
    """One game as heard (and felt) at the table."""

    heard: list[tuple[Any, ...]]
    calls: list[tuple[str, float, bool]]
    rounds: list[float] = field(default_factory=list)   # each tap round's length
    motors: list[float] = field(default_factory=list)   # each motor's total buzzing
    game: Game | None = None
    #: each tap round as (start, length, seconds of buzzing summed over the motors)
    round_log: list[tuple[float, float, float]] = field(default_factory=list)
    #: when each private screen was put up (a kit's display or terminal)
    screens: list[float] = field(default_factory=list)


class TimedRounds:
    """Wraps a private channel to time each tap round on the game's clock."""

    def __init__(self, inner: Any, clock: Any, rounds: list[float], kit: Any = None) -> None:
        self.inner, self.clock, self.rounds, self.kit = inner, clock, rounds, kit
        self.log: list[tuple[float, float, float]] = []

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any]) -> None:
        self.inner.show(seats, key, params)

    def tap(self, seats: tuple[str, ...]) -> None:
        self.inner.tap(seats)

    def tap_round(self, lines: dict[str, Any]) -> None:
        start, felt = self.clock.now(), sum(_felt(self.kit).values())
        self.inner.tap_round(lines)
        self.rounds.append(round(self.clock.now() - start, 3))
        self.log.append((start, self.rounds[-1], round(sum(_felt(self.kit).values()) - felt, 3)))


def table_kit(name: str, players: list[str]) -> Any:
    """A fake kit whose players read each private screen at once (press next)."""
    kit = build_kit(name, fake=True, players=players, clock=FakeClock())

    def read(seats: tuple[str, ...], text: str) -> None:
        if kit.console is not None:
            kit.console.click("next")
        else:
            kit.keyboard.type("")
    kit.private.on_show = read
    return kit


def listen(setup: Setup, *, narration_seed: int, bots_seed: int, kit: Any = None,
           style: str = "random", call_seconds: tuple[float, float] = (12.0, 18.0),
           answers: list[tuple[str, str | None, Any]] | None = None) -> Heard:
    """Play ``setup`` by bots and return what the table heard and felt;
    ``kit``: a :func:`table_kit` (its clock is the game's), else no devices;
    ``answers``: (ask, seat or None, answer) given first, in order, the bots after."""
    pack = voices.load("nl")
    clock = kit.clock if kit is not None else FakeClock()
    voice = SimulatedVoice(clock)
    holder: dict[str, Moderator] = {}
    table: Any = BotTable(Bots(bots_seed, style), lambda: holder["m"].game)
    if answers is not None:
        from tests.test_moderator import ScriptedTable

        table = ScriptedTable(answers, table)
    rounds: list[float] = []
    private: Any = RecordingPrivate(pack) if kit is None else CallBoundPrivate(kit.private)
    felt_before = _felt(kit)
    screens: list[float] = []
    if kit is not None:
        read = kit.private.on_show
        kit.private.on_show = lambda seats, text: (screens.append(clock.now()), read(seats, text))
    timed = TimedRounds(private, clock, rounds, kit) if hasattr(private, "tap_round") else private
    m = Moderator(new_game(setup), pack.for_setup(setup), voice, table, timed, clock,
                  narration_seed=narration_seed,
                  timing=Timing(call_seconds=call_seconds, discussion=False, answer_seconds=10.0))
    if isinstance(private, CallBoundPrivate):
        private.moderator = m
    holder["m"] = m
    try:
        game = m.run()
    finally:
        if kit is not None:
            kit.private.on_show = read
    felt = _felt(kit)
    motors = [round(felt[s] - felt_before[s], 3) for s in felt]
    return Heard(voice.heard, list(m.call_log), rounds, motors, game,
                 getattr(timed, "log", []), screens)


def _felt(kit: Any) -> dict[str, float]:
    """Each seat motor's total buzzing so far."""
    if kit is None or not kit.motors:
        return {}
    bank = next(iter(kit.motors.values()))
    return {seat: sum(on for p in felt for on, _ in p) for seat, felt in bank.felt.items()}
