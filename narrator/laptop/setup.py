"""Before the game: the players' names, the deck, and the cards handed out
one by one at the laptop."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import config
import voices
from engine import Role, Setup, SetupError
from engine.dealing import table_deck, validate_table_deck
from narrator.laptop.answers import Refused
from narrator.laptop.session import LaptopSession

#: the one-letter keys that are commands, never answers or names
KEYS = ("u", "r", "p", "n", "+", "-")
#: a --roles list with one of these is the whole deck, not characters to add
FULL_DECK_ROLES = frozenset({Role.WEREWOLF, Role.SEER, Role.VILLAGER})


def player_range() -> tuple[int, int]:
    rows = config.deck_table()
    return min(r.players for r in rows), max(r.players for r in rows)


def check_name(name: str, taken: Sequence[str]) -> str:
    """A player's name as entered; raises Refused."""
    name = " ".join(name.split())
    if not name:
        raise Refused("laptop.err_name_empty")
    if name.isdigit() or name.lower() in KEYS:
        raise Refused("laptop.err_name_reserved", name=name)
    if name.lower() in (t.lower() for t in taken):
        raise Refused("laptop.err_name_twice", name=name)
    return name


def names_from_arg(arg: str) -> list[str]:
    names: list[str] = []
    for raw in arg.split(","):
        names.append(check_name(raw, names))
    lo, hi = player_range()
    if not lo <= len(names) <= hi:
        raise Refused("laptop.err_players", lo=lo, hi=hi, count=len(names))
    return names


def ask_names(session: LaptopSession, count: int | None) -> list[str]:
    """Names typed in seat order: ``count`` of them, or until an empty line."""
    s, pack = session, session.pack
    lo, hi = player_range()
    names: list[str] = []
    while len(names) < (count or hi):
        n = len(names) + 1
        s.screen.ask(pack.line("laptop.ask_name_of", n=n, count=count) if count
                     else pack.line("laptop.ask_name", n=n))
        text = s.keyboard.readline(None)
        assert text is not None
        if not text.strip() and count is None:
            if len(names) >= lo:
                break
            s.screen.show(pack.line("laptop.err_players", lo=lo, hi=hi, count=len(names)))
            continue
        try:
            names.append(check_name(text, names))
        except Refused as no:
            s.screen.show(pack.line(no.key, **no.params))
    return names


def parse_roles(arg: str, pack: voices.Pack) -> list[Role]:
    """Role ids or the cards' names (in any language), comma-separated."""
    roles = []
    for raw in arg.split(","):
        if not raw.strip():
            continue
        role = voices.role_named(raw)
        if role is None:
            raise Refused("laptop.err_role", role=raw.strip(),
                          known=", ".join(pack.role_bare(r.value) for r in Role))
        roles.append(Role(role))
    return roles


def deck(players: int, roles: Sequence[Role] | None) -> list[Role]:
    """The cards: the table's (seed 001: werewolves, the seer, villagers), or
    with the characters given in place of villagers; or, when the list has
    werewolves, seers or villagers in it, exactly those cards. Nothing is
    added that the group did not ask for (issue 11)."""
    table = config.deck_table()
    try:
        if roles is None:
            return table_deck(players, table, [])
        if FULL_DECK_ROLES & set(roles):
            cards = list(roles)
            validate_table_deck(cards, players, table)
            return cards
        return table_deck(players, table, roles)
    except SetupError as exc:
        raise Refused("laptop.err_deck", reason=exc) from None  # said in the pack's words


def describe_deck(cards: Sequence[Role], pack: voices.Pack) -> str:
    counts = Counter(cards)
    parts = []
    for role in Role:
        if counts[role] == 1:
            parts.append(pack.role_bare(role.value))
        elif counts[role] > 1:
            parts.append(pack.line("laptop.card_count", count=counts[role], role=pack.role_bare(role.value)))
    return pack.join(parts)


#: the journal record that says every player has seen their card
DEALT = {"type": "dealt"}


def dealt(records: Sequence[dict[str, object]]) -> bool:
    """Whether a journal's records show the deal done (a game cut during the
    deal is dealt again from its journal, the same cards to the same seats;
    a game with decisions was dealt before the mark existed)."""
    return any(r.get("type") in ("dealt", "decision") for r in records)


def deal_at_the_laptop(session: LaptopSession, setup: Setup, journal: Any) -> None:
    """The cards handed out, then the laptop goes to the middle of the table;
    the journal records when every player has seen their card."""
    s, pack = session, session.pack
    hand_out_cards(s, setup)
    journal.append(dict(DEALT))
    s.screen.show(pack.line("laptop.keys_help"))
    s.screen.ask(pack.line("laptop.ready"))
    s.wait_for_enter(None)


def hand_out_cards(session: LaptopSession, setup: Setup) -> None:
    """Each player in seat order takes the laptop, sees their card, hides it."""
    s, pack = session, session.pack
    s.screen.show(pack.line("laptop.deal_start"))
    for name in setup.players:
        s.hand_over((name,), None)
        s.screen.show(pack.line("private.your_role", role=pack.role(setup.roles[name].value)))
        s.screen.ask(pack.line("laptop.hide"))
        s.wait_for_enter(None)
        s.screen.clear()
        s.holder = None
