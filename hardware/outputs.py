"""What the box shows and makes felt at the seats: candles and taps.

Candles are LEDs that flicker like a flame (Maneschijn: one per player, blown
out when that player dies). Taps are short buzzes of the vibration motors.
Backends: a fake that records, gpiozero (``PWMLED`` / ``DigitalOutputDevice``),
and the I²C chips (PCA9685 for candles, MCP23017 outputs for motors).

A tap never reveals by sound whom it is for: every seat's motor plays the
same :data:`TAP` at the same moment (:func:`buzz_together`), whoever is
addressed and when nobody is. Whom it was for is said afterwards in a private
round of fixed shape (``hardware.private``). Two rhythms, one for "you" and
one for the others, would differ at some moment, and a neighbour hears it.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator, Mapping
from typing import Any, Literal

from hardware.events import Clock, FakeClock

CandleState = Literal["out", "glow", "lit", "bright"]
#: "glow" is the night cursor on a dark candle: enough for open eyes next to
#: it, too faint to notice through closed ones across the table.
LEVELS: dict[str, float] = {"out": 0.0, "glow": 0.08, "lit": 0.6, "bright": 1.0}

#: (on, off) seconds.
Pattern = tuple[tuple[float, float], ...]
#: The tap: every seat, every time (0.75 s buzzing in 0.95 s).
TAP: Pattern = ((0.15, 0.1), (0.15, 0.1), (0.45, 0.0))
#: The self-test's buzz: one short pulse per seat, one seat after another.
PULSE: Pattern = ((0.2, 0.0),)


def flicker_levels(rng: random.Random | None = None, base: float = 0.6) -> Iterator[float]:
    """An endless, gently wandering brightness around ``base`` (a flame)."""
    rng = rng or random.Random()
    level = base
    while True:
        level += (base - level) * 0.3 + rng.uniform(-0.12, 0.12)
        level = max(0.25, min(0.85, level))
        yield level


class CandleBank:
    """Named candles (``seat:<n>``); ``states`` is what each shows now."""

    def __init__(self, names: tuple[str, ...]):
        self.names = names
        self.states: dict[str, CandleState] = dict.fromkeys(names, "out")
        self.history: list[tuple[str, CandleState]] = []
        self.lost = False

    def set(self, name: str, state: CandleState) -> None:
        if name not in self.states or self.states[name] == state:
            return
        self.states[name] = state
        self.history.append((name, state))
        self._apply(name, state)

    def _apply(self, name: str, state: CandleState) -> None:
        pass

    def level(self, name: str) -> float:
        """The brightness the backend really drives (instrument)."""
        return LEVELS[self.states[name]]

    def check(self) -> bool:
        return not self.lost

    def close(self) -> None:
        pass


class FakeCandles(CandleBank):
    pass


class GpioCandles(CandleBank):
    """One ``PWMLED`` per candle; a lit candle flickers (gpiozero ``source``)."""

    def __init__(self, pins: Mapping[str, int], *, pin_factory: Any = None, flicker: bool = True):
        super().__init__(tuple(pins))
        from gpiozero import PWMLED

        self.flicker = flicker
        self.leds = {name: PWMLED(pin, pin_factory=pin_factory) for name, pin in pins.items()}

    def _apply(self, name: str, state: CandleState) -> None:
        led = self.leds[name]
        led.source = None
        if state == "lit" and self.flicker:
            led.source_delay = 0.08
            led.source = flicker_levels()
        else:
            led.value = LEVELS[state]

    def level(self, name: str) -> float:
        return float(self.leds[name].value)

    def close(self) -> None:
        for led in self.leds.values():
            led.close()


class PcaCandles(CandleBank):
    """Candles on PCA9685 channels; one thread makes every lit one flicker."""

    def __init__(self, channels: Mapping[str, tuple[Any, int]], *, clock: Clock,
                 flicker: bool = True):
        super().__init__(tuple(channels))
        self.channels = dict(channels)
        self.clock = clock
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if flicker and not isinstance(clock, FakeClock):
            self._thread = threading.Thread(target=self._flicker, daemon=True, name="candles")
            self._thread.start()

    def _apply(self, name: str, state: CandleState) -> None:
        board, channel = self.channels[name]
        board.set(channel, LEVELS[state])
        self.lost = self.lost or board.lost

    def _flicker(self) -> None:
        flames = {name: flicker_levels() for name in self.names}
        while not self._stop.wait(0.08):
            for name, state in list(self.states.items()):
                if state == "lit":
                    board, channel = self.channels[name]
                    board.set(channel, next(flames[name]))

    def level(self, name: str) -> float:
        board, channel = self.channels[name]
        model = board.chip.i2c_device.i2c.devices[board.address]
        return model.duty(channel)

    def check(self) -> bool:
        self.lost = self.lost or not all(b.check() for b, _ in self.channels.values())
        return not self.lost

    def close(self) -> None:
        self._stop.set()


class MotorBank:
    """Named vibration motors; :meth:`play` buzzes several at once."""

    def __init__(self, names: tuple[str, ...], clock: Clock):
        self.names = names
        self.clock = clock
        self.felt: dict[str, list[Pattern]] = {n: [] for n in names}
        self.lost = False

    def play(self, patterns: Mapping[str, Pattern]) -> None:
        """Start every pattern at the same moment and return when all end."""
        play_together([self], patterns, self.clock)

    def _set_many(self, values: dict[str, bool]) -> None:
        pass

    def check(self) -> bool:
        return not self.lost

    def close(self) -> None:
        pass


def play_together(banks: list[MotorBank], patterns: Mapping[str, Pattern], clock: Clock) -> None:
    """Play ``patterns`` (motor name -> pattern) on several banks on one
    timeline: a motor on one backend starts and stops at the same moments as
    one on another (played bank after bank, one bank would buzz alone)."""
    changes: dict[float, list[tuple[MotorBank, str, bool]]] = {}
    for bank in banks:
        for name, pattern in patterns.items():
            if name not in bank.felt:
                continue
            bank.felt[name].append(pattern)
            t = 0.0
            for on, off in pattern:
                changes.setdefault(round(t, 4), []).append((bank, name, True))
                t += on
                changes.setdefault(round(t, 4), []).append((bank, name, False))
                t += off
    now = 0.0
    for t in sorted(changes):
        clock.sleep(t - now)
        now = t
        per_bank: dict[int, tuple[MotorBank, dict[str, bool]]] = {}
        for bank, name, on in changes[t]:
            per_bank.setdefault(id(bank), (bank, {}))[1][name] = on
        for bank, values in per_bank.values():
            bank._set_many(values)


def buzz_together(banks: list[MotorBank], names: list[str], clock: Clock) -> None:
    """The tap: every named motor plays :data:`TAP` at the same moment."""
    play_together(banks, dict.fromkeys(names, TAP), clock)


class FakeMotors(MotorBank):
    def __init__(self, names: tuple[str, ...], clock: Clock):
        super().__init__(names, clock)
        self.on: dict[str, bool] = dict.fromkeys(names, False)

    def _set_many(self, values: dict[str, bool]) -> None:
        self.on.update(values)


class GpioMotors(MotorBank):
    """Motors behind a transistor on Pi pins (a pin gives only ~16 mA)."""

    def __init__(self, pins: Mapping[str, int], clock: Clock, *, pin_factory: Any = None):
        super().__init__(tuple(pins), clock)
        from gpiozero import DigitalOutputDevice

        self.outs = {n: DigitalOutputDevice(p, pin_factory=pin_factory) for n, p in pins.items()}
        self.on = dict.fromkeys(pins, False)

    def _set_many(self, values: dict[str, bool]) -> None:
        for name, on in values.items():
            self.outs[name].value = on
            self.on[name] = on

    def close(self) -> None:
        for out in self.outs.values():
            out.close()


class McpMotors(MotorBank):
    """Motors on MCP23017 outputs: one bus write per chip per change."""

    def __init__(self, pins: Mapping[str, tuple[Any, int]], clock: Clock):
        super().__init__(tuple(pins), clock)
        self.pins = dict(pins)
        self.on = dict.fromkeys(pins, False)
        by_chip: dict[int, tuple[Any, list[int]]] = {}
        for chip, pin in pins.values():
            by_chip.setdefault(chip.address, (chip, []))[1].append(pin)
        for chip, chip_pins in by_chip.values():
            chip.setup_outputs(tuple(chip_pins))

    def _set_many(self, values: dict[str, bool]) -> None:
        per_chip: dict[int, tuple[Any, dict[int, bool]]] = {}
        for name, on in values.items():
            chip, pin = self.pins[name]
            per_chip.setdefault(chip.address, (chip, {}))[1][pin] = on
            self.on[name] = on
        for chip, chip_values in per_chip.values():
            chip.set_outputs(chip_values)
            self.lost = self.lost or chip.lost

    def check(self) -> bool:
        chips = {c.address: c for c, _ in self.pins.values()}
        self.lost = self.lost or not all(c.check() for c in chips.values())
        return not self.lost
