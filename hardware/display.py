"""The console's small screen (SSD1306 OLED, 128x64) for private results.

Text is laid out by :func:`layout` (wrapped to the width, at most five lines)
and drawn with Pillow onto a luma device: ``luma.oled.device.ssd1306`` on the
Pi, ``luma.core.device.dummy`` in tests, which keeps the last frame as a PIL
image. Every frame is also kept in ``frames`` so tests (and bots, which "read"
the display) can look at it; :meth:`Display.save_frames` writes them as PNG.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from hardware.events import HardwareError

WIDTH, HEIGHT = 128, 64
FONT_SIZE = 11
LINE_HEIGHT = 12
MAX_LINES = HEIGHT // LINE_HEIGHT


@cache
def _font() -> Any:
    from PIL import ImageFont

    return ImageFont.load_default(size=FONT_SIZE)


def layout(text: str, width: int = WIDTH) -> list[str]:
    """Wrap ``text`` (newlines kept) into lines that fit ``width`` pixels."""
    font = _font()
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if font.getbbox(trial)[2] <= width - 2 or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out[:MAX_LINES]


class Display:
    """A luma device that shows a few lines of text and keeps every frame."""

    def __init__(self, device: Any, *, keep_frames: int = 200):
        self.device = device
        self.text: list[str] = []
        self.frames: list[Any] = []
        self._keep = keep_frames
        self.lost = False

    def show(self, text: str) -> None:
        from PIL import Image, ImageDraw

        lines = layout(text, self.device.width)
        image = Image.new(self.device.mode, self.device.size)
        draw = ImageDraw.Draw(image)
        for i, line in enumerate(lines):
            draw.text((1, i * LINE_HEIGHT), line, font=_font(), fill="white")
        self._display(image)
        self.text = lines

    def show_image(self, image: Any) -> None:
        """A picture made for this screen (the set-up page's QR code)."""
        self._display(image.convert(self.device.mode).resize(self.device.size))
        self.text = []

    def clear(self) -> None:
        from PIL import Image

        self._display(Image.new(self.device.mode, self.device.size))
        self.text = []

    def _display(self, image: Any) -> None:
        try:
            self.device.display(image)
        except OSError:
            self.lost = True  # the screen went away: the owner falls back
            return
        self.frames.append(image)
        del self.frames[:-self._keep]

    @property
    def image(self) -> Any:
        return self.frames[-1] if self.frames else None

    def save_frames(self, folder: Path, prefix: str = "frame") -> list[Path]:
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for i, frame in enumerate(self.frames):
            path = folder / f"{prefix}-{i:03d}.png"
            frame.save(path)
            paths.append(path)
        return paths

    def check(self) -> bool:
        return not self.lost

    def close(self) -> None:
        pass


def fake_display(width: int = WIDTH, height: int = HEIGHT) -> Display:
    from luma.core.device import dummy

    return Display(dummy(width=width, height=height, mode="1"))


def ssd1306_display(port: int = 1, address: int = 0x3C, *, serial: Any = None,
                    width: int = WIDTH, height: int = HEIGHT) -> Display:
    """The real OLED on I²C; ``serial`` replaces the bus (tests record bytes)."""
    from luma.oled.device import ssd1306

    try:
        if serial is None:
            from luma.core.interface.serial import i2c

            serial = i2c(port=port, address=address)
        return Display(ssd1306(serial_interface=serial, width=width, height=height))
    except Exception as exc:  # luma raises its own DeviceNotFoundError and OSError
        raise HardwareError(f"SSD1306 display at 0x{address:02x} does not answer: {exc}") from None
