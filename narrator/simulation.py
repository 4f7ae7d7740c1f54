"""Many silent bot games of one deck: who wins how often.

A run is a :class:`Batch` (the deck, the options, the bots, the seed) played
``games`` times; game ``i`` is dealt and played with its own seed, so a run
over several processes (``jobs``) gives exactly the wins of one process.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Final

from engine import BOARD, FORUM, EventDeck, Game, Options, Role, Setup, events_data
from engine.deck import deal
from narrator.bots import Bots, play_any, play_out
from narrator.parallel import Workers
from narrator.seeds import Numbered, Seeds

#: bot players' names, seat 1 first
NAMES: Final = (
    "Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ids", "Jet",
    "Kees", "Lot", "Mees", "Noor", "Otto", "Pien", "Quinten", "Roos",
    # the forum edition's tables grow to 30
    "Sem", "Tess", "Uma", "Vince", "Wies", "Xander", "Yara", "Zeno", "Abel", "Bo", "Cato", "Daan",
)


@dataclass(frozen=True)
class Batch:
    """What every game of a run shares. ``cards`` is the whole deck, the
    middle included (with a thief, two more cards than ``players``)."""

    players: int
    cards: tuple[Role, ...]
    seed: int = 1
    style: str = "random"
    options: Options = field(default_factory=Options)
    #: the engine's variant ids (``engine.variants``)
    variants: tuple[str, ...] = ()
    #: the Full Moon's pile (with ``full_moon`` in ``variants``): these cards,
    #: shuffled anew for every game, one drawn every ``events_every`` mornings
    event_cards: tuple[str, ...] = ()
    events_every: int = 1
    #: the bots' answers skip the checks (the same games: tests/test_fast_path.py)
    trusted: bool = False
    #: the rules' edition (``engine.deck.EDITIONS``); the forum's extra roles
    edition: str = BOARD
    extras: tuple[Role, ...] = ()

    def __reduce__(self) -> tuple[type[Batch], tuple[object, ...]]:
        """Pickled (to the workers) as its fields: the compiled build's
        frozen class cannot be filled in after it is made, as pickle would."""
        return Batch, tuple(getattr(self, f.name) for f in fields(self))

    def seeds(self, i: int) -> Seeds:
        """Game ``i``'s seeds, derived one-way from the run's seed (no game's
        deal is readable from another's: ``seeds.Numbered``)."""
        return Numbered(self.seed).seeds(i)

    def setup(self, i: int, seeds: Seeds | None = None) -> Setup:
        """Game ``i``'s deal: the same number, the same deal (``seeds``:
        game ``i``'s, when the caller has them already)."""
        seeds = seeds or self.seeds(i)
        return self.dealt(seeds.deal, seeds.game)

    def dealt(self, deal_seed: int, game_seed: int) -> Setup:
        """The deal of these seeds (a game's ``Seeds.deal`` and ``.game``)."""
        if self.edition == FORUM:
            from engine.forum.deck import deal as forum_deal

            return forum_deal(NAMES[:self.players], self.cards, self.extras, deal_seed,
                              options=self.options, seed=game_seed)
        return deal(NAMES[:self.players], self.cards, deal_seed, seed=game_seed,
                    options=self.options, variants=self.variants, variant_data=events_data(self.events(game_seed)))

    def events(self, shuffle_seed: int) -> EventDeck | None:
        """The Full Moon's pile for one game ("Schud de kaarten"); None without it."""
        if "full_moon" not in self.variants:
            return None
        pile = list(self.event_cards)
        random.Random(shuffle_seed).shuffle(pile)
        return EventDeck(tuple(pile), self.events_every)


def play_games(batch: Batch, start: int, stop: int) -> Counter[str]:
    """The winners of games ``start`` to ``stop`` (a worker's slice)."""
    wins: Counter[str] = Counter()
    numbered = Numbered(batch.seed)
    if batch.edition == FORUM:
        return forum_games(batch, start, stop)
    for i in range(start, stop):
        deal_seed, game_seed, _narration, bots = numbered.pieces(i)  # (a silent game has no narration)
        game = play_out(Game(batch.dealt(deal_seed, game_seed), validate=False, cues=False,
                             events=batch.style != "random"),  # random bots read no events
                        Bots(bots, batch.style), trusted=batch.trusted)
        assert game.winner is not None
        wins[game.winner.value] += 1
    return wins


def forum_games(batch: Batch, start: int, stop: int) -> Counter[str]:
    """``play_games`` for the forum edition (its own game, its bots' own policies)."""
    from engine.forum.game import ForumGame

    wins: Counter[str] = Counter()
    numbered = Numbered(batch.seed)
    for i in range(start, stop):
        deal_seed, game_seed, _narration, bots = numbered.pieces(i)
        game = ForumGame(batch.dealt(deal_seed, game_seed), validate=False, cues=False)
        play_any(game, Bots(bots, batch.style))
        assert game.winner is not None
        wins[game.winner.value] += 1
    return wins


def wins(batch: Batch, games: int, jobs: int | Workers = 1,
         done: Callable[[int], None] | None = None) -> Counter[str]:
    """How often each side wins ``games`` games of ``batch``, on ``jobs``
    processes (or on workers already started)."""
    total: Counter[str] = Counter()
    if isinstance(jobs, Workers):
        parts = jobs.spread(partial(play_games, batch), games, done)
    else:
        with Workers(jobs) as workers:
            parts = workers.spread(partial(play_games, batch), games, done)
    for part in parts:
        total.update(part)
    return total
