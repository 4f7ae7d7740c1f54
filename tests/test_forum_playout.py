"""Random playouts of the forum edition: its invariants hold in every game
(the dead never act, the game ends with one winner, the same decisions
make the same game, nothing secret is announced, every line exists)."""

from __future__ import annotations

import random

import pytest

import voices
from engine.forum.game import ForumGame
from engine.vocab import Winner
from narrator import announce
from tests.forum_playout import play, random_setup

GAMES = 150


@pytest.fixture(scope="module")
def games() -> list[ForumGame]:
    found = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        found.append(play(random_setup(rng), seed, "sensible" if seed % 2 else "random"))
    return found


def test_every_game_ends_with_one_winner(games: list[ForumGame]) -> None:
    for game in games:
        assert game.over and isinstance(game.winner, Winner)
        assert [e.kind for e in game.events].count("game_over") == 1
        assert set(game.state.winners) <= set(game.setup.players)
    # every kind of end comes about
    assert {g.winner for g in games} >= {Winner.VILLAGE, Winner.WEREWOLVES}


def test_the_dead_never_act() -> None:
    """No request asks a dead player, but the one the seed names: a new
    mayor who died at the same moment "krijgt nog de kans" to name one."""
    for seed in range(60):
        rng = random.Random(1000 + seed)
        game = ForumGame(random_setup(rng))
        bots = random.Random(seed)
        from engine.forum.botkit import ForumBotContext

        while game.request is not None:
            req = game.request
            if req.ask.value != "mayor_successor":
                assert all(game.state.alive[a] for a in req.actors), (seed, req)
            game.apply(req.spec.decide(ForumBotContext(game.state, req, bots, "random")))


def test_the_same_decisions_make_the_same_game(games: list[ForumGame]) -> None:
    for game in games[:40]:
        again = ForumGame.replay(game.setup, game.decisions)
        assert again.winner == game.winner
        assert again.events == game.events


def test_no_public_line_names_a_living_players_card(games: list[ForumGame]) -> None:
    """While a player lives, no public event carries his card (the hangman,
    the hunter: only the actor's name; a lynch or a death: the dead), unless
    the rules make it public (the prince who is not lynched)."""
    for game in games:
        for e in game.events:
            if e.to is not None or e.cue or "role" not in e.data:
                continue
            name = e.data.get("name")
            assert name is not None and (any(d.name == name for d in game.state.deaths)
                                         or name in game.state.revealed), e


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_every_event_has_its_line(games: list[ForumGame], lang: str) -> None:
    from narrator.replay import told

    pack = voices.load(lang).edition("forum")
    for game in games[:60]:
        assert all(announce.public_lines(game.events, pack))
        told(game, pack)  # every private line formats
