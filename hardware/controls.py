"""The console's buttons between questions: :class:`ports.Controls`.

Outside a question the three console buttons steer the evening:
*next* ends the discussion ("next"), *yes* repeats the last line
("repeat"), holding *no* for a second pauses or resumes ("pause"). Typed
keys do the same (``n``, ``r``, ``p``, ``+`` louder, ``-`` softer). Seat
buttons and tags between questions are ignored: they answer nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hardware.asking import HOLD_S
from hardware.events import Press, Typed

if TYPE_CHECKING:
    from hardware.devices import Devices

KEYS = {"n": "next", "r": "repeat", "p": "pause", "+": "louder", "-": "softer"}


class KitControls:
    def __init__(self, kit: Devices):
        self.kit = kit
        self._down: dict[str, float] = {}

    def poll(self) -> list[str]:
        """Commands given since the last poll (never blocks)."""
        kit = self.kit
        kit.poll_reader()
        commands: list[str] = []
        for ev in kit.events.drain():
            if isinstance(ev, Typed):
                if ev.text.strip().lower() in KEYS:
                    commands.append(KEYS[ev.text.strip().lower()])
            elif isinstance(ev, Press) and not ev.name.startswith("seat:"):
                if ev.down:
                    self._down[ev.name] = ev.t
                    if ev.name == "next":
                        commands.append("next")
                    elif ev.name == "yes":
                        commands.append("repeat")
                elif ev.name == "no" and ev.t - self._down.pop(ev.name, ev.t) >= HOLD_S:
                    commands.append("pause")
        return commands
