"""Bot players: answer any engine request legally.

A bot's decision depends only on the game's seed, the decisions so far and
what that bot may know (its ``view``), so a resumed game takes the same
course as one never interrupted, and a kit's fake devices give the same game
as no kit at all.

- ``random``: any legal answer, uniformly (the balance simulator's default).
- ``sensible``: a simple player: werewolves never vote for each other, the
  seer's village acts on what she saw, the witch saves the first victim,
  lovers protect each other.
"""

from __future__ import annotations

from typing import Any

from engine import Ask, Game, Request, Role
from narrator.draws import Draws

STYLES = ("random", "sensible")


class Bots:
    def __init__(self, seed: int, style: str = "sensible") -> None:
        if style not in STYLES:
            raise ValueError(f"unknown bot style {style!r} (one of {', '.join(STYLES)})")
        self.seed = seed
        self.style = style

    def _rng(self, game: Game) -> Draws:
        # Seeded by (seed, how far the game is): no hidden state carried
        # between decisions, hence replay- and resume-proof.
        return Draws(self.seed * 1_000_003 + len(game.decisions))

    def decide(self, game: Game) -> Any:
        req = game.request
        assert req is not None
        rng = self._rng(game)
        if req.ballot:
            return {v: self._vote(game, req, v, rng) for v in req.actors}
        return _DECIDE[req.ask](self, game, req, rng)

    # -- knowledge -----------------------------------------------------------
    def _known(self, game: Game, who: str) -> dict[str, str]:
        """Roles this player knows: own, fellow wolves, the seer's visions,
        and every card shown in public."""
        s = game.state
        known = {who: s.role[who].value}
        for e in s.events:
            if not e.visible_to(who):
                continue
            if e.kind == "werewolves_know":
                known.update({w: Role.WEREWOLF.value for w in e.data["wolves"]})
            elif "role" in e.data and "name" in e.data:
                known[e.data["name"]] = e.data["role"]
        return known

    def _vote(self, game: Game, req: Request, voter: str, rng: Draws) -> str | None:
        s = game.state
        lover = s.lover_of(voter)
        choices = [c for c in req.choices if c != lover or req.ask is Ask.MAYOR_ELECTION]
        if self.style == "random" or not choices:
            # One draw: 5% abstain, else a uniform choice.
            r = rng.random()
            return choices[int((r - 0.05) / 0.95 * len(choices))] if choices and r >= 0.05 else None
        known = self._known(game, voter)
        me_wolf = s.role[voter] is Role.WEREWOLF
        if req.ask is Ask.MAYOR_ELECTION:
            friends = [c for c in choices if (known.get(c) == "werewolf") == me_wolf and c != voter]
            return rng.choice(friends or choices)
        if me_wolf:
            targets = [c for c in choices if known.get(c) != "werewolf"]
        else:
            wolves = [c for c in choices if known.get(c) == "werewolf"]
            if wolves:
                return wolves[0]
            targets = [c for c in choices if c != voter and c not in known]
        return rng.choice(targets or choices)


def _pick(bots: Bots, game: Game, req: Request, rng: Draws) -> str | None:
    if not req.choices:
        return None
    if bots.style == "sensible" and req.ask in (Ask.HUNTER, Ask.MAYOR_SUCCESSOR, Ask.MAYOR_TIEBREAK, Ask.SEER):
        known = bots._known(game, req.actors[0])
        mine = known[req.actors[0]] == "werewolf"
        if req.ask is Ask.SEER:
            unknown = [c for c in req.choices if c not in known]
            return rng.choice(unknown or list(req.choices))
        # A shot or a tie-break goes to the other side; a successor to one's own.
        hurt = req.ask in (Ask.HUNTER, Ask.MAYOR_TIEBREAK)
        want_wolf = hurt != mine
        pool = [c for c in req.choices if (known.get(c) == "werewolf") == want_wolf]
        return rng.choice(pool or list(req.choices))
    return rng.choice(req.choices)


def _thief(bots: Bots, game: Game, req: Request, rng: Draws) -> str | None:
    if req.default is not None:
        return str(req.default)
    return rng.choice([*req.choices, None])


def _several(bots: Bots, game: Game, req: Request, rng: Draws) -> list[str]:
    return rng.sample(list(req.choices), req.count)


def _werewolves(bots: Bots, game: Game, req: Request, rng: Draws) -> str | None:
    # Now and then the pack does not agree: no victim (seed 001 FAQ).
    return None if rng.random() < 0.03 else rng.choice(req.choices)


def _witch(bots: Bots, game: Game, req: Request, rng: Draws) -> dict[str, Any]:
    victim = req.info.get("victim")
    save = bool(victim is not None and req.info.get("save") and rng.random() < 0.6)
    poison = None
    if req.info.get("poison") and not (save and game.state.options.witch_single_potion) and rng.random() < 0.25:
        me = req.actors[0]
        pool = [c for c in req.choices if c != me and not (save and c == victim)]
        poison = rng.choice(pool) if pool else None
    return {"save": save, "poison": poison}


def _scapegoat(bots: Bots, game: Game, req: Request, rng: Draws) -> list[str]:
    k = rng.randint(1, len(req.choices))
    return [p for p in req.choices if p in set(rng.sample(list(req.choices), k))]


_DECIDE = {
    Ask.THIEF: _thief,
    Ask.CUPID: _several,
    Ask.HEALER: _pick,
    Ask.SEER: _pick,
    Ask.WEREWOLVES: _werewolves,
    Ask.WITCH: _witch,
    Ask.PIED_PIPER: _several,
    Ask.HUNTER: _pick,
    Ask.MAYOR_SUCCESSOR: _pick,
    Ask.MAYOR_TIEBREAK: _pick,
    Ask.SCAPEGOAT: _scapegoat,
}


def play_out(game: Game, bots: Bots, max_decisions: int = 10_000) -> Game:
    """Let the bots answer everything until the game ends."""
    while game.request is not None:
        if len(game.decisions) >= max_decisions:
            raise RuntimeError("bot game did not end")
        game.apply(bots.decide(game))
    return game
