"""Role changes in the forum edition (seed 004): who becomes what, when, by whom.

A conversion, a cub grown up, and in the other parts a switch, a burnt
house, a robbed grave: :func:`become` gives the player his new card (the
new card starts unused unless the role's text moves what it used along)
and, as the role's text says, his new side and whether he is a werewolf
now. It never takes a board away: "Als een speler eenmaal op het
wolvenboard zit zal diegene daar nooit meer van verwijderd worden, ook niet
als deze van rol verandert door Grafdelver, Pyromaan of Raddraaier"; one
who becomes a werewolf sits on the wolves' board from then on.

Whom a change concerns is told by the role that makes it (``tell_at_dawn``,
in his turn), never the table. For the story after the game every change
is recorded as an event ``forum_became`` told to nobody (``to`` empty: no
device shows it, no player's private lines hold it): the player, his new
card and his old one, who made the change (a player, or nobody for a cub
growing up), by which power, and when. ``changes(s)`` lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.messages import Event
from engine.vocab import Role, Side

if TYPE_CHECKING:
    from engine.forum.state import ForumState

#: the werewolves' board ("alle wolven zitten hierop")
WOLVES: Final = "wolves"
NOBODY: Final = frozenset[str]()


def become(s: ForumState, name: str, card: Role, *, by: str | None, how: str,
           side: Side | None = None, wolf: bool | None = None,
           power: dict[str, Any] | None = None) -> None:
    """``name`` holds ``card`` from now on (``power``: what it has used, a
    fresh card when None); ``side`` and ``wolf`` as given (None: as they
    were). ``by`` made the change with the power ``how`` (a role's id, or
    the rule's: "grown")."""
    was = s.card[name]
    s.card[name] = card
    s.power[name] = {} if power is None else power
    if side is not None:
        s.side[name] = side
    if wolf is True:
        s.wolves.add(name)
        s.join_board(WOLVES, name)
    elif wolf is False:
        s.wolves.discard(name)
    s.emit("forum_became", NOBODY, name=name, role=card.value, was=was.value, by=by, how=how,
           when=s.when)


def changes(s: ForumState) -> list[Event]:
    """Every role change of the game so far, in order (the story's chain)."""
    return [e for e in s.events if e.kind == "forum_became"]
