"""The deal's shuffle is the library's (engine.deck.shuffle writes it out
for the compiled engine): the same seed, the same order, on any Python."""

from __future__ import annotations

import random

from engine import Role
from engine.deck import deal, shuffle


def test_the_shuffle_is_random_shuffle_for_every_seed_and_deck_size() -> None:
    for seed in range(400):
        for size in (0, 1, 2, 8, 12, 20):
            cards = list(range(size))
            mine, theirs = list(cards), list(cards)
            shuffle(mine, random.Random(seed))
            random.Random(seed).shuffle(theirs)
            assert mine == theirs, (seed, size)


def test_a_deal_is_random_shuffle_of_its_seed() -> None:
    """``deal`` draws from random.Random's C base: the same order as
    ``random.Random(deal_seed).shuffle``, the seat order first."""
    names = tuple(f"p{i}" for i in range(12))
    cards = [Role.WEREWOLF] * 3 + [Role.SEER, Role.WITCH, Role.HUNTER] + [Role.VILLAGER] * 6
    for seed in (0, 1, 12345, 2**62 + 3):
        theirs = list(cards)
        random.Random(seed).shuffle(theirs)
        setup = deal(names, cards, seed)
        assert [setup.roles[p] for p in names] == theirs and setup.middle == () and setup.seed == seed
