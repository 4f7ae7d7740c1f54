"""The story as a picture: one row per seat, one column per night and day;
a player's bar runs until the phase of their death (matplotlib, PNG)."""

from __future__ import annotations

import io
from typing import Any

#: a bar's colour by the team the player ended in
TEAM_COLOURS = {"village": "#4a7fb5", "werewolves": "#b54a4a", "pied_piper": "#8a5ab5"}


def _phase_index(chapters: list[dict[str, Any]], when: str | None) -> int | None:
    if when is None:
        return None
    part, _, n = when.partition(" ")
    for i, c in enumerate(chapters):
        if c["kind"] == part and str(c["n"]) == n:
            return i
    return None


def picture(story: dict[str, Any], *, title: str) -> bytes:
    import matplotlib

    matplotlib.use("Agg")  # no display on the box
    from matplotlib.figure import Figure

    chapters = story["chapters"]
    people = story["people"]
    columns = max(1, len(chapters))
    fig = Figure(figsize=(max(6.0, 1.1 * columns + 3), 0.45 * len(people) + 1.6), dpi=100)
    ax = fig.subplots()
    for row, person in enumerate(people):
        y = len(people) - 1 - row
        end = _phase_index(chapters, person["died_at"])
        width = (end + 1) if end is not None else columns
        ax.barh(y, width, left=0, height=0.6, color=TEAM_COLOURS.get(person["team"], "#888888"))
        label = person["role"] if person["role"] == person["ended_as"] else \
            f"{person['role']} → {person['ended_as']}"
        ax.text(0.08, y, label, va="center", ha="left", color="white", fontsize=8)
        if end is not None:
            ax.plot(end + 1, y, marker="x", color="black", markersize=8)
            ax.text(end + 1.1, y, person["cause"] or "", va="center", fontsize=7)
    ax.set_yticks(range(len(people)))
    ax.set_yticklabels([f"{p['seat']}. {p['name']}" for p in reversed(people)], fontsize=8)
    ax.set_xticks([i + 0.5 for i in range(len(chapters))])
    ax.set_xticklabels([c["title"] for c in chapters], rotation=45, ha="right", fontsize=7)
    ax.set_xlim(0, columns + 1.6)
    for x in range(1, columns):
        ax.axvline(x, color="#dddddd", linewidth=0.6, zorder=0)
    ax.set_title(f"{title}\n{story['winner']}", fontsize=9)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()
