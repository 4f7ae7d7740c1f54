"""A variant: a named set of hooks with its own options and state.

Like python-chess's variant boards, a variant is found by its id or an alias
(:func:`find_variant`), overrides only the hooks it changes (``Rules``), and
keeps its own state in ``State.store`` under its id. The base game is the
game with no variant. Variants combine where the seeds allow; ``excludes``
names the ones a variant cannot be played with, and a combination the seeds
make impossible is refused with one line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.deck import Setup
from engine.errors import SetupError
from engine.rules import Rules
from engine.vocab import Role


class Variant(Rules):
    id: str = ""
    aliases: tuple[str, ...] = ()
    #: the variant's own options and their defaults (in a scenario's
    #: ``options:`` beside the rule options; a value must have the
    #: default's type)
    options: ClassVar[Mapping[str, Any]] = {}
    #: variant ids this one cannot be played with
    excludes: frozenset[str] = frozenset()
    #: a deck without werewolves is a game of this variant (the black death)
    wolves_needed: bool = True
    #: the variant reads the game's events (a card's spiritism): a game
    #: that otherwise keeps none (``Game(events=False)``) keeps them
    keeps_events: bool = False
    order = 60

    def fit_deck(self, cards: list[Role], players: int) -> list[Role]:
        """The box's deck for this variant, from the table's (seed 001):
        the game for beginners deals its first-game deck, the black death
        puts villagers in the werewolves' place."""
        return cards

    def check_setup(self, setup: Setup) -> None:
        """Raise SetupError (one line) when the deal does not suit this variant."""

    def check_data(self, setup: Setup) -> None:
        """Check what this variant brings to the set-up (``Setup.variant_data``
        under its id; there, or in play, or both)."""

    def option(self, opts: Any, name: str) -> Any:
        return opts.extra.get(name, self.options[name])

    def report(self, s: Any) -> dict[str, Any]:
        """Keys this variant adds to the replay's output (documented)."""
        return {}


VARIANTS: dict[str, Variant] = {}
_BY_NAME: dict[str, Variant] = {}


def variant(v: Variant) -> Variant:
    """Register a variant (its module does, once)."""
    for name in (v.id, *v.aliases):
        if name in _BY_NAME:
            raise RuntimeError(f"variant name {name!r} registered twice")
        _BY_NAME[name] = v
    VARIANTS[v.id] = v
    return v


def find_variant(name: str) -> Variant:
    """The variant by id or alias; SetupError naming it when unknown."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(VARIANTS))
        raise SetupError(f"unknown variant {name!r} (known: {known})", "refusal.unknown_variant",
                         id=str(name), known=known) from None


def variants_of(ids: Sequence[str]) -> tuple[Variant, ...]:
    """The variants of a set-up, checked to combine."""
    found: list[Variant] = []
    for name in ids:
        v = find_variant(name)
        if v in found:
            raise SetupError(f"variant {v.id!r} is named twice", "refusal.variant_twice", variant=v.id)
        found.append(v)
    for a in found:
        for b in found:
            if b.id in a.excludes:
                raise SetupError(f"variants {a.id!r} and {b.id!r} cannot be played together",
                                 "refusal.variants_clash", variant=a.id, other=b.id)
    return tuple(found)


def option_specs(variants: Sequence[Variant]) -> dict[str, Any]:
    specs: dict[str, Any] = {}
    for v in variants:
        specs.update(v.options)
    return specs
