"""De beul (seed 000, continuous): "benoemen de burgers een van hen tot beul.
Vanaf nu tot het einde van het spel is de beul de enige die de identiteit van
het door de burgers aangewezen slachtoffer te zien krijgt. ... Zodra de beul
wordt geëlimineerd, bepaalt hij zelf zijn opvolger." The village names him
(``executioner``); whoever the village eliminates (its vote, or a second
vote) shows his card to the executioner alone (a private line); a dying
executioner names his successor (``executioner_successor``). What he tells
the table is his own affair: the box says nothing of it."""

from __future__ import annotations

from engine import registry
from engine.botkit import pick, side_pick
from engine.cards.base import Card, card
from engine.cards.common import required
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import Death, State
from engine.vocab import Ask, Cause

EXECUTIONER = Ask.define("executioner")
EXECUTIONER_SUCCESSOR = Ask.define("executioner_successor")


def executioner(s: State) -> str | None:
    return s.store.get("executioner")


class Executioner(Card):
    id = "executioner"
    kind = "continuous"
    span = "game"

    def start(self, s: State) -> Flow:
        if not s.living():
            return False
        chosen = yield Request(EXECUTIONER, s.living(), s.living(), s.when, allow_none=False,
                               default=s.living()[0])
        s.store["executioner"] = chosen
        s.emit("executioner_named", name=chosen)
        return False

    def morning(self, s: State) -> Flow:
        # Held from the start (a host's choice), he is named the first morning.
        if "executioner" not in s.store:
            yield from self.start(s)
        return False

    def reveals(self, s: State, death: Death) -> bool:
        return death.cause is not Cause.VOTE or executioner(s) is None

    def on_death(self, s: State, death: Death) -> None:
        beul = executioner(s)
        if death.cause is Cause.VOTE and beul is not None:
            s.emit("executioner_sees", frozenset({beul}), name=death.name, role=death.role.value)

    def after_death(self, s: State, death: Death) -> Flow:
        if death.name != executioner(s):
            return False
        s.store["executioner"] = None
        if s.living():
            chosen = yield Request(EXECUTIONER_SUCCESSOR, (death.name,), s.living(), s.when,
                                   allow_none=False, default=s.living()[0])
            s.store["executioner"] = chosen
            s.emit("executioner_named", name=chosen)
        return False


check = required("executioner_living", "the executioner is a living player")


card(Executioner())
registry.ask(AskSpec(EXECUTIONER, check, pick))
registry.ask(AskSpec(EXECUTIONER_SUCCESSOR, check, lambda ctx: side_pick(ctx, hurt=False)))
