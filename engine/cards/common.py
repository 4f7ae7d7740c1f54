"""What several cards share: who the card names ("de als laatste
geëlimineerde speler", "zijn linkerbuurman"), the table's answers the box
cannot know itself (who goes to the woods, who broke a rule), and players
who are away for a while."""

from __future__ import annotations

from typing import Any, ClassVar

from engine import answers
from engine.botkit import BotContext
from engine.cards.base import Card
from engine.errors import IllegalAnswer
from engine.messages import Request
from engine.state import State
from engine.vocab import Ask


def last_eliminated(s: State) -> str | None:
    """"de als laatste geëlimineerde speler": whoever died last, any cause."""
    dead = [d.name for d in s.deaths if not s.alive[d.name]]
    return dead[-1] if dead else None


def first_eliminated(s: State) -> str | None:
    dead = [d.name for d in s.deaths if not s.alive[d.name]]
    return dead[0] if dead else None


def left_of(s: State, name: str) -> str | None:
    """The first living player to the left of ``name``: the next seat in seat
    order (players sit clockwise, seat 1 first)."""
    seats = s.players
    i = seats.index(name)
    for k in range(1, len(seats)):
        p = seats[(i + k) % len(seats)]
        if s.alive[p]:
            return p
    return None


def ring_from(s: State, first: str, who: tuple[str, ...]) -> tuple[str, ...]:
    """``who`` in seat order, starting at ``first`` and going left."""
    i = s.players.index(first)
    ring = s.players[i:] + s.players[:i]
    return tuple(p for p in ring if p in who)


def required(rule: str, why: str) -> Any:
    """The check of an ask that must name one of the choices (no answer in
    time: the request's default)."""

    def check_one(s: State, req: Request, answer: Any) -> str:
        return answers.choice(s, req, req.default if answer is None else answer, rule, why)

    return check_one


def check_subset(s: State, req: Request, answer: Any) -> tuple[str, ...]:
    """Any number of the choices, each once (nobody: an empty list)."""
    chosen = answers.names(s, req, [] if answer is None else answer, single_ok=True)
    if len(set(chosen)) != len(chosen):
        raise IllegalAnswer("named_twice", f"{req.ask.value}: a name is given twice")
    for name in chosen:
        if name not in req.choices:
            raise IllegalAnswer("not_a_choice", f"{req.ask.value}: {name} may not be named here")
    if req.count and len(chosen) != req.count and not req.allow_none:
        raise IllegalAnswer("wrong_count", f"{req.ask.value}: name exactly {req.count} players")
    return tuple(chosen)


def some(ctx: BotContext, share: float = 0.4) -> list[str]:
    """A bot's share of the choices (each independently), or exactly
    ``count`` when the request wants that many."""
    choices = list(ctx.req.choices)
    if not ctx.req.allow_none:
        return ctx.rng.sample(choices, ctx.req.count)
    return [c for c in choices if ctx.rng.random() < share]


def table_request(s: State, ask: Ask, choices: tuple[str, ...], *, count: int = 0,
                  exact: bool = False, info: dict[str, Any] | None = None) -> Request:
    """A question the living answer themselves (each presses his own button
    or holds up his token): the box records only the answer."""
    return Request(ask, s.living(), choices, s.when, count=count or len(choices),
                   allow_none=not exact, info=info or {}, default=[] if not exact else None)


class HostsVariant(Card):
    """A card after which "de spelleider" may bring in a variant for the
    round: the box is the game leader, so the host's option, set before the
    game (``option``, off by default), decides; on, the card says so."""

    option: ClassVar[str]
    #: the variant it brings in (refused before the game where that
    #: variant cannot be played with the game's own)
    brings: ClassVar[str]

    def turned_on(self, s: State) -> bool:
        return bool(s.options.extra.get(self.option, False))

    def start(self, s: State) -> Any:
        if self.turned_on(s):
            self.bring_in(s)
        return False
        yield  # pragma: no cover

    def bring_in(self, s: State) -> None:
        """Say that the variant holds for the round (each card its own line)."""


class Away(Card):
    """Players who leave for the day (the woods, the hunt, a ball, a
    banquet): they neither discuss nor vote, and nobody may vote for them.
    Who goes the players say themselves (``ASK``); the box keeps no record
    of gender or age, only who went."""

    kind = "direct"
    span = "day"
    ask: ClassVar[Ask]
    #: the younger or older half: exactly half the living (rounded down)
    half: ClassVar[bool] = False
    #: the rest of the village may still vote for them
    votable: ClassVar[bool] = False
    #: away through the night too: not bitten, and a werewolf among them
    #: does not take part in the kill
    at_night: ClassVar[bool] = False

    def gone(self, s: State) -> tuple[str, ...]:
        return tuple(s.store.get(self.id, ()))

    def start(self, s: State) -> Any:
        living = s.living()
        half = len(living) // 2
        req = table_request(s, self.ask, living, count=half if self.half else 0, exact=self.half)
        chosen = yield req
        s.store[self.id] = tuple(p for p in s.players if p in (chosen or ()))
        s.emit("players_away_night" if self.at_night else "players_away", card=self.id,
               names=list(self.gone(s)))
        if self.at_night:
            wolves = [p for p in self.gone(s) if s.is_wolf(p) and p not in s.powerless]
            s.store[f"{self.id}_wolves"] = wolves
            s.powerless.update(wolves)
        return False

    def voters(self, s: State, who: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(p for p in who if p not in self.gone(s))

    def candidates(self, s: State, names: tuple[str, ...]) -> tuple[str, ...]:
        if self.votable:
            return names
        return tuple(p for p in names if p not in self.gone(s))

    def choices(self, s: State, ask: Ask, actors: tuple[str, ...],
                choices: tuple[str, ...]) -> tuple[str, ...]:
        if self.at_night and ask is Ask.WEREWOLVES:
            return tuple(p for p in choices if p not in self.gone(s))
        return choices

    def end(self, s: State) -> None:
        s.powerless.difference_update(s.store.pop(f"{self.id}_wolves", ()))


class RuleBreakers(Card):
    """A rule for the talk ("geen ik geen wolf", good manners, the eclipse):
    the table names who broke it (``ASK``, just before the vote), and they
    may not vote that day."""

    kind = "direct"
    span = "day"
    ask: ClassVar[Ask]

    def vote(self, s: State) -> Any:
        if s.store.get(self.id, {}).get("day") == s.day:
            return False
        broke = yield table_request(s, self.ask, s.living())
        s.store[self.id] = {"day": s.day, "names": tuple(broke or ())}
        s.emit("rule_breakers", card=self.id, names=list(broke or ()))
        return False

    def voters(self, s: State, who: tuple[str, ...]) -> tuple[str, ...]:
        mine = s.store.get(self.id, {})
        if mine.get("day") != s.day:
            return who
        return tuple(p for p in who if p not in mine["names"])
