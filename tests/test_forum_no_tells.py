"""Attack tests for the forum edition: what an attentive player gets from
the box, tried as an attacker would. Games are played by bots through the
moderator on a fake kit and a fake clock (tests/listener.py).

- The night: every role of the deck is called each night, dead or alive,
  resting or used, with the same lines; its call lasts a time of one
  distribution whatever happened in it.
- The day's round: every living player's turn has one shape (one private
  screen, one question, a length of one distribution), whether he had news,
  a day action, both or neither.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.forum.deck import deal
from engine.forum.game import ForumGame  # noqa: F401  (registers the forum's roles)
from engine.vocab import Role
from narrator.seeds import Seeds
from tests.listener import Heard, listen, table_kit
from tests.test_no_tells import ks_p

PLAYERS = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ilse", "Joris"]
CARDS = [Role(r) for r in ("werewolf", "werewolf", "seer", "witch", "hunter", "hangman", "gambler",
                           "mirror", "skin_changer", "villager")]
EXTRA = [Role("noble"), Role("cupid"), Role("drunk")]
GAMES = 120


def _nights(h: Heard) -> list[dict[str, Any]]:
    """Each night as heard: its lines in order, its length, each call's length."""
    cues = [(t, name) for kind, name, t, *_ in h.heard if kind == "cue"]
    starts = [t for t, name in cues if name == "night"]
    dawns = [t for t, name in cues if name == "dawn"]
    nights = []
    for start, dawn in zip(starts, dawns, strict=False):
        said = tuple(x[1] for x in h.heard if x[0] == "say" and start <= x[2] < dawn)
        nights.append({"lines": said, "length": dawn - start})
    return nights


@pytest.fixture(scope="module")
def heard() -> list[Heard]:
    kit = table_kit("minimal", PLAYERS)
    out = []
    try:
        for i in range(GAMES):
            seeds = Seeds.derived(5000 + i)
            setup = deal(PLAYERS, CARDS, EXTRA, seeds.deal, seed=seeds.game)
            out.append(listen(setup, narration_seed=seeds.narration, bots_seed=seeds.bots, kit=kit,
                              style="sensible" if i % 2 else "random", call_seconds=(6.0, 9.0)))
    finally:
        kit.close()
    return out


def test_every_night_is_told_the_same_whatever_happened(heard: list[Heard]) -> None:
    """The second night sounds the same whether the seer lives or not, the
    skin changer rests or not: the same lines, every role called."""
    lines: set[tuple[str, ...]] = set()
    for h in heard:
        nights = _nights(h)
        if len(nights) >= 2:
            lines.add(nights[1]["lines"])
    assert len(lines) == 1, f"{len(lines)} different second nights"


def test_a_call_lasts_the_same_acted_or_pretended(heard: list[Heard]) -> None:
    acted = [length for h in heard for step, length, did in h.calls if step != "turn" and did]
    pretended = [length for h in heard for step, length, did in h.calls if step != "turn" and not did]
    assert len(acted) > 50 and len(pretended) > 50
    assert ks_p(acted, pretended) >= 0.001


def test_every_turn_of_the_round_has_one_shape(heard: list[Heard]) -> None:
    """A turn with a question lasts as one without; every living player has
    one (the turns of a round are its living players)."""
    with_choice = [length for h in heard for step, length, did in h.calls if step == "turn" and did]
    without = [length for h in heard for step, length, did in h.calls if step == "turn" and not did]
    assert len(with_choice) > 30 and len(without) > 100
    assert ks_p(with_choice, without) >= 0.001
    for h in heard:
        game = h.game
        assert game is not None
        turns = [e for e in game.events if e.kind == "turn"]
        rounds = [e for e in game.events if e.kind == "round_begins"]
        assert turns and rounds
        said = [x[1] for x in h.heard if x[0] == "say"]
        assert len([t for t in said if t.endswith("jij bent aan de beurt.")]) == len(turns)


def test_each_turn_shows_one_private_screen(heard: list[Heard]) -> None:
    """On the console: in every turn one screen of news (or "no news"),
    whoever it is for, so the console's screens do not count the news."""
    for h in heard[:30]:
        game = h.game
        assert game is not None
        said = [x for x in h.heard if x[0] == "say"]
        turn_starts = [x[2] for x in said if x[1].endswith("jij bent aan de beurt.")]
        for start, nxt in zip(turn_starts, [*turn_starts[1:], float("inf")], strict=True):
            shown = [t for t in h.screens if start <= t < nxt]
            assert len(shown) >= 1
