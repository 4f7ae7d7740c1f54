"""How a set-up from the page is played: bots (``serve --bots``, the tests),
or the box's kit (the service), both through the real moderator."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import voices
from engine import Game, Setup, new_game
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.moderator import Moderator, Timing
from narrator.seeds import Seeds
from narrator.wall import WALL_SECONDS, PhoneWall, WallBoard, shown, wall_codes
from ports import Answer, Input, Question
from web.choices import Choice
from web.runner import PageControls


class Paced:
    """Bots that take ``seconds`` of real time per answer, so that a person
    can watch the page follow the game."""

    def __init__(self, inner: Input, seconds: float) -> None:
        self.inner = inner
        self.seconds = seconds

    def ask(self, question: Question) -> Answer:
        time.sleep(self.seconds)
        return self.inner.ask(question)


class SeatPrivate(RecordingPrivate):
    """The private channel of a bot game with one person at ``seat``: every
    line meant for that seat is shown to them (``show``: the terminal of
    ``serve --bots --human-seat``, the box's display as it were); the bots'
    own lines are only kept, as ever."""

    def __init__(self, pack: voices.Pack, seat: str, show: Callable[[str], None]) -> None:
        super().__init__(pack)
        self.seat = seat
        self._show = show

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any], *,
             sleeper: bool = False) -> None:
        super().show(seats, key, params, sleeper=sleeper)
        if self.seat in seats:
            self._show(self.pack.line("web.story.secret", who=self.seat, line=self.pack.line(key, **params)))

    def tap_round(self, lines: dict[str, tuple[str, dict[str, Any]]], **_: Any) -> None:
        super().tap_round(lines)


class BotPlay:
    """A bot game on the virtual clock; ``wrap`` puts something between the
    moderator and the bots (pacing, or a test's gate).

    ``human_seat``: one person plays that seat (1 is the first) to try what a
    player does on a phone: what the box shows that seat privately goes to
    ``show`` (its card, its night's news, its code for the talking wall),
    and with the talking wall (``Choice.wall_phones``) its line comes from
    the page's ``wall`` (``/wall``, open ``wall_seconds`` of real time); the
    bots make that seat's other choices and write the other lines."""

    def __init__(self, style: str = "sensible", *, wrap: Callable[[Input], Input] | None = None,
                 human_seat: int | None = None, wall: WallBoard | None = None,
                 wall_seconds: float | None = None, show: Callable[[str], None] | None = None) -> None:
        self.style = style
        self.wrap = wrap
        self.human_seat = human_seat
        self.wall = wall
        self.wall_seconds = wall_seconds
        self.show = show or (lambda line: print(line, flush=True))
        self.private: RecordingPrivate | None = None

    @property
    def phones(self) -> bool:
        """Whether a player writes the talking wall on a phone (the page offers it)."""
        return self.human_seat is not None and self.wall is not None

    def human(self, setup: Setup) -> str | None:
        seat = self.human_seat
        return setup.players[seat - 1] if seat is not None and 1 <= seat <= len(setup.players) else None

    def play(self, choice: Choice, setup: Setup, controls: PageControls,
             watch: Callable[[Moderator], None], *, seeds: Seeds | None = None) -> Game:
        pack = voices.load(choice.lang).for_setup(setup)
        holder: dict[str, Moderator] = {}
        table: Input = BotTable(Bots(setup.seed, self.style), lambda: holder["m"].game)
        if self.wrap is not None:
            table = self.wrap(table)
        human = self.human(setup)
        if self.human_seat is not None and human is None:
            self.show(pack.line("web.box.human_seat", seat=self.human_seat, count=len(setup.players)))
        self.private = private = RecordingPrivate(pack) if human is None else SeatPrivate(pack, human, self.show)
        phones = None
        if human is not None and self.wall is not None and choice.wall_phones \
                and "talking_wall" in setup.variants:
            codes = wall_codes((seeds or Seeds.derived(setup.seed)).deal, setup.players)
            self.wall.begin(codes, None)
            phones = PhoneWall(table, self.wall, dusk=lambda: holder["m"].game.state.when,
                               living=lambda: holder["m"].game.state.living(), phones=(human,),
                               seconds=WALL_SECONDS if self.wall_seconds is None else self.wall_seconds)
            table = phones
        moderator = Moderator(
            new_game(setup), pack, TextSpeaker(), table, private, FastClock(),
            narration_seed=seeds.narration if seeds else setup.seed, controls=controls,
            timing=Timing(call_seconds=choice.call_seconds, discussion_seconds=choice.discussion_seconds,
                          discussion_warning=min(20.0, choice.discussion_seconds / 2),
                          discussion=choice.discussion_seconds > 0),
        )
        holder["m"] = moderator
        watch(moderator)
        if human is not None:
            self.show(pack.line("web.box.human", seat=self.human_seat, name=human))
            private.show((human,), "hardware.deal.your_role", {"role": pack.role_bare(setup.roles[human].value)})
        try:
            if phones is not None:
                phones.say = moderator.tell
                moderator.tell("wall.codes")
                private.tap_round({p: ("web.wall.code", {"code": shown(codes[p])}) for p in setup.players})
            return moderator.run()
        finally:
            if phones is not None and self.wall is not None:
                self.wall.end()


#: who answers on a kit: made from the kit and the game under way
Hands = Callable[[Any, Callable[[], Game], Seeds], Input]


def bot_hands(style: str = "sensible") -> Hands:
    """Bots whose hands press the kit's (fake) buttons and hold its tokens
    (``hardware.bothands``): the kit reads every answer as from people."""
    from hardware.bothands import KitBotTable

    def hands(kit: Any, game: Callable[[], Game], seeds: Seeds) -> Input:
        return KitBotTable(kit, BotTable(Bots(seeds.bots, style), game))

    return hands


class KitPlay:
    """A real game on the box's kit (``narrator.boxgame``): the box deals and
    shows each player their card, the page's pause joins the console's.

    For a dry run or a test: ``hands`` answer instead of people
    (:func:`bot_hands` on a ``fake`` kit), ``fast`` plays on the virtual
    clock (no real waits), ``journal_dir`` keeps the journals apart from the
    box's own. With the talking wall the lines come from the players' phones
    through the page's ``wall`` (``Choice.wall_phones``), else from the
    console's keyboard."""

    def __init__(self, kit: str, *, fake: bool = False, text_only: bool = False,
                 wav: str | None = None, fast: bool = False, hands: Hands | None = None,
                 journal_dir: Path | None = None, wall: WallBoard | None = None,
                 wall_seconds: float | None = None) -> None:
        self.kit = kit
        #: the page's wall: the talking wall's lines come from the phones
        #: when the set-up says so (``wall_seconds``: how long it stays open)
        self.wall = wall
        self.wall_seconds = wall_seconds
        self.fake = fake
        self.text_only = text_only
        self.wav = wav
        self.fast = fast
        self.hands = hands
        self.journal_dir = journal_dir

    @property
    def phones(self) -> bool:
        """Whether the players write the talking wall on their phones (the page offers it)."""
        return self.wall is not None

    def args(self, choice: Choice) -> argparse.Namespace:
        from narrator.session import journal_name

        journal = str(self.journal_dir / journal_name()) if self.journal_dir is not None else None
        return argparse.Namespace(
            kit=self.kit, lang=choice.lang, journal=journal, text_only=self.text_only, wav=self.wav,
            discussion=choice.discussion_seconds, answer_seconds=30.0,
            no_voice_votes=not choice.voice_votes, risky_candles=False)

    def play(self, choice: Choice, setup: Setup, controls: PageControls,
             watch: Callable[[Moderator], None], *, seeds: Seeds | None = None) -> Game:
        from hardware.flows import deal_by_box
        from narrator import boxgame

        args = self.args(choice)
        kit, speaker, _ = boxgame.open_kit(args, list(setup.players), fake=self.fake)
        controls.inner = kit.controls
        seen: list[Moderator] = []

        def hooked(moderator: Moderator) -> None:
            moderator.controls = controls
            seen.append(moderator)
            watch(moderator)

        seeds = seeds or Seeds.derived(setup.seed)
        answers = self.hands(kit, lambda: seen[-1].game, seeds) if self.hands is not None else None
        try:
            deal_by_box(kit, {p: setup.roles[p].value for p in setup.players})
            boxgame.play(setup, kit, speaker, args=args, call_seconds=choice.call_seconds,
                         seeds=seeds, on_moderator=hooked, answers=answers,
                         clock=FastClock() if self.fast else None,
                         wall=self.wall if choice.wall_phones else None, wall_seconds=self.wall_seconds)
            return seen[-1].game
        finally:
            speaker.close()
            kit.close()
