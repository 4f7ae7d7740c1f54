"""Variants for the advisor: which ids exist, which go together, which the
engine plays today.

The ids are seed 000's variants as ``engine.catalog`` names them, plus the
rule choices the engine plays as options (``engine.options``). A seed
variant is played when the engine's registry has it (``engine.variants``)
and it needs nothing more than its id; the others are known and checked
here but refused as not played yet (``balance.err_variant_unplayable``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import Options, Role
from engine.catalog import VARIANT_IDS
from engine.variants import VARIANTS
from narrator.balance.errors import BalanceInputError

#: rule choices the engine plays now, as variants: id -> engine.Options fields
PLAYED: dict[str, dict[str, Any]] = {
    # seed 000: the werewolves also win "zodra het aantal burgers en wolven gelijk is"
    "parity": {"wolves_win_at_parity": True},
    # seed 000: "tot één toverdrankje van haar keuze beperken"
    "single_potion": {"witch_single_potion": True},
    # seed 000: "de burgemeester later, bijvoorbeeld in de tweede of derde nacht"
    "late_mayor": {"mayor_election_day": 2},
    "no_mayor": {"mayor_election_day": None},
}
KNOWN: tuple[str, ...] = tuple(PLAYED) + VARIANT_IDS


def engine_variants(ids: Sequence[str]) -> tuple[str, ...]:
    """The ids the engine plays as variants (``Setup.variants``)."""
    return tuple(v for v in ids if v in VARIANTS)


def playable() -> tuple[str, ...]:
    return tuple(PLAYED) + tuple(VARIANTS)


def full_moon_pile(cards: Sequence[str] = ()) -> tuple[str, ...]:
    """The Full Moon's pile: the cards asked for, or every card the engine
    plays (as the page deals it when the group picks none)."""
    from engine.cards import CARDS, find_card

    for cid in cards:
        find_card(cid)  # an unknown or unplayable card: SetupError naming it
    return tuple(dict.fromkeys(cards)) or tuple(CARDS)

#: pairs that cannot be played together
EXCLUSIVE: tuple[tuple[str, str], ...] = (
    ("late_mayor", "no_mayor"),  # the mayor comes later or never, not both
    # seed 000, De dubbele ik: "kleine" or "grote complicaties", two forms of one variant
    ("double_me_small", "double_me_big"),
    # seed 000, De zwarte dood: "er geen weerwolven in het spel zijn": nobody to infect
    ("black_death", "lycanthropy"),
)
#: seed 000, De dubbele ik: "Voor 7 tot 9 spelers" and "Deel de volgende
#: kaarten in deze variant niet uit: de dief, het onschuldige meisje, de
#: dorpsgek, de fluitspeler."
PLAYERS: dict[str, tuple[int, int]] = {"double_me_small": (7, 9), "double_me_big": (7, 9)}
BANNED: dict[str, frozenset[Role]] = dict.fromkeys(
    ("double_me_small", "double_me_big"),
    frozenset({Role.THIEF, Role.LITTLE_GIRL, Role.VILLAGE_IDIOT, Role.PIED_PIPER}),
)


def options_for(ids: Sequence[str], players: int, cards: Sequence[Role]) -> Options:
    """The engine options that play ``ids`` (the engine's own variants go to
    the set-up: :func:`engine_variants`); raises BalanceInputError for an
    unknown id, a mix the seeds rule out, or a variant not played yet."""
    for vid in ids:
        if vid not in KNOWN:
            raise BalanceInputError("balance.err_variant_unknown", variant=vid, known=", ".join(KNOWN))
    exclusive = list(EXCLUSIVE) + [(v, other) for v in ids if v in VARIANTS for other in VARIANTS[v].excludes]
    for first, second in exclusive:
        if first in ids and second in ids:
            raise BalanceInputError("balance.err_variant_mix", first=first, second=second)
    for vid in ids:
        lo, hi = PLAYERS.get(vid, (players, players))
        if not lo <= players <= hi:
            raise BalanceInputError("balance.err_variant_players", variant=vid, lo=lo, hi=hi, count=players)
        banned = [r for r in cards if r in BANNED.get(vid, ())]
        if banned:
            raise BalanceInputError("balance.err_variant_card", variant=vid, role=banned[0].value)
    fields: dict[str, Any] = {}
    for vid in ids:
        if vid not in playable():
            raise BalanceInputError("balance.err_variant_unplayable", variant=vid, playable=", ".join(playable()))
        fields.update(PLAYED.get(vid, {}))
    return Options(**fields)
