"""Games of the mixed sample, each as one fingerprint, printed as JSON.

Run in a child process with one engine or the other first on the path
(tests/test_compiled_engine.py): the same fingerprints mean the same
decisions, the same events (private ones included, in their order) and the
same winner. ``python -m tests.same_games START STOP``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from enum import Enum
from typing import Any

from engine import Game, Options, Role
from narrator import compiled
from narrator.bots import Bots, play_out
from narrator.simulation import Batch, play_games
from tests.playout import mixed_deal

W, V = Role.WEREWOLF, Role.VILLAGER
#: runs of ``wakkerdam simulate`` and ``balance`` (the compiled narrator's own path: seeds, deal, bots)
BATCHES = (
    Batch(9, (W, W, V, V, V, Role.SEER, Role.HEALER, Role.WITCH, Role.HUNTER), 5),
    Batch(12, (W, W, W, Role.SEER, Role.WITCH, Role.CUPID, Role.LITTLE_GIRL) + (V,) * 5, 7, "sensible",
          trusted=True),
    Batch(10, (W, W, Role.SEER, Role.WITCH) + (V,) * 6, 3, "sensible", Options(wolves_win_at_parity=True),
          ("full_moon",), ("lunar_eclipse", "spiritism", "executioner", "day_of_folly", "nightmare"), 2),
)


def plain(x: Any) -> Any:
    """``x`` in JSON's terms, the same whatever the engine's classes are
    (sets sorted: their order is the hash's, not the game's)."""
    if isinstance(x, Enum):
        return plain(x.value)
    if isinstance(x, str | int | float | bool) or x is None:
        return x
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in sorted(x.items(), key=lambda kv: str(kv[0]))}
    if isinstance(x, set | frozenset):
        return sorted((plain(v) for v in x), key=json.dumps)
    if isinstance(x, list | tuple):
        return [plain(v) for v in x]
    raise TypeError(f"no plain form for {type(x).__name__}: {x!r}")


def fingerprint(i: int) -> str:
    """Game ``i``: both bot styles, the checked and the trusted path in turn."""
    setup = mixed_deal(i)
    trusted = i % 4 >= 2
    game = play_out(Game(setup, validate=not trusted, cues=i % 3 == 0), Bots(i, ("random", "sensible")[i % 2]),
                    trusted=trusted)
    events = [[e.kind, plain(e.data), plain(e.to), e.cue, e.sleeper] for e in game.events]
    whole = [plain(list(game.decisions)), events, plain(game.winner)]
    return hashlib.sha256(json.dumps(whole).encode()).hexdigest()[:16]


#: forum games of the sample (one in ten: they are slower)
FORUM_EVERY = 10


def forum_fingerprint(i: int) -> str:
    """Forum game ``i``: a random deck of the edition's roles, its bots."""
    import random

    from engine.forum.game import ForumGame
    from narrator.bots import play_any
    from tests.forum_playout import random_setup

    game = play_any(ForumGame(random_setup(random.Random(i))), Bots(i, ("random", "sensible")[i % 2]))
    events = [[e.kind, plain(e.data), plain(e.to), e.cue, e.sleeper] for e in game.events]
    whole = [plain(list(game.decisions)), events, plain(game.winner), plain(game.state.winners)]
    return hashlib.sha256(json.dumps(whole).encode()).hexdigest()[:16]


def main(argv: list[str]) -> None:
    start, stop = int(argv[0]), int(argv[1])
    runs = [[batch.seeds(0).to_dict(), dict(play_games(batch, start, start + (stop - start) // 10))]
            for batch in BATCHES]
    forum = [forum_fingerprint(i) for i in range(start, stop, FORUM_EVERY)]
    print(json.dumps({"compiled": compiled.is_compiled(), "games": [fingerprint(i) for i in range(start, stop)],
                      "runs": runs, "forum": forum}))


if __name__ == "__main__":
    main(sys.argv[1:])
