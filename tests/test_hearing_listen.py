"""Listening: end-pointing on real synthesised speech through the fake
microphone, push-to-talk, the level check, and no sound card."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from hardware.audio import resample
from hardware.microphone import FakeMicrophone, MicrophoneUnavailable, SoundDeviceMicrophone
from narrator.hearing import sounds
from narrator.hearing.audio import mix_at_snr, pink_noise, silence
from narrator.hearing.listen import PTT_MARGIN_S, Listener
from narrator.hearing.synth import espeak
from narrator.hearing.vad import VadSettings


@pytest.fixture(scope="module")
def word():
    return espeak("seven", "en-us")


def test_an_utterance_is_cut_out_of_silence(word):
    mic = FakeMicrophone()
    mic.play(np.concatenate([silence(1.0), word, silence(2.0)]))
    heard = Listener(mic).listen(timeout_s=5)
    assert heard is not None
    speech_s = len(word) / 16000
    # whole word, a little pre-roll, the end found within the end-silence setting
    assert speech_s <= len(heard.audio) / 16000 <= speech_s + 0.3 + 0.4 + 0.1
    voiced_s = 0.51   # espeak-ng pads the word with a third of a second of silence
    assert 1.0 + voiced_s - 0.1 <= heard.speech_end_s <= 1.0 + voiced_s + 0.1
    assert heard.detected_s - heard.speech_end_s == pytest.approx(0.4, abs=0.05)
    assert not mic.listening    # stopped while the box speaks: no echo


def test_silence_times_out_with_nothing():
    mic = FakeMicrophone()
    assert Listener(mic).listen(timeout_s=2) is None
    assert mic.position == pytest.approx(2 * 16000, abs=480)


def test_steady_noise_alone_is_not_speech():
    rng = np.random.default_rng(1)
    bed = (pink_noise(16000 * 4, rng) * 800).astype(np.int16)
    mic = FakeMicrophone(noise=bed)
    assert Listener(mic).listen(timeout_s=3) is None


def test_speech_in_noise_is_found(word):
    rng = np.random.default_rng(2)
    noisy = mix_at_snr(np.concatenate([silence(1.5), word, silence(1.5)]),
                       pink_noise(16000 * 5, rng), 10)
    mic = FakeMicrophone()
    mic.play(noisy)
    heard = Listener(mic).listen(timeout_s=4)
    assert heard is not None
    assert 1.5 <= heard.speech_end_s <= 1.5 + len(word) / 16000 + 0.35


def test_endless_noise_is_cut_at_the_longest_answer():
    mic = FakeMicrophone()
    rng = np.random.default_rng(3)
    # a gust that starts after the room was measured and never stops
    mic.play(np.concatenate([silence(0.5), (rng.standard_normal(16000 * 20) * 3000).astype(np.int16)]))
    heard = Listener(mic, VadSettings(max_speech_s=3)).listen(timeout_s=2)
    assert heard is not None and len(heard.audio) / 16000 <= 3.4


def _voiced(audio: np.ndarray) -> np.ndarray:
    """``audio`` without espeak-ng's padding of silence."""
    loud = np.nonzero(np.abs(audio) > 300)[0]
    return audio[loud[0]:loud[-1] + 1]


def test_a_quieter_last_word_is_not_cut_off_in_a_quiet_room():
    """Piper says "i vote | seat five" with its second half 13 dB under the
    first. The speaker-relative end (9 dB under the loud part) closed after
    "i vote" and the answer was lost; in a quiet room the room caps that
    line (down to 20 dB under), so the whole answer is one utterance."""
    loud = _voiced(espeak("i vote", "en-us"))
    soft = (_voiced(espeak("seat five", "en-us")) * 10 ** (-14 / 20)).astype(np.int16)
    answer = np.concatenate([loud, silence(0.12), soft])
    hiss = (np.random.default_rng(3).standard_normal(16000 * 8) * 10).astype(np.int16)
    mic = FakeMicrophone(noise=hiss)
    mic.play(np.concatenate([silence(1.0), answer, silence(3.0)]))
    heard = Listener(mic).listen(timeout_s=5)
    voice_ends = 1.0 + len(answer) / 16000
    # "five"'s faint end may count as quiet; "seat five" may not
    assert heard is not None and voice_ends - 0.2 <= heard.speech_end_s <= voice_ends + 0.1


def test_babble_does_not_hold_an_answer_open():
    """Three people talk 15 dB under the voter: their voices are voiced
    and over the noise floor, yet the answer ends when the voter stops,
    not at the longest answer (6 s), so it is heard 400 ms after."""
    answer = _voiced(espeak("i vote for number three", "en-us"))
    power = float(np.mean(answer.astype(np.float64) ** 2))
    chatter = sounds.babble(12, espeak, ["en-us+m3", "nl+m1", "de+f3"], 2)
    mic = FakeMicrophone(noise=np.roll(sounds.bed(chatter, power, 15), -3 * 16000))
    mic.play(np.concatenate([silence(1.0), answer, silence(3.0)]))
    heard = Listener(mic).listen(timeout_s=5)
    voice_ends = 1.0 + len(answer) / 16000
    assert heard is not None and abs(heard.speech_end_s - voice_ends) <= 0.15
    assert heard.detected_s - voice_ends <= 0.55


def test_push_to_talk_records_while_held(word):
    mic = FakeMicrophone()
    mic.play(np.concatenate([silence(0.5), word, silence(3.0)]))
    # held from 0.3 s to 0.5 s after the word: a callable reading the audio clock
    end = (0.5 + len(word) / 16000 + 0.5) * 16000
    heard = Listener(mic).listen(timeout_s=5, ptt=lambda: 0.3 * 16000 <= mic.position < end)
    assert heard is not None
    # the held span's edges without a voice are left out (a press starts
    # before one speaks): the whole word remains, and little else
    energy = float(np.sum(word.astype(np.float64) ** 2))
    assert float(np.sum(heard.audio.astype(np.float64) ** 2)) >= 0.99 * energy
    voiced = np.flatnonzero(np.abs(word) > 0.01 * np.abs(word).max())
    spoken_s = (voiced[-1] - voiced[0]) / 16000
    assert spoken_s < len(heard.audio) / 16000 <= spoken_s + 2 * PTT_MARGIN_S + 0.1
    assert len(heard.audio) < end - 0.3 * 16000
    assert heard.speech_end_s == pytest.approx(end / 16000, abs=0.05)   # the audio clock: the release


def test_push_to_talk_without_a_press_or_a_voice_gives_nothing():
    mic = FakeMicrophone()
    assert Listener(mic).listen(timeout_s=1, ptt=threading.Event()) is None
    held = threading.Event()
    held.set()
    quiet = Listener(mic, VadSettings(max_speech_s=1))
    assert quiet.listen(timeout_s=1, ptt=held) is None


def test_level_check():
    assert Listener(FakeMicrophone()).level_check(1.0).key == "speech.level.silent"
    rng = np.random.default_rng(4)
    room = (pink_noise(16000 * 2, rng) * 60).astype(np.int16)
    report = Listener(FakeMicrophone(noise=room)).level_check(1.0)
    assert report.ok and report.key == "speech.level.ok"
    loud = (pink_noise(16000 * 2, rng) * 8000).astype(np.int16)
    report = Listener(FakeMicrophone(noise=loud)).level_check(1.0)
    assert not report.ok and report.key == "speech.level.noisy"


def test_too_loud_is_judged_against_the_room_itself():
    """A steady fan far louder than a quiet room (its floor over the first
    version's fixed -35 dBFS) leaves a voice free to stand out: voices stay.
    Chatter twenty dB quieter than that, but rising well over its own
    floor, would start utterances by itself: push-to-talk."""
    rng = np.random.default_rng(5)
    fan = (pink_noise(16000 * 2, rng) * 1500).astype(np.int16)
    report = Listener(FakeMicrophone(noise=fan)).level_check(1.5)
    assert report.noise_dbfs > -35 and report.key == "speech.level.ok"
    chatter = sounds.babble(2, espeak, ["en-us+m3", "nl+m1", "de+f3"], 2) * 100
    report = Listener(FakeMicrophone(noise=chatter.astype(np.int16))).level_check(1.5)
    assert report.noise_dbfs < -55 and report.key == "speech.level.noisy"


def test_no_sound_card_is_one_clear_line():
    sd = pytest.importorskip("sounddevice")
    try:
        sd.query_devices(kind="input")
        pytest.skip("this machine has an input device")
    except (sd.PortAudioError, ValueError):
        pass
    with pytest.raises(MicrophoneUnavailable) as err:
        SoundDeviceMicrophone().check()
    assert "\n" not in str(err.value) and "microphone" in str(err.value)
    with pytest.raises(MicrophoneUnavailable):
        SoundDeviceMicrophone().start()


def test_fake_microphone_plays_wav_files_and_resamples(tmp_path, word):
    import soundfile

    path = tmp_path / "w.wav"
    soundfile.write(str(path), resample(word, 16000, 22050), 22050, subtype="PCM_16")
    mic = FakeMicrophone()
    mic.play_wav(path)
    assert abs(mic.pending() - len(word)) <= 2
