"""The forum edition on every kit and in every language (issue 25: "demo
--edition forum --roles … finishes for each kit"): the same seed gives the
same game through every kit's fake devices as with no kit at all, every
question of the edition (its forms, the day's round, the turns) answered on
the devices, every private line shown on them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: every role of part one, and every extra role it deals
ROLES = "werewolf,werewolf,werewolf,seer,witch,hunter,hangman,gambler,mirror,skin_changer,villager,villager"
EXTRA = "noble,drunk,cupid"


def demo(*args: str) -> dict:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only",
                           "--json", "--edition", "forum", "--roles", ROLES, "--extra", EXTRA, *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_a_forum_game_is_the_same_on_every_kit(lang: str) -> None:
    seed = {"nl": "3", "de": "4", "en": "5"}[lang]
    plain = demo("--seed", seed, "--lang", lang)
    assert plain["status"] == "finished" and plain["edition"] == "forum"
    assert plain["winners"]
    for kit in ("laptop", "minimal", "full", "maneschijn"):
        assert demo("--seed", seed, "--lang", lang, "--kit", kit) == plain, kit


def test_a_deck_the_edition_cannot_take_is_refused_in_one_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only",
                           "--edition", "forum", "--roles", "werewolf,seer,thief,villager,villager"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wakkerdam: ") and "thief" in lines[0]
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only",
                           "--edition", "forum", "--roles", "werewolf,villager,villager,villager",
                           "--extra", "noble"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0  # a noble on a villager: a good card
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only",
                           "--roles", "werewolf,villager,villager,villager,villager,villager,villager,seer",
                           "--extra", "noble"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1


def test_simulate_and_balance_take_the_forum_edition() -> None:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "simulate", "--edition", "forum",
                           "--roles", ROLES, "--extra", EXTRA, "--games", "60", "--json", "--jobs", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert sum(result["wins"].values()) == 60
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "balance", "--edition", "forum",
                           "--roles", ROLES, "--extra", EXTRA, "--games", "60", "--json", "--jobs", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)
    assert found["games"] == 60 and set(found["rates"]) >= {"village", "werewolves"}
    for side in found["rates"].values():
        assert side["low"] <= side["rate"] <= side["high"]


def test_roles_lists_the_edition() -> None:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "roles", "--edition", "forum", "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    data = json.loads(proc.stdout)
    assert data["edition"] == "forum" and len(data["roles"]) == 57
    by_id = {r["id"]: r for r in data["roles"]}
    for rid in ("villager", "werewolf", "seer", "witch", "hunter", "cupid", "mayor", "mirror",
                "skin_changer", "hangman", "gambler", "drunk", "noble"):
        assert by_id[rid]["playable"], rid
    assert by_id["witch"]["side"] == "neutral" and by_id["cupid"]["kind"] == "extra"
    assert set(by_id["seer"]["names"]) == {"nl", "de", "en"}
