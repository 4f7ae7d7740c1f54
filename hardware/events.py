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
from dataclasses import dataclass
from typing import Protocol

from engine.errors import WakkerdamError


class HardwareError(WakkerdamError, RuntimeError):
    """A device that cannot be opened or stopped answering."""


class WiringError(WakkerdamError, ValueError):
    """A kit file that does not describe a wiring the box can use."""


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


class EventQueue:
    """A thread-safe queue of events stamped by the kit's clock."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._q: queue.SimpleQueue[Event] = queue.SimpleQueue()

    def put(self, event: Event) -> None:
        self._q.put(event)

    def press(self, name: str, down: bool) -> None:
        self.put(Press(name, down, self.clock.now()))

    def tag(self, uid: str) -> None:
        self.put(Tag(uid, self.clock.now()))

    def typed(self, text: str) -> None:
        self.put(Typed(text, self.clock.now()))

    def get(self, timeout: float) -> Event | None:
        """The next event, waiting at most ``timeout`` (real clock) or not at
        all (a fake clock, which instead moves on by ``timeout``)."""
        try:
            return self._q.get_nowait()
        except queue.Empty:
            pass
        if isinstance(self.clock, FakeClock):
            self.clock.advance(timeout)
            return None
        try:
            return self._q.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[Event]:
        out: list[Event] = []
        while True:
            try:
                out.append(self._q.get_nowait())
            except queue.Empty:
                return out
