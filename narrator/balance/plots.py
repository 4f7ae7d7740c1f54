"""The advisor's pictures (matplotlib, no display needed): the village's and
the werewolves' win rate by player count, and by deck change. Every label
comes from the pack."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path

from matplotlib.figure import Figure

from narrator.balance.advisor import Rates, Swap
from voices import Pack

#: file endings matplotlib writes for us
FORMATS = (".png", ".svg")
COLOURS = {"village": "#2b7bba", "werewolves": "#b8322a"}


def _percent_bars(rates: Sequence[Rates], side: str) -> tuple[list[float], list[list[float]]]:
    """Rates in % and their interval as error bars (below, above)."""
    values = [100 * r.rate(side) for r in rates]
    lows = [v - 100 * r.interval(side)[0] for v, r in zip(values, rates, strict=True)]
    highs = [100 * r.interval(side)[1] - v for v, r in zip(values, rates, strict=True)]
    return values, [lows, highs]


def swap_label(pack: Pack, swap: Swap) -> str:
    return pack.line("balance.plot.swap", out=pack.role_bare(swap.out.value),
                     into=pack.role_bare(swap.into.value))


def figure(pack: Pack, by_players: Sequence[tuple[int, Rates]], base: Rates,
           changes: Sequence[tuple[Swap, Rates]], *, tall: bool = False) -> Figure:
    """Two panels: win rate by player count (left), by deck change (right);
    ``tall``: one above the other, each laid out by itself, for a phone's
    width (the set-up page): titles and labels wrapped, every other count."""
    wrap = (lambda text, width: textwrap.fill(text, width)) if tall else (lambda text, width: text)
    if tall:
        fig = Figure(figsize=(4.4, 3.9 + 1.5 + 0.45 * len(changes)), layout="constrained")
        top, bottom = fig.subfigures(2, 1, height_ratios=(3.9, 1.5 + 0.45 * len(changes)))
        left, right = top.subplots(), bottom.subplots()
    else:
        fig = Figure(figsize=(11, 4.8), layout="constrained")
        left, right = fig.subplots(1, 2, width_ratios=(1, 1.2))
    counts = [n for n, _ in by_players]
    for side in ("village", "werewolves"):
        values, bars = _percent_bars([r for _, r in by_players], side)
        left.errorbar(counts, values, yerr=bars, marker="o", capsize=3, color=COLOURS[side],
                      label=pack.line(f"balance.side.{side}"))
    left.axhline(50, color="grey", linestyle="--", linewidth=1, label=pack.line("balance.plot.even"))
    left.set_xticks(counts[::2] if tall else counts)
    left.set_ylim(0, 100)
    left.set_xlabel(pack.line("balance.plot.players"))
    left.set_ylabel(wrap(pack.line("balance.plot.rate"), 24))
    left.set_title(wrap(pack.line("balance.plot.by_players"), 36))
    if tall:  # under the panel: nothing of the lines hidden behind it
        left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncols=3, fontsize="small", frameon=False)
    else:
        left.legend(loc="best", fontsize="small")

    labels = [pack.line("balance.plot.current")] + [wrap(swap_label(pack, s), 18) for s, _ in changes]
    values, bars = _percent_bars([base] + [r for _, r in changes], "village")
    rows = list(range(len(labels)))
    colours = ["#555555"] + [COLOURS["village"]] * len(changes)
    right.barh(rows, values, xerr=bars, capsize=3, color=colours)
    right.axvline(50, color="grey", linestyle="--", linewidth=1)
    right.set_yticks(rows, labels)
    right.invert_yaxis()  # the current deck on top, then the nearest to even
    right.set_xlim(0, 100)
    right.set_xlabel(wrap(pack.line("balance.plot.change"), 36))
    right.set_title(wrap(pack.line("balance.plot.by_change"), 36))
    return fig


def save(fig: Figure, path: str | Path) -> Path:
    path = Path(path)
    fig.savefig(path, dpi=100)
    return path
