"""The variants beyond their scenarios: what only whole narrated games show
(the black death sounds like a game with werewolves), and the lines a variant
must share word for word with the base game."""

from __future__ import annotations

import random

import pytest

import voices
from engine import Game, Options, Role, Setup
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.moderator import Moderator, Timing
from tests.test_moderator import NAMES, SlowTable, _night_scripts

BASE = [Role.WEREWOLF, Role.WEREWOLF, Role.SEER, Role.WITCH, Role.HUNTER, Role.HEALER,
        Role.LITTLE_GIRL, Role.VILLAGER, Role.VILLAGER, Role.VILLAGER]


def _moderate(setup: Setup, seed: int) -> Moderator:
    pack = voices.load("nl").playing(setup.variants)
    clock = FastClock()
    holder: dict[str, Moderator] = {}
    bots = SlowTable(BotTable(Bots(seed), lambda: holder["m"].game), clock, random.Random(seed))
    m = Moderator(Game(setup), pack, TextSpeaker(), bots, RecordingPrivate(pack), clock,
                  narration_seed=setup.seed, timing=Timing(discussion=False))
    holder["m"] = m
    m.run()
    return m


def test_the_black_death_sounds_like_a_night_with_werewolves() -> None:
    """seed 000: "roept elke nacht de weerwolven op alsof ze er echt zijn" —
    the same deck with werewolves and with the plague in their place: every
    night is heard the same, whoever dies and whoever chooses."""
    scripts = []
    for deal_seed in range(8):
        plague = deal_seed % 2 == 1
        cards = [Role.VILLAGER if plague and r is Role.WEREWOLF else r for r in BASE]
        random.Random(deal_seed).shuffle(cards)
        setup = Setup(NAMES, dict(zip(NAMES, cards, strict=True)), (), Options(), seed=5,
                      variants=("black_death",) if plague else ())
        scripts.append((plague, _night_scripts(_moderate(setup, deal_seed))))
    assert {p for p, s in scripts if len(s) >= 2} == {False, True}
    for n in range(max(len(s) for _, s in scripts)):
        heard = [s[n] for _, s in scripts if len(s) > n]
        assert all(h == heard[0] for h in heard), f"night {n + 1} sounds different"


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_the_black_deaths_vote_is_said_as_the_usual_vote(lang: str) -> None:
    pack = voices.load(lang)
    for key in ("ask.{}.start", "ask.{}"):
        assert pack.line(key.format("plague_vote"), name="Anna") == pack.line(key.format("vote"), name="Anna")


@pytest.mark.parametrize("variant", ["talking_wall", "not_him", "beginners", "moonlight"])
def test_a_narrated_bot_game_with_the_variant_ends(variant: str) -> None:
    cards = list(BASE)
    random.Random(3).shuffle(cards)
    extra = {"risky_candles": True} if variant == "moonlight" else {}
    setup = Setup(NAMES, dict(zip(NAMES, cards, strict=True)), (), Options(extra=extra), seed=3,
                  variants=(variant,))
    m = _moderate(setup, 3)
    assert m.game.winner is not None
    if variant == "talking_wall":
        said = [v for k, v in m.transcript.items if k == "say"]
        assert any(str(v).startswith("Op de muur staat: ") for v in said)
