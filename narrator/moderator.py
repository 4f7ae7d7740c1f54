"""The moderator: runs a whole game with nobody leading.

It asks the engine what comes next, speaks the public events, puts each
request to the right players through the table's :class:`Input`, delivers
private events only through the :class:`PrivateChannel` of their seats, and
writes every decision to the journal before its effect is spoken.

News for sleepers (``Event.sleeper``: the lovers, the charmed, the infected)
is given in one round of fixed shape, woken by a tap (seed 000: "De
spelleider raakt de betoverden even aan"), at the moments the engine marks
whether or not there is news — a round only when there is news would be news:
at the end of every call whose step may tell sleepers (its sleep cue says
``sleepers``) and at every dawn that may bring such news (the ``morning``
cue). The narrator keeps no list of its own of the steps or rules that tap.

Secrecy by timing: every night call lasts a time drawn from one distribution
(``Timing.call_seconds``) whether or not anyone acts — a real answer is padded
to it, a pretended call (dead, powerless or absent role) simply waits it out —
and the draw depends only on the game's narration seed and how many calls came
before, never on hidden facts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import (
    FORUM,
    Event,
    Game,
    IllegalAnswer,
    MalformedAnswer,
    Request,
    UnknownName,
    game_class,
)
from narrator import announce
from narrator.questions import decision_of, question, single_question, store, value_of, walk
from ports import WAIT, Clock, Controls, Input, PrivateChannel, Question, Speaker
from voices import Pack

#: public events that get a sound cue first
CUES = {"night_falls": "night", "day_breaks": "dawn", "death_hunter": "shot"}
VICTIM_EVENTS = frozenset({"death_night", "death_vote", "death_scapegoat"})


@dataclass(frozen=True)
class Timing:
    #: a night call lasts a time drawn uniformly from this range, acted or not
    call_seconds: tuple[float, float] = (12.0, 18.0)
    #: the day's discussion before the vote, and the warning before its end
    discussion_seconds: float = 120.0
    discussion_warning: float = 20.0
    #: how long one player has for a day question before the default applies
    answer_seconds: float = 30.0
    #: the day's discussion is held (the demo with bots skips it in --fast)
    discussion: bool = True
    #: a player's turn of the forum edition's day round, acted or not
    turn_seconds: tuple[float, float] = (8.0, 12.0)


@dataclass
class Call:
    step: str
    started: float
    length: float
    acted: bool = False


@dataclass
class Transcript:
    """What the table heard, in order: ("say", text) and ("wait", seconds)."""

    items: list[tuple[str, Any]] = field(default_factory=list)

    def said(self) -> list[str]:
        return [v for k, v in self.items if k == "say"]


def night_steps(game: Any) -> tuple[Any, ...]:
    """The night steps of the game's edition, in order."""
    if game.setup.edition == FORUM:
        from engine.forum.registry import all_steps as forum_steps

        return forum_steps()
    from engine.registry import all_steps

    return all_steps()


def call_length(narration_seed: int, n: int, call_seconds: tuple[float, float]) -> float:
    """How long the ``n``-th night call lasts: a function of the narration's
    own seed and ``n`` alone (never of the deal's seed, never of hidden facts)."""
    lo, hi = call_seconds
    return random.Random(narration_seed * 100_003 + n).uniform(lo, hi)


UNDO = "__undo__"
#: a question of a form left unanswered in time: the request's default stands
TIMED_OUT = object()
#: refused answers to one question before its time-out answer is taken
MAX_TRIES = 5


class Moderator:
    def __init__(
        self,
        game: Game,
        pack: Pack,
        speaker: Speaker,
        table: Input,
        private: PrivateChannel,
        clock: Clock,
        *,
        narration_seed: int,
        timing: Timing | None = None,
        controls: Controls | None = None,
        journal: Any = None,
        on_line: Callable[[str], None] | None = None,
        start_at: int = 0,
        realtime: bool = False,
    ) -> None:
        self.game = game
        self.pack = pack
        self.speaker = speaker
        self.table = table
        self.private = private
        self.clock = clock
        self.seed = narration_seed
        self.timing = timing or Timing()
        self.controls = controls
        self.journal = journal
        self.on_line = on_line or (lambda _line: None)
        #: real time: lines and pauses are waited for as they are heard
        self.realtime = realtime
        self.transcript = Transcript()
        self._seen = start_at
        self._calls = sum(1 for e in game.events[:start_at] if e.cue and e.kind == "wake")
        self._call: Call | None = None
        #: sleepers' news in the call under way, given in one round at its end
        self._sleepers: list[Event] = []
        #: (step, how long the call lasted, whether anyone was asked): for tests
        self.call_log: list[tuple[str, float, bool]] = []
        # Who died last (the vote starts at his left): known again after a resume.
        self._last_victim: str | None = None
        for e in game.events[:start_at]:
            if e.kind in VICTIM_EVENTS:
                self._last_victim = e.data["name"]
        self._mark_before_decision: list[int] = []
        #: what the whole table may watch (the set-up page reads these): when
        #: the day's discussion ends (clock time), and the ballot under way
        self.discussion_ends: float | None = None
        self.tally: dict[str, str | None] = {}
        #: whose turn of the forum's day round is under way (his name is said
        #: aloud); kept to the turn's drawn end, acted or not
        self.turn: str | None = None

    @property
    def narrated(self) -> int:
        """How many of the game's events the table has been told so far."""
        return self._seen

    # -- the loop ------------------------------------------------------------
    def run(self) -> Game:
        self.speaker.prefetch(self._lines_ahead())
        while True:
            self._narrate_new_events()
            if self.game.request is None:
                if self._sleepers and self.game.setup.edition != FORUM:  # ended before a marked round
                    self._tap_round()
                return self.game
            self._handle(self.game.request)

    def _lines_ahead(self) -> list[str]:
        """Lines known before the game starts (every call of the deck, the
        night and the day), rendered in the background so they start at once."""
        keys = ["announce.night_falls", "announce.day_breaks", "announce.no_death",
                "ask.vote.start", "ask.mayor_election.start", "narration.discussion_warning"]
        state = self.game.state
        for step in night_steps(self.game):
            if step.called(state) or step.role in state.deck:
                keys += [f"call.{step.name}.wake", f"call.{step.name}.sleep"]
        keys.append("call.werewolves.wake_little_girl")
        lines = [self.pack.line(k) for k in keys if self.pack.has(k)]
        lines += [self.pack.line("ask.vote", name=p) for p in state.players]
        return lines

    def resume_notice(self) -> None:
        """Say where the game stands after a restart."""
        s = self.game.state
        key = "narration.resume_night" if s.phase.value == "night" else "narration.resume_day"
        self._say(self.pack.line(key, n=s.night if s.phase.value == "night" else s.day))

    # -- speaking --------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.transcript.items.append(("say", text))
        self.on_line(text)
        self.speaker.say(text)
        self._heard()

    def _wait(self, seconds: float) -> None:
        if seconds <= 0:
            return
        self.transcript.items.append(("wait", round(seconds, 3)))
        self._silence(seconds)

    def _silence(self, seconds: float) -> None:
        """A silence the table hears (and, in real time, waits through)."""
        if seconds > 0:
            self.speaker.silence(seconds)
        if self.realtime:
            self._heard()
        else:
            self.clock.sleep(seconds)

    def _heard(self) -> None:
        # Real time: timing starts when the table has heard the line.
        if self.realtime:
            wait = getattr(self.speaker, "wait_until_done", None)
            if wait is not None:
                wait()

    def _narrate_new_events(self) -> None:
        events = self.game.events
        while self._seen < len(events):
            event = events[self._seen]
            self._seen += 1
            self._narrate(event)

    def _narrate(self, e: Event) -> None:
        if e.cue:
            if e.kind == "wake":
                self._start_call(e)
            elif e.kind == "sleep":
                self._end_call(e)
            elif e.kind == "turn":
                self._start_turn(e)
            elif e.kind == "turn_end":
                self._end_turn(e)
            elif e.kind == "round_ends":
                # news for players who had no turn (they died): told to nobody,
                # never in a round of its own (a round only then would tell)
                self._sleepers = []
            else:
                self._morning(e)
        elif e.public:
            if e.kind in CUES:
                self.speaker.cue(CUES[e.kind])
            if e.kind in VICTIM_EVENTS:
                self._last_victim = e.data["name"]
            self._say(announce.public_line(e, self.pack))
        else:
            assert e.to is not None
            if e.sleeper:
                # Given in the round the engine marks next: at the end of
                # this call, or after the dawn's names (an infection).
                self._sleepers.append(e)
                return
            seats = tuple(p for p in self.game.state.players if p in e.to)
            self.private.show(seats, f"private.{e.kind}", announce.params(e, self.pack))

    def _morning(self, e: Event) -> None:
        """The engine's mark after the dawn's names: a box taps one round
        when the dawn may bring news (the night's calls tapped their own); a
        channel without rounds (the laptop) holds its morning round now."""
        if hasattr(self.private, "tap_round"):
            if e.data.get("dawn_news") or self._sleepers:
                self._tap_round()
            return
        self._tap_round()
        morning_round = getattr(self.private, "morning_round", None)
        if morning_round is not None:
            morning_round()

    def _tap_round(self) -> None:
        """The sleepers' news of this call in one round (maybe with nobody in it)."""
        events, self._sleepers = self._sleepers, []
        lines = {p: (f"private.{e.kind}", announce.params(e, self.pack))
                 for e in events for p in self.game.state.players if e.to and p in e.to}
        tap_round = getattr(self.private, "tap_round", None)
        if tap_round is not None:
            tap_round(lines)
            return
        # A channel without rounds (the laptop keeps sleepers' news for its
        # morning round): each line to its players.
        for e in events:
            assert e.to is not None
            seats = tuple(p for p in self.game.state.players if p in e.to)
            self.private.show(seats, f"private.{e.kind}", announce.params(e, self.pack),
                              sleeper=e.sleeper)

    def _start_call(self, e: Event) -> None:
        if self._sleepers:  # news no round was marked for: never lost
            self._tap_round()
        step = e.data["step"]
        key = f"call.{step}.wake"
        if step == "werewolves" and e.data.get("little_girl"):
            key = "call.werewolves.wake_little_girl"
        # every call, acted or pretended, has the same cue (a voice plays it
        # on Maneschijn nights only)
        self.speaker.cue("call")
        self._say(self.pack.line(key))
        self._call = Call(step, self.clock.now(), self._draw_call_length())

    # -- the forum's round: one private turn a player ---------------------------
    def _start_turn(self, e: Event) -> None:
        """A player's turn of the day's round (the forum edition): his name
        aloud, then on his private channel what the night brought him, or
        that it brought nothing: every turn is told the same way."""
        player = e.data["name"]
        self.turn = player
        self._say(self.pack.line("narration.turn", name=player))
        self._call = Call("turn", self.clock.now(), self._draw_turn_length())
        mine = [ev for ev in self._sleepers if ev.to and player in ev.to]
        self._sleepers = [ev for ev in self._sleepers if ev not in mine]
        if mine:
            news = "\n".join(announce.private_line(ev, self.pack) for ev in mine)
            self.private.show((player,), "private.forum_news", {"news": news})
        else:
            self.private.show((player,), "private.forum_nothing_new", {})

    def _end_turn(self, e: Event) -> None:
        """The turn's end: a player who had nothing to choose still answers
        one question of the same shape (nothing to choose), then the turn is
        padded to its drawn length."""
        call = self._call
        player = e.data["name"]
        if call is not None and not call.acted:
            self.table.ask(Question("pick", WAIT, (player,), (), allow_none=True, secret=True,
                                    prompt="prompt.forum_wait", params={"name": player},
                                    timeout_s=self._remaining()))
        pad = self._remaining() if call is not None else 0.0
        self._call = None
        self._silence(pad)
        self.turn = None
        if call is not None:
            length = self.clock.now() - call.started
            self.transcript.items.append(("wait", round(length, 3)))
            self.call_log.append(("turn", length, call.acted))

    def _draw_turn_length(self) -> float:
        self._calls += 1
        return call_length(self.seed, self._calls, self.timing.turn_seconds)

    def _draw_call_length(self) -> float:
        self._calls += 1
        return call_length(self.seed, self._calls, self.timing.call_seconds)

    def call_left(self) -> float | None:
        """Seconds left in the night call under way (None outside calls)."""
        return self._remaining() if self._call is not None else None

    def _remaining(self) -> float:
        if self._call is None:
            return self.timing.answer_seconds
        return max(0.0, self._call.length - (self.clock.now() - self._call.started))

    def _end_call(self, e: Event) -> None:
        if e.data.get("sleepers") or self._sleepers:
            self._tap_round()
        call = self._call
        # No call under way (a resume that starts inside one): nothing to pad.
        pad = self._remaining() if call is not None else 0.0
        self._call = None
        self._silence(pad)
        if call is not None:
            # What the table hears is one silence from the wake line to the
            # sleep line, whoever answered (or not) inside it.
            length = self.clock.now() - call.started
            self.transcript.items.append(("wait", round(length, 3)))
            self.call_log.append((call.step, length, call.acted))
        self._say(self.pack.line(f"call.{e.data['step']}.sleep"))

    # -- asking ---------------------------------------------------------------
    def _handle(self, req: Request) -> None:
        if req.discussion:
            self._discussion(req)
        answer = self._collect(req)
        self.tally = {}  # the result is announced next
        if answer is UNDO:
            self._undo()
            return
        self._decide(answer)

    def _collect(self, req: Request) -> Any:
        if self._call is not None and req.secret:
            self._call.acted = True
        if req.ballot:
            return self._ballot(req)
        for _ in range(MAX_TRIES):
            decision = self._fill(req)
            if decision is UNDO:
                return UNDO
            if decision is TIMED_OUT:
                decision = req.default
            if self._acceptable(req, decision, req.actors):
                return decision
        return req.default  # never ask forever: the time-out's answer

    def _fill(self, req: Request, seats: tuple[str, ...] | None = None) -> Any:
        """The answers to the parts of ``req``'s form, in order, as its
        decision (``narrator.questions``); UNDO, or TIMED_OUT when a part
        was not answered in time."""
        values: dict[str, Any] = {}
        for part, item in walk(req, values):
            timeout = self._remaining() if req.secret else self.timing.answer_seconds
            q = question(req, part, timeout, item=item, seats=seats)
            if not req.secret and not self._gathered(q):
                self._say(self.pack.line(f"ask.{req.ask.value}", name=q.seats[0]))
            got = self.table.ask(q)
            if got == UNDO:
                return UNDO
            if got is None:
                return TIMED_OUT
            store(values, part, item, value_of(part, got))
        return decision_of(req, req.form, values)

    def _gathered(self, q: Question) -> bool:
        """Whether the table gathers this question from everyone at once (the
        talking wall on phones): then it names nobody, the table says its own
        lines through :meth:`tell`."""
        gathers = getattr(self.table, "gathers", None)
        return bool(gathers(q)) if gathers is not None else False

    def tell(self, key: str, **params: Any) -> None:
        """Say one line of the pack to the table (for a table's own lines)."""
        self._say(self.pack.line(key, **params))

    def _ballot(self, req: Request) -> Any:
        self.speaker.cue("vote")
        self._say(self.pack.line(f"ask.{req.ask.value}.start"))
        ballot: dict[str, str | None] = {}
        self.tally = ballot  # votes are said aloud: the table sees them too
        order = self._vote_order(req.actors)
        i, tries = 0, 0
        while i < len(order):
            voter = order[i]
            tries += 1
            if tries > MAX_TRIES:  # never ask forever: this voter abstains
                ballot[voter] = None
                i, tries = i + 1, 0
                continue
            self._say(self.pack.line(f"ask.{req.ask.value}", name=voter))
            got = self.table.ask(single_question(req, self.timing.answer_seconds, (voter,)))
            if got == UNDO:
                if i == 0:
                    return UNDO
                # Undo inside a ballot: the previous voter votes again.
                i, tries = i - 1, 0
                ballot.pop(order[i], None)
                self._say(self.pack.line("narration.undone"))
                continue
            target: Any = got[0] if isinstance(got, tuple) and got else None
            if req.count > 1 and isinstance(got, tuple):  # two names each (a card's distrust)
                target = list(got)
            if self._acceptable(req, {voter: target}, (voter,)):
                ballot[voter] = target
                i, tries = i + 1, 0
        return ballot

    def _vote_order(self, voters: tuple[str, ...]) -> list[str]:
        """Seat order, starting left of the last victim (seed 000's habit)."""
        players = list(self.game.state.players)
        start = 0
        if self._last_victim in players:
            start = (players.index(self._last_victim) + 1) % len(players)
        ring = players[start:] + players[:start]
        return [p for p in ring if p in voters]

    def _acceptable(self, req: Request, decision: Any, who: tuple[str, ...]) -> bool:
        """Whether the engine takes ``decision``. A refusal of any kind (a
        lover's vote, a dead name, a name not understood) sounds the same in
        public: one line, never a reason, so no refusal tells why; the reason
        goes privately to those who answered."""
        try:
            self.game.check(decision)
            return True
        except IllegalAnswer as exc:
            key, params = "narration.refused_private", {"rule": self.pack.line(f"rule.{exc.rule}")}
        except (UnknownName, MalformedAnswer):
            key, params = "narration.not_understood", {}
        if not req.secret:
            self._say(self.pack.line("narration.refused"))
        self.private.show(who, key, params)
        return False

    def _decide(self, decision: Any) -> None:
        req = self.game.request
        assert req is not None
        if self.journal is not None:
            # Durable before its effect is spoken.
            self.journal.append({"type": "decision", "n": len(self.game.decisions),
                                 "ask": req.ask.value, "answer": decision})
        self._mark_before_decision.append(self._seen)
        self.game.apply(decision)

    def _undo(self) -> None:
        """Take back the last decision, while its effect is not yet announced."""
        if not self.game.decisions or any(
            e.public and not e.cue for e in self.game.events[self._mark_before_decision[-1]:self._seen]
        ):
            self._say(self.pack.line("narration.undo_too_late"))
            return
        mark = self._mark_before_decision.pop()
        self.game = game_class(self.game.setup).replay(self.game.setup, self.game.decisions[:-1])
        self._seen = mark
        if self.journal is not None:
            self.journal.append({"type": "undo"})
        self._say(self.pack.line("narration.undone"))

    # -- the day's discussion -------------------------------------------------
    def _discussion(self, req: Request) -> None:
        t = self.timing
        if not t.discussion or t.discussion_seconds <= 0:
            return
        minutes = max(1, round(t.discussion_seconds / 60))
        self._say(self.pack.line("narration.discussion_start_one" if minutes == 1
                                 else "narration.discussion_start", minutes=minutes))
        end = self.clock.now() + t.discussion_seconds
        self.discussion_ends = end
        warned = False
        while (left := end - self.clock.now()) > 0:
            if not warned and left <= t.discussion_warning:
                warned = True
                self._say(self.pack.line("narration.discussion_warning"))
            if "next" in self._poll():
                break
            self._wait(min(1.0, left if warned else left - t.discussion_warning))
        self.discussion_ends = None
        self._say(self.pack.line("narration.discussion_end"))

    def _poll(self) -> list[str]:
        if self.controls is None:
            return []
        commands = self.controls.poll()
        if "pause" in commands:
            self._say(self.pack.line("narration.paused"))
            while not {"pause", "resume"} & set(self.controls.poll()):
                self.clock.sleep(0.2)
            self._say(self.pack.line("narration.resumed"))
        for c in commands:
            if c == "repeat":
                self.speaker.repeat_last()
            elif c == "louder":
                self.speaker.louder()
            elif c == "softer":
                self.speaker.softer()
        return commands
