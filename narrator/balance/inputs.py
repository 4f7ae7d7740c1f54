"""What a group asks the advisor, checked: the players, the deck, the
variants. Every refusal is a key of ``voices/<lang>/balance.yaml`` with its
parameters, so the command says it in the pack's language."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import config
from engine import Options, Role, check_setup, role_ids
from engine.dealing import table_deck
from engine.deck import MIDDLE_CARDS
from engine.registry import ROLES
from engine.variants import VARIANTS, variants_of
from narrator.balance.errors import BalanceInputError
from narrator.balance.variants import engine_variants, full_moon_pile, options_for

#: cards a table deck has by itself; the others come in place of villagers
TABLE_CARDS = (Role.WEREWOLF, Role.SEER, Role.VILLAGER)


@dataclass(frozen=True)
class Question:
    players: int
    cards: tuple[Role, ...]  # the whole deck, the middle included
    variants: tuple[str, ...] = ()
    options: Options = Options()
    #: with ``full_moon``: the event cards of its pile, one every ``events_every`` mornings
    event_cards: tuple[str, ...] = ()
    events_every: int = 1

    @property
    def specials(self) -> tuple[Role, ...]:
        """The deck's characters beyond the table's werewolves, seer and villagers."""
        return tuple(dict.fromkeys(r for r in self.cards if r not in TABLE_CARDS))


def player_range() -> tuple[int, int]:
    table = config.deck_table()
    return min(r.players for r in table), max(r.players for r in table)


def parse_roles(ids: Sequence[str]) -> list[Role]:
    known = role_ids()
    for rid in ids:
        if rid not in known:
            raise BalanceInputError("balance.err_role", role=rid, known=", ".join(known))
    return [Role(rid) for rid in ids]


def check_deck(players: int, cards: Sequence[Role], *, wolves_needed: bool = True) -> None:
    """Any deck the box's cards make (not only the table's): one card a
    player, two more with a thief, a werewolf, each character at most once."""
    need = players + (MIDDLE_CARDS if Role.THIEF in cards else 0)
    if len(cards) != need:
        raise BalanceInputError("balance.err_deck_size", cards=len(cards), players=players, need=need)
    if wolves_needed and Role.WEREWOLF not in cards:
        raise BalanceInputError("balance.err_no_wolf")
    for role, count in Counter(cards).items():
        if ROLES[role].unique and count > 1:
            raise BalanceInputError("balance.err_twice", role=role.value, count=count)


def table_cards(players: int, specials: Sequence[Role]) -> list[Role]:
    """Seed 001's deck for ``players`` with ``specials`` in place of villagers."""
    for role in specials:
        if role in TABLE_CARDS:
            raise BalanceInputError("balance.err_not_special", role=role.value)
    for role, count in Counter(specials).items():
        if count > 1:
            raise BalanceInputError("balance.err_twice", role=role.value, count=count)
    row = next(r for r in config.deck_table() if r.players == players)
    room = row.villagers
    if len([r for r in specials if r is not Role.THIEF]) > room:
        raise BalanceInputError("balance.err_too_many", players=players, room=room)
    return table_deck(players, config.deck_table(), specials)


def question(players: int, *, roles: Sequence[str] | None = None, specials: Sequence[str] | None = None,
             variants: Sequence[str] = (), event_cards: Sequence[str] = (), events_every: int = 1,
             options: dict[str, Any] | None = None) -> Question:
    """The checked question; raises :class:`BalanceInputError`."""
    lo, hi = player_range()
    if not lo <= players <= hi:
        raise BalanceInputError("balance.err_players", count=players, lo=lo, hi=hi)
    if roles and specials:
        raise BalanceInputError("balance.err_both_decks")
    if roles:
        cards = parse_roles(roles)
        # a variant that plays without werewolf cards (the black death, de
        # dubbele ik) is given its own deck as the page deals it
        wolves = all(VARIANTS[v].wolves_needed for v in engine_variants(tuple(variants)))
        check_deck(players, cards, wolves_needed=wolves)
    else:
        cards = table_cards(players, parse_roles(specials or ()))
    ids = tuple(dict.fromkeys(variants))
    chosen = options_for(ids, players, cards)
    if options:  # rule and variant options as a set-up names them (the page)
        from engine.variants import variant_options

        merged = {**chosen.to_dict(), **options}
        chosen = Options.from_dict(merged, variant_options(engine_variants(ids)))
    pile = full_moon_pile(event_cards) if "full_moon" in ids else ()
    if not roles:  # the box's own deck suits the variants, as the demo deals it
        for v in variants_of(engine_variants(ids)):
            cards = v.fit_deck(cards, players)
    q = Question(players, tuple(cards), ids, chosen, pile, events_every)
    trial_deal(q)
    return q


def trial_deal(q: Question) -> None:
    """The engine's own check of the question's first game (bot games skip
    it): whatever the variants or the pile forbid is a SetupError here."""
    from narrator.simulation import Batch

    batch = Batch(q.players, q.cards, 1, "sensible", q.options, engine_variants(q.variants),
                  q.event_cards, q.events_every)
    check_setup(batch.setup(0))
