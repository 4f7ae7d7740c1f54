"""The vote dialogue end to end: real pocketsphinx, real espeak-ng speech
played through the fake microphone by a simulated table, which answers
every question and every repetition as a person would."""

from __future__ import annotations

import numpy as np
import pytest

import voices
from engine import Game, Role, Setup
from engine.day import tally
from hardware.microphone import FakeMicrophone
from narrator.hearing.adapter import SpokenInput
from narrator.hearing.audio import pink_noise
from narrator.hearing.dialogue import DialogueSettings, VoteDialogue, voting_order
from narrator.hearing.listen import Listener
from narrator.hearing.simulate import SILENT, SimulatedTable
from narrator.hearing.synth import espeak
from ports import Question

PLAYERS = ["Anna", "Brian", "Charles", "David", "Emma", "Frank"]
SEATS = {p: i + 1 for i, p in enumerate(PLAYERS)}
VOICE = "en-us+f2"
_SPOKEN: dict[str, np.ndarray] = {}


def voice_of(text: str) -> np.ndarray:
    if text not in _SPOKEN:
        _SPOKEN[text] = espeak(text, VOICE)
    return _SPOKEN[text]


@pytest.fixture(scope="module")
def sphinx():
    from narrator.hearing.sphinx_backend import PocketsphinxRecognizer

    return PocketsphinxRecognizer()


class Buttons:
    """The seat buttons: what each voter presses when asked (None: nothing)."""

    def __init__(self, presses: dict[str, tuple[str, ...] | bool | None] | None = None):
        self.presses = presses or {}
        self.asked: list[Question] = []

    def ask(self, question: Question):
        self.asked.append(question)
        return self.presses.get(question.seats[0])


def make(sphinx, noise_snr_db: float | None = None, buttons: Buttons | None = None, **table_kw):
    noise = None
    if noise_snr_db is not None:
        speech = np.concatenate([voice_of(w) for w in ("three", "yes", "no")]).astype(np.float64)
        active = speech[np.abs(speech) > 0.02 * np.abs(speech).max()]
        gain = np.sqrt(np.mean(active**2) / 10 ** (noise_snr_db / 10))
        noise = (pink_noise(16000 * 20, np.random.default_rng(11)) * gain).astype(np.int16)
    mic = FakeMicrophone(noise=noise)
    pack = voices.load("en")
    table = SimulatedTable(pack, mic, voice_of, **table_kw)
    buttons = buttons or Buttons()
    dialogue = VoteDialogue(pack=pack, recognizer=sphinx, listener=Listener(mic), say=table.say,
                            seats=SEATS, fallback=buttons.ask, settings=DialogueSettings())
    return dialogue, table, buttons, mic


def others(voter: str, dead: tuple[str, ...] = ()) -> list[str]:
    return [p for p in PLAYERS if p != voter and p not in dead]


def test_a_vote_by_name_is_repeated_and_kept(sphinx):
    dialogue, table, buttons, _ = make(sphinx)
    table.truth = {"Anna": "Charles"}
    ballot = dialogue.pick("Anna", others("Anna"))
    assert (ballot.choice, ballot.via, ballot.failures) == ("Charles", "voice", 0)
    assert ("speech.confirm.vote", {"voter": "Anna", "target": "Charles"}) in table.lines
    assert table.keys()[0] == "speech.ask.vote"
    assert not buttons.asked


def test_a_seat_number_and_nobody(sphinx):
    dialogue, table, _, _ = make(sphinx, silent_accept=True)
    table.truth = {"Brian": "Frank", "Charles": None}
    table.phrase = {"Brian": "number six"}
    assert dialogue.pick("Brian", others("Brian")).choice == "Frank"
    ballot = dialogue.pick("Charles", others("Charles"))
    assert (ballot.choice, ballot.via) == (None, "voice")
    assert "speech.confirm.none" in table.keys()


def test_a_correction_is_taken(sphinx):
    dialogue, table, _, _ = make(sphinx)
    table.truth = {"Anna": "Brian"}
    # says David by mistake; the box repeats David; "no"; then the right name
    table.script = {"Anna": ["david"]}
    ballot = dialogue.pick("Anna", others("Anna"))
    assert (ballot.choice, ballot.via, ballot.failures) == ("Brian", "voice", 1)
    keys = table.keys()
    assert keys.count("speech.confirm.vote") == 2 and "speech.again" in keys
    assert table.lines[1] == ("speech.confirm.vote", {"voter": "Anna", "target": "David"})


def test_silence_goes_to_the_seat_button_after_two_failures(sphinx):
    buttons = Buttons({"David": ("Emma",)})
    dialogue, table, _, _ = make(sphinx, buttons=buttons)
    table.truth = {"David": "Emma"}
    table.script = {"David": [SILENT, SILENT]}
    ballot = dialogue.pick("David", others("David"), timeout_s=60)
    assert (ballot.choice, ballot.via, ballot.failures) == ("Emma", "button", 2)
    assert table.keys() == ["speech.ask.vote", "speech.heard_nothing", "speech.use_button"]
    q = buttons.asked[0]
    assert q.seats == ("David",) and q.options == tuple(others("David")) and not q.secret
    assert 0 < q.timeout_s < 60          # what the voice used is taken off the time left


def test_no_button_press_is_an_abstention_at_the_time_out(sphinx):
    dialogue, table, _, _ = make(sphinx)
    table.truth = {"Emma": "Anna"}
    table.script = {"Emma": [SILENT, SILENT]}
    ballot = dialogue.pick("Emma", others("Emma"))
    assert (ballot.choice, ballot.via) == (None, "timeout")
    assert table.keys()[-1] == "speech.abstains"


def test_a_time_out_spent_listening_abstains_without_a_button(sphinx):
    dialogue, table, buttons, mic = make(sphinx)
    table.script = {"Emma": [SILENT, SILENT]}
    ballot = dialogue.pick("Emma", others("Emma"), timeout_s=5)
    assert ballot.via == "timeout" and not buttons.asked
    assert mic.position <= 5.2 * 16000


def test_noise_is_not_a_vote(sphinx):
    dialogue, table, _, _ = make(sphinx)
    rng = np.random.default_rng(5)
    cough = (rng.standard_normal(5000) * 6000).astype(np.int16)
    table.truth = {"Frank": "Anna"}
    table.script = {"Frank": [cough]}
    ballot = dialogue.pick("Frank", others("Frank"))
    assert ballot.choice == "Anna"
    assert ballot.failures >= 1        # the cough was not taken as an answer


def test_votes_in_a_noisy_room(sphinx):
    dialogue, table, _, _ = make(sphinx, noise_snr_db=10)
    table.truth = {"Anna": "Brian", "Brian": "Charles", "Charles": "Anna", "David": None}
    table.phrase = {"Brian": "three"}
    ballots = dialogue.collect(["Anna", "Brian", "Charles", "David"], PLAYERS)
    for b in ballots:      # right, whether by voice or (after two failures) the button
        assert b.choice == table.truth[b.voter] or b.via != "voice"


@pytest.mark.parametrize("said", ["oscar", "emma"])
def test_an_unknown_name_or_a_dead_player_is_never_recorded(sphinx, said):
    # Emma is dead: she is not in the grammar, like a name nobody has
    dialogue, table, _, _ = make(sphinx)
    table.truth = {"Anna": "Charles"}
    table.script = {"Anna": [said]}
    ballot = dialogue.pick("Anna", others("Anna", dead=("Emma",)))
    assert ballot.choice == "Charles"
    targets = {p.get("target") for k, p in table.lines if k.startswith("speech.confirm")}
    assert "Emma" not in targets and "Oscar" not in targets


def test_an_unclear_reply_to_the_repetition_is_no_yes(sphinx):
    dialogue, table, buttons, _ = make(sphinx, buttons=Buttons({"Anna": ("Brian",)}))
    rng = np.random.default_rng(8)
    mumble = (rng.standard_normal(6000) * 5000).astype(np.int16)
    table.truth = {"Anna": "Brian"}
    table.script = {"Anna": ["brian", mumble, "brian", mumble]}
    ballot = dialogue.pick("Anna", others("Anna"))
    assert ballot.via == "button" and ballot.choice == "Brian"


def test_the_mayors_vote_is_recorded_like_any_other(sphinx):
    dialogue, table, _, _ = make(sphinx)
    order = voting_order(PLAYERS, ["Anna", "Brian", "Charles", "David", "Frank"], last_victim="Emma")
    assert order == ["Frank", "Anna", "Brian", "Charles", "David"]
    table.truth = {"Frank": "Brian", "Anna": "Brian", "Brian": "Charles", "Charles": "David",
                   "David": "Charles"}
    ballots = dialogue.collect(order, ["Anna", "Brian", "Charles", "David", "Frank"])
    record = {b.voter: b.choice for b in ballots}
    assert record == table.truth
    # the engine counts it twice: Frank the mayor tips Brian over Charles
    names = ("Anna", "Brian", "Charles", "David", "Frank")
    state = Game(Setup(names, {n: Role.WEREWOLF if n == "Anna" else Role.VILLAGER for n in names})).state
    state.mayor = "Frank"
    counts = tally(state, record)
    assert counts["Brian"] == 3 and counts["Charles"] == 2 and counts["David"] == 1


def test_mayor_tiebreak_and_successor_use_their_lines(sphinx):
    dialogue, table, _, _ = make(sphinx, silent_accept=True)
    table.truth = {"Anna": "David"}
    assert dialogue.pick("Anna", ["Brian", "David"], ask="mayor_tiebreak", allow_none=False).choice == "David"
    table.truth = {"Anna": "Frank"}
    assert dialogue.pick("Anna", ["Frank", "Brian"], ask="mayor_successor", allow_none=False).choice == "Frank"
    keys = table.keys()
    assert "speech.ask.mayor_tiebreak" in keys and "speech.confirm.mayor_tiebreak" in keys
    assert "speech.ask.mayor_successor" in keys and "speech.confirm.mayor_successor" in keys


def test_voting_order_starts_left_of_the_last_victim():
    seating = ["Anna", "Brian", "Charles", "David", "Emma"]
    assert voting_order(seating, {"Anna", "Charles", "Emma"}, "Charles") == ["Emma", "Anna", "Charles"]
    assert voting_order(seating, seating, "Emma") == seating
    assert voting_order(seating, seating, None) == seating


def test_push_to_talk_per_voter(sphinx):
    mic_holder = {}

    def ptt(voter):
        mic = mic_holder["mic"]
        start = mic.position
        return lambda: mic.position - start < 2.5 * 16000   # held for 2.5 s from the question

    dialogue, table, _, mic = make(sphinx, silent_accept=True)
    mic_holder["mic"] = mic
    dialogue.push_to_talk = ptt
    table.truth = {"Anna": "Charles"}
    # the confirmation window hears the button released: silence accepts
    assert dialogue.pick("Anna", others("Anna")).choice == "Charles"


# -- the adapter the moderator uses --------------------------------------------

def test_spoken_input_takes_public_single_questions_by_voice(sphinx):
    buttons = Buttons()
    dialogue, table, _, _ = make(sphinx, buttons=buttons)
    spoken = SpokenInput(dialogue, buttons)
    table.truth = {"Anna": "Brian", "Brian": None, "Charles": True}
    vote = Question("pick", "vote", ("Anna",), tuple(others("Anna")), allow_none=True,
                    prompt="prompt.vote", params={"name": "Anna"})
    assert spoken.ask(vote) == ("Brian",)
    assert spoken.ask(Question("pick", "vote", ("Brian",), tuple(others("Brian")),
                               allow_none=True)) == ()
    assert spoken.ask(Question("yes_no", "custom", ("Charles",))) is True
    assert not buttons.asked


def test_spoken_input_never_asks_secret_or_group_questions_by_voice(sphinx):
    buttons = Buttons({"Anna": ("Brian",), "Brian": ("Charles",)})
    dialogue, table, _, mic = make(sphinx, buttons=buttons)
    spoken = SpokenInput(dialogue, buttons)
    seer = Question("pick", "seer", ("Anna",), ("Brian", "Charles"), secret=True)
    wolves = Question("pick", "werewolves", ("Brian", "Charles"), ("Anna",), secret=True)
    cupid = Question("pick", "cupid", ("Brian",), tuple(PLAYERS), count=2)
    assert spoken.ask(seer) == ("Brian",)
    assert spoken.ask(wolves) == ("Charles",)      # Brian pressed for the pack
    assert spoken.ask(cupid) == ("Charles",)
    assert buttons.asked == [seer, wolves, cupid]
    assert table.lines == [] and mic.starts == 0     # not a word said, not a sound heard


def test_spoken_input_returns_none_at_the_time_out(sphinx):
    buttons = Buttons()
    dialogue, table, _, _ = make(sphinx, buttons=buttons)
    table.script = {"Anna": [SILENT, SILENT]}
    q = Question("pick", "vote", ("Anna",), tuple(others("Anna")), allow_none=True, timeout_s=30)
    assert SpokenInput(dialogue, buttons).ask(q) is None
    assert buttons.asked and buttons.asked[0].seats == ("Anna",)


def test_in_a_noisy_room_silence_does_not_confirm(sphinx):
    # a "no" could drown in the noise: only a spoken "yes" confirms there
    buttons = Buttons({"Anna": ("Brian",)})
    dialogue, table, _, _ = make(sphinx, noise_snr_db=5, buttons=buttons, silent_accept=True)
    table.truth = {"Anna": "Brian"}
    ballot = dialogue.pick("Anna", others("Anna"))
    assert ballot.via == "button"
    assert dialogue.listener.floor_db is not None and dialogue.listener.floor_db > -45
    quiet, table2, _, _ = make(sphinx, silent_accept=True)
    table2.truth = {"Anna": "Brian"}
    assert quiet.pick("Anna", others("Anna")).via == "voice"


def test_a_microphone_lost_mid_game_hands_over_to_the_buttons(sphinx):
    from hardware.microphone import MicrophoneUnavailable

    buttons = Buttons({"Anna": ("Brian",), "Brian": ("Anna",)})
    dialogue, table, _, mic = make(sphinx, buttons=buttons)

    def unplugged() -> None:
        raise MicrophoneUnavailable("no usable microphone: device unplugged")

    mic.on_start.append(unplugged)
    assert dialogue.pick("Anna", others("Anna")).choice == "Brian"
    assert dialogue.deaf
    assert dialogue.pick("Brian", others("Brian")).via == "button"
    assert table.keys().count("speech.ask.vote") == 1     # the next voter is not asked aloud
