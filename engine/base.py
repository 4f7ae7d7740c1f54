"""The rules of every game that belong to no card: the mayor, the village's
ballots, and the base wins (seed 000, *Winnen*)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine import answers, registry
from engine.botkit import BotContext, side_pick
from engine.errors import IllegalAnswer
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow, Rules, WinCheck
from engine.state import Death, State
from engine.vocab import Ask, Winner


class Mayor(Rules):
    """The mayor's vote counts twice."""

    id = "mayor"
    order = 30

    def weights(self, s: State, weights: dict[str, int]) -> None:
        if s.mayor is not None:
            weights[s.mayor] = weights.get(s.mayor, 1) * 2


class MayorSuccessor(Rules):
    """A dying mayor names his successor (seed 002: a rule "voor gevorderden")."""

    id = "mayor_successor"
    order = 30

    def after_death(self, s: State, death: Death) -> Flow:
        if s.mayor != death.name:
            return False
        s.mayor = None
        if s.living():
            successor = yield Request(Ask.MAYOR_SUCCESSOR, (death.name,), tuple(s.living()), s.when)
            if successor is not None:
                s.mayor = successor
                s.emit("mayor_successor", name=successor, by=death.name)
        return False


def nobody_alive(s: State) -> Winner | None:
    return Winner.NOBODY if not s.living() else None


def wolves_alive(s: State) -> int:
    """How many living players hold a werewolf's card: read from the role
    index (each card's holders), unless a rule parted powers from cards
    (the index then lists powers)."""
    wolves, alive = s.wolf_roles, s.alive
    if s.powers:
        role = s.role
        return len([p for p in s.living_now if role[p] in wolves])
    by_role = s.by_role
    found = 0
    for r in wolves:
        for p in by_role.get(r, ()):
            if alive[p]:
                found += 1
    return found


def village_wins(s: State) -> Winner | None:
    # "De burgers winnen, zodra ze de laatste weerwolf hebben uitgeschakeld."
    if wolves_alive(s):
        return None
    if s.faction_wolves and any(p in s.faction_wolves for p in s.living_now):
        return None
    return Winner.VILLAGE


def pack(s: State) -> list[str]:
    """The living werewolves who hunt with the pack (a werewolf in love with
    a villager no longer does)."""
    wolves, role, faction = s.wolf_roles, s.role, s.faction_wolves
    if faction:
        found = [p for p in s.living_now if role[p] in wolves or p in faction]
    else:
        found = [p for p in s.living_now if role[p] in wolves]
    if s.lovers is not None and s.mixed_lovers():
        found = [p for p in found if p not in s.lovers]
    return found


def pack_size(s: State) -> int:
    """``len(pack(s))``, counted from the role index when no rule changes
    who hunts with the pack (no faction card, no werewolf in love with a
    villager): every living werewolf."""
    if s.faction_wolves or (s.lovers is not None and s.mixed_lovers()):
        return len(pack(s))
    return wolves_alive(s)


def werewolves_win(s: State) -> Winner | None:
    wolves = pack_size(s)
    others = len(s.living_now) - wolves
    if wolves and others == 0:
        # "De weerwolven winnen, zodra ze de laatste burger hebben verslonden."
        return Winner.WEREWOLVES
    if s.options.wolves_win_at_parity and wolves and wolves >= others:
        # seed 000: "Of zodra het aantal burgers en wolven gelijk is."
        return Winner.WEREWOLVES
    return None


class BaseWins(Rules):
    id = "base_wins"

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        return ((0, nobody_alive), (30, village_wins), (40, werewolves_win))


# -- the asks of the day ------------------------------------------------------------
def check_tiebreak(s: State, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    chosen = answers.choice(s, req, answer, "tiebreak", "the mayor chooses one of the tied players")
    for hook in s.rules.check_vote:
        hook(s, req.ask, req.actors[0], chosen)
    return chosen


def vote_policy(ctx: BotContext) -> dict[str, str | None]:
    bound = ctx.s.rules.bound_voters(ctx.s)
    if ctx.style == "sensible":
        return {voter: one_vote(ctx, voter, voter in bound) for voter in ctx.req.actors}
    # Random voters: one_vote's single draw each, inlined for the free voters
    # (the same draws in the same order).
    choices, rng, actors = ctx.req.choices, ctx.rng, ctx.req.actors
    n = len(choices)
    ballot: dict[str, str | None] = {}
    if not bound:  # every voter free: all the draws at once
        draws = rng.randoms(len(actors))
        for i, voter in enumerate(actors):
            r = draws[i]
            ballot[voter] = choices[int((r - 0.05) / 0.95 * n)] if n and r >= 0.05 else None
        return ballot
    for voter in actors:
        if voter in bound:
            ballot[voter] = one_vote(ctx, voter)
            continue
        r = rng.random()
        ballot[voter] = choices[int((r - 0.05) / 0.95 * n)] if n and r >= 0.05 else None
    return ballot


def may_vote(s: State, ask: Ask, voter: str, target: str) -> bool:
    """Whether the rules let ``voter`` name ``target`` (a lover, his lover)."""
    try:
        for hook in s.rules.check_vote:
            hook(s, ask, voter, target)
    except IllegalAnswer:
        return False
    return True


def allowed(s: State, ask: Ask, voter: str, choices: Sequence[str]) -> list[str]:
    """The choices the rules let ``voter`` name (``may_vote`` for each)."""
    checks = s.rules.check_vote
    found = []
    for target in choices:
        try:
            for hook in checks:
                hook(s, ask, voter, target)
        except IllegalAnswer:
            continue
        found.append(target)
    return found


def one_vote(ctx: BotContext, voter: str, bound: bool = True) -> str | None:
    s, req = ctx.s, ctx.req
    choices: Sequence[str] = req.choices
    if bound and req.ask is not Ask.MAYOR_ELECTION:
        # a lover may not name his lover (nor, at the harvest, the deceived his supposed one)
        choices = allowed(s, req.ask, voter, choices)
    if ctx.style != "sensible" or not choices:
        # One draw: 5% abstain, else a uniform choice.
        r = ctx.rng.random()
        return choices[int((r - 0.05) / 0.95 * len(choices))] if choices and r >= 0.05 else None
    known = ctx.known(voter)
    me_wolf = s.is_wolf(voter)
    if req.ask is Ask.MAYOR_ELECTION:
        friends = [c for c in choices if (known.get(c) == "werewolf") == me_wolf and c != voter]
        return ctx.rng.choice(friends or list(choices))
    if me_wolf:
        targets = [c for c in choices if known.get(c) != "werewolf"]
    else:
        wolves = [c for c in choices if known.get(c) == "werewolf"]
        if wolves:
            return wolves[0]
        targets = [c for c in choices if c != voter and c not in known]
    return ctx.rng.choice(targets or list(choices))


def tiebreak_policy(ctx: BotContext) -> str | None:
    req = ctx.req
    allowed = tuple(c for c in req.choices if may_vote(ctx.s, req.ask, ctx.me, c))
    if not allowed:
        return None
    return side_pick(BotContext(ctx.s, Request(req.ask, req.actors, allowed, req.when),
                                ctx.rng, ctx.style), hurt=True)


registry.base_rules(Mayor())
registry.base_rules(MayorSuccessor())
registry.base_rules(BaseWins())
registry.ask(AskSpec(Ask.MAYOR_ELECTION, answers.ballot, vote_policy, form="ballot",
                     discussion=True, trusted=answers.as_given))
registry.ask(AskSpec(Ask.VOTE, answers.ballot, vote_policy, form="ballot", discussion=True,
                     trusted=answers.as_given))
registry.ask(AskSpec(Ask.REVOTE, answers.ballot, vote_policy, form="ballot",
                     prompt="prompt.vote", trusted=answers.as_given))
registry.ask(AskSpec(Ask.MAYOR_TIEBREAK, check_tiebreak, tiebreak_policy, trusted=answers.as_given))
registry.ask(AskSpec(Ask.MAYOR_SUCCESSOR,
                     answers.target("successor", "the successor must be a living player"),
                     lambda ctx: side_pick(ctx, hurt=False), trusted=answers.as_given))
