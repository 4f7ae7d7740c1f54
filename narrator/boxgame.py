"""``wakkerdam play --kit minimal|full|maneschijn``: a real game on the box.

The kit's devices are checked at start-up and what is missing is said once;
the game plays with what is there (the keyboard always works). Roles come
from the real cards scanned one by one (``--deal cards``) or the box deals
and shows each player their card (``--deal box``). Every decision goes to the
journal before its effect is spoken; ``wakkerdam resume`` goes on after a
power cut. The dead's candles go out at dawn and after the vote.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections import Counter
from typing import Any

import engine
import voices
from engine import Game, Role, Setup, SetupError, WakkerdamError, check_setup
from engine.variants import variants_of
from narrator.clock import RealClock
from narrator.demo import NAMES, deck_for, rule_choices
from narrator.moderator import Moderator, Timing
from narrator.replay import summary
from narrator.seeds import Seeds
from voices.args import Parser, fail, seconds, seconds_pair


class CallBoundPrivate:
    """A kit's private channel that never lets a private line outlast the
    night call it belongs to (a slow reader must not stretch the call)."""

    def __init__(self, private: Any, moderator: Moderator | None = None) -> None:
        self.private = private
        self.moderator = moderator

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any], *,
             sleeper: bool = False) -> None:
        left = self.moderator.call_left() if self.moderator is not None else None
        if left is not None and hasattr(self.private, "show_s"):
            default = self.private.show_s
            self.private.show_s = max(1.0, left)
            try:
                self.private.show(seats, key, params, sleeper=sleeper)
            finally:
                self.private.show_s = default
        else:
            self.private.show(seats, key, params, sleeper=sleeper)

    def tap_round(self, lines: dict[str, tuple[str, dict[str, Any]]]) -> None:
        # Not bounded: a round has one fixed shape, the call is padded to it.
        self.private.tap_round(lines)


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="wakkerdam play --kit", description="A real game on the box's kit.")
    p.add_argument("--kit", required=True, help="minimal, full, maneschijn, or a kit file")
    p.add_argument("--lang", choices=voices.LANGUAGES, default="nl")
    p.add_argument("--names", help="the players' names in seat order, comma-separated")
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--roles", help="comma-separated role ids: every card, the middle included")
    p.add_argument("--variant", action="append", metavar="ID",
                   help="play with this variant of seed 000 (repeatable; e.g. lycanthropy, full_moon)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a rule or variant option (repeatable)")
    p.add_argument("--deal", choices=("cards", "box"), default="cards")
    p.add_argument("--edition", choices=engine.EDITIONS, default=engine.BOARD,
                   help="board (seeds 000-003) or forum (seed 004: --roles every card; the box deals)")
    p.add_argument("--extra", help="forum edition: extra roles dealt beside the cards (e.g. noble,drunk)")
    p.add_argument("--seed", type=int, help="for the box's deal (default: random)")
    p.add_argument("--journal", help="the journal file (default: a new one in the state directory)")
    p.add_argument("--wav")
    p.add_argument("--text-only", action="store_true")
    p.add_argument("--risky-candles", action="store_true", help="Maneschijn: the werewolves blow out their victim's candle")
    p.add_argument("--call-seconds", type=seconds_pair, default=(15.0, 22.0),
                   help="LO,HI: how long every night call lasts")
    p.add_argument("--discussion", type=seconds, default=180.0, help="seconds of discussion before each vote")
    p.add_argument("--answer-seconds", type=seconds, default=30.0, help="time for one player's day answer")
    p.add_argument("--no-voice-votes", action="store_true", help="day votes by buttons and tokens only")
    p.add_argument("--fake", action="store_true", help="fake devices (a dry run of the wiring)")
    p.add_argument("--new", action="store_true",
                   help="start a new game even when an unfinished one is in the state directory")
    return p


def _unfinished() -> str | None:
    """The newest unfinished box game (resumed at boot rather than lost)."""
    from narrator.journal import Journal, JournalError
    from narrator.session import default_journal_dir

    for path in Journal.find_unfinished(default_journal_dir()):
        try:
            j, _ = Journal.verify(path)
        except JournalError:
            continue
        if j.header.get("mode") == "box":
            return str(path)
    return None


def _list(arg: str | None) -> list[str] | None:
    return [r.strip() for r in arg.split(",") if r.strip()] if arg else None


def _middle(deck: list[Role], dealt: dict[str, str]) -> tuple[Role, ...]:
    left = Counter(deck) - Counter(Role(r) for r in dealt.values())
    return tuple(left.elements())


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if not args.new and not args.journal and not args.fake and (found := _unfinished()):
        from narrator.session import resume_main

        return resume_main([found] + (["--text-only"] if args.text_only else []))
    pack = voices.load(args.lang)
    names = [n.strip() for n in args.names.split(",")] if args.names else list(NAMES[: args.players])
    forum = args.edition == engine.FORUM
    try:
        lo, hi = args.call_seconds
        variants, options = rule_choices(args)
        if forum:  # checked before any device is opened
            from narrator.demo import forum_setup

            if variants:
                raise SetupError("the forum edition plays without the board game's variants",
                                 "refusal.forum_variants", variant=variants[0])
            forum_setup(names, 0, 0, _list(args.roles), _list(args.extra))
        deck = [] if forum else deck_for(len(names), _list(args.roles))
        if not args.roles:  # the box's own deck suits the variants (the demo's rule)
            for v in variants_of(variants):
                deck = v.fit_deck(deck, len(names))
    except (SetupError, ValueError) as exc:
        return fail("wakkerdam", args.lang, exc)
    try:
        kit, speaker, say = open_kit(args, names, fake=args.fake)
    except (WakkerdamError, OSError, ValueError) as exc:
        return fail("wakkerdam", args.lang, exc)
    if not kit.can_answer():
        # No device and no terminal (a service whose devices are all gone):
        # said once, and the box stops instead of waiting for ever.
        say(pack.line("hardware.no_input"))
        speaker.close()
        kit.close()
        return 2
    try:
        # A real game: every seed secret (kept only in the 0600 journal);
        # --seed makes a dry run reproducible.
        seeds = Seeds.secret() if args.seed is None else Seeds.derived(args.seed)
        if forum:  # the box holds no cards of seed 004's roles: it shows each player his
            from hardware.flows import deal_by_box
            from narrator.demo import forum_setup

            setup = forum_setup(names, seeds.deal, seeds.game, _list(args.roles), _list(args.extra))
            deal_by_box(kit, {p: setup.roles[p].value for p in names})
        elif args.deal == "cards":
            from hardware.flows import deal_by_cards

            dealt = deal_by_cards(kit)
            if set(dealt) != set(names):
                return fail("wakkerdam", args.lang, "hardware.deal.not_everyone")
            setup = Setup(tuple(names), {p: Role(dealt[p]) for p in names}, _middle(deck, dealt),
                          options, seeds.game, variants=variants)
            check_setup(setup)
        else:
            from hardware.flows import deal_by_box

            setup = engine.deal(names, deck, seeds.deal, seed=seeds.game, options=options,
                                variants=variants)
            check_setup(setup)
            deal_by_box(kit, {p: setup.roles[p].value for p in names})
        return play(setup, kit, speaker, args=args, call_seconds=(lo, hi), seeds=seeds)
    except (WakkerdamError, OSError) as exc:
        return fail("wakkerdam", args.lang, exc)
    except EOFError:
        print(pack.line("narration.paused"), file=sys.stderr)
        return 1
    finally:
        speaker.close()
        kit.close()


def open_kit(args: argparse.Namespace, players: list[str], *, fake: bool) -> tuple[Any, Any, Any]:
    """The kit and the voice; what is missing is said once, and a device lost
    later is said when it goes. Returns (kit, speaker, say)."""
    from hardware.kit import build_kit
    from narrator.demo import make_voice

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # gpiozero's pin factory fallbacks: reported below instead
        kit = build_kit(args.kit, fake=fake, players=players, lang=args.lang,
                        risky_candles=args.risky_candles)
    speaker = make_voice(voices.load(args.lang), fast=False, wav=args.wav, cues=True,
                         text_only=args.text_only, echo=False, outdoors=kit.spec.battery)

    def say(line: str) -> None:
        print(line, flush=True)
        speaker.say(line)

    for line in kit.report_missing():
        say(line)
    kit.on_notice = say
    return kit, speaker, say


def play(setup: Setup, kit: Any, speaker: Any, *, args: argparse.Namespace,
         call_seconds: tuple[float, float], seeds: Seeds, journal: Any = None,
         game: Game | None = None, start_at: int = 0, on_moderator: Any = None,
         answers: Any = None, clock: Any = None, wall: Any = None, wall_seconds: float | None = None) -> int:
    """Play ``setup`` on the kit; ``on_moderator`` sees the moderator before
    the game starts (the set-up page shows what the table may know).

    ``answers``: who answers (default: the kit's own input, the players);
    ``clock``: the moderator's clock (default real time; a virtual one plays
    a dry run or a test without waiting); ``wall``: the page's
    :class:`~narrator.wall.WallBoard` (the talking wall's lines come from the
    players' phones; without it, from the console's keyboard)."""
    from narrator.kitdemo import CandleKeeper
    from narrator.session import default_journal_dir, journal_name, new_journal

    resumed = game is not None
    game = game or engine.new_game(setup)
    if journal is None:
        path = args.journal or str(default_journal_dir() / journal_name())
        journal = new_journal(path, setup, mode="box", kit=args.kit, lang=args.lang, seeds=seeds.to_dict(),
                              text_only=args.text_only, call_seconds=list(call_seconds),
                              discussion=args.discussion, answer_seconds=args.answer_seconds,
                              voice_votes=not args.no_voice_votes, risky_candles=args.risky_candles,
                              wall_phones=wall is not None)
    kit.candles.light(game.state.living())
    if hasattr(speaker, "night_sounds"):
        # Maneschijn nights: outdoors on the battery kit, or the candles' variant
        speaker.night_sounds = kit.spec.battery or "moonlight" in setup.variants
    private = CallBoundPrivate(kit.private)
    pack = voices.load(args.lang).for_setup(setup)
    table = CandleKeeper(answers or kit.input, kit, lambda: moderator.game.state.living())
    if not args.no_voice_votes:
        table = spoken_table(pack, table, setup, kit.on_notice, kit=kit)
    phones = None
    if wall is not None and "talking_wall" in setup.variants:
        table = phones = phone_wall(table, wall, setup, seeds, journal, resumed=resumed,
                                    game=lambda: moderator.game, seconds=wall_seconds)
    moderator = Moderator(
        game, pack, speaker, table, private,
        clock or RealClock(), narration_seed=seeds.narration, controls=kit.controls, journal=journal,
        timing=Timing(call_seconds=call_seconds, turn_seconds=call_seconds, discussion_seconds=args.discussion,
                      answer_seconds=args.answer_seconds),
        on_line=lambda line: print(line, flush=True), realtime=clock is None, start_at=start_at,
    )
    private.moderator = moderator
    try:
        if on_moderator is not None:
            on_moderator(moderator)
        if resumed:
            moderator.resume_notice()
        if phones is not None:
            phones.say = moderator.tell
            moderator.tell("wall.codes")
            give_wall_codes(kit.private, setup, seeds)
        game = moderator.run()
        kit.candles.sync(game.state.living())
        journal.mark_finished(summary(game, args.lang))
    finally:
        if wall is not None:
            wall.end()
        journal.close()
    return 0


def phone_wall(table: Any, wall: Any, setup: Setup, seeds: Seeds, journal: Any, *, resumed: bool,
               game: Any, seconds: float | None) -> Any:
    """The talking wall from the phones in front of ``table``: each player's
    code derived from the deal's secret seed, the lines of a dusk a restart
    cut short kept from the journal."""
    from narrator.wall import WALL_SECONDS, PhoneWall, wall_codes

    wall.begin(wall_codes(seeds.deal, setup.players), journal, journal.records() if resumed else ())
    return PhoneWall(table, wall, dusk=lambda: game().state.when, living=lambda: game().state.living(),
                     seconds=WALL_SECONDS if seconds is None else seconds)


def give_wall_codes(private: Any, setup: Setup, seeds: Seeds) -> None:
    """Every player's code for the wall, in one private round of fixed shape
    (each handed the console in turn, as the kit shows private lines; held
    long enough to learn, a press blanks it sooner)."""
    from narrator.wall import CODE_SHOWN_S, shown, wall_codes

    codes = wall_codes(seeds.deal, setup.players)
    private.tap_round({p: ("web.wall.code", {"code": shown(codes[p])}) for p in setup.players},
                      line_s=CODE_SHOWN_S)


def spoken_table(pack: voices.Pack, buttons: Any, setup: Setup, say: Any, *, kit: Any = None,
                 **hearing_kw: Any) -> Any:
    """Day votes by voice (the box's recognizer and the microphone) with the
    buttons as fallback; what is missing is said once and buttons are used.
    On a kit with seat buttons a room too loud for listening keeps the
    voices: each voter holds their seat button while speaking (said once).
    ``hearing_kw``: ``spoken_input``'s seams (a test's microphone)."""
    from narrator.hearing.setup import spoken_input

    has_pods = kit is not None and kit.has_pods_for(tuple(setup.players))
    hearing = spoken_input(pack, say=lambda key, **params: say(pack.line(key, **params)),
                           fallback=buttons, seats={p: i + 1 for i, p in enumerate(setup.players)},
                           push_to_talk=kit.push_to_talk if has_pods else None, **hearing_kw)
    for key, params in hearing.notices:
        say(pack.line(key, **params))
    return hearing.input


def resume(game: Game, start_at: int, journal: Any, *, text_only: bool, wav: str | None,
           wall: Any = None, fake: bool = False, answers: Any = None, clock: Any = None) -> int:
    """Go on with a box game after a restart, on the kit its journal names;
    a game whose wall was on the phones goes on with the page's ``wall``
    (without one, the console's keyboard takes the lines). ``fake``,
    ``answers``, ``clock``: a dry run's, as for :func:`play`."""
    h = journal.header
    args = argparse.Namespace(kit=h["kit"], lang=h.get("lang", "nl"), journal=None, text_only=text_only,
                              discussion=h.get("discussion", 180.0), answer_seconds=h.get("answer_seconds", 30.0),
                              no_voice_votes=not h.get("voice_votes", True),
                              risky_candles=h.get("risky_candles", False), wav=wav)
    kit, speaker, _ = open_kit(args, list(game.setup.players), fake=fake)
    try:
        lo, hi = h.get("call_seconds", [15.0, 22.0])
        seeds = Seeds.from_header(h, game.setup.seed)
        return play(game.setup, kit, speaker, args=args, call_seconds=(lo, hi),
                    seeds=seeds, journal=journal, game=game, start_at=start_at,
                    wall=wall if h.get("wall_phones") else None,
                    answers=answers(kit, lambda: game, seeds) if answers is not None else None, clock=clock)
    finally:
        speaker.close()
        kit.close()
