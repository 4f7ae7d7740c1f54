"""De dubbele ik, kleine complicaties (seed 000): "iedere speler krijgt een
zichtbare rol: de ziener, de jager, de heks, Cupido, de genezer, de
dorpsoudste, de zondebok en maximaal twee burgers. ... Daarna krijgt iedere
speler een gedekte kaart met zijn identiteit. Gebruik 2 weerwolven en 5 tot
7 burgers ... De spelers houden hun identiteit geheim totdat ze worden
geelimineerd." "Voor 7 tot 9 spelers." "Deel de volgende kaarten in deze
variant niet uit: de dief, het onschuldige meisje, de dorpsgek, de
fluitspeler."

The deal's cards (``roles``) are the visible power cards; the hidden
identities are option ``double_me_wolves`` (the two werewolves' names), or,
left empty, dealt by the box with the game's seed and told to each player
privately. A werewolf keeps his visible power. The seer sees identities
(the hidden card: "de ware gedaante"); a death shows both cards.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.deck import Setup
from engine.errors import SetupError
from engine.night import NightStep
from engine.state import Death, State
from engine.variants.base import Variant, variant
from engine.vocab import Role

#: "de ziener, de jager, de heks, Cupido, de genezer, de dorpsoudste, de zondebok"
POWERS = (Role.SEER, Role.HUNTER, Role.WITCH, Role.CUPID, Role.HEALER, Role.ELDER, Role.SCAPEGOAT)
WOLVES = 2


def check_players(setup: Setup) -> None:
    """"Voor 7 tot 9 spelers" (both forms of de dubbele ik)."""
    n = len(setup.players)
    if not 7 <= n <= 9:
        raise SetupError(f"de dubbele ik is for 7 to 9 players, not {n}", "refusal.double_me_players",
                         low=7, high=9, count=n)


class DoubleMeSmall(Variant):
    id = "double_me_small"
    aliases: tuple[str, ...] = ("dubbele_ik", "dubbele_ik_klein")
    options = {"double_me_wolves": []}
    #: the werewolves are identity cards, not power cards
    wolves_needed = False
    #: two werewolves by identity are no game without werewolves
    excludes = frozenset({"black_death"})

    def fit_deck(self, cards: list[Role], players: int) -> list[Role]:
        powers = list(POWERS[:players])
        return powers + [Role.VILLAGER] * (players - len(powers))

    def check_setup(self, setup: Setup) -> None:
        check_players(setup)
        counts = Counter(setup.deck)
        for card in counts:
            if card not in POWERS and card is not Role.VILLAGER:
                raise SetupError(f"de dubbele ik deals only visible powers and villagers, not {card.value}",
                                 "refusal.double_me_card", role=card.value)
        if counts[Role.VILLAGER] > 2:
            raise SetupError("de dubbele ik deals at most two villager cards", "refusal.double_me_villagers")
        wolves = self.option(setup.options, "double_me_wolves")
        if wolves and (len(set(wolves)) != WOLVES or not set(wolves) <= set(setup.players)):
            raise SetupError(f"option double_me_wolves names {WOLVES} different players",
                             "refusal.double_me_wolves", count=WOLVES)

    def begin(self, s: State) -> None:
        wolves = list(self.option(s.options, "double_me_wolves"))
        if not wolves:
            wolves = random.Random(f"{s.setup.seed}:double_me").sample(list(s.players), WOLVES)
        s.faction_wolves = frozenset(wolves)
        for p in s.players:
            if p in s.faction_wolves:
                s.emit("identity_werewolf", frozenset({p}), name=p)
            else:
                s.emit("identity_villager", frozenset({p}), name=p)

    def called(self, s: State, step: NightStep) -> bool | None:
        return True if step.name == "werewolves" else None

    def seen(self, s: State, target: str, shown: Role) -> Role:
        return Role.WEREWOLF if target in s.faction_wolves else Role.VILLAGER

    def on_death(self, s: State, death: Death) -> None:
        if death.name in s.faction_wolves:
            s.emit("identity_shown_werewolf", name=death.name)
        else:
            s.emit("identity_shown_villager", name=death.name)


variant(DoubleMeSmall())
