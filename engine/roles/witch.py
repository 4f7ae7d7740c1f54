"""De Heks (seed 000): she is told the werewolves' victim and has one potion
of life (saves the victim) and one of death (poisons anyone), each once per
game; not both on one player. Option ``witch_single_potion``: one potion of
her choice in the whole game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import answers, registry
from engine.botkit import BotContext
from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Form, Part
from engine.messages import Request
from engine.night import NightStep, legal, sole_actor
from engine.registry import AskSpec, RoleCard
from engine.rules import AGAINST_BITES, Intent
from engine.state import State
from engine.vocab import Ask, Cause, Role, Team


def potions(s: State, witch: str) -> dict[str, bool]:
    """The potions this witch has left (they go where she goes)."""
    memory = s.memory(witch)
    left: dict[str, bool] | None = memory.get("potions")
    if left is None:
        left = memory["potions"] = {"save": True, "poison": True}
    return left


def bitten(s: State) -> str | None:
    """The werewolves' choice tonight, as made."""
    for intent in s.intents:
        if intent.kind == "bite":
            return intent.target
    return None


def request(s: State) -> Request | None:
    actors = sole_actor(s, Role.WITCH)
    if not actors:
        return None
    left = potions(s, actors[0])
    if not (left["save"] or left["poison"]):
        return None
    # Told the werewolves' choice as made, whatever the healer or the elder do.
    victim = bitten(s)
    if s.recording:
        if victim is None:
            s.emit("witch_no_victim", frozenset(actors))
        else:
            s.emit("witch_victim", frozenset(actors), name=victim)
    return Request(
        Ask.WITCH, actors, legal(s, Ask.WITCH, actors, tuple(s.living())), s.when,
        info={"victim": victim, "save": left["save"], "poison": left["poison"]},
        default={"save": False, "poison": None},
    )


def apply(s: State, answer: dict[str, Any]) -> None:
    save, poison = bool(answer["save"]), answer["poison"]
    witch = s.acting(Role.WITCH)
    assert witch is not None
    left = potions(s, witch)
    victim = bitten(s)
    if save and victim is not None:
        left["save"] = False
        s.record(Intent("save", "witch", victim, against=AGAINST_BITES))
    if poison is not None:
        left["poison"] = False
        s.record(Intent("poison", "witch", poison, cause=Cause.POISON))
    if s.options.witch_single_potion and (save or poison is not None):
        left["save"] = left["poison"] = False


def check(s: State, req: Request, answer: Any) -> dict[str, Any]:
    if answer is None:
        answer = {}
    if type(answer) is not dict and not isinstance(answer, Mapping):  # (the ABC's check is slow)
        raise MalformedAnswer(f"witch: expected {{save: true/false, poison: name or null}}, not {answer!r}")
    extra = set(answer) - {"save", "poison"}
    if extra:
        raise MalformedAnswer(f"witch: unknown key {sorted(extra)[0]!r}")
    save = answer.get("save", False)
    if not isinstance(save, bool):
        raise MalformedAnswer(f"witch: save must be true or false, not {save!r}")
    poison = answer.get("poison")
    if poison is not None:
        poison = answers.living(s, req, poison, "poison")
        if poison not in req.choices:
            raise IllegalAnswer("witch_target", "witch: she may not poison that player")
    left = potions(s, req.actors[0])
    victim = req.info.get("victim")
    if save and victim is None:
        raise IllegalAnswer("witch_save_without_victim", "witch: there is no victim to save tonight")
    if save and not left["save"]:
        raise IllegalAnswer("witch_potion_used", "witch: the potion of life is already used")
    if poison is not None and not left["poison"]:
        raise IllegalAnswer("witch_potion_used", "witch: the poison is already used")
    if save and poison is not None:
        if poison == victim:
            raise IllegalAnswer("witch_same_player", "witch: both potions may not go to the same player")
        if s.options.witch_single_potion:
            raise IllegalAnswer("witch_single_potion", "witch: she brews only one potion (option witch_single_potion)")
    return {"save": save, "poison": poison}


def decide(ctx: BotContext) -> dict[str, Any]:
    req, rng = ctx.req, ctx.rng
    victim = req.info.get("victim")
    save = bool(victim is not None and req.info.get("save") and rng.random() < 0.6)
    poison = None
    if req.info.get("poison") and not (save and ctx.s.options.witch_single_potion) and rng.random() < 0.25:
        pool = [c for c in req.choices if c != ctx.me and not (save and c == victim)]
        poison = rng.choice(pool) if pool else None
    return {"save": save, "poison": poison}


#: save the victim? (when there is one and the potion is left), then poison
#: whom? (while the poison is left)
POTIONS = Form("potions", (
    Part("save", "yes_no", prompt="prompt.witch_save", params=(("name", "victim"),),
         when=("victim", "save")),
    Part("poison", none=True, prompt="prompt.witch_poison", when=("poison",)),
))


registry.role(RoleCard(
    Role.WITCH, Team.VILLAGE,
    steps=(NightStep("witch", 70, Role.WITCH, request=request, apply=apply, ask=Ask.WITCH),),
    asks=(AskSpec(Ask.WITCH, check, decide, form=POTIONS, secret=True, trusted=answers.as_given),),
))
