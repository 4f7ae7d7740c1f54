"""``wakkerdam play`` (the laptop kit): its command line."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import engine
import voices
from engine import BOARD, EDITIONS, FORUM, Game, SetupError, WakkerdamError, deal
from narrator.bot_table import TextSpeaker
from narrator.demo import forum_setup, rule_choices
from narrator.laptop.answers import Refused
from narrator.laptop.game import (
    ANSWER_SECONDS,
    CALL_SECONDS,
    DISCUSSION_SECONDS,
    LaptopSettings,
    run_laptop_game,
    to_the_end,
)
from narrator.laptop.session import LaptopSession
from narrator.laptop.setup import (
    ask_names,
    deal_at_the_laptop,
    deck,
    describe_deck,
    names_from_arg,
    parse_roles,
    player_range,
)
from narrator.laptop.terminal import Keyboard, Screen
from narrator.moderator import Moderator
from narrator.seeds import Seeds, seeds_of
from narrator.session import default_journal_dir, new_journal
from voices.args import Parser, seconds, seconds_pair

#: seed 000's variant for several boxes (villages/, the layer above, plays it)
VILLAGES = "villages_unite"


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="wakkerdam play",
               description="A real game around one laptop: it deals, narrates and asks.")
    p.add_argument("--lang", choices=voices.LANGUAGES, default=voices.DEFAULT_LANGUAGE)
    who = p.add_mutually_exclusive_group()
    who.add_argument("--names", help="the players in seat order, comma-separated")
    who.add_argument("--players", type=int, help="how many players (their names are asked)")
    p.add_argument("--roles", help="characters in place of villagers (ids or names, comma-separated), "
                                   "or every card when the list has werewolves/seer/villagers")
    p.add_argument("--edition", choices=EDITIONS, default=BOARD,
                   help="board (seeds 000-003, the default) or forum (seed 004: --roles is then every card)")
    p.add_argument("--extra", help="forum edition: extra roles dealt beside the cards (e.g. noble,drunk)")
    p.add_argument("--seed", type=int, help="the shuffle (default: random)")
    sound = p.add_mutually_exclusive_group()
    sound.add_argument("--wav", help="also record everything the narrator says into this WAV file")
    sound.add_argument("--text-only", action="store_true", help="no speech: lines on the screen only")
    p.add_argument("--no-cues", action="store_true", help="no sound cues")
    p.add_argument("--voice-votes", action="store_true",
                   help="day votes spoken into the laptop's microphone (Enter, speak, Enter in a loud room)")
    p.add_argument("--discussion", type=seconds, default=DISCUSSION_SECONDS,
                   help="seconds of discussion before each vote (0: none; default %(default)g)")
    p.add_argument("--call-seconds", type=seconds_pair, default=CALL_SECONDS, metavar="LO,HI",
                   help="every night call lasts a time drawn from LO..HI seconds (default 20,30)")
    p.add_argument("--answer-seconds", type=seconds, default=ANSWER_SECONDS,
                   help="time for a day question before its default applies (default %(default)g)")
    p.add_argument("--variant", action="append", metavar="ID",
                   help="play with this variant of seed 000 (repeatable; e.g. lycanthropy, full_moon)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a rule or variant option (repeatable)")
    p.add_argument("--pairing", metavar="FILE",
                   help="with --variant villages_unite: this box's file from 'wakkerdam villages pair' "
                        "(the box's name, its broker user and password, the evening's keys)")
    p.add_argument("--broker", metavar="HOST:PORT",
                   help="with --variant villages_unite: the broker's address, if not the pairing's")
    p.add_argument("--journal", help="the game's journal, to go on after a restart "
                                     "(default: a new one in the state directory, found by a bare 'wakkerdam resume')")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    pack = voices.load(args.lang)
    screen = Screen()

    def fail(no: Refused) -> int:
        params = {k: voices.error_text(v, pack) if isinstance(v, Exception) else v for k, v in no.params.items()}
        print(f"wakkerdam play: {pack.line(no.key, **params)}", file=sys.stderr)
        return 2

    if args.players is not None:
        lo, hi = player_range()
        if not lo <= args.players <= hi:
            return fail(Refused("laptop.err_players", lo=lo, hi=hi, count=args.players))
    # Dorpen, verenigt U: this table is one village of an evening of boxes;
    # villages/ (the layer above) connects it, and checks that first.
    village = None
    if VILLAGES in (args.variant or ()):
        args.variant = [v for v in args.variant if v != VILLAGES]
        from narrator.cli import above

        try:
            village = above("villages_laptop")(args)
        except WakkerdamError as exc:
            return voices.args.fail("wakkerdam play", args.lang, exc)
    try:
        variants, options = rule_choices(args)
    except (SetupError, ValueError) as exc:
        print(f"wakkerdam play: {voices.error_text(exc, pack)}", file=sys.stderr)  # not the local fail: no Refused
        return 2
    pack = pack.playing(variants).edition(args.edition)
    forum = args.edition == FORUM
    try:
        names = names_from_arg(args.names) if args.names else None
        roles = parse_roles(args.roles, pack) if args.roles and not forum else None
        if forum:
            if variants:
                raise SetupError("the forum edition plays without the board game's variants",
                                 "refusal.forum_variants", variant=variants[0])
            if names is not None or args.players is not None:  # a bad deck fails before anyone types
                forum_setup(names or [f"{i}" for i in range(args.players)], 0, 0, _list(args.roles),
                            _list(args.extra))
        elif names is not None or args.players is not None:
            deck(len(names) if names else args.players, roles)  # a bad deck fails before anyone types
    except Refused as no:
        return fail(no)
    except SetupError as exc:
        print(f"wakkerdam play: {voices.error_text(exc, pack)}", file=sys.stderr)
        return 2

    session = LaptopSession(pack, TextSpeaker(), Keyboard(), screen)
    journal = None

    def new_game() -> Game:
        nonlocal journal
        screen.show(pack.line("laptop.title"))
        players = names or ask_names(session, args.players)
        # A real game: secret seeds (kept only in the 0600 journal).
        seeds = Seeds.secret() if args.seed is None else Seeds.derived(args.seed)
        if forum:
            setup = forum_setup(players, seeds.deal, seeds.game, _list(args.roles), _list(args.extra),
                                options)
            cards = [setup.roles[p] for p in setup.players]
        else:
            cards = deck(len(players), roles)
            setup = deal(players, cards, seeds.deal, seed=seeds.game, options=options,
                         variants=variants)
        settings = settings_from(args)
        context = {"mode": "play", **(village.journal_fields() if village else {})}
        journal = new_journal(args.journal or default_journal_path(), setup, lang=args.lang,
                              text_only=args.text_only, kit="laptop", laptop=settings.to_header(),
                              seeds=seeds_of(setup).to_dict(), **context)
        screen.show(pack.line("laptop.deck", cards=describe_deck(cards, pack)))
        screen.ask(pack.line("laptop.deck_seen"))  # read before the deal wipes the screen
        session.wait_for_enter(None)
        deal_at_the_laptop(session, setup, journal)
        moderator_class, moderator_kw = village.moderator(journal, session) if village else (Moderator, {})
        game = engine.new_game(village.setup(setup) if village else setup)
        return run_laptop_game(session, game, settings.timing(), text_only=args.text_only,
                               wav=args.wav, cues=settings.cues, journal=journal,
                               moderator_class=moderator_class, moderator_kw=moderator_kw,
                               voice_votes=settings.voice_votes)

    try:
        return to_the_end(session, new_game)
    except Refused as no:
        return fail(no)
    except WakkerdamError as exc:  # the evening's broker, after the deal
        return voices.args.fail("wakkerdam play", args.lang, exc)
    finally:
        if village is not None:
            village.close()
        if journal is not None:
            journal.close()


def _list(arg: str | None) -> list[str] | None:
    return [x.strip() for x in arg.split(",") if x.strip()] if arg else None


def settings_from(args: argparse.Namespace) -> LaptopSettings:
    return LaptopSettings(args.call_seconds, args.discussion, args.answer_seconds, cues=not args.no_cues,
                          voice_votes=args.voice_votes)


def default_journal_path() -> Path:
    """A new journal in the box's state directory (where a bare ``wakkerdam
    resume`` looks): named by the time it started, never by anything secret."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return default_journal_dir() / f"laptop-{stamp}-{os.getpid()}.journal"
