"""A kit game of the talking wall with its lines from "phones": the minimal
kit's fake devices, bots' hands on them for everything else, the virtual
clock, and a thread that writes each dusk's lines through the page's
:class:`~narrator.wall.WallBoard` as the page does (tests/test_wall.py, and
tests/wall_child.py, the game a test kills mid-dusk). The wall's time runs
on a clock of the test's (:class:`WallClock`): it is up when the phones
have written, never while they write."""

from __future__ import annotations

import argparse
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine
import voices
from narrator import boxgame
from narrator.clock import FastClock
from narrator.demo import deck_for
from narrator.moderator import Moderator
from narrator.seeds import Seeds
from narrator.wall import WallBoard

PACK = voices.load("nl")

NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna")
SEED = 9  # a game whose day-1 dusk finds seven alive, the writers of the tests among them
#: a dusk's phones: given the dusk ("day 1") and the living, what each writes
#: in the order they send it (a missing seat never writes: the time runs out)
Writes = Callable[[str, tuple[str, ...]], list[tuple[str, str]]]


def args_for(journal: Path) -> argparse.Namespace:
    return argparse.Namespace(kit="minimal", lang="nl", journal=str(journal), text_only=True, wav=None,
                              discussion=0.0, answer_seconds=30.0, no_voice_votes=True,
                              risky_candles=False)


def setup_for(seed: int = SEED) -> tuple[engine.Setup, Seeds]:
    seeds = Seeds.derived(seed)
    return engine.deal(list(NAMES), deck_for(len(NAMES), None), seeds.deal, seed=seeds.game,
                       variants=("talking_wall",)), seeds


class WallClock:
    """The wall's own clock in the tests: its time passes only when the
    phones are done with a dusk (:meth:`time_up`), so a line a phone writes
    is never late, whatever else keeps the machine busy."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def time_up(self, seconds: float) -> None:
        self.now += seconds


class Phones:
    """Writes each dusk's lines once the wall opens, with the players' codes
    (read off what the box showed each of them privately); with a
    ``clock``, the wall's time is up once they have (a seat that did not
    write then finds it closed)."""

    def __init__(self, board: WallBoard, writes: Writes, living: Callable[[], tuple[str, ...]],
                 clock: WallClock | None = None, seconds: float = 0.0) -> None:
        self.board = board
        self.writes = writes
        self.living = living
        self.clock, self.seconds = clock, seconds
        self.codes: dict[str, str] = {}
        self.codes_from: Callable[[], dict[str, str]] = dict
        self.answers: list[tuple[str, str]] = []
        self._stop = threading.Event()
        self._done: set[str] = set()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> Phones:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            dusk = self.board.dusk
            if self.board.is_open and dusk is not None and dusk not in self._done:
                self._done.add(dusk)
                self.codes = self.codes or self.codes_from()
                for seat, line in self.writes(dusk, self.living()):
                    key, _ = self.board.submit(self.codes[seat], line, f"10.0.0.{NAMES.index(seat) + 1}")
                    self.answers.append((seat, key))
                if self.clock is not None:
                    self.clock.time_up(self.seconds + 1)
            time.sleep(0.005)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)


def play(journal: Path, writes: Writes, *, seed: int = SEED, wall_seconds: float = 5.0,
         board: WallBoard | None = None) -> tuple[Moderator, Any, Phones]:
    """One whole game; returns its moderator, the kit and the phones."""
    from hardware.flows import deal_by_box
    from web.plays import bot_hands

    setup, seeds = setup_for(seed)
    args = args_for(journal)
    kit, speaker, _ = boxgame.open_kit(args, list(NAMES), fake=True)
    clock = WallClock()
    board = board or WallBoard(clock=clock)
    seen: list[Moderator] = []
    phones = Phones(board, writes, lambda: seen[-1].game.state.living(), clock, wall_seconds)
    phones.codes_from = lambda: codes_shown(kit)
    phones.start()
    try:
        deal_by_box(kit, {p: setup.roles[p].value for p in NAMES})
        boxgame.play(setup, kit, speaker, args=args, call_seconds=(1.0, 2.0), seeds=seeds,
                     on_moderator=seen.append, answers=bot_hands()(kit, lambda: seen[-1].game, seeds),
                     clock=FastClock(), wall=board, wall_seconds=wall_seconds)
    finally:
        phones.stop()
        speaker.close()
        kit.close()
    return seen[-1], kit, phones


CODE = re.compile(r"([A-Z0-9]{3}-[A-Z0-9]{3})")


def codes_shown(kit: Any) -> dict[str, str]:
    """Each player's code as the box showed it to that player alone (the
    kit's private channel keeps what it showed to whom)."""
    codes: dict[str, str] = {}
    for seats, text in kit.private.shown:
        found = CODE.search(text)
        if found and len(seats) == 1 and text.startswith(PACK.line("web.wall.code", code="")[:8]):
            codes[seats[0]] = found.group(1)
    return codes
