"""docs/pi.md and its wiring picture say what the code and the kit file do."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
PI = (ROOT / "docs" / "pi.md").read_text(encoding="utf-8")


def test_the_gpiozero_version_is_the_one_required_and_installed() -> None:
    wanted = re.search(r'"gpiozero>=([^"]+)"', (ROOT / "pyproject.toml").read_text()).group(1)
    assert f"gpiozero>={wanted}" in PI
    assert f"gpiozero {importlib.metadata.version('gpiozero')}" in PI


def test_the_wiring_table_and_picture_follow_the_minimal_kit_file() -> None:
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import wiring
    finally:
        sys.path.pop(0)
    kit = yaml.safe_load((ROOT / "config" / "kits" / "minimal.yaml").read_text())
    for part, pin_name, header_pin, _ in wiring.wires(kit):
        gpio = wiring.HEADER[header_pin]
        label = f"{gpio} {wiring.SPECIAL[gpio]}" if gpio in wiring.SPECIAL else gpio
        assert f"{label} ({header_pin})" in PI, (part, pin_name, header_pin)
    reset = kit["console"]["reader"]["reset"].upper()
    assert f"| | RST | {reset} ({wiring.physical(reset)}) |" in PI
    assert (ROOT / "docs" / "wiring-minimal.png").stat().st_size > 10_000
    assert "![The minimal kit on the 40-pin header](wiring-minimal.png)" in PI


def test_web_sits_on_top_nothing_below_imports_it() -> None:
    for folder in ("engine", "hardware", "narrator", "ports", "voices", "config"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"^\s*(from|import) web\b", text, re.M), path


def test_the_pi_guide_names_every_step_a_new_owner_needs() -> None:
    for heading in ("## Starting a game for your group", "## Parts list", "## Power budget",
                    "## Wiring the minimal kit", "### Address jumpers", "## Installing",
                    "### Models and voice cache for the service user", "### Sound set-up",
                    "## The service", "## Updating"):
        assert heading in PI
    assert "sudo git clone REPOSITORY /opt/wakkerdam" in PI
    # the power budget says which figures are data sheet and which come from a game
    assert "Data sheet (not measured):" in PI and "python bench/power_budget.py" in PI
    assert (ROOT / "bench" / "power_budget.py").exists()
    done = subprocess.run([sys.executable, "-m", "narrator.cli", "serve", "--help"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and "--port" in done.stdout
