"""The day: the mayor's election, the village's vote and its ties (seed 001's
FAQ). Who may vote, who may be voted, what a tie or an elimination does are
hooks (the scapegoat, the village idiot, variants and cards); this module
keeps the procedure."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from engine.deaths import Flow, aftermath, kill
from engine.messages import Request
from engine.state import State
from engine.vocab import Ask, Cause

#: (a dict, not any mapping: the compiled engine reads a dict fastest)
Ballot = dict[str, str | None]
#: a vote's flow returns the name of whoever the village eliminated
VoteFlow = Generator[Request, Any, str | None]


def voters(s: State) -> tuple[str, ...]:
    """Who may vote now: the living, narrowed by the rules (a revealed
    village idiot, the scapegoat's choice, a card's absent players)."""
    who = s.living()
    for hook in s.rules.voters:
        who = hook(s, who)
    return who


def candidates(s: State) -> tuple[str, ...]:
    names = s.living()
    for hook in s.rules.candidates:
        names = hook(s, names)
    return names


def weights(s: State) -> dict[str, int]:
    """The voters whose vote counts more than once, and how often."""
    found: dict[str, int] = {}
    for hook in s.rules.weights:
        hook(s, found)
    return found


def tally(s: State, ballot: Ballot, *, weighted: bool = True) -> dict[str, int]:
    """The votes each name got (only names that got any)."""
    counts: dict[str, int] = {}
    w = weights(s) if weighted else None
    if w:
        for voter, target in ballot.items():
            if target is not None:
                counts[target] = counts.get(target, 0) + w.get(voter, 1)
    else:  # every vote counts once (no mayor yet, or none any more)
        for target in ballot.values():
            if target is not None:
                counts[target] = counts.get(target, 0) + 1
    return counts


def in_seat_order(s: State, counts: dict[str, int]) -> dict[str, int]:
    return {p: counts[p] for p in s.players if p in counts}


def top(counts: dict[str, int], order: tuple[str, ...]) -> list[str]:
    """The names with the most votes, in seat order."""
    best = 0
    leaders: list[str] = []
    for p, n in counts.items():  # (one pass: no max() and a second look)
        if n > best:
            best, leaders = n, [p]
        elif n == best:
            leaders.append(p)
    if len(leaders) <= 1 and (not leaders or leaders[0] in order):  # most ballots: no tie
        return leaders
    return [p for p in order if counts.get(p) == best]


def day(s: State) -> Flow:
    if s.options.mayor_election_day == s.day and not s.store.get("mayor_elected"):
        yield from mayor_election(s)
    for hook in s.rules.vote:
        if (yield from hook(s)):
            return
    yield from village_vote(s)


def mayor_election(s: State) -> Flow:
    s.store["mayor_elected"] = True
    names = tuple(s.living())
    for round_no in (1, 2):
        who = voters(s)
        ballot: Ballot = {}
        if who:
            ballot = yield Request(Ask.MAYOR_ELECTION, who, names, s.when, info={"round": round_no},
                                   discussion=True)
        counts = tally(s, ballot, weighted=False)
        if s.recording:
            s.emit("election_result", votes=in_seat_order(s, counts))
        # No votes at all: every candidate is tied.
        tied = top(counts, names) or list(names)
        if len(tied) == 1:
            elect(s, tied[0], by_lot=False)
            return
        s.emit("election_tie", tied=tied)
        names = tuple(tied)
    # "a tie is elected again among the tied, then drawn by lot (the seed)"
    elect(s, s.rng.choice(names), by_lot=True)


def elect(s: State, name: str, *, by_lot: bool) -> None:
    s.mayor = name
    s.emit("mayor_lot" if by_lot else "mayor_elected", name=name)


def village_vote(s: State, ask: Ask = Ask.VOTE, *, discussion: bool = True) -> Flow:
    """One vote of the village, its ties, its elimination and what follows."""
    eliminated = yield from _vote(s, ask, discussion)
    yield from after_vote(s, eliminated)


def after_vote(s: State, eliminated: str | None) -> Flow:
    """What follows the day's elimination (or none): the rules' ``after_vote``."""
    for hook in s.rules.after_vote:
        if (yield from hook(s, eliminated)):
            return


def _vote(s: State, ask: Ask, discussion: bool) -> VoteFlow:
    who = voters(s)
    if not who:
        s.emit("no_voters")
        return None
    ballot = yield Request(ask, who, candidates(s), s.when, discussion=discussion)
    return (yield from settle(s, ballot))


def settle(s: State, ballot: Ballot) -> VoteFlow:
    """A ballot's result: its count, a tie's rules, the elimination."""
    leaders = _count(s, ballot)
    if not leaders:
        s.emit("nobody_eliminated")
        return None
    if len(leaders) == 1:
        return (yield from eliminate(s, leaders[0]))
    s.emit("vote_tie", tied=leaders)
    for hook in s.rules.tie:
        handled = yield from hook(s, tuple(leaders))
        if handled:  # True, or the name of whoever the tie eliminated
            return handled if isinstance(handled, str) else None
    if s.mayor is not None and s.alive[s.mayor]:
        # Every tied player is offered; a lover is refused like any answer
        # (a missing name would tell the table who the lovers are).
        chosen = yield Request(Ask.MAYOR_TIEBREAK, (s.mayor,), tuple(leaders), s.when)
        if chosen is None:
            s.emit("nobody_eliminated")
            return None
        s.emit("mayor_decides", name=chosen, mayor=s.mayor)
        return (yield from eliminate(s, chosen))
    # "Is er geen burgemeester (meer), dan stemt het dorp opnieuw.
    #  Blijft het gelijk, dan gaat er die dag niemand uit."
    ballot = yield Request(Ask.REVOTE, voters(s), candidates(s), s.when)
    leaders = _count(s, ballot)
    if len(leaders) == 1:
        return (yield from eliminate(s, leaders[0]))
    s.emit("nobody_eliminated")
    return None


def _count(s: State, ballot: Ballot) -> list[str]:
    counts = tally(s, ballot)
    if s.recording:
        s.emit("vote_result", votes=in_seat_order(s, counts))
    return top(counts, s.players)


def eliminate(s: State, name: str) -> VoteFlow:
    """The village eliminates ``name``: he dies unless a rule says otherwise.
    Returns the name when he died of it."""
    for hook in s.rules.eliminate:
        if (yield from hook(s, name)):
            return None
    death = kill(s, name, Cause.VOTE)
    yield from aftermath(s, death)
    return name
