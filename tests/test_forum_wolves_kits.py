"""Seed 004's wolves and their helpers on every kit, in every language: a
forum demo with all eighteen bad roles (two decks of eighteen players) is
the same game through each kit's fake devices as with no kit at all, and
finishes in nl, de and en."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VILLAGE = ["seer", "witch", "hunter", "hangman", "gambler", "mirror"]
DECKS = {
    "pack": ["werewolf", "conversion_wolf", "apostate", "illusion_wolf", "heretic_wolf", "chain_cub",
             "liar_wolf", "omega_wolf", "unsure_cub", *VILLAGE[:3]] + ["villager"] * 6,
    "helpers": ["orc", "shaman", "veiling_wolf", "cursed", "cub", "wolf_in_sheeps_clothing",
                "wolf_sorcerer", "poisoner", "headsman", *VILLAGE[:1], *VILLAGE[3:]] + ["villager"] * 5,
}


def demo(deck: str, *args: str) -> dict:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only", "--json",
                           "--edition", "forum", "--players", "18", "--roles", ",".join(DECKS[deck]),
                           "--seed", "3", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def test_the_decks_hold_every_bad_role() -> None:
    from engine.forum import catalog

    held = {r for cards in DECKS.values() for r in cards}
    assert set(catalog.BAD) <= held
    assert all(len(cards) == 18 for cards in DECKS.values())


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_a_forum_game_of_the_wolves_is_the_same_on_every_kit(deck: str) -> None:
    plain = demo(deck)
    assert plain["status"] == "finished" and plain["edition"] == "forum"
    for kit in ("laptop", "minimal", "full", "maneschijn"):
        assert demo(deck, "--kit", kit) == plain, kit


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_forum_game_of_the_wolves_finishes_in_every_language(lang: str) -> None:
    for deck in DECKS:
        got = demo(deck, "--lang", lang, "--kit", "maneschijn")
        assert got["status"] == "finished", deck
        assert got["public"][-1] == demo(deck, "--lang", lang)["public"][-1]
