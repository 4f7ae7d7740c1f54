"""How a set-up from the page is played: bots (``serve --bots``, the tests),
or the box's kit (the service), both through the real moderator."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import voices
from engine import Game, Setup
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.moderator import Moderator, Timing
from narrator.seeds import Seeds
from narrator.wall import WallBoard
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


class BotPlay:
    """A bot game on the virtual clock; ``wrap`` puts something between the
    moderator and the bots (pacing, or a test's gate)."""

    def __init__(self, style: str = "sensible", *, wrap: Callable[[Input], Input] | None = None) -> None:
        self.style = style
        self.wrap = wrap
        self.private: RecordingPrivate | None = None

    def play(self, choice: Choice, setup: Setup, controls: PageControls,
             watch: Callable[[Moderator], None], *, seeds: Seeds | None = None) -> Game:
        pack = voices.load(choice.lang)
        holder: dict[str, Moderator] = {}
        table: Input = BotTable(Bots(setup.seed, self.style), lambda: holder["m"].game)
        if self.wrap is not None:
            table = self.wrap(table)
        self.private = RecordingPrivate(pack)
        moderator = Moderator(
            Game(setup), pack, TextSpeaker(), table, self.private, FastClock(),
            narration_seed=seeds.narration if seeds else setup.seed, controls=controls,
            timing=Timing(call_seconds=choice.call_seconds, discussion_seconds=choice.discussion_seconds,
                          discussion_warning=min(20.0, choice.discussion_seconds / 2),
                          discussion=choice.discussion_seconds > 0),
        )
        holder["m"] = moderator
        watch(moderator)
        return moderator.run()


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
