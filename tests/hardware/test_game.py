"""Whole games played by bots through fake hardware only, end to end through
the moderator: role cards scanned, night choices by tokens and seat buttons,
private results on the fake display, lovers tapped, candles out for the dead
— and the outcome equals the same game without a kit, and its replay."""

from __future__ import annotations

import pytest

import voices
from engine import Game
from hardware.outputs import TAP
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.demo import deal
from narrator.kitdemo import play_through_kit
from narrator.moderator import Moderator, Timing
from narrator.seeds import seeds_of


def plain_game(setup):
    pack = voices.load("nl")
    game = Game(setup)
    holder = {}
    seeds = seeds_of(setup)
    m = Moderator(game, pack, TextSpeaker(), BotTable(Bots(seeds.bots, "sensible"),
                                                      lambda: holder["m"].game),
                  RecordingPrivate(pack), FastClock(), narration_seed=seeds.narration,
                  timing=Timing(call_seconds=(6.0, 9.0), discussion=False))
    holder["m"] = m
    return m.run()


@pytest.mark.parametrize("kit_name", ["laptop", "minimal", "full", "maneschijn"])
@pytest.mark.parametrize("seed", [1, 3])
def test_same_game_through_every_kit(kit_name, seed):
    setup = deal(10, seed)
    plain = plain_game(setup)
    game, kit = play_through_kit(setup, kit_name)
    try:
        assert game.decisions == plain.decisions
        assert game.winner == plain.winner
        assert Game.replay(setup, game.decisions).winner == game.winner
    finally:
        kit.close()


def test_same_decisions_as_the_demo_command(capsys):
    from narrator.demo import run_bot_game

    setup = deal(10, 7)
    demo = run_bot_game(setup, fast=True, text_only=True, quiet_stdout=True, bots="random")
    game, kit = play_through_kit(setup, "full", bot_style="random")
    kit.close()
    assert game.decisions == demo.decisions and game.winner == demo.winner


def test_full_box_game_uses_cards_tokens_pods_display_taps_and_candles(tmp_path):
    setup = deal(10, 2)  # seed 2: cupid makes lovers, so there are taps
    game, kit = play_through_kit(setup, "maneschijn")
    try:
        # The box learnt the deal from the scanned role cards (else it raises).
        # Night choices went through the pods' seat buttons: their cursor
        # brightened candles on the way.
        history = [h for b in {id(b): b for b in kit.candles._banks.values()}.values() for h in b.history]
        assert any(state == "bright" for _, state in history)
        # Private results were on the display, and it is blank now.
        assert kit.private.shown and kit.display.text == []
        texts = [t for _, t in kit.private.shown]
        assert any("verliefd" in t for t in texts)
        frames = kit.display.save_frames(tmp_path / "frames")
        assert frames and all(p.stat().st_size for p in frames)
        # The lovers were tapped: every seat buzzed the same, at every round.
        lovers = {s for tap in kit.private.taps for s in tap}
        assert lovers
        motors = kit.motors[kit.seat_of("Anna")]
        for player in setup.players:
            assert motors.felt[kit.seat_of(player)] == [TAP] * len(kit.private.taps)
        # Candles: out for the dead, lit for the living.
        living = set(game.state.living())
        assert {p for p, s in kit.candles.states.items() if s == "lit"} == living
    finally:
        kit.close()


def test_risky_maneschijn_game_still_matches():
    setup = deal(12, 2)
    plain = plain_game(setup)
    game, kit = play_through_kit(setup, "maneschijn", risky_candles=True)
    try:
        assert game.decisions == plain.decisions
    finally:
        kit.close()


def test_box_dealing_shows_each_player_their_role():
    setup = deal(8, 5)
    game, kit = play_through_kit(setup, "minimal", deal="box")
    try:
        pack = voices.load("nl")
        first = kit.private.shown[: len(setup.players)]
        assert [s for s, _ in first] == [(p,) for p in setup.players]
        for (seat,), text in first:
            assert pack.role_bare(setup.roles[seat].value) in text
    finally:
        kit.close()
