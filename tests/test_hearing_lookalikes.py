"""Names too alike for the box's ears: found at set-up, said once, and
asked by seat number (real espeak-ng phonemes, real pocketsphinx on real
speech through the fake microphone)."""

from __future__ import annotations

import numpy as np
import pytest

import voices
from hardware.microphone import FakeMicrophone
from narrator.hearing.dialogue import VoteDialogue
from narrator.hearing.grammar import BY_SEAT, Meaning, Vocabulary, pick_grammar
from narrator.hearing.listen import Listener
from narrator.hearing.lookalikes import lookalikes
from narrator.hearing.setup import spoken_input
from narrator.hearing.simulate import SimulatedTable
from narrator.hearing.synth import espeak
from ports import Question

PLAYERS = ["Anna", "Hannah", "Charles", "Brian", "Emma", "Frank"]
SEATS = {p: i + 1 for i, p in enumerate(PLAYERS)}


def test_the_pairs_a_table_confuses_are_found_and_others_are_not():
    assert lookalikes(PLAYERS, "en") == [("Anna", "Hannah")]
    assert lookalikes(["Anna", "Bram", "Cees", "Kees", "Eva", "Femke", "Hanna"], "nl") == [
        ("Anna", "Hanna"), ("Cees", "Kees")]
    assert lookalikes(["Ellen", "Helen", "Grace", "Henry"], "en") == [("Ellen", "Helen")]
    assert lookalikes(["Bram", "Daan", "Eva", "Femke", "Gijs", "Joris", "Lotte"], "nl") == []


def test_a_lookalike_name_asks_for_the_seat_and_its_seat_still_votes():
    vocab = Vocabulary(voices.load("en"))
    grammar = pick_grammar(vocab, PLAYERS[1:], SEATS, True, by_seat={"Anna", "Hannah"})
    assert grammar.meaning("hannah") == BY_SEAT and grammar.meaning("i vote for hannah") == BY_SEAT
    assert grammar.meaning("number two") == Meaning("player", "Hannah")
    assert grammar.meaning("emma") == Meaning("player", "Emma")
    assert "anna" not in grammar.phrases          # not a choice here: not in the grammar at all


class Buttons:
    lines: list = []
    def ask(self, question: Question):
        raise AssertionError(f"the voice should have settled it: {self.lines}")


@pytest.fixture(scope="module")
def sphinx():
    from narrator.hearing.sphinx_backend import PocketsphinxRecognizer

    return PocketsphinxRecognizer(lang="en")


def test_set_up_says_once_who_is_asked_by_seat_and_the_vote_goes_by_number(sphinx):
    said: list[tuple[str, dict]] = []
    mic = FakeMicrophone(noise=(np.random.default_rng(1).standard_normal(16000 * 3) * 10).astype(np.int16))
    hearing = spoken_input(voices.load("en"), say=lambda key, **p: said.append((key, p)),
                           fallback=Buttons(), seats=SEATS, mic=mic, recognizer=sphinx)
    assert ("speech.lookalike", {"names": "Anna and Hannah"}) in hearing.notices
    line = voices.load("en").line("speech.lookalike", names="Anna and Hannah")
    assert "seat number" in line
    assert hearing.dialogue is not None and hearing.dialogue.by_seat == {"Anna", "Hannah"}


def test_a_voter_who_says_the_lookalike_name_is_asked_for_the_number(sphinx):
    mic = FakeMicrophone(noise=(np.random.default_rng(1).standard_normal(16000 * 9) * 10).astype(np.int16))
    table = SimulatedTable(voices.load("en"), mic, lambda text: espeak(text, "en-us+f2"), seats=SEATS)
    dialogue = VoteDialogue(pack=voices.load("en"), recognizer=sphinx, listener=Listener(mic),
                            say=table.say, seats=SEATS, by_seat=frozenset({"Anna", "Hannah"}),
                            fallback=(buttons := Buttons()).ask)
    buttons.lines = table.lines
    table.truth = {"Frank": "Hannah"}
    table.phrase = {"Frank": "i vote for hannah"}
    ballot = dialogue.pick("Frank", PLAYERS[:5], allow_none=True)
    assert ballot.choice == "Hannah" and ballot.via == "voice"
    keys = table.keys()
    assert keys[:2] == ["speech.ask.vote", "speech.say_seat"]
    assert ("speech.confirm.vote", {"voter": "Frank", "target": "Hannah"}) in table.lines
