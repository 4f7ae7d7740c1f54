"""Small pieces the forum roles share: a step's request for the next
holder, a day target, who may be chosen, who is taken for a werewolf, a
card taken from its holder, whether a card's action is used up, whether a
role change may be made on a player."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from engine.forum.day import request
from engine.forum.night import next_holder
from engine.forum.sides import taken_for
from engine.messages import Request
from engine.vocab import Ask, Role

if TYPE_CHECKING:
    from engine.forum.fold import Fold
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


def role_options(s: ForumState) -> list[str]:
    """The cards a player may be named by (a cub's guess, an illusion, a
    disguise): every card of the deck (public: each is called), and the
    plain ones a role change gives (``plain``: the werewolf of a
    conversion, the villager of a burnt house) first, by their ids (a
    cursor on a kit steps through them in this order)."""
    from engine.forum.registry import FORUM_ROLES

    rest = [r for r in FORUM_ROLES if r in s.deck and FORUM_ROLES[r].kind == "role" and r not in PLAIN]
    return [r.value for r in (*PLAIN, *rest)]


#: the cards a role change may give whatever the deck holds
PLAIN: Final = (Role.VILLAGER, Role.WEREWOLF)


def others_but(s: ForumState, me: str) -> str | None:
    """A random living player other than ``me`` (the game's lots), or None."""
    pool = others(s, me)
    return s.rng.choice(list(pool)) if pool else None


def day_target(s: ForumState, actor: str, target: str) -> str:
    for hook in s.rules.day_target:
        target = hook(s, actor, target)
    return target


def harmless(s: ForumState, actor: str) -> bool:
    return any(hook(s, actor) for hook in s.rules.harmless)


def taken_for_wolf(s: ForumState, name: str) -> bool:
    """Whether other roles treat ``name`` as a werewolf: he is one, or his
    card is another that is taken for one (the lycanthrope: "Wordt door
    andere rollen behandeld als een weerwolf"). A werewolf's card in the
    hands of one who is no werewolf (a false angel's "valse weerwolf") is
    not: "Een weerwolf behoudt alle weerwolfeigenschappen" stays with the
    player."""
    card = s.card[name]
    return s.is_wolf(name) or (card is not Role.WEREWOLF and taken_for(s, card) is Role.WEREWOLF)


def lose_card(s: ForumState, fold: Fold | None, name: str, how: str) -> None:
    """``name``'s card is about to be taken from him ("converted", made a
    "corpse", "burnt"): the rules that watch for it act first (the false
    angel). A role that changes a card this way calls it before the change."""
    for hook in s.rules.loses_card:
        hook(s, name, how, fold)


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
