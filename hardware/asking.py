"""The kit's :class:`ports.Input`: how a question is answered
in silence on each kit.

Pointing at a player without a sound (why these ways):

- **Tokens** (every kit with a reader): each seat has a token; the woken
  player takes the target's token from the tray on the console and holds it
  on the reader. It makes no sound, and the tray sits in the middle so
  reaching for it says nothing about where one sits. Role cards work the same
  way (the thief scans the middle card he takes).
- **Console cursor** (kits with a display and yes / no / next): *next* steps
  through the choices on the display, *yes* takes the one shown, *no* takes
  back the last choice, or answers "nobody" when nothing is chosen yet.
- **Seat pods** (full box, Maneschijn): the woken player presses *their own*
  pod's button: a short press moves a cursor along the candles (the target's
  candle glows faintly on a dark table, burns brighter among lit candles; the
  display shows the name too), holding it for a
  second takes that target. Presses from any seat not being asked are
  ignored, so a sleeper's fidgeting cannot answer; two werewolves pressing
  within 0.3 s count as one step. For yes/no, short = yes, hold = no.
- **Keyboard** (always): type a name, a listed number, ``-`` for nobody,
  ``ja`` / ``nee``.
- **Maneschijn, risky variant**: at the werewolves' call any pod's button
  puts out that seat's candle; the candles out are the answer to the
  engine's ``candles`` ask (variant ``moonlight``, option ``risky_candles``):
  exactly one candle out is the victim, more than one means no victim that
  night (seed 000).

Every way has a defined answer to bad input: a bounce or a held button
counts once (see :mod:`hardware.buttons`), an unknown tag and a tag that
cannot be chosen (a dead player, oneself for the seer) are refused on the
display and the question waits on; a device that vanished is skipped; no
answer in time gives ``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hardware.events import Event, NoInput, Press, Tag, Typed
from ports import Answer, Question

if TYPE_CHECKING:
    from hardware.devices import Devices

NOBODY = "\x00nobody"
DONE = "\x00done"
HOLD_S = 1.0          # a press this long is a "hold" (take the cursor's choice)
TOGETHER_S = 0.3      # presses of several answerers this close count once
RISKY_GRACE_S = 8.0   # after the first candle goes out, how long to watch for more
POLL_S = 0.05


def blows_candles(kit: Devices, q: Question) -> bool:
    """The werewolves answer by putting out a candle (Maneschijn, risky):
    the engine's ``candles`` ask, or the kit's own ``risky_candles`` flag."""
    if not kit.candles.available:
        return False
    return q.ask == "candles" or (kit.risky_candles and q.ask == "werewolves")


def cursor_items(q: Question, chosen: list[str]) -> list[str]:
    """What the cursor steps through, in order (bots step the same way)."""
    items = [o for o in q.options if o not in chosen]
    if not chosen and q.allow_none:
        items.append(NOBODY)
    if chosen and not q.exact:
        items.append(DONE)
    return items


class _Pending:
    pass


PENDING = _Pending()


class Session:
    """One question being answered: consumes events, yields the answer."""

    def __init__(self, q: Question, kit: Devices):
        self.q = q
        self.kit = kit
        self.pack = kit.pack
        self.chosen: list[str] = []
        self.cursor: int | None = None
        self.down_at: dict[str, float] = {}
        self.last_step = float("-inf")
        self.answerers = {kit.seat_of(p) for p in q.seats} - {None}
        self.risky = blows_candles(kit, q)
        self.blown: list[str] = []
        self.deadline_hint: float | None = None

    # -- display ------------------------------------------------------------
    def _label(self, item: str) -> str:
        if item == NOBODY:
            return self.pack.line("hardware.input.nobody")
        if item == DONE:
            return self.pack.line("hardware.input.done")
        if item in self.kit.players:
            return item
        key = self.q.label.format(item) if self.q.label else f"role_bare.{item}"
        return self.pack.line(key) if self.pack.has(key) else item

    def prompt_text(self) -> str:
        q = self.q
        head = ""
        if q.prompt and self.pack.has(q.prompt):
            head = self.pack.line(q.prompt, **q.params)
        if self.risky:
            return self.pack.line("hardware.candles.blow")
        if q.kind == "yes_no":
            hint = self.pack.line("hardware.input.yes_no")
        elif self.cursor is not None:
            items = cursor_items(q, self.chosen)
            hint = self.pack.line("hardware.input.cursor", choice=self._label(items[self.cursor]))
        elif self.chosen:
            hint = self.pack.line("hardware.input.chosen",
                                  names=", ".join(self._label(c) for c in self.chosen))
        else:
            hint = self.pack.line("hardware.input.how")
        return f"{head}\n{hint}".strip()

    def start(self) -> None:
        if self.kit.display_ok():
            self.kit.say_on_screen(self.prompt_text())
        elif self.kit.terminal_ok():
            self._terminal_prompt()

    def _terminal_prompt(self) -> None:
        q = self.q
        lines = [self.prompt_text()]
        if q.kind == "pick":
            lines += [f"  {i}. {self._label(o)}" for i, o in enumerate(q.options, start=1)]
            lines.append(self.pack.line("hardware.input.keyboard_pick"))
        else:
            lines.append(self.pack.line("hardware.input.keyboard_yes_no"))
        print("\n".join(lines), file=self.kit.screen, flush=True)

    def _refresh(self) -> None:
        if self.kit.display_ok():
            self.kit.say_on_screen(self.prompt_text())

    def _tell(self, key: str, **params: str) -> None:
        self.kit.say_on_screen(self.pack.line(key, **params))

    # -- events ---------------------------------------------------------------
    def feed(self, ev: Event) -> Answer | _Pending:
        if self.q.kind == "text":  # a line of text: only the keyboard writes one
            return (" ".join(ev.text.split()),) if isinstance(ev, Typed) and ev.text.strip() else (
                () if isinstance(ev, Typed) else PENDING)
        if isinstance(ev, Press):
            return self._press(ev)
        if isinstance(ev, Tag):
            return self._tag(ev)
        if isinstance(ev, Typed):
            return self._typed(ev.text)
        return PENDING

    def _press(self, ev: Press) -> Answer | _Pending:
        if ev.name.startswith("seat:"):
            return self._seat(ev)
        if not ev.down or self.risky:
            return PENDING
        if self.q.kind == "yes_no":
            return {"yes": True, "no": False}.get(ev.name, PENDING)
        if ev.name == "next":
            return self._step()
        if ev.name == "yes":
            if self.cursor is not None:
                return self._take(cursor_items(self.q, self.chosen)[self.cursor])
            if self.chosen and not self.q.exact:
                return tuple(self.chosen)
            return PENDING
        if ev.name == "no":
            if self.chosen:
                self.chosen.pop()
                self.cursor = None
                self._refresh()
                return PENDING
            if self.q.allow_none:
                return ()
        return PENDING

    def _seat(self, ev: Press) -> Answer | _Pending:
        if self.risky:
            return self._blow(ev)
        if ev.name not in self.answerers:
            return PENDING  # a sleeper's button: ignored, it cannot answer
        if ev.down:
            self.down_at[ev.name] = ev.t
            return PENDING
        started = self.down_at.pop(ev.name, None)
        if started is None:
            return PENDING
        held = ev.t - started >= HOLD_S
        if self.q.kind == "yes_no":
            return not held
        if held:
            if self.cursor is None:
                return PENDING
            return self._take(cursor_items(self.q, self.chosen)[self.cursor])
        if ev.t - self.last_step < TOGETHER_S:
            return PENDING  # two werewolves pressing together: one step
        self.last_step = ev.t
        return self._step(candles=True)

    def _blow(self, ev: Press) -> Answer | _Pending:
        player = self.kit.player_of_seat(ev.name)
        if not ev.down or player is None or player in self.blown:
            return PENDING
        self.kit.candles.blow_out(player)
        self.blown.append(player)
        if self.deadline_hint is None:
            self.deadline_hint = ev.t + RISKY_GRACE_S
        return PENDING

    def timeout_answer(self) -> Answer:
        if self.risky and self.q.ask == "candles":
            return tuple(self.blown)  # the engine's moonlight variant decides
        if self.risky:
            # Seed 000: more than one candle out, no victim tonight.
            if len(self.blown) == 1 and self.blown[0] in self.q.options:
                return (self.blown[0],)
            return ()
        return None

    def _step(self, candles: bool = False) -> Answer | _Pending:
        items = cursor_items(self.q, self.chosen)
        if not items:
            return PENDING
        self.cursor = 0 if self.cursor is None else (self.cursor + 1) % len(items)
        if candles:
            item = items[self.cursor]
            self.kit.candles.cursor(item if item in self.kit.players else None)
        self._refresh()
        return PENDING

    def _take(self, item: str) -> Answer | _Pending:
        self.cursor = None
        self.kit.candles.cursor(None)
        if item == NOBODY:
            return ()
        if item == DONE:
            return tuple(self.chosen)
        if item in self.chosen or item not in self.q.options:
            self._tell("hardware.input.not_allowed", name=self._label(item))
            return PENDING
        self.chosen.append(item)
        if len(self.chosen) >= self.q.count or not cursor_items(self.q, self.chosen):
            return tuple(self.chosen)
        self._refresh()
        return PENDING

    def _tag(self, ev: Tag) -> Answer | _Pending:
        if self.q.kind != "pick" or self.risky:
            return PENDING
        known = self.kit.registry.kind(ev.uid)
        item: str | None = None
        if known is None:
            self._tell("hardware.input.unknown_tag")
            return PENDING
        if known[0] == "seat":
            item = self.kit.player_at(int(known[1]))
            if item is None:
                self._tell("hardware.input.unknown_tag")
                return PENDING
        else:
            item = str(known[1])
        return self._take(item)

    def _typed(self, text: str) -> Answer | _Pending:
        words = self.pack
        text = text.strip()
        low = text.lower()
        if self.q.kind == "yes_no":
            if low in _words(words.line("hardware.keyboard.yes")):
                return True
            if low in _words(words.line("hardware.keyboard.no")):
                return False
            self._typed_error(text)
            return PENDING
        if low in _words(words.line("hardware.keyboard.none")):
            if self.q.allow_none:
                return ()
            self._typed_error(text)
            return PENDING
        picked: list[str] = []
        for part in [p.strip() for p in text.split(",") if p.strip()]:
            item = self._resolve(part)
            if item is None or item in picked:
                self._typed_error(part)
                return PENDING
            picked.append(item)
        n = len(picked)
        if n == 0 or n > self.q.count or (self.q.exact and n != self.q.count):
            self._typed_error(text)
            return PENDING
        return tuple(picked)

    def _resolve(self, part: str) -> str | None:
        for item in self.q.hidden:  # typed as its word, never shown (the black death)
            if " ".join(part.split()).lower() == self.pack.line(f"word.{item}").lower():
                return item
        options = self.q.options
        if part.isdecimal() and 1 <= int(part) <= len(options):
            return options[int(part) - 1]
        for o in options:
            if part.lower() in (o.lower(), self._label(o).lower()):
                return o
        return None

    def _typed_error(self, text: str) -> None:
        self.kit.say_on_screen(self.pack.line("hardware.input.not_understood", text=text))

    def finish(self) -> None:
        self.kit.candles.cursor(None)
        self.kit.clear_screen()


def _words(line: str) -> set[str]:
    return {w.strip().lower() for w in line.split(",") if w.strip()}


class KitInput:
    """Answers :class:`Question` s with the kit's devices (see the module doc).

    ``on_prompt`` is called once the question is put (after stale events are
    dropped): bots use it to act on the fake devices (:mod:`hardware.bothands`).
    """

    def __init__(self, kit: Devices):
        self.kit = kit
        self.on_prompt: Callable[[Question], None] | None = None

    def ask(self, question: Question) -> Answer:
        kit = self.kit
        kit.check()
        kit.events.drain()  # presses from before the question do not answer it
        session = Session(question, kit)
        session.start()
        if self.on_prompt is not None:
            self.on_prompt(question)
        clock = kit.clock
        deadline = clock.now() + max(0.0, question.timeout_s)
        try:
            while True:
                kit.poll_reader()
                if session.deadline_hint is not None:
                    deadline = min(deadline, session.deadline_hint)
                now = clock.now()
                if now >= deadline:
                    # Drain what already arrived before giving up.
                    event = kit.events.get(0.0)
                    if event is None:
                        return session.timeout_answer()
                else:
                    event = kit.events.get(min(POLL_S, deadline - now))
                if event is None:
                    if not kit.can_answer():
                        # nothing came and nothing can come (the terminal went away)
                        raise NoInput("nothing left to answer with")
                    continue
                answer = session.feed(event)
                if not isinstance(answer, _Pending):
                    return answer
        finally:
            session.finish()
