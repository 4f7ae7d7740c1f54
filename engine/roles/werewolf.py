"""De Weerwolf (seed 000): every night the pack wakes, knows each other, and
devours a villager ("Iedere nacht verslinden zij een burger")."""

from __future__ import annotations

from engine import answers, registry
from engine.botkit import BotContext
from engine.messages import Request
from engine.night import NightStep, legal
from engine.registry import AskSpec, RoleCard
from engine.rules import Intent
from engine.state import State
from engine.vocab import Ask, Cause, Role, Team


def pack_awake(s: State) -> tuple[str, ...]:
    """The werewolves who wake tonight: living, with their power."""
    wolves, role = s.wolf_roles, s.role
    if s.faction_wolves:  # de dubbele ik: a werewolf by his hidden card, whatever power he shows
        return tuple([p for p in s.living_now if p in s.faction_wolves and p not in s.powerless
                      or role[p] in wolves and s.has_power(p)])
    if not (s.powerless or s.village_powerless):  # most nights: the living hold their powers
        return tuple([p for p in s.living_now if role[p] in wolves])
    return tuple([p for p in s.living_now if role[p] in wolves and s.has_power(p)])


def request(s: State) -> Request | None:
    wolves = pack_awake(s)
    if not wolves:
        return None
    # "Iedere nacht verslinden zij een burger": never one of their own.
    wolf_roles, role, faction = s.wolf_roles, s.role, s.faction_wolves
    if faction:
        choices = tuple([p for p in s.living_now if role[p] not in wolf_roles and p not in faction])
    else:
        choices = tuple([p for p in s.living_now if role[p] not in wolf_roles])
    return Request(Ask.WEREWOLVES, wolves, legal(s, Ask.WEREWOLVES, wolves, choices), s.when)


def inform(s: State) -> None:
    # "De wolven worden tegelijk wakker gedurende de nacht en kennen elkaar."
    if not s.recording:
        return
    wolves = list(pack_awake(s))
    if wolves:
        s.emit("werewolves_know", frozenset(wolves), wolves=wolves)


def apply(s: State, target: str | None) -> None:
    if target is not None:
        s.record(Intent("bite", "werewolves", target, cause=Cause.WEREWOLVES))


def cue(s: State) -> dict[str, object]:
    return {"little_girl": Role.LITTLE_GIRL in s.deck}


def decide(ctx: BotContext) -> str | None:
    # Now and then the pack does not agree: no victim (seed 001 FAQ). A card
    # may leave nobody within reach (the ball, the little one).
    if not ctx.req.choices:
        return None
    return None if ctx.rng.random() < 0.03 else ctx.rng.choice(ctx.req.choices)


registry.role(RoleCard(
    Role.WEREWOLF, Team.WEREWOLVES, wolf=True, unique=False, village_power=False, special=False,
    steps=(NightStep("werewolves", 60, Role.WEREWOLF, request=request, apply=apply, inform=inform,
                     ask=Ask.WEREWOLVES, cue=cue),),
    asks=(AskSpec(Ask.WEREWOLVES, answers.target(
        "werewolves_own", "the werewolves devour a villager, not one of their own"), decide,
        secret=True, trusted=answers.as_given),),
))
