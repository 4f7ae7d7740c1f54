"""The balance advisor on the set-up page: is the chosen deck fair?

A seed 001 deck without variants or rule changes is answered at once from
the shipped table (``config/balance.yaml``); any other set-up is played out
by sensible bots (``narrator.balance``) in the background, a bounded number
of games, one question at a time, while the page polls its progress. The
answer: each side's win rate with its 95 % interval, the seed 001 swaps
nearest to even, and the advisor's picture.
"""

from __future__ import annotations

import io
import itertools
import json
import threading
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import config
import voices
from engine import FORUM, Role, SetupError
from narrator.balance.advisor import Advisor, Rates, Swap
from narrator.balance.errors import BalanceInputError
from narrator.balance.inputs import Question, question
from web.choices import Choice, Problem

#: rule options as a plain game of the table has them
PLAIN_OPTIONS = {"wolves_win_at_parity": False, "witch_single_potion": False, "mayor_election_day": 1}
#: answers kept for the page (older ones are computed again when asked)
KEPT = 16
#: the advisor's picture: pixels per inch (the page shows it at half: 80 CSS px an inch)
PLOT_DPI = 160
#: a deck is fair while the village wins this share of the games, or nearly
FAIR = (0.4, 0.6)


@dataclass
class Estimate:
    """The advisor's answer for one set-up."""

    source: str  # "table" or "games"
    rates: Rates
    changes: list[tuple[Swap, Rates]]
    by_players: list[tuple[int, Rates]]
    #: the forum: decks nearer to even from the same roles (narrator.balance.proposals)
    proposals: list[Any] = field(default_factory=list)


@dataclass
class Job:
    """One question to the advisor, answered now (the table) or later."""

    id: str
    lang: str
    total: int
    done: int = 0
    #: the set-up's edition (the forum's verdict speaks of the good and the bad)
    edition: str = "board"
    estimate: Estimate | None = None
    problem: Problem | None = None
    _png: dict[str, bytes] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.estimate is not None or self.problem is not None

    @property
    def percent(self) -> int:
        return 100 if self.finished else min(99, 100 * self.done // max(1, self.total))

    def picture(self) -> bytes | None:
        """The advisor's plot as PNG, drawn once (in the job's language);
        None without one (a forum deck: no plot by player count)."""
        if self.estimate is None or not self.estimate.by_players:
            return None
        if "png" not in self._png:
            from narrator.balance.plots import figure

            e = self.estimate
            out = io.BytesIO()
            # one panel above the other, at twice the pixels the page shows (srcset 2x):
            # at a phone's width its 10 pt text is 11 CSS px
            figure(voices.load(self.lang), e.by_players, e.rates, e.changes, tall=True).savefig(
                out, format="png", dpi=PLOT_DPI)
            self._png["png"] = out.getvalue()
        return self._png["png"]


def _rates(raw: dict[str, Any], games: int) -> Rates:
    return Rates(games, {side: int(v["wins"]) for side, v in raw.items()})


def _swap(cards: Sequence[Role], out: str, into: str) -> Swap:
    new = list(cards)
    new[new.index(Role(out))] = Role(into)
    return Swap(Role(out), Role(into), tuple(new))


def from_table(q: Question, options: dict[str, Any]) -> Estimate | None:
    """The shipped table's answer, when the set-up is one of its decks."""
    if q.variants or {k: options.get(k, v) for k, v in PLAIN_OPTIONS.items()} != PLAIN_OPTIONS:
        return None
    if set(options) - set(PLAIN_OPTIONS):
        return None
    rows = config.balance_table()["decks"]
    by_players = [(r["players"], _rates(r["rates"], r["games"])) for r in rows]
    for row in rows:
        if row["players"] == q.players and Counter(r.value for r in q.cards) == Counter(row["deck"]):
            changes = [(_swap(q.cards, s["out"], s["into"]), _rates(s["rates"], s["games"]))
                       for s in row["nearest_even"]]
            return Estimate("table", _rates(row["rates"], row["games"]), changes, by_players)
    return None


def verdict(rates: Rates) -> str:
    """Plainly: is the deck fair? ``even``, ``village`` (the village wins too
    often) or ``werewolves`` (they do), by the village's share of the games."""
    rate = rates.rate("village")
    if rate > FAIR[1]:
        return "village"
    if rate < FAIR[0]:
        return "werewolves"
    return "even"


class Advice:
    """The page's advisor: ``ask`` returns a job at once, never waiting for games.

    ``games``, ``swap_games``, ``plot_games``: the bound on the games one
    question plays (the deck, each seed 001 swap, each player count of the plot).
    """

    def __init__(self, *, games: int = 400, swap_games: int = 100, plot_games: int = 60, top: int = 3) -> None:
        self.games, self.swap_games, self.plot_games, self.top = games, swap_games, plot_games, top
        self._jobs: dict[str, Job] = {}
        self._by_question: dict[tuple[Any, ...], str] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="advice")
        self._stopped = threading.Event()

    def job(self, job_id: str) -> Job | None:
        return self._jobs.get(job_id)

    def latest(self) -> Job | None:
        """The question asked last."""
        return next(reversed(self._jobs.values()), None)

    def ask(self, choice: Choice) -> Job:
        # the options as text: a variant's option may be a list or a mapping
        key = (choice.lang, len(choice.names), tuple(sorted(choice.cards)), choice.variants,
               json.dumps(choice.options, sort_keys=True), choice.event_cards, choice.events_every,
               choice.edition, tuple(sorted(choice.extras)))
        with self._lock:
            known = self._by_question.get(key)
            if known is not None and known in self._jobs and self._jobs[known].problem is None:
                return self._jobs[known]
            job = Job(str(next(self._ids)), choice.lang, 0, edition=choice.edition)
            self._keep(key, job)
            self._stopped.clear()
        if choice.edition == FORUM:
            return self._ask_forum(job, choice)
        try:
            q = question(len(choice.names), roles=list(choice.cards), variants=choice.variants,
                         event_cards=choice.event_cards, events_every=choice.events_every,
                         options=dict(choice.options))
        except (BalanceInputError, SetupError) as exc:
            job.problem = _problem(exc, choice.lang)
            return job
        job.estimate = from_table(q, dict(choice.options))
        if job.estimate is None:
            advisor = Advisor(q, seed=1, jobs=1)
            job.total = (self.games + self.swap_games * len(advisor.swaps(villagers_only=True))
                         + self.plot_games * len(advisor.player_counts()))
            self._pool.submit(self._play, job, advisor)
        return job

    def _ask_forum(self, job: Job, choice: Choice) -> Job:
        """A forum deck: its win rates from games of sensible bots, the deck
        dealt anew each game (``forum_rates``); seed 004 has no deck table,
        no swaps to try and no plot by player count."""
        from web.forum import deal

        try:
            setup = deal(choice, 1, 1)
        except SetupError as exc:
            job.problem = _problem(exc, choice.lang)
            return job
        job.total = self.games
        self._pool.submit(self._play_forum, job, setup)
        return job

    def _play_forum(self, job: Job, setup: Any) -> None:
        from narrator.balance.forum import forum_rates

        def done(n: int) -> None:
            job.done += n
            if self._stopped.is_set():
                raise _Stopped

        try:
            rates = forum_rates(setup, self.games, 1, 1, done)
        except _Stopped:
            job.problem = Problem("web.advice.stopped")
            return
        except Exception:  # a bug must not leave the page waiting for ever
            import traceback

            traceback.print_exc()
            job.problem = Problem("web.advice.failed")
            return
        try:
            proposals = self._forum_proposals(job, setup, rates, done)
        except _Stopped:
            job.problem = Problem("web.advice.stopped")
            return
        job.estimate = Estimate("forum", rates, [], [], proposals)

    def _forum_proposals(self, job: Job, setup: Any, rates: Rates, done: Any) -> list[Any]:
        """An unfair forum deck: the deck nearest to even from the roles the
        group chose, a small search of ``wakkerdam balance --propose``
        (its final estimate ``games`` games)."""
        from narrator.balance.proposals import PLAYERS, planned, pool_in, propose

        if verdict(rates) == "even" or not PLAYERS[0] <= len(setup.players) <= PLAYERS[1]:
            return []
        sizes = {"top": 1, "sketches": 12, "sketch_games": max(4, self.games // 16),
                 "check_games": 3 * max(4, self.games // 16), "games": self.games}
        job.total += planned(players=len(setup.players), **sizes)
        found = propose(len(setup.players), pool_in(setup), jobs=1, done=done, **sizes)
        job.done = job.total  # (the plan is a bound: the search may play fewer)
        return [p for p in found.proposals if p.rates.off_even < rates.off_even]

    def _keep(self, key: tuple[Any, ...], job: Job) -> None:
        self._jobs[job.id] = job
        self._by_question[key] = job.id
        for old in list(self._jobs)[:-KEPT]:
            del self._jobs[old]

    def stop(self) -> None:
        """A game starts: the bots' games stop, the table's moderator needs the CPU."""
        self._stopped.set()

    def _play(self, job: Job, advisor: Advisor) -> None:
        def done(n: int) -> None:
            job.done += n
            if self._stopped.is_set():
                raise _Stopped

        advisor.done = done
        try:
            base = advisor.base(self.games)
            changes = advisor.nearest_even(self.swap_games, self.top, villagers_only=True)
            by_players = advisor.by_players(self.plot_games)
        except (BalanceInputError, SetupError) as exc:
            job.problem = _problem(exc, job.lang)
            return
        except _Stopped:
            job.problem = Problem("web.advice.stopped")
            return
        except Exception:  # a bug must not leave the page waiting for ever
            import traceback

            traceback.print_exc()
            job.problem = Problem("web.advice.failed")
            return
        job.estimate = Estimate("games", base, changes, by_players)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class _Stopped(Exception):
    """The advisor's games were stopped by a game's start."""


def _problem(exc: BalanceInputError | SetupError, lang: str) -> Problem:
    from narrator.balance.words import say

    pack = voices.load(lang)
    reason = voices.error_text(exc, pack) if isinstance(exc, SetupError) else say(pack, exc.key, **exc.params)
    return Problem("web.advice.refused", {"reason": reason})
