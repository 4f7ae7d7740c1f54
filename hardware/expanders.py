"""The I²C chips that give the Pi more pins: MCP23017 (16 I/O) for seat
buttons and vibration motors, PCA9685 (16 PWM) for candles.

Each wraps the Adafruit CircuitPython driver, imported lazily. A chip that
stops answering marks itself ``lost``; its owners report that once and the
game goes on without it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from hardware.buses import Mcp23017Model
from hardware.events import HardwareError

IOCON_MIRROR = 0x40   # INTA and INTB are one line: one GPIO per chip
IOCON_ODR = 0x04      # open drain: several chips may share a pulled-up line


class Mcp23017:
    """One MCP23017: inputs watched through its INT line, outputs by bit."""

    def __init__(self, i2c: Any, address: int, interrupt_pin: int | None, *,
                 pin_factory: Any = None):
        from adafruit_mcp230xx.mcp23017 import MCP23017

        self.address = address
        self.i2c = i2c
        self.lost = False
        self._lock = threading.Lock()
        try:
            self.chip = MCP23017(i2c, address)
            self.chip.io_control = IOCON_MIRROR | IOCON_ODR
        except (OSError, ValueError) as exc:
            raise HardwareError(f"MCP23017 at 0x{address:02x} does not answer: {exc}") from None
        self._inputs = 0
        self._outputs = 0
        self._out_state = 0
        self._last = 0xFFFF
        self._watchers: list[Callable[[int, int], None]] = []
        self._int = None
        if interrupt_pin is not None:
            from gpiozero import Button

            self._int = Button(interrupt_pin, pull_up=True, pin_factory=pin_factory)
            self._int.when_pressed = self._on_interrupt
            model = getattr(i2c, "devices", {}).get(address)
            if isinstance(model, Mcp23017Model):
                # On a fake bus the chip model drives the mock interrupt pin.
                pin = self._int.pin
                model.int_line = lambda active: pin.drive_low() if active else pin.drive_high()

    def watch_inputs(self, pins: tuple[int, ...], changed: Callable[[int, int], None]) -> None:
        mask = sum(1 << p for p in pins)
        with self._lock:
            self._inputs |= mask
            self.chip.iodir = self.chip.iodir | mask
            self.chip.gppu = self.chip.gppu | mask
            self.chip.interrupt_configuration = self.chip.interrupt_configuration & ~mask
            self.chip.interrupt_enable = self.chip.interrupt_enable | mask
            self._last = self.chip.gpio
        self._watchers.append(changed)

    def setup_outputs(self, pins: tuple[int, ...]) -> None:
        mask = sum(1 << p for p in pins)
        with self._lock:
            self._outputs |= mask
            self._out_state &= ~mask
            self.chip.gpio = self._out_state
            self.chip.iodir = self.chip.iodir & ~mask & 0xFFFF

    def set_outputs(self, values: dict[int, bool]) -> None:
        """Set several output pins in one bus write (all motors start together)."""
        state = self._out_state
        for pin, on in values.items():
            state = state | (1 << pin) if on else state & ~(1 << pin)
        try:
            with self._lock:
                self.chip.gpio = state
                self._out_state = state
        except OSError:
            self.lost = True

    def poll(self) -> None:
        """Read the inputs now, as an interrupt would (a change the INT line
        did not signal is found here)."""
        if self._watchers and not self.lost:
            self._on_interrupt()

    def _on_interrupt(self) -> None:
        # Runs on lgpio's one callback thread, which does not survive an
        # exception: nothing may escape from here.
        try:
            with self._lock:
                new = self.chip.gpio
            old, self._last = self._last, new
            if old == new:
                return
            for watcher in self._watchers:
                watcher(old, new)
        except Exception:  # noqa: BLE001
            self.lost = True

    def drive_input(self, pin: int, down: bool) -> None:
        """Instrument (fake bus only): a finger on input ``pin``."""
        model = self.i2c.devices[self.address]
        model.set_input(pin, low=down)

    def check(self) -> bool:
        if self.lost:
            return False
        try:
            with self._lock:
                self.chip.iodir  # noqa: B018 - a read to see the chip answer
        except OSError:
            self.lost = True
        return not self.lost

    def close(self) -> None:
        if self._int is not None:
            self._int.close()


class Pca9685:
    """One PCA9685: 16 PWM channels for candles beyond the Pi's own pins."""

    def __init__(self, i2c: Any, address: int, frequency: int = 1000):
        from adafruit_pca9685 import PCA9685

        self.address = address
        self.lost = False
        try:
            self.chip = PCA9685(i2c, address=address)
            self.chip.frequency = frequency
        except (OSError, ValueError) as exc:
            raise HardwareError(f"PCA9685 at 0x{address:02x} does not answer: {exc}") from None

    def set(self, channel: int, level: float) -> None:
        try:
            self.chip.channels[channel].duty_cycle = int(max(0.0, min(1.0, level)) * 0xFFFF)
        except OSError:
            self.lost = True

    def check(self) -> bool:
        if not self.lost:
            try:
                self.chip.mode1_reg  # noqa: B018
            except OSError:
                self.lost = True
        return not self.lost

    def close(self) -> None:
        pass
