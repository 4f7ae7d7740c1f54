"""RFID readers: player tokens (to point at a player) and role cards.

Every reader offers ``poll()`` (one quick look: the UID of a tag *newly* held
on it, else None) and ``read_uid(timeout)``. A tag left lying on the reader is
reported once; it must be taken away and held on again to count again.

Backends:

- :class:`FakeReader` — the instrument ``reader.present(uid)``;
- :class:`Rc522Reader` — an MFRC522 over SPI. The driver is our own few
  register reads and writes (REQA + anticollision for a 4-byte UID) on
  ``spidev``: the PyPI drivers import RPi.GPIO, which fails on a PC and on a
  Pi 5 (see the hardware notes). Tests put :class:`hardware.buses.Rc522Model`
  on the other end of the SPI bus;
- :class:`KeyboardReader` — a USB reader that "types" the UID and Enter;
  :func:`decode_keys` is the pure part, ``evdev`` is imported only on the Pi.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable
from typing import Any

from hardware.buses import (
    ANTICOLL_CL1,
    RC_BITFRAMING,
    RC_COMIRQ,
    RC_COMMAND,
    RC_ERROR,
    RC_FIFODATA,
    RC_FIFOLEVEL,
    RC_IDLE,
    RC_SOFTRESET,
    RC_TRANSCEIVE,
    RC_VERSION,
    REQA,
)
from hardware.events import Clock, HardwareError, RealClock

POLL_S = 0.05


class Reader:
    lost = False

    def __init__(self, clock: Clock | None = None):
        self.clock = clock or RealClock()

    def poll(self) -> str | None:
        raise NotImplementedError

    def read_uid(self, timeout: float) -> str | None:
        """The next tag held on the reader within ``timeout`` seconds, or None."""
        deadline = self.clock.now() + timeout
        while True:
            uid = self.poll()
            if uid is not None or self.clock.now() >= deadline:
                return uid
            self.clock.sleep(POLL_S)

    def check(self) -> bool:
        return not self.lost

    def close(self) -> None:
        pass


class FakeReader(Reader):
    def __init__(self, clock: Clock | None = None):
        super().__init__(clock)
        self._held: collections.deque[str] = collections.deque()

    def present(self, uid: str) -> None:
        self._held.append(uid.upper())

    def poll(self) -> str | None:
        return self._held.popleft() if self._held else None


# Register-level constants of the MFRC522 set-up (datasheet 9.3).
_TMODE, _TPRESCALER, _TRELOAD_H, _TRELOAD_L, _TXASK, _MODE, _TXCONTROL = (
    0x2A, 0x2B, 0x2C, 0x2D, 0x15, 0x11, 0x14)
_KNOWN_VERSIONS = {0x88, 0x90, 0x91, 0x92, 0x12, 0xB2}


class Rc522Reader(Reader):
    """An MFRC522 module on SPI (``spi`` is a ``spidev.SpiDev`` or a fake)."""

    def __init__(self, spi: Any = None, *, bus: int = 0, device: int = 0,
                 reset_pin: int | None = None, pin_factory: Any = None,
                 clock: Clock | None = None):
        super().__init__(clock)
        self._reset = None
        if reset_pin is not None:
            from gpiozero import DigitalOutputDevice

            # NRSTPD high = running; low would power the chip down.
            self._reset = DigitalOutputDevice(reset_pin, initial_value=True, pin_factory=pin_factory)
        if spi is None:
            try:
                import spidev
            except ImportError:
                raise HardwareError("the RC522 reader needs spidev (pip install '.[pi]')") from None
            spi = spidev.SpiDev()
            try:
                spi.open(bus, device)
            except OSError as exc:
                raise HardwareError(f"SPI {bus}.{device} cannot be opened: {exc}") from None
            spi.max_speed_hz = 1_000_000
            spi.mode = 0
        self.spi = spi
        self._present: str | None = None
        self._misses = 0
        self._init_chip()

    def _write(self, reg: int, value: int) -> None:
        self.spi.xfer2([(reg << 1) & 0x7E, value])

    def _read(self, reg: int) -> int:
        return self.spi.xfer2([((reg << 1) & 0x7E) | 0x80, 0])[1]

    def _init_chip(self) -> None:
        self._write(RC_COMMAND, RC_SOFTRESET)
        version = self._read(RC_VERSION)
        if version not in _KNOWN_VERSIONS:
            raise HardwareError(f"no RC522 answers on SPI (version register reads 0x{version:02x})")
        self.version = version
        self._write(_TMODE, 0x8D)       # timer starts after each transmission;
        self._write(_TPRESCALER, 0x3E)  # prescaler 0xD3E: ~0.5 ms ticks ...
        self._write(_TRELOAD_H, 0)
        self._write(_TRELOAD_L, 30)     # ... a silent card times out after ~15 ms
        self._write(_TXASK, 0x40)       # 100 % ASK modulation
        self._write(_MODE, 0x3D)        # CRC preset 0x6363
        self._write(_TXCONTROL, self._read(_TXCONTROL) | 0x03)  # antenna on

    def _transceive(self, frame: list[int], last_bits: int = 0) -> list[int] | None:
        self._write(RC_COMMAND, RC_IDLE)
        self._write(RC_COMIRQ, 0x7F)
        self._write(RC_FIFOLEVEL, 0x80)
        for byte in frame:
            self._write(RC_FIFODATA, byte)
        self._write(RC_COMMAND, RC_TRANSCEIVE)
        self._write(RC_BITFRAMING, 0x80 | last_bits)
        # A card answers within about 0.1 ms; polling stops sooner than the
        # chip's own timer so that an empty reader costs little bus time.
        for _ in range(25):
            irq = self._read(RC_COMIRQ)
            if irq & 0x30:
                break
            if irq & 0x01:
                return None
        else:
            return None
        if self._read(RC_ERROR) & 0x1B:
            return None
        return [self._read(RC_FIFODATA) for _ in range(self._read(RC_FIFOLEVEL))]

    def _look(self) -> str | None:
        atqa = self._transceive([REQA], last_bits=7)
        if not atqa or len(atqa) != 2:
            return None
        uid = self._transceive([ANTICOLL_CL1, 0x20])
        if not uid or len(uid) != 5 or uid[0] ^ uid[1] ^ uid[2] ^ uid[3] != uid[4]:
            return None
        return bytes(uid[:4]).hex().upper()

    def poll(self) -> str | None:
        if self.lost:
            return None
        try:
            uid = self._look()
            if uid is None and self._read(RC_VERSION) not in _KNOWN_VERSIONS:
                self.lost = True
                return None
        except OSError:
            self.lost = True
            return None
        if uid is None:
            # A card that lies still answers every other REQA only: two misses
            # in a row mean it was taken away.
            self._misses += 1
            if self._misses >= 2:
                self._present = None
            return None
        self._misses = 0
        if uid == self._present:
            return None
        self._present = uid
        return uid

    def close(self) -> None:
        if self._reset is not None:
            self._reset.close()


# evdev key codes (linux/input-event-codes.h) of what USB readers type.
_DIGITS = {2: "1", 3: "2", 4: "3", 5: "4", 6: "5", 7: "6", 8: "7", 9: "8", 10: "9", 11: "0"}
_HEX = {30: "A", 48: "B", 46: "C", 32: "D", 18: "E", 33: "F"}
_ENTER = {28, 96}
EV_KEY, KEY_DOWN = 1, 1


def decode_keys(events: Iterable[tuple[int, int, int]], pending: str = "") -> tuple[list[str], str]:
    """Turn ``(type, code, value)`` key events into finished UIDs.

    Returns the UIDs ended by Enter (upper-case hex: a decimal UID, as most
    readers type it, is converted) and what was typed after the last Enter.
    Keys a reader never types are ignored.
    """
    uids: list[str] = []
    for ev_type, code, value in events:
        if ev_type != EV_KEY or value != KEY_DOWN:
            continue
        if code in _ENTER:
            if pending:
                uids.append(_normal(pending))
            pending = ""
        elif code in _DIGITS:
            pending += _DIGITS[code]
        elif code in _HEX:
            pending += _HEX[code]
    return uids, pending


def _normal(typed: str) -> str:
    if typed.isdecimal():
        return f"{int(typed):08X}"
    return typed.upper()


class KeyboardReader(Reader):
    """A USB reader seen as a keyboard (an ``evdev.InputDevice``, grabbed so
    that its digits do not reach the console)."""

    def __init__(self, device: Any, clock: Clock | None = None):
        super().__init__(clock)
        self.device = device
        self._pending = ""
        self._done: collections.deque[str] = collections.deque()
        try:
            device.grab()
        except (OSError, AttributeError):
            pass  # already grabbed, or a fake: the UID still arrives

    @classmethod
    def open(cls, path: str, clock: Clock | None = None) -> KeyboardReader:
        try:
            import evdev
        except ImportError:
            raise HardwareError("the USB reader needs evdev (apt install python3-evdev)") from None
        try:
            return cls(evdev.InputDevice(path), clock)
        except OSError as exc:
            raise HardwareError(f"USB reader {path} cannot be opened: {exc}") from None

    def poll(self) -> str | None:
        if not self._done and not self.lost:
            try:
                events = [(e.type, e.code, e.value) for e in self.device.read()]
            except BlockingIOError:
                events = []
            except OSError:
                self.lost = True  # unplugged
                events = []
            uids, self._pending = decode_keys(events, self._pending)
            self._done.extend(uids)
        return self._done.popleft() if self._done else None
