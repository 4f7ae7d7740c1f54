"""A kit put together: its devices (real, or fakes built from the same wiring),
its :class:`Input` and :class:`PrivateChannel`, its candles, and the report of
what is missing.

``build_kit(name, fake=True, ...)`` builds the *real* backends on fakes at the
hardware edge: gpiozero's mock pins, register models on a fake I²C bus, an
RC522 model on a fake SPI bus, luma's dummy display. So a fake kit checks the
wiring file and runs the same code as the box; its instruments
(``kit.seat("Anna").click()``, ``kit.present(uid)``, ``kit.console.click("yes")``,
``kit.keyboard.type("Anna")``, ``kit.display.text``) let tests and bots act.

Devices that do not answer at start-up are left out and named once by
:meth:`Kit.report_missing`; a device that stops answering mid-game is named
once by :meth:`Kit.check` and the game goes on with the rest. The keyboard
always remains.
"""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

import voices
from hardware.buses import FakeI2C, FakeSpi, Mcp23017Model, Pca9685Model, Rc522Model
from hardware.buttons import ButtonBank, GpioButtons, McpButtons
from hardware.display import Display, fake_display, ssd1306_display
from hardware.events import (
    Clock,
    EventQueue,
    FakeClock,
    HardwareError,
    RealClock,
    wiring_error,
)
from hardware.expanders import Mcp23017, Pca9685
from hardware.kits import KitSpec, PinRef, load_kit
from hardware.outputs import (
    CandleBank,
    CandleState,
    GpioCandles,
    GpioMotors,
    McpMotors,
    MotorBank,
    PcaCandles,
)
from hardware.rfid import KeyboardReader, Rc522Reader, Reader
from hardware.tokens import Registry, fake_registry

CONSOLE = ("yes", "no", "next")


def seat_name(n: int) -> str:
    return f"seat:{n}"


class Keyboard:
    """Typed lines: the fallback that always remains. On a terminal a thread
    reads stdin; ``type`` is the instrument."""

    def __init__(self, events: EventQueue, *, read_stdin: bool):
        self.events = events
        #: lines are read from a terminal (not so under systemd: stdin is empty)
        self.reading = bool(read_stdin and sys.stdin is not None and sys.stdin.isatty())
        if self.reading:
            threading.Thread(target=self._read, daemon=True, name="keyboard").start()

    def _read(self) -> None:
        for line in sys.stdin:
            self.events.typed(line.strip())
        self.reading = False  # the terminal went away

    def type(self, text: str) -> None:
        self.events.typed(text)


class Candles:
    """The players' candles (Maneschijn), by name; a no-op where none exist."""

    def __init__(self, kit: Kit, banks: dict[str, CandleBank]):
        self._kit = kit
        self._banks = banks  # seat name -> bank
        self._cursor: str | None = None
        self._base: dict[str, CandleState] = {}

    @property
    def available(self) -> bool:
        return bool(self._banks)

    def _set(self, player: str, state: CandleState) -> None:
        seat = self._kit.seat_of(player)
        bank = self._banks.get(seat) if seat else None
        if bank is not None and not bank.lost:
            bank.set(seat, state)

    @property
    def states(self) -> dict[str, CandleState]:
        out: dict[str, CandleState] = {}
        for player in self._kit.players:
            seat = self._kit.seat_of(player)
            if seat in self._banks:
                out[player] = self._banks[seat].states[seat]
        return out

    def light(self, players: list[str] | tuple[str, ...]) -> None:
        for p in players:
            self._base[p] = "lit"
            self._set(p, "lit")

    def blow_out(self, player: str) -> None:
        """The box blows out a candle (the dead, or the condemned at dusk)."""
        self._base[player] = "out"
        self._set(player, "out")

    def sync(self, alive: list[str] | tuple[str, ...] | set[str]) -> None:
        """Lit for the living, out for the dead (call it after each death, and
        at dawn in the risky variant: a candle the werewolves put out in vain
        is lit again)."""
        for p in self._kit.players:
            if p in alive:
                self.light([p])
            else:
                self.blow_out(p)

    def cursor(self, player: str | None) -> None:
        """Make one candle bright (a silent pointer at night), the rest as they were."""
        if self._cursor is not None:
            self._set(self._cursor, self._base.get(self._cursor, "out"))
        self._cursor = player
        if player is not None:
            self._set(player, "bright" if self._base.get(player) == "lit" else "glow")


class Kit:
    def __init__(self, spec: KitSpec, *, fake: bool, players: list[str], lang: str,
                 registry: Registry | None = None, clock: Clock | None = None,
                 screen: TextIO | None = None, risky_candles: bool = False,
                 read_stdin: bool | None = None):
        if spec.seats and len(players) > len(spec.seats):
            raise wiring_error(spec.path, "hardware.kit.too_few_seats", seats=len(spec.seats),
                               players=len(players))
        if len(set(players)) != len(players):
            raise wiring_error("", "hardware.kit.same_name")
        self.spec = spec
        self.fake = fake
        self.players = list(players)
        self.pack = voices.load(lang)
        self.clock: Clock = clock or (FakeClock() if fake else RealClock())
        self.events = EventQueue(self.clock)
        if registry is None:
            from hardware.flows import registry_path

            registry = fake_registry() if fake else Registry.load(registry_path())
        self.registry = registry
        self.screen: TextIO = screen or (io.StringIO() if fake else sys.stdout)
        self.risky_candles = risky_candles
        self.missing: list[str] = []
        self._reported_missing = False
        self._lost_reported: set[str] = set()
        self.on_notice: Callable[[str], None] = lambda line: print(line, file=sys.stderr)
        self._closers: list[Any] = []
        self.pin_factory: Any = None
        self.i2c: Any = None
        self.console: ButtonBank | None = None
        self.reader: Reader | None = None
        self.rc522_model: Rc522Model | None = None
        self.display: Display | None = None
        self.microphone: Any = None
        self.seat_buttons: dict[str, ButtonBank] = {}
        self.motors: dict[str, MotorBank] = {}
        candle_banks: dict[str, CandleBank] = {}
        self._build(candle_banks)
        self.candles = Candles(self, candle_banks)
        self.keyboard = Keyboard(self.events, read_stdin=not fake if read_stdin is None else read_stdin)
        from hardware.asking import KitInput
        from hardware.controls import KitControls
        from hardware.private import KitPrivate

        self.input = KitInput(self)
        self.private = KitPrivate(self)
        self.controls = KitControls(self)

    # -- seats ---------------------------------------------------------------
    def seat_of(self, player: str) -> str | None:
        return seat_name(self.players.index(player) + 1) if player in self.players else None

    def player_at(self, seat: int) -> str | None:
        return self.players[seat - 1] if 1 <= seat <= len(self.players) else None

    def player_of_seat(self, name: str) -> str | None:
        return self.player_at(int(name.split(":")[1])) if name.startswith("seat:") else None

    def seat(self, player: str) -> SeatInstrument:
        """Instrument: the pod at ``player``'s seat."""
        seat = self.seat_of(player)
        if seat is None or seat not in self.seat_buttons:
            raise HardwareError(f"{player} has no seat button in kit {self.spec.name}")
        return SeatInstrument(self.seat_buttons[seat], seat)

    def has_pods_for(self, players: tuple[str, ...]) -> bool:
        return all((s := self.seat_of(p)) in self.seat_buttons and not self.seat_buttons[s].lost
                   for p in players) and bool(players)

    def push_to_talk(self, player: str) -> Callable[[], bool] | None:
        """Whether ``player`` holds their seat button now (a spoken vote in a
        noisy room is heard while it is held), or None where their seat has
        no button that answers. Read at the moment it is asked: the listener
        asks every 30 ms frame."""
        seat = self.seat_of(player)
        bank = self.seat_buttons.get(seat) if seat else None
        if bank is None or bank.lost:
            return None
        return lambda: not bank.lost and bank.is_down(seat)

    def has_motors(self) -> bool:
        seats = [self.seat_of(p) for p in self.players]
        return bool(seats) and all(s in self.motors and not self.motors[s].lost for s in seats)

    def has_console(self, *names: str) -> bool:
        return self.console is not None and not self.console.lost and all(
            n in self.console.names for n in names)

    def can_answer(self) -> bool:
        """Whether anybody can answer at all: buttons, a reader, or a keyboard
        that is read (a fake kit's instruments always can)."""
        return (self.fake or self.has_console() or self.reader_ok() or self.keyboard.reading
                or any(not b.lost for b in self.seat_buttons.values()))

    def display_ok(self) -> bool:
        return self.display is not None and not self.display.lost

    def reader_ok(self) -> bool:
        return self.reader is not None and not self.reader.lost

    # -- instruments for tags ------------------------------------------------------
    def present(self, uid: str) -> None:
        """Instrument: hold a tag on the reader until it is read, take it away."""
        if self.reader is None:
            raise HardwareError(f"kit {self.spec.name} has no reader")
        if self.rc522_model is not None:
            self.rc522_model.present(uid)
            self.poll_reader()
            self.rc522_model.remove()
            self.poll_reader()
            self.poll_reader()
        else:
            device = getattr(self.reader, "device", None)
            if not isinstance(device, FakeKeyDevice):
                raise HardwareError("only a fake reader can be given a tag")
            device.type_uid(uid)
            self.poll_reader()

    def poll_reader(self) -> None:
        if self.reader is not None and not self.reader.lost:
            uid = self.reader.poll()
            if uid is not None:
                self.events.tag(uid)

    def terminal_ok(self) -> bool:
        """May secret lines go to the terminal? Only where a person looks at
        it (the laptop): never into a service's log."""
        isatty = getattr(self.screen, "isatty", lambda: False)
        return self.fake or bool(isatty())

    def say_on_screen(self, text: str) -> None:
        """A line for whoever is at the console: the display, else the terminal."""
        if self.display_ok():
            assert self.display is not None
            self.display.show(text)
            if self.display_ok():
                return
        if self.terminal_ok():
            print(text, file=self.screen, flush=True)

    def clear_screen(self) -> None:
        if self.display_ok():
            assert self.display is not None
            self.display.clear()

    # -- health --------------------------------------------------------------
    def report_missing(self) -> list[str]:
        """The lines that say, once, which devices are missing (else [])."""
        if self._reported_missing or not self.missing:
            self._reported_missing = True
            return []
        self._reported_missing = True
        missing = self.missing
        if "i2c" in missing:
            # Without the bus its chips are gone too: name the bus only.
            missing = [d for d in missing if d.split(" ")[0] not in ("expander", "pwm")]
        names = [self.pack.line(f"hardware.device.{d.split(' ')[0]}") + _suffix(d) for d in missing]
        return [self.pack.line("hardware.missing", devices=self.pack.join(names))]

    def devices(self) -> dict[str, Any]:
        """Every device that is there, by id (for checks and the self-test)."""
        out: dict[str, Any] = {}
        if self.console is not None:
            out["buttons"] = self.console
        if self.reader is not None:
            out["reader"] = self.reader
        if self.display is not None:
            out["display"] = self.display
        for kind, banks in (("seat_buttons", self.seat_buttons), ("motors", self.motors),
                            ("candles", self.candles._banks)):
            for i, bank in enumerate({id(b): b for b in banks.values()}.values()):
                out[f"{kind} {i + 1}"] = bank
        return out

    def check(self) -> list[str]:
        """Lines naming devices that stopped answering since the last check
        (each once); the caller speaks them. The game plays on without them."""
        lines = []
        for key, device in self.devices().items():
            kind = key.split(" ")[0]
            if key not in self._lost_reported and not device.check():
                self._lost_reported.add(key)
                line = self.pack.line("hardware.lost", device=self.pack.line(f"hardware.device.{kind}"))
                lines.append(line[:1].upper() + line[1:])  # the sentence starts with the device
        for line in lines:
            self.on_notice(line)
        return lines

    def close(self) -> None:
        def close_one(device: Any) -> None:
            try:
                device.close()
            except Exception:  # noqa: BLE001 - closing must not stop closing the rest
                pass

        # Side by side: each gpiozero Button waits up to 0.1 s for its hold
        # thread to stop.
        threads = [threading.Thread(target=close_one, args=(d,)) for d in reversed(self._closers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self._closers.clear()
        if self.fake and self.pin_factory is not None:
            self.pin_factory.reset()

    # -- building ---------------------------------------------------------------
    def _try(self, device: str, build: Callable[[], Any]) -> Any:
        try:
            made = build()
        except Exception as exc:  # noqa: BLE001 - drivers raise their own types; a missing
            # device must never stop the box, it is reported and left out.
            self.missing.append(device)
            self.build_errors.append(f"{device}: {exc}")
            return None
        if hasattr(made, "close"):
            self._closers.append(made)
        return made

    def _build(self, candle_banks: dict[str, CandleBank]) -> None:
        spec = self.spec
        self.build_errors: list[str] = []
        needs_gpio = bool(spec.buttons or spec.expanders or spec.seats or
                          (spec.reader and spec.reader.get("reset")))
        if self.fake and needs_gpio:
            from gpiozero.pins.mock import MockFactory, MockPWMPin

            # A Raspberry Pi 5 with PWM on every pin, private to this kit.
            self.pin_factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        needs_i2c = bool(spec.expanders or spec.pwm)
        if needs_i2c:
            if self.fake:
                bus = FakeI2C()
                for address in spec.expanders:
                    bus.attach(address, Mcp23017Model())
                for address in spec.pwm:
                    bus.attach(address, Pca9685Model())
                self.i2c = bus
            else:
                from hardware.buses import SmbusI2C

                self.i2c = self._try("i2c", lambda: SmbusI2C(1))

        if spec.buttons:
            pins = {n: r.number for n, r in spec.buttons.items()}
            self.console = self._try("buttons", lambda: GpioButtons(
                pins, self.events, pin_factory=self.pin_factory))

        chips: dict[int, Mcp23017] = {}
        for address, intr in spec.expanders.items():
            if self.i2c is None:
                self.missing.append(f"expander 0x{address:02x}")
                continue
            chip = self._try(f"expander 0x{address:02x}", lambda a=address, i=intr: Mcp23017(
                self.i2c, a, i.number if i else None, pin_factory=self.pin_factory))
            if chip is not None:
                chips[address] = chip
        boards: dict[int, Pca9685] = {}
        for address in spec.pwm:
            if self.i2c is None:
                self.missing.append(f"pwm 0x{address:02x}")
                continue
            board = self._try(f"pwm 0x{address:02x}", lambda a=address: Pca9685(self.i2c, a))
            if board is not None:
                boards[address] = board

        seats = spec.seats[: len(self.players)] if spec.seats else []
        chip_of: dict[tuple[str, int], Any] = {("mcp", a): c for a, c in chips.items()}
        chip_of.update({("pca", a): b for a, b in boards.items()})
        on_pins, on_chips = self._split(seats, "button", chip_of)
        self._add_banks(self.seat_buttons, "seat_buttons", on_pins, on_chips,
                        lambda p: GpioButtons(p, self.events, pin_factory=self.pin_factory),
                        lambda c: McpButtons(c, self.events))
        on_pins, on_chips = self._split(seats, "motor", chip_of)
        self._add_banks(self.motors, "motors", on_pins, on_chips,
                        lambda p: GpioMotors(p, self.clock, pin_factory=self.pin_factory),
                        lambda c: McpMotors(c, self.clock))
        flicker = spec.flicker and not self.fake  # no flicker threads for fakes
        on_pins, on_chips = self._split(seats, "candle", chip_of)
        self._add_banks(candle_banks, "candles", on_pins, on_chips,
                        lambda p: GpioCandles(p, pin_factory=self.pin_factory, flicker=flicker),
                        lambda c: PcaCandles(c, clock=self.clock, flicker=flicker))

        if spec.reader is not None:
            self.reader = self._try("reader", self._make_reader)
        if spec.microphone and not self.fake:
            # Only asked whether it is there: the speech side opens it itself.
            self.microphone = self._try("microphone", self._probe_microphone)
        if spec.display is not None:
            d = spec.display
            if self.fake:
                self.display = fake_display(int(d.get("width", 128)), int(d.get("height", 64)))
            else:
                self.display = self._try("display", lambda: ssd1306_display(
                    1, int(d.get("address", 0x3C)), width=int(d.get("width", 128)),
                    height=int(d.get("height", 64))))

    def _split(self, seats: list[Any], part: str, chip_of: dict[tuple[str, int], Any]
               ) -> tuple[dict[str, int], dict[str, tuple[Any, int]]]:
        """The seats' ``part`` (button, motor, candle) on Pi pins and on chips
        that answered; a part on a chip that did not is a missing seat pod."""
        on_pins: dict[str, int] = {}
        on_chips: dict[str, tuple[Any, int]] = {}
        for seat in seats:
            ref: PinRef | None = getattr(seat, part)
            if ref is None:
                continue
            if ref.kind == "gpio":
                on_pins[seat_name(seat.number)] = ref.number
            elif (ref.kind, ref.address) in chip_of:
                on_chips[seat_name(seat.number)] = (chip_of[(ref.kind, ref.address)], ref.number)
            elif "seat_pods" not in self.missing:
                self.missing.append("seat_pods")
        return on_pins, on_chips

    def _add_banks(self, into: dict[str, Any], device: str, on_pins: dict[str, int],
                   on_chips: dict[str, tuple[Any, int]], pins_bank: Callable[[Any], Any],
                   chips_bank: Callable[[Any], Any]) -> None:
        for wiring, make in ((on_pins, pins_bank), (on_chips, chips_bank)):
            if wiring:
                bank = self._try(device, lambda w=wiring, m=make: m(w))
                if bank is not None:
                    into.update(dict.fromkeys(wiring, bank))

    def _probe_microphone(self) -> Any:
        from hardware.microphone import open_microphone

        return open_microphone()

    def _make_reader(self) -> Reader:
        r = self.spec.reader or {}
        if r.get("type") == "rc522":
            bus, dev = (int(x) for x in str(r.get("spi", "0.0")).split("."))
            reset = r.get("reset")
            reset_pin = int(str(reset)[4:]) if reset else None
            if self.fake:
                self.rc522_model = Rc522Model()
                return Rc522Reader(FakeSpi(self.rc522_model), reset_pin=reset_pin,
                                   pin_factory=self.pin_factory, clock=self.clock)
            return Rc522Reader(bus=bus, device=dev, reset_pin=reset_pin, clock=self.clock)
        if self.fake:
            return KeyboardReader(FakeKeyDevice(), clock=self.clock)
        return KeyboardReader.open(str(r.get("device")), clock=self.clock)


def _suffix(device: str) -> str:
    return f" ({device.split(' ', 1)[1]})" if " " in device else ""


class SeatInstrument:
    """A finger on one seat's button."""

    def __init__(self, bank: ButtonBank, name: str):
        self.bank = bank
        self.name = name

    def press(self) -> None:
        self.bank.press(self.name)

    def release(self) -> None:
        self.bank.release(self.name)

    def click(self) -> None:
        self.bank.click(self.name)

    def hold(self, seconds: float = 1.5) -> None:
        self.bank.hold(self.name, seconds)

    def bounce(self) -> None:
        self.bank.bounce(self.name)


class FakeKeyDevice:
    """An evdev device that a test "types" on (a USB reader's key events)."""

    KEYS = {"1": 2, "2": 3, "3": 4, "4": 5, "5": 6, "6": 7, "7": 8, "8": 9, "9": 10, "0": 11,
            "A": 30, "B": 48, "C": 46, "D": 32, "E": 18, "F": 33}

    def __init__(self) -> None:
        self.pending: list[Any] = []

    def type_uid(self, uid: str) -> None:
        from types import SimpleNamespace

        for ch in str(int(uid, 16)):  # USB readers type the decimal number
            self.pending.append(SimpleNamespace(type=1, code=self.KEYS[ch], value=1))
            self.pending.append(SimpleNamespace(type=1, code=self.KEYS[ch], value=0))
        self.pending.append(SimpleNamespace(type=1, code=28, value=1))

    def read(self) -> list[Any]:
        if not self.pending:
            raise BlockingIOError
        out, self.pending = self.pending, []
        return out


def build_kit(name: str, *, fake: bool, players: list[str], lang: str = "nl",
              registry: Registry | None = None, clock: Clock | None = None,
              screen: TextIO | None = None, risky_candles: bool = False,
              read_stdin: bool | None = None) -> Kit:
    """Load ``config/kits/<name>.yaml`` (or a path) and put the kit together.

    ``fake``: fakes at the hardware edge (see the module docstring); else the
    real devices, any of which may be missing (see ``report_missing``).
    ``players`` sit at seats 1, 2, ... in this order. ``risky_candles``: the
    Maneschijn variant where the werewolves put out their victim's candle.
    ``read_stdin``: read typed lines from a terminal (default: a real kit on a
    terminal; pass False where something else reads stdin).
    Raises :class:`WiringError` for a bad kit file.
    """
    return Kit(load_kit(name), fake=fake, players=players, lang=lang, registry=registry,
               clock=clock, screen=screen, risky_candles=risky_candles, read_stdin=read_stdin)
