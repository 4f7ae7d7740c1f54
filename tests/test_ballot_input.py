"""A ballot of any shape gets the engine's own refusal, never a crash.

The usual ballot (every voter, in the request's order) takes a one-pass
check (engine/answers.py ``_plain``); whatever it does not take goes to the
general checks, which name what is wrong. Here the votes are junk of every
JSON shape, on both paths (voters in order, and shuffled)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, Role, Setup
from engine.errors import WakkerdamError

PLAYERS = ("Anna", "Bram", "Cees", "Dirk", "Eva")
ROLES = {"Anna": Role.WEREWOLF, "Bram": Role.VILLAGER, "Cees": Role.VILLAGER,
         "Dirk": Role.VILLAGER, "Eva": Role.VILLAGER}

vote = st.recursive(st.none() | st.booleans() | st.integers(-2, 9) | st.floats(allow_nan=False)
                    | st.text(max_size=5) | st.sampled_from(PLAYERS + ("Zoe",)),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)


def at_the_first_ballot() -> Game:
    game = Game(Setup(PLAYERS, ROLES))
    while game.request is not None and game.request.secret:
        game.apply(game.request.default)
    assert game.request is not None and not game.request.secret
    return game


@settings(max_examples=300, deadline=None)
@given(votes=st.lists(vote, min_size=5, max_size=5), shuffled=st.booleans(), seed=st.integers(0, 99))
def test_junk_votes_are_refused_by_the_engine_or_are_legal(votes: list[object], shuffled: bool, seed: int) -> None:
    game = at_the_first_ballot()
    req = game.request
    assert req is not None
    voters = list(req.actors)
    if shuffled:
        random.Random(seed).shuffle(voters)
    ballot = dict(zip(voters, votes, strict=False))
    try:
        game.apply(ballot)
    except WakkerdamError:
        return  # refused, with the engine's own message
    # accepted: then every vote was nobody or a candidate of the ballot
    assert all(v is None or v in req.choices for v in votes[:len(voters)])
