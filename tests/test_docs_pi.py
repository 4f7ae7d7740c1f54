"""docs/pi.md and its wiring picture say what the code and the kit file do."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import pytest
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
    for heading in ("## Starting a game for your group", "### When a phone cannot reach the page",
                    "## Parts list", "## Power budget", "## Wiring the minimal kit", "### Address jumpers",
                    "## From a blank SD card", "### Writing the card", "### Bringing the software onto the card",
                    "## Installing", "### Models and voice cache for the service user", "### Sound set-up",
                    "### Check the wiring, enroll the tokens", "## The service", "### The box's network",
                    "### Switching off safely", "### The clock without internet",
                    "### When the service does not start", "## Updating"):
        assert heading in PI, heading
    # nothing to fill in: no placeholder where an address or a figure should be
    assert not re.search(r"\bREPOSITORY\b|INSTALL_[A-Z]+|TODO|XXX", PI)
    assert "Raspberry Pi OS Lite (64-bit)" in PI and "hostname **`wakkerdam`**" in PI
    # the power budget says which figures are data sheet and which come from a game
    assert "Data sheet (not measured):" in PI and "python bench/power_budget.py" in PI
    assert (ROOT / "bench" / "power_budget.py").exists()
    done = subprocess.run([sys.executable, "-m", "narrator.cli", "serve", "--help"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0
    for option in ("--port", "--name", "--human-seat"):
        assert option in done.stdout and option in PI, option


def test_the_sources_the_guide_packs_install_on_the_pi_with_the_page_and_the_packs(tmp_path: Path) -> None:
    """The guide's ``git archive`` (not a laptop's wheel: the install compiles
    the engine for the Pi): one file of the tracked sources, of the size it
    says, that pip takes with the guide's extras; the wheel pip builds of
    those sources (tests/wheel.py builds it from the same tracked files, as
    ``pip install`` does) holds everything the box reads (below)."""
    import tarfile

    command = re.search(r"^(git archive .*?) +#", PI, re.M)
    assert command, "the guide packs the sources with git archive"
    archive = tmp_path / "wakkerdam.tar.gz"
    argv = command.group(1).replace("-o wakkerdam.tar.gz", f"-o {archive}").split()
    assert subprocess.run(argv, cwd=ROOT, capture_output=True, timeout=120).returncode == 0
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
    for needed in ("pyproject.toml", "setup.py", "web/templates/setup.html", "voices/nl/web.yaml",
                   "config/kits/minimal.yaml", "deploy/wakkerdam.service"):
        assert f"wakkerdam/{needed}" in names, needed
    said = re.search(r"sources \(about ([\d.]+) MB\)", PI)
    assert said and abs(archive.stat().st_size / 1e6 - float(said.group(1))) < 0.4, archive.stat().st_size
    extras = re.search(r'pip install "\$HOME/wakkerdam.tar.gz\[([a-z,]+)\]"', PI)
    assert extras, "the guide installs the sources with extras"
    report = tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--no-build-isolation",
                           "-q", "--report", str(report), f"{archive}[{extras.group(1)}]"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    import json

    (item,) = json.loads(report.read_text())["install"]
    assert item["metadata"]["name"] == "wakkerdam"
    assert set(item["requested_extras"]) == set(extras.group(1).split(",")) <= set(item["metadata"]["provides_extra"])


@pytest.mark.compiled  # (last: the wheel is built meanwhile, tests/wheel.py)
def test_the_wheel_pip_builds_of_the_sources_holds_the_page_and_the_packs() -> None:
    import zipfile

    from tests import wheel as wheels

    wheel = wheels.ensure()
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("web/templates/setup.html", "web/static/style.css", "voices/nl/web.yaml",
                   "config/kits/minimal.yaml", "config/decks.yaml"):
        assert needed in names, needed
    built = re.search(r"the wheel\s+pip builds of them with the compiled engine about ([\d.]+) MB", PI)
    assert built and abs(wheel.stat().st_size / 1e6 - float(built.group(1))) < 1.0, wheel.stat().st_size


def test_the_service_the_guide_describes_is_the_unit() -> None:
    unit = (ROOT / "deploy" / "wakkerdam.service").read_text()
    defaults = dict(re.findall(r"^Environment=(WAKKERDAM_\w+)=(\S+)$", unit, re.M))
    said = "(defaults " + ", ".join(f"`{defaults[k]}`" for k in (
        "WAKKERDAM_KIT", "WAKKERDAM_LANG", "WAKKERDAM_PORT", "WAKKERDAM_NAME"))
    assert said in " ".join(PI.split()), said
    assert "CAP_NET_BIND_SERVICE" in unit and "CAP_NET_BIND_SERVICE" in PI


def test_the_guide_s_pins_and_addresses_are_free_in_every_kit() -> None:
    """The shutdown button's GPIO26, a clock's 0x68, the display's 3c for i2cdetect."""
    kits = [yaml.safe_load(p.read_text()) for p in (ROOT / "config" / "kits").glob("*.yaml")]
    text = " ".join(str(k).lower() for k in kits)
    assert "gpio26" not in text and "'gpio': 26" not in text and "0x68" not in text and " 104" not in text
    minimal = yaml.safe_load((ROOT / "config" / "kits" / "minimal.yaml").read_text())
    address = minimal["console"]["display"]["address"]
    assert f'"{address:x}" (the display)' in PI
    assert "dtoverlay=gpio-shutdown,gpio_pin=26" in PI


def test_the_fonts_the_tests_install_are_the_ones_the_guide_installs() -> None:
    packages = re.search(r"APT_PACKAGES=\(([^)]*)\)", (ROOT / "dev.sh").read_text(), re.S)
    assert packages
    fonts = [p for p in packages.group(1).split() if p.startswith("fonts-")]
    assert fonts and all(f in PI for f in fonts), fonts
