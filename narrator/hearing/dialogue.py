"""The dialogue of a spoken vote.

The box calls each voter in turn, hears the answer against a closed grammar,
repeats it aloud ("Anna stemt op Bram") and listens a moment for a
correction. "ja" accepts, and so does silence in a quiet room (in a noisy one
a "nee" could go unheard); "nee" or anything unclear asks again.
After two failures the voter's seat button (or token) decides, and at the
time-out the voter abstains. Only public questions are put this way: night
choices are never asked by voice, since the whole table would hear them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from hardware.microphone import MicrophoneUnavailable
from ports import Answer, Question
from voices import Pack

from .grammar import BY_SEAT, NO, YES, Grammar, Meaning, Vocabulary, pick_grammar, yes_no_grammar
from .listen import Listener, PushToTalk, Utterance
from .recognizer import Recognizer

Say = Callable[..., None]          # say(key, **params): the lead's voice renders it
Fallback = Callable[[Question], Answer]
Via = Literal["voice", "button", "timeout"]


@dataclass(frozen=True)
class DialogueSettings:
    answer_timeout_s: float = 8.0    # to start speaking after the question
    confirm_window_s: float = 2.5    # to say "nee" after the box repeats the answer
    max_failures: int = 2            # then the seat button
    #: silence after the repetition accepts it, and a spoken "ja" is trusted,
    #: only in a room quieter than this (median speech-band level, dBFS);
    #: louder rooms confirm by the seat button. Measured: at -45 a wind 10 dB
    #: under the voice (about -47 here) passed for quiet and a wrong vote
    #: was once kept
    silence_accepts_below_dbfs: float = -55.0
    #: carrier phrases ("ik stem op Anna") in the grammar; False: bare words
    carriers: bool = True
    #: a sound that is no phrase (a cough) does not end the answer time
    keep_listening: bool = True
    #: a spoken "ja" must beat the best "nee" phrase by this much (the
    #: recognizer's ``Heard.rival``); measured: every "no" heard as "yes" in
    #: a quiet room scored at most 0.0 here, true yeses mostly above 0.03
    yes_margin: float | None = 0.02
    #: in a room louder than ``silence_accepts_below_dbfs`` the repetition is
    #: confirmed with the seat button, not by voice: in babble a spoken "nee"
    #: was heard as "ja" (bench/recognition.py)
    button_confirms_in_noise: bool = True
    #: an answer the voter denied is not heard again in the same turn
    #: (False: as before, for the benchmark's comparison)
    deny_repeats: bool = True
    #: with the seat button held the sound is an answer (the voter says so
    #: by pressing), so the recognizer's ``held`` hears it (two opinions:
    #: Whisper's answer, else pocketsphinx's) instead of the strict veto,
    #: which exists to refuse speech that is no answer. Held only in loud
    #: rooms, where the button confirms every repetition: a wrong first
    #: answer costs a try, never a vote
    held_is_an_answer: bool = True


@dataclass(frozen=True)
class Ballot:
    """One voter's answer: ``choice`` is a player, or None for nobody /
    abstention; ``via`` says how it was given."""

    voter: str
    choice: str | None
    via: Via
    failures: int = 0


@dataclass(frozen=True)
class YesNo:
    voter: str
    answer: bool | None
    via: Via
    failures: int = 0


def voting_order(seating: Sequence[str], voters: Sequence[str] | set[str],
                 last_victim: str | None) -> list[str]:
    """The voters in seat order, starting at the seat left of the last
    victim (seed 000's habit); from the first seat when there is none.
    ``seating`` lists every seat, dead players too, going to the left."""
    allowed = set(voters)
    start = 0
    if last_victim is not None and last_victim in seating:
        start = (seating.index(last_victim) + 1) % len(seating)
    ring = list(seating[start:]) + list(seating[:start])
    return [name for name in ring if name in allowed]


class VoteDialogue:
    def __init__(self, *, pack: Pack, recognizer: Recognizer, listener: Listener, say: Say,
                 seats: Mapping[str, int], fallback: Fallback | None = None,
                 push_to_talk: Callable[[str], PushToTalk | None] | None = None,
                 settings: DialogueSettings | None = None,
                 by_seat: frozenset[str] = frozenset()) -> None:
        self.pack = pack
        self.vocab = Vocabulary(pack)
        self.recognizer = recognizer
        self.listener = listener
        self.say = say
        self.seats = dict(seats)
        self.fallback = fallback
        self.push_to_talk = push_to_talk
        self.settings = settings or DialogueSettings()
        #: names too alike to tell apart (``lookalikes.py``): asked by seat number
        self.by_seat = by_seat
        #: the microphone failed during the game: from then on, buttons only
        self.deaf = False

    # -- public -------------------------------------------------------------

    def collect(self, voters: Sequence[str], options: Sequence[str], *, ask: str = "vote",
                allow_none: bool = True, timeout_s: float = 60.0) -> list[Ballot]:
        """Every voter's ballot, in the order given (see ``voting_order``).
        The mayor's ballot is one like the others: the engine counts it twice."""
        return [self.pick(v, options, ask=ask, allow_none=allow_none, timeout_s=timeout_s)
                for v in voters]

    def pick(self, voter: str, options: Sequence[str], *, ask: str = "vote",
             allow_none: bool = True, timeout_s: float = 60.0) -> Ballot:
        """One player's choice among ``options`` (a vote, the mayor's
        election, tiebreak or successor)."""
        grammar = pick_grammar(self.vocab, options, self.seats, allow_none,
                               carriers=self.settings.carriers, by_seat=self.by_seat)
        meaning, failures, used = self._converse(
            voter, grammar, self._ask_key(ask), {"voter": voter},
            lambda m: self._confirm_pick(ask, voter, m), timeout_s)
        if meaning is not None:
            return Ballot(voter, meaning.player, "voice", failures)
        question = Question("pick", ask, (voter,), tuple(options), allow_none=allow_none,
                            prompt=self._ask_key(ask), params={"voter": voter, "name": voter},
                            timeout_s=max(0.0, timeout_s - used))
        answer = self._ask_button(voter, question)
        if answer is None:
            self.say("speech.abstains", voter=voter)
            return Ballot(voter, None, "timeout", failures)
        assert not isinstance(answer, bool)
        return Ballot(voter, answer[0] if answer else None, "button", failures)

    def yes_no(self, voter: str, *, ask: str = "yes_no", prompt: str = "speech.ask.yes_no",
               params: Mapping[str, Any] | None = None, timeout_s: float = 60.0) -> YesNo:
        grammar = yes_no_grammar(self.vocab, carriers=self.settings.carriers)
        meaning, failures, used = self._converse(
            voter, grammar, prompt, {"voter": voter, **(params or {})},
            lambda m: ("speech.confirm.yes" if m == YES else "speech.confirm.no", {"voter": voter}),
            timeout_s)
        if meaning is not None:
            return YesNo(voter, meaning == YES, "voice", failures)
        question = Question("yes_no", ask, (voter,), prompt=prompt,
                            params={"voter": voter, "name": voter, **(params or {})},
                            timeout_s=max(0.0, timeout_s - used))
        answer = self._ask_button(voter, question)
        if answer is None:
            return YesNo(voter, None, "timeout", failures)
        return YesNo(voter, bool(answer), "button", failures)

    # -- the conversation ---------------------------------------------------

    def _converse(self, voter: str, grammar: Grammar, prompt: str, params: dict[str, Any],
                  confirm: Callable[[Meaning], tuple[str, dict[str, Any]]],
                  timeout_s: float) -> tuple[Meaning | None, int, float]:
        """Ask, hear, repeat, hear the correction. Returns the accepted
        meaning (or None after ``max_failures``), the failures, and the audio
        time used."""
        if self.deaf:
            return None, 0, 0.0
        try:
            return self._converse_aloud(voter, grammar, prompt, params, confirm, timeout_s)
        except MicrophoneUnavailable:   # unplugged mid-game: the seat buttons take over
            self.deaf = True
            return None, self.settings.max_failures, 0.0

    def _converse_aloud(self, voter: str, grammar: Grammar, prompt: str, params: dict[str, Any],
                        confirm: Callable[[Meaning], tuple[str, dict[str, Any]]],
                        timeout_s: float) -> tuple[Meaning | None, int, float]:
        s = self.settings
        failures = 0
        used = 0.0
        ptt = self.push_to_talk(voter) if self.push_to_talk else None
        #: what the voter said was wrong this turn: not heard again. The same
        #: words said again mostly give the same sounds, and a closed grammar
        #: would give the same wrong answer; without it, the next closest is
        #: the lookalike that was meant ("Anna" for "Hanna")
        denied = grammar
        # a recognizer with a strict first listen (two opinions) and a laxer
        # second try: its strict refusal costs the voter no try of their own
        tries = s.max_failures + (1 if self._second_try() is not None else 0)
        self.say(prompt, **params)
        while failures < tries and used < timeout_s:
            window = min(s.answer_timeout_s, timeout_s - used)
            heard, meaning = self._hear(denied, window, ptt, second_try=failures > 0)
            used += heard.detected_s if heard else window
            if meaning == BY_SEAT:      # "Anna" where Hanna sits too: which one?
                failures += 1
                if failures < tries:
                    self.say("speech.say_seat", voter=voter)
                continue
            if meaning is None:
                failures += 1
                if failures < tries:
                    self.say("speech.not_understood" if heard else "speech.heard_nothing",
                             voter=voter)
                continue
            key, confirm_params = confirm(meaning)
            self.say(key, **confirm_params)
            if self._button_confirms():
                pressed = self._confirm_by_button(voter, confirm_params, timeout_s - used)
                used += min(s.confirm_window_s * 2, max(0.0, timeout_s - used))
                if pressed:
                    return meaning, failures, used
                denied = self._deny(denied, meaning) if s.deny_repeats else denied
                failures += 1
                if failures < tries:
                    self.say("speech.again", voter=voter)
                continue
            reply, verdict = self._hear(yes_no_grammar(self.vocab, carriers=s.carriers),
                                        s.confirm_window_s, ptt)
            used += reply.detected_s if reply else s.confirm_window_s
            if reply is None:
                if self._quiet_room():
                    return meaning, failures, used     # no objection within the window
                failures += 1
                if failures < tries:
                    self.say("speech.heard_nothing", voter=voter)
                continue
            if verdict == YES:
                return meaning, failures, used
            # "nee", or something unclear: never keep an answer that may be wrong
            if verdict == NO and s.deny_repeats:
                denied = self._deny(denied, meaning)
            failures += 1
            if failures < tries:
                self.say("speech.again" if verdict == NO else "speech.not_understood", voter=voter)
        return None, failures, used

    @staticmethod
    def _deny(grammar: Grammar, meaning: Meaning) -> Grammar:
        """``grammar`` without ``meaning``, unless too little would be left
        to choose from (a yes/no question): then the voter's correction is
        heard against every answer again."""
        rest = grammar.without(meaning)
        return rest if len({m for m in rest.phrases.values()}) > 1 else grammar

    def _confirm_by_button(self, voter: str, params: dict[str, Any], time_left: float) -> bool:
        """The voter presses their seat button to say the repetition is right."""
        question = Question("yes_no", "confirm", (voter,), prompt="speech.confirm_button",
                            params={"name": voter, **params, "voter": voter},
                            timeout_s=min(self.settings.confirm_window_s * 2, max(0.0, time_left)))
        assert self.fallback is not None
        self.say("speech.confirm_button", voter=voter)
        return self.fallback(question) is True

    def _second_try(self) -> Recognizer | None:
        """What hears the voter after a first failure, when the recognizer
        has a laxer one (``AgreedRecognizer``: pocketsphinx alone)."""
        second: Recognizer | None = getattr(self.recognizer, "second_try", None)
        return second

    def _button_confirms(self) -> bool:
        """Whether a repetition is confirmed by the voter's seat button (a
        loud room, or a language whose spoken "ja" is not trusted)."""
        return bool(self.fallback) and self.settings.button_confirms_in_noise and (
            not self._quiet_room() or not self.recognizer.hears_yes)

    def _quiet_room(self) -> bool:
        room = self.listener.room_db if self.listener.room_db is not None else self.listener.floor_db
        return room is None or room < self.settings.silence_accepts_below_dbfs

    def _hear(self, grammar: Grammar, timeout_s: float, ptt: PushToTalk | None,
              second_try: bool = False) -> tuple[Utterance | None, Meaning | None]:
        """Listen and decode while the player speaks; the meaning of a
        confident whole phrase of the grammar, or None. A sound that holds
        no phrase (a cough, a laugh, "hang on") is not the answer: the box
        keeps listening until the answer time is up. The utterance returned
        carries the audio time used. ``second_try``: the voter was not
        understood before, so a recognizer's laxer ``second_try`` (one
        opinion instead of two) hears it; the repetition is confirmed as
        any other (by the button, or by voice where a "yes" is trusted)."""
        held: Recognizer | None = getattr(self.recognizer, "held", None)
        if ptt is not None and self.settings.held_is_an_answer and held is not None:
            recognizer = held
        else:
            recognizer = (self._second_try() if second_try else None) or self.recognizer
        used = 0.0
        last: Utterance | None = None
        while used < timeout_s:
            stream = recognizer.stream(grammar)
            try:
                utterance = self.listener.listen(timeout_s - used, ptt, sink=stream.feed,
                                                 on_pause=stream.pause)
            finally:
                heard = stream.finish()
            if utterance is None:     # quiet until the end: the whole window is used
                return (replace(last, detected_s=timeout_s) if last else None), None
            used += utterance.detected_s
            last = replace(utterance, detected_s=used)
            if heard.text and heard.confidence >= recognizer.threshold:
                meaning = grammar.meaning(heard.text)
                margin = self.settings.yes_margin
                if meaning == YES and heard.rival is not None and margin is not None \
                        and heard.rival < margin:
                    meaning = None      # a "ja" that a "nee" nearly matched is no "ja"
                if meaning is not None:
                    return last, meaning
            if ptt is not None or not self.settings.keep_listening:
                break           # a press is one answer: no second listen inside it
        return last, None

    def _confirm_pick(self, ask: str, voter: str, meaning: Meaning) -> tuple[str, dict[str, Any]]:
        if meaning.player is None:
            return "speech.confirm.none", {"voter": voter}
        key = f"speech.confirm.{ask}"
        return (key if self.pack.has(key) else "speech.confirm.pick",
                {"voter": voter, "target": meaning.player})

    def _ask_key(self, ask: str) -> str:
        key = f"speech.ask.{ask}"
        return key if self.pack.has(key) else "speech.ask.pick"

    def _ask_button(self, voter: str, question: Question) -> Answer:
        if self.fallback is None or question.timeout_s <= 0:
            return None
        self.say("speech.use_button", voter=voter)
        return self.fallback(question)
