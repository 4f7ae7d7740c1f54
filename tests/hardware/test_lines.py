"""Every hardware line the code uses exists in every pack, with the same
placeholders in nl, de and en."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import voices

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in HARDWARE.glob("*.py"):
        keys |= set(re.findall(r'"(hardware\.[a-z_]+\.[a-z_]+|hardware\.[a-z_]+)"', path.read_text()))
    # Keys built from names: devices (kit.missing, kit.check) and console buttons.
    from hardware.devices import CONSOLE

    devices = {"i2c", "buttons", "reader", "display", "seat_buttons", "seat_pods", "motors",
               "candles", "expander", "pwm", "microphone"}
    keys |= {f"hardware.device.{d}" for d in devices}
    keys |= {f"hardware.button.{b}" for b in CONSOLE} | {"hardware.button.seat"}
    return keys


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_every_used_key_is_in_the_pack(lang):
    pack = voices.load(lang)
    missing = sorted(k for k in used_keys() if not pack.has(k))
    assert missing == []


def test_packs_have_the_same_hardware_keys_and_placeholders():
    nl = voices.load("nl")
    for lang in ("de", "en"):
        pack = voices.load(lang)
        ours = {k for k in pack.lines if k.startswith("hardware.")}
        assert ours == {k for k in nl.lines if k.startswith("hardware.")}
        for key in ours:
            assert pack.placeholders(key) == nl.placeholders(key), (lang, key)
