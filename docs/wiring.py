"""Draws docs/wiring-minimal.png: the minimal kit on the Pi's 40-pin header.

The pins come from config/kits/minimal.yaml, so the picture follows the kit
file; run ``python docs/wiring.py`` after changing it.
"""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
KIT = ROOT / "config" / "kits" / "minimal.yaml"
OUT = ROOT / "docs" / "wiring-minimal.png"

#: the 40-pin header, physical pin -> what it is (BCM numbers for GPIOs)
HEADER = {
    1: "3V3", 2: "5V", 3: "GPIO2", 4: "5V", 5: "GPIO3", 6: "GND", 7: "GPIO4", 8: "GPIO14",
    9: "GND", 10: "GPIO15", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND", 15: "GPIO22",
    16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10", 20: "GND", 21: "GPIO9", 22: "GPIO25",
    23: "GPIO11", 24: "GPIO8", 25: "GND", 26: "GPIO7", 27: "GPIO0", 28: "GPIO1", 29: "GPIO5",
    30: "GND", 31: "GPIO6", 32: "GPIO12", 33: "GPIO13", 34: "GND", 35: "GPIO19", 36: "GPIO16",
    37: "GPIO26", 38: "GPIO20", 39: "GND", 40: "GPIO21",
}
#: what the buses use (SPI0 with CE0 or CE1, I2C-1)
SPECIAL = {"GPIO2": "SDA", "GPIO3": "SCL", "GPIO10": "MOSI", "GPIO9": "MISO", "GPIO11": "SCLK",
           "GPIO8": "CE0", "GPIO7": "CE1"}


def physical(name: str) -> int:
    """The header pin of 'gpio25' / 'GND' (the first free GND is not needed:
    one is picked per wire by the caller)."""
    wanted = name.upper()
    return next(p for p, n in HEADER.items() if n == wanted)


def wires(kit: dict) -> list[tuple[str, str, int, str]]:
    """(part, part's pin, header pin, colour) for every wire of the kit."""
    console = kit["console"]
    reader = console["reader"]
    ce = "GPIO8" if str(reader.get("spi", "0.0")).endswith(".0") else "GPIO7"
    out = [
        ("display", "VCC", 1, "red"), ("display", "GND", 9, "black"),
        ("display", "SDA", physical("GPIO2"), "tab:blue"), ("display", "SCL", physical("GPIO3"), "tab:cyan"),
        ("reader", "3.3V", 17, "red"), ("reader", "GND", 25, "black"),
        ("reader", "RST", physical(reader["reset"]), "tab:orange"),
        ("reader", "SDA (SS)", physical(ce), "tab:purple"),
        ("reader", "SCK", physical("GPIO11"), "tab:green"),
        ("reader", "MOSI", physical("GPIO10"), "tab:olive"),
        ("reader", "MISO", physical("GPIO9"), "tab:brown"),
    ]
    grounds = iter((30, 34, 39))
    for button, pin in console["buttons"].items():
        button = {True: "yes", False: "no"}.get(button, button)  # YAML 1.1 reads yes/no as booleans
        out.append((f"button {button}", "a", physical(pin), "tab:pink"))
        out.append((f"button {button}", "b (GND)", next(grounds), "black"))
    return out


def draw() -> Path:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyBboxPatch

    kit = yaml.safe_load(KIT.read_text(encoding="utf-8"))
    fig = Figure(figsize=(11, 9), dpi=100)
    ax = fig.subplots()
    ax.set_xlim(-7.6, 7.6)
    ax.set_ylim(-21.5, 2.5)
    ax.axis("off")

    def pin_xy(pin: int) -> tuple[float, float]:
        return (-1.8 if pin % 2 else 1.8), -((pin - 1) // 2)

    # pins at the board's edges, their names between them: wires never cross a name
    ax.add_patch(FancyBboxPatch((-2.1, -19.6), 4.2, 20.2, boxstyle="round,pad=0.1", fc="#2e7d32", ec="k"))
    for pin, name in HEADER.items():
        x, y = pin_xy(pin)
        ax.plot(x, y, "o", color="gold", markersize=7, markeredgecolor="k", zorder=3)
        label = f"{name}" + (f" {SPECIAL[name]}" if name in SPECIAL else "")
        ax.text(x + (0.25 if pin % 2 else -0.25), y, f"({pin}) {label}" if pin % 2 else f"{label} ({pin})",
                fontsize=6.5, color="white", ha="left" if pin % 2 else "right", va="center")
    ax.text(0, 1.4, "Raspberry Pi 40-pin header (pin 1 top left)", ha="center", fontsize=10, weight="bold")

    parts: dict[str, tuple[float, float, list[str]]] = {}
    for part, pin_name, _, _ in wires(kit):
        parts.setdefault(part, (0.0, 0.0, []))[2].append(pin_name)
    places = {"display": (-7.3, -1.0), "reader": (-7.3, -9.0)}
    right_y = -12.0
    for part in parts:
        if part not in places:
            places[part] = (5.1, right_y)
            right_y -= 2.8
    anchors: dict[tuple[str, str], tuple[float, float]] = {}
    for part, (_, _, pins) in parts.items():
        px, py = places[part]
        height = 0.55 * len(pins) + 0.6
        ax.add_patch(FancyBboxPatch((px, py - height), 2.2, height, boxstyle="round,pad=0.05",
                                    fc="#e3f2fd", ec="k"))
        title = {"display": f"SSD1306 OLED (I²C {kit['console']['display']['address']:#x})",
                 "reader": "RC522 reader (3.3 V only!)"}.get(part, part)
        ax.text(px + 1.1, py + 0.25, title, ha="center", fontsize=8, weight="bold")
        for i, name in enumerate(pins):
            y = py - 0.55 * (i + 1)
            right_side = px < 0
            x = px + (2.2 if right_side else 0)
            ax.text(px + (2.1 if right_side else 0.1), y, name, fontsize=7,
                    ha="right" if right_side else "left", va="center")
            anchors[(part, name)] = (x, y)
    for i, (part, name, pin, colour) in enumerate(wires(kit)):
        x0, y0 = anchors[(part, name)]
        x1, y1 = pin_xy(pin)
        step = 0.16 * (i % 11 + 1)  # each wire its own vertical lane
        near = x1 - 0.3 - step if x1 < 0 else x1 + 0.3 + step
        if (x0 < 0) == (x1 < 0):
            xs, ys = [x0, near, near, x1], [y0, y0, y1, y1]
        else:  # across the board between two rows of pins, never over a name
            far = -2.4 - step if x0 < 0 else 2.4 + step
            gap = y1 + 0.5
            xs, ys = [x0, far, far, near, near, x1], [y0, y0, gap, gap, y1, y1]
        ax.plot(xs, ys, color=colour, linewidth=1.3, zorder=2)
    ax.text(4.4, -2.0, "USB: loudspeaker (or USB sound card\n+ active speaker) and microphone",
            fontsize=8, va="top", bbox={"fc": "#fff3e0", "ec": "k"})
    ax.text(4.4, -5.0, "Buttons: one leg to the GPIO, the other\nto GND; the Pi's internal pull-ups\n"
            "are used (no resistors). RC522 IRQ:\nnot connected.", fontsize=8, va="top")
    ax.text(-7.3, -20.8, f"From {KIT.relative_to(ROOT)}; regenerate with: python docs/wiring.py",
            fontsize=7, color="#555555")
    fig.tight_layout()
    fig.savefig(OUT)
    return OUT


if __name__ == "__main__":
    print(draw())
