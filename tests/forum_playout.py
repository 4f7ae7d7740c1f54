"""Random forum games for the property tests: a random deck of the edition's
playable roles and extra roles, played out by the edition's own bots."""

from __future__ import annotations

import random
from typing import Any

from engine import Setup
from engine.forum.botkit import ForumBotContext
from engine.forum.deck import deal, may_carry
from engine.forum.game import ForumGame
from engine.forum.registry import FORUM_ROLES
from engine.vocab import Role

NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ilse", "Joris", "Kees",
         "Lotte", "Maarten", "Nina", "Otto", "Pien", "Quinten", "Roos", "Sanne", "Teun")


def playable(kind: str) -> list[Role]:
    return [r for r, c in FORUM_ROLES.items() if c.kind == kind and c.dealt]


def random_setup(rng: random.Random, players: int | None = None) -> Setup:
    n = players or rng.randint(5, 16)
    wolves = rng.randint(1, max(1, n // 3))
    roles = [r for r in playable("role") if not FORUM_ROLES[r].wolf]
    kinds = [r for r in playable("role") if FORUM_ROLES[r].wolf]
    specials = [rng.choice(roles) for _ in range(rng.randint(0, n - wolves))]
    # the pack: plain werewolves, and now and then a wolf of another kind
    cards = [rng.choice(kinds) if rng.random() < 0.4 else Role.WEREWOLF for _ in range(wolves)]
    cards += specials
    cards += [Role.VILLAGER] * (n - len(cards))
    extras = [r for r in playable("extra") if rng.random() < 0.5]
    # an extra role too few can carry in this deck (a group's: two) stays out of it
    extras = [e for e in extras if sum(may_carry(FORUM_ROLES[e], FORUM_ROLES[c]) for c in cards)
              >= max(1, FORUM_ROLES[e].group)]
    return deal(NAMES[:n], cards, extras, rng.randrange(10**6), seed=rng.randrange(10**6))


def play(setup: Setup, seed: int, style: str = "sensible", limit: int = 3000) -> ForumGame:
    game = ForumGame(setup)
    rng = random.Random(seed)
    while game.request is not None:
        if len(game.decisions) > limit:
            raise AssertionError(f"a forum game did not end in {limit} decisions: {setup}")
        ctx = ForumBotContext(game.state, game.request, rng, style)
        game.apply(game.request.spec.decide(ctx))
    return game


def decisions_of(game: ForumGame) -> list[Any]:
    return list(game.decisions)
