"""The laptop shared by the input, the private channel and the controls:
its keyboard, its screen, who holds it now, and the morning round."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from typing import Any

import voices
from engine import Game
from narrator.laptop.terminal import Keyboard, Screen

#: how long a private line may stay up in the day before it hides itself
DAY_SHOW_SECONDS = 60.0


class LaptopSession:
    """The laptop: its keyboard, its screen, who holds it now.

    The morning round: the lovers and the charmed are told while they sleep,
    and nobody can wake them at a laptop, so their lines are kept and, when
    the dawn's dead are named, the laptop goes round the whole table:
    everybody takes it, sees their news or "nothing new", hides it. The round
    happens on every morning the engine marks (cupid's first night, every
    night with the pied piper in the deck, every dawn that may bring news of
    its own), news or not, so it gives nothing away (``LaptopPrivate``).
    """

    def __init__(self, pack: voices.Pack, speaker: Any, keyboard: Keyboard, screen: Screen,
                 call_left: Callable[[], float | None] = lambda: None) -> None:
        self.pack = pack
        self.speaker = speaker
        self.keyboard = keyboard
        self.screen = screen
        #: seconds left of the night call under way, None outside calls
        self.call_left = call_left
        #: the game as it stands (set by run_laptop_game; None: no morning round)
        self.game: Callable[[], Game] | None = None
        #: who has the laptop for a secret step (None: it is on the table)
        self.holder: tuple[str, ...] | None = None
        self.last_line: str | None = None
        #: lines kept for the morning round, by player
        self.for_the_morning: dict[str, list[str]] = {}
        #: how long the day's discussion lasts (set by run_laptop_game), and
        #: when the one under way ends (``time.monotonic()``; None: none is)
        self.discussion_seconds = 0.0
        self.discussion_ends: float | None = None
        self._discussion = [line_pattern(pack, key) for key in
                            ("narration.discussion_start", "narration.discussion_start_one")]
        self._discussion_end = pack.line("narration.discussion_end")

    def public(self, text: str) -> None:
        """A line for everybody (the moderator's on_line): the laptop is back
        on the table."""
        self.holder = None
        self.last_line = text
        self.screen.show(text)
        if any(p.fullmatch(text) for p in self._discussion):
            self.screen.show(self.pack.line("laptop.discussion_keys"))
            self.discussion_ends = time.monotonic() + self.discussion_seconds
        elif text == self._discussion_end:
            self.discussion_ends = None

    def morning_round(self) -> None:
        """Every player in seat order takes the laptop and reads their news."""
        assert self.game is not None
        intro = self.pack.line("laptop.morning_round")
        self.screen.clear()
        self.screen.show(intro)
        self.speaker.say(intro)
        for name in self.game().state.players:  # the village as it is now (players may move)
            deadline = time.monotonic() + DAY_SHOW_SECONDS
            if self.hand_over((name,), deadline):
                # news not taken in time waits for the next round
                for line in self.for_the_morning.pop(name, None) or [self.pack.line("laptop.nothing_new")]:
                    self.screen.show(line)
                self.screen.ask(self.pack.line("laptop.hide"))
                self.wait_for_enter(deadline)
            self.screen.clear()
            self.holder = None

    def seats(self) -> tuple[str, ...] | None:
        """The players in seat order (None before the game runs)."""
        return self.game().setup.players if self.game is not None else None

    def names(self, seats: Sequence[str]) -> str:
        return self.pack.join(list(seats))

    def hand_over(self, seats: tuple[str, ...], deadline: float | None, *, called: bool = False) -> bool:
        """Make sure ``seats`` have the laptop before anything private shows.
        False when nobody took it in time.

        ``called``: for the players the voice has just woken. The screen then
        names nobody ("whoever is called now"): at night it is open to the
        whole table, and the names would say who holds the role."""
        if deadline is not None and deadline <= time.monotonic():
            return False  # the call is over: nobody is asked to come for nothing
        if self.holder != seats:
            self.screen.clear()
            self.screen.ask(self.pack.line("laptop.pass_to_called") if called
                            else self.pack.line("laptop.pass_to", names=self.names(seats)))
            while True:
                got = self.keyboard.readline(deadline)
                if got is None:
                    return False
                if not self.table_key(got):
                    break
            self.holder = seats
        self.screen.show(self.pack.line("laptop.only_for_called") if called
                         else self.pack.line("laptop.only_for", names=self.names(seats)))
        return True

    def table_key(self, text: str) -> bool:
        """Repeat, louder, softer: act on them wherever they are typed."""
        key = text.strip().lower()
        if key == "r":
            if self.last_line:
                self.screen.show(self.pack.line("laptop.repeat", line=self.last_line))
            self.speaker.repeat_last()
        elif key == "+":
            self.speaker.louder()
            self.screen.show(self.pack.line("laptop.louder"))
        elif key == "-":
            self.speaker.softer()
            self.screen.show(self.pack.line("laptop.softer"))
        else:
            return False
        return True

    def wait_for_enter(self, deadline: float | None) -> None:
        """Until Enter (table keys still act) or the deadline. Text typed
        instead of a bare Enter is not an answer to anything: it is said so,
        not swallowed unseen."""
        while (got := self.keyboard.readline(deadline)) is not None:
            if not self.table_key(got):
                if got.strip():
                    self.screen.show(self.pack.line("laptop.typed_not_counted"))
                return


def line_pattern(pack: voices.Pack, key: str) -> re.Pattern[str]:
    """A pack line as a regex, any text in place of its ``{params}``."""
    parts = re.split(r"\{\w+\}", pack.lines[key])
    return re.compile(".+?".join(re.escape(part) for part in parts))
