"""Contract: every reader reports a tag held on it once, and nothing when
nothing is there; the RC522 driver against a register model of the chip."""

from __future__ import annotations

import pytest

from hardware.buses import FakeSpi, Rc522Model
from hardware.devices import FakeKeyDevice
from hardware.events import FakeClock, HardwareError
from hardware.rfid import FakeReader, KeyboardReader, Rc522Reader, decode_keys


class Rc522Rig:
    def __init__(self):
        self.model = Rc522Model()
        self.reader = Rc522Reader(FakeSpi(self.model), clock=FakeClock())

    def hold(self, uid):
        self.model.present(uid)

    def take_away(self):
        self.model.remove()


class KeyboardRig:
    def __init__(self):
        self.device = FakeKeyDevice()
        self.reader = KeyboardReader(self.device, clock=FakeClock())

    def hold(self, uid):
        self.device.type_uid(uid)

    def take_away(self):
        pass


class FakeRig:
    def __init__(self):
        self.reader = FakeReader(FakeClock())

    def hold(self, uid):
        self.reader.present(uid)

    def take_away(self):
        pass


@pytest.fixture(params=["fake", "rc522", "keyboard"])
def rig(request):
    return {"fake": FakeRig, "rc522": Rc522Rig, "keyboard": KeyboardRig}[request.param]()


def test_nothing_held_reads_none_after_the_timeout(rig):
    clock = rig.reader.clock
    start = clock.now()
    assert rig.reader.read_uid(2.0) is None
    assert clock.now() - start >= 2.0


def test_a_tag_is_read_once(rig):
    rig.hold("04A1B2C3")
    assert rig.reader.read_uid(1.0) == "04A1B2C3"
    assert rig.reader.read_uid(1.0) is None  # still lying there: not again


def test_a_tag_held_again_after_removal_counts_again(rig):
    rig.hold("04A1B2C3")
    assert rig.reader.read_uid(1.0) == "04A1B2C3"
    rig.take_away()
    assert rig.reader.read_uid(0.5) is None
    rig.hold("04A1B2C3")
    assert rig.reader.read_uid(1.0) == "04A1B2C3"


def test_two_tags_one_after_the_other(rig):
    rig.hold("11223344")
    assert rig.reader.read_uid(1.0) == "11223344"
    rig.take_away()
    rig.hold("55667788")
    assert rig.reader.read_uid(1.0) == "55667788"


def test_rc522_without_a_chip_is_a_clear_error():
    model = Rc522Model(version=0x00)
    with pytest.raises(HardwareError, match="no RC522"):
        Rc522Reader(FakeSpi(model))


def test_rc522_that_vanishes_is_lost_not_raised():
    rig = Rc522Rig()
    rig.model.unplugged = True
    assert rig.reader.poll() is None
    assert rig.reader.lost and not rig.reader.check()


def test_rc522_reset_pin_is_held_high(factory):
    reader = Rc522Reader(FakeSpi(Rc522Model()), reset_pin=25, pin_factory=factory)
    assert factory.pin(25).state == 1
    reader.close()


def test_decode_keys_decimal_to_hex_and_partial_input():
    # "1234" Enter, then "56" still being typed; key-ups and other keys ignored.
    ev = [(1, 2, 1), (1, 2, 0), (1, 3, 1), (1, 4, 1), (1, 5, 1), (4, 4, 1), (1, 28, 1),
          (1, 6, 1), (1, 7, 1)]
    uids, pending = decode_keys(ev)
    assert uids == [f"{1234:08X}"] and pending == "56"
    uids, pending = decode_keys([(1, 96, 1)], pending)
    assert uids == [f"{56:08X}"] and pending == ""


def test_decode_keys_hex_letters_and_empty_enter():
    ev = [(1, 28, 1), (1, 30, 1), (1, 48, 1), (1, 2, 1), (1, 28, 1)]
    assert decode_keys(ev) == (["AB1"], "")


def test_keyboard_reader_unplugged_is_lost():
    class Gone:
        def read(self):
            raise OSError(19, "No such device")

    reader = KeyboardReader(Gone(), clock=FakeClock())
    assert reader.poll() is None and reader.lost


@pytest.mark.pi
def test_real_rc522_on_the_pi(pi_only):
    reader = Rc522Reader()
    print("hold a tag on the reader within 10 s")
    assert reader.read_uid(10.0) is not None
