"""A laptop game, new or resumed, run by the moderator with the laptop as
its table."""

from __future__ import annotations

from typing import Any

import voices
from engine import Game
from narrator.bot_table import TextSpeaker
from narrator.clock import RealClock
from narrator.laptop.controls import LaptopControls
from narrator.laptop.input import LaptopInput
from narrator.laptop.private import LaptopPrivate
from narrator.laptop.session import LaptopSession
from narrator.laptop.terminal import Keyboard, Screen
from narrator.moderator import Moderator, Timing

#: the laptop's default lengths (``wakkerdam play`` can change each)
CALL_SECONDS = (20.0, 30.0)
DISCUSSION_SECONDS = 180.0
ANSWER_SECONDS = 60.0


def laptop_timing(call_seconds: tuple[float, float] = CALL_SECONDS,
                  discussion: float = DISCUSSION_SECONDS,
                  answer_seconds: float = ANSWER_SECONDS) -> Timing:
    """The moderator's timing for a laptop game (``discussion`` 0: none)."""
    return Timing(call_seconds=call_seconds, discussion=discussion > 0,
                  discussion_seconds=discussion, discussion_warning=min(20.0, discussion / 4),
                  answer_seconds=answer_seconds)


def run_laptop_game(session: LaptopSession, game: Game, timing: Timing, *, text_only: bool,
                    wav: str | None = None, cues: bool = True, journal: Any = None,
                    start_at: int = 0, resumed: bool = False) -> Game:
    """Run ``game`` with the moderator, the laptop as its table; with a
    journal, every decision is written before its effect (``start_at`` and
    ``resumed`` go on with a game rebuilt from its journal)."""
    pack = session.pack
    if not text_only:
        from narrator.voice import make_speaker

        session.speaker = make_speaker(pack, wav_path=wav, cues=cues, echo=False)
    speaker = session.speaker
    setup = game.setup
    moderator = Moderator(
        game, pack, speaker, LaptopInput(session), LaptopPrivate(session), RealClock(),
        narration_seed=setup.seed, timing=timing, controls=LaptopControls(session), journal=journal,
        on_line=session.public, realtime=not text_only, start_at=start_at,
    )
    session.call_left = moderator.call_left
    session.game = lambda: moderator.game
    try:
        if resumed:
            moderator.resume_notice()
        else:
            welcome = pack.line("narration.welcome", count=len(setup.players))
            session.public(welcome)
            speaker.say(welcome)
        game = moderator.run()
        if journal is not None:
            from narrator.replay import summary

            journal.mark_finished(summary(game, pack.lang))
        return game
    finally:
        speaker.close()


def cut_short(screen: Screen, pack: voices.Pack, key: str, code: int) -> int:
    """End on a fresh line with the pack's word for why (Ctrl-D or Ctrl-C)."""
    screen.show("")
    screen.show(pack.line(key))
    return code


def resume_game(game: Game, start_at: int, *, lang: str, text_only: bool, journal: Any = None,
                wav: str | None = None, timing: Timing | None = None) -> int:
    """Go on with a laptop game rebuilt from its journal (for ``wakkerdam
    resume`` when the journal's mode is "play"). Returns the exit code."""
    pack = voices.load(lang)
    screen = Screen()
    session = LaptopSession(pack, TextSpeaker(), Keyboard(), screen)
    try:
        game = run_laptop_game(session, game, timing or laptop_timing(),
                               text_only=text_only, wav=wav, journal=journal, start_at=start_at,
                               resumed=True)
    except EOFError:
        return cut_short(screen, pack, "laptop.eof", 1)
    except KeyboardInterrupt:
        return cut_short(screen, pack, "laptop.stopped", 130)
    show_all_cards(session, game)
    return 0


def show_all_cards(session: LaptopSession, game: Game) -> None:
    """The game is over: every card is turned over (the rules make them public)."""
    pack = session.pack
    session.screen.show(pack.line("laptop.cards_header"))
    for name in game.setup.players:
        session.screen.show(pack.line("laptop.card_line", name=name,
                                      role=pack.role_bare(game.state.role[name].value)))

