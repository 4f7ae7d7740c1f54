"""Checking answers in the forum edition: the pieces the roles' checks share.
Each raises UnknownName, MalformedAnswer or IllegalAnswer (exit codes 2 and
4 of ``wakkerdam replay``) and returns the normalised decision."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAnswer, MalformedAnswer, UnknownName
from engine.messages import Request

if TYPE_CHECKING:
    from engine.forum.state import ForumState


def name(s: ForumState, req: Request, value: Any, what: str = "the answer") -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"{req.ask.value}: {what} must be a player's name, not {value!r}")
    if value not in s.alive:
        raise UnknownName(f"{req.ask.value}: unknown player {value!r}")
    return value


def living(s: ForumState, req: Request, value: Any, what: str = "the answer") -> str:
    found = name(s, req, value, what)
    if not s.alive[found]:
        raise IllegalAnswer("dead_target", f"{req.ask.value}: {found} is dead")
    return found


def one_of(s: ForumState, req: Request, value: Any, choices: tuple[str, ...], rule: str,
           why: str) -> str:
    found = living(s, req, value)
    if found not in choices:
        raise IllegalAnswer(rule, f"{req.ask.value}: {why}")
    return found


def one_target(rule: str, why: str) -> Callable[[ForumState, Request, Any], str | None]:
    """An ask answered by one of the choices, or nobody (null)."""

    def check(s: ForumState, req: Request, answer: Any) -> str | None:
        if answer is None:
            return None
        return one_of(s, req, answer, req.choices, rule, why)

    return check


def name_list(s: ForumState, req: Request, value: Any, choices: tuple[str, ...], rule: str, why: str,
          *, most: int) -> list[str]:
    """A list of different players among ``choices``, at most ``most``."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple):
        raise MalformedAnswer(f"{req.ask.value}: expected a list of names, not {value!r}")
    found = [one_of(s, req, v, choices, rule, why) for v in value]
    if len(set(found)) != len(found):
        raise IllegalAnswer("name_twice", f"{req.ask.value}: a name is given twice")
    if len(found) > most:
        raise IllegalAnswer(rule, f"{req.ask.value}: at most {most} names")
    return found


def mapping(req: Request, value: Any, keys: frozenset[str]) -> dict[str, Any]:
    """A mapping with only these keys (null: an empty one)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise MalformedAnswer(f"{req.ask.value}: expected a mapping of {sorted(keys)}, not {value!r}")
    extra = set(value) - keys
    if extra:
        raise MalformedAnswer(f"{req.ask.value}: unknown key {sorted(map(str, extra))[0]!r}")
    return dict(value)
