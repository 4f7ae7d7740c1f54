"""A small, fast, seedable random source for bots.

Bots re-seed for every decision (so a decision depends only on the seed and
the game so far); seeding ``random.Random`` costs more than the whole engine
step. Here the seed is mixed once (splitmix64) and each draw is one step of a
64-bit linear congruential generator, its high bits used: plenty for bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Draws:
    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        z = (seed + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        self._state = z ^ (z >> 31)

    # Each draw is one step of the generator (Knuth's MMIX constants; the top
    # 32 bits are the good ones), written out in each method: one call less,
    # and bots draw dozens of times a game.
    def random(self) -> float:
        self._state = z = (self._state * 6364136223846793005 + 1442695040888963407) & _MASK
        return (z >> 32) / 4294967296.0

    def randoms(self, k: int) -> list[float]:
        """``k`` draws of ``random`` (a ballot's voters), in one call."""
        z, found = self._state, []
        for _ in range(k):
            z = (z * 6364136223846793005 + 1442695040888963407) & _MASK
            found.append((z >> 32) / 4294967296.0)
        self._state = z
        return found

    def randbelow(self, n: int) -> int:
        self._state = z = (self._state * 6364136223846793005 + 1442695040888963407) & _MASK
        return ((z >> 32) * n) >> 32

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        self._state = z = (self._state * 6364136223846793005 + 1442695040888963407) & _MASK
        return seq[((z >> 32) * len(seq)) >> 32]

    def randint(self, a: int, b: int) -> int:
        return a + self.randbelow(b - a + 1)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        for i in range(k):
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
