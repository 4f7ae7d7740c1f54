"""Checking an answer against the open request and the rules; returns the
normalised decision or raises (unknown name, wrong shape, broken rule)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.errors import IllegalAnswer, MalformedAnswer, UnknownName
from engine.messages import Request
from engine.state import State
from engine.vocab import Ask, Role


def check(s: State, req: Request, answer: Any) -> Any:
    return _CHECKS[req.ask](s, req, answer)


# -- pieces ---------------------------------------------------------------------
def _name(s: State, req: Request, value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"{req.ask.value}: {what} must be a player's name, not {value!r}")
    if value not in s.alive:
        raise UnknownName(f"{req.ask.value}: unknown player {value!r}")
    return value


def _living(s: State, req: Request, value: Any, what: str) -> str:
    name = _name(s, req, value, what)
    if not s.alive[name]:
        raise IllegalAnswer("dead_target", f"{req.ask.value}: {name} is dead")
    return name


def _names(s: State, req: Request, value: Any) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple):
        raise MalformedAnswer(f"{req.ask.value}: expected a list of names, not {value!r}")
    return [_living(s, req, v, "each name") for v in value]


def _choice(s: State, req: Request, value: Any, rule: str, why: str) -> str:
    name = _living(s, req, value, "the answer")
    if name not in req.choices:
        raise IllegalAnswer(rule, f"{req.ask.value}: {why}")
    return name


# -- one function an ask -----------------------------------------------------------
def _thief(s: State, req: Request, answer: Any) -> Role | None:
    if answer is None:
        if not req.allow_none:
            raise IllegalAnswer("thief_must_take_werewolf", "thief: both middle cards are werewolves, he must take one")
        return None
    try:
        role = Role(str(answer))
    except ValueError:
        raise UnknownName(f"thief: unknown role {answer!r}") from None
    if role.value not in req.choices:
        raise IllegalAnswer("thief_card_not_in_middle", f"thief: {role.value} is not one of the middle cards")
    return role


def _cupid(s: State, req: Request, answer: Any) -> tuple[str, str] | None:
    if answer is None:
        return None  # time-out: no lovers
    names = _names(s, req, answer)
    if len(names) != 2:
        raise IllegalAnswer("cupid_two", "cupid: he names exactly two players")
    if names[0] == names[1]:
        raise IllegalAnswer("cupid_same_player", "cupid: the two lovers must be different players")
    return names[0], names[1]


def _healer(s: State, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    return _choice(s, req, answer, "healer_same_twice",
                   "the healer may not protect the same player two nights running")


def _seer(s: State, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    return _choice(s, req, answer, "seer_self", "the seer looks at another player, not at herself")


def _werewolves(s: State, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    return _choice(s, req, answer, "werewolves_own", "the werewolves devour a villager, not one of their own")


def _witch(s: State, req: Request, answer: Any) -> dict[str, Any]:
    if answer is None:
        answer = {}
    if not isinstance(answer, Mapping):
        raise MalformedAnswer(f"witch: expected {{save: true/false, poison: name or null}}, not {answer!r}")
    extra = set(answer) - {"save", "poison"}
    if extra:
        raise MalformedAnswer(f"witch: unknown key {sorted(extra)[0]!r}")
    save = answer.get("save", False)
    if not isinstance(save, bool):
        raise MalformedAnswer(f"witch: save must be true or false, not {save!r}")
    poison = answer.get("poison")
    if poison is not None:
        poison = _living(s, req, poison, "poison")
    victim = req.info.get("victim")
    if save and victim is None:
        raise IllegalAnswer("witch_save_without_victim", "witch: there is no victim to save tonight")
    if save and not s.save_potion:
        raise IllegalAnswer("witch_potion_used", "witch: the potion of life is already used")
    if poison is not None and not s.poison_potion:
        raise IllegalAnswer("witch_potion_used", "witch: the poison is already used")
    if save and poison is not None:
        if poison == victim:
            raise IllegalAnswer("witch_same_player", "witch: both potions may not go to the same player")
        if s.options.witch_single_potion:
            raise IllegalAnswer("witch_single_potion", "witch: she brews only one potion (option witch_single_potion)")
    return {"save": save, "poison": poison}


def _piper(s: State, req: Request, answer: Any) -> tuple[str, ...] | None:
    if answer is None:
        return None
    names = _names(s, req, answer)
    if len(set(names)) != len(names):
        raise IllegalAnswer("piper_same_player", "pied_piper: two different players")
    if len(names) != req.count:
        raise IllegalAnswer("piper_count", f"pied_piper: he charms exactly {req.count} player(s) tonight")
    for n in names:
        if n not in req.choices:
            why = "not himself" if n == req.actors[0] else f"{n} is already charmed"
            raise IllegalAnswer("piper_target", f"pied_piper: {why}")
    return tuple(names)


def _target(rule: str, why: str) -> Callable[[State, Request, Any], str | None]:
    def check_one(s: State, req: Request, answer: Any) -> str | None:
        if answer is None:
            return None
        return _choice(s, req, answer, rule, why)

    return check_one


def _ballot(s: State, req: Request, answer: Any) -> dict[str, str | None]:
    if answer is None:
        answer = {}
    if not isinstance(answer, Mapping):
        raise MalformedAnswer(f"{req.ask.value}: expected {{voter: name or null}}, not {answer!r}")
    ballot: dict[str, str | None] = dict.fromkeys(req.actors)  # a silent voter abstains
    for voter, target in answer.items():
        voter = _name(s, req, voter, "a voter")
        if not s.alive[voter]:
            raise IllegalAnswer("dead_voter", f"{req.ask.value}: {voter} is dead and cannot vote")
        if voter not in req.actors:
            raise IllegalAnswer("no_vote", f"{req.ask.value}: {voter} may not vote today")
        if target is None:
            continue
        target = _living(s, req, target, "a vote")
        if target not in req.choices:
            raise IllegalAnswer("not_a_candidate", f"{req.ask.value}: {target} is not a candidate")
        if req.ask is not Ask.MAYOR_ELECTION and s.lover_of(voter) == target:
            # Said in public only as "that vote is not accepted".
            raise IllegalAnswer("lover_vote", f"{req.ask.value}: a lover may not vote against his lover",
                                public_safe=False)
        ballot[voter] = target
    return ballot


def _scapegoat(s: State, req: Request, answer: Any) -> tuple[str, ...]:
    if answer is None:
        return tuple(req.default)
    names = _names(s, req, answer)
    if len(set(names)) != len(names):
        raise IllegalAnswer("scapegoat_twice", "scapegoat: a name is given twice")
    return tuple(names)


_CHECKS: dict[Ask, Callable[[State, Request, Any], Any]] = {
    Ask.THIEF: _thief,
    Ask.CUPID: _cupid,
    Ask.HEALER: _healer,
    Ask.SEER: _seer,
    Ask.WEREWOLVES: _werewolves,
    Ask.WITCH: _witch,
    Ask.PIED_PIPER: _piper,
    Ask.HUNTER: _target("hunter_target", "the hunter shoots a living player"),
    Ask.MAYOR_SUCCESSOR: _target("successor", "the successor must be a living player"),
    Ask.MAYOR_TIEBREAK: _target("tiebreak", "the mayor chooses one of the tied players, not his lover"),
    Ask.MAYOR_ELECTION: _ballot,
    Ask.VOTE: _ballot,
    Ask.REVOTE: _ballot,
    Ask.SCAPEGOAT: _scapegoat,
}
