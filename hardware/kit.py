"""A kit put together: its devices (:mod:`hardware.devices`, real or fakes
built from the same wiring) and the ports the moderator talks to on them:
its :class:`Input` (``kit.input``), :class:`PrivateChannel`
(``kit.private``) and :class:`Controls` (``kit.controls``).

``build_kit(name, fake=True, ...)`` builds it from ``config/kits/<name>.yaml``.
The ports are given the kit as its :class:`~hardware.devices.Devices`, so
their modules never import this one (no import circle).
"""

from __future__ import annotations

from typing import TextIO

from hardware.asking import KitInput
from hardware.controls import KitControls
from hardware.devices import Devices
from hardware.events import Clock
from hardware.kits import KitSpec, load_kit
from hardware.private import KitPrivate
from hardware.tokens import Registry


class Kit(Devices):
    """The devices of a kit and the three ports on them."""

    def __init__(self, spec: KitSpec, *, fake: bool, players: list[str], lang: str,
                 registry: Registry | None = None, clock: Clock | None = None,
                 screen: TextIO | None = None, risky_candles: bool = False,
                 read_stdin: bool | None = None):
        super().__init__(spec, fake=fake, players=players, lang=lang, registry=registry, clock=clock,
                         screen=screen, risky_candles=risky_candles, read_stdin=read_stdin)
        self.input = KitInput(self)
        self.private = KitPrivate(self)
        self.controls = KitControls(self)


def build_kit(name: str, *, fake: bool, players: list[str], lang: str = "nl",
              registry: Registry | None = None, clock: Clock | None = None,
              screen: TextIO | None = None, risky_candles: bool = False,
              read_stdin: bool | None = None) -> Kit:
    """Load ``config/kits/<name>.yaml`` (or a path) and put the kit together.

    ``fake``: fakes at the hardware edge (see :mod:`hardware.devices`); else
    the real devices, any of which may be missing (see ``report_missing``).
    ``players`` sit at seats 1, 2, ... in this order. ``risky_candles``: the
    Maneschijn variant where the werewolves put out their victim's candle.
    ``read_stdin``: read typed lines from a terminal (default: a real kit on a
    terminal; pass False where something else reads stdin).
    Raises :class:`WiringError` for a bad kit file.
    """
    return Kit(load_kit(name), fake=fake, players=players, lang=lang, registry=registry,
               clock=clock, screen=screen, risky_candles=risky_candles, read_stdin=read_stdin)
