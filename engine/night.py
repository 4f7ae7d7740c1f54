"""The night: one explicit list of steps, in seed 000's order.

A step is *called* (the narrator wakes that role, for secrecy even when nobody
will act) when its card is in the deck and the night applies; it *acts* (the
engine asks) only when a living holder has the power. Choices are recorded as
intents and resolved at dawn (``engine.dawn``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.messages import Request
from engine.state import State
from engine.vocab import Ask, Role


@dataclass(frozen=True, slots=True)
class NightStep:
    name: str
    role: Role
    first_night_only: bool = False
    #: builds the request when the step acts now; None: called but pretended
    request: Callable[[State], Request | None] | None = None
    apply: Callable[[State, Any], None] | None = None
    #: for steps without a question: who is woken (private events)
    inform: Callable[[State], None] | None = None

    def called(self, s: State) -> bool:
        return self.role in s.deck and (s.night == 1 or not self.first_night_only)


def _one(s: State, role: Role) -> tuple[str, ...]:
    name = s.acting(role)
    return (name,) if name else ()


# -- thief ---------------------------------------------------------------------
def thief_request(s: State) -> Request | None:
    actors = _one(s, Role.THIEF)
    if not actors:
        return None
    cards = tuple(dict.fromkeys(r.value for r in s.middle))  # unique, in order
    must_wolf = all(r is Role.WEREWOLF for r in s.middle)
    return Request(
        Ask.THIEF, actors, cards, s.when, allow_none=not must_wolf,
        info={"middle": [r.value for r in s.middle]},
        default=Role.WEREWOLF.value if must_wolf else None,
    )


def thief_apply(s: State, taken: Role | None) -> None:
    if taken is None:
        return
    thief = s.acting(Role.THIEF)
    assert thief is not None
    i = s.middle.index(taken)
    s.middle[i] = Role.THIEF
    s.swap_role(thief, taken)
    s.emit("thief_took", frozenset({thief}), role=taken.value)


# -- cupid and the lovers --------------------------------------------------------
def cupid_request(s: State) -> Request | None:
    actors = _one(s, Role.CUPID)
    if not actors:
        return None
    return Request(Ask.CUPID, actors, tuple(s.living()), s.when, count=2)


def cupid_apply(s: State, pair: tuple[str, str] | None) -> None:
    if pair is None:
        return
    s.lovers = pair
    cupid = s.acting(Role.CUPID)
    assert cupid is not None
    s.emit("cupid_chose", frozenset({cupid}), lovers=list(pair))


def lovers_inform(s: State) -> None:
    if s.lovers is None:
        return
    a, b = s.lovers
    s.emit("in_love", frozenset({a}), sleeper=True, partner=b)
    s.emit("in_love", frozenset({b}), sleeper=True, partner=a)


# -- healer ----------------------------------------------------------------------
def healer_request(s: State) -> Request | None:
    actors = _one(s, Role.HEALER)
    if not actors:
        return None
    choices = tuple(p for p in s.living() if p != s.healer_last)
    return Request(Ask.HEALER, actors, choices, s.when, info={"last": s.healer_last})


def healer_apply(s: State, target: str | None) -> None:
    s.protected = target
    s.healer_last = target


# -- seer ------------------------------------------------------------------------
def seer_request(s: State) -> Request | None:
    actors = _one(s, Role.SEER)
    if not actors:
        return None
    choices = tuple(p for p in s.living() if p != actors[0])
    return Request(Ask.SEER, actors, choices, s.when)


def seer_apply(s: State, target: str | None) -> None:
    if target is None:
        return
    seer = s.acting(Role.SEER)
    assert seer is not None
    s.emit("seer_sees", frozenset({seer}), name=target, role=s.role[target].value)


# -- werewolves (the little girl may peek) ---------------------------------------
def werewolves_request(s: State) -> Request | None:
    wolves = _wolves(s)
    if not wolves:
        return None
    # "Iedere nacht verslinden zij een burger": never one of their own.
    choices = tuple(p for p in s.living() if s.role[p] is not Role.WEREWOLF)
    return Request(Ask.WEREWOLVES, wolves, choices, s.when)


def _wolves(s: State) -> tuple[str, ...]:
    return tuple(p for p in s.holders(Role.WEREWOLF) if s.has_power(p))


def werewolves_inform(s: State) -> None:
    # "De wolven worden tegelijk wakker gedurende de nacht en kennen elkaar."
    wolves = _wolves(s)
    if wolves:
        s.emit("werewolves_know", frozenset(wolves), wolves=list(wolves))


def werewolves_apply(s: State, target: str | None) -> None:
    s.victim = target
    if target is not None and s.role[target] is Role.ELDER:
        s.elder_chosen += 1


# -- witch -----------------------------------------------------------------------
def witch_request(s: State) -> Request | None:
    actors = _one(s, Role.WITCH)
    if not actors or not (s.save_potion or s.poison_potion):
        return None
    return Request(
        Ask.WITCH, actors, tuple(s.living()), s.when,
        info={"victim": s.victim, "save": s.save_potion, "poison": s.poison_potion},
        default={"save": False, "poison": None},
    )


def witch_apply(s: State, answer: dict[str, Any]) -> None:
    save, poison = bool(answer["save"]), answer["poison"]
    if save:
        s.saved = True
        s.save_potion = False
    if poison is not None:
        s.poisoned = poison
        s.poison_potion = False
    if s.options.witch_single_potion and (save or poison is not None):
        s.save_potion = s.poison_potion = False


# -- pied piper and the charmed ----------------------------------------------------
def piper_request(s: State) -> Request | None:
    actors = _one(s, Role.PIED_PIPER)
    if not actors:
        return None
    choices = tuple(p for p in s.living() if p != actors[0] and p not in s.charmed)
    if not choices:
        return None
    return Request(Ask.PIED_PIPER, actors, choices, s.when, count=min(2, len(choices)))


def piper_apply(s: State, targets: tuple[str, ...] | None) -> None:
    for name in targets or ():
        s.charmed.append(name)
        s.emit("charmed", frozenset({name}), sleeper=True)


def charmed_inform(s: State) -> None:
    # The charmed wake together and see each other (seed 000, De Fluitspeler).
    awake = [p for p in s.charmed if s.alive[p]]
    if awake:
        s.emit("charmed_wake", frozenset(awake), sleeper=True, charmed=awake)


NIGHT_ORDER: tuple[NightStep, ...] = (
    NightStep("thief", Role.THIEF, True, thief_request, thief_apply),
    NightStep("cupid", Role.CUPID, True, cupid_request, cupid_apply),
    NightStep("lovers", Role.CUPID, True, inform=lovers_inform),
    NightStep("healer", Role.HEALER, request=healer_request, apply=healer_apply),
    NightStep("seer", Role.SEER, request=seer_request, apply=seer_apply),
    NightStep(
        "werewolves", Role.WEREWOLF, request=werewolves_request, apply=werewolves_apply,
        inform=werewolves_inform,
    ),
    NightStep("witch", Role.WITCH, request=witch_request, apply=witch_apply),
    NightStep("pied_piper", Role.PIED_PIPER, request=piper_request, apply=piper_apply),
    NightStep("charmed", Role.PIED_PIPER, inform=charmed_inform),
)
