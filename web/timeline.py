"""The story as a picture: one row per seat, one column per night and day;
a player's bar runs until the phase of their death, a mark there says how
(matplotlib, PNG).

Drawn for a phone: the page shows it at half its pixels (``srcset 2x``), so
a point of text is ``DPI / 72 / 2`` CSS pixels: 8 pt is 11 px, as readable
as the page's small print; a long game scrolls sideways inside its frame.
Names in any script and emoji draw with the fallback fonts of ``web.fonts``.
"""

from __future__ import annotations

import io
from typing import Any

from web.fonts import families

#: a bar's colour by the team the player ended in
#: (the forum edition's sides: good, bad, the corpse alone)
TEAM_COLOURS = {"village": "#4a7fb5", "werewolves": "#b54a4a", "pied_piper": "#8a5ab5",
                "good": "#4a7fb5", "bad": "#b54a4a", "corpse": "#6a8a5a"}
#: pixels per inch of the PNG; the page shows it at ``SCALE`` pixels a CSS pixel
DPI = 200
SCALE = 2
#: the smallest text in the picture, in points (the legend, the columns)
FONT_PT = 8.0
#: a column (a night or a day), a row (a seat), the names' margin (inches)
COLUMN_IN, ROW_IN = 0.3, 0.42
#: names longer than this are cut in the picture (the table below has them whole)
NAME_CHARS = 16
#: the mark at a death, by cause; causes not listed get the last one
MARKS = {"werewolves": "X", "vote": "v", "poison": "P", "hunter": "*", "heartbreak": "h",
         "scapegoat": "s", "infection": "+", "apparition": "D", "return": "^", "revenge": "d",
         "hangman": "H", "last_wolf": "<", "gambler_potion": "p"}
OTHER_MARK = "o"


def _phase_index(chapters: list[dict[str, Any]], when: str | None) -> int | None:
    if when is None:
        return None
    part, _, n = when.partition(" ")
    for i, c in enumerate(chapters):
        if c["kind"] == part and str(c["n"]) == n:
            return i
    return None


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def picture(story: dict[str, Any], *, title: str) -> bytes:
    import matplotlib

    matplotlib.use("Agg")  # no display on the box
    from matplotlib.figure import Figure

    chapters = story["chapters"]
    people = story["people"]
    columns = max(1, len(chapters))
    causes: dict[str, str] = {}  # cause text -> mark, in the order they happen
    # the names' margin as wide as the longest label (about 0.075 in a letter at 8.5 pt),
    # the whole at least as wide as the title and the legend need
    longest = max((len(line) for p in people for line in _label(p).split("\n")), default=8)
    width = max(3.8, min(2.2, 0.2 + 0.075 * longest) + COLUMN_IN * columns + 0.25)
    height = ROW_IN * len(people) + 1.55 + 0.2 * ((len({p["cause"] for p in people if p["died_at"]}) + 1) // 2)
    with matplotlib.rc_context({"font.family": list(families()), "font.size": FONT_PT}):
        fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
        ax = fig.subplots()
        for row, person in enumerate(people):
            y = len(people) - 1 - row
            end = _phase_index(chapters, person["died_at"])
            span = (end + 1) if end is not None else columns
            ax.barh(y, span, left=0, height=0.62, color=TEAM_COLOURS.get(person["team"], "#888888"))
            if end is not None:
                cause = person["cause"] or ""
                first = cause not in causes  # the legend names each cause once
                mark = causes.setdefault(cause, MARKS.get(_cause_id(person), OTHER_MARK))
                ax.plot(end + 0.5, y, marker=mark, color="black", markersize=7, linestyle="none",
                        label=cause if first else None)
        ax.set_yticks(range(len(people)))
        ax.set_yticklabels([_label(p) for p in reversed(people)], fontsize=FONT_PT + 0.5)
        ax.set_xticks([i + 0.5 for i in range(len(chapters))])
        ax.set_xticklabels([c["title"] for c in chapters], rotation=90, fontsize=FONT_PT)
        ax.set_xlim(0, columns)
        ax.set_ylim(-0.6, len(people) - 0.4)
        ax.tick_params(length=0)
        for x in range(1, columns):
            ax.axvline(x, color="#dddddd", linewidth=0.6, zorder=0)
        ax.set_title(f"{title}\n{story['winner']}", fontsize=FONT_PT + 1.5, loc="left")
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        if causes:
            fig.legend(loc="outside lower left", ncols=2, fontsize=FONT_PT, frameon=False,
                       handletextpad=0.3, columnspacing=1.0)
        out = io.BytesIO()
        fig.savefig(out, format="png", dpi=DPI)
    return out.getvalue()


def _label(person: dict[str, Any]) -> str:
    role = person["role"] if person["role"] == person["ended_as"] else f"{person['role']} → {person['ended_as']}"
    return f"{person['seat']}. {_short(person['name'])}\n{role}"


def _cause_id(person: dict[str, Any]) -> str:
    return str(person.get("cause_id") or "")
