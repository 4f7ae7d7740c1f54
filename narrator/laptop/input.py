"""The laptop's :class:`ports.Input`: questions typed at the laptop."""

from __future__ import annotations

import time

from narrator.laptop.answers import (
    Refused,
    hidden_answer,
    option_labels,
    option_numbers,
    parse_line,
    parse_pick,
    parse_yes_no,
)
from narrator.laptop.session import LaptopSession
from narrator.moderator import UNDO
from ports import Answer, Question

#: part of a night call kept free after its question, for the private result
#: that may follow (the seer's look, the thief's new card)
RESULT_RESERVE_S = 5.0
RESULT_RESERVE_SHARE = 0.25
#: a choice taken back may be made again until this long before the call
#: ends; the rest of the call says that time is up before the screen clears
END_NOTICE_S = 1.5


class _Redo(Exception):
    """The night player took the choice back at its confirmation."""

    def __init__(self, answer: Answer) -> None:
        super().__init__()
        self.answer = answer


class _Paused(Exception):
    """The table paused a day question; the time-out waits as long."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


class LaptopInput:
    """``Input``: questions typed at the laptop.

    Secret (night) questions: "pass the laptop to ...", Enter, the question,
    the answer, a confirmation (Enter, or ``u`` to choose again: at night this
    is the undo, because taking back an earlier decision at the moderator's
    level would hand the laptop to someone else in front of whoever holds it),
    then the screen is wiped. A part of the call is kept back for a private
    result. Open (day) questions are answered in front of everyone; ``u``
    there returns :data:`~narrator.moderator.UNDO`.
    """

    def __init__(self, session: LaptopSession) -> None:
        self.s = session

    def ask(self, question: Question) -> Answer:
        s = self.s
        start = time.monotonic()
        if s.keyboard.discard_typeahead():
            s.screen.show(s.pack.line("laptop.typed_too_early"))
        if not question.secret:
            s.holder = None
            return self._answer(question, start + question.timeout_s)
        reserve = min(RESULT_RESERVE_S, question.timeout_s * RESULT_RESERVE_SHARE)
        deadline = start + max(0.0, question.timeout_s - reserve)
        try:
            if not s.hand_over(question.seats, deadline, called=True):
                return None
            return self._answer(question, deadline, start + question.timeout_s)
        finally:
            s.screen.clear()

    # -- inside ----------------------------------------------------------------
    def _answer(self, q: Question, deadline: float, call_end: float | None = None) -> Answer:
        """``call_end``: when the night call of a secret question really ends."""
        s, pack = self.s, self.s.pack
        labels = option_labels(q, pack)
        numbers = option_numbers(q, s.seats())
        taken_back: Answer = None
        while True:
            self._show(q, labels, numbers)
            try:
                got = self._read(q, labels, numbers, deadline)
            except _Redo as redo:
                # A correction may come until the call is nearly over; if it
                # does not come, the choice taken back still stands (it was
                # made), rather than nothing at all.
                taken_back = redo.answer
                if call_end is not None:
                    deadline = max(deadline, call_end - END_NOTICE_S)
                continue
            except _Paused as paused:
                deadline += paused.seconds
                continue
            if got is not None:
                return got
            s.screen.show("")
            if taken_back is not None:
                s.screen.show(pack.line("laptop.timeout_kept",
                                        choice=self._describe(q, taken_back, labels)))
            else:
                s.screen.show(pack.line("laptop.timeout"))
            if call_end is not None:  # said before the screen clears, inside the call
                s.wait_for_enter(min(time.monotonic() + END_NOTICE_S, call_end))
            return taken_back

    def _show(self, q: Question, labels: list[str], numbers: list[int]) -> None:
        s, pack = self.s, self.s.pack
        if q.prompt and q.secret:
            # Open questions are put aloud by the moderator (its ask line is
            # on the screen already); secret ones only here.
            s.screen.show(pack.line(q.prompt, **q.params))
        if q.kind == "pick":
            for n, label in zip(numbers, labels, strict=True):
                s.screen.show(f"  {n:2}  {label}")
            if q.allow_none:
                none = pack.line("laptop.keep_card") if q.ask == "thief" else pack.line("laptop.nobody")
                s.screen.show(f"  {0:2}  {none}")
        self._prompt(q)

    def _prompt(self, q: Question) -> None:
        pack = self.s.pack
        if q.kind == "yes_no":
            self.s.screen.ask(pack.line("laptop.yes_no"))
        elif q.kind == "text":
            self.s.screen.ask(pack.line("laptop.write_line"))
        elif q.count == 1:
            self.s.screen.ask(pack.line("laptop.choose_one"))
        elif q.exact:
            self.s.screen.ask(pack.line("laptop.choose_many", count=q.count))
        else:
            self.s.screen.ask(pack.line("laptop.choose_up_to", count=q.count))

    def _read(self, q: Question, labels: list[str], numbers: list[int], deadline: float) -> Answer:
        s, pack = self.s, self.s.pack
        while True:
            text = s.keyboard.readline(deadline)
            if text is None:
                return None
            key = text.strip().lower()
            if key == "u":
                if not q.secret:
                    return UNDO  # type: ignore[return-value]  # the moderator's sentinel rides as an answer
                s.screen.show(pack.line("laptop.no_undo_secret"))
            elif key == "p":
                if q.secret:
                    s.screen.show(pack.line("laptop.no_pause_secret"))
                else:
                    raise _Paused(self._pause())
            elif s.table_key(key):
                pass
            elif key == "n" and q.kind == "pick":
                s.screen.show(pack.line("laptop.next_only_discussion"))
            else:
                try:
                    answer: Answer = (parse_yes_no(text, pack) if q.kind == "yes_no"
                                      else parse_line(text) if q.kind == "text"
                                      else hidden_answer(text, q, pack) or parse_pick(text, q, labels, numbers))
                except Refused as no:
                    s.screen.show(pack.line(no.key, **no.params))
                else:
                    if q.secret:
                        self._confirm(q, answer, labels, deadline)
                    return answer
            self._prompt(q)

    def _confirm(self, q: Question, answer: Answer, labels: list[str], deadline: float) -> None:
        """Enter keeps the choice (so does the time-out: it was made); ``u``
        raises _Redo."""
        s, pack = self.s, self.s.pack
        s.screen.ask(pack.line("laptop.confirm", choice=self._describe(q, answer, labels)))
        while (text := s.keyboard.readline(deadline)) is not None:
            key = text.strip().lower()
            if key == "":
                return
            if key == "u":
                s.screen.show("")
                raise _Redo(answer)
            if not s.table_key(key):
                s.screen.show(pack.line("laptop.err_confirm"))
            s.screen.ask(pack.line("laptop.confirm", choice=self._describe(q, answer, labels)))

    def _describe(self, q: Question, answer: Answer, labels: list[str]) -> str:
        pack = self.s.pack
        if isinstance(answer, bool):
            return pack.line("laptop.yes") if answer else pack.line("laptop.no")
        if q.kind == "text":
            return f"“{answer[0]}”" if answer else pack.line("laptop.no_line")
        if answer and answer[0] in q.hidden:
            return pack.line(f"word.{answer[0]}")
        if not answer:
            return pack.line("laptop.keep_card") if q.ask == "thief" else pack.line("laptop.nobody")
        label = dict(zip(q.options, labels, strict=True))
        return pack.join([label[a] for a in answer])

    def _pause(self) -> float:
        """Pause until Enter; the seconds paused (the time-out waits too)."""
        s = self.s
        began = time.monotonic()
        pause, resume = getattr(s.speaker, "pause", None), getattr(s.speaker, "resume", None)
        if pause is not None:
            pause()
        s.screen.ask(s.pack.line("laptop.paused"))
        try:
            s.keyboard.readline(None)
        finally:
            if resume is not None:
                resume()
        return time.monotonic() - began
