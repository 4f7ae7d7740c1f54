"""The display: luma's dummy device and the real SSD1306 driver over a
recording bus; frames are saved as PNG so a person can look at them."""

from __future__ import annotations

import pytest

from hardware.display import fake_display, layout, ssd1306_display
from hardware.events import HardwareError

# luma.oled 3.16 calls an API Pillow 14 removes (hence pillow<14): not ours.
pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")


class RecordingSerial:
    """The SSD1306's I²C interface, as luma calls it."""

    def __init__(self, fail: bool = False):
        self.commands: list[tuple[int, ...]] = []
        self.sent: list[int] = []
        self.fail = fail

    def command(self, *cmd):
        if self.fail:
            raise OSError(121, "Remote I/O error")
        self.commands.append(cmd)

    def data(self, data):
        if self.fail:
            raise OSError(121, "Remote I/O error")
        self.sent.extend(data)

    def cleanup(self):
        pass


@pytest.fixture(params=["dummy", "ssd1306"])
def display(request):
    if request.param == "dummy":
        return fake_display()
    return ssd1306_display(serial=RecordingSerial())


def lit_pixels(image) -> int:
    return sum(1 for p in image.tobytes() for _ in range(bin(p).count("1")))


def test_show_draws_and_clear_blanks(display, tmp_path):
    display.show("Anna is een weerwolf.")
    assert display.text == ["Anna is een weerwolf."]
    assert lit_pixels(display.image) > 50
    display.clear()
    assert display.text == [] and lit_pixels(display.image) == 0
    paths = display.save_frames(tmp_path / "frames")
    assert [p.name for p in paths] == ["frame-000.png", "frame-001.png"]
    assert all(p.stat().st_size > 0 for p in paths)


def test_long_text_is_wrapped_to_the_width_and_cut_to_the_height():
    lines = layout("Het slachtoffer van de weerwolven is Quinten. Gebruik je het levenselixir? " * 3)
    assert 1 < len(lines) <= 5
    from hardware.display import _font

    assert all(_font().getlength(line) <= 126 for line in lines)


def test_ssd1306_sends_a_whole_frame_per_show():
    serial = RecordingSerial()
    d = ssd1306_display(serial=serial)
    before = len(serial.sent)
    d.show("Ja of Nee?")
    assert len(serial.sent) - before == 1024  # 128 x 64 bits


def test_a_display_that_is_not_there_is_a_clear_error():
    with pytest.raises(HardwareError, match="SSD1306"):
        ssd1306_display(serial=RecordingSerial(fail=True))


def test_a_display_that_vanishes_is_lost_not_raised():
    serial = RecordingSerial()
    d = ssd1306_display(serial=serial)
    serial.fail = True
    d.show("hallo")
    assert d.lost and not d.check()


@pytest.mark.pi
def test_real_oled_on_the_pi(pi_only):
    d = ssd1306_display()
    d.show("Wakkerdam: zelftest")
    d.clear()
    assert d.check()
