"""Whisper through the closed grammar, and the two opinions together (the
box's recognizer for Dutch and German): real espeak-ng speech and room
sounds through the fake microphone, the real Whisper base model from its
packages, real pocketsphinx; the whole day-vote path."""

from __future__ import annotations

import numpy as np
import pytest

import voices
from narrator.hearing import sounds
from narrator.hearing.agreement import AgreedRecognizer, Veto
from narrator.hearing.audio import silence
from narrator.hearing.grammar import NOBODY, Meaning, Vocabulary, pick_grammar, yes_no_grammar
from narrator.hearing.sphinx_backend import PocketsphinxRecognizer
from narrator.hearing.synth import espeak
from narrator.hearing.whisper_backend import N_MELS, WhisperRecognizer, log_mel
from tests.test_hearing_dayvote import confirmed, make

VOICE = {"nl": "nl", "de": "de", "en": "en-us"}
PLAYERS = {"nl": ["Anna", "Bram", "Cees", "Daan", "Eva"],
           "de": ["Anna", "Bernd", "Clara", "Dieter", "Emma"],
           "en": ["Anna", "Brian", "Charles", "David", "Emma"]}
#: a carrier phrase for seat 3 (the third player), something that is no vote
SAID = {"nl": ("op stoel drie", "ik weet het nog niet"),
        "de": ("ich stimme für nummer drei", "ich bin nicht sicher"),
        "en": ("i vote for number three", "what did he say")}
LANGS = ("nl", "de")


@pytest.fixture(scope="module")
def model_dir():
    from narrator.hearing.whisper_model import whisper_dir
    return whisper_dir()            # the suite's models folder (conftest), assembled once


@pytest.fixture(scope="module")
def whisper(model_dir):
    return {lang: WhisperRecognizer(model_dir, lang) for lang in ("nl", "de", "en")}


@pytest.fixture
def agreed(whisper):
    """A pocketsphinx of its own for each test (it used to carry its noise
    estimate from one utterance into the next; each now starts afresh, see
    test_hearing_recognizers, so this only keeps the tests apart)."""
    return {lang: AgreedRecognizer(whisper[lang], PocketsphinxRecognizer(lang=lang))
            for lang in LANGS}


def say(lang: str, phrase: str) -> np.ndarray:
    vocab = Vocabulary(voices.load(lang))
    vocab.words("vote_forms"), vocab.words("seat_forms"), vocab.words("nobody")
    return espeak(" ".join(vocab.spelling.get(w, w) for w in phrase.split()), VOICE[lang])


def grammar_for(lang: str):
    players = PLAYERS[lang]
    return pick_grammar(Vocabulary(voices.load(lang)), players[1:],
                        {p: i + 1 for i, p in enumerate(players)}, allow_none=True)


def test_log_mel_is_whispers_front_end():
    """80 mel bands every 10 ms over the window; a 1 kHz tone is loudest in
    the band around 1 kHz (the Slaney scale is linear to 1 kHz: band ~25 of
    80), silence is flat at the floor."""
    t = np.arange(16000) / 16000
    tone = (np.sin(2 * np.pi * 1000 * t) * 8000).astype(np.int16)
    mel = log_mel(tone, 300)
    assert mel.shape == (N_MELS, 300)
    assert abs(int(mel[:, 10:90].mean(axis=1).argmax()) - 25) <= 2
    quiet = log_mel(np.zeros(16000, np.int16), 300)
    assert np.ptp(quiet) == 0.0


@pytest.mark.parametrize("lang,phrase,meaning", [
    ("nl", "ik stem op niemand", NOBODY),
    ("nl", "op stoel drie", Meaning("player", "Cees")),
    ("de", "ich stimme für nummer drei", Meaning("player", "Clara")),
    ("en", "i vote for number three", Meaning("player", "Charles")),
])
def test_whisper_writes_only_the_grammars_words_and_is_matched_to_a_phrase(
        whisper, lang, phrase, meaning):
    grammar = grammar_for(lang)
    audio = say(lang, phrase)
    ranked = whisper[lang].rank(whisper[lang].hypotheses(audio, grammar), grammar)
    assert ranked[0][2] == meaning
    # the decoder may write only the grammar's own tokens: "wacht" is none of them
    suppressed = set(whisper[lang]._suppress(grammar))
    tokens = whisper[lang]._tok
    for word in grammar.words:
        spelled = tokens.encode(" " + grammar.written(word), add_special_tokens=False).ids
        assert not set(spelled) & suppressed
    assert set(tokens.encode(" wacht", add_special_tokens=False).ids) <= suppressed


def test_the_same_audio_gives_the_same_answer(agreed):
    grammar = grammar_for("nl")
    clips = [say("nl", p) for p in (SAID["nl"][0], SAID["nl"][1], "eva")]
    first = [agreed["nl"].recognize(c, grammar) for c in clips]
    again = [agreed["nl"].recognize(c, grammar) for c in reversed(clips)][::-1]
    assert [(h.text, h.rejected) for h in first] == [(h.text, h.rejected) for h in again]


@pytest.mark.parametrize("lang", LANGS)
def test_speech_that_is_no_vote_is_refused_where_pocketsphinx_alone_names_someone(
        agreed, lang):
    grammar = grammar_for(lang)
    audio = say(lang, SAID[lang][1])
    alone = agreed[lang].sphinx.recognize(audio, grammar)
    assert grammar.meaning(alone.text) is not None          # one opinion: a name
    both = agreed[lang].recognize(audio, grammar)
    assert both.rejected and not both.text


def test_silence_is_nothing_not_a_refusal(agreed):
    heard = agreed["nl"].recognize(np.zeros(16000, np.int16), grammar_for("nl"))
    assert not heard.text and not heard.rejected


@pytest.mark.parametrize("lang", LANGS)
def test_a_carrier_phrase_after_a_cough(agreed, lang):
    dialogue, table, buttons, players = make(lang, agreed[lang])
    voter, meant = players[0], players[2]
    table.truth = {voter: meant}
    table.script = {voter: [np.concatenate([sounds.cough(1), silence(0.6),
                                            say(lang, SAID[lang][0])])]}
    ballot = dialogue.pick(voter, players[1:])
    assert (ballot.choice, ballot.via, ballot.failures) == (meant, "voice", 0)
    assert [q.prompt for q in buttons.asked] == ["speech.confirm_button"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_non_vote_is_not_repeated_back_as_a_name(agreed, lang):
    """"ik weet het nog niet" is refused, the box keeps listening, and the
    vote that follows in the same answer time is the one heard."""
    dialogue, table, _, players = make(lang, agreed[lang])
    voter, meant = players[1], players[2]
    table.truth = {voter: meant}
    table.script = {voter: [np.concatenate([say(lang, SAID[lang][1]), silence(1.0),
                                            say(lang, SAID[lang][0])])]}
    ballot = dialogue.pick(voter, [p for p in players if p != voter])
    assert confirmed(table) == [meant]
    assert (ballot.choice, ballot.via) == (meant, "voice")


def test_a_dead_players_name_is_never_taken(agreed):
    dialogue, table, _, players = make("nl", agreed["nl"])
    voter, dead, meant = players[0], players[4], players[2]
    table.truth = {voter: meant}
    table.script = {voter: ["eva"]}
    table.phrase = {voter: SAID["nl"][0]}
    ballot = dialogue.pick(voter, players[1:4])          # Eva is dead: not an option
    assert dead not in confirmed(table) and ballot.choice == meant


def test_after_a_refusal_the_button_confirms_one_opinion(whisper):
    """A veto that refuses everything: the first answer is refused; the
    second try, which the seat button confirms, hears pocketsphinx alone."""
    strict = AgreedRecognizer(whisper["nl"], PocketsphinxRecognizer(lang="nl"),
                              Veto(near=-1.0, clear=0.0))
    dialogue, table, buttons, players = make("nl", strict)
    voter, meant = players[0], players[2]
    table.truth = {voter: meant}
    table.phrase = {voter: SAID["nl"][0]}
    ballot = dialogue.pick(voter, players[1:])
    assert (ballot.choice, ballot.via, ballot.failures) == (meant, "voice", 1)
    assert "speech.not_understood" in table.keys()
    assert [q.prompt for q in buttons.asked] == ["speech.confirm_button"]


def test_in_babble_a_no_is_never_a_yes(agreed):
    """Other people talk 15 dB under the voter: the repetition is confirmed
    by the seat button, and a spoken "nee" heard in the babble is refused or
    heard as no, never as yes."""
    speech = say("nl", "nee")
    power = float(np.mean(speech.astype(np.float64) ** 2))
    room = sounds.bed(sounds.babble(6, espeak, ["en-us+m3", "nl+m1", "de+f3"], 2), power, 15)
    grammar = yes_no_grammar(Vocabulary(voices.load("nl")))
    for start in (0, 16000, 32000):
        mixed = np.clip(np.concatenate([silence(0.3), speech, silence(0.4)]).astype(np.int32)
                        + room[start:start + len(speech) + 11200], -32768, 32767).astype(np.int16)
        heard = agreed["nl"].recognize(mixed, grammar)
        assert grammar.meaning(heard.text) != Meaning("yes")


@pytest.mark.parametrize("cores, threads", [(1, 1), (2, 2), (4, 4), (8, 4)])
def test_whisper_decodes_on_the_cores_it_may_use_up_to_four(monkeypatch, cores, threads):
    from narrator.hearing import whisper_backend

    monkeypatch.setattr(whisper_backend.os, "sched_getaffinity", lambda pid: set(range(cores)))
    assert whisper_backend._threads() == threads
