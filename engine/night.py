"""The night: the registered steps in their order, one predicate that says
whether a step is *called*, and one that says whether it *acts*.

A step is called (the narrator wakes that role — for secrecy even when nobody
will act) when its card is in the deck, or its variant or card is in play, and
the night applies; it acts (the engine asks) only when its request builder
returns a request (a living holder with the power). Roles never schedule
themselves: each step carries its place (``order``), and the night is the
registry's steps sorted by it. Choices are recorded as intents and folded at
dawn (``engine.dawn``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from engine.messages import Request
from engine.registry import all_steps
from engine.state import State
from engine.vocab import Ask, Role


@dataclass(frozen=True, slots=True)
class NightStep:
    name: str
    #: place in the night (seed 000's order: thief 10, cupid 20, lovers 30,
    #: healer 40, seer 50, werewolves 60, witch 70, pied piper 80, charmed 90)
    order: int
    #: the card that makes it called (None: a variant's or card's own step)
    role: Role | None = None
    first_night_only: bool = False
    #: builds the request when the step acts now; None: called but pretended
    request: Callable[[State], Request | None] | None = None
    apply: Callable[[State, Any], None] | None = None
    #: for steps that wake players without a question (private events)
    inform: Callable[[State], None] | None = None
    #: the ask this step may put (for the registry's completeness check)
    ask: Ask | None = None
    #: a variant's or card's step: called while that rule is in play
    rule: str | None = None
    #: extra data for the wake cue (the little girl may peek)
    cue: Callable[[State], dict[str, Any]] | None = None
    #: asks again while ``request`` builds one (several players in turn, a
    #: card's night of madness: each werewolf spies on one player)
    again: bool = False
    #: may tell players who sleep (the lovers, the charmed): its call always
    #: holds one round of private news, news or none (the sleep cue says so,
    #: the narrator needs no list of its own), and a laptop holds a morning
    #: round after every night such a step was called
    sleepers: bool = False

    def called(self, s: State) -> bool:
        if self.first_night_only and s.night != 1:
            return False
        for hook in s.rules.called:
            verdict = hook(s, self)
            if verdict is not None:
                return verdict
        if self.rule is not None:
            return s.in_play(self.rule)
        return self.role is not None and self.role in s.deck


def sole_actor(s: State, role: Role) -> tuple[str, ...]:
    """The living holder of ``role`` who has the power, as an actor tuple."""
    name = s.acting(role)
    return (name,) if name else ()


def legal(s: State, ask: Ask, actors: tuple[str, ...], choices: tuple[str, ...]) -> tuple[str, ...]:
    """Choices narrowed by the game's rules (a variant's legal targets)."""
    if not s.rules.choices:
        return choices
    for hook in s.rules.choices:
        choices = hook(s, ask, actors, choices)
    return choices


def tonight(s: State) -> tuple[NightStep, ...]:
    """The steps called tonight, in order."""
    if s.rules.called:
        return tuple(step for step in all_steps() if step.called(s))
    # No rule has a say (most games): the same test, without the calls, once
    # per deck and rule set (and registry: a step added later is not missed).
    first, deck, ids, steps = s.night == 1, s.deck, s.rules.ids, all_steps()
    cached = s.rules.nights.get((deck, first))
    if cached is not None and cached[0] is steps:
        return cached[1]
    found = tuple(step for step in steps
                  if (first or not step.first_night_only)
                  and (step.rule in ids if step.rule is not None else step.role in deck))
    s.rules.nights[deck, first] = (steps, found)
    return found


def news_at_dawn(s: State) -> bool:
    """Whether this dawn may bring private news outside the night's calls
    (``Rules.tells_at_dawn``: an infection, the elder's lost powers)."""
    return any(tells(s) for tells in s.rules.tells_at_dawn)


def sleepers_tonight(s: State) -> bool:
    """Whether tonight may bring news for sleepers: a called step that can
    tell them, or a rule that can at dawn. Depends on the deck and the
    night, never on what happened (a laptop's round gives nothing away)."""
    return any(st.sleepers for st in tonight(s)) or news_at_dawn(s)


def night(s: State) -> Generator[Request, Any, None]:
    if s.recording:
        s.emit("night_falls", night=s.night)
    s.intents = []
    cues = s.cues
    for step in tonight(s):
        # Called even when pretended: same lines, same wait (secrecy).
        if cues:
            extra = step.cue(s) if step.cue is not None else {}
            s.emit("wake", cue=True, step=step.name, **extra)
        if step.inform is not None:
            step.inform(s)
        request = step.request(s) if step.request is not None else None
        for hook in s.rules.request:  # a variant asks otherwise, or someone else
            request = hook(s, step, request)
        while request is not None and step.apply is not None:
            step.apply(s, (yield request))
            request = step.request(s) if step.again and step.request is not None else None
        if cues:
            s.emit("sleep", cue=True, step=step.name, sleepers=step.sleepers)
