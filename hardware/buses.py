"""I²C buses: a real one for the Pi, and register models that stand in for
the chips in tests.

The Adafruit CircuitPython drivers (``adafruit_mcp230xx``, ``adafruit_pca9685``)
accept any object with the methods of ``busio.I2C``; :class:`SmbusI2C` gives
them ``/dev/i2c-1`` through smbus2 (so the Pi needs no Blinka platform
detection), and :class:`FakeI2C` gives them chips made of registers:
:class:`Mcp23017Model` and :class:`Pca9685Model`. A chip can be unplugged
(``bus.unplug(0x20)``) to play a device that vanishes mid-game.
"""

from __future__ import annotations

import errno
import threading
from collections.abc import Callable
from typing import Any


class _BusLock:
    """busio's cooperative lock: the drivers spin on ``try_lock``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def try_lock(self) -> bool:
        return self._lock.acquire(blocking=False)

    def unlock(self) -> None:
        if self._lock.locked():
            self._lock.release()


class RegisterModel:
    """A chip as a bank of 8-bit registers with an auto-incrementing pointer."""

    def __init__(self) -> None:
        self.regs = bytearray(256)
        self.pointer = 0

    def write(self, data: bytes) -> None:
        if not data:
            return  # a probe: the chip acknowledges its address
        self.pointer = data[0]
        for value in data[1:]:
            self.on_write(self.pointer, value)
            self.pointer = (self.pointer + 1) & 0xFF

    def read(self, n: int) -> bytes:
        out = bytearray()
        for _ in range(n):
            out.append(self.on_read(self.pointer))
            self.pointer = (self.pointer + 1) & 0xFF
        return bytes(out)

    def on_write(self, reg: int, value: int) -> None:
        self.regs[reg] = value

    def on_read(self, reg: int) -> int:
        return self.regs[reg]


class FakeI2C(_BusLock):
    """A ``busio.I2C`` look-alike with register models at their addresses."""

    def __init__(self) -> None:
        super().__init__()
        self.devices: dict[int, RegisterModel] = {}
        self._gone: set[int] = set()

    def attach(self, address: int, model: RegisterModel) -> RegisterModel:
        self.devices[address] = model
        return model

    def unplug(self, address: int) -> None:
        self._gone.add(address)

    def _device(self, address: int) -> RegisterModel:
        if address in self._gone or address not in self.devices:
            raise OSError(errno.EREMOTEIO, f"no answer from I2C address 0x{address:02x}")
        return self.devices[address]

    def scan(self) -> list[int]:
        return sorted(a for a in self.devices if a not in self._gone)

    def writeto(self, address: int, buffer: Any, *, start: int = 0, end: int | None = None) -> None:
        self._device(address).write(bytes(buffer[start:end]))

    def readfrom_into(self, address: int, buffer: Any, *, start: int = 0, end: int | None = None) -> None:
        end = len(buffer) if end is None else end
        buffer[start:end] = self._device(address).read(end - start)

    def writeto_then_readfrom(self, address: int, out_buffer: Any, in_buffer: Any, *,
                              out_start: int = 0, out_end: int | None = None,
                              in_start: int = 0, in_end: int | None = None) -> None:
        self.writeto(address, out_buffer, start=out_start, end=out_end)
        self.readfrom_into(address, in_buffer, start=in_start, end=in_end)

    def deinit(self) -> None:
        pass


class SmbusI2C(_BusLock):
    """``/dev/i2c-<port>`` with the busio methods, through smbus2."""

    def __init__(self, port: int = 1) -> None:
        super().__init__()
        from smbus2 import SMBus  # lazily: only on a machine with I²C

        self._bus = SMBus(port)

    def writeto(self, address: int, buffer: Any, *, start: int = 0, end: int | None = None) -> None:
        from smbus2 import i2c_msg

        data = bytes(buffer[start:end])
        if not data:
            self._bus.read_byte(address)  # probe: empty writes are refused by some adapters
            return
        self._bus.i2c_rdwr(i2c_msg.write(address, data))

    def readfrom_into(self, address: int, buffer: Any, *, start: int = 0, end: int | None = None) -> None:
        from smbus2 import i2c_msg

        end = len(buffer) if end is None else end
        msg = i2c_msg.read(address, end - start)
        self._bus.i2c_rdwr(msg)
        buffer[start:end] = bytes(msg)

    def writeto_then_readfrom(self, address: int, out_buffer: Any, in_buffer: Any, *,
                              out_start: int = 0, out_end: int | None = None,
                              in_start: int = 0, in_end: int | None = None) -> None:
        from smbus2 import i2c_msg

        in_end = len(in_buffer) if in_end is None else in_end
        w = i2c_msg.write(address, bytes(out_buffer[out_start:out_end]))
        r = i2c_msg.read(address, in_end - in_start)
        self._bus.i2c_rdwr(w, r)
        in_buffer[in_start:in_end] = bytes(r)

    def deinit(self) -> None:
        self._bus.close()


# MCP23017 registers with IOCON.BANK = 0 (A and B interleaved).
IODIRA, GPINTENA, INTCONA, IOCON, GPPUA, INTFA, INTCAPA, GPIOA, OLATA = (
    0x00, 0x04, 0x08, 0x0A, 0x0C, 0x0E, 0x10, 0x12, 0x14)


class Mcp23017Model(RegisterModel):
    """The parts of an MCP23017 the box uses: inputs with pull-ups and
    interrupt-on-change, outputs through OLAT, the INT line (mirrored)."""

    def __init__(self) -> None:
        super().__init__()
        self.regs[IODIRA] = self.regs[IODIRA + 1] = 0xFF
        self.levels = 0xFFFF          # what the outside world holds on the pins
        self.int_line: Callable[[bool], None] = lambda active: None
        self.int_active = False

    def _u16(self, reg: int) -> int:
        return self.regs[reg] | self.regs[reg + 1] << 8

    def gpio(self) -> int:
        iodir = self._u16(IODIRA)
        return (self.levels & iodir) | (self._u16(OLATA) & ~iodir & 0xFFFF)

    def outputs(self) -> int:
        return self._u16(OLATA) & ~self._u16(IODIRA) & 0xFFFF

    def on_write(self, reg: int, value: int) -> None:
        if reg in (GPIOA, GPIOA + 1):
            reg += OLATA - GPIOA  # writing GPIO writes the output latch
        self.regs[reg] = value

    def on_read(self, reg: int) -> int:
        if reg in (GPIOA, GPIOA + 1, INTCAPA, INTCAPA + 1):
            self._release_int()
        if reg in (GPIOA, GPIOA + 1):
            return (self.gpio() >> (8 * (reg - GPIOA))) & 0xFF
        return self.regs[reg]

    def set_input(self, pin: int, low: bool) -> None:
        """The outside world pulls ``pin`` low (a pressed button) or lets go."""
        before = self.gpio()
        bit = 1 << pin
        self.levels = self.levels & ~bit if low else self.levels | bit
        after = self.gpio()
        if (before ^ after) & self._u16(GPINTENA) & self._u16(IODIRA) & bit:
            self.regs[INTFA + (pin >= 8)] |= 1 << (pin % 8)
            self.regs[INTCAPA] = after & 0xFF
            self.regs[INTCAPA + 1] = after >> 8
            if not self.int_active:
                self.int_active = True
                self.int_line(True)

    def _release_int(self) -> None:
        self.regs[INTFA] = self.regs[INTFA + 1] = 0
        if self.int_active:
            self.int_active = False
            self.int_line(False)


PCA_MODE1, PCA_LED0, PCA_PRESCALE = 0x00, 0x06, 0xFE


class Pca9685Model(RegisterModel):
    """A PCA9685 16-channel PWM chip: reads back each channel's duty (0..1)."""

    def __init__(self) -> None:
        super().__init__()
        self.regs[PCA_MODE1] = 0x11
        self.regs[PCA_PRESCALE] = 0x1E

    def duty(self, channel: int) -> float:
        base = PCA_LED0 + 4 * channel
        on = self.regs[base] | self.regs[base + 1] << 8
        off = self.regs[base + 2] | self.regs[base + 3] << 8
        if off & 0x1000:
            return 0.0
        if on & 0x1000:
            return 1.0
        return ((off - on) & 0xFFF) / 4096


# MFRC522 registers and commands (datasheet, section 9).
RC_COMMAND, RC_COMIRQ, RC_ERROR, RC_FIFODATA, RC_FIFOLEVEL, RC_BITFRAMING = (
    0x01, 0x04, 0x06, 0x09, 0x0A, 0x0D)
RC_VERSION = 0x37
RC_IDLE, RC_TRANSCEIVE, RC_SOFTRESET = 0x00, 0x0C, 0x0F
REQA, WUPA, ANTICOLL_CL1 = 0x26, 0x52, 0x93


class Rc522Model:
    """An MFRC522 on SPI with at most one ISO 14443-A card in its field.

    It answers the reader's register reads and writes (``spidev.xfer2``) and
    plays the card's side of REQA and anticollision, including the card's
    states: after anticollision the card stays READY and ignores the next
    REQA (it drops back to IDLE instead), as a real card does.
    """

    def __init__(self, version: int = 0x92) -> None:
        self.regs = bytearray(64)
        self.regs[RC_VERSION] = version
        self.fifo: list[int] = []
        self.card: bytes | None = None
        self.card_state = "idle"
        self.unplugged = False

    # -- instrument --
    def present(self, uid: str) -> None:
        self.card = bytes.fromhex(uid)
        self.card_state = "idle"

    def remove(self) -> None:
        self.card = None

    # -- the SPI side: spidev's xfer2 --
    def xfer2(self, data: list[int]) -> list[int]:
        if self.unplugged:
            return [0] * len(data)
        out = [0]
        address = data[0]
        reg = (address >> 1) & 0x3F
        if address & 0x80:  # reads: every following byte repeats the address
            out.append(self._read(reg))
            out.extend(self._read(reg) for _ in data[2:])
            return out[: len(data)]
        for value in data[1:]:
            self._write(reg, value)
            out.append(0)
        return out

    def _read(self, reg: int) -> int:
        if reg == RC_FIFODATA:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == RC_FIFOLEVEL:
            return len(self.fifo)
        return self.regs[reg]

    def _write(self, reg: int, value: int) -> None:
        if reg == RC_FIFODATA:
            self.fifo.append(value)
        elif reg == RC_FIFOLEVEL and value & 0x80:
            self.fifo.clear()
        elif reg == RC_COMIRQ and not value & 0x80:
            self.regs[RC_COMIRQ] &= ~value & 0xFF  # writing 1s clears those bits
        elif reg == RC_COMMAND and value & 0x0F == RC_SOFTRESET:
            version = self.regs[RC_VERSION]
            self.regs = bytearray(64)
            self.regs[RC_VERSION] = version
            self.fifo.clear()
        else:
            self.regs[reg] = value
        if reg == RC_BITFRAMING and value & 0x80 and self.regs[RC_COMMAND] & 0x0F == RC_TRANSCEIVE:
            self._transceive()

    def _transceive(self) -> None:
        frame, self.fifo = self.fifo, []
        self.regs[RC_BITFRAMING] &= 0x7F
        answer = self._card_answer(frame)
        if answer is None:
            self.regs[RC_COMIRQ] |= 0x01  # the timer ran out: no card answered
            return
        self.fifo = list(answer)
        self.regs[RC_ERROR] = 0
        self.regs[RC_COMIRQ] |= 0x30      # RxIRq | IdleIRq

    def _card_answer(self, frame: list[int]) -> bytes | None:
        if self.card is None:
            return None
        if frame[:1] in ([REQA], [WUPA]):
            if self.card_state == "idle":
                self.card_state = "ready"
                return bytes([0x04, 0x00])   # ATQA of a 4-byte-UID card
            self.card_state = "idle"          # a REQA out of turn: back to idle, silent
            return None
        if frame[:2] == [ANTICOLL_CL1, 0x20] and self.card_state == "ready":
            bcc = 0
            for b in self.card[:4]:
                bcc ^= b
            return self.card[:4] + bytes([bcc])
        self.card_state = "idle"
        return None


class FakeSpi:
    """``spidev.SpiDev`` with an :class:`Rc522Model` on the other end."""

    def __init__(self, model: Rc522Model) -> None:
        self.model = model
        self.max_speed_hz = 0
        self.mode = 0

    def open(self, bus: int, device: int) -> None:
        pass

    def xfer2(self, data: list[int]) -> list[int]:
        return self.model.xfer2(list(data))

    def close(self) -> None:
        pass
