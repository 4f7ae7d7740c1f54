"""Checking that a deal is a deck of the box's cards (the board game).

Two levels of checking:
- :func:`validate_deal` — any deal the box's cards can make (used by
  ``wakkerdam replay``): one card a player, two more with a thief, at least one
  werewolf, each special character at most once.
- :func:`validate_table_deck` — the box's own set-ups follow seed 001's table
  (8-18 players, the table's werewolves and seer, specials in place of
  villagers, thief +2 cards). The table itself is data in ``config/decks.yaml``
  and is passed in, so the engine stays free of I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.deck import MIDDLE_CARDS, Setup
from engine.errors import SetupError
from engine.registry import ROLES
from engine.vocab import Role


def validate_deal(setup: Setup, *, wolves_needed: bool = True) -> None:
    players = setup.players
    if len(players) < 2:
        raise SetupError("a game needs at least 2 players", "refusal.few_players", count=len(players))
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise SetupError(f"player name {name!r} is not a name", "refusal.not_a_name", name=str(name))
    dupes = [n for n, c in Counter(players).items() if c > 1]
    if dupes:
        raise SetupError(f"player {dupes[0]!r} is listed twice", "refusal.name_twice", name=dupes[0])
    missing = [p for p in players if p not in setup.roles]
    if missing:
        raise SetupError(f"player {missing[0]!r} has no role", "refusal.no_role", name=missing[0])
    extra = [p for p in setup.roles if p not in players]
    if extra:
        raise SetupError(f"role given for {extra[0]!r}, who is not a player", "refusal.not_a_player", name=extra[0])
    deck = setup.deck
    has_thief = Role.THIEF in deck
    if has_thief and len(setup.middle) != MIDDLE_CARDS:
        raise SetupError(
            f"with a thief the deck needs exactly {MIDDLE_CARDS} middle cards, got {len(setup.middle)}",
            "refusal.middle_count", need=MIDDLE_CARDS, count=len(setup.middle))
    if not has_thief and setup.middle:
        raise SetupError("middle cards are only dealt when a thief is in the deck", "refusal.middle_no_thief")
    counts = Counter(deck)
    for role, n in counts.items():
        if ROLES[role].unique and n > 1:
            raise SetupError(f"the deck has {n} {role.value} cards; the box has only one",
                             "refusal.card_unique", count=n, role=role.value)
    if wolves_needed and not any(ROLES[r].wolf for r in counts):
        raise SetupError("the deck has no werewolf", "refusal.no_werewolf")


@dataclass(frozen=True, slots=True)
class TableRow:
    players: int
    werewolves: int
    seer: int
    villagers: int


def table_row(table: Sequence[TableRow], players: int) -> TableRow:
    for row in table:
        if row.players == players:
            return row
    lo, hi = min(r.players for r in table), max(r.players for r in table)
    raise SetupError(f"the deck table is for {lo} to {hi} players, not {players}", "refusal.table_players",
                     low=lo, high=hi, count=players)


def validate_table_deck(cards: Sequence[Role], players: int, table: Sequence[TableRow]) -> None:
    """Check a deck (all cards, the middle included) against the table."""
    row = table_row(table, players)
    counts = Counter(cards)
    thief = counts[Role.THIEF] > 0
    expected_total = players + (MIDDLE_CARDS if thief else 0)
    if len(cards) != expected_total:
        extra = f" ({players} players + {MIDDLE_CARDS} for the thief)" if thief else ""
        raise SetupError(f"the deck has {len(cards)} cards; it needs {expected_total}{extra}",
                         "refusal.deck_size_thief" if thief else "refusal.deck_size",
                         count=len(cards), need=expected_total, players=players, middle=MIDDLE_CARDS)
    if counts[Role.WEREWOLF] != row.werewolves:
        raise SetupError(
            f"{players} players play with {row.werewolves} werewolves, not {counts[Role.WEREWOLF]}",
            "refusal.table_werewolves", players=players, need=row.werewolves, count=counts[Role.WEREWOLF])
    if counts[Role.SEER] != row.seer:
        raise SetupError(f"{players} players play with {row.seer} seer", "refusal.table_seer",
                         players=players, need=row.seer)
    for role, n in counts.items():
        if ROLES[role].unique and n > 1:
            raise SetupError(f"the deck has {n} {role.value} cards; the box has only one",
                             "refusal.card_unique", count=n, role=role.value)


def table_deck(
    players: int, table: Sequence[TableRow], specials: Sequence[Role] = ()
) -> list[Role]:
    """The table's deck for ``players``, with ``specials`` in place of villagers
    (a thief adds two villagers, seed 001: "Voeg twee gewone burgers extra toe")."""
    row = table_row(table, players)
    specials = list(specials)
    for role in specials:
        if role in (Role.WEREWOLF, Role.VILLAGER, Role.SEER):
            raise SetupError(f"{role.value} is not a special character", "refusal.not_special", role=role.value)
    dupes = [r for r, c in Counter(specials).items() if c > 1]
    if dupes:
        raise SetupError(f"{dupes[0].value} is chosen twice", "refusal.special_twice", role=dupes[0].value)
    villagers = row.villagers - (len(specials) - (1 if Role.THIEF in specials else 0))
    if Role.THIEF in specials:
        villagers += MIDDLE_CARDS - 1
    if villagers < 0:
        raise SetupError(f"too many special characters for {players} players", "refusal.too_many_specials",
                         players=players)
    cards = [Role.WEREWOLF] * row.werewolves + [Role.SEER] * row.seer + specials
    cards += [Role.VILLAGER] * villagers
    validate_table_deck(cards, players, table)
    return cards
