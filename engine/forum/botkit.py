"""What a forum bot policy gets: the request, the game, one seeded source of
chance and what the asked player may know. Each ask's policy lives with its
role (``AskSpec.decide``); ``narrator.bots`` drives them. A policy depends
only on this context, so a resumed game takes the course of one never
interrupted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.botkit import Chance
from engine.forum.state import ForumState
from engine.messages import Request
from engine.vocab import Side

#: boards whose members play on one side and know it (the blood brothers,
#: the soulmates register theirs); the wolves' board and a lover are known
#: friends anyway
SIDE_BOARDS: set[str] = set()


@dataclass(slots=True)
class ForumBotContext:
    s: ForumState
    req: Request
    rng: Chance
    #: "random" (any legal answer) or "sensible" (a thinking player)
    style: str

    @property
    def sensible(self) -> bool:
        return self.style == "sensible"

    @property
    def me(self) -> str:
        return self.req.actors[0]

    def known(self, who: str) -> dict[str, str]:
        """Roles ``who`` knows (or believes): his own card, his board's
        wolves, his visions, every card the box made public."""
        s = self.s
        found = {who: s.card[who].value}
        for e in s.events:
            if not e.visible_to(who):
                continue
            if e.kind == "forum_wolves_know":
                found.update({w: "werewolf" for w in e.data["wolves"] if w != who})
            elif "role" in e.data and "name" in e.data and e.data["role"] is not None:
                found[str(e.data["name"])] = str(e.data["role"])
        return found

    def bad_to(self, who: str) -> set[str]:
        """The players ``who`` takes for bad: known werewolves and bad roles,
        and players he was told are of the bad side."""
        from engine.forum.registry import FORUM_ROLES
        from engine.vocab import Role

        out = set()
        for name, role in self.known(who).items():
            if name == who or role not in Role:
                continue
            card = FORUM_ROLES.get(Role(role))
            if card is not None and (card.wolf or card.side is Side.BAD):
                out.add(name)
        for e in self.s.events:
            if not e.visible_to(who) or "name" not in e.data:
                continue
            if e.kind == "forum_is_bad" and e.data.get("bad"):
                out.add(str(e.data["name"]))
            elif e.data.get("side") == Side.BAD.value:  # an alliance seen (the clairvoyant)
                out.add(str(e.data["name"]))
        return out

    def friends_of(self, who: str) -> set[str]:
        """Who ``who`` knows to be on his side (his board, his lover)."""
        s = self.s
        out: set[str] = set()
        if who in s.on_board("wolves"):
            out |= s.on_board("wolves")
        for board in SIDE_BOARDS:
            if who in s.on_board(board):
                out |= s.on_board(board)
        lover = s.lover_of(who)
        if lover is not None:
            out.add(lover)
        out.discard(who)
        return out

    def pick(self, choices: tuple[str, ...] | list[str]) -> Any:
        return self.rng.choice(list(choices)) if choices else None


def hurt(ctx: ForumBotContext, choices: tuple[str, ...] | list[str]) -> str | None:
    """A sensible harmful pick (a kill, a shot): someone of the other side
    as far as the bot knows; random for a random bot."""
    pool = [c for c in choices if c != ctx.me]
    if not pool:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(pool)
    me = ctx.me
    if ctx.s.team(me) is Side.BAD:
        # the wolves' board knows the wolves; a helper off it ("kent de
        # wolven dus ook niet") spares only those he knows to be bad
        spared = ctx.s.wolves if me in ctx.s.on_board("wolves") else ctx.bad_to(me)
        targets = [c for c in pool if c not in ctx.friends_of(me) and c not in spared]
    else:
        bad = ctx.bad_to(me)
        targets = [c for c in pool if c in bad] or [c for c in pool if c not in ctx.friends_of(me)]
    return ctx.rng.choice(targets or pool)


def help_(ctx: ForumBotContext, choices: tuple[str, ...] | list[str]) -> str | None:
    """A sensible helpful pick (a protection, a successor): someone one
    trusts; random for a random bot."""
    pool = [c for c in choices if c != ctx.me] or list(choices)
    if not pool:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(pool)
    me = ctx.me
    friends = [c for c in pool if c in ctx.friends_of(me)]
    if friends:
        return ctx.rng.choice(friends)
    if ctx.s.team(me) is Side.BAD:
        return ctx.rng.choice(pool)
    bad = ctx.bad_to(me)
    return ctx.rng.choice([c for c in pool if c not in bad] or pool)
