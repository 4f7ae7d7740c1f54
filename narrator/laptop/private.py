"""The laptop's :class:`ports.PrivateChannel`."""

from __future__ import annotations

import time
from typing import Any

from narrator.laptop.session import DAY_SHOW_SECONDS, LaptopSession


class LaptopPrivate:
    """``PrivateChannel``: "pass the laptop to ...", Enter, the line, Enter,
    wiped. At night it lasts at most what is left of the call (a call must not
    grow because someone read something); in the day at most a minute. Lines
    for sleepers wait for the morning round (:class:`LaptopSession`)."""

    def __init__(self, session: LaptopSession) -> None:
        self.s = session

    def morning_round(self) -> None:
        """The engine's morning mark: every player takes the laptop in turn."""
        if self.s.game is not None:
            self.s.morning_round()

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any], *,
             sleeper: bool = False) -> None:
        s = self.s
        if sleeper and s.game is not None:
            # A box taps sleepers awake; a laptop cannot, so their news waits
            # for the morning round.
            for seat in seats:
                s.for_the_morning.setdefault(seat, []).append(s.pack.line(key, **params))
            return
        left = s.call_left()
        deadline = time.monotonic() + (DAY_SHOW_SECONDS if left is None else left)
        try:
            # In a night call only those called may be at the laptop: it names nobody.
            if not s.hand_over(seats, deadline, called=left is not None):
                return
            s.screen.show(s.pack.line(key, **params))
            s.screen.ask(s.pack.line("laptop.hide"))
            s.wait_for_enter(deadline)
        finally:
            s.screen.clear()
            if left is None:
                s.holder = None
