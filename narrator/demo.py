"""``wakkerdam demo`` (a whole narrated game of bots) and ``wakkerdam
simulate`` (many silent bot games: the balance simulator and the engine's
speed benchmark)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

import yaml

import config
import engine
import voices
from engine import BOARD, FORUM, Game, Options, Role, Setup, SetupError, check_setup, new_game
from engine.deck import validate_table_deck
from engine.registry import parse_role
from engine.variants import find_variant, variant_options, variants_of
from narrator import compiled
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import STYLES, Bots
from narrator.clock import FastClock, RealClock
from narrator.moderator import Moderator, Timing
from narrator.parallel import default_jobs, progress_bar
from narrator.replay import summary
from narrator.seeds import Seeds, seeds_of
from narrator.simulation import NAMES, Batch, wins
from voices.args import Parser, fail, language, seconds


def deck_for(players: int, roles: Sequence[str] | None) -> list[Role]:
    """The table's deck for ``players`` (seed 001) with the demo's characters
    in place of villagers, or exactly ``roles`` (every card, middle included:
    ids or the cards' names in any language)."""
    if roles:
        cards = [parse_role(voices.role_named(r) or r) for r in roles]
        validate_table_deck(cards, players, config.deck_table())
        return cards
    return config.demo_deck(players)


def forum_deal(players: int, seed: int, roles: Sequence[str] | None = None,
               extra: Sequence[str] | None = None, options: Options | None = None) -> Setup:
    """A forum edition's deal (seed 004) for the demo's players, its seeds
    derived from ``seed`` (:func:`forum_setup`)."""
    seeds = Seeds.derived(seed)
    count = len(roles) if roles else players
    return forum_setup(NAMES[:count], seeds.deal, seeds.game, roles, extra, options)


def forum_setup(names: Sequence[str], deal_seed: int, game_seed: int,
                roles: Sequence[str] | None = None, extra: Sequence[str] | None = None,
                options: Options | None = None) -> Setup:
    """A forum edition's deal: ``roles`` every card (ids or names in any
    language), ``extra`` the extra roles dealt beside them; the demo's deck
    (``config.forum_demo_deck``) when not given."""
    from engine.forum.deck import check_deal
    from engine.forum.deck import deal as deal_forum
    from engine.forum.game import ForumGame  # noqa: F401  (registers the forum's roles)
    from engine.forum.registry import parse_forum_role

    default_cards, default_extra = config.forum_demo_deck(len(names))
    cards = [parse_forum_role(voices.role_named(r) or r) for r in (roles or default_cards)]
    extras = [parse_forum_role(voices.role_named(r) or r, extra=True)
              for r in (extra if extra is not None else ([] if roles else default_extra))]
    setup = deal_forum(list(names), cards, extras, deal_seed, options=options, seed=game_seed)
    check_deal(setup)
    return setup


def deal(players: int, seed: int, roles: Sequence[str] | None = None,
         options: Options | None = None, variants: Sequence[str] = (), *,
         edition: str = BOARD, extra: Sequence[str] | None = None) -> Setup:
    """The demo's players and deck, dealt by :func:`engine.deal` with the
    seeds derived from ``seed``: the same seed, the same deal (and the same
    game: see :func:`narrator.seeds.seeds_of`); the box's own deck suits the
    game's variants (``Variant.fit_deck``). ``edition`` forum: seed 004's
    game (:func:`forum_deal`)."""
    if edition == FORUM:
        if variants:
            raise SetupError("the forum edition plays without the board game's variants",
                             "refusal.forum_variants", variant=variants[0])
        return forum_deal(players, seed, roles, extra, options)
    if extra:
        raise SetupError("extra roles are dealt in the forum edition only (--edition forum)",
                         "refusal.extra_board")
    seeds = Seeds.derived(seed)
    cards = deck_for(players, roles)
    if not roles:
        for v in variants_of(variants):
            cards = v.fit_deck(cards, players)
    setup = engine.deal(NAMES[:players], cards, seeds.deal, options=options,
                        variants=tuple(variants), seed=seeds.game)
    check_setup(setup)
    return setup


def rule_choices(args: argparse.Namespace) -> tuple[tuple[str, ...], Options]:
    """``--variant`` (by id or alias) and ``--option name=value`` as a game's
    variants and options; SetupError naming what is wrong."""
    names = tuple(find_variant(v).id for v in args.variant or ())
    raw: dict[str, Any] = {}
    for item in args.option or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SetupError(f"--option wants name=value, not {item!r}", "refusal.option_form", item=item)
        raw[key.strip()] = yaml.safe_load(value) if value.strip() else None
    return names, Options.from_dict(raw, variant_options(names))


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=10, help="8 to 18 (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--roles", help="comma-separated role ids: every card, the middle included")
    parser.add_argument("--edition", choices=engine.EDITIONS, default=BOARD,
                        help="board (seeds 000-003, the default) or forum (seed 004)")
    parser.add_argument("--extra", help="forum edition: comma-separated extra roles dealt beside the cards "
                                        "(e.g. noble,drunk)")
    parser.add_argument("--bots", choices=STYLES, default="sensible")
    parser.add_argument("--variant", action="append", metavar="ID",
                        help="play with this variant of seed 000 (repeatable; e.g. lycanthropy, full_moon)")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE",
                        help="a rule or variant option (repeatable; e.g. wolves_win_at_parity=true)")


def _roles(arg: str | None) -> list[str] | None:
    return [r.strip() for r in arg.split(",") if r.strip()] if arg else None


def _error(problem: str | Exception, lang: str = voices.DEFAULT_LANGUAGE) -> int:
    """One line for the table, in its language where the error has one."""
    from narrator.yamlfile import readable

    text = voices.error_text(readable(problem), voices.load(lang)) if isinstance(problem, Exception) else problem
    print(f"wakkerdam: {text}", file=sys.stderr)
    return 2


def demo_main(argv: list[str]) -> int:
    parser = Parser(prog="wakkerdam demo",
                    description="A whole narrated game with bot players.")
    _common(parser)
    parser.add_argument("--lang", choices=voices.LANGUAGES, default="nl")
    parser.add_argument("--fast", action="store_true", help="no real waits (tests)")
    parser.add_argument("--wav", help="write everything the narrator says, in order, to this WAV file")
    parser.add_argument("--json", action="store_true", help="print the final summary as JSON (replay format)")
    parser.add_argument("--no-cues", action="store_true", help="no sound cues")
    parser.add_argument("--reveal", action="store_true", help="print private information too (spoils the game)")
    parser.add_argument("--text-only", action="store_true", help="no speech synthesis at all")
    parser.add_argument("--journal", help="write the game to this journal (resume it with 'wakkerdam resume')")
    parser.add_argument("--kit", help="play through this kit's fake devices (laptop, minimal, full, maneschijn)")
    parser.add_argument("--villages", type=int, default=3, help="with --variant villages_unite: how many (2-6)")
    parser.add_argument("--pairing", help="with --variant villages_unite: a folder from 'wakkerdam villages pair' "
                                          "whose broker runs (default: a broker started for the run)")
    parser.add_argument("--village", help="with --pairing: play only this village (one box, one process)")
    parser.add_argument("--wait", type=seconds, help="with --variant villages_unite: seconds a box waits for a "
                                               "silent village (default 3 with --fast, else 120)")
    args = parser.parse_args(argv)
    if "villages_unite" in (args.variant or ()):  # several boxes: villages/, above narrator/
        from narrator.cli import above

        return int(above("villages_evening")(args))
    try:
        variants, options = rule_choices(args)
        setup = deal(args.players, args.seed, _roles(args.roles), options, variants,
                     edition=args.edition, extra=_roles(args.extra))
    except (SetupError, ValueError) as exc:
        return _error(exc, args.lang)
    journal = None
    if args.journal:
        from narrator.journal import JournalError
        from narrator.session import new_journal

        try:
            journal = new_journal(args.journal, setup, mode="demo", lang=args.lang, bots=args.bots,
                                  text_only=args.text_only, kit=args.kit,
                                  seeds=seeds_of(setup).to_dict())
        except JournalError as exc:
            return _error(exc, args.lang)
    try:
        if args.kit:
            game = _kit_game(setup, args, journal)
        else:
            game = run_bot_game(setup, lang=args.lang, fast=args.fast, wav=args.wav, bots=args.bots,
                                cues=not args.no_cues, reveal=args.reveal, text_only=args.text_only,
                                quiet_stdout=args.json, journal=journal)
    except Exception as exc:  # one clear line for the table, never a traceback
        from engine import WakkerdamError

        if not isinstance(exc, WakkerdamError | OSError):
            raise
        return _error(exc, args.lang)
    finally:
        if journal is not None:
            journal.close()
    if args.json:
        print(json.dumps(summary(game, args.lang), ensure_ascii=False, indent=2))
    return 0


def _kit_game(setup: Setup, args: argparse.Namespace, journal: Any = None) -> Game:
    """The same bots, through a kit's fake devices: the same game (written,
    decision by decision, to the journal when there is one)."""
    from narrator.kitdemo import play_through_kit

    pack = voices.load(args.lang).for_setup(setup)
    out = sys.stderr if args.json else sys.stdout
    outside = args.kit == "maneschijn"      # the battery kit: a night outside
    speaker = make_voice(pack, fast=True, wav=args.wav, cues=not args.no_cues,
                         text_only=args.text_only, echo=False, outdoors=outside,
                         night_sounds=outside or "moonlight" in setup.variants)
    try:
        game, kit = play_through_kit(setup, args.kit, lang=args.lang, bot_style=args.bots, speaker=speaker,
                                     moderator_kw={"on_line": lambda line: print(line, file=out, flush=True),
                                                   "journal": journal})
        kit.close()
        if journal is not None:
            journal.mark_finished(summary(game, args.lang))
        return game
    finally:
        speaker.close()


def make_voice(pack: voices.Pack, *, fast: bool, wav: str | None, cues: bool, text_only: bool,
               echo: Any, outdoors: bool = False, night_sounds: bool = False) -> Any:
    if text_only:
        return TextSpeaker()
    from narrator.voice import make_speaker

    return make_speaker(pack, wav_path=wav, fast=fast, cues=cues, echo=echo, outdoors=outdoors,
                        night_sounds=night_sounds)


def run_bot_game(setup: Setup, *, lang: str = "nl", fast: bool = True, wav: str | None = None,
                 bots: str = "sensible", cues: bool = True, reveal: bool = False,
                 text_only: bool = False, quiet_stdout: bool = False,
                 journal: Any = None, game: Game | None = None, start_at: int = 0,
                 resumed: bool = False, moderator_class: type[Moderator] = Moderator,
                 moderator_kw: dict[str, Any] | None = None, label: str = "",
                 seeds: Seeds | None = None) -> Game:
    """Play a bot game through the moderator (the demo's core). ``label``
    starts each printed line (one village among several); ``seeds``: the
    narration's and the bots' (default: derived from the game's seed)."""
    seeds = seeds or seeds_of(setup)
    pack = voices.load(lang).for_setup(setup)
    out = sys.stderr if quiet_stdout else sys.stdout

    def echo(line: str) -> None:
        print(f"[{label}] {line}" if label else line, file=out, flush=True)

    speaker = make_voice(pack, fast=fast, wav=wav, cues=cues, text_only=text_only, echo=False,
                         night_sounds="moonlight" in setup.variants)
    timing = Timing(call_seconds=(6.0, 9.0), discussion=not fast, discussion_seconds=20.0,
                    discussion_warning=5.0)
    game = game or new_game(setup)
    holder: dict[str, Moderator] = {}
    table = BotTable(Bots(seeds.bots, bots), lambda: holder["m"].game)
    private = RecordingPrivate(pack, reveal=echo if reveal else None)
    moderator = moderator_class(
        game, pack, speaker, table, private, FastClock() if fast else RealClock(),
        narration_seed=seeds.narration, timing=timing, journal=journal, on_line=echo, realtime=not fast,
        start_at=start_at, **(moderator_kw or {}),
    )
    holder["m"] = moderator
    try:
        if resumed:
            moderator.resume_notice()
        game = moderator.run()
        if journal is not None:
            journal.mark_finished(summary(game, lang))
        return game
    finally:
        speaker.close()


def forum_batch(setup: Setup, seed: int, style: str, options: Options | None = None) -> Batch:
    """A run of a forum deal's deck: its cards and its extra roles, dealt anew each game."""
    cards = tuple(setup.roles[p] for p in setup.players)
    extras = tuple(r for p in setup.players for r in setup.extra.get(p, ()))
    return Batch(len(cards), cards, seed, style, options or Options(), edition=FORUM, extras=extras)


def jobs_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", type=int, default=default_jobs(),
                        help="processes to play on (default: every core); results do not depend on it")


def simulate_main(argv: list[str]) -> int:
    parser = Parser(prog="wakkerdam simulate",
                    description="Many bot games, no speech: who wins how often.")
    _common(parser)
    parser.add_argument("--games", type=int, default=1000)
    jobs_arg(parser)
    parser.add_argument("--lang", choices=voices.LANGUAGES, default="nl", help="the language of its messages")
    parser.set_defaults(bots="random")  # the speed benchmark's bots; `wakkerdam balance` plays sensible ones
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1:
        return fail("wakkerdam", language(argv), "cli.at_least", option="--games", n=1)
    if args.jobs < 1:
        return fail("wakkerdam", language(argv), "cli.at_least", option="--jobs", n=1)
    try:
        variants, options = rule_choices(args)
        setup = deal(args.players, args.seed, _roles(args.roles), options, variants,
                     edition=args.edition, extra=_roles(args.extra))
        if args.edition == BOARD:
            deck_for(args.players, _roles(args.roles))
    except (SetupError, ValueError) as exc:
        return _error(exc, args.lang)
    compiled.say_engine(voices.load(args.lang))
    result = simulate(args.games, args.players, args.seed, _roles(args.roles), args.bots,
                      progress=sys.stderr.isatty() and not args.json, variants=variants,
                      options=options, jobs=args.jobs,
                      forum=setup if args.edition == FORUM else None)
    result["engine"] = compiled.running()
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']} games in {result['seconds']:.2f} s "
              f"({result['games'] / max(result['seconds'], 1e-9):.0f} games/s, {args.jobs} jobs)")
        for team, n in sorted(result["wins"].items(), key=lambda kv: -kv[1]):
            print(f"  {team:12} {n:7}  {100 * n / result['games']:5.1f}%")
    return 0


def simulate(games: int, players: int, seed: int, roles: list[str] | None = None,
             style: str = "random", progress: bool = False, variants: tuple[str, ...] = (),
             options: Options | None = None, jobs: int = 1, forum: Setup | None = None) -> dict[str, Any]:
    """``games`` silent games on ``jobs`` processes; the wins do not depend on ``jobs``.
    ``forum``: a forum deal, whose cards and extra roles every game deals anew."""
    if forum is not None:
        batch = forum_batch(forum, seed, style, options)
    else:
        batch = Batch(players, tuple(deck_for(players, roles)), seed, style, options or Options(), variants)
    start = time.perf_counter()
    with progress_bar(games, "simulating", enabled=progress) as done:
        counts = wins(batch, games, jobs, done)
    return {"games": games, "seconds": round(time.perf_counter() - start, 4),
            "wins": dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))}
