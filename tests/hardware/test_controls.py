"""The console's buttons and keys between questions."""

from __future__ import annotations

from hardware.controls import KitControls
from hardware.kit import build_kit


def test_console_buttons_and_keys_become_commands():
    kit = build_kit("full", fake=True, players=["Anna", "Bram"])
    try:
        controls = kit.controls
        assert isinstance(controls, KitControls)
        assert controls.poll() == []
        kit.console.click("next")
        kit.console.click("yes")
        kit.console.click("no")          # a short "no" means nothing here
        kit.console.hold("no")           # held: pause
        kit.seat("Anna").click()         # seats answer nothing between questions
        kit.present(kit.registry.token_of(1))
        kit.keyboard.type("+")
        kit.keyboard.type("-")
        kit.keyboard.type("hallo")
        assert controls.poll() == ["next", "repeat", "pause", "louder", "softer"]
        assert controls.poll() == []
    finally:
        kit.close()
