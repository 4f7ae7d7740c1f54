"""Dawn and the day of the forum edition.

Dawn: the night's dead in seat order, whatever killed them, each with his
card as the "infotopic" would list it; then what their deaths set off that
asks (a new mayor names his successor).

The day's **round**: every living player in seat order has one private
turn of one shape (``turn`` and ``turn_end`` cues): he is told what the
night brought him ("nothing new" when nothing: the box tells every turn
the same way), and, where he can take a day action today, asked whether he
takes one (``day``). A player with nothing to choose gets the same turn, so
no turn tells whether there was a choice in it. The forum's "PM to the game
master" is this turn; what the seed answers "zo snel mogelijk" is told in
it. Public actions (the hangman's) are announced with the actor's name
after the round, in seat order: "iedereen kan dus zien dat hij de beul is".

The first day has no lynch ("de lynchstemming die elke dag vanaf dag 2
verloopt"): after its round the village elects its mayor (``roles/mayor``).
From day 2 the lynch (``vote``), its ties and who is lynched. Where a
role may change a vote after the ballot in secret (``recast``: the liar
wolf), every ballot of the game is followed by a private round of the same
fixed shape for every voter, and the counts are not announced (the votes
were heard aloud: counts after a change would show it), only the outcome.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from engine.forum.deaths import aftermath, announce_death, die, shown_identity
from engine.forum.registry import FORUM_ASKS, DayAction, day_actions
from engine.messages import Request
from engine.vocab import Ask, Cause

if TYPE_CHECKING:
    from engine.forum.fold import Fold
    from engine.forum.state import ForumState

Flow = Generator[Request, Any, Any]
DAY = Ask.define("day")
Ballot = dict[str, str | None]


def request(s: ForumState, ask: Ask, actors: tuple[str, ...], choices: tuple[str, ...], *,
            count: int = 1, allow_none: bool = True, info: dict[str, Any] | None = None,
            default: Any = None, discussion: bool = False) -> Request:
    """A request of the forum edition: its ask's spec is the edition's."""
    return Request(ask, actors, choices, s.when, count, allow_none, info, default, discussion,
                   FORUM_ASKS[ask])


# -- dawn ---------------------------------------------------------------------
def dawn(s: ForumState, fold: Fold) -> Flow:
    s.emit("day_breaks", day=s.day)
    if not fold.deaths:
        s.emit("no_death")
    for death in sorted(fold.deaths, key=lambda d: s.seat[d.name]):
        announce_death(s, death.name)
    # What the fold found out, told in each player's turn (news for the round).
    for player, key, params in [*s.store.pop("_dawn_news", []), *fold.notes]:
        s.emit(key, frozenset({player}), sleeper=True, **params)
    for death in list(fold.deaths):
        yield from aftermath(s, death)


def tell_at_dawn(s: ForumState, player: str, key: str, **params: Any) -> None:
    """News for a player asleep now (chosen noble in another's call): told in
    his turn of the next day's round, with the night's results."""
    s.mine("_dawn_news", []).append((player, key, params))


# -- the round ------------------------------------------------------------------
def actions_for(s: ForumState, player: str) -> tuple[DayAction, ...]:
    return tuple(a for a in day_actions() if a.available(s, player))


def day_round(s: ForumState) -> Flow:
    """Every living player's private turn, then the public actions."""
    public: list[tuple[str, DayAction, Any]] = []
    s.emit("round_begins", day=s.day)
    for player in s.living():
        s.emit("turn", cue=True, name=player)
        offered = actions_for(s, player)
        if offered:
            info: dict[str, Any] = {a.id: (a.options(s, player) if a.options is not None
                                            else s.living()) for a in offered}
            chosen = yield request(s, DAY, (player,), tuple(a.id for a in offered), info=info)
            if chosen is not None:
                action_id, value = chosen
                action = next(a for a in offered if a.id == action_id)
                if action.public:
                    public.append((player, action, value))
                else:
                    yield from action.apply(s, player, value)
        s.emit("turn_end", cue=True, name=player)
    s.emit("round_ends", cue=True)
    for player, action, value in public:
        if s.alive[player]:
            yield from action.apply(s, player, value)


# -- the lynch ------------------------------------------------------------------
def voters(s: ForumState) -> tuple[str, ...]:
    """The living who keep their vote (a lynched prince loses it)."""
    return tuple(p for p in s.living() if not s.own[p].get("no_vote"))


def weight(s: ForumState, voter: str, target: str) -> int:
    w = 1
    for hook in s.rules.vote_weight:
        w = hook(s, voter, target, w)
    return w


def tally(s: ForumState, ballot: Ballot) -> dict[str, int]:
    counts: dict[str, int] = {}
    for voter, target in ballot.items():
        if target is not None:
            counts[target] = counts.get(target, 0) + weight(s, voter, target)
    return {p: counts[p] for p in s.players if p in counts}


def leaders(counts: dict[str, int]) -> list[str]:
    if not counts:
        return []
    best = max(counts.values())
    return [p for p, n in counts.items() if n == best]


def lynch_vote(s: ForumState) -> Flow:
    who = voters(s)
    if not who:
        s.emit("no_voters")
        return
    ballot: Ballot = yield request(s, Ask.VOTE, who, s.living(), discussion=True)
    if s.rules.recast:
        ballot = yield from ballot_round(s, ballot)
        counts = tally(s, ballot)
        # the votes were heard; counts after a secret change would show it
        s.emit("forum_votes_counted")
    else:
        counts = tally(s, ballot)
        s.emit("vote_result", votes=counts)
    top = leaders(counts)
    chosen: str | None = top[0] if len(top) == 1 else None
    if len(top) > 1:
        for tie in s.rules.tie:
            broken = yield from tie(s, tuple(top), ballot)
            if broken is not None:
                chosen = broken
                break
    if chosen is None:
        s.emit("nobody_eliminated")
        return
    yield from lynch(s, chosen)


def ballot_round(s: ForumState, ballot: Ballot) -> Generator[Request, Any, Ballot]:
    """After the votes are heard, where a role may change a vote in secret
    (the liar wolf's card in the deck, whether or not he lives): every
    voter's private turn, in seat order, of the day's round's shape (the
    same name aloud, news or none, one question or the same question with
    nothing in it, a drawn length), so no turn tells whose vote changed.
    The rules' ``recast`` hooks ask whom they change."""
    ballot = dict(ballot)
    s.emit("forum_ballot_round")
    for voter in [p for p in s.players if p in ballot]:
        if not s.alive[voter]:
            continue
        s.emit("turn", cue=True, name=voter)
        for recast in s.rules.recast:
            changed = yield from recast(s, voter, ballot)
            if changed is not None:
                ballot[voter] = changed
                break
        s.emit("turn_end", cue=True, name=voter)
    s.emit("round_ends", cue=True)
    return ballot


def lynch(s: ForumState, name: str) -> Flow:
    """The village lynches ``name``: he dies, unless a rule handles it."""
    for hook in s.rules.lynch:
        if (yield from hook(s, name)):
            return
    yield from die(s, name, Cause.VOTE)


def announce_identity(s: ForumState, name: str) -> dict[str, Any]:
    return shown_identity(s, name)
