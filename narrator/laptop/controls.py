"""The laptop's :class:`ports.Controls`."""

from __future__ import annotations

import math
import time

from narrator.laptop.session import LaptopSession


def next_mark(left: int) -> int:
    """The next time left (in seconds) the countdown shows after ``left``:
    every half minute, every ten seconds in the last minute, every second in
    the last five."""
    if left > 60:
        return (left - 1) // 30 * 30
    if left > 5:
        return max(5, (left - 1) // 10 * 10)
    return left - 1


class LaptopControls:
    """``Controls``: keys typed during the discussion (never waits); and,
    polled about every second then, the discussion's countdown on screen."""

    COMMANDS = {"n": "next", "r": "repeat", "p": "pause", "": "resume", "+": "louder", "-": "softer"}

    def __init__(self, session: LaptopSession) -> None:
        self.s = session
        self._mark: int | None = None
        self._ends: float | None = None

    def countdown(self) -> None:
        ends = self.s.discussion_ends
        if ends is None:
            return
        if ends != self._ends:  # a new discussion: show its length first
            self._ends, self._mark = ends, None
        left = math.ceil(ends - time.monotonic())
        if left <= 0 or (self._mark is not None and left > self._mark):
            return
        minutes, seconds = divmod(left, 60)
        self.s.screen.show(self.s.pack.line("laptop.time_left", time=f"{minutes}:{seconds:02d}"))
        self._mark = next_mark(left)

    def poll(self) -> list[str]:
        self.countdown()
        out = []
        for line in self.s.keyboard.pending():
            key = line.strip().lower()
            command = self.COMMANDS.get(key)
            if command is None:
                self.s.screen.show(self.s.pack.line("laptop.unknown_key"))
                continue
            if command == "repeat" and self.s.last_line:
                self.s.screen.show(self.s.pack.line("laptop.repeat", line=self.s.last_line))
            out.append(command)
        return out
