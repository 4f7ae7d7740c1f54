"""Bots through the hardware: given a question and the answer a bot intends,
act on a fake kit's devices — present tokens and role cards, press seat and
console buttons, type — so that the kit's own :class:`~hardware.asking.KitInput`
reads back exactly that answer; and "read" the display when a private line
is shown, then acknowledge it.

This is how ``wakkerdam demo --kit NAME`` plays the very game ``wakkerdam
demo`` plays for the same seed: the bots decide as always, only their hands
go through the devices. :class:`KitBotTable` wraps any bot ``Input`` that way
and raises if the kit ever read back something else.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from hardware.asking import DONE, NOBODY, TOGETHER_S, blows_candles, cursor_items
from hardware.events import HardwareError
from hardware.kit import Kit
from ports import Answer, Input, Question


class BotHands:
    """Acts on ``kit``'s fake devices. ``prefer``: "pods", "tokens", "console"
    or "keyboard" to force one way of answering where the kit allows it."""

    def __init__(self, kit: Kit, prefer: str | None = None):
        if not kit.fake:
            raise HardwareError("bot hands act on fake devices only")
        self.kit = kit
        self.prefer = prefer
        self.read: dict[str, list[str]] = defaultdict(list)
        self._used_cards: set[str] = set()

    def attach(self, decide: Callable[[Question], Answer]) -> None:
        """From now on every question put to the kit is answered by ``decide``'s
        answer through the devices, and every private line is read and acknowledged."""
        self.kit.input.on_prompt = lambda q: self.perform(q, decide(q))
        self.kit.private.on_show = self.acknowledge

    # -- private lines --------------------------------------------------------
    def acknowledge(self, seats: tuple[str, ...], text: str) -> None:
        kit = self.kit
        if text:
            for seat in seats:
                self.read[seat].append(text)
        if kit.display_ok() and kit.has_console("next"):
            self._console("next")
        elif kit.display_ok() and kit.has_pods_for(seats[:1]):
            kit.seat(seats[0]).click()
        else:
            kit.keyboard.type("")

    # -- answers --------------------------------------------------------------
    def perform(self, q: Question, answer: Answer) -> None:
        kit = self.kit
        if answer is None:
            return  # the bot lets the question time out
        if blows_candles(kit, q):
            if isinstance(answer, tuple):
                for name in answer[:1] if q.ask == "werewolves" else answer:
                    kit.seat(name).click()  # a werewolf puts out the victim's candle
            return
        if q.kind == "yes_no":
            self._yes_no(q, bool(answer))
            return
        if q.kind == "text":
            kit.keyboard.type(answer[0] if isinstance(answer, tuple) and answer else "")
            return
        assert isinstance(answer, tuple)
        if any(a in q.hidden for a in answer):  # only typed: it is in no menu
            kit.keyboard.type(self._word(f"word.{answer[0]}"))
            return
        way = self._way(q, answer)
        if way == "keyboard":
            kit.keyboard.type(", ".join(answer) if answer else self._word("hardware.keyboard.none"))
            return
        if not answer:
            if way == "pods":
                self._pod_cursor(q, [], NOBODY)
            elif kit.has_console("no"):
                self._console("no")
            else:
                self._console_cursor(q, [], NOBODY)
            return
        chosen: list[str] = []
        for choice in answer:
            if way == "tags":
                kit.present(self._tag_for(choice))
            elif way == "pods":
                self._pod_cursor(q, chosen, choice)
            else:
                self._console_cursor(q, chosen, choice)
            chosen.append(choice)
        if not q.exact and len(answer) < q.count:
            if way == "pods":
                self._pod_cursor(q, chosen, DONE)
            else:
                self._console("yes")

    def _yes_no(self, q: Question, yes: bool) -> None:
        kit = self.kit
        if kit.has_console("yes", "no"):
            self._console("yes" if yes else "no")
        elif kit.has_pods_for(q.seats[:1]):
            seat = kit.seat(q.seats[0])
            seat.click() if yes else seat.hold()
        else:
            self.kit.keyboard.type(self._word("hardware.keyboard.yes" if yes else "hardware.keyboard.no"))

    def _way(self, q: Question, answer: tuple[str, ...]) -> str:
        kit = self.kit
        possible = []
        if kit.has_pods_for(q.seats[:1]):
            possible.append("pods")
        if kit.reader_ok() and all(self._tag_for(c, peek=True) for c in answer):
            possible.append("tags")
        if kit.has_console("next", "yes") and kit.display_ok():
            possible.append("console")
        wanted = {"tokens": "tags"}.get(self.prefer or "", self.prefer)
        if wanted in possible:
            return str(wanted)
        # Players by pod where there are pods, role cards and tokens by reader.
        for way in ("pods", "tags", "console") if all(a in kit.players for a in answer) else (
                "tags", "pods", "console"):
            if way in possible:
                return way
        return "keyboard"

    def _tag_for(self, choice: str, peek: bool = False) -> str | None:
        reg = self.kit.registry
        if choice in self.kit.players:
            return reg.token_of(self.kit.players.index(choice) + 1)
        cards = reg.cards_of(choice)
        if not cards:
            return None
        fresh = [c for c in cards if c not in self._used_cards] or cards
        if not peek:
            self._used_cards.add(fresh[0])
        return fresh[0]

    def _console(self, name: str) -> None:
        assert self.kit.console is not None
        self.kit.console.click(name)

    def _console_cursor(self, q: Question, chosen: list[str], target: str) -> None:
        steps = cursor_items(q, chosen).index(target) + 1
        for _ in range(steps):
            self._console("next")
        self._console("yes")

    def _pod_cursor(self, q: Question, chosen: list[str], target: str) -> None:
        seat = self.kit.seat(q.seats[0])
        steps = cursor_items(q, chosen).index(target) + 1
        for _ in range(steps):
            seat.click()
            self.kit.clock.sleep(TOGETHER_S)  # a fresh step, not "pressed together"
        seat.hold()

    def _word(self, key: str) -> str:
        return self.kit.pack.line(key).split(",")[0].strip()

    def forget_cards(self) -> None:
        self._used_cards.clear()


class KitBotTable:
    """An ``Input`` for the moderator: the bots (``bots``, any ``Input``)
    decide, their hands act on the kit, and the kit's reading is returned."""

    def __init__(self, kit: Kit, bots: Input, prefer: str | None = None):
        self.kit = kit
        self.bots = bots
        self.hands = BotHands(kit, prefer)
        self._intended: Answer = None
        self.hands.attach(lambda q: self._intended)

    def ask(self, question: Question) -> Answer:
        self._intended = self.bots.ask(question)
        got = self.kit.input.ask(question)
        if got != self._intended:
            # The values stay out of the message: they may be night secrets.
            raise HardwareError(f"kit {self.kit.spec.name} read another answer to the "
                                f"{question.ask} question than the bots gave")
        return got
