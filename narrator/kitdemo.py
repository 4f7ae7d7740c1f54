"""Bots playing through a kit's fake devices: ``wakkerdam demo --kit NAME``
(it runs the moderator, so it lives in ``narrator/``, above ``hardware/``).

:func:`play_through_kit` deals (the bots scan their role cards on the
reader, and the box must learn exactly the seeded deal), lights the
candles, and runs the moderator with a :class:`~hardware.bothands.KitBotTable`
as its table and the kit's private channel — so every answer goes through
tokens, seat buttons, console buttons or the keyboard and every private line
over the display or the pods, while the bots decide exactly as in
``wakkerdam demo``: the same seed gives the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import voices
from engine import FORUM, Game, Setup, new_game
from hardware.bothands import KitBotTable
from hardware.events import HardwareError
from hardware.flows import deal_by_box, deal_by_cards
from hardware.kit import Kit, build_kit
from narrator.bot_table import BotTable, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.moderator import Moderator, Timing
from narrator.seeds import seeds_of
from ports import Answer, Input, Question


class CandleKeeper:
    """An ``Input`` wrapper that blows out the candles of the dead before each
    day question (so the dawn's deaths go dark; at night nothing changes,
    which keeps the risky variant's candles as the werewolves left them)."""

    def __init__(self, table: Input, kit: Kit, alive: Callable[[], tuple[str, ...]]):
        self.table = table
        self.kit = kit
        self.alive = alive

    def ask(self, question: Question) -> Answer:
        if not question.secret:
            self.kit.candles.sync(self.alive())
        return self.table.ask(question)


def scan_cards(kit: Kit, table: KitBotTable, roles: dict[str, str]) -> dict[str, str]:
    """The bots scan their role cards, one after another; returns what the box learnt."""
    hands = table.hands

    def turn(player: str) -> None:
        tag = hands._tag_for(roles[player]) if kit.reader_ok() else None
        if tag is not None:
            kit.present(tag)
        else:
            kit.keyboard.type(roles[player])

    return deal_by_cards(kit, on_turn=turn)


def play_through_kit(setup: Setup, kit_name: str, *, lang: str = "nl", bots: Any = None,
                     bot_style: str = "sensible", speaker: Any = None, risky_candles: bool = False, deal: str = "cards",
                     moderator_kw: dict[str, Any] | None = None) -> tuple[Game, Kit]:
    """Play ``setup`` with bots through fake devices of ``kit_name``.

    ``bots``: an ``Input`` that answers as the bots intend (default: the
    demo's :class:`narrator.bot_table.BotTable` with ``bot_style`` bots).
    ``speaker`` and ``moderator_kw`` (timing, journal, on_line ...) go to the
    moderator as in ``wakkerdam demo``.
    ``deal``: "cards" (the bots scan their cards) or "box" (the box shows
    each bot its role). Returns the finished game and the kit (close it).
    """
    pack = voices.load(lang).for_setup(setup)
    kit = build_kit(kit_name, fake=True, players=list(setup.players), lang=lang,
                    risky_candles=risky_candles)
    holder: dict[str, Moderator] = {}
    seeds = seeds_of(setup)
    bot_input = bots or BotTable(Bots(seeds.bots, bot_style), lambda: holder["m"].game)
    table = KitBotTable(kit, bot_input)
    roles = {p: setup.roles[p].value for p in setup.players}
    if setup.edition == FORUM:
        deal = "box"  # the box holds no cards of seed 004's roles: it shows each player his
    if deal == "cards":
        learnt = scan_cards(kit, table, roles)
        if learnt != roles:
            raise HardwareError("the box did not learn the deal from the scanned cards")
    else:
        deal_by_box(kit, roles)
    kit.candles.light(setup.players)
    game = new_game(setup)
    keeper = CandleKeeper(table, kit, lambda: game.state.living())
    kw: dict[str, Any] = {"timing": Timing(call_seconds=(6.0, 9.0), discussion=False)}
    kw.update(moderator_kw or {})
    moderator = Moderator(game, pack, speaker or TextSpeaker(), keeper, kit.private, FastClock(),
                          narration_seed=seeds.narration, **kw)
    holder["m"] = moderator
    moderator.run()
    kit.candles.sync(game.state.living())
    return game, kit
