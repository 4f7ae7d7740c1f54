"""The rules of De Weerwolven van Wakkerdam, pure: no I/O, no clock, and no
randomness but the seeded RNG of the set-up."""

from engine.deck import Setup, deal, validate_deal
from engine.errors import (
    GameOver,
    IllegalAnswer,
    MalformedAnswer,
    SetupError,
    UnknownName,
    WakkerdamError,
)
from engine.game import Game
from engine.messages import Event, Request
from engine.options import Options
from engine.roles import role_ids
from engine.vocab import Ask, Cause, Phase, Role, Team, Winner

__all__ = [
    "Ask", "Cause", "Event", "Game", "GameOver", "IllegalAnswer", "MalformedAnswer",
    "Options", "Phase", "Request", "Role", "Setup", "SetupError", "Team", "UnknownName",
    "WakkerdamError", "Winner", "deal", "role_ids", "validate_deal",
]
