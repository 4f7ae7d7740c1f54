"""The day vote heard as a table says it, in every language pack: real
espeak-ng speech and real room sounds through the fake microphone, real
pocketsphinx (its English model; Dutch and German words pronounced from
espeak-ng's phonemes), the whole path: end-pointing, grammar, rejection,
the repetition and its confirmation."""

from __future__ import annotations

import numpy as np
import pytest

import voices
from hardware.microphone import FakeMicrophone
from narrator.hearing import sounds
from narrator.hearing.audio import silence
from narrator.hearing.dialogue import VoteDialogue
from narrator.hearing.grammar import Meaning, Vocabulary, pick_grammar
from narrator.hearing.listen import Listener
from narrator.hearing.simulate import SimulatedTable
from narrator.hearing.sphinx_backend import PocketsphinxRecognizer
from narrator.hearing.synth import espeak
from ports import Question

VOICE = {"nl": "nl", "de": "de", "en": "en-us"}
PLAYERS = {"nl": ["Anna", "Bram", "Cees", "Daan", "Eva"],
           "de": ["Anna", "Bernd", "Clara", "Dieter", "Emma"],
           "en": ["Anna", "Brian", "Charles", "David", "Emma"]}
#: (a carrier phrase for seat 3, something that is no vote)
SAID = {"nl": ("op nummer drie", "wacht even"), "de": ("ich stimme für nummer drei", "warte mal"),
        "en": ("i vote for number three", "hang on a second")}
#: a wrong name and the one meant, each heard alone in the test voice (the
#: phone margin refuses some other bare names: Bernd, Emma in English)
MISTAKE = {"nl": ("Cees", "Eva"), "de": ("Clara", "Emma"), "en": ("Charles", "Brian")}
_SPOKEN: dict[tuple[str, str], np.ndarray] = {}


@pytest.fixture(scope="module", params=voices.LANGUAGES)
def lang(request):
    return request.param


@pytest.fixture(scope="module")
def recognizer(lang):
    return PocketsphinxRecognizer(lang=lang)


def speaker(lang: str):
    vocab = Vocabulary(voices.load(lang))
    vocab.words("vote_forms"), vocab.words("nobody")      # learn the written forms

    def speak(phrase: str) -> np.ndarray:
        if (lang, phrase) not in _SPOKEN:
            text = " ".join(vocab.spelling.get(w, w) for w in phrase.split())
            _SPOKEN[lang, phrase] = espeak(text, VOICE[lang])
        return _SPOKEN[lang, phrase]
    return speak


class Buttons:
    """The seat buttons, pressed truthfully: the vote meant, or whether the
    repetition is right."""

    def __init__(self, table: SimulatedTable) -> None:
        self.table = table
        self.asked: list[Question] = []

    def ask(self, q: Question):
        self.asked.append(q)
        meant = self.table.truth[q.seats[0]]
        if q.kind == "yes_no":
            return q.params.get("target") == meant
        return (meant,) if meant else ()


def make(lang, recognizer, room: np.ndarray | None = None):
    pack = voices.load(lang)
    hiss = (np.random.default_rng(3).standard_normal(16000 * 4) * 10).astype(np.int16)
    mic = FakeMicrophone(noise=hiss if room is None else room)
    table = SimulatedTable(pack, mic, speaker(lang))
    buttons = Buttons(table)
    players = PLAYERS[lang]
    dialogue = VoteDialogue(pack=pack, recognizer=recognizer, listener=Listener(mic),
                            say=table.say, seats={p: i + 1 for i, p in enumerate(players)},
                            fallback=buttons.ask)
    return dialogue, table, buttons, players


def confirmed(table: SimulatedTable) -> list[str | None]:
    return [p.get("target") for k, p in table.lines if k.startswith("speech.confirm.")]


def test_a_carrier_phrase_after_a_cough(lang, recognizer):
    """"op nummer drie" (Cees on seat 3), with a cough just before: the
    cough holds no word of the grammar and does not end the answer time."""
    dialogue, table, buttons, players = make(lang, recognizer)
    voter, meant = players[0], players[2]
    table.truth = {voter: meant}
    speak = speaker(lang)
    table.script = {voter: [np.concatenate([sounds.cough(1), silence(0.6), speak(SAID[lang][0])])]}
    ballot = dialogue.pick(voter, players[1:])
    assert (ballot.choice, ballot.via) == (meant, "voice")
    assert "speech.not_understood" not in table.keys()
    # Dutch and German on the English model: a spoken "ja" is not trusted,
    # the seat button confirms what was heard
    assert all(q.prompt == "speech.confirm_button" for q in buttons.asked)
    assert bool(buttons.asked) != recognizer.hears_yes


def test_speech_that_is_no_vote_is_refused_not_mapped_to_a_name(lang, recognizer):
    dialogue, table, _, players = make(lang, recognizer)
    voter, meant = players[1], players[3]
    table.truth = {voter: meant}
    table.phrase = {voter: f"{Vocabulary(voices.load(lang)).name(meant)}"}
    table.script = {voter: [SAID[lang][1]]}
    ballot = dialogue.pick(voter, [p for p in players if p != voter])
    assert ballot.choice == meant
    if lang == "en":
        # "hang on a second" is refused, never repeated back as a name
        assert confirmed(table)[0] == meant
    else:
        # Dutch, German: answers and non-answers score much alike on the
        # English phones (docs/hearing.md); "wacht even" may be repeated back
        # as a name (or a real name refused), and the seat button settles it
        assert all(t == meant for t in confirmed(table)[1:2]) or ballot.via == "button"


def test_a_dead_players_name_is_never_taken(lang, recognizer):
    dialogue, table, _, players = make(lang, recognizer)
    voter, dead, meant = players[0], players[4], players[1]
    table.truth = {voter: meant}
    table.script = {voter: [Vocabulary(voices.load(lang)).name(dead)]}
    ballot = dialogue.pick(voter, players[1:4])          # Eva is dead: not an option
    assert dead not in confirmed(table) and ballot.choice == meant


def test_the_correction_after_a_wrong_repetition_is_heard(lang, recognizer):
    """The voter says the wrong name, denies its repetition (the seat
    button unpressed, or "nee"), then says the one meant. What was said to
    the repetition while the box asked for the button is not the answer."""
    dialogue, table, _, players = make(lang, recognizer)
    vocab = Vocabulary(voices.load(lang))
    voter, (wrong, meant) = players[0], MISTAKE[lang]
    table.truth = {voter: meant}
    table.script = {voter: [vocab.name(wrong)]}
    table.phrase = {voter: vocab.name(meant)}
    ballot = dialogue.pick(voter, players[1:])
    assert confirmed(table) == [wrong, meant]
    assert (ballot.choice, ballot.via) == (meant, "voice")


def test_a_denied_answer_is_not_heard_again_in_the_turn(lang, recognizer):
    """Said twice, the same wrong words give the same sounds; the second
    time the answer the voter denied is out of the grammar, so the next
    closest is heard (with lookalike names, the one meant)."""
    dialogue, table, _, players = make(lang, recognizer)
    voter, (wrong, meant) = players[0], MISTAKE[lang]
    table.truth = {voter: meant}
    table.phrase = {voter: Vocabulary(voices.load(lang)).name(wrong)}
    ballot = dialogue.pick(voter, players[1:])
    first, *again = confirmed(table)
    assert first == wrong and wrong not in again
    assert ballot.choice == meant       # the seat button, after two failures


def test_in_babble_a_wrong_repetition_is_refused_by_the_button(lang, recognizer):
    """Other people talk 15 dB below the voter. The voter says the wrong
    name first; in a loud room the repetition is confirmed by the seat
    button, not by a spoken "ja" that babble can fake."""
    speak = speaker(lang)
    power = float(np.mean(speak(SAID[lang][0]).astype(np.float64) ** 2))
    room = sounds.bed(sounds.babble(12, espeak, ["en-us+m3", "nl+m1", "de+f3"], 2), power, 15)
    dialogue, table, buttons, players = make(lang, recognizer, room)
    voter, wrong, meant = players[0], players[1], players[2]
    table.truth = {voter: meant}
    table.script = {voter: [Vocabulary(voices.load(lang)).name(wrong)]}
    ballot = dialogue.pick(voter, players[1:])
    assert ballot.choice == meant            # by voice or, failing that, by the button
    # every repetition is confirmed by the button (German: both answers
    # may be refused in the babble, and the seat button takes the vote)
    repeated = [k for k in table.keys() if k.startswith("speech.confirm.")]
    assert repeated or lang == "de"
    assert table.keys().count("speech.confirm_button") == len(repeated)
    assert sum(q.prompt == "speech.confirm_button" for q in buttons.asked) == len(repeated)


def test_in_babble_the_answer_ends_when_the_voter_stops():
    """The room's voices are voiced and over the noise floor; they held the
    answer open to the longest answer (6 s), decoded with 4 s of the room
    around it. Now the answer ends 400 ms after the voter's last word and
    is heard right (confirmed by the seat button: a loud room)."""
    speak = speaker("en")
    power = float(np.mean(speak(SAID["en"][0]).astype(np.float64) ** 2))
    chatter = sounds.babble(12, espeak, ["en-us+m3", "nl+m1", "de+f3"], 2)
    room = np.roll(sounds.bed(chatter, power, 15), -3 * 16000)    # mid-conversation
    recognizer = PocketsphinxRecognizer("en")
    dialogue, table, buttons, players = make("en", recognizer, room)
    voter, meant = players[0], players[2]
    table.truth, table.phrase = {voter: meant}, {voter: "i pick charles"}
    heard: list[float] = []
    listen = dialogue.listener.listen

    def timed(*args, **kwargs):
        utterance = listen(*args, **kwargs)
        heard.append(len(utterance.audio) / 16000 if utterance else 0.0)
        return utterance
    dialogue.listener.listen = timed           # type: ignore[method-assign]
    ballot = dialogue.pick(voter, players[1:])
    assert (ballot.choice, ballot.via, ballot.failures) == (meant, "voice", 0)
    assert [q.prompt for q in buttons.asked] == ["speech.confirm_button"]
    # the pre-roll, the voice (espeak-ng's padding included), the 400 ms wait
    assert heard[0] <= 0.3 + len(speak("i pick charles")) / 16000 + 0.5


def test_the_same_audio_gives_the_same_answer(lang, recognizer):
    dialogue, _, _, players = make(lang, recognizer)
    grammar = pick_grammar(dialogue.vocab, players[1:], dialogue.seats, allow_none=True)
    speak = speaker(lang)
    hiss = np.random.default_rng(4).standard_normal(16000 * 4) * 10     # a microphone's own
    clips = [np.concatenate([silence(0.3), speak(p), silence(0.3)])
             for p in (SAID[lang][0], SAID[lang][1], dialogue.vocab.name(players[2]))]
    clips = [(c + hiss[:len(c)]).astype(np.int16) for c in clips]
    first = [recognizer.recognize(c, grammar) for c in clips]
    again = [recognizer.recognize(c, grammar) for c in reversed(clips)][::-1]
    # the answer and the refusal; word posteriors can differ in the third
    # decimal with what was decoded before, far from any threshold
    assert [(h.text, h.rejected) for h in first] == [(h.text, h.rejected) for h in again]
    assert grammar.meaning(first[0].text) in (Meaning("player", players[2]), None)


def test_speech_that_sounds_like_a_phrase_is_refused_word_by_word():
    """"i don't know yet" scores like "i vote for nobody" on the whole
    answer's margin (within it by 0.03) and was taken for it; against the
    free phones word by word, "nobody" is forced onto sounds it does not
    have. Real answers still pass, "number three" too, whose whole margin
    is as doubtful. (In en-us+f2 the same words beat the free phones by
    0.04 as a whole: no doubt, no second opinion, still taken.)"""
    vocab = Vocabulary(voices.load("en"))
    players = PLAYERS["en"]
    grammar = pick_grammar(vocab, players[1:], {p: i + 1 for i, p in enumerate(players)}, True)
    hiss = np.random.default_rng(4).standard_normal(16000 * 4) * 10

    def heard(recognizer: PocketsphinxRecognizer, text: str, voice: str) -> tuple[str, bool]:
        clip = np.concatenate([silence(0.3), espeak(text, voice), silence(0.3)])
        h = recognizer.recognize((clip + hiss[:len(clip)]).astype(np.int16), grammar)
        return h.text, h.rejected

    second_opinion = PocketsphinxRecognizer("en")
    whole_only = PocketsphinxRecognizer("en", word_margin=None)
    assert heard(whole_only, "i don't know yet", "en-us") == ("i vote for nobody", False)
    assert heard(second_opinion, "i don't know yet", "en-us") == ("", True)
    for voice in ("en-us", "en-us+f2"):
        for answer in ("emma please", "number three"):
            assert heard(second_opinion, answer, voice) == (answer, False)
