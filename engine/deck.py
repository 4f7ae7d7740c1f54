"""The deal: players, their cards, the middle (``Setup``, ``deal``).

Whether a deal is a deck of the box's cards is ``engine.dealing``'s
business (it reads the registered roles; this module knows none).
"""

from __future__ import annotations

from _random import Random as _Generator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from engine.options import Options
from engine.vocab import Role

T = TypeVar("T")
#: the editions of the rules: the board game (seeds 000-003) and the online
#: game's rulebook (seed 004)
BOARD: Final = "board"
FORUM: Final = "forum"
EDITIONS: Final = (BOARD, FORUM)
_NO_DATA: Mapping[str, Any] = {}
_NO_EXTRA: Mapping[str, tuple[Role, ...]] = {}
MIDDLE_CARDS = 2  # seed 000, De Dief: "twee karakterkaarten meer ... dan spelers"


@dataclass(slots=True, init=False)
class Setup:
    """Everything fixed before the first question: a game is this + decisions.

    Read-only by convention, like ``Request`` (a changed set-up is a copy:
    ``dataclasses.replace``); not frozen and its ``__init__`` written out,
    because a simulation deals one a game and the compiled engine compiles
    this one, where a frozen dataclass's own is made at run time and
    interpreted (a fortieth of a compiled bot game).
    """

    players: tuple[str, ...]
    roles: Mapping[str, Role]
    middle: tuple[Role, ...]
    options: Options
    seed: int
    #: variant ids (``engine.variants``), in the order given
    variants: tuple[str, ...]
    #: what a variant brings to the set-up beside its options, by its id
    #: (the Full Moon's event deck); the variant reads and checks its own
    variant_data: Mapping[str, Any]
    #: the rules' edition: ``board`` (seeds 000-003) or ``forum`` (seed 004)
    edition: str
    #: the extra roles dealt beside a player's card (the forum edition)
    extra: Mapping[str, tuple[Role, ...]]

    def __init__(self, players: tuple[str, ...], roles: Mapping[str, Role],
                 middle: tuple[Role, ...] = (), options: Options | None = None, seed: int = 0,
                 variants: tuple[str, ...] = (), variant_data: Mapping[str, Any] | None = None,
                 edition: str = BOARD, extra: Mapping[str, tuple[Role, ...]] | None = None) -> None:
        self.players = players
        self.roles = roles
        self.middle = middle
        self.options = Options() if options is None else options
        self.seed = seed
        self.variants = variants
        self.variant_data = _NO_DATA if variant_data is None else variant_data
        self.edition = edition
        self.extra = _NO_EXTRA if extra is None else extra

    @property
    def deck(self) -> tuple[Role, ...]:
        """Every card in play, the middle included (these roles are called)."""
        return tuple(map(self.roles.__getitem__, self.players)) + self.middle


def deal(
    names: Sequence[str], cards: Sequence[Role], deal_seed: int, *,
    options: Options | None = None, seed: int | None = None,
    variants: tuple[str, ...] = (), variant_data: Mapping[str, Any] | None = None,
    edition: str = BOARD, extra: Mapping[str, tuple[Role, ...]] | None = None,
) -> Setup:
    """The one place a game is dealt: ``cards`` shuffled with ``deal_seed``,
    one a seat in seat order, the rest to the middle. ``seed`` is the game's
    own chance (the mayor's lot), ``deal_seed`` when not given."""
    shuffled = list(cards)
    # random.Random's C base: the same numbers from the same seed (the
    # seeding is in C either way), without random.Random's Python seed()
    shuffle(shuffled, _Generator(deal_seed))
    n = len(names)
    return Setup(
        tuple(names), dict(zip(names, shuffled[:n], strict=True)), tuple(shuffled[n:]),
        options or Options(), deal_seed if seed is None else seed, variants, variant_data,
        edition, extra,
    )


def shuffle(cards: list[T], rng: _Generator) -> None:
    """``rng.shuffle(cards)``, the library's own steps written out (its
    Fisher-Yates, each place drawn by ``getrandbits`` as ``_randbelow``
    does): the same order, in code the compiled engine compiles (a deal a
    game; tests/test_deal.py holds it to the library's)."""
    draw = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = draw(k)
        while j >= n:
            j = draw(k)
        cards[i], cards[j] = cards[j], cards[i]
