"""Nacht van gekte (seed 000, temporary, the next night): "In de volgende
nacht worden de weerwolven zieners. Om de beurt worden ze wakker en
bespioneren ze ieder 1 speler. De jager, de heks en de ziener worden
weerwolven. Ze worden 's-nachts samen wakker en elimineren 1 speler. De
volgende ochtend is alles weer bij het oude."

At nightfall the cards change hands in the box's memory: the werewolves
hold villager cards, the hunter, the witch and the seer werewolf cards, so
the night's own steps do the rest (the seer's and the witch's steps find
nobody; the werewolves' step wakes the new pack, who may devour a former
werewolf). The former werewolves each spy on one player in turn
(``madness_seer``, seat order) and see his true card. Before dawn every card
is back: the dead die with their own cards (a hunter bitten shoots)."""

from __future__ import annotations

from engine import registry
from engine.cards.base import Card, card
from engine.cards.common import required
from engine.messages import Request
from engine.night import NightStep
from engine.registry import AskSpec
from engine.roles.seer import decide
from engine.state import State
from engine.vocab import Ask, Role

MADNESS_SEER = Ask.define("madness_seer")
TURNED = (Role.HUNTER, Role.WITCH, Role.SEER)


def mine(s: State) -> dict[str, object]:
    return s.mine("night_of_madness", {})  # type: ignore[no-any-return]


class NightOfMadness(Card):
    id = "night_of_madness"
    kind = "temporary"
    span = "night"


def begin(s: State) -> None:
    cards = {p: s.role[p].value for p in s.players}
    spies = [p for p in s.living() if s.is_wolf(p) and s.has_power(p)]
    # a power parted from its card (de dubbele ik's second card) comes back too
    s.store["night_of_madness"] = {"cards": cards, "spies": spies, "night": s.night,
                                   "powers": dict(s.powers)}
    for p in s.players:
        if s.is_wolf(p):
            s.swap_role(p, Role.VILLAGER)
        elif any(s.holds(p, r) for r in TURNED):
            s.swap_role(p, Role.WEREWOLF)


def request(s: State) -> Request | None:
    spies: list[str] = mine(s).get("spies", [])  # type: ignore[assignment]
    if not spies:
        return None
    spy = spies[0]
    choices = tuple(p for p in s.living() if p != spy)
    if not choices:  # the last one living (a game of the black death): nobody to spy on
        return None
    return Request(MADNESS_SEER, (spy,), choices, s.when, allow_none=False,
                   default=choices[0])


def apply(s: State, target: str) -> None:
    state = mine(s)
    spies: list[str] = state["spies"]  # type: ignore[assignment]
    spy = spies.pop(0)
    cards: dict[str, str] = state["cards"]  # type: ignore[assignment]
    s.emit("seer_sees", frozenset({spy}), name=target, role=cards[target])


def restore(s: State) -> None:
    cards: dict[str, str] = mine(s).get("cards", {})  # type: ignore[assignment]
    for p, r in cards.items():
        s.swap_role(p, Role(r))
    s.split_powers(mine(s).get("powers", {}))  # type: ignore[arg-type]
    s.store.pop("night_of_madness", None)


card(NightOfMadness())
registry.steps(
    NightStep("madness_begins", 1, rule="night_of_madness", inform=begin),
    NightStep("madness_seers", 51, rule="night_of_madness", request=request, apply=apply,
              ask=MADNESS_SEER, again=True),
    NightStep("madness_ends", 99, rule="night_of_madness", inform=restore),
)
registry.ask(AskSpec(MADNESS_SEER, required("madness_seer_other", "each spies on another living player"),
                     decide, secret=True))
