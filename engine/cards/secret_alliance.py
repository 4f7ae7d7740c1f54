"""Geheim verbond (seed 000, continuous): "Als het dorp is gaan slapen, wijst
de als eerste geëlimineerde speler een speler aan die geen weerwolf is. Deze
speler doet als enige zijn ogen open en de spelleider wijst voorzichtig de
weerwolven aan. ... De bondgenoot van de weerwolven blijft een burger. Hij
wordt ook niet samen met de weerwolven wakker, maar deelt mee in de
overwinning als de weerwolven winnen." The first night after the card with
someone dead: the first eliminated names the ally (``ally``, a secret
question to the dead player), the ally alone is shown the werewolves. He
stays a villager in every count; when the werewolves win, the box says at
the end that he wins with them (the only time his name is said)."""

from __future__ import annotations

from engine import registry
from engine.botkit import BotContext
from engine.cards.base import Card, card
from engine.cards.common import first_eliminated, required
from engine.messages import Request
from engine.night import NightStep
from engine.registry import AskSpec
from engine.state import State
from engine.vocab import Ask, Winner

ALLY = Ask.define("ally")


def ally(s: State) -> str | None:
    return s.store.get("secret_alliance")


class SecretAlliance(Card):
    id = "secret_alliance"
    kind = "continuous"
    span = "game"

    def won(self, s: State, winner: Winner) -> None:
        name = ally(s)
        if winner is Winner.WEREWOLVES and name is not None:
            s.emit("ally_wins", name=name)


def request(s: State) -> Request | None:
    if ally(s) is not None:
        return None
    first = first_eliminated(s)
    choices = tuple(p for p in s.living() if not s.is_wolf(p))
    if first is None or not choices:
        return None
    return Request(ALLY, (first,), choices, s.when, allow_none=False, default=choices[0])


def apply(s: State, name: str) -> None:
    s.store["secret_alliance"] = name
    wolves = [p for p in s.living() if s.is_wolf(p)]
    s.emit("ally_chosen", frozenset({name}), wolves=wolves)


def decide(ctx: BotContext) -> str:
    return ctx.rng.choice(ctx.req.choices)


card(SecretAlliance())
registry.steps(NightStep("secret_alliance", 5, rule="secret_alliance", request=request,
                         apply=apply, ask=ALLY))
registry.ask(AskSpec(ALLY, required("ally_not_wolf", "the ally is a living player who is no werewolf"),
                     decide, secret=True))
