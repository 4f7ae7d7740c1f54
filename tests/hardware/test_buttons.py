"""Contract: every button backend reports presses the same way, with our own
debounce, a held button counting once, and a vanished chip not crashing."""

from __future__ import annotations

import pytest

from hardware.buses import FakeI2C, Mcp23017Model
from hardware.buttons import FakeButtons, GpioButtons, McpButtons
from hardware.events import EventQueue, FakeClock, Press
from hardware.expanders import Mcp23017

BACKENDS = ["fake", "gpio", "mcp"]


@pytest.fixture(params=BACKENDS)
def bank(request, factory):
    events = EventQueue(FakeClock())
    if request.param == "fake":
        b = FakeButtons(("a", "b"), events)
    elif request.param == "gpio":
        b = GpioButtons({"a": 5, "b": 6}, events, pin_factory=factory)
    else:
        bus = FakeI2C()
        bus.attach(0x20, Mcp23017Model())
        chip = Mcp23017(bus, 0x20, 17, pin_factory=factory)
        b = McpButtons({"a": (chip, 0), "b": (chip, 9)}, events)
        b.bus = bus
    yield b
    b.close()


def presses(bank):
    return [(e.name, e.down) for e in bank.events.drain() if isinstance(e, Press)]


def test_click_is_one_down_and_one_up(bank):
    bank.click("a")
    assert presses(bank) == [("a", True), ("a", False)]


def test_bounce_counts_once(bank):
    bank.bounce("a")
    bank.events.clock.advance(0.5)
    bank.release("a")
    assert presses(bank) == [("a", True), ("a", False)]


def test_held_button_counts_once_and_reports_its_length(bank):
    bank.press("a")
    bank.events.clock.advance(3.0)
    bank.press("a")  # still down: no second press
    bank.release("a")
    got = bank.events.drain()
    assert [(e.name, e.down) for e in got] == [("a", True), ("a", False)]
    assert got[1].t - got[0].t == pytest.approx(3.0)


def test_two_buttons_at_once_are_both_reported(bank):
    bank.press("a")
    bank.press("b")
    bank.events.clock.advance(0.1)
    bank.release("b")
    bank.release("a")
    assert sorted(presses(bank)) == [("a", False), ("a", True), ("b", False), ("b", True)]


def test_release_within_the_debounce_time_is_dropped(bank):
    bank.press("a")
    bank.release("a")  # 0 ms later: contact bounce, not a release
    assert presses(bank) == [("a", True)]


def test_a_tap_shorter_than_the_debounce_is_recovered_at_the_next_press(bank):
    bank.press("a")
    bank.release("a")  # dropped
    bank.events.clock.advance(0.5)
    bank.press("a")    # the pin says "down" again: the release was missed
    assert presses(bank) == [("a", True), ("a", False), ("a", True)]


def test_unknown_name_is_ignored(bank):
    bank._edge("zzz", True)
    assert presses(bank) == []


def test_mcp_chip_that_vanishes_is_reported_not_raised(factory):
    events = EventQueue(FakeClock())
    bus = FakeI2C()
    model = bus.attach(0x20, Mcp23017Model())
    chip = Mcp23017(bus, 0x20, 17, pin_factory=factory)
    b = McpButtons({"a": (chip, 0)}, events)
    assert b.check()
    bus.unplug(0x20)
    model.set_input(0, low=True)  # the INT line still falls; the read fails
    assert not b.check()
    assert presses(b) == []


def test_mcp_interrupt_line_is_released_after_the_read(factory):
    events = EventQueue(FakeClock())
    bus = FakeI2C()
    model = bus.attach(0x20, Mcp23017Model())
    chip = Mcp23017(bus, 0x20, 17, pin_factory=factory)
    McpButtons({"a": (chip, 3)}, events).press("a")
    assert not model.int_active
    assert factory.pin(17).state == 1


@pytest.mark.pi
def test_real_console_button_on_the_pi(pi_only):
    from hardware.kit import build_kit

    kit = build_kit("minimal", fake=False, players=["A"])
    try:
        print("press Yes within 10 s")
        events = []
        end = kit.clock.now() + 10
        while kit.clock.now() < end and not events:
            e = kit.events.get(0.1)
            if isinstance(e, Press) and e.name == "yes":
                events.append(e)
        assert events
    finally:
        kit.close()


# -- a worn contact (issue 10): 10 edges in 5 ms, releases lost -------------------------

def _bouncing(bank, name, *, edges=10, within=0.005, first=True):
    """``edges`` edges within ``within`` seconds, the first one ``first``."""
    for i in range(edges):
        bank._drive(name, first if i % 2 == 0 else not first)
        bank._pass(within / (edges - 1))


def test_a_tap_that_bounces_ten_times_in_5ms_is_one_short_press(bank):
    _bouncing(bank, "a", edges=10)  # ends released: the whole tap
    bank.events.clock.advance(0.1)
    got = [e for e in bank.events.drain() if isinstance(e, Press)]
    assert [(e.name, e.down) for e in got] == [("a", True), ("a", False)]
    assert got[1].t - got[0].t < 0.01    # a tap, not a hold


def test_a_hold_that_bounces_at_both_ends_is_one_hold_of_its_length(bank):
    _bouncing(bank, "a", edges=9)  # ends pressed
    bank.events.clock.advance(1.5)
    _bouncing(bank, "a", edges=9, first=False)  # ends released
    bank.events.clock.advance(0.1)
    got = [e for e in bank.events.drain() if isinstance(e, Press)]
    assert [(e.name, e.down) for e in got] == [("a", True), ("a", False)]
    assert got[1].t - got[0].t == pytest.approx(1.5, abs=0.01)


@pytest.mark.parametrize("bank", ["gpio", "mcp"], indirect=True)
def test_a_release_whose_edge_is_lost_is_found_when_the_button_settles(bank):
    bank.press("a")
    bank.events.clock.advance(0.005)
    if isinstance(bank, GpioButtons):  # the driver drops the callback
        button = bank._buttons["a"]
        handler, button.when_released = button.when_released, None
        bank._drive("a", False)
        button.when_released = handler
    else:  # released while the chip's INT line was still active: no interrupt
        model = bank.bus.devices[0x20]
        model.int_active = True
        model.set_input(0, low=False)
    bank.events.clock.advance(0.1)
    got = [e for e in bank.events.drain() if isinstance(e, Press)]
    assert [(e.name, e.down) for e in got] == [("a", True), ("a", False)]
    assert got[1].t - got[0].t < 0.2   # a tap, stamped when it settled, not at the next press
