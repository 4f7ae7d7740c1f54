"""Decks for any table of the forum edition (seed 004 gives no deck table):
from the roles a group ticks, the decks whose sides win nearest to even for
sensible bots, and which role tips each.

Even is the good side winning half the games (as the board game's advisor
has it). The search, for one number of players:

1. **Sketches**: decks drawn at random from the pool (how many werewolves,
   which ticked cards, which extra roles), each played a few games
   (``sketch_games``); every deck plays the same numbered games (common
   random numbers), so their differences are the decks'.
2. **A model** of what each role does: the village's rate in logits as a
   sum, one term a role (ridge regression over the sketches). It says which
   role tips a deck toward which side, and how far.
3. **Candidates** the model puts near even, for each number of werewolves,
   taking in as many ticked roles as it can; they and the best sketches are
   played more (``check_games``), the model fitted again; twice more, the
   model builds around the werewolves that came nearest, and the nearest
   decks' neighbours (one role more or less) are played.
4. **Proposals**: the best candidates, played ``games`` times exactly as
   ``wakkerdam simulate --edition forum --roles ... --extra ... --seed S``
   plays them (``narrator.balance.forum.forum_rates``), so a proposal holds
   when its deck is played again: the same seed gives the same wins, any
   other seed wins within its interval.

The whole search is one seed's: the same question, the same answer, for
any number of processes.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from engine import FORUM, Options, Role, Setup, SetupError
from narrator.balance.advisor import Rates
from narrator.balance.errors import BalanceInputError
from narrator.balance.words import deck as deck_words
from narrator.balance.words import pct
from narrator.parallel import Workers
from narrator.simulation import NAMES, Batch, forum_games
from voices import Pack

#: the forum's tables (seed 004 names none; the box's names run to 30)
PLAYERS = (8, 30)
#: how far from even a deck may be and still be proposed
EVEN_WITHIN = 0.05
#: ridge penalty of the model's role terms (the sketches are few and noisy)
RIDGE = 2.0


@dataclass(frozen=True)
class Pool:
    """What a group ticked: the cards beside werewolves and villagers, and
    the extra roles."""

    cards: tuple[Role, ...]
    extras: tuple[Role, ...]

    @property
    def items(self) -> tuple[Role, ...]:
        return self.cards + self.extras


@dataclass(frozen=True)
class Deck:
    """A forum deck: ``wolves`` werewolves, the specials, villagers for the
    rest; extra roles beside them (a group's, the blood brothers', once)."""

    players: int
    wolves: int
    specials: tuple[Role, ...]
    extras: tuple[Role, ...] = ()

    @property
    def cards(self) -> tuple[Role, ...]:
        villagers = self.players - self.wolves - len(self.specials)
        return (Role.WEREWOLF,) * self.wolves + self.specials + (Role.VILLAGER,) * villagers

    @property
    def items(self) -> frozenset[Role]:
        return frozenset(self.specials + self.extras)

    def key(self) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
        return self.wolves, tuple(sorted(r.value for r in self.specials)), tuple(sorted(r.value for r in self.extras))

    def batch(self, seed: int) -> Batch:
        return Batch(self.players, self.cards, seed, "sensible", Options(), edition=FORUM, extras=self.extras)

    def deals(self) -> bool:
        """Whether the deck can be dealt (a group's extra role needs two who
        may carry it, the noble a good card, ...)."""
        from engine.forum.deck import check_deal, deal

        try:
            check_deal(deal(NAMES[:self.players], self.cards, self.extras, 1))
        except SetupError:
            return False
        return True


@dataclass(frozen=True)
class Tip:
    """How far a role moves the village's rate: ``change`` is the rate with
    it minus the rate without it (a werewolf: with one more)."""

    role: Role
    change: float


@dataclass
class Proposal:
    deck: Deck
    rates: Rates
    seed: int
    tips: list[Tip] = field(default_factory=list)

    @property
    def off_even(self) -> float:
        return self.rates.off_even

    @property
    def even(self) -> bool:
        return self.off_even <= EVEN_WITHIN


@dataclass
class Search:
    """What the search played and found."""

    players: int
    pool: Pool
    proposals: list[Proposal]
    #: games played in all, and how many each estimate used
    games: int
    sketch_games: int
    check_games: int
    final_games: int
    #: the pool's roles the model says tip the game most, for the whole pool
    tips: list[Tip] = field(default_factory=list)


# -- the pool -------------------------------------------------------------------
def pool_of(ids: Sequence[str] | None) -> Pool:
    """The roles ticked (ids or names, cards and extra roles alike; werewolf and
    villager are always in), or every role the forum deals."""
    import voices
    from engine.forum.game import ForumGame  # noqa: F401  (registers the forum's roles)
    from engine.forum.registry import FORUM_ROLES

    dealt = {r: c for r, c in FORUM_ROLES.items() if c.dealt}
    if not ids:
        chosen = list(dealt)
    else:
        chosen = []
        for rid in ids:
            found = voices.role_named(rid) or rid
            try:
                role = Role(found)
            except ValueError:
                role = None
            if role is None or role not in dealt:
                known = ", ".join(r.value for r in dealt)
                raise BalanceInputError("balance.err_forum_pool", role=rid, known=known)
            chosen.append(role)
    chosen = list(dict.fromkeys(r for r in chosen if r not in (Role.WEREWOLF, Role.VILLAGER)))
    return Pool(tuple(r for r in chosen if dealt[r].kind == "role"),
                tuple(r for r in chosen if dealt[r].kind == "extra"))


def pool_in(setup: Setup) -> Pool:
    """The roles of a deal as a pool: what a group chose on the page."""
    cards = tuple(dict.fromkeys(r for r in (setup.roles[p] for p in setup.players)
                                if r not in (Role.WEREWOLF, Role.VILLAGER)))
    return Pool(cards, tuple(dict.fromkeys(r for p in setup.players for r in setup.extra.get(p, ()))))


def check_players(players: int) -> None:
    lo, hi = PLAYERS
    if not lo <= players <= hi:
        raise BalanceInputError("balance.err_forum_players", count=players, lo=lo, hi=hi)


def wolf_range(players: int) -> range:
    """The werewolves a deck may have: from about one in ten to one in three."""
    lo = max(1, round(players / 10))
    return range(lo, max(lo + 1, round(players / 3)) + 1)


# -- playing many decks at once ------------------------------------------------------
def play_decks(batches: tuple[Batch, ...], games: int, start: int, stop: int) -> dict[int, Counter[str]]:
    """Games ``start`` to ``stop`` of all the decks in a row (deck ``i // games``
    plays its game ``i % games``): a worker's slice."""
    found: dict[int, Counter[str]] = {}
    for i in range(start, stop):
        deck, game = divmod(i, games)
        found.setdefault(deck, Counter()).update(forum_games(batches[deck], game, game + 1))
    return found


def measure(decks: Sequence[Deck], games: int, seed: int, workers: Workers,
            done: Callable[[int], None] | None = None) -> list[Rates]:
    batches = tuple(d.batch(seed) for d in decks)
    totals = [Counter[str]() for _ in decks]
    for part in workers.spread(partial(play_decks, batches, games), games * len(decks), done):
        for i, counts in part.items():
            totals[i].update(counts)
    return [Rates(games, dict(t)) for t in totals]


# -- the model ------------------------------------------------------------------------
class Model:
    """The village's rate in logits, one term a role and one for the share
    of werewolves, fitted to the decks played so far."""

    def __init__(self, players: int, pool: Pool) -> None:
        self.players = players
        self.items = pool.items
        self.seen: dict[tuple[object, ...], tuple[Deck, int, int]] = {}
        self.beta = np.zeros(2 + len(self.items))

    def row(self, deck: Deck) -> np.ndarray:
        x = np.zeros(2 + len(self.items))
        x[0] = 1.0
        x[1] = deck.wolves / deck.players * 10  # (a tenth of the table as the unit)
        present = deck.items
        for j, item in enumerate(self.items):
            x[2 + j] = 1.0 if item in present else 0.0
        return x

    def add(self, deck: Deck, rates: Rates) -> None:
        key = deck.key()
        old = self.seen.get(key)
        wins, games = rates.wins.get("village", 0), rates.games
        if old is not None:
            wins, games = wins + old[1], games + old[2]
        self.seen[key] = (deck, wins, games)

    def fit(self) -> None:
        rows, ys, ws = [], [], []
        for deck, wins, games in self.seen.values():
            rows.append(self.row(deck))
            ys.append(math.log((wins + 0.5) / (games - wins + 0.5)))
            ws.append(math.sqrt(games))
        x = np.array(rows) * np.array(ws)[:, None]
        y = np.array(ys) * np.array(ws)
        penalty = np.sqrt(RIDGE) * np.eye(x.shape[1])[2:] * math.sqrt(max(ws))
        self.beta = np.linalg.lstsq(np.vstack([x, penalty]), np.concatenate([y, np.zeros(len(penalty))]),
                                    rcond=None)[0]

    def rate(self, deck: Deck) -> float:
        return 1 / (1 + math.exp(-float(self.row(deck) @ self.beta)))

    def tips(self, deck: Deck) -> list[Tip]:
        """What each of the deck's roles does to it (and one werewolf more),
        the largest first."""
        here = self.rate(deck)
        found = []
        for role in deck.specials:
            without = Deck(deck.players, deck.wolves, tuple(r for r in deck.specials if r is not role),
                           deck.extras)
            found.append(Tip(role, here - self.rate(without)))
        for role in deck.extras:
            found.append(Tip(role, here - self.rate(Deck(deck.players, deck.wolves, deck.specials,
                                                          tuple(r for r in deck.extras if r is not role)))))
        more = Deck(deck.players, deck.wolves + 1, deck.specials, deck.extras)
        found.append(Tip(Role.WEREWOLF, self.rate(more) - here))
        return sorted(found, key=lambda t: (-abs(t.change), t.role.value))

    def pool_tips(self) -> list[Tip]:
        """Each ticked role's own push, in village-rate points at even."""
        found = [Tip(item, float(self.beta[2 + j]) / 4) for j, item in enumerate(self.items)]
        return sorted(found, key=lambda t: (-abs(t.change), t.role.value))


# -- decks to try -----------------------------------------------------------------------
def sketch(players: int, pool: Pool, rng: random.Random) -> Deck:
    wolves = rng.choice(list(wolf_range(players)))
    room = players - wolves
    cards = [r for r in pool.cards if rng.random() < 0.5][:room]
    extras = tuple(r for r in pool.extras if rng.random() < 0.5)
    return Deck(players, wolves, tuple(cards), extras)


def dealable(deck: Deck) -> Deck:
    """The deck, less the extra roles it cannot deal (one at a time, last first)."""
    while not deck.deals() and deck.extras:
        deck = Deck(deck.players, deck.wolves, deck.specials, deck.extras[:-1])
    return deck


def with_item(deck: Deck, item: Role, pool: Pool) -> Deck:
    if item in pool.cards:
        return Deck(deck.players, deck.wolves, deck.specials + (item,), deck.extras)
    return Deck(deck.players, deck.wolves, deck.specials, deck.extras + (item,))


def built(model: Model, players: int, pool: Pool, wolves: int) -> Deck:
    """For ``wolves`` werewolves, the deck the model puts nearest to even
    with as many ticked roles as it can: it takes in roles one by one, each
    time the one that leaves it nearest to even, and keeps the fullest deck
    within the margin (else the nearest)."""
    deck = Deck(players, wolves, ())
    best = deck
    left = list(pool.items)
    while left:
        options = [with_item(deck, i, pool) for i in left
                   if i in pool.extras or len(deck.specials) < players - wolves]
        options = [d for d in options if d.deals()]
        if not options:
            break
        deck = min(options, key=lambda d: (abs(model.rate(d) - 0.5), d.key()))
        left = [i for i in left if i not in deck.items]
        margin = abs(model.rate(deck) - 0.5)
        if margin <= EVEN_WITHIN / 2 or margin < abs(model.rate(best) - 0.5):
            best = deck
    return best


# -- the search ----------------------------------------------------------------------------
def order(deck: Deck, rates: Rates) -> tuple[object, ...]:
    """Best first: the decks within half the margin, then those within the
    margin, the fullest first in each (a group ticked those roles); then
    the others, the nearest first."""
    if rates.off_even <= EVEN_WITHIN:
        return int(rates.off_even > EVEN_WITHIN / 2), -len(deck.items), rates.off_even, deck.key()
    return 2, rates.off_even, -len(deck.items), deck.key()


def propose(players: int, pool: Pool, *, seed: int = 1, jobs: int | Workers = 1, top: int = 3,
            sketches: int = 40, sketch_games: int = 60, check_games: int = 180, games: int = 1000,
            done: Callable[[int], None] | None = None) -> Search:
    """The ``top`` decks nearest to even for ``players`` from ``pool``, best first."""
    check_players(players)
    if isinstance(jobs, Workers):
        return _propose(players, pool, seed, jobs, top, sketches, sketch_games, check_games, games, done)
    with Workers(jobs) as workers:
        return _propose(players, pool, seed, workers, top, sketches, sketch_games, check_games, games, done)


def planned(*, top: int = 3, sketches: int = 40, sketch_games: int = 60, check_games: int = 180,
            games: int = 1000, players: int = 16) -> int:
    """About how many games a search plays (for a progress bar)."""
    candidates = len(wolf_range(players)) + 2 + 2 * 10
    return sketches * sketch_games + candidates * check_games + top * games


def _propose(players: int, pool: Pool, seed: int, workers: Workers, top: int, sketches: int,
             sketch_games: int, check_games: int, games: int, done: Callable[[int], None] | None) -> Search:
    from narrator.balance.forum import forum_rates
    from narrator.demo import forum_deal

    rng = random.Random(f"forum-proposals:{players}:{seed}")
    model = Model(players, pool)
    drawn: dict[tuple[object, ...], Deck] = {}
    for _ in range(sketches * 4):
        deck = dealable(sketch(players, pool, rng))
        drawn.setdefault(deck.key(), deck)
        if len(drawn) == sketches:
            break
    first = list(drawn.values())
    played = sketch_games * len(first)
    for deck, rates in zip(first, measure(first, sketch_games, seed, workers, done), strict=True):
        model.add(deck, rates)
    model.fit()

    checked: dict[tuple[object, ...], tuple[Deck, Rates]] = {}

    def check(decks: list[Deck], round_seed: int) -> None:
        fresh = list({d.key(): d for d in decks if d.key() not in checked}.values())
        for deck, rates in zip(fresh, measure(fresh, check_games, round_seed, workers, done), strict=True):
            checked[deck.key()] = (deck, rates)
            model.add(deck, rates)
        model.fit()

    # round 2: for each number of werewolves, the model's deck; and the best sketches
    best_sketches = sorted(first, key=lambda d: (abs(_measured(model, d) - 0.5), d.key()))[:2]
    second = [built(model, players, pool, w) for w in wolf_range(players)] + best_sketches
    check(second, seed + 1)
    played += check_games * len({d.key() for d in second})
    # rounds 3 and 4: the model, fitted near even, builds again around the
    # werewolves that came nearest, and tries the nearest decks' neighbours
    for round_seed in (seed + 2, seed + 3):
        near = sorted(checked.values(), key=lambda dr: order(*dr))[:2]
        more: list[Deck] = []
        for deck, _rates in near:
            for wolves in (deck.wolves - 1, deck.wolves, deck.wolves + 1):
                if wolves in wolf_range(players):
                    more.append(built(model, players, pool, wolves))
            more += neighbours(model, deck, pool)[:2]
        played += check_games * len({d.key() for d in more if d.key() not in checked})
        check(more, round_seed)

    proposals = []
    for deck in distinct([d for d, r in sorted(checked.values(), key=lambda dr: order(*dr))], top):
        setup = forum_deal(players, seed, [r.value for r in deck.cards], [r.value for r in deck.extras])
        rates = forum_rates(setup, games, seed, workers, done)
        played += games
        proposals.append(Proposal(deck, rates, seed, model.tips(deck)))
    proposals.sort(key=lambda p: order(p.deck, p.rates))
    return Search(players, pool, proposals, played, sketch_games, check_games, games, model.pool_tips())


def distinct(ranked: list[Deck], top: int) -> list[Deck]:
    """The ``top`` first decks, passing over one that differs by a single
    role from one taken (while there are others): a group gets choices."""
    taken: list[Deck] = []
    for deck in ranked:
        if all(d.wolves != deck.wolves or len(d.items ^ deck.items) > 1 for d in taken):
            taken.append(deck)
    taken += [d for d in ranked if d not in taken]
    return taken[:top]


def _measured(model: Model, deck: Deck) -> float:
    _, wins, games = model.seen[deck.key()]
    return wins / games


def neighbours(model: Model, deck: Deck, pool: Pool) -> list[Deck]:
    """The deck with one role more or less, those the model puts nearest to
    even first."""
    found = []
    for item in pool.items:
        if item in deck.items:
            specials = tuple(r for r in deck.specials if r is not item)
            extras = tuple(r for r in deck.extras if r is not item)
        elif item in pool.cards and deck.wolves + len(deck.specials) < deck.players:
            specials, extras = deck.specials + (item,), deck.extras
        elif item in pool.extras:
            specials, extras = deck.specials, deck.extras + (item,)
        else:
            continue
        other = Deck(deck.players, deck.wolves, specials, extras)
        if other.deals():
            found.append(other)
    return sorted(found, key=lambda d: (abs(model.rate(d) - 0.5), -len(d.items), d.key()))


# -- what the command says -------------------------------------------------------------
def again(proposal: Proposal) -> str:
    """The command that plays the proposal's deck again, with the same games."""
    deck = proposal.deck
    extra = ",".join(r.value for r in deck.extras)
    return (f"wakkerdam simulate --edition forum --roles {','.join(r.value for r in deck.cards)} "
            f"--extra '{extra}' --games {proposal.rates.games} --seed {proposal.seed} --bots sensible")


def proposals_json(found: Search) -> dict[str, object]:
    return {
        "edition": "forum", "players": found.players, "bots": "sensible",
        "pool": [r.value for r in found.pool.items], "even_within": EVEN_WITHIN,
        "games_played": found.games,
        "games_per_estimate": {"sketch": found.sketch_games, "candidate": found.check_games,
                               "proposal": found.final_games},
        "decks": [{
            "roles": [r.value for r in p.deck.cards], "extra": [r.value for r in p.deck.extras],
            "wins": p.rates.as_dict(), "games": p.rates.games, "seed": p.seed,
            "off_even": round(p.off_even, 4), "even": p.even,
            "tips": [{"role": t.role.value, "change": round(t.change, 4)} for t in p.tips],
            "simulate": again(p),
        } for p in found.proposals],
        "tips": [{"role": t.role.value, "change": round(t.change, 4)} for t in found.tips],
    }


def tip_words(pack: Pack, tips: Sequence[Tip], most: int = 3) -> str:
    """'a werewolf more: −28,3 %; the mirror: +12,7 %' (the village's rate)."""
    said = []
    for tip in tips[:most]:
        key = "balance.forum_tip_wolf" if tip.role is Role.WEREWOLF else "balance.forum_tip"
        sign = "+" if tip.change >= 0 else "−"
        said.append(pack.line(key, role=pack.role_bare(tip.role.value), change=f"{sign}{pct(pack, abs(tip.change))}"))
    return "; ".join(said)


def proposals_text(pack: Pack, found: Search) -> list[str]:
    from narrator.balance.words import side_line

    names = ", ".join(pack.role_bare(r.value) for r in found.pool.items) or "-"
    out = [pack.line("balance.forum_propose_title", players=found.players, pool=names),
           pack.line("balance.forum_propose_games", total=found.games, sketch=found.sketch_games,
                     candidate=found.check_games, proposal=found.final_games),
           pack.line("balance.even")]
    if not any(p.even for p in found.proposals):
        out.append(pack.line("balance.forum_none_even", within=pct(pack, EVEN_WITHIN)))
    for i, p in enumerate(found.proposals, 1):
        extras = ", ".join(pack.role_bare(r.value) for r in p.deck.extras) or "-"
        out += ["", pack.line("balance.forum_proposal", n=i, deck=deck_words(pack, p.deck.cards), extra=extras,
                              off=pct(pack, p.off_even))]
        out += [f"  {side_line(pack, p.rates, side)}" for side in p.rates.sides()]
        out.append("  " + pack.line("balance.forum_tips", tips=tip_words(pack, p.tips)))
        out.append("  " + pack.line("balance.forum_again", command=again(p)))
    out += ["", pack.line("balance.forum_pool_tips", tips=tip_words(pack, found.tips, most=5))]
    return out
