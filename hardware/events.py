"""What devices tell the game: small typed events on one queue, and the clock.

Every backend (gpiozero callbacks, the MCP23017 interrupt, the RFID poll, the
keyboard thread) only *puts* an event on an :class:`EventQueue`; the game loop
takes them off. lgpio runs all callbacks on one thread and does not catch their
exceptions, so handlers must do no more than that.

The clock is injected so that fakes can hold a button for two seconds or let a
question time out without the tests ever sleeping.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.errors import WakkerdamError


class HardwareError(WakkerdamError, RuntimeError):
    """A device that cannot be opened or stopped answering."""


class NoInput(HardwareError):
    """Nothing is left to answer with: no buttons, no reader, no terminal
    (stdin closed, or never one). Said in one line; the game stops rather
    than wait for ever, and its journal keeps it for a resume."""

    def message(self, lang: str) -> str:
        import voices

        return voices.load(lang).line("hardware.no_input")


#: a kit file's problem: (where: the file, (file, line) or "", pack key, params);
#: a param may itself be (key, params), said in the same language
Problem = tuple[str | tuple[str, int], str, dict[str, Any]]


class WiringError(WakkerdamError, ValueError):
    """A kit file that does not describe a wiring the box can use.

    ``problems``: each (where, key, params), where is the file (and line) or
    "". ``str()`` lists them all in English (logs, tests); :meth:`message` is
    one line in the table's language: the first, and how many more."""

    def __init__(self, *problems: Problem) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(_problem(p, "en") for p in self.problems))

    def message(self, lang: str) -> str:
        first = _problem(self.problems[0], lang)
        more = len(self.problems) - 1
        return f"{first} {_say(lang, 'hardware.kit.more', {'n': more})}" if more else first


def wiring_error(where: str | tuple[str, int], key: str, **params: Any) -> WiringError:
    """One problem of a kit file (or a token registry) as a WiringError."""
    return WiringError((where, key, params))


def _problem(problem: Problem, lang: str) -> str:
    where, key, params = problem
    text = " ".join(_say(lang, key, params).split())  # one line, whatever a value holds
    if isinstance(where, tuple):
        where = _say(lang, "hardware.kit.where", {"file": where[0], "line": where[1]})
    return f"{where}: {text}" if where else text


def _say(lang: str, key: str, params: dict[str, Any]) -> str:
    import voices

    pack = voices.load(lang)
    ready = {k: _say(lang, *v) if isinstance(v, tuple) else v for k, v in params.items()}
    return pack.line(key, **ready)


@dataclass(frozen=True)
class Press:
    """A button went down (``down=True``) or up; ``name`` is ``seat:<n>`` or
    ``yes``/``no``/``next``."""

    name: str
    down: bool
    t: float


@dataclass(frozen=True)
class Tag:
    """An RFID tag was held on the reader; ``uid`` in upper-case hex."""

    uid: str
    t: float


@dataclass(frozen=True)
class Typed:
    """A line typed on the keyboard (the fallback that always remains)."""

    text: str
    t: float


Event = Press | Tag | Typed


class Clock(Protocol):
    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class RealClock:
    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class FakeClock:
    """Time that moves only when told to: ``sleep`` returns at once."""

    def __init__(self, start: float = 1000.0) -> None:
        self._t = start
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._t

    def sleep(self, seconds: float) -> None:
        self.advance(seconds)

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._t += max(0.0, seconds)


#: while a button may still be bouncing, a wait on a real clock looks again this often
SETTLE_SLICE_S = 0.01


class EventQueue:
    """A thread-safe queue of events stamped by the kit's clock.

    *Settlers* (the button banks) are asked before every read to report what
    bouncing contacts came to rest at, so a release lost in the bounce is
    reported with its own time, not at the next press."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._q: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self._settlers: list[Callable[[], None]] = []

    def add_settler(self, settle: Callable[[], None]) -> None:
        self._settlers.append(settle)

    def _settle(self) -> None:
        for settle in self._settlers:
            settle()

    def put(self, event: Event) -> None:
        self._q.put(event)

    def press(self, name: str, down: bool, t: float | None = None) -> None:
        self.put(Press(name, down, self.clock.now() if t is None else t))

    def tag(self, uid: str) -> None:
        self.put(Tag(uid, self.clock.now()))

    def typed(self, text: str) -> None:
        self.put(Typed(text, self.clock.now()))

    def _next(self) -> Event | None:
        self._settle()
        try:
            return self._q.get_nowait()
        except queue.Empty:
            return None

    def get(self, timeout: float) -> Event | None:
        """The next event, waiting at most ``timeout`` (real clock) or not at
        all (a fake clock, which instead moves on by ``timeout``)."""
        ev = self._next()
        if ev is not None:
            return ev
        if isinstance(self.clock, FakeClock):
            self.clock.advance(timeout)
            return self._next()
        end = self.clock.now() + timeout
        while (left := end - self.clock.now()) > 0:
            try:
                return self._q.get(timeout=min(left, SETTLE_SLICE_S) if self._settlers else left)
            except queue.Empty:
                if (ev := self._next()) is not None:
                    return ev
        return self._next()

    def drain(self) -> list[Event]:
        self._settle()
        out: list[Event] = []
        while True:
            try:
                out.append(self._q.get_nowait())
            except queue.Empty:
                return out
