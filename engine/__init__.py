"""The rules of De Weerwolven van Wakkerdam, pure: no I/O, no clock, and no
randomness but the seeded RNG of the set-up.

Where to find a rule: a character in ``engine/roles/<id>.py``, a variant in
``engine/variants/<id>.py``, an event card in ``engine/cards/<id>.py``; the
procedure they hook into in ``night``, ``dawn``, ``deaths``, ``day`` and
``outcome``; the mayor and the base wins in ``base``.
"""

from typing import Any

from engine.dealing import validate_deal
from engine.deck import BOARD, EDITIONS, FORUM, Setup, deal
from engine.errors import (
    GameOver,
    IllegalAnswer,
    MalformedAnswer,
    SetupError,
    UnknownName,
    WakkerdamError,
)
from engine.game import Game, check_setup
from engine.messages import Event, Request
from engine.options import Options
from engine.registry import parse_role, role_ids
from engine.variants.full_moon import EventDeck, event_deck, events_data, with_events
from engine.vocab import Ask, Cause, Phase, Role, Team, Winner


def new_game(setup: Setup, **kwargs: object) -> Any:
    """The game of ``setup``'s edition: ``Game`` for the board game (seeds
    000-003), ``engine.forum.game.ForumGame`` for the forum edition (seed
    004); both have one surface (request, apply, events, winner ...)."""
    if setup.edition == FORUM:
        from engine.forum.game import ForumGame

        return ForumGame(setup, **kwargs)  # type: ignore[arg-type]
    return Game(setup, **kwargs)  # type: ignore[arg-type]


def game_class(setup: Setup) -> Any:
    """The class whose ``replay`` rebuilds a game of ``setup``'s edition."""
    if setup.edition == FORUM:
        from engine.forum.game import ForumGame

        return ForumGame
    return Game


__all__ = [
    "BOARD", "EDITIONS", "FORUM", "Ask", "Cause", "Event", "EventDeck", "event_deck", "events_data", "with_events", "new_game", "game_class", "Game", "GameOver", "IllegalAnswer", "MalformedAnswer",
    "Options", "Phase", "Request", "Role", "Setup", "SetupError", "Team", "UnknownName",
    "WakkerdamError", "Winner", "check_setup", "deal", "parse_role", "role_ids", "validate_deal",
]
