"""A game on disk: the journal's header and records ↔ the engine's set-up and
decisions, and ``wakkerdam resume``."""

from __future__ import annotations

import json
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
from narrator.journal import Journal, JournalCorrupt, JournalError
from narrator.seeds import seeds_of
from voices.args import Parser

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


def _languages() -> tuple[str, ...]:
    import voices

    return tuple(voices.LANGUAGES)


def _ui_language() -> str:
    """The language for messages before a journal's own language is known."""
    import voices

    lang = os.environ.get("WAKKERDAM_LANG", voices.DEFAULT_LANGUAGE)
    return lang if lang in voices.LANGUAGES else voices.DEFAULT_LANGUAGE


def resume_main(argv: list[str], *, wall: Any = None) -> int:
    """``wakkerdam resume``; ``wall``: the set-up page's talking wall (a box
    game whose lines came from the phones goes on taking them there)."""
    parser = Parser(prog="wakkerdam resume",
                    description="Go on with a game from its journal after a restart.")
    parser.add_argument("journal", nargs="?", help="the journal file (default: the newest unfinished one)")
    parser.add_argument("--fast", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--wav")
    parser.add_argument("--text-only", action="store_true")
    parser.add_argument("--reveal", action="store_true")
    args = parser.parse_args(argv)
    from narrator.demo import run_bot_game
    from narrator.replay import summary

    path = args.journal
    if path is None:
        found = Journal.find_unfinished(default_journal_dir())
        if not found:
            print("wakkerdam: no unfinished game to resume", file=sys.stderr)
            return 0
        path = str(found[0])
    try:
        journal, report = Journal.open(path)
    except JournalError as exc:
        print(f"wakkerdam: {exc.message(_ui_language())}", file=sys.stderr)
        return 2
    header = journal.header
    lang = header.get("lang", "nl")
    if not isinstance(lang, str) or lang not in _languages():
        lang = _ui_language()
    if not report.ok:
        print(report.message(lang), file=sys.stderr)
    try:
        if journal.finished:
            result = journal.summary
        elif header.get("mode") == "villages":
            from narrator.cli import above  # villages/ sits above narrator/

            result = above("villages_resume")(journal, fast=args.fast, wav=args.wav, text_only=args.text_only,
                                    quiet=args.json)
        else:
            game, start_at = prepare(journal)
            print(where_it_stands(journal, game, lang), file=sys.stderr)
            if header["mode"] == "play":
                from narrator.laptop.game import resume_game

                return int(resume_game(game, start_at, lang=lang, journal=journal, wav=args.wav,
                                       text_only=args.text_only or header.get("text_only") is True) or 0)
            if header["mode"] == "box":
                from narrator.boxgame import resume as resume_box

                return resume_box(game, start_at, journal, text_only=args.text_only, wav=args.wav, wall=wall)
            game = run_bot_game(game.setup, lang=lang, fast=args.fast, wav=args.wav,
                                bots=header.get("bots", "sensible"), reveal=args.reveal,
                                text_only=args.text_only or header.get("text_only") is True,
                                quiet_stdout=args.json, journal=journal, game=game,
                                start_at=start_at, resumed=True, seeds=seeds_of(game.setup, header))
            result = summary(game, lang)
    except JournalError as exc:
        print(f"wakkerdam: {exc.message(lang)}", file=sys.stderr)
        return 2
    finally:
        journal.close()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0
