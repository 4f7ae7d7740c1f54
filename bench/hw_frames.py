"""Render example frames of the console's OLED (128x64) to docs/frames/ and
print how long a frame takes to lay out and draw.

    python bench/hw_frames.py [folder]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import voices  # noqa: E402
from hardware.display import fake_display  # noqa: E402

EXAMPLES = [
    ("seer-prompt", "prompt.seer", {}, "hardware.input.how", {}),
    ("seer-cursor", "prompt.seer", {}, "hardware.input.cursor", {"choice": "Dirk"}),
    ("seer-result", "private.seer_sees", {"name": "Dirk", "role": "de weerwolf"}, None, {}),
    ("witch-save", "prompt.witch_save", {"name": "Eva"}, "hardware.input.yes_no", {}),
    ("lovers", "private.in_love", {"partner": "Gijs"}, None, {}),
    ("tap-round", "hardware.tap.not_you", {}, None, {}),
    ("deal-scan", "hardware.deal.scan", {"name": "Anna"}, None, {}),
    ("refused", "hardware.input.not_allowed", {"name": "Bram"}, None, {}),
]


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "docs" / "frames"
    folder.mkdir(parents=True, exist_ok=True)
    pack = voices.load("nl")
    display = fake_display()
    times = []
    for name, key, params, hint, hint_params in EXAMPLES:
        text = pack.line(key, **params)
        if hint:
            text += "\n" + pack.line(hint, **hint_params)
        start = time.perf_counter()
        display.show(text)
        times.append(time.perf_counter() - start)
        display.image.convert("L").resize((256, 128)).save(folder / f"{name}.png")
    times.sort()
    print(f"{len(EXAMPLES)} frames written to {folder}")
    print(f"layout + draw per frame: median {1000 * times[len(times) // 2]:.2f} ms, "
          f"max {1000 * times[-1]:.2f} ms")


if __name__ == "__main__":
    main()
