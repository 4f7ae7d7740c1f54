"""The kit's :class:`ports.PrivateChannel`.

``show``: the line appears on the console's display (the woken player is
at the console anyway) until it is acknowledged — *next* or *yes*, the
addressed seat's pod button, or that seat's token — or ``SHOW_S`` passes;
then the display is cleared. Without a display (the laptop, or a display
that died) the terminal asks for the laptop to be passed to that player,
waits for Enter, shows the line, waits for Enter and scrolls it away.

``show(..., sleeper=True)`` (the engine's mark: the lovers, the charmed) taps
the seats first. ``tap``: on pod kits every seat's motor buzzes at the same moment; the
addressed seats feel :data:`~hardware.outputs.YOU`, all others
:data:`~hardware.outputs.NOT_YOU` (same length, same buzzing time: the sound
gives nothing away). Without motors, a *round* goes past every seat in
order: each player in turn is handed the console (or the laptop) and sees
either "it is you" — or the line that follows the tap, such as "you are in
love with X" — or "nothing for you", in the same steps, so that who was
tapped shows nowhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hardware.events import Press, Tag, Typed
from hardware.outputs import NOT_YOU, YOU

if TYPE_CHECKING:
    from hardware.kit import Kit

SHOW_S = 30.0
POLL_S = 0.05
#: enough blank lines to push a private line off a laptop's terminal
SCROLL = "\n" * 60


class KitPrivate:
    def __init__(self, kit: Kit):
        self.kit = kit
        #: bots read the screen here: (seats, text) when a private line is shown
        self.on_show: Callable[[tuple[str, ...], str], None] | None = None
        self.shown: list[tuple[tuple[str, ...], str]] = []
        self.taps: list[tuple[str, ...]] = []
        #: how long a private line waits to be acknowledged before it is hidden
        self.show_s = SHOW_S
        self._pending_tap: tuple[str, ...] | None = None

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any], *,
             sleeper: bool = False) -> None:
        if sleeper:  # news for players asleep (the engine's mark): tap them first
            self.tap(seats)
        text = self.kit.pack.line(key, **params)
        pending, self._pending_tap = self._pending_tap, None
        if pending is not None and set(pending) == set(seats):
            # A tap and its line (lovers, the charmed) make one round.
            self.shown.append((tuple(seats), text))
            self._round(seats, text)
            return
        if pending is not None:
            self._round(pending, None)
        self._deliver(seats, text)

    def tap(self, seats: tuple[str, ...]) -> None:
        kit = self.kit
        self.taps.append(tuple(seats))
        if kit.has_motors():
            patterns = {kit.seat_of(p): (YOU if p in seats else NOT_YOU) for p in kit.players}
            banks = {id(b): b for b in kit.motors.values()}
            # One bank per backend; each plays its seats' patterns (same start).
            for bank in banks.values():
                bank.play({s: pat for s, pat in patterns.items() if s in bank.names})
            return
        # Without motors the tap is a round past every seat; the line that
        # usually follows a tap is given in the same round (see ``show``).
        self.flush()
        self._pending_tap = tuple(seats)

    def flush(self) -> None:
        """Make a tap that is still waiting for its line happen now."""
        pending, self._pending_tap = self._pending_tap, None
        if pending is not None:
            self._round(pending, None)

    def _round(self, seats: tuple[str, ...], text: str | None) -> None:
        """Every player in seat order, each in the same steps: the addressed
        see ``text`` (or "it is you"), the others "nothing for you"."""
        kit = self.kit
        for player in kit.players:
            if kit.display_ok():
                self._deliver((player,), kit.pack.line("hardware.tap.turn", name=player), record=False)
            if player in seats:
                line = text or kit.pack.line("hardware.tap.you")
            else:
                line = kit.pack.line("hardware.tap.not_you")
            self._deliver((player,), line, record=False)

    # -- one private line ------------------------------------------------------
    def _deliver(self, seats: tuple[str, ...], text: str, *, record: bool = True) -> None:
        kit = self.kit
        if record:
            self.shown.append((tuple(seats), text))
        kit.events.drain()
        if kit.display_ok():
            assert kit.display is not None
            kit.display.show(text)
        if kit.display_ok():
            self._notify(seats, text)
            self._wait_ack(seats)
            kit.clear_screen()
            return
        if not kit.terminal_ok():
            # No display and no one at a terminal (a service whose display
            # died): the line cannot be given privately, and must not go to
            # the log. The player gets nothing rather than everyone.
            return
        # The laptop (or a display that died): pass it round.
        for seat in seats:
            print(kit.pack.line("hardware.private.pass_to", name=seat), file=kit.screen, flush=True)
            self._notify((seat,), "")
            self._wait_ack((seat,))
            print(text, file=kit.screen, flush=True)
            print(kit.pack.line("hardware.private.done"), file=kit.screen, flush=True)
            self._notify((seat,), text)
            self._wait_ack((seat,))
            print(SCROLL, file=kit.screen, flush=True)

    def _notify(self, seats: tuple[str, ...], text: str) -> None:
        if self.on_show is not None:
            self.on_show(tuple(seats), text)

    def _wait_ack(self, seats: tuple[str, ...]) -> None:
        kit = self.kit
        own = {kit.seat_of(p) for p in seats}
        tokens = {kit.registry.token_of(int(s.split(":")[1])) for s in own if s}
        deadline = kit.clock.now() + self.show_s
        while kit.clock.now() < deadline:
            kit.poll_reader()
            ev = kit.events.get(POLL_S)
            if isinstance(ev, Press) and ev.down and (ev.name in ("next", "yes") or ev.name in own):
                return
            if isinstance(ev, Tag) and ev.uid in tokens:
                return
            if isinstance(ev, Typed):
                return
