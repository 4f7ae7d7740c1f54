"""Numbers for the hardware layer on fake devices (run on the PC or the Pi).

    python bench/hw_kits.py

Prints: building each kit's fakes, one bot game through each kit (and
without a kit), and the RC522 driver's SPI traffic per poll of the reader.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardware.buses import FakeSpi, Rc522Model  # noqa: E402
from hardware.events import FakeClock  # noqa: E402
from hardware.kit import build_kit  # noqa: E402
from narrator.demo import NAMES, deal  # noqa: E402
from narrator.kitdemo import play_through_kit  # noqa: E402

KITS = ("laptop", "minimal", "full", "maneschijn")


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def main() -> None:
    players = list(NAMES[:10])
    for name in KITS:
        t, kit = timed(lambda n=name: build_kit(n, fake=True, players=players))
        c, _ = timed(kit.close)
        print(f"build {name:10} {1000 * t:7.1f} ms   close {1000 * c:6.1f} ms   missing: {kit.missing}")
    for name in KITS:
        runs = []
        decisions = 0
        for seed in range(1, 6):
            t, (game, kit) = timed(lambda s=seed, n=name: play_through_kit(deal(10, s), n))
            runs.append(t)
            decisions += len(game.decisions)
            kit.close()
        print(f"bot game through {name:10} median {1000 * statistics.median(runs):7.1f} ms "
              f"({decisions} decisions in 5 games)")

    class Counting(FakeSpi):
        transfers = 0

        def xfer2(self, data):
            Counting.transfers += 1
            return super().xfer2(data)

    from hardware.rfid import Rc522Reader

    model = Rc522Model()
    reader = Rc522Reader(Counting(model), clock=FakeClock())
    Counting.transfers = 0
    for _ in range(100):
        reader.poll()
    empty = Counting.transfers / 100
    model.present("04A1B2C3")
    Counting.transfers = 0
    for _ in range(100):
        reader.poll()
    print(f"RC522 SPI transfers per poll: {empty:.1f} with no card, "
          f"{Counting.transfers / 100:.1f} with a card lying on it "
          f"(2-byte transfers at 1 MHz: ~{empty * 2 * 8 / 1000:.2f} ms of bus time per empty poll)")


if __name__ == "__main__":
    main()
