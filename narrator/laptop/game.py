"""A laptop game, new or resumed, run by the moderator with the laptop as
its table."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import voices
from engine import Game
from narrator.bot_table import TextSpeaker
from narrator.clock import RealClock
from narrator.journal import JournalError
from narrator.laptop.controls import LaptopControls
from narrator.laptop.input import LaptopInput
from narrator.laptop.private import LaptopPrivate
from narrator.laptop.session import LaptopSession
from narrator.laptop.setup import deal_at_the_laptop, dealt
from narrator.laptop.terminal import Keyboard, Screen
from narrator.moderator import Moderator, Timing
from narrator.seeds import seeds_of

#: the laptop's default lengths (``wakkerdam play`` can change each)
CALL_SECONDS = (20.0, 30.0)
DISCUSSION_SECONDS = 180.0
ANSWER_SECONDS = 60.0


@dataclass(frozen=True)
class LaptopSettings:
    """How a laptop game was started; kept in its journal, so that a resumed
    game goes on as it began (issue 10: calls of 5-6 s became 22-25 s)."""

    call_seconds: tuple[float, float] = CALL_SECONDS
    #: seconds of discussion before each vote (0: none)
    discussion: float = DISCUSSION_SECONDS
    answer_seconds: float = ANSWER_SECONDS
    cues: bool = True
    #: day votes spoken (``--voice-votes``): the laptop's microphone, Enter to talk when loud
    voice_votes: bool = False

    def timing(self) -> Timing:
        d = self.discussion
        return Timing(call_seconds=self.call_seconds, turn_seconds=self.call_seconds,
                      discussion=d > 0, discussion_seconds=d,
                      discussion_warning=min(20.0, d / 4), answer_seconds=self.answer_seconds)

    def to_header(self) -> dict[str, Any]:
        return {**asdict(self), "call_seconds": list(self.call_seconds)}

    @classmethod
    def from_header(cls, header: dict[str, Any]) -> LaptopSettings:
        """The settings a journal holds (the defaults for a journal without them)."""
        got = header.get("laptop") or {}
        lo, hi = got.get("call_seconds", CALL_SECONDS)
        return cls((float(lo), float(hi)), float(got.get("discussion", DISCUSSION_SECONDS)),
                   float(got.get("answer_seconds", ANSWER_SECONDS)), bool(got.get("cues", True)),
                   bool(got.get("voice_votes", False)))


def run_laptop_game(session: LaptopSession, game: Game, timing: Timing, *, text_only: bool,
                    wav: str | None = None, cues: bool = True, journal: Any = None,
                    start_at: int = 0, resumed: bool = False,
                    moderator_class: type[Moderator] = Moderator,
                    moderator_kw: dict[str, Any] | None = None, voice_votes: bool = False) -> Game:
    """Run ``game`` with the moderator, the laptop as its table; with a
    journal, every decision is written before its effect (``start_at`` and
    ``resumed`` go on with a game rebuilt from its journal). A layer above
    (villages/) may name its own moderator, with what it needs."""
    pack = session.pack
    if not text_only:
        from narrator.voice import make_speaker

        session.speaker = make_speaker(pack, wav_path=wav, cues=cues, echo=False)
    speaker = session.speaker
    setup = game.setup
    table: Any = LaptopInput(session)
    if voice_votes and not text_only:
        from narrator.laptop.talk import spoken_laptop

        table = spoken_laptop(session, table, setup)
    moderator = moderator_class(
        game, pack, speaker, table, LaptopPrivate(session), RealClock(),
        narration_seed=seeds_of(setup, journal.header if journal is not None else None).narration,
        timing=timing, controls=LaptopControls(session), journal=journal,
        on_line=session.public, realtime=not text_only, start_at=start_at, **(moderator_kw or {}),
    )
    session.call_left = moderator.call_left
    session.discussion_seconds = timing.discussion_seconds
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


def journal_failed(exc: JournalError, pack: voices.Pack) -> int:
    """The journal cannot be written (a full disk): one line in the game's
    language, and the game stops rather than go on unrecorded."""
    print(f"wakkerdam play: {exc.message(pack.lang)}", file=sys.stderr)
    return 2


def cut_short(screen: Screen, pack: voices.Pack, key: str, code: int) -> int:
    """End on a fresh line with the pack's word for why (Ctrl-D or Ctrl-C)."""
    screen.show("")
    screen.show(pack.line(key))
    return code


def resume_game(game: Game, start_at: int, *, lang: str, text_only: bool, journal: Any = None,
                wav: str | None = None, moderator_class: type[Moderator] = Moderator,
                moderator_kw: dict[str, Any] | None = None) -> int:
    """Go on with a laptop game rebuilt from its journal (for ``wakkerdam
    resume`` when the journal's mode is "play"), with the settings it was
    started with. Returns the exit code."""
    pack = voices.load(lang)
    screen = Screen()
    session = LaptopSession(pack, TextSpeaker(), Keyboard(), screen)
    settings = LaptopSettings.from_header(journal.header if journal is not None else {})

    def go_on() -> Game:
        redeal = journal is not None and not dealt(journal.records())
        if redeal:  # cut during the deal: the same cards again, seat by seat
            screen.show(pack.line("narration.resume_deal"))
            deal_at_the_laptop(session, game.setup, journal)
        return run_laptop_game(session, game, settings.timing(), text_only=text_only, wav=wav,
                               cues=settings.cues, journal=journal, start_at=start_at,
                               resumed=not redeal, moderator_class=moderator_class,
                               moderator_kw=moderator_kw, voice_votes=settings.voice_votes)

    return to_the_end(session, go_on)


def to_the_end(session: LaptopSession, play: Callable[[], Game]) -> int:
    """Play a game at the laptop and end it as the table must see it: every
    card turned over (exit 0), or one line in the game's language for why it
    stopped — Ctrl-D (1), Ctrl-C (130), a journal that cannot be written (2)."""
    screen, pack = session.screen, session.pack
    try:
        game = play()
    except JournalError as exc:
        return journal_failed(exc, pack)
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
    for name in game.state.players:  # who is in the village now (players may move: villages/)
        session.screen.show(pack.line("laptop.card_line", name=name,
                                      role=pack.role_bare(game.state.role[name].value)))

