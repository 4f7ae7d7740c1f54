"""What a bot policy gets: the request, the game so far, one seeded source of
chance and what the asked player may know. Each ask's policy lives with its
role or rule (``AskSpec.decide``); ``narrator.bots`` drives them.

A policy must depend only on this context, so a resumed game takes the same
course as one never interrupted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from engine.messages import Request
from engine.state import State

T = TypeVar("T")


class Chance(Protocol):
    def random(self) -> float: ...

    def randoms(self, k: int) -> list[float]:
        """``k`` draws of ``random``, in one call."""
        ...

    def choice(self, seq: Sequence[T]) -> T: ...

    def sample(self, seq: Sequence[T], k: int) -> list[T]: ...

    def randint(self, a: int, b: int) -> int: ...


@dataclass(slots=True)
class BotContext:
    s: State
    req: Request
    rng: Chance
    #: "random" (any legal answer) or "sensible" (a simple player)
    style: str

    @property
    def sensible(self) -> bool:
        return self.style == "sensible"

    @property
    def me(self) -> str:
        return self.req.actors[0]

    def known(self, who: str) -> dict[str, str]:
        """Roles ``who`` knows: his own, his fellow wolves, the seer's
        visions, and every card shown in public."""
        s = self.s
        found = {who: s.role[who].value}
        for e in s.events:
            if not e.visible_to(who):
                continue
            if e.kind == "werewolves_know":
                found.update({w: "werewolf" for w in e.data["wolves"]})
            elif "role" in e.data and "name" in e.data and e.data["role"] is not None:
                found[e.data["name"]] = e.data["role"]
        return found


def pick(ctx: BotContext) -> Any:
    """Any one of the choices (nobody when there are none)."""
    return ctx.rng.choice(ctx.req.choices) if ctx.req.choices else None


def several(ctx: BotContext) -> list[str]:
    """Exactly ``count`` of the choices."""
    return ctx.rng.sample(list(ctx.req.choices), ctx.req.count)


def side_pick(ctx: BotContext, *, hurt: bool) -> str | None:
    """A sensible pick: a shot or a tie-break at the other side, a gift
    (a successor) to one's own; a random pick otherwise."""
    req = ctx.req
    if not req.choices:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(req.choices)
    known = ctx.known(ctx.me)
    mine = known[ctx.me] == "werewolf"
    want_wolf = hurt != mine
    pool = [c for c in req.choices if (known.get(c) == "werewolf") == want_wolf]
    return ctx.rng.choice(pool or list(req.choices))
