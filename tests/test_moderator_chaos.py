"""Random input at the table, through the fake devices, into the moderator:
presses of any button (held, bouncing, two at once), any tag (tokens, role
cards, unknown ones, a dead player's), junk typed on the keyboard — at every
question. No crash, no hang, and the game stays a valid game: every answer
the moderator accepted is one the rules allow, and replaying the decisions
rebuilds it exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import voices
from engine import Game
from hardware.events import Press, Tag, Typed
from hardware.kit import build_kit
from narrator.bot_table import TextSpeaker
from narrator.clock import FastClock
from narrator.demo import deal
from narrator.moderator import Moderator, Timing
from tests.playout import check_invariants

BUTTONS = ["yes", "no", "next"] + [f"seat:{n}" for n in range(1, 12)] + ["seat:30", "bogus"]
TAGS = [f"5EA7{n:04X}" for n in range(1, 12)] + ["CA000000", "CA010000", "DEADBEEF", ""]


class Enough(Exception):
    """The test has seen enough questions."""


class ChaosTable:
    def __init__(self, kit, rng: random.Random, max_asks: int, game) -> None:
        self.kit, self.rng, self.max_asks, self.asks, self.game = kit, rng, max_asks, 0, game
        kit.input.on_prompt = self._mess

    def _mess(self, _question) -> None:
        rng, kit = self.rng, self.kit
        for _ in range(rng.randint(0, 12)):
            gap = rng.choice([0.0, 0.005, 0.05, 0.4, 2.0])
            t = kit.clock.now() + gap
            kit.clock.advance(gap)
            kind = rng.random()
            if kind < 0.5:
                kit.events.put(Press(rng.choice(BUTTONS), rng.random() < 0.5, t))
            elif kind < 0.8:
                kit.events.put(Tag(rng.choice(TAGS), t))
            else:
                kit.events.put(Typed("".join(rng.choice("AnaBrm0123 \n,xyz?") for _ in range(rng.randint(0, 8))), t))

    def ask(self, question):
        self.asks += 1
        if self.asks > self.max_asks:
            raise Enough
        check_invariants(self.game())
        return self.kit.input.ask(question)


@pytest.mark.parametrize("kit_name", ["minimal", "full", "maneschijn"])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_random_input_never_breaks_the_game(kit_name: str, seed: int) -> None:
    setup = deal(8 + seed % 5, seed)
    pack = voices.load("nl")
    kit = build_kit(kit_name, fake=True, players=list(setup.players), lang="nl")
    try:
        kit.candles.light(setup.players)
        holder: dict[str, Moderator] = {}
        table = ChaosTable(kit, random.Random(seed), max_asks=60, game=lambda: holder["m"].game)
        m = Moderator(Game(setup), pack, TextSpeaker(), table, kit.private, FastClock(),
                      narration_seed=seed, timing=Timing(call_seconds=(2.0, 3.0), discussion=False,
                                                         answer_seconds=3.0), controls=kit.controls)
        holder["m"] = m
        try:
            m.run()
        except Enough:
            pass
        game = m.game
        rebuilt = Game.replay(setup, game.decisions)
        assert rebuilt.events == game.events
        assert rebuilt.winner == game.winner
    finally:
        kit.close()
