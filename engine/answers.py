"""Checking an answer against the open request and the rules; returns the
normalised decision or raises (unknown name, wrong shape, broken rule).

Each ask's own check lives with its role or rule (``engine.registry.AskSpec``);
here are the pieces they share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.errors import IllegalAnswer, MalformedAnswer, UnknownName
from engine.messages import Request
from engine.state import State


def as_given(answer: Any) -> Any:
    """A trusted answer that is already its decision (``AskSpec.trusted``)."""
    return answer


def check(s: State, req: Request, answer: Any) -> Any:
    return req.spec.check(s, req, answer)


def name(s: State, req: Request, value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"{req.ask.value}: {what} must be a player's name, not {value!r}")
    if value not in s.alive:
        raise UnknownName(f"{req.ask.value}: unknown player {value!r}")
    return value


def living(s: State, req: Request, value: Any, what: str) -> str:
    found = name(s, req, value, what)
    if not s.alive[found]:
        raise IllegalAnswer("dead_target", f"{req.ask.value}: {found} is dead")
    return found


def names(s: State, req: Request, value: Any, *, single_ok: bool = False) -> list[str]:
    """A list of living players. A bare name where a list belongs is the
    wrong shape (exit 2), unless ``single_ok`` (one name is the whole list)."""
    if isinstance(value, str) and single_ok:
        value = [value]
    if not isinstance(value, list | tuple):
        raise MalformedAnswer(f"{req.ask.value}: expected a list of names, not {value!r}")
    return [living(s, req, v, "each name") for v in value]


def choice(s: State, req: Request, value: Any, rule: str, why: str) -> str:
    found = living(s, req, value, "the answer")
    if found not in req.choices:
        for hook in s.rules.refusal:  # a variant that narrowed the choices names its own rule
            narrowed = hook(s, req.ask, req.actors, found)
            if narrowed is not None:
                raise IllegalAnswer(narrowed, f"{req.ask.value}: {found} is not allowed ({narrowed})")
        raise IllegalAnswer(rule, f"{req.ask.value}: {why}")
    return found


def target(rule: str, why: str) -> Callable[[State, Request, Any], str | None]:
    """The check of an ask answered by one of the choices, or nobody."""

    def check_one(s: State, req: Request, answer: Any) -> str | None:
        if answer is None:
            return None
        if answer in req.choices and isinstance(answer, str) and s.alive.get(answer):
            return answer  # the usual answer: what ``choice`` checks, in one line
        return choice(s, req, answer, rule, why)

    return check_one


def _plain(s: State, actors: tuple[str, ...], choices: tuple[str, ...], answer: dict[Any, Any]) -> bool:
    """Whether ``answer`` is the usual ballot, the bots' own: a vote of each
    voter in the request's order (so it is already the result's shape),
    each voter living, each vote for a living candidate or nobody. One pass
    over concrete types, no sets built: what the compiled engine runs
    fastest (a ballot is the engine's busiest answer). Any other ballot
    takes the general checks, which give the same result when it is legal."""
    if len(answer) != len(actors):
        return False
    alive, living = s.alive, s.living_now
    # Most ballots ask all the living for any of the living: the state's own
    # tuple of them (``is``), so that being alive is being among them and
    # no tuple is searched (``mark_dead`` and ``revive`` keep it so).
    all_living, any_living = actors is living, choices is living
    i = 0
    for voter, chosen in answer.items():
        if voter != actors[i] or not (all_living or alive.get(voter)):
            return False
        # (a vote that is no string goes to the general checks, which name it:
        # a list or a dict cannot even be looked up)
        if chosen is not None and not (type(chosen) is str and alive.get(chosen)
                                       and (any_living or chosen in choices)):
            return False
        i += 1
    return True


def ballot(s: State, req: Request, answer: Any) -> dict[str, str | None]:
    """``{voter: name or null}``; a silent voter abstains."""
    if answer is None:
        answer = {}
    if type(answer) is not dict:
        if not isinstance(answer, Mapping):
            raise MalformedAnswer(f"{req.ask.value}: expected {{voter: name or null}}, not {answer!r}")
        answer = dict(answer)
    alive, actors, choices, checks = s.alive, req.actors, req.choices, s.rules.check_vote
    # only the voters a rule binds (the lovers) can be refused a target
    bound = s.rules.bound_voters(s)
    if _plain(s, actors, choices, answer):
        if bound:
            for voter, chosen in answer.items():
                if chosen is not None and voter in bound:
                    for hook in checks:
                        hook(s, req.ask, voter, chosen)
        return dict(answer)  # (a copy: the decision is the engine's own, not the caller's dict)
    result: dict[str, str | None] = dict.fromkeys(actors)
    # The general checks, one vote at a time: the first wrong one is told.
    for voter, chosen in answer.items():
        if not (isinstance(voter, str) and alive.get(voter) and voter in actors):
            voter = name(s, req, voter, "a voter")
            if not alive[voter]:
                raise IllegalAnswer("dead_voter", f"{req.ask.value}: {voter} is dead and cannot vote")
            raise IllegalAnswer("no_vote", f"{req.ask.value}: {voter} may not vote today")
        if chosen is None:
            continue
        if not (isinstance(chosen, str) and alive.get(chosen)):
            chosen = living(s, req, chosen, "a vote")
        if chosen not in choices:
            raise IllegalAnswer("not_a_candidate", f"{req.ask.value}: {chosen} is not a candidate")
        if voter in bound:
            for hook in checks:
                hook(s, req.ask, voter, chosen)
        result[voter] = chosen
    return result
