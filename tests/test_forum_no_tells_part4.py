"""Attack tests for the neutrals and the extra roles (issue 28), as
tests/test_forum_no_tells.py tries part one's: a deck of part 4's roles,
played by bots through the moderator on a fake kit and a fake clock. Every
night sounds the same whatever the corpse, the grave robber or the
pyromaniac did (their calls come every night of the deck, or on the nights
of the text, pretended when nobody can act); a call lasts as long acted as
pretended; every turn of the day's round, the gravedigger's question among
them, has one shape."""

from __future__ import annotations

import pytest

from engine.forum.deck import deal
from engine.forum.game import ForumGame  # noqa: F401  (registers the forum's roles)
from engine.vocab import Role
from narrator.seeds import Seeds
from tests.listener import Heard, listen, table_kit
from tests.test_forum_no_tells import _nights
from tests.test_no_tells import ks_p

PLAYERS = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ilse", "Joris"]
CARDS = [Role(r) for r in ("werewolf", "werewolf", "gravedigger", "grave_robber", "pyromaniac", "ringleader",
                           "locksmith", "seer", "villager", "villager")]
EXTRA = [Role("blood_brother"), Role("soulmate"), Role("grim_reaper")]
GAMES = 80


@pytest.fixture(scope="module")
def heard() -> list[Heard]:
    kit = table_kit("minimal", PLAYERS)
    out = []
    try:
        for i in range(GAMES):
            seeds = Seeds.derived(7000 + i)
            setup = deal(PLAYERS, CARDS, EXTRA, seeds.deal, seed=seeds.game)
            out.append(listen(setup, narration_seed=seeds.narration, bots_seed=seeds.bots, kit=kit,
                              style="sensible" if i % 2 else "random", call_seconds=(6.0, 9.0)))
    finally:
        kit.close()
    return out


def test_the_nights_sound_the_same_whatever_happened(heard: list[Heard]) -> None:
    """Night 2 and night 4 (the grave robber's) each sound the same in every
    game, whoever rose, robbed, burnt or shuffled."""
    for night in (1, 3):
        lines = {tuple(_nights(h)[night]["lines"]) for h in heard if len(_nights(h)) > night}
        assert len(lines) == 1, f"night {night + 1}: {len(lines)} different ways it sounded"


def test_what_part_4_does_happens_in_these_games(heard: list[Heard]) -> None:
    """(So the tests above are about something.)"""
    kinds = {e.kind for h in heard if h.game is not None for e in h.game.events}
    assert {"forum_blood_brothers_know", "forum_soulmates_know", "forum_now_corpse", "forum_corpse_among",
            "forum_robbed", "forum_shuffled", "forum_house_burnt_role"} <= kinds


def test_a_call_lasts_the_same_acted_or_pretended(heard: list[Heard]) -> None:
    acted = [length for h in heard for step, length, did in h.calls if step != "turn" and did]
    pretended = [length for h in heard for step, length, did in h.calls if step != "turn" and not did]
    assert len(acted) > 50 and len(pretended) > 50
    assert ks_p(acted, pretended) >= 0.001


def test_every_turn_of_the_round_has_one_shape(heard: list[Heard]) -> None:
    with_choice = [length for h in heard for step, length, did in h.calls if step == "turn" and did]
    without = [length for h in heard for step, length, did in h.calls if step == "turn" and not did]
    assert len(with_choice) > 20 and len(without) > 100
    assert ks_p(with_choice, without) >= 0.001
