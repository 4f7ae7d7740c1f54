"""Het spel voor beginners (seed 002). "Voorbereidende fase (van de eerste
nacht) (Niet van toepassing in het spel 'voor beginners': dan direct door
naar de normale fase van de eerste nacht)" — no thief, no cupid, no lovers;
and none of what "In het spel voor gevorderden kan gelden": the hunter's
shot, a lover's grief, the mayor's successor. The deck that suits it is
seed 001's "Voor een eerste potje volstaan weerwolven, ziener en gewone
burgers" (``beginners_deck``); other village cards may be added.

Readings (docs/variants.md): a thief or cupid in the deck is refused (their
whole power is the preparatory phase, which this game does not have); a
hunter may be dealt but does not shoot; a dead mayor has no successor.
"""

from __future__ import annotations

from engine.deck import Setup
from engine.errors import SetupError
from engine.state import Death, State
from engine.variants.base import Variant, variant
from engine.vocab import Role

#: the preparatory phase's cards: "de dief, Cupido, de geliefden"
PREPARATION = (Role.THIEF, Role.CUPID)


def beginners_deck(players: int, werewolves: int) -> list[Role]:
    """Seed 001's first game: the table's werewolves, a seer, villagers."""
    return [Role.WEREWOLF] * werewolves + [Role.SEER] + [Role.VILLAGER] * (players - werewolves - 1)


class Beginners(Variant):
    id = "beginners"
    aliases: tuple[str, ...] = ("beginners_game", "spel_voor_beginners")
    #: the advanced rules: the hunter's shot, the lovers' grief, the successor
    drops = frozenset({"hunter", "lovers", "mayor_successor"})

    def fit_deck(self, cards: list[Role], players: int) -> list[Role]:
        return beginners_deck(players, cards.count(Role.WEREWOLF))

    def check_setup(self, setup: Setup) -> None:
        for card in PREPARATION:
            if card in setup.deck:
                raise SetupError(f"the game for beginners has no first-night preparation: "
                                 f"no {card.value} in the deck", "refusal.beginners_card", role=card.value)

    def on_death(self, s: State, death: Death) -> None:
        # "Als ... de burgemeester is, benoemt deze direct zijn opvolger" is
        # an advanced rule: the office ends with him.
        if s.mayor == death.name:
            s.mayor = None


variant(Beginners())
