"""The spoken night of the forum edition, then its fold.

The night is the registered steps in their order (``ForumStep.order``). A
step is called when its card or extra role is in the deck (the deck is
public, the holders are not) and the night applies; it is *pretended* —
the same lines, the same wait — when no living holder can act. A step
whose card several players hold asks each in turn inside its one call
(they wake together, so they know each other, as the wolves do: the seed's
role list may hold a role twice, the box never tells how often).

Nothing happens while the night is told: each answer is recorded as acts
(``engine.forum.fold``), and when the last step has slept the fold
resolves them all, in their own order. What the fold found out is told at
dawn, each player in his turn (``engine.forum.day``).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from engine.forum.deaths import die, quietly
from engine.forum.fold import Act, Fold
from engine.forum.registry import all_steps
from engine.messages import Request
from engine.vocab import Role

if TYPE_CHECKING:
    from engine.forum.registry import ForumStep
    from engine.forum.state import ForumState


def tonight(s: ForumState) -> tuple[ForumStep, ...]:
    return tuple(step for step in all_steps() if step.called(s))


def next_holder(s: ForumState, step: str, role: Role) -> str | None:
    """The next living holder of ``role`` not yet asked in ``step`` tonight."""
    asked: set[str] = s.store.setdefault("_asked", {}).setdefault(step, set())
    for p in s.acting(role):
        if p not in asked:
            asked.add(p)
            return p
    return None


def asking(s: ForumState, step: str) -> str:
    """Who the open request of ``step`` asks (the last holder taken)."""
    found: str = s.store["_asking"][step]
    return found


def night(s: ForumState) -> Generator[Request, Any, Fold]:
    s.emit("night_falls", night=s.night)
    s.store["_acts"] = []
    s.store["_asked"] = {}
    for step in tonight(s):
        if s.cues:
            s.emit("wake", cue=True, step=step.name)
        if step.inform is not None:
            step.inform(s)
        request = step.request(s) if step.request is not None else None
        while request is not None and step.apply is not None:
            s.store.setdefault("_asking", {})[step.name] = request.actors[0]
            step.apply(s, (yield request))
            request = step.request(s) if step.again and step.request is not None else None
        if s.cues:
            s.emit("sleep", cue=True, step=step.name, sleepers=False)
    acts: list[Act] = s.store.pop("_acts")
    fold = Fold(s, acts, lambda s, name, cause, fold, by=(): quietly(die(s, name, cause, fold, by=by)))
    for begins in s.rules.fold_begins:
        begins(s, fold)
    fold.run()
    for ends in s.rules.night_ends:
        ends(s, fold)
    return fold
