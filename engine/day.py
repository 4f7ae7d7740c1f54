"""The day: the mayor's election, the vote, ties (seed 001's FAQ), the village
idiot and the scapegoat."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.deaths import Flow, aftermath, kill
from engine.messages import Request
from engine.state import State
from engine.vocab import Ask, Cause, Role

Ballot = Mapping[str, str | None]


def voters(s: State) -> tuple[str, ...]:
    """Who may vote today: the living, not a revealed village idiot ("heeft
    geen stemrecht meer"), and after a scapegoat's death only those he named."""
    allowed = s.voters_only[1] if s.voters_only and s.voters_only[0] == s.day else None
    return tuple(
        p
        for p in s.living()
        if not (s.idiot_revealed and s.role[p] is Role.VILLAGE_IDIOT)
        and (allowed is None or p in allowed)
    )


def tally(s: State, ballot: Ballot, *, mayor_counts_double: bool) -> Counter[str]:
    counts: Counter[str] = Counter()
    for voter, target in ballot.items():
        if target is not None:
            counts[target] += 2 if mayor_counts_double and voter == s.mayor else 1
    return counts


def _in_seat_order(s: State, counts: Counter[str]) -> dict[str, int]:
    return {p: counts[p] for p in s.players if p in counts}


def top(counts: Counter[str], order: tuple[str, ...]) -> list[str]:
    """The names with the most votes, in seat order."""
    if not counts:
        return []
    best = max(counts.values())
    return [p for p in order if counts.get(p) == best]


def day(s: State) -> Flow:
    day_no = s.day
    if s.options.mayor_election_day == day_no and not s.mayor_elected:
        yield from mayor_election(s)
    yield from village_vote(s)


def mayor_election(s: State) -> Flow:
    s.mayor_elected = True
    candidates = tuple(s.living())
    for round_no in (1, 2):
        who = voters(s)
        ballot: Ballot = {}
        if who:
            ballot = yield Request(Ask.MAYOR_ELECTION, who, candidates, s.when, info={"round": round_no})
        counts = tally(s, ballot, mayor_counts_double=False)
        s.emit("election_result", votes=_in_seat_order(s, counts))
        # No votes at all: every candidate is tied.
        tied = top(counts, candidates) or list(candidates)
        if len(tied) == 1:
            _elect(s, tied[0], by_lot=False)
            return
        s.emit("election_tie", tied=tied)
        candidates = tuple(tied)
    # "a tie is elected again among the tied, then drawn by lot (the seed)"
    _elect(s, s.rng.choice(candidates), by_lot=True)


def _elect(s: State, name: str, *, by_lot: bool) -> None:
    s.mayor = name
    s.emit("mayor_lot" if by_lot else "mayor_elected", name=name)


def village_vote(s: State) -> Flow:
    who = voters(s)
    if not who:
        s.emit("no_voters")
        return
    ballot = yield Request(Ask.VOTE, who, tuple(s.living()), s.when)
    counts = tally(s, ballot, mayor_counts_double=True)
    s.emit("vote_result", votes=_in_seat_order(s, counts))
    leaders = top(counts, s.players)
    if not leaders:
        s.emit("nobody_eliminated")
        return
    if len(leaders) == 1:
        yield from eliminate(s, leaders[0])
        return
    s.emit("vote_tie", tied=leaders)
    scapegoat = s.acting(Role.SCAPEGOAT)
    if scapegoat is not None:
        # "Als het stemmen ... met een gelijke stand eindigt, wordt de zondebok geëlimineerd"
        kill(s, scapegoat, Cause.SCAPEGOAT)
        yield from aftermath(s, scapegoat, Cause.SCAPEGOAT)
        return
    if s.mayor is not None and s.alive[s.mayor]:
        lover = s.lover_of(s.mayor)
        choices = tuple(p for p in leaders if p != lover)
        chosen = yield Request(Ask.MAYOR_TIEBREAK, (s.mayor,), choices, s.when)
        if chosen is None:
            s.emit("nobody_eliminated")
        else:
            s.emit("mayor_decides", name=chosen, mayor=s.mayor)
            yield from eliminate(s, chosen)
        return
    # "Is er geen burgemeester (meer), dan stemt het dorp opnieuw.
    #  Blijft het gelijk, dan gaat er die dag niemand uit."
    ballot = yield Request(Ask.REVOTE, voters(s), tuple(s.living()), s.when)
    counts = tally(s, ballot, mayor_counts_double=True)
    s.emit("vote_result", votes=_in_seat_order(s, counts))
    leaders = top(counts, s.players)
    if len(leaders) == 1:
        yield from eliminate(s, leaders[0])
    else:
        s.emit("nobody_eliminated")


def eliminate(s: State, name: str) -> Flow:
    if s.role[name] is Role.VILLAGE_IDIOT and s.has_power(name):
        # "wordt deze bekend gemaakt ... draaien hun beslissing terug ...
        #  heeft geen stemrecht meer ... In deze ronde wordt niet opnieuw gestemd."
        s.idiot_revealed = True
        s.emit("idiot_revealed", name=name, role=Role.VILLAGE_IDIOT.value)
        if s.mayor == name:
            # "Als de dorpsgek ook burgemeester was verliest hij deze rol"
            s.mayor = None
            s.emit("mayor_removed", name=name)
        return
    kill(s, name, Cause.VOTE)
    yield from aftermath(s, name, Cause.VOTE)
