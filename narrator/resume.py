"""``wakkerdam resume``: go on with any kind of game from its journal.

It sits on top of every kind of game it goes on with (the bots' demo, the
laptop, the box, a village of an evening): those import ``narrator.session``
for the journal and the game on disk, never this module.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from narrator.journal import Journal, JournalError
from narrator.seeds import seeds_of
from narrator.session import default_journal_dir, prepare, reopen, ui_language, where_it_stands
from voices.args import Parser


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
        journal, lang = reopen(path)
    except JournalError as exc:
        print(f"wakkerdam: {exc.message(ui_language())}", file=sys.stderr)
        return 2
    header = journal.header
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
