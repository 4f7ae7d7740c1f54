"""``wakkerdam balance``: the advisor on the command line. Everything it
prints comes from ``voices/<lang>/balance.yaml``; bad input is one line
there and exit status 2."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import voices
from engine import SetupError
from narrator import compiled
from narrator.balance import table, words
from narrator.balance.advisor import Advisor, Rates, Swap
from narrator.balance.errors import BalanceInputError
from narrator.balance.inputs import Question, question
from narrator.balance.plots import FORMATS
from narrator.balance.words import say as _say
from narrator.balance.words import side_line
from narrator.parallel import Workers, default_jobs, progress_bar

#: what the sensible bots know and do (narrator/bots.py), in the pack's words
KNOWS = ("balance.knows.own", "balance.knows.partner", "balance.knows.seer",
         "balance.knows.witch", "balance.knows.lovers")


class _Parser(argparse.ArgumentParser):
    """argparse that says a usage error as one line of the pack."""

    def error(self, message: str) -> NoReturn:
        raise BalanceInputError("balance.err_usage", detail=message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="wakkerdam balance", description=(
        "Win rates of each side for a deck, from sensible bot games, the one-card swaps "
        "nearest to even, and plots."))
    p.add_argument("--players", default="10", help="8 to 18 (default 10)")
    p.add_argument("--specials", help="characters in place of villagers in seed 001's deck, comma-separated")
    p.add_argument("--roles", help="or the whole deck, every card (the middle included), comma-separated")
    p.add_argument("--variants", default="", help="variant ids, comma-separated (docs/balance.md)")
    p.add_argument("--cards", help="with full_moon: the event cards of its pile, comma-separated "
                                   "(default: every card the engine plays)")
    p.add_argument("--every", default="1", help="with full_moon: a card every 1, 2 or 3 mornings (default 1)")
    p.add_argument("--games", help="games of the deck itself (default 2000; a forum proposal: 1000)")
    p.add_argument("--swap-games", default="400", help="games of each swap (default 400; 0: no swaps)")
    p.add_argument("--top", help="how many swaps to show (default 5; forum proposals: 3)")
    p.add_argument("--plot", action="append", default=[], help="write the plots to this .png or .svg")
    p.add_argument("--plot-games", default="400", help="games of each player count in the plot")
    p.add_argument("--seed", default="1")
    p.add_argument("--jobs", default=str(default_jobs()), help="processes (default: every core)")
    p.add_argument("--lang", choices=voices.LANGUAGES, default=voices.DEFAULT_LANGUAGE)
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    p.add_argument("--edition", choices=("board", "forum"), default="board",
                   help="board (seeds 000-003) or forum (seed 004: --roles and --extra, or the demo's deck)")
    p.add_argument("--extra", help="forum edition: the extra roles dealt beside the cards, comma-separated")
    p.add_argument("--propose", action="store_true",
                   help="forum edition: propose decks near even for --players (8 to 30) from --roles-pool")
    p.add_argument("--roles-pool", help="with --propose: the roles a group ticks, cards and extra roles, "
                                        "comma-separated (default: every role the forum edition deals)")
    p.add_argument("--search-games", default="60",
                   help="with --propose: games of each sketched deck (default 60; candidates: three times as many)")
    p.add_argument("--table", action="store_true",
                   help="show the shipped table for seed 001's decks (config/balance.yaml); no games")
    return p


def _number(value: str, option: str, least: int) -> int:
    try:
        n = int(value)
    except ValueError:
        raise BalanceInputError("balance.err_number", option=option, value=value) from None
    if n < least:
        raise BalanceInputError("balance.err_least", option=option, least=least)
    return n


def _ids(arg: str | None) -> list[str]:
    return [x.strip() for x in (arg or "").split(",") if x.strip()]


def _lang(argv: Sequence[str]) -> str:
    """The language asked for, found before parsing (a parse error speaks it too)."""
    for here, after in zip(argv, [*argv[1:], ""], strict=True):
        value = here.removeprefix("--lang=") if here.startswith("--lang=") else after if here == "--lang" else ""
        if value in voices.LANGUAGES:
            return value
    return voices.DEFAULT_LANGUAGE


def swap_line(pack: voices.Pack, swap: Swap, rates: Rates) -> str:
    lo, hi = rates.interval("village")
    return _say(pack, "balance.swap", out=swap.out.value, into=swap.into.value,
                rate=words.pct(pack, rates.rate("village")), lo=words.pct(pack, lo), hi=words.pct(pack, hi))


def _checked_plots(paths: Sequence[str]) -> list[Path]:
    """Checked before any game is played: a plot that cannot be written is
    said at once, not after the games."""
    for p in paths:
        if Path(p).suffix.lower() not in FORMATS:
            raise BalanceInputError("balance.err_plot", path=p)
        if not Path(p).parent.is_dir():
            raise BalanceInputError("balance.err_no_folder", folder=str(Path(p).parent))
    return [Path(p) for p in paths]


def advise(q: Question, pack: voices.Pack, *, games: int, swap_games: int, top: int, plots: list[Path],
           plot_games: int, seed: int, jobs: int, progress: bool) -> dict[str, Any]:
    """Play every game the answer needs (one progress bar) and write the plots."""
    advisor = Advisor(q, seed=seed)
    total = games + swap_games * len(advisor.swaps()) + (plot_games * len(advisor.player_counts()) if plots else 0)
    with Workers(jobs) as workers, progress_bar(total, pack.line("balance.progress"), enabled=progress) as done:
        advisor.jobs, advisor.done = workers, done
        base = advisor.base(games)
        changes = advisor.nearest_even(swap_games, top) if swap_games else []
        by_players = advisor.by_players(plot_games) if plots else []
    written = []
    if plots:
        from narrator.balance.plots import figure, save

        fig = figure(pack, by_players, base, changes)
        for path in plots:
            try:
                written.append(str(save(fig, path)))
            except OSError as exc:
                raise BalanceInputError("balance.err_write", path=str(path), reason=voices.os_reason(exc)) from None
    return {"base": base, "changes": changes, "by_players": by_players, "plots": written}


def _text(pack: voices.Pack, q: Question, found: dict[str, Any], swap_games: int) -> list[str]:
    base: Rates = found["base"]
    lines = [pack.line("balance.title", players=q.players, deck=words.deck(pack, q.cards)),
             pack.line("balance.variants", variants=", ".join(q.variants)) if q.variants
             else pack.line("balance.no_variants"),
             pack.line("balance.bots", games=base.games)]
    lines += [f"  - {pack.line(key)}" for key in KNOWS]
    lines.append(pack.line("balance.limits"))
    lines.append("")
    lines += [f"  {side_line(pack, base, side)}" for side in base.sides()]
    lines.append(pack.line("balance.even"))
    if found["changes"]:
        lines += ["", pack.line("balance.swaps", games=swap_games)]
        lines += [f"  {swap_line(pack, s, r)}" for s, r in found["changes"]]
    lines += [pack.line("balance.plot_written", path=p) for p in found["plots"]]
    return lines


def _json(q: Question, found: dict[str, Any]) -> dict[str, Any]:
    return {
        "players": q.players, "deck": [r.value for r in q.cards], "variants": list(q.variants),
        "bots": "sensible", "games": found["base"].games, "rates": found["base"].as_dict(),
        "swaps": [{"out": s.out.value, "into": s.into.value, "games": r.games, "rates": r.as_dict()}
                  for s, r in found["changes"]],
        "by_players": [{"players": n, "games": r.games, "rates": r.as_dict()} for n, r in found["by_players"]],
        "plots": found["plots"],
    }


def _forum(pack: voices.Pack, args: argparse.Namespace, players: int) -> int:
    from narrator.balance.forum import as_json, as_text, forum_rates, forum_setup

    if args.propose:
        return _propose(pack, args, players)
    try:
        setup = forum_setup(players, _ids(args.roles), _ids(args.extra) if args.extra is not None else None)
    except SetupError as exc:
        print(f"wakkerdam balance: {voices.error_text(exc, pack)}", file=sys.stderr)
        return 2
    games = _number(args.games or "2000", "--games", 1)
    with Workers(_number(args.jobs, "--jobs", 1)) as workers:
        rates = forum_rates(setup, games, _number(args.seed, "--seed", 0), workers)
    compiled.say_engine(pack)
    if args.json:
        print(json.dumps(as_json(setup, rates), ensure_ascii=False))
    else:
        print("\n".join(as_text(pack, setup, rates)))
    return 0


def _propose(pack: voices.Pack, args: argparse.Namespace, players: int) -> int:
    """``--propose``: decks near even for ``players`` from the roles ticked."""
    from narrator.balance.proposals import (
        check_players,
        planned,
        pool_of,
        proposals_json,
        proposals_text,
        propose,
    )

    check_players(players)
    pool = pool_of(_ids(args.roles_pool))
    sketch_games = _number(args.search_games, "--search-games", 10)
    sizes = {"top": _number(args.top or "3", "--top", 1), "sketch_games": sketch_games,
             "check_games": 3 * sketch_games, "games": _number(args.games or "1000", "--games", 1)}
    seed = _number(args.seed, "--seed", 0)
    total = planned(players=players, **sizes)
    with Workers(_number(args.jobs, "--jobs", 1)) as workers, \
            progress_bar(total, pack.line("balance.progress"), enabled=sys.stderr.isatty() and not args.json) as done:
        found = propose(players, pool, seed=seed, jobs=workers, done=done, **sizes)
    compiled.say_engine(pack)
    if args.json:
        print(json.dumps(proposals_json(found), ensure_ascii=False))
    else:
        print("\n".join(proposals_text(pack, found)))
    return 0


def main(argv: list[str]) -> int:
    pack = voices.load(_lang(argv))
    try:
        args = _parser().parse_args(argv)
        if args.table:
            print("\n".join(table.lines(pack)) if not args.json else json.dumps(table.load()))
            return 0
        players = _number(args.players, "--players", 0)
        if args.edition == "forum":
            return _forum(pack, args, players)
        if args.propose or args.roles_pool:
            raise BalanceInputError("balance.err_propose_board")
        every = _number(args.every, "--every", 1)
        q = question(players, roles=_ids(args.roles) or None, specials=_ids(args.specials),
                     variants=_ids(args.variants), event_cards=_ids(args.cards), events_every=every)
        games = _number(args.games or "2000", "--games", 1)
        swap_games = _number(args.swap_games, "--swap-games", 0)
        found = advise(q, pack, games=games, swap_games=swap_games, top=_number(args.top or "5", "--top", 1),
                       plots=_checked_plots(args.plot), plot_games=_number(args.plot_games, "--plot-games", 1),
                       seed=_number(args.seed, "--seed", 0), jobs=_number(args.jobs, "--jobs", 1),
                       progress=sys.stderr.isatty() and not args.json)
    except BalanceInputError as exc:
        print(f"wakkerdam balance: {_say(pack, exc.key, **exc.params)}", file=sys.stderr)
        return 2
    except SetupError as exc:  # the engine's own check (an event card, a variant's deck)
        print(f"wakkerdam balance: {voices.error_text(exc, pack)}", file=sys.stderr)
        return 2
    compiled.say_engine(pack)
    if args.json:
        print(json.dumps(_json(q, found), ensure_ascii=False))
    else:
        print("\n".join(_text(pack, q, found, swap_games)))
    return 0
