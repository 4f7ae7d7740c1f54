"""Small pieces the forum roles share: a step's request for the next
holder, a day target, who may be chosen, whether a card's action is used
up, whether a role change may be made on a player."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.forum.day import request
from engine.forum.night import next_holder
from engine.messages import Request
from engine.vocab import Ask, Role

if TYPE_CHECKING:
    from engine.forum.state import ForumState


def others(s: ForumState, me: str) -> tuple[str, ...]:
    return tuple(p for p in s.living() if p != me)


For = Callable[["ForumState", str], Any]


def holder_request(s: ForumState, step: str, role: Role, ask: Ask, *,
                   choices: For | None = None, info: For | None = None,
                   count: int = 1, only: For | None = None) -> Request | None:
    """The request of the next living holder of ``role`` in ``step``
    (``choices(s, holder)``: his choices, default the living but himself;
    ``info(s, holder)``: what he is told with it; ``only(s, holder)``:
    whether he can act tonight, else he is passed by: his call is pretended)."""
    while (holder := next_holder(s, step, role)) is not None:
        if only is None or only(s, holder):
            break
    if holder is None:
        return None
    found = choices(s, holder) if choices is not None else others(s, holder)
    return request(s, ask, (holder,), tuple(found), count=count,
                   info=info(s, holder) if info is not None else None)


def day_target(s: ForumState, actor: str, target: str) -> str:
    for hook in s.rules.day_target:
        target = hook(s, actor, target)
    return target


def harmless(s: ForumState, actor: str) -> bool:
    return any(hook(s, actor) for hook in s.rules.harmless)


def spent(s: ForumState, name: str) -> bool:
    """Whether the card ``name`` holds has used its action up
    (``ForumRole.spent``); a card without one, or that never runs out, has not."""
    from engine.forum.registry import FORUM_ROLES

    check = FORUM_ROLES[s.card[name]].spent
    return check is not None and check(s, name)


def refused(s: ForumState, name: str, change: str) -> bool:
    """Whether a role change of kind ``change`` ("convert", "switch",
    "shuffle") cannot be made on ``name`` (``ForumRules.refuses``: the
    soulmates, the drunk, the grave robber)."""
    return any(hook(s, name, change) for hook in s.rules.refuses)
