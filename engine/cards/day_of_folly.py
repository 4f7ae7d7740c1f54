"""Dag van de dwaasheid (seed 000, direct): "Sommige karakters wisselen van
eigenschap: heks & ziener, jager & onschuldig meisje en genezer &
dorpsoudste. De geliefden haten elkaar en stemmen verplicht op elkaar. Als
in deze ronde een van de geliefden sterft, blijft de andere leven."

"Deze ronde" is read as the day the card is read and the night after it,
until the next morning (the swapped powers are mostly night powers). The
cards stay where they are: a death or the seer shows the card, but the
witch's call asks the seer's holder, the seer's the witch's, a little girl
who dies shoots, and so on (``State.powers``). A pair swaps when both its
powers are held; what a power carries (the witch's potions, the elder's
bites, the healer's last choice) goes with it and comes back with it. The
lovers' grief is off, and a lover's vote (``vote``, ``revote``) must name
the other lover while both live."""

from __future__ import annotations

from typing import Any

from engine.cards.base import Card, card
from engine.errors import IllegalAnswer
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask, Role

PAIRS = ((Role.WITCH, Role.SEER), (Role.HUNTER, Role.LITTLE_GIRL), (Role.HEALER, Role.ELDER))
BALLOTS = (Ask.VOTE, Ask.REVOTE)


class DayOfFolly(Card):
    id = "day_of_folly"
    kind = "direct"
    span = "night"
    #: "Als in deze ronde een van de geliefden sterft, blijft de andere
    #: leven", and they vote for each other instead of never against
    drops = frozenset({"lovers.after_death", "lovers.check_vote"})

    def start(self, s: State) -> Flow:
        swap: dict[Role, Role] = {}
        holders: list[tuple[str, str]] = []
        for a, b in PAIRS:
            x, y = s.holder(a), s.holder(b)
            if x is not None and y is not None:
                swap[a], swap[b] = b, a
                holders.append((x, y))
        s.store[self.id] = {"powers": dict(s.powers), "holders": holders}
        _trade_memories(s, holders)
        s.split_powers({p: tuple(swap.get(r, r) for r in s.powers.get(p, (s.role[p],)))
                        for p in s.players})
        return False
        yield  # pragma: no cover

    def end(self, s: State) -> None:
        mine: dict[str, Any] = s.store.pop(self.id)
        _trade_memories(s, mine["holders"])
        s.split_powers(mine["powers"])

    def bound(self, s: State) -> frozenset[str]:
        return frozenset(s.lovers) if s.lovers is not None else frozenset()

    def check_vote(self, s: State, ask: Ask, voter: str, target: str) -> None:
        partner = s.lover_of(voter)
        if ask in BALLOTS and partner is not None and s.alive[partner] and target != partner:
            # Said in public only as "that answer is not accepted" (who loves whom is secret).
            raise IllegalAnswer("folly_lovers", f"{ask.value}: a lover votes for his lover today",
                                public_safe=False)


def _trade_memories(s: State, holders: list[tuple[str, str]]) -> None:
    """What a power carries goes with it (and back again)."""
    for x, y in holders:
        s.memories[x], s.memories[y] = s.memory(y), s.memory(x)


card(DayOfFolly())
