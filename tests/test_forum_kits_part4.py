"""Issue 28's "a forum demo of 16 players with a proposed deck finishes on
every kit in nl, de and en": the deck ``wakkerdam balance --edition forum
--players 16 --propose`` put first (every role of the part but the corpse,
which arises: the gravedigger, the grave robber, the pyromaniac, the
ringleader, the locksmith, the witch; the blood brothers, the soulmates,
the grim reaper), played through every kit's fake devices as with no kit at
all, the same game, to the end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: balance --edition forum --players 16 --propose (seed 1, default sizes): its first deck
ROLES = ("werewolf,werewolf,mirror,skin_changer,witch,ringleader,gambler,gravedigger,hunter,pyromaniac,"
         "seer,grave_robber,hangman,locksmith,villager,villager")
EXTRA = "soulmate,blood_brother,cupid,drunk,grim_reaper"


def demo(*args: str) -> dict:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only",
                           "--json", "--edition", "forum", "--roles", ROLES, "--extra", EXTRA, *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_a_proposed_deck_of_16_plays_the_same_on_every_kit(lang: str) -> None:
    seed = {"nl": "3", "de": "4", "en": "6"}[lang]
    plain = demo("--seed", seed, "--lang", lang)
    assert plain["status"] == "finished" and len(plain["alive"]) + len(plain["dead"]) == 16
    told = [line for lines in plain["private"].values() for line in lines]
    assert len(told) > 40
    for kit in ("laptop", "minimal", "full", "maneschijn"):
        assert demo("--seed", seed, "--lang", lang, "--kit", kit) == plain, kit
