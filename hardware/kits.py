"""Kit files (``config/kits/<name>.yaml``): what is wired where, validated.

A kit names its console (buttons yes / no / next, an RFID reader, a display,
speaker and microphone), its I²C chips (MCP23017 ``expanders``, PCA9685
``pwm`` boards) and one pod per seat (button, candle, motor). A pin is written
``gpio17`` (BCM number), ``mcp0x20.3`` (expander at 0x20, pin 3 = GPA3; 8-15
are GPB0-7) or ``pca0x40.5`` (PWM board at 0x40, channel 5).

:func:`load_kit` checks everything before any device is opened and names the
file, the line and what is wrong: unknown keys, pins out of range or reserved
for the buses, a pin or address used twice, a seat pin on an undeclared chip.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

import voices
from hardware.events import Problem, WiringError, wiring_error

KIT_NAMES = ("laptop", "minimal", "full", "maneschijn")
I2C_PINS = {2, 3}
SPI0_PINS = {7, 8, 9, 10, 11}
ID_EEPROM_PINS = {0, 1}
_BOOL_KEYS = {True: "yes", False: "no"}
_PIN = re.compile(r"^(?:gpio(\d+)|mcp(0x[0-9a-fA-F]{2})\.(\d+)|pca(0x[0-9a-fA-F]{2})\.(\d+))$")


@dataclass(frozen=True)
class PinRef:
    kind: str        # "gpio" | "mcp" | "pca"
    number: int      # BCM pin, or the chip's pin / channel
    address: int = 0

    def __str__(self) -> str:
        if self.kind == "gpio":
            return f"gpio{self.number}"
        return f"{self.kind}0x{self.address:02x}.{self.number}"


@dataclass(frozen=True)
class SeatSpec:
    number: int
    button: PinRef | None = None
    candle: PinRef | None = None
    motor: PinRef | None = None


@dataclass
class KitSpec:
    name: str
    path: str
    buttons: dict[str, PinRef] = field(default_factory=dict)     # yes / no / next
    reader: dict[str, Any] | None = None
    display: dict[str, Any] | None = None
    speaker: bool = True
    microphone: bool = False
    expanders: dict[int, PinRef | None] = field(default_factory=dict)  # address -> INT pin
    pwm: list[int] = field(default_factory=list)
    seats: list[SeatSpec] = field(default_factory=list)
    battery: bool = False
    flicker: bool = True

    @property
    def has_pods(self) -> bool:
        return any(s.button or s.motor for s in self.seats)


class _LineLoader(yaml.SafeLoader):
    """Keeps each mapping's line numbers, so errors can point into the file."""


class _Lines(dict):
    line: int = 0
    key_lines: dict[str, int]


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> _Lines:
    out = _Lines(loader.construct_mapping(node, deep=True))
    out.line = node.start_mark.line + 1
    out.key_lines = {str(k.value): k.start_mark.line + 1 for k, _ in node.value}
    return out


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def kit_path(name: str) -> Path:
    """``config/kits/<name>.yaml`` (a path to a file is taken as it is)."""
    if name.endswith((".yaml", ".yml")) or "/" in name:
        return Path(name)
    path = Path(str(resources.files("config").joinpath("kits", f"{name}.yaml")))
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in path.parent.glob("*.yaml")))
        raise wiring_error("", "hardware.kit.unknown", name=name, known=known)
    return path


#: what a problem is about, in the packs' words: (key, params)
What = tuple[str, dict[str, Any]]


def at(label: str, **params: Any) -> What:
    return (f"hardware.kit.at.{label}", params)


def _short(value: Any) -> str:
    """A value as the file wrote it, cut short (a kit file may hold anything)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


class _Checker:
    def __init__(self, where: str):
        self.where = where
        self.errors: list[Problem] = []
        self.used: dict[str, What] = {}

    def error(self, line: int, problem: str, /, **params: Any) -> None:
        self.errors.append(((self.where, line), f"hardware.kit.{problem}", params))

    def keys(self, data: Any, allowed: set[str], what: What) -> bool:
        if not isinstance(data, dict):
            self.error(getattr(data, "line", 0), "not_mapping", what=what)
            return False
        for key in data:
            if key not in allowed:
                line = data.key_lines.get(str(key), data.line) if isinstance(data, _Lines) else 0
                self.error(line, "unknown_key", what=what, key=_short(key), allowed=", ".join(sorted(allowed)))
        return True

    def pin(self, text: Any, line: int, what: What, allow: set[str]) -> PinRef | None:
        # (a pin name is short: thousands of digits are no pin, not a crash)
        m = _PIN.match(str(text).strip()) if isinstance(text, str) and len(text) < 40 else None
        if not m:
            self.error(line, "not_a_pin", what=what, text=_short(text))
            return None
        if m.group(1) is not None:
            ref = PinRef("gpio", int(m.group(1)))
        elif m.group(2) is not None:
            ref = PinRef("mcp", int(m.group(3)), int(m.group(2), 16))
        else:
            ref = PinRef("pca", int(m.group(5)), int(m.group(4), 16))
        if ref.kind not in allow:
            self.error(line, "pin_not_here", what=what, pin=str(ref), allowed="/".join(sorted(allow)))
            return None
        limit = 27 if ref.kind == "gpio" else 15
        if not 0 <= ref.number <= limit:
            self.error(line, "pin_range", what=what, pin=str(ref), limit=limit)
            return None
        key = str(ref)
        if key in self.used:
            self.error(line, "pin_used", what=what, pin=str(ref), by=self.used[key])
            return None
        self.used[key] = what
        return ref

    def address(self, value: Any, line: int, what: What, low: int, high: int) -> int | None:
        if not isinstance(value, int) or not low <= value <= high:
            self.error(line, "address_range", what=what, value=_short(value), low=f"0x{low:02x}",
                       high=f"0x{high:02x}")
            return None
        key = f"i2c 0x{value:02x}"
        if key in self.used:
            self.error(line, "address_used", what=what, address=f"0x{value:02x}", by=self.used[key])
            return None
        self.used[key] = what
        return value


def _as_list(c: _Checker, data: dict, key: str, lines: dict[str, int]) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, list):
        c.error(lines.get(key, 0), "not_list", what=key)
        return []
    return value


def load_kit(name: str) -> KitSpec:
    path = kit_path(name)
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise wiring_error(where, "hardware.kit.unreadable", reason=voices.os_reason(exc)) from None
    except UnicodeDecodeError:
        raise wiring_error(where, "hardware.kit.not_utf8") from None
    try:
        data = yaml.load(text, Loader=_LineLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        detail = getattr(exc, "problem", None) or str(exc)
        raise wiring_error((where, mark.line + 1) if mark is not None else where, "hardware.kit.not_yaml",
                     detail=detail) from None
    except ValueError as exc:  # a number of thousands of digits
        raise wiring_error(where, "hardware.kit.not_a_kit", detail=str(exc)[:80]) from None
    return parse_kit(data, where)


def parse_kit(data: Any, where: str) -> KitSpec:
    c = _Checker(where)
    if not c.keys(data, {"name", "description", "console", "expanders", "pwm", "seats",
                         "battery", "flicker"}, at("kit")):
        raise WiringError(*c.errors)
    lines: dict[str, int] = data.key_lines if isinstance(data, _Lines) else {}
    spec = KitSpec(name=str(data.get("name", Path(where).stem)), path=where,
                   battery=bool(data.get("battery", False)), flicker=bool(data.get("flicker", True)))
    console = data.get("console") or _Lines()
    uses_spi = isinstance(console, dict) and isinstance(console.get("reader"), dict) \
        and console["reader"].get("type") == "rc522"
    uses_i2c = bool(data.get("expanders") or data.get("pwm")) or (
        isinstance(console, dict) and isinstance(console.get("display"), dict))
    reserved = set(ID_EEPROM_PINS) | (I2C_PINS if uses_i2c else set()) | (SPI0_PINS if uses_spi else set())
    for pin in sorted(reserved):
        c.used[f"gpio{pin}"] = at("buses") if pin > 1 else at("eeprom")

    if c.keys(console, {"buttons", "reader", "display", "speaker", "microphone"}, at("console")):
        buttons = console.get("buttons") or {}
        if isinstance(buttons, _Lines):
            # YAML 1.1 reads a bare yes / no as a boolean: take it as meant.
            renamed = _Lines({_BOOL_KEYS.get(k, k) if isinstance(k, bool) else k: v
                              for k, v in buttons.items()})
            renamed.line, renamed.key_lines = buttons.line, buttons.key_lines
            buttons = renamed
        if c.keys(buttons, {"yes", "no", "next"}, at("console_buttons")):
            for bname, pin in buttons.items():
                ref = c.pin(pin, getattr(buttons, "key_lines", {}).get(bname, 0),
                            at("console_button", name=bname), {"gpio"})
                if ref:
                    spec.buttons[bname] = ref
        reader = console.get("reader")
        if reader is not None and c.keys(reader, {"type", "spi", "reset", "device"}, at("reader")):
            rl = reader.line
            if reader.get("type") not in ("rc522", "keyboard"):
                c.error(rl, "reader_type", what=at("reader"), value=_short(reader.get("type")))
            elif reader["type"] == "rc522":
                if str(reader.get("spi", "0.0")) not in ("0.0", "0.1"):
                    c.error(rl, "reader_spi", what=at("reader"), value=_short(reader.get("spi")))
                if reader.get("reset") is not None:
                    c.pin(reader["reset"], rl, at("reader_reset"), {"gpio"})
            elif not str(reader.get("device", "")).startswith("/dev/input/"):
                c.error(rl, "reader_device", what=at("reader"))
            spec.reader = dict(reader)
        display = console.get("display")
        if display is not None and c.keys(display, {"type", "address", "width", "height"}, at("display")):
            if display.get("type") != "ssd1306":
                c.error(display.line, "display_type", what=at("display"), value=_short(display.get("type")))
            c.address(display.get("address", 0x3C), display.line, at("display"), 0x3C, 0x3D)
            spec.display = dict(display)
        spec.speaker = bool(console.get("speaker", True))
        spec.microphone = bool(console.get("microphone", False))

    for i, exp in enumerate(_as_list(c, data, "expanders", lines)):
        if c.keys(exp, {"address", "interrupt"}, at("expander", n=i + 1)):
            address = c.address(exp.get("address"), exp.line, at("expander", n=i + 1), 0x20, 0x27)
            intr = exp.get("interrupt")
            ref = c.pin(intr, exp.line, at("expander_interrupt", n=i + 1), {"gpio"}) if intr else None
            if address is not None:
                spec.expanders[address] = ref
    for i, board in enumerate(_as_list(c, data, "pwm", lines)):
        if c.keys(board, {"address"}, at("pwm_board", n=i + 1)):
            address = c.address(board.get("address"), board.line, at("pwm_board", n=i + 1), 0x40, 0x7F)
            if address == 0x70:
                c.error(board.line, "all_call", what=at("pwm_board", n=i + 1))
            elif address is not None:
                spec.pwm.append(address)

    seats = _as_list(c, data, "seats", lines)
    for n, seat in enumerate(seats, start=1):
        if not c.keys(seat, {"button", "candle", "motor"}, at("seat", n=n)):
            continue
        refs: dict[str, PinRef | None] = {}
        for part, allow in (("button", {"gpio", "mcp"}), ("candle", {"gpio", "pca"}),
                            ("motor", {"gpio", "mcp"})):
            if seat.get(part) is not None:
                refs[part] = c.pin(seat[part], seat.key_lines.get(part, seat.line),
                                   at("seat_part", n=n, part=part), allow)
        for part, ref in refs.items():
            if ref and ref.kind == "mcp" and ref.address not in spec.expanders:
                c.error(seat.line, "no_expander", what=at("seat_part", n=n, part=part),
                        address=f"0x{ref.address:02x}")
            if ref and ref.kind == "pca" and ref.address not in spec.pwm:
                c.error(seat.line, "no_pwm", what=at("seat_part", n=n, part=part),
                        address=f"0x{ref.address:02x}")
        spec.seats.append(SeatSpec(n, refs.get("button"), refs.get("candle"), refs.get("motor")))
    for address, intr in spec.expanders.items():
        has_inputs = any(s.button and s.button.kind == "mcp" and s.button.address == address
                         for s in spec.seats) or any(
            b.kind == "mcp" and b.address == address for b in spec.buttons.values())
        if has_inputs and intr is None:
            c.error(lines.get("expanders", 0), "no_interrupt", address=f"0x{address:02x}")
    if c.errors:
        raise WiringError(*c.errors)
    return spec
