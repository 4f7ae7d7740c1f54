"""The attack tests of the forum edition (tests/test_forum_no_tells.py),
against decks of the wolves and their helpers (part 3): their calls are
made every night with the same lines, a call lasts the same acted or
pretended, and every turn (the day's round, and the ballot's round of the
liar wolf) has one shape. The tests are the same functions; this module
gives them its own games (the ``heard`` fixture)."""

from __future__ import annotations

import pytest

from engine.forum.deck import deal
from engine.vocab import Role
from narrator.seeds import Seeds
from tests.listener import Heard, listen, table_kit
from tests.test_forum_no_tells import (  # noqa: F401  (collected here with this module's games)
    test_a_call_lasts_the_same_acted_or_pretended,
    test_each_turn_shows_one_private_screen,
    test_every_night_is_told_the_same_whatever_happened,
    test_every_turn_of_the_round_has_one_shape,
)

PLAYERS = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ilse", "Joris", "Kees",
           "Lotte"]
#: two decks that call every night role of part 3 (the cubs in nights 1 to 3)
DECKS = (
    ("werewolf", "liar_wolf", "conversion_wolf", "apostate", "chain_cub", "shaman", "seer", "witch",
     "hunter", "hangman", "villager", "villager"),
    ("werewolf", "omega_wolf", "illusion_wolf", "veiling_wolf", "orc", "wolf_sorcerer", "cub",
     "unsure_cub", "cursed", "poisoner", "seer", "villager"),
)
GAMES = 50


@pytest.fixture(scope="module", params=range(len(DECKS)), ids=["pack", "helpers"])
def heard(request: pytest.FixtureRequest) -> list[Heard]:
    cards = [Role(r) for r in DECKS[request.param]]
    kit = table_kit("minimal", PLAYERS)
    out = []
    try:
        for i in range(GAMES):
            seeds = Seeds.derived(7000 + i)
            setup = deal(PLAYERS, cards, [], seeds.deal, seed=seeds.game)
            out.append(listen(setup, narration_seed=seeds.narration, bots_seed=seeds.bots, kit=kit,
                              style="sensible" if i % 2 else "random", call_seconds=(6.0, 9.0)))
    finally:
        kit.close()
    return out


def test_the_decks_call_every_night_role_of_part_three() -> None:
    from engine.forum.registry import FORUM_ROLES

    held = {r for deck in DECKS for r in deck}
    night = {r.value for r, c in FORUM_ROLES.items() if c.steps}
    mine = {"apostate", "conversion_wolf", "illusion_wolf", "chain_cub", "omega_wolf", "unsure_cub", "orc",
            "shaman", "veiling_wolf", "cursed", "cub", "wolf_sorcerer", "poisoner"}
    assert mine <= held and mine <= night
