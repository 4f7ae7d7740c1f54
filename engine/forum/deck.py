"""The forum edition's deal: one card a player, extra roles beside them.

Any deal the edition's roles can make is a game (``check_deal``): every
card a playable forum role, at least one werewolf, every extra role dealt
to a player who may carry it ("Enkel goede spelers kunnen zielsverwant
zijn", the noble's "goede rol", the drunk's "goede rol (met een actie)"),
none that arises in play (the mayor, a lover, the corpse's card), an extra
role of a group (the blood brothers, the soulmates: "Twee spelers") to
exactly its number of players. ``deal`` shuffles the cards with the deal's
seed and gives each extra role to a player who may carry it (a group's to
as many), drawn with the same seed.
"""

from __future__ import annotations

from _random import Random as _Generator
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.deck import FORUM, Setup, shuffle
from engine.errors import SetupError
from engine.forum.registry import FORUM_ROLES, ForumRole
from engine.options import Options
from engine.vocab import Role

#: the fewest players a forum game is dealt for
MIN_PLAYERS: Final = 3


def may_carry(extra: ForumRole, card: ForumRole) -> bool:
    return extra.carries is None or extra.carries(card)


def check_deal(setup: Setup) -> None:
    players = setup.players
    if len(players) < MIN_PLAYERS:
        raise SetupError(f"a forum game needs at least {MIN_PLAYERS} players", "refusal.few_players",
                         count=len(players))
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise SetupError(f"player name {name!r} is not a name", "refusal.not_a_name", name=str(name))
    dupes = [n for n, c in Counter(players).items() if c > 1]
    if dupes:
        raise SetupError(f"player {dupes[0]!r} is listed twice", "refusal.name_twice", name=dupes[0])
    for name in players:
        if name not in setup.roles:
            raise SetupError(f"player {name!r} has no role", "refusal.no_role", name=name)
    for name in setup.roles:
        if name not in players:
            raise SetupError(f"role given for {name!r}, who is not a player", "refusal.not_a_player",
                             name=name)
    if setup.middle:
        raise SetupError("the forum edition deals no middle cards", "refusal.forum_middle")
    if setup.variants:
        raise SetupError("the forum edition plays without the board game's variants",
                         "refusal.forum_variants", variant=setup.variants[0])
    for name in players:
        card = FORUM_ROLES.get(setup.roles[name])
        if card is None or card.kind != "role":
            raise SetupError(f"{setup.roles[name].value} is no role of the forum edition",
                             "refusal.forum_not_a_role", role=setup.roles[name].value)
        if not card.dealt:
            raise SetupError(f"{card.id.value} arises in play and is not dealt",
                             "refusal.forum_not_dealt", role=card.id.value)
    if not any(FORUM_ROLES[setup.roles[p]].wolf for p in players):
        raise SetupError("the deck has no werewolf", "refusal.no_werewolf")
    for name, tags in setup.extra.items():
        if name not in players:
            raise SetupError(f"extra role given for {name!r}, who is not a player",
                             "refusal.not_a_player", name=name)
        if len(set(tags)) != len(tags):
            raise SetupError(f"{name} has an extra role twice", "refusal.forum_extra_twice", name=name)
        for tag in tags:
            extra = FORUM_ROLES.get(tag)
            if extra is None or extra.kind != "extra":
                raise SetupError(f"{tag.value} is no extra role of the forum edition",
                                 "refusal.forum_not_extra", role=tag.value)
            if not extra.dealt:
                raise SetupError(f"{tag.value} arises in play and is not dealt",
                                 "refusal.forum_not_dealt", role=tag.value)
            card = FORUM_ROLES[setup.roles[name]]
            if not may_carry(extra, card):
                raise SetupError(f"{name}'s {card.id.value} cannot carry the extra role {tag.value}",
                                 "refusal.forum_cannot_carry", name=name, role=tag.value,
                                 holds=card.id.value)
    held = Counter(tag for tags in setup.extra.values() for tag in tags)
    for tag, count in held.items():
        group = FORUM_ROLES[tag].group
        if group and count != group:
            raise SetupError(f"the extra role {tag.value} is dealt to {group} players, not {count}",
                             "refusal.forum_group", role=tag.value, count=count, group=group)


def deal(names: Sequence[str], cards: Sequence[Role], extras: Sequence[Role], deal_seed: int, *,
         options: Options | None = None, seed: int | None = None) -> Setup:
    """Cards shuffled with ``deal_seed``, one a seat; each extra role to a
    player who may carry it (another one for each, while there is one); an
    extra role of a group, named once or more, to its number of players."""
    if len(cards) != len(names):
        raise SetupError(f"the deck has {len(cards)} cards for {len(names)} players",
                         "refusal.deck_size", count=len(cards), need=len(names),
                         players=len(names), middle=0)
    rng = _Generator(deal_seed)
    shuffled = list(cards)
    shuffle(shuffled, rng)
    roles = dict(zip(names, shuffled, strict=True))
    given: dict[str, list[Role]] = {}
    grouped = [t for t in dict.fromkeys(extras) if t in FORUM_ROLES and FORUM_ROLES[t].group]
    extras = [t for t in extras if t not in grouped]
    extras += [t for t in grouped for _ in range(FORUM_ROLES[t].group)]
    for tag in extras:
        extra = FORUM_ROLES.get(tag)
        if extra is None or extra.kind != "extra":
            raise SetupError(f"{tag.value} is no extra role of the forum edition",
                             "refusal.forum_not_extra", role=tag.value)
        able = [p for p in names if may_carry(extra, FORUM_ROLES[roles[p]]) and tag not in given.get(p, [])]
        fresh = [p for p in able if p not in given] or able
        if not fresh:
            raise SetupError(f"no player of this deck can carry the extra role {tag.value}",
                             "refusal.forum_nobody_carries", role=tag.value)
        pick = fresh[rng.getrandbits(32) % len(fresh)]
        given.setdefault(pick, []).append(tag)
    extra_map: Mapping[str, tuple[Role, ...]] = {p: tuple(ts) for p, ts in given.items()}
    return Setup(tuple(names), roles, (), options or Options(), deal_seed if seed is None else seed,
                 (), None, FORUM, extra_map)


def summary_keys(setup: Setup) -> dict[str, Any]:
    """The deal's extra roles as the replay format writes them."""
    return {p: [r.value for r in ts] for p, ts in setup.extra.items()}
