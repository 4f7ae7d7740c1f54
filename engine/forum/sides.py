"""Sides apart from cards, and what each viewer sees (seed 004).

What a player *seems* is asked of the looker: ``seen_role(s, kind,
target)`` for those who see a role (the seer, the shaman, the fool: each
with his own exceptions, "De sjamaan en de dorpsgek zien de weerhamster als
burger"), ``seen_side(s, target)`` for the clairvoyant, who sees an
alliance. Extra roles are never seen ("Extra rollen kunnen niet gezien
worden in visioenen"). Roles change what is seen through the hooks
``seen_role`` and ``seen_side`` (``engine.forum.registry.ForumRules``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.vocab import Role, Side

if TYPE_CHECKING:
    from engine.forum.state import ForumState


#: a shield against looks ("een speler afschermen voor zienende rollen"):
#: a look that reaches a player shielded so fails (``fold.shielded``)
VISION: Final = "vision"


def seen_role(s: ForumState, kind: str, target: str) -> Role:
    """The role a looker of ``kind`` (``seer``, ``shaman``, ``fool``) sees."""
    shown = s.card[target]
    for hook in s.rules.seen_role:
        shown = hook(s, kind, target, shown)
    return shown


def seen(s: ForumState, kind: str, target: str) -> dict[str, str]:
    """What a looker of ``kind`` is told of ``target``: the role seen, and
    the word seen with it where a rule adds one (``qualifier``: "Zienende
    rollen zullen deze speler ook als Valse <Rol> zien"), as a note's
    parameters."""
    shown = seen_role(s, kind, target)
    found = {"role": shown.value}
    for hook in s.rules.seen_qualifier:
        word = hook(s, kind, target, shown)
        if word is not None:
            found["qualifier"] = word
            break
    return found


def taken_for(s: ForumState, card: Role) -> Role:
    """The role other roles treat ``card`` as where nobody looks (the holy
    water, the wise citizen's count, a switch): itself, unless a rule says
    otherwise ("Wordt door andere rollen behandeld als een weerwolf")."""
    shown = card
    for hook in s.rules.taken_for:
        shown = hook(s, card, shown)
    return shown


def seen_side(s: ForumState, target: str) -> Side:
    """The alliance the clairvoyant sees: "Een neutraaltje zal altijd gezien
    worden als neutraal, ongeacht of de persoon ... al een kant heeft
    gekozen"; the corpse, who plays alone, is seen as neutral too."""
    side = s.side[target]
    shown = Side.NEUTRAL if side is Side.CORPSE else side
    for hook in s.rules.seen_side:
        shown = hook(s, target, shown)
    return shown


def enemies(s: ForumState, name: str) -> tuple[str, ...]:
    """The living players who stand in the way of ``name``'s alliance."""
    mine = s.team(name)
    return tuple(p for p in s.living_now if s.team(p) is not mine)


def choose_side(s: ForumState, name: str, side: Side) -> None:
    """A neutral chooses (final once given: "Zodra je je pm hebt verstuurd is
    er geen verandering meer mogelijk"); one who joins the wolves is a helper."""
    if s.side[name] is Side.NEUTRAL and s.chosen[name] is None and side in (Side.GOOD, Side.BAD):
        s.chosen[name] = side
        s.emit("forum_side_chosen", frozenset({name}), side=side.value)
