"""Contract: candles and motors on every backend (fake, gpiozero mock pins,
PCA9685 / MCP23017 register models)."""

from __future__ import annotations

import itertools
import random

import pytest

from hardware.buses import FakeI2C, Mcp23017Model, Pca9685Model
from hardware.events import FakeClock
from hardware.expanders import Mcp23017, Pca9685
from hardware.outputs import (
    TAP,
    FakeCandles,
    FakeMotors,
    GpioCandles,
    GpioMotors,
    McpMotors,
    PcaCandles,
    flicker_levels,
)


@pytest.fixture(params=["fake", "gpio", "pca"])
def candles(request, factory):
    if request.param == "fake":
        return FakeCandles(("a", "b"))
    if request.param == "gpio":
        return GpioCandles({"a": 12, "b": 13}, pin_factory=factory, flicker=False)
    bus = FakeI2C()
    bus.attach(0x40, Pca9685Model())
    board = Pca9685(bus, 0x40)
    return PcaCandles({"a": (board, 0), "b": (board, 15)}, clock=FakeClock())


def test_candles_light_blow_out_and_brighten(candles):
    assert candles.level("a") == 0
    candles.set("a", "lit")
    candles.set("b", "bright")
    assert candles.level("a") == pytest.approx(0.6, abs=0.01)
    assert candles.level("b") == pytest.approx(1.0, abs=0.01)
    candles.set("a", "out")
    assert candles.level("a") == 0
    assert candles.states == {"a": "out", "b": "bright"}
    assert candles.history == [("a", "lit"), ("b", "bright"), ("a", "out")]


def test_flicker_wanders_but_stays_a_flame():
    levels = list(itertools.islice(flicker_levels(random.Random(3)), 500))
    assert all(0.25 <= v <= 0.85 for v in levels)
    assert len({round(v, 2) for v in levels}) > 20


def test_gpio_candle_flickers_through_a_source(factory):
    c = GpioCandles({"a": 12}, pin_factory=factory, flicker=True)
    c.set("a", "lit")
    assert c.leds["a"].source is not None
    c.set("a", "out")
    assert c.leds["a"].source is None and c.level("a") == 0
    c.close()


@pytest.fixture(params=["fake", "gpio", "mcp"])
def motors(request, factory):
    clock = FakeClock()
    if request.param == "fake":
        return FakeMotors(("a", "b"), clock)
    if request.param == "gpio":
        return GpioMotors({"a": 20, "b": 21}, clock, pin_factory=factory)
    bus = FakeI2C()
    bus.attach(0x21, Mcp23017Model())
    chip = Mcp23017(bus, 0x21, None, pin_factory=factory)
    m = McpMotors({"a": (chip, 2), "b": (chip, 3)}, clock)
    m.model = bus.devices[0x21]
    return m


def test_motors_play_together_and_stop(motors):
    start = motors.clock.now()
    motors.play({"a": TAP, "b": TAP})
    assert motors.felt == {"a": [TAP], "b": [TAP]}
    assert motors.clock.now() - start == pytest.approx(0.95)
    assert motors.on == {"a": False, "b": False}
    if hasattr(motors, "model"):
        assert motors.model.outputs() == 0


def test_motors_on_two_backends_switch_at_the_same_moments(factory):
    """Played bank after bank, one backend's motors would buzz alone for a while."""
    from hardware.outputs import play_together

    clock = FakeClock()
    a, b = FakeMotors(("a",), clock), FakeMotors(("b",), clock)
    seen = []
    for bank in (a, b):
        bank._set_many = lambda values, bank=bank: seen.append((round(clock.now(), 4), dict(values)))
    play_together([a, b], {"a": TAP, "b": TAP}, clock)
    by_time = {}
    for t, values in seen:
        by_time.setdefault(t, {}).update(values)
    assert all(set(v) == {"a", "b"} and len(set(v.values())) == 1 for v in by_time.values())


def test_mcp_motor_chip_that_vanishes_is_lost(factory):
    bus = FakeI2C()
    bus.attach(0x21, Mcp23017Model())
    chip = Mcp23017(bus, 0x21, None, pin_factory=factory)
    m = McpMotors({"a": (chip, 2)}, FakeClock())
    bus.unplug(0x21)
    m.play({"a": TAP})
    assert m.lost and not m.check()


@pytest.mark.pi
def test_real_candle_and_motor_on_the_pi(pi_only):
    from hardware.events import RealClock

    c = GpioCandles({"a": 12})
    c.set("a", "lit")
    c.set("a", "out")
    GpioMotors({"a": 20}, RealClock()).play({"a": TAP})
    c.close()
