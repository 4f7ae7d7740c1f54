"""The laptop's terminal: a line reader that never blocks forever, and a
screen that can be wiped so the next person at the laptop sees nothing.

The reader works on the raw file descriptor with ``select()`` so that a
question's time-out holds whether stdin is a terminal, a pipe or a file, and
so that the discussion can look for keys without waiting.
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections import deque
from typing import TextIO

#: cursor home, clear the screen, clear the scrollback (xterm, VTE, kitty ...)
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
#: pushed out first, so that even a terminal that ignores the escape codes
#: scrolls the secret out of sight
BLANK_LINES = 60


class Keyboard:
    """Lines typed at the laptop, read from a file descriptor."""

    def __init__(self, fd: int | None = None) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self._buf = b""
        self._lines: deque[str] = deque()
        self._eof = False

    def readline(self, deadline: float | None = None) -> str | None:
        """The next line (without its newline), or None once ``deadline``
        (``time.monotonic()``) has passed. Raises EOFError at end of input."""
        while not self._lines:
            if self._eof:
                raise EOFError
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                return None
            ready, _, _ = select.select([self.fd], [], [], wait)
            if ready:
                self._fill()
        return self._lines.popleft()

    def pending(self) -> list[str]:
        """Every complete line typed so far, without waiting."""
        while not self._eof and select.select([self.fd], [], [], 0)[0]:
            self._fill()
        out = list(self._lines)
        self._lines.clear()
        if not out and self._eof:
            raise EOFError
        return out

    def take_enters(self) -> int:
        """How many bare Enters were typed so far, without waiting; they are
        taken, any other line stays to be read (push-to-talk's key)."""
        while not self._eof and select.select([self.fd], [], [], 0)[0]:
            self._fill()
        enters = sum(1 for line in self._lines if not line.strip())
        if enters:
            self._lines = deque(line for line in self._lines if line.strip())
        return enters

    def discard_typeahead(self) -> bool:
        """Forget what was typed before a question was shown (someone else's
        keys must not answer a secret question, nor an early ``u`` undo the
        next vote). Only on a terminal: a script piped in is meant to be read
        in full. True when something typed was dropped (to be said so)."""
        if not os.isatty(self.fd):
            return False
        # Read what is complete first, so that an end of input (Ctrl-D) typed
        # meanwhile still ends the game; then drop any half-typed line.
        while not self._eof and select.select([self.fd], [], [], 0)[0]:
            self._fill()
        try:
            import termios

            termios.tcflush(self.fd, termios.TCIFLUSH)
        except (ImportError, OSError):
            pass
        dropped = any(line.strip() for line in self._lines) or bool(self._buf.strip())
        self._lines.clear()
        self._buf = b""
        return dropped

    def _fill(self) -> None:
        data = os.read(self.fd, 4096)
        if not data:
            self._eof = True
            if self._buf:
                self._lines.append(self._decode(self._buf))
                self._buf = b""
            return
        self._buf += data
        *complete, self._buf = self._buf.split(b"\n")
        self._lines.extend(self._decode(line) for line in complete)

    @staticmethod
    def _decode(raw: bytes) -> str:
        return raw.decode("utf-8", errors="replace").rstrip("\r")


class Screen:
    """What the laptop shows."""

    def __init__(self, out: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        #: something was shown since the last clear
        self.dirty = True

    def show(self, text: str = "") -> None:
        self._write(text + "\n")

    def ask(self, text: str) -> None:
        """A prompt: no newline, the answer is typed after it."""
        self._write(text + " ")

    def clear(self) -> None:
        if self.dirty:
            self.out.write("\n" * BLANK_LINES + CLEAR)
            self.out.flush()
            self.dirty = False

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()
        self.dirty = True
