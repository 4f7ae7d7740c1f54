"""A small, fast, seedable random source for bots.

Bots re-seed for every decision (so a decision depends only on the seed and
the game so far); seeding ``random.Random`` costs more than the whole engine
step. Here a game's seed is mixed once into a 32-bit key (``key_of``,
splitmix64); each decision's source is that key and the decision's number
mixed (a 32-bit integer hash), and each draw is one step of a 32-bit linear
congruential generator, its high bits used: plenty for bots.

The compiled build (narrator/compiled.py) multiplies in machine words only
when both factors are below 2**30; a larger one goes through Python's big
integers, some 40 times the cost (it was a tenth of a compiled bot game).
So each 32-bit product is taken in 16-bit halves (``_low``, ``_high``):
the same numbers, every factor small.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

T = TypeVar("T")
# Final: the compiled build puts the numbers in the code, not looked up each time
_MASK: Final = (1 << 64) - 1
_M32: Final = (1 << 32) - 1
_M16: Final = (1 << 16) - 1


def _low(a: int, c: int) -> int:
    """``(a * c) mod 2**32`` for a 32-bit ``a`` and a ``c`` below 2**30:
    ``a``'s high half times ``c`` counts only in its low 16 bits."""
    return (((((a >> 16) * c) & _M16) << 16) + (a & _M16) * c) & _M32


def _high(a: int, n: int) -> int:
    """``(a * n) >> 32`` for a 32-bit ``a`` and an ``n`` below 2**30 (a draw
    scaled to ``range(n)``): the low half's product only carries in."""
    return ((a >> 16) * n + (((a & _M16) * n) >> 16)) >> 16


def key_of(seed: int) -> int:
    """A 32-bit key for a game's draws from any whole number (splitmix64's
    mix of it, the top half)."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 32


class Draws:
    """Decision ``n``'s draws of the game keyed ``key`` (``key_of``)."""

    __slots__ = ("_state",)

    def __init__(self, key: int, n: int) -> None:
        self.restart(key, n)

    def restart(self, key: int, n: int) -> None:
        """Become ``Draws(key, n)``: nothing of the draws before is kept (a
        bot reuses one object, not one made and freed a decision)."""
        # the 0x45d9f3b integer hash: every bit of (key, n) moves about half the state's
        z = (key ^ _low(0x9E3779B9, n)) & _M32
        z = _low(z ^ (z >> 16), 0x045D9F3B)
        z = _low(z ^ (z >> 16), 0x045D9F3B)
        self._state = z ^ (z >> 16)

    # Each draw is one step of the generator (Numerical Recipes' constants;
    # the high bits are the good ones), written out in each method: one call
    # less, and bots draw dozens of times a game.
    def random(self) -> float:
        self._state = z = (_low(self._state, 1664525) + 1013904223) & _M32
        return z / 4294967296.0

    def randoms(self, k: int) -> list[float]:
        """``k`` draws of ``random`` (a ballot's voters), in one call."""
        z, found = self._state, []
        for _ in range(k):
            z = (_low(z, 1664525) + 1013904223) & _M32
            found.append(z / 4294967296.0)
        self._state = z
        return found

    def randbelow(self, n: int) -> int:
        self._state = z = (_low(self._state, 1664525) + 1013904223) & _M32
        return _high(z, n)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        self._state = z = (_low(self._state, 1664525) + 1013904223) & _M32
        return seq[_high(z, len(seq))]

    def randint(self, a: int, b: int) -> int:
        return a + self.randbelow(b - a + 1)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        for i in range(k):
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
