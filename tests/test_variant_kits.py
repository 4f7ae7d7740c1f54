"""Every kit plays the variants: the same seed gives the same game through
every kit's fake devices as with no kit at all (issue 9: the seams carry
variants and cards down to the hardware)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def demo(*args: str) -> dict:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only",
                           "--json", "--seed", "5", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


@pytest.mark.parametrize("variant", ["lycanthropy", "full_moon"])
def test_a_variant_game_is_the_same_on_every_kit(variant: str) -> None:
    plain = demo("--variant", variant)
    assert plain["status"] == "finished"
    assert ("infected" in plain) == (variant == "lycanthropy")
    assert ("events" in plain) == (variant == "full_moon")
    for kit in ("laptop", "minimal", "full", "maneschijn"):
        assert demo("--variant", variant, "--kit", kit) == plain, kit


def test_an_unknown_variant_is_one_clear_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only",
                           "--variant", "lycantropy"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    import voices
    from engine.variants import VARIANTS

    assert proc.returncode == 2
    # the demo's language (Dutch by default), with every variant the engine knows
    assert proc.stderr.strip().splitlines() == ["wakkerdam: " + voices.load("nl").line(
        "refusal.unknown_variant", id="lycantropy", known=", ".join(sorted(VARIANTS)))]
