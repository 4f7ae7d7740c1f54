"""A small, fast, seedable random source for bots (splitmix64).

Bots re-seed for every decision (so a decision depends only on the seed and
the game so far); seeding ``random.Random`` costs more than the whole engine
step, this costs a multiplication."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Draws:
    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def _next(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self._next() >> 11) / float(1 << 53)

    def randbelow(self, n: int) -> int:
        return self._next() % n  # bias below 2**-40 for game-sized n

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def randint(self, a: int, b: int) -> int:
        return a + self.randbelow(b - a + 1)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        for i in range(k):
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
