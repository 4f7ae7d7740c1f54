"""Kit files: the four shipped kits load; a bad wiring is refused with the
file, the line and what is wrong."""

from __future__ import annotations

import pytest

from hardware.events import WiringError
from hardware.kits import KIT_NAMES, load_kit

MINIMAL_HEAD = """\
name: test
console:
  buttons: {yes: gpio5, no: gpio6, next: gpio13}
  reader: {type: rc522, spi: "0.0", reset: gpio25}
  display: {type: ssd1306, address: 0x3C}
"""


def write(tmp_path, text):
    path = tmp_path / "kit.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name", KIT_NAMES)
def test_shipped_kits_load(name):
    spec = load_kit(name)
    assert spec.name == name
    if name in ("full", "maneschijn"):
        assert len(spec.seats) == 18 and spec.has_pods
        assert all(s.button and s.candle and s.motor for s in spec.seats)
    assert load_kit("maneschijn").battery


def test_unknown_kit_names_the_known_ones():
    with pytest.raises(WiringError, match="full, laptop, maneschijn, minimal"):
        load_kit("zolder")


def test_a_pin_used_twice_names_both_and_the_line(tmp_path):
    path = write(tmp_path, MINIMAL_HEAD + """\
expanders:
  - {address: 0x20, interrupt: gpio17}
seats:
  - {button: mcp0x20.0}
  - {button: mcp0x20.0}
""")
    with pytest.raises(WiringError) as err:
        load_kit(path)
    assert f"{path}, line 10: seat 2 button: mcp0x20.0 is already used by seat 1 button" in str(err.value)


@pytest.mark.parametrize("bad, message", [
    ("  - {button: gpio2}", "gpio2 is already used by the I2C/SPI buses"),
    ("  - {button: gpio9}", "gpio9 is already used by the I2C/SPI buses"),
    ("  - {button: gpio40}", "gpio40 is out of range"),
    ("  - {button: mcp0x20.16}", "mcp0x20.16 is out of range"),
    ("  - {button: mcp0x23.1}", "no expander at 0x23 is declared"),
    ("  - {button: pca0x40.1}", "pca0x40.1 cannot be used here"),
    ("  - {button: 'seventeen'}", "'seventeen' is not a pin"),
    ("  - {button: gpio5}", "gpio5 is already used by console button yes"),
    ("  - {knop: gpio20}", "unknown key 'knop'"),
    ("  - {candle: mcp0x20.2}", "mcp0x20.2 cannot be used here"),
])
def test_bad_seat_wiring(tmp_path, bad, message):
    path = write(tmp_path, MINIMAL_HEAD + "expanders:\n  - {address: 0x20, interrupt: gpio17}\nseats:\n"
                 + bad + "\n")
    with pytest.raises(WiringError, match="line 9: .*" + message.replace("(", r"\(")):
        load_kit(path)


@pytest.mark.parametrize("extra, message", [
    ("expanders:\n  - {address: 0x30}\n", "address 48 is not between 0x20 and 0x27"),
    ("expanders:\n  - {address: 0x20, interrupt: gpio17}\n  - {address: 0x20}\n",
     "I2C address 0x20 is already used by expander 1"),
    ("pwm:\n  - {address: 0x70}\n", "0x70 is the PCA9685's all-call address"),
    ("expanders:\n  - {address: 0x20}\nseats:\n  - {button: mcp0x20.1}\n",
     "expander 0x20 has buttons but no interrupt pin"),
    ("flikker: true\n", "unknown key 'flikker'"),
])
def test_bad_chips(tmp_path, extra, message):
    with pytest.raises(WiringError, match=message):
        load_kit(write(tmp_path, MINIMAL_HEAD + extra))


def test_not_yaml_and_not_a_mapping(tmp_path):
    with pytest.raises(WiringError, match="not valid YAML"):
        load_kit(write(tmp_path, "console: [unclosed\n"))
    with pytest.raises(WiringError, match="kit must be a mapping"):
        load_kit(write(tmp_path, "- 1\n- 2\n"))


def test_all_errors_are_reported_at_once(tmp_path):
    path = write(tmp_path, MINIMAL_HEAD + "seats:\n  - {button: gpio99}\n  - {candle: gpio5}\n")
    with pytest.raises(WiringError) as err:
        load_kit(path)
    assert str(err.value).count("\n") == 1


def test_bare_yes_no_keys_are_understood(tmp_path):
    spec = load_kit(write(tmp_path, "console:\n  buttons:\n    yes: gpio5\n    no: gpio6\n"))
    assert set(spec.buttons) == {"yes", "no"}
