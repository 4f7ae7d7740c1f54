"""The kit's :class:`ports.PrivateChannel`.

``show``: the line appears on the console's display (the woken player is
at the console anyway) until it is acknowledged — *next* or *yes*, the
addressed seat's pod button, or that seat's token — or ``SHOW_S`` passes;
then the display is cleared. Without a display (the laptop, or a display
that died) the terminal asks for the laptop to be passed to that player,
waits for Enter, shows the line, waits for Enter and scrolls it away.

``tap_round``: the news for sleepers (the lovers, the charmed) in one round
of fixed shape, whatever it carries: on pod kits every seat's motor first
plays the same :data:`~hardware.outputs.TAP` at the same moment; then the
round goes past every seat in order, each player in turn handed the console
(or the laptop) and shown either their line ("you are in love with X", "it is
you") or "nothing for you". Every screen of the round is held exactly
:data:`TURN_S` / :data:`LINE_S` — a quick press only blanks it sooner — so
the round lasts the same with lovers, without, and when nobody at all is
addressed (the moderator holds such a pretended round for every called step
that can tap).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from hardware.events import Press, Tag, Typed
from hardware.outputs import buzz_together

if TYPE_CHECKING:
    from hardware.devices import Devices

SHOW_S = 30.0
#: a round's screens: "your turn" and then the player's line, each held this long
TURN_S = 2.0
LINE_S = 4.0
POLL_S = 0.05
#: enough blank lines to push a private line off a laptop's terminal
SCROLL = "\n" * 60


class KitPrivate:
    def __init__(self, kit: Devices):
        self.kit = kit
        #: bots read the screen here: (seats, text) when a private line is shown
        self.on_show: Callable[[tuple[str, ...], str], None] | None = None
        self.shown: list[tuple[tuple[str, ...], str]] = []
        self.taps: list[tuple[str, ...]] = []
        #: how long a private line waits to be acknowledged before it is hidden
        self.show_s = SHOW_S

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any], *,
             sleeper: bool = False) -> None:
        if sleeper:  # news for players asleep: in a round of fixed shape
            self.tap_round({p: (key, params) for p in seats})
            return
        self._deliver(seats, self.kit.pack.line(key, **params))

    def tap(self, seats: tuple[str, ...]) -> None:
        """A tap with no line of its own: a round where ``seats`` read "it is you"."""
        self.tap_round({p: ("hardware.tap.you", {}) for p in seats})

    def tap_round(self, lines: Mapping[str, tuple[str, dict[str, Any]]], *, line_s: float = LINE_S) -> None:
        """One round of fixed shape: ``lines`` maps a player to the key and
        params of their line; every other player reads "nothing for you".
        ``line_s``: how long each line is held (longer for a line to learn,
        the talking wall's codes)."""
        kit = self.kit
        texts = {p: kit.pack.line(key, **params) for p, (key, params) in lines.items()}
        self.taps.append(tuple(p for p in kit.players if p in texts))
        for player in kit.players:
            if player in texts:
                self.shown.append(((player,), texts[player]))
        if kit.has_motors():
            banks = list({id(b): b for b in kit.motors.values()}.values())
            seats = [s for p in kit.players if (s := kit.seat_of(p)) is not None]
            buzz_together(banks, seats, kit.clock)
        for player in kit.players:
            if kit.display_ok():
                self._screen(player, kit.pack.line("hardware.tap.turn", name=player), TURN_S)
            else:
                self._screen(player, kit.pack.line("hardware.private.pass_to", name=player), TURN_S)
            self._screen(player, texts.get(player, kit.pack.line("hardware.tap.not_you")), line_s)

    def _screen(self, player: str, text: str, hold: float) -> None:
        """One screen of a round for ``player``, held exactly ``hold`` seconds."""
        kit = self.kit
        end = kit.clock.now() + hold
        kit.events.drain()
        if kit.display_ok():
            assert kit.display is not None
            kit.display.show(text)
            self._notify((player,), text)
            self._wait_ack((player,), end)
            kit.clear_screen()
        elif kit.terminal_ok():
            print(text, file=kit.screen, flush=True)
            self._notify((player,), text)
            self._wait_ack((player,), end)
            print(SCROLL, file=kit.screen, flush=True)
        left = end - kit.clock.now()
        if left > 0:
            kit.clock.sleep(left)

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

    def _wait_ack(self, seats: tuple[str, ...], deadline: float | None = None) -> None:
        kit = self.kit
        own = {kit.seat_of(p) for p in seats}
        tokens = {kit.registry.token_of(int(s.split(":")[1])) for s in own if s}
        if deadline is None:
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
