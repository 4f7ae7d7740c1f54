"""What the page shows during a game: only what the whole table may know.

Everything here is read from what the moderator has already *told* the
table (the events it has narrated, the lines it said, the votes spoken
aloud, the discussion's clock), never from the engine's hidden state: a
death the engine knows at dawn appears only once it has been announced.
"""

from __future__ import annotations

from typing import Any

from narrator.moderator import Moderator
from voices import Pack

#: how many of the last lines the page repeats
LINES_SHOWN = 6
MAYOR_EVENTS = ("mayor_elected", "mayor_lot", "mayor_successor", "forum_mayor_successor")
#: a death told to the table: the board game's (``death_<cause>``), the forum's
DEATHS = ("death_", "forum_death")


def public_state(moderator: Moderator, pack: Pack, *, paused: bool) -> dict[str, Any]:
    game = moderator.game  # read once: an undo replaces it
    told = [e for e in game.events[: moderator.narrated] if e.public and not e.cue]
    dead: dict[str, str | None] = {}
    mayor: str | None = None
    phase, number, winner = "night", 0, None
    for e in told:
        if e.kind.startswith(DEATHS):
            # (Begraven: the werewolves' victims die with their card unseen, "death_hidden")
            dead[e.data["name"]] = _card(e.data, pack)
        elif e.kind == "forum_first_day":  # the forum edition begins with a day
            phase, number = "day", 1
        elif e.kind in MAYOR_EVENTS:
            mayor = e.data["name"]
        elif e.kind == "mayor_removed":
            mayor = None
        elif e.kind == "night_falls":
            phase, number = "night", e.data["night"]
        elif e.kind == "day_breaks":
            phase, number = "day", e.data["day"]
        elif e.kind == "game_over":
            winner = pack.line(f"winner.{e.data['winner']}")
    players = [
        {"seat": i + 1, "name": p, "alive": p not in dead, "role": dead.get(p), "mayor": p == mayor}
        for i, p in enumerate(game.setup.players)
    ]
    ends = moderator.discussion_ends
    timer = None if ends is None else max(0, round(ends - moderator.clock.now()))
    ballot = dict(moderator.tally)  # a copy: the game's thread fills it
    counts: dict[str, int] = {}
    for said in ballot.values():
        # a name, nobody, or several names (Wantrouwen: each voter names two)
        for target in said if isinstance(said, list | tuple) else (said,):
            if isinstance(target, str):
                counts[target] = counts.get(target, 0) + 1
    tally = [{"name": p, "votes": counts[p]} for p in game.setup.players if p in counts]
    return {
        "state": "finished" if winner else "running",
        "phase": pack.line(f"web.phase.{phase}", n=number) if number else "",
        "players": players,
        "living": sum(1 for p in players if p["alive"]),
        "timer": timer,
        "tally": tally,
        "voted": len(ballot),
        "lines": moderator.transcript.said()[-LINES_SHOWN:],
        "paused": paused,
        "winner": winner,
        # the forum's round: whose turn it is, said aloud (never what he does in it)
        "turn": moderator.turn,
    }


def _card(data: Any, pack: Pack) -> str | None:
    """A dead player's card as it was announced: its name, or as the forum
    says it of a drunk ("de dronken jager"); None while it stays hidden."""
    role = data.get("role")
    if not role:
        return None
    qualifier = data.get("qualifier")
    if qualifier:
        return pack.line(f"forum.qualified.{qualifier}", role=pack.role(role), bare=pack.role_bare(role).lower())
    return pack.role_bare(role)


def starting_state(*, paused: bool = False) -> dict[str, Any]:
    """The page while the box deals, before the moderator says a word: a
    game under way with nothing told yet."""
    return {"state": "running", "phase": "", "players": [], "living": 0, "timer": None, "tally": [],
            "voted": 0, "lines": [], "paused": paused, "winner": None, "turn": None}
