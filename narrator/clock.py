"""Time for the moderator: the real clock, or a virtual one for --fast."""

from __future__ import annotations

import time


class RealClock:
    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


class FastClock:
    """No real waits: sleeping only moves the virtual time on, so that the
    game's timeline (and a WAV of it) is the same as a real one."""

    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            self.t += seconds
