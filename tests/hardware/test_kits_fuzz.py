"""Any kit file, however wrong, gives a KitSpec or one WiringError — never a
traceback."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.events import WiringError
from hardware.kits import load_kit

KEYS = ["name", "console", "buttons", "yes", "no", "next", "reader", "type", "spi", "reset",
        "device", "display", "address", "width", "expanders", "interrupt", "pwm", "seats",
        "button", "candle", "motor", "battery", "flicker", "speaker", "microphone", "x"]
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 200), st.sampled_from(
        ["gpio5", "gpio2", "mcp0x20.3", "pca0x40.1", "rc522", "keyboard", "ssd1306", "0.0",
         "/dev/input/x", "", "gpio"]))
TREES = st.recursive(VALUES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)),
    max_leaves=25)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tree=st.dictionaries(st.sampled_from(KEYS), TREES, max_size=6))
def test_any_kit_file_is_a_spec_or_one_wiring_error(tmp_path, tree):
    path = tmp_path / "kit.yaml"
    path.write_text(yaml.safe_dump(tree), encoding="utf-8")
    try:
        load_kit(str(path))
    except WiringError as exc:
        assert str(path) in str(exc)


def test_binary_garbage_is_a_wiring_error(tmp_path):
    path = tmp_path / "kit.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(WiringError, match="not a text file"):
        load_kit(str(path))
    with pytest.raises(WiringError, match="cannot be read"):
        load_kit(str(tmp_path) + "/")
