"""A game on disk: the journal's header and records ↔ the engine's set-up and
decisions, and what every kind of game needs to go on from one
(``wakkerdam resume`` itself is narrator/resume.py, on top of them all)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from engine import (
    BOARD,
    FORUM,
    EventDeck,
    Game,
    Options,
    Setup,
    WakkerdamError,
    event_deck,
    events_data,
    new_game,
)
from engine.registry import parse_role
from engine.variants import variant_options
from narrator.journal import Journal, JournalCorrupt
from narrator.seeds import seeds_of

HEADER_VERSION = 1


def default_journal_dir() -> Path:
    """Where the box keeps its journals: systemd's StateDirectory, else
    ~/.local/state/wakkerdam/journals."""
    state = os.environ.get("STATE_DIRECTORY")
    base = Path(state) if state else Path.home() / ".local" / "state" / "wakkerdam"
    return base / "journals"


def journal_name() -> str:
    """A new journal's file name: when it began, never what was dealt."""
    import secrets
    import time

    return f"game-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}.journal"


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    return {
        "players": list(setup.players),
        "roles": {p: setup.roles[p].value for p in setup.players},
        "middle": [r.value for r in setup.middle],
        "options": setup.options.to_dict(),
        "seed": setup.seed,
        "variants": list(setup.variants),
        "events": None if (ev := event_deck(setup)) is None else {
            "deck": list(ev.deck), "every": ev.every, "from_start": list(ev.from_start)},
        "edition": setup.edition,
        "extra": {p: [r.value for r in rs] for p, rs in setup.extra.items()},
    }


def setup_from_dict(d: dict[str, Any]) -> Setup:
    variants = tuple(str(v) for v in d.get("variants") or ())
    ev = d.get("events")
    edition = str(d.get("edition") or BOARD)
    if edition == FORUM:
        from narrator.scenario import forum_role

        read_role: Any = forum_role
    else:
        read_role = parse_role
    return Setup(
        tuple(d["players"]),
        {p: read_role(r) for p, r in d["roles"].items()},
        tuple(read_role(r) for r in d["middle"]),
        Options.from_dict(d["options"], variant_options(variants)),
        int(d["seed"]),
        variants,
        events_data(None if ev is None else
                    EventDeck(tuple(ev["deck"]), int(ev["every"]), tuple(ev["from_start"]))),
        edition,
        {p: tuple(read_extra(r) for r in rs) for p, rs in (d.get("extra") or {}).items()},
    )


def read_extra(value: object) -> Any:
    from engine.forum.registry import parse_forum_role

    return parse_forum_role(value, extra=True)


def new_journal(path: str | Path, setup: Setup, **context: Any) -> Journal:
    """Create the journal before the first question is asked."""
    header = {"version": HEADER_VERSION, "setup": setup_to_dict(setup), **context}
    return Journal.create(path, header)


def decisions(records: list[dict[str, Any]]) -> list[Any]:
    """The decisions in force: an undo record takes the last one back."""
    out: list[Any] = []
    for r in records:
        if r.get("type") == "decision":
            out.append(r["answer"])
        elif r.get("type") == "undo" and out:
            out.pop()
    return out


def rebuild(journal: Journal) -> tuple[Game, int]:
    """The game as the journal has it, and where narration resumes: right
    after the last decision (what followed it is said again).

    A header or a record this version cannot play (edited and re-signed, or
    from another version) raises :class:`JournalCorrupt` with one clear line."""
    try:
        setup = setup_from_dict(journal.header["setup"])
        seeds_of(setup, journal.header)  # the seeds kept must be numbers too
        decided = decisions(journal.records())
        game = new_game(setup)
        for answer in decided[:-1]:
            game.apply(answer)
        start_at = len(game.events) if decided else 0
        if decided:
            game.apply(decided[-1])
    except (WakkerdamError, ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
        raise JournalCorrupt("journal.unplayable", file=str(journal.path),
                             reason=type(exc).__name__) from None
    return game, start_at


#: the kinds of game a journal may hold: bots, the laptop, the box
MODES = ("demo", "play", "box")


def prepare(journal: Journal) -> tuple[Game, int]:
    """Everything a resume checks before it plays on: the kind of game, what
    that kind needs from the header, and the game rebuilt (see :func:`rebuild`).
    Raises :class:`JournalCorrupt` with one clear line."""
    header = journal.header
    mode = header.get("mode")
    if not isinstance(mode, str) or mode not in MODES:
        raise JournalCorrupt("journal.unknown_mode", file=str(journal.path), mode=str(mode))
    from narrator.bots import STYLES

    if mode == "demo" and header.get("bots", "sensible") not in STYLES:
        raise JournalCorrupt("journal.unplayable", file=str(journal.path), reason="bots")
    if mode == "box":
        calls = header.get("call_seconds", [15.0, 22.0])
        numbers = (isinstance(calls, list) and len(calls) == 2
                   and all(isinstance(x, int | float) and not isinstance(x, bool) and 0 < x < 3600
                           for x in calls))
        if not isinstance(header.get("kit"), str) or not numbers:
            raise JournalCorrupt("journal.unplayable", file=str(journal.path), reason="kit")
    return rebuild(journal)


def where_it_stands(journal: Journal, game: Game, lang: str) -> str:
    """Said once at every resume: how much the journal holds and where the game
    goes on (a journal cut at a record's end reads whole, so this is how the
    table hears how far it got)."""
    import voices

    s = game.state
    key = "journal.resumed_night" if s.phase.value == "night" else "journal.resumed_day"
    return voices.load(lang).line(key, decisions=len(decisions(journal.records())),
                                  n=s.night if s.phase.value == "night" else s.day)


def ui_language() -> str:
    """The language for messages before a journal's own language is known."""
    import voices

    lang = os.environ.get("WAKKERDAM_LANG", voices.DEFAULT_LANGUAGE)
    return lang if lang in voices.LANGUAGES else voices.DEFAULT_LANGUAGE


def reopen(path: str | Path) -> tuple[Journal, str]:
    """A journal opened to go on with, and the language of its messages (the
    game's own, else :func:`ui_language`); what a damaged last record lost is
    said on stderr. Raises :class:`JournalError` (say it in ``ui_language()``)."""
    import voices

    journal, report = Journal.open(path)
    lang = journal.header.get("lang", "nl")
    if not isinstance(lang, str) or lang not in voices.LANGUAGES:
        lang = ui_language()
    if not report.ok:
        print(report.message(lang), file=sys.stderr)
    return journal, lang
