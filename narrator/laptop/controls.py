"""The laptop's :class:`ports.Controls`."""

from __future__ import annotations

from narrator.laptop.session import LaptopSession


class LaptopControls:
    """``Controls``: keys typed during the discussion (never waits)."""

    COMMANDS = {"n": "next", "r": "repeat", "p": "pause", "": "resume", "+": "louder", "-": "softer"}

    def __init__(self, session: LaptopSession) -> None:
        self.s = session

    def poll(self) -> list[str]:
        out = []
        for line in self.s.keyboard.pending():
            key = line.strip().lower()
            command = self.COMMANDS.get(key)
            if command is None:
                self.s.screen.show(self.s.pack.line("laptop.unknown_key"))
                continue
            if command == "repeat" and self.s.last_line:
                self.s.screen.show(self.s.pack.line("laptop.repeat", line=self.s.last_line))
            out.append(command)
        return out
