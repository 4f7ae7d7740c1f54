"""Bot players: answer any engine request legally.

Each ask's policy lives with its role or rule (``AskSpec.decide``, see
``engine.botkit``); this module drives them. A bot's decision depends only
on the game's seed, the decisions so far and what that bot may know (its
``view``), so a resumed game takes the same
course as one never interrupted, and a kit's fake devices give the same game
as no kit at all.

- ``random``: any legal answer, uniformly (the balance simulator's default).
- ``sensible``: a simple player who knows seed 001's tips for players
  (``narrator.tips``): the engine's sensible policy of each ask (a werewolf
  never votes for his pack, the seer's visions are acted on, lovers spare
  each other), changed where the tips change it.
"""

from __future__ import annotations

from typing import Any

from engine import Game, Request
from engine.botkit import BotContext
from engine.registry import ASKS
from narrator.draws import Draws, key_of
from narrator.tips import Tips

STYLES = ("random", "sensible")


class Bots:
    def __init__(self, seed: int, style: str = "sensible") -> None:
        if style not in STYLES:
            raise ValueError(f"unknown bot style {style!r} (one of {', '.join(STYLES)})")
        self.seed = seed
        self.style = style
        self.tips = Tips()
        self._sensible = style == "sensible"
        self._key = key_of(seed)
        #: the draws of the decision at hand, restarted for each (``decide``)
        self._draws = Draws(self._key, 0)
        #: the policies' context, filled anew for each decision (none keeps it)
        self._ctx: BotContext | None = None

    def decide_any(self, game: Any) -> Any:
        """``decide`` for a game of any edition (the forum's has its own policies)."""
        req = game.request
        if req is not None and req.own_spec is not None:
            rng = self._draws
            rng.restart(self._key, len(game.decisions))
            return self._forum(game, req, rng)
        return self.decide(game)

    def decide(self, game: Game) -> Any:
        req = game.request
        assert req is not None
        # Draws seeded by (seed, how far the game is): no hidden state
        # carried between decisions, hence replay- and resume-proof.
        rng = self._draws
        rng.restart(self._key, len(game.decisions))
        ctx = self._ctx
        if ctx is None:
            ctx = self._ctx = BotContext(game.state, req, rng, self.style)
        else:
            ctx.s, ctx.req, ctx.rng = game.state, req, rng
        decision = ASKS[req.ask].decide(ctx)
        if self._sensible:
            decision = self.tips.apply(game.state, req, decision)
        return decision

    def _forum(self, game: Any, req: Request, rng: Draws) -> Any:
        from engine.forum.botkit import ForumBotContext

        # (the board game's tips are about its own roles: not played here)
        return req.spec.decide(ForumBotContext(game.state, req, rng, self.style))


def play_out(game: Game, bots: Bots, max_decisions: int = 10_000, *,
             trusted: bool = False) -> Game:
    """Let the bots answer everything until the game ends. ``trusted``: their
    answers skip the checks (``Game.apply``): the same game, faster. (Plain
    method calls: compiled, they are direct calls, where bound methods
    kept in variables would go through Python's calling convention.)"""
    while game.request is not None:
        if len(game.decisions) >= max_decisions:
            raise RuntimeError("bot game did not end")
        game.give(bots.decide(game), trusted=trusted)
    return game


def play_any(game: Any, bots: Bots, max_decisions: int = 10_000) -> Any:
    """``play_out`` for a game of any edition (the forum's)."""
    while game.request is not None:
        if len(game.decisions) >= max_decisions:
            raise RuntimeError("bot game did not end")
        game.give(bots.decide_any(game))
    return game
