"""The deal's shuffle is the library's (engine.deck.shuffle writes it out
for the compiled engine): the same seed, the same order, on any Python."""

from __future__ import annotations

import random

from engine.deck import shuffle


def test_the_shuffle_is_random_shuffle_for_every_seed_and_deck_size() -> None:
    for seed in range(400):
        for size in (0, 1, 2, 8, 12, 20):
            cards = list(range(size))
            mine, theirs = list(cards), list(cards)
            shuffle(mine, random.Random(seed))
            random.Random(seed).shuffle(theirs)
            assert mine == theirs, (seed, size)
