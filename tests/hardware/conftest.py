"""Shared fixtures for the hardware tests: gpiozero mock pins per test."""

from __future__ import annotations

from pathlib import Path

import pytest


def on_a_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="ignore")
    except OSError:
        return False


@pytest.fixture
def factory():
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    f = MockFactory(revision="d04170", pin_class=MockPWMPin)
    yield f
    f.reset()


@pytest.fixture
def pi_only():
    if not on_a_pi():
        pytest.skip("needs a Raspberry Pi with the kit wired")
