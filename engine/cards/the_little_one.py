"""De kleine (seed 000, temporary): "De jongste uit het dorp wordt tot "De
kleine" benoemd en gaat hulp uit een naburig dorp halen. De kleine gaat naar
een andere kamer/plek en mag niet aan de discussies en het stemmen meedoen.
Hij kan ook niet door weerwolven geelimineerd worden. De volgende ochtend
wordt hij teruggeroepen en neemt hij zijn plaats weer in. Zijn stem telt
echter voor drie."

The players name the youngest themselves (``little_one``: the box keeps no
ages). He does not vote today and the werewolves cannot choose him tonight;
he may still be voted (the card forbids that only for the woods, the hunt,
the ball and the banquet). Back the next morning, his vote counts three
times at the next day's vote, and then the card ends."""

from __future__ import annotations

from engine import registry
from engine.botkit import pick
from engine.cards.base import Card, card
from engine.cards.common import required
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask

LITTLE_ONE = Ask.define("little_one")


def mine(s: State) -> dict[str, object]:
    return s.mine("the_little_one", {})  # type: ignore[no-any-return]


class TheLittleOne(Card):
    id = "the_little_one"
    kind = "temporary"
    span = "vote"

    def start(self, s: State) -> Flow:
        if not s.living():
            return False
        chosen = yield Request(LITTLE_ONE, s.living(), s.living(), s.when, allow_none=False,
                               default=s.living()[0])
        s.store["the_little_one"] = {"name": chosen, "day": s.day}
        s.emit("little_one_leaves", name=chosen)
        return False

    def over(self, s: State, moment: str) -> bool:
        return moment == "vote" and s.day > mine(s).get("day", s.day)  # type: ignore[operator]

    def voters(self, s: State, who: tuple[str, ...]) -> tuple[str, ...]:
        if mine(s).get("day") != s.day:
            return who
        return tuple(p for p in who if p != mine(s).get("name"))

    def choices(self, s: State, ask: Ask, actors: tuple[str, ...],
                choices: tuple[str, ...]) -> tuple[str, ...]:
        if ask is Ask.WEREWOLVES and s.night - 1 == mine(s).get("day"):
            return tuple(p for p in choices if p != mine(s).get("name"))
        return choices

    def weights(self, s: State, weights: dict[str, int]) -> None:
        name = mine(s).get("name")
        if s.day > mine(s).get("day", s.day) and isinstance(name, str):  # type: ignore[operator]
            weights[name] = weights.get(name, 1) * 3

    def end(self, s: State) -> None:
        s.store.pop("the_little_one", None)


card(TheLittleOne())
registry.ask(AskSpec(LITTLE_ONE, required("little_one_living", "the youngest is a living player"), pick))
