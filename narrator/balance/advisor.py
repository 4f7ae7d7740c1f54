"""The advisor's numbers: win rates with Wilson intervals, the one-card
swaps nearest to even, and the same deck over every player count.

Every run is a :class:`narrator.simulation.Batch` of sensible bots, and all
runs share one seed (common random numbers), so two decks are compared on
the same deals as far as they go. Results do not depend on ``jobs``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import Options, Role, SetupError, check_setup
from engine.registry import ROLES
from engine.variants import variants_of
from narrator.balance.errors import BalanceInputError
from narrator.balance.inputs import Question, player_range, table_cards
from narrator.balance.variants import BANNED, engine_variants
from narrator.parallel import Workers
from narrator.simulation import Batch, wins

#: the sides, in the order they are reported
SIDES = ("village", "werewolves", "lovers", "pied_piper", "corpse", "nobody")
Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``k`` successes in ``n`` trials.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rates:
    """The wins of each side in ``games`` games."""

    games: int
    wins: dict[str, int]

    def rate(self, side: str) -> float:
        return self.wins.get(side, 0) / self.games

    def interval(self, side: str) -> tuple[float, float]:
        return wilson(self.wins.get(side, 0), self.games)

    @property
    def off_even(self) -> float:
        """How far from even: even is the village winning half the games."""
        return abs(self.rate("village") - 0.5)

    def as_dict(self) -> dict[str, dict[str, float]]:
        """For JSON and YAML: each side's wins, rate and interval."""
        return {side: {"wins": self.wins.get(side, 0), "rate": round(self.rate(side), 4),
                       "low": round(self.interval(side)[0], 4), "high": round(self.interval(side)[1], 4)}
                for side in self.sides()}

    def sides(self) -> list[str]:
        """The sides that won any game, in report order (village and werewolves always)."""
        return [s for s in SIDES if s in ("village", "werewolves") or self.wins.get(s)]


@dataclass(frozen=True)
class Swap:
    """One card of the deck for another."""

    out: Role
    into: Role
    cards: tuple[Role, ...]


def swaps(cards: Sequence[Role], *, banned: frozenset[Role] = frozenset(),
          villagers_only: bool = False) -> list[Swap]:
    """Every one-card swap that leaves a deck: a werewolf stays, no
    character twice, the thief neither in nor out (he changes the card
    count). ``villagers_only``: the seed 001 way, a character in place of a
    villager, and one werewolf more or less."""
    found = []
    for out in dict.fromkeys(cards):
        if out is Role.THIEF:
            continue
        for into in ROLES:
            if into in (out, Role.THIEF) or into in banned:
                continue
            if ROLES[into].unique and into in cards:
                continue
            if out is Role.WEREWOLF and cards.count(Role.WEREWOLF) == 1:
                continue
            if villagers_only and not (out is Role.VILLAGER or (out, into) == (Role.WEREWOLF, Role.VILLAGER)):
                continue
            new = list(cards)
            new[new.index(out)] = into
            found.append(Swap(out, into, tuple(new)))
    return found


class Advisor:
    """Runs the games for one question; ``done(n)`` hears of every slice."""

    def __init__(self, q: Question, *, seed: int = 1, jobs: int | Workers = 1,
                 done: Callable[[int], None] | None = None) -> None:
        """``jobs``: a number of processes, or :class:`Workers` already
        started (many runs on one pool start far sooner)."""
        self.q = q
        self.seed = seed
        self.jobs = jobs
        self.done = done

    def batch(self, cards: Sequence[Role], players: int | None = None,
              options: Options | None = None) -> Batch:
        return Batch(players or self.q.players, tuple(cards), self.seed, "sensible",
                     options or self.q.options, engine_variants(self.q.variants),
                     self.q.event_cards, self.q.events_every)

    def rates(self, cards: Sequence[Role], games: int, players: int | None = None,
              options: Options | None = None) -> Rates:
        counts: Counter[str] = wins(self.batch(cards, players, options), games, self.jobs, self.done)
        return Rates(games, dict(counts))

    def deals(self, cards: Sequence[Role], players: int | None = None) -> bool:
        """Whether the question's variants play this deck (a trial deal: bot
        games skip the engine's checks, so a deck a variant refuses would
        fail inside a game)."""
        try:
            check_setup(self.batch(cards, players).setup(0))
        except (SetupError, ValueError):
            return False
        return True

    def base(self, games: int) -> Rates:
        return self.rates(self.q.cards, games)

    def swaps(self, *, villagers_only: bool = False) -> list[Swap]:
        """The swaps this question's variants allow."""
        banned = frozenset().union(*(BANNED.get(v, frozenset()) for v in self.q.variants))
        found = swaps(self.q.cards, banned=banned, villagers_only=villagers_only)
        if not self.q.variants:
            return found
        # a variant that deals its own deck (de dubbele ik) refuses most swaps
        return [s for s in found if self.deals(s.cards)]

    def nearest_even(self, games: int, top: int, *, villagers_only: bool = False) -> list[tuple[Swap, Rates]]:
        """The ``top`` swaps whose village rate is nearest to half."""
        tried = [(swap, self.rates(swap.cards, games)) for swap in self.swaps(villagers_only=villagers_only)]
        tried.sort(key=lambda sr: (sr[1].off_even, sr[0].out.value, sr[0].into.value))
        return tried[:top]

    def player_counts(self) -> list[int]:
        """The player counts whose seed 001 deck has room for this deck's
        characters (and that the question's variants play)."""
        lo, hi = player_range()
        return [n for n in range(lo, hi + 1) if self.deck_of(n) is not None]

    def deck_of(self, players: int) -> list[Role] | None:
        """The same characters in seed 001's deck for ``players``, as the
        question's variants deal it (``Variant.fit_deck``); None when they do not fit."""
        if not _fits(players, self.q.specials):
            return None
        cards = table_cards(players, self.q.specials)
        if not self.q.variants:
            return cards
        for v in variants_of(engine_variants(self.q.variants)):
            cards = v.fit_deck(cards, players)
        return cards if self.deals(cards, players) else None

    def by_players(self, games: int) -> list[tuple[int, Rates]]:
        """The same characters in seed 001's deck of every player count they fit."""
        found = []
        for n in self.player_counts():
            cards = self.deck_of(n)
            assert cards is not None
            found.append((n, self.rates(cards, games, players=n)))
        return found


def _fits(players: int, specials: Sequence[Role]) -> bool:
    try:
        table_cards(players, specials)
    except BalanceInputError:
        return False
    return True


def table_question(players: int) -> Question:
    """Seed 001's plain deck for ``players``: werewolves, the seer, villagers."""
    return Question(players, tuple(table_cards(players, ())))
