"""De dubbele ik, grote complicaties (seed 000): "Gebruik dezelfde kaarten
als in variant a). Schud de kaarten en geef iedere speler er gedekt 2. De
spelers houden deze geheim. Er kunnen nu vreemde dingen gebeuren, zoals een
heks die tegelijkertijd ziener is, een jager die ook genezer is of de
dorpsoudste die een zondebok is." "Een speler met tenminste een
weerwolfkaart is een weerwolf. Als deze speler daarnaast een kaart met een
speciale eigenschap heeft, mag hij deze gewoon gebruiken."

The cards of variant a): the seven powers and a villager for each player
past seven, plus the identities (2 werewolves and villagers): 2 a player.
The deal's cards (``roles``) are each player's first card; option
``double_me_second`` names the second ones, or, left empty, the box deals
the rest with the game's seed. Each player then has one card that *counts*
(a werewolf card if he has one, else his first power, else a villager):
it is what the seer and a death show first, and his team. He has the powers
of both cards (``State.powers``): a witch who is also the seer wakes at both
calls. The seer is shown both cards; a death turns both over.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.deck import Setup
from engine.errors import SetupError
from engine.registry import ROLES
from engine.rules import rule_set
from engine.state import Death, State
from engine.variants.base import Variant, variant
from engine.variants.double_me_small import POWERS, WOLVES, check_players
from engine.vocab import Cause, Role


def all_cards(players: int) -> list[Role]:
    """Variant a)'s cards for this table: open and hidden, 2 a player."""
    open_cards = list(POWERS) + [Role.VILLAGER] * (players - len(POWERS))
    return open_cards + [Role.WEREWOLF] * WOLVES + [Role.VILLAGER] * (players - WOLVES)


def counting(pair: tuple[Role, Role]) -> tuple[Role, Role]:
    """The card that counts, and the other one."""
    first, second = pair
    if Role.WEREWOLF in pair:
        return (Role.WEREWOLF, second if first is Role.WEREWOLF else first)
    if first is Role.VILLAGER and second is not Role.VILLAGER:
        return second, first
    return first, second


def mine(s: State) -> dict[str, Any]:
    return s.mine("double_me_big", {"other": {}})  # type: ignore[no-any-return]


class DoubleMeBig(Variant):
    id = "double_me_big"
    aliases: tuple[str, ...] = ("dubbele_ik_groot",)
    options = {"double_me_second": {}}
    wolves_needed = False
    #: the black death has no werewolf cards to deal; the game for
    #: beginners deals no cupid, whom variant a)'s cards hold
    excludes = frozenset({"black_death", "double_me_small", "beginners"})
    #: before the roles' own hooks: a death turns both cards over before
    #: what it sets off (the elder's grief) is said
    order = 45

    def fit_deck(self, cards: list[Role], players: int) -> list[Role]:
        # The box's first cards: a werewolf and four powers, then villagers;
        # the rest it deals as second cards with the game's seed.
        first = [Role.WEREWOLF, *POWERS[:4]]
        return first + [Role.VILLAGER] * (players - len(first))

    def seconds(self, setup: Setup) -> dict[str, Role]:
        given = self.option(setup.options, "double_me_second")
        if given:
            if set(given) != set(setup.players):
                raise SetupError("option double_me_second names a second card for every player",
                                 "refusal.double_me_big_everyone")
            try:
                return {p: Role(str(given[p])) for p in setup.players}
            except ValueError:
                raise SetupError("option double_me_second names role ids", "refusal.double_me_big_ids") from None
        rest = Counter(all_cards(len(setup.players)))
        rest.subtract(setup.deck)
        pile = sorted(rest.elements(), key=lambda r: r.value)
        random.Random(f"{setup.seed}:double_me_big").shuffle(pile)
        return dict(zip(setup.players, pile, strict=True))

    def check_setup(self, setup: Setup) -> None:
        check_players(setup)
        if setup.middle:
            raise SetupError("de dubbele ik deals no middle cards", "refusal.double_me_big_middle")
        have = Counter(all_cards(len(setup.players)))
        extra = Counter(setup.deck) - have
        if extra:
            role = next(iter(extra)).value
            raise SetupError(f"de dubbele ik has no more {role} cards to deal", "refusal.double_me_big_extra",
                             role=role)
        seconds = self.seconds(setup)
        if Counter(setup.deck) + Counter(seconds.values()) != have:
            raise SetupError("option double_me_second: the two cards a player are not variant a)'s cards",
                             "refusal.double_me_big_cards")

    def begin(self, s: State) -> None:
        seconds = self.seconds(s.setup)
        other = mine(s)["other"]
        powers: dict[str, tuple[Role, ...]] = {}
        for p in s.players:
            pair = (s.role[p], seconds[p])
            shown, other[p] = counting(pair)
            s.role[p] = shown
            held = tuple(dict.fromkeys(c for c in (shown, other[p]) if c is not Role.VILLAGER))
            powers[p] = held or (shown,)
            s.emit("double_me_cards_werewolf" if shown is Role.WEREWOLF else "double_me_cards_villager",
                   frozenset({p}), name=p, role=shown.value, roles=[c.value for c in pair])
        s.split_powers(powers)
        # Every card of variant a) is in play: each night calls all of them,
        # whoever holds them, and their rules hold.
        new = frozenset(all_cards(len(s.players))) - s.deck
        s.deck |= new
        added = [rules for r in sorted(new) if (rules := ROLES[r].rules) is not None]
        s.rules = rule_set((*s.rules.rules, *added))

    def report(self, s: Any) -> dict[str, Any]:
        """``double_cards``: each player's two cards, the one that counts first."""
        other = mine(s)["other"]
        return {"double_cards": {p: [s.role[p].value, other[p].value] for p in s.players if p in other}}

    def vision(self, s: State, seer: str, target: str) -> bool:
        if s.in_play("harvest_festival"):
            return False  # her three cards, no hint whose (the festival's vision)
        shown = s.role[target]
        s.emit("double_me_seen", frozenset({seer}), name=target, role=shown.value,
               roles=[shown.value, mine(s)["other"][target].value])
        return True

    def on_death(self, s: State, death: Death) -> None:
        if not all(shown(s, death) for shown in s.rules.reveals):
            return
        other = mine(s)["other"][death.name]
        if death.cause is Cause.SCAPEGOAT and other is Role.SCAPEGOAT:
            other = death.role  # the tie's line named the scapegoat: the other card is turned over
        s.emit("double_me_other_card", name=death.name, roles=[other.value])


variant(DoubleMeBig())
