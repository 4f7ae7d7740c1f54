"""Buttons: the seats' pods and the console's yes / no / next.

Layers, as in gpiozero: a :class:`ButtonBank` turns edges into :class:`Press`
events on the kit's queue; backends only say *which* button moved:

- :class:`FakeButtons` — an instrument for tests (``bank.press("yes")``);
- :class:`GpioButtons` — one gpiozero ``Button`` per pin;
- :class:`McpButtons` — inputs on MCP23017 expanders, read when the chip's
  mirrored, open-drain INTA line (one Pi GPIO, a gpiozero ``Button``) falls.

Debounce is done here, in our own code, for every backend alike (gpiozero's
mock pins do not simulate ``bounce_time``, and the MCP23017 has none). The
first edge after a quiet spell is reported at once (a press is felt without
delay); the edges that follow within ``debounce_s`` are contact bounce. Once
a button has been still for ``debounce_s`` it has *settled*: if it came to
rest at the other level (a tap shorter than the bounce, or a release whose
edge was lost) that is reported with the time it happened — never at the
next press, where a tap would read as a hold. Backends that can lose edges
(an expander read late) look at the real level when settling. A held button
gives one press however long it is held (pins report changes only).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

from hardware.events import EventQueue, FakeClock

DEBOUNCE_S = 0.02


class ButtonBank:
    """A set of named buttons that report to one event queue."""

    def __init__(self, names: tuple[str, ...], events: EventQueue, debounce_s: float = DEBOUNCE_S):
        self.names = names
        self.events = events
        self.debounce_s = debounce_s
        self._down: dict[str, bool] = dict.fromkeys(names, False)  # as reported
        self._raw: dict[str, bool] = dict.fromkeys(names, False)   # as the pin said last
        self._raw_t: dict[str, float] = {}
        self._bouncing: set[str] = set()
        self._lock = threading.Lock()
        self.lost = False
        events.add_settler(self.settle)

    def _edge(self, name: str, down: bool) -> None:
        """Called by a backend (possibly on a driver's thread) for every edge."""
        t = self.events.clock.now()
        report: list[tuple[bool, float]] = []
        with self._lock:
            if name not in self._down:
                return
            last = self._raw_t.get(name)
            quiet = last is None or t - last >= self.debounce_s
            if quiet:
                if name in self._bouncing:
                    # The last burst came to rest without being settled yet.
                    self._bouncing.discard(name)
                    if self._raw[name] != self._down[name]:
                        self._down[name] = self._raw[name]
                        report.append((self._raw[name], last or t))
                if self._down[name] == down:
                    # A pin only repeats its level when an edge between was
                    # lost: report that edge now, then this one.
                    report.append((not down, t))
                self._down[name] = down
                report.append((down, t))
            self._raw[name], self._raw_t[name] = down, t
            self._bouncing.add(name)
        for level, at in report:
            self.events.press(name, level, at)

    def settle(self) -> None:
        """Report where buttons still for ``debounce_s`` came to rest."""
        if not self._bouncing:
            return
        self._refresh()
        now = self.events.clock.now()
        report: list[tuple[str, bool, float]] = []
        with self._lock:
            for name in sorted(self._bouncing):
                t = self._raw_t[name]
                if now - t < self.debounce_s:
                    continue
                self._bouncing.discard(name)
                level = self._level(name)
                if level != self._down[name]:
                    self._down[name] = level
                    report.append((name, level, t))
        for name, level, at in report:
            self.events.press(name, level, at)

    def _refresh(self) -> None:
        """Backends whose edges can be lost read the real levels here."""

    def _level(self, name: str) -> bool:
        return self._raw[name]

    def is_down(self, name: str) -> bool:
        return self._down.get(name, False)

    # -- instruments: how a test (or a bot) presses a button of this bank --
    def _drive(self, name: str, down: bool) -> None:
        raise NotImplementedError

    def press(self, name: str) -> None:
        self._drive(name, True)

    def release(self, name: str) -> None:
        self._drive(name, False)

    def click(self, name: str, seconds: float = 0.15) -> None:
        """Press and release; with a fake clock the time passes at once."""
        self._drive(name, True)
        self._pass(seconds)
        self._drive(name, False)
        self._pass(self.debounce_s * 2)

    def hold(self, name: str, seconds: float = 1.5) -> None:
        self.click(name, seconds)

    def bounce(self, name: str, edges: int = 3, within: float = 0.004) -> None:
        """A worn contact: ``edges`` edges (down, up, down ...) within
        ``within`` seconds; an even number ends released."""
        for i in range(edges):
            self._drive(name, i % 2 == 0)
            self._pass(within / max(1, edges - 1))

    def _pass(self, seconds: float) -> None:
        clock = self.events.clock
        if isinstance(clock, FakeClock):
            clock.advance(seconds)
        else:
            clock.sleep(seconds)

    def check(self) -> bool:
        """True while the backend answers (the start-up and mid-game check)."""
        return not self.lost

    def close(self) -> None:
        pass


class FakeButtons(ButtonBank):
    """Buttons that exist only in a test: ``press`` sends the edge directly
    (like a pin, only when the level changes)."""

    def _drive(self, name: str, down: bool) -> None:
        levels = self.__dict__.setdefault("_levels", {})
        if levels.get(name, False) != down:
            levels[name] = down
            self._edge(name, down)


class GpioButtons(ButtonBank):
    """One gpiozero ``Button`` per pin (BCM numbers), pulled up, active low."""

    def __init__(self, pins: Mapping[str, int], events: EventQueue, *, pin_factory: Any = None,
                 debounce_s: float = DEBOUNCE_S):
        super().__init__(tuple(pins), events, debounce_s)
        from gpiozero import Button  # lazily: nothing above hardware/ needs gpiozero

        self.pins = dict(pins)
        self._factory = pin_factory
        self._buttons = {}
        for name, pin in pins.items():
            b = Button(pin, pull_up=True, pin_factory=pin_factory)
            b.when_pressed = self._handler(name, True)
            b.when_released = self._handler(name, False)
            self._buttons[name] = b

    def _handler(self, name: str, down: bool) -> Callable[[], None]:
        return lambda: self._edge(name, down)

    def _level(self, name: str) -> bool:
        button = self._buttons.get(name)
        return bool(button.is_pressed) if button is not None else self._raw[name]

    def _drive(self, name: str, down: bool) -> None:
        # Only meaningful on gpiozero's mock pins: pull the pin low to press.
        pin = self._buttons[name].pin
        if down:
            pin.drive_low()
        else:
            pin.drive_high()

    def close(self) -> None:
        for b in self._buttons.values():
            b.close()
        self._buttons.clear()


class McpButtons(ButtonBank):
    """Buttons on MCP23017 inputs; one interrupt GPIO per chip.

    ``pins`` maps a button name to ``(chip, pin)`` where ``chip`` is an
    :class:`hardware.expanders.Mcp23017`. On the falling INTA edge the chip's
    16-bit GPIO register is read (which also clears the interrupt) and diffed
    against the last reading.
    """

    def __init__(self, pins: Mapping[str, tuple[Any, int]], events: EventQueue, *,
                 debounce_s: float = DEBOUNCE_S):
        super().__init__(tuple(pins), events, debounce_s)
        self.pins = dict(pins)
        self._chips: dict[int, Any] = {}
        by_chip: dict[int, dict[int, str]] = {}
        for name, (chip, pin) in pins.items():
            self._chips[chip.address] = chip
            by_chip.setdefault(chip.address, {})[pin] = name
        for address, names in by_chip.items():
            chip = self._chips[address]
            chip.watch_inputs(tuple(names), self._changed_handler(names))

    def _changed_handler(self, names: dict[int, str]) -> Callable[[int, int], None]:
        def changed(old: int, new: int) -> None:
            for pin, name in names.items():
                bit = 1 << pin
                if (old ^ new) & bit:
                    self._edge(name, not new & bit)  # pulled up: low = pressed
        return changed

    def _drive(self, name: str, down: bool) -> None:
        chip, pin = self.pins[name]
        chip.drive_input(pin, down)

    def _refresh(self) -> None:
        # An edge while the chip's INT line was still active raises no new
        # interrupt: read the inputs again (the changes come in as edges).
        for chip in self._chips.values():
            chip.poll()

    def check(self) -> bool:
        self.lost = self.lost or not all(c.check() for c in self._chips.values())
        return not self.lost
