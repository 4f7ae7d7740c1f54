"""Een spookverschijning (seed 000, temporary, the next night): "De spelleider
raakt de speler die door de weerwolven wordt gekozen aan. Deze speler opent
zijn ogen. De weerwolven houden hun ogen open. De speler wijst nu een van de
weerwolven aan, die direct wordt geëlimineerd. De spelleider verwisselt nu
de kaarten van beide spelers, voordat het dorp ontwaakt." The victim points
at a werewolf (``apparition``); the victim takes his werewolf card and
lives, the werewolf takes the victim's card and dies at dawn of it (cause
``apparition``), showing that card. Nothing protects either: it happens
during the werewolves' turn, and the witch hears of no victim. No victim
that night: nothing happens, and the card is spent."""

from __future__ import annotations

from engine import registry
from engine.botkit import pick
from engine.cards.base import Card, card
from engine.cards.common import required
from engine.messages import Request
from engine.night import NightStep
from engine.registry import AskSpec
from engine.roles.werewolf import pack_awake
from engine.rules import Intent
from engine.state import State
from engine.vocab import Ask, Cause, Role

APPARITION = Ask.define("apparition")
APPARITION_DEATH = Cause.define("apparition")


class Apparition(Card):
    id = "apparition"
    kind = "temporary"
    span = "night"


def request(s: State) -> Request | None:
    victim = next((i.target for i in s.intents if i.kind == "bite"), None)
    wolves = pack_awake(s)
    if victim is None or not wolves:
        return None
    return Request(APPARITION, (victim,), wolves, s.when, allow_none=False, default=wolves[0],
                   info={"wolves": list(wolves)})


def apply(s: State, wolf: str) -> None:
    victim = next(i.target for i in s.intents if i.kind == "bite")
    s.intents = [i for i in s.intents if i.kind != "bite"]
    card_of_victim = s.role[victim]
    s.swap_role(victim, Role.WEREWOLF)
    s.swap_role(wolf, card_of_victim)
    s.record(Intent("apparition", "apparition", wolf, cause=APPARITION_DEATH))
    s.emit("apparition_swap", frozenset({victim, *pack_awake(s), wolf}), name=victim, wolf=wolf)


card(Apparition())
registry.steps(NightStep("apparition", 64, rule="apparition", request=request, apply=apply,
                         ask=APPARITION))
registry.ask(AskSpec(APPARITION, required("apparition_wolf", "the victim points at one of the werewolves"),
                     pick, secret=True))
