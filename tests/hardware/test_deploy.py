"""The systemd unit: what the Pi needs is in it, and systemd accepts it."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "deploy" / "wakkerdam.service"


def service_section() -> dict[str, list[str]]:
    entries: dict[str, list[str]] = {}
    section = None
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[Service]" and "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            entries.setdefault(key, []).append(value)
    return entries


def test_unit_runs_as_its_own_user_in_the_device_groups():
    s = service_section()
    assert s["User"] == ["wakkerdam"]
    assert set(s["SupplementaryGroups"][0].split()) == {"gpio", "spi", "i2c", "input", "audio"}
    assert "GPIOZERO_PIN_FACTORY=lgpio" in s["Environment"]
    assert s["StateDirectory"] == ["wakkerdam"]
    assert s["WorkingDirectory"] == ["%S/wakkerdam"]  # writable, for lgpio's pipe
    assert "PrivateDevices" not in s  # the box needs /dev


def test_unit_parses_as_ini():
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.read_string(UNIT.read_text())
    assert {"Unit", "Service", "Install"} <= set(parser.sections())


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_analyze_verify(tmp_path):
    # The venv path exists only on the Pi: check everything else.
    unit = tmp_path / "wakkerdam.service"
    unit.write_text(UNIT.read_text().replace("/opt/wakkerdam/.venv/bin/wakkerdam", "/usr/bin/env"))
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


def test_unit_waits_for_a_set_up_from_the_page():
    """The service no longer deals Anna...Hanna: it serves the set-up page."""
    start = service_section()["ExecStart"][0]
    assert " serve --kit ${WAKKERDAM_KIT}" in start and "--port ${WAKKERDAM_PORT}" in start
    assert " play " not in start
