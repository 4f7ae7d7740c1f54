"""The trusted path plays the same games as the checked one (issue 15).

Bots may hand their answers to the engine without the answer checks
(``play_out(..., trusted=True)``); that is only allowed because it changes
nothing: for the same seed, the same decisions, the same events and the same
winner — over thousands of random deals, variants and Full Moon cards
included, both bot styles. Random bots' games kept without events
(``Game(events=False)``) make the same decisions and end the same too.
"""

from __future__ import annotations

from engine import Game, event_deck
from narrator.bots import Bots, play_out
from tests.playout import mixed_deal as deal

GAMES = 1500


def test_trusted_bots_play_the_same_game_as_checked_bots() -> None:
    kinds = {"variants": 0, "cards": 0}
    for i in range(GAMES):
        setup = deal(i)
        style = ("random", "sensible")[i % 2]
        checked = play_out(Game(setup, cues=False), Bots(i, style))
        fast = play_out(Game(setup, validate=False, cues=False), Bots(i, style), trusted=True)
        assert fast.decisions == checked.decisions, (i, setup)
        assert fast.events == checked.events, (i, setup)
        assert fast.winner == checked.winner, (i, setup)
        if style == "random":  # random bots read no events: a game may keep none
            quiet = play_out(Game(setup, validate=False, cues=False, events=False), Bots(i, style),
                             trusted=True)
            assert quiet.decisions == checked.decisions and quiet.winner == checked.winner, (i, setup)
            assert not quiet.events or "full_moon" in setup.variants, (i, setup)
        kinds["variants"] += bool(set(setup.variants) - {"full_moon"})
        kinds["cards"] += event_deck(setup) is not None
    # the sample is what it claims: variants and cards in many games
    assert kinds["variants"] > GAMES // 4 and kinds["cards"] > GAMES // 4, kinds
