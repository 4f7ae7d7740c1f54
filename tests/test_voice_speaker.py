"""The Speaker: the WAV timeline, cues, controls, and the no-sound-card fallback."""

from __future__ import annotations

import threading

import numpy as np
import pytest
import soundfile

import voices
from narrator.voice import (
    SAMPLE_RATE,
    BackendUnavailable,
    Cue,
    NullOut,
    VoiceConfigError,
    WavFileSink,
    cue_samples,
    make_speaker,
)

RATE = SAMPLE_RATE


def read(path):
    data, rate = soundfile.read(str(path), dtype="int16")
    assert rate == RATE
    return data


def fast_speaker(tmp_path, lang="nl", **kw):
    kw.setdefault("echo", False)
    kw.setdefault("backend", "espeak-ng")   # the Speaker's workings, in the voice every box has
    return make_speaker(voices.load(lang), wav_path=tmp_path / "out.wav", fast=True,
                        cache_dir=tmp_path / "cache", **kw)


class Recorder:
    """An output that keeps every chunk (a stand-in sound card)."""

    sample_rate = RATE

    def __init__(self, fail_after: int | None = None) -> None:
        self.chunks: list[np.ndarray] = []
        self.fail_after = fail_after
        self.closed = False
        self.wrote = threading.Event()

    def write(self, samples):
        if self.fail_after is not None and len(self.chunks) >= self.fail_after:
            raise BackendUnavailable("device unplugged")
        self.chunks.append(samples.copy())
        self.wrote.set()

    def drain(self):
        pass

    def close(self):
        self.closed = True

    @property
    def samples(self):
        return np.concatenate(self.chunks) if self.chunks else np.zeros(0, np.int16)


def test_wav_timeline_is_lines_and_exact_silences_in_order(tmp_path):
    speaker = fast_speaker(tmp_path)
    a, b = "De nacht valt over Wakkerdam.", "De ziener wordt wakker."
    speaker.say(a)
    speaker.silence(1.5)
    speaker.say(b)
    speaker.silence(0.25)
    assert speaker.wait_until_done(0)  # fast mode: everything is written already
    audio_a = speaker.renderer.audio(a).samples
    audio_b = speaker.renderer.audio(b).samples
    speaker.close()
    data = read(tmp_path / "out.wav")
    n_a, n_b = len(audio_a), len(audio_b)
    assert len(data) == n_a + round(1.5 * RATE) + n_b + round(0.25 * RATE)
    assert np.array_equal(data[:n_a], audio_a)
    assert not data[n_a:n_a + round(1.5 * RATE)].any()  # real silence, exactly 1.5 s
    assert np.array_equal(data[n_a + round(1.5 * RATE):][:n_b], audio_b)
    assert not data[-round(0.25 * RATE):].any()


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_a_spoken_line_in_every_pack_lands_in_the_wav(tmp_path, lang):
    speaker = fast_speaker(tmp_path, lang)
    speaker.say({"nl": "Het dorp wordt wakker.", "de": "Das Dorf erwacht.",
                 "en": "The village wakes up."}[lang])
    speaker.close()
    data = read(tmp_path / "out.wav").astype(float)
    assert 0.7 < len(data) / RATE < 4.0
    assert np.sqrt((data ** 2).mean()) > 300


def test_cues_play_when_on_and_not_at_all_when_off(tmp_path):
    on = fast_speaker(tmp_path)
    for cue in Cue:
        on.cue(cue)
    on.close()
    data = read(tmp_path / "out.wav")
    # the call's owl is for Maneschijn nights only (night_sounds)
    assert len(data) == sum(len(cue_samples(c)) for c in Cue if c is not Cue.CALL)
    assert np.array_equal(data[:len(cue_samples("night"))], cue_samples("night"))
    off = fast_speaker(tmp_path, cues=False)
    off.cue("shot")
    off.close()
    assert len(read(tmp_path / "out.wav")) == 0
    with pytest.raises(ValueError, match="unknown sound cue 'thunder'"):
        off.cue("thunder")


def test_cues_are_short_distinct_and_not_clipping():
    shapes = set()
    for cue in Cue:
        samples = cue_samples(cue)
        assert 0.3 < len(samples) / RATE < 2.5
        assert np.abs(samples.astype(int)).max() <= 0.5 * 32767 + 1
        assert np.abs(samples[:10].astype(int)).max() < 2000  # no click at the start
        shapes.add(samples.tobytes())
    assert len(shapes) == len(Cue)
    assert np.array_equal(cue_samples("shot"), cue_samples(Cue.SHOT))  # same every time


def test_echo_puts_lines_and_cues_on_the_terminal(tmp_path):
    heard = []
    speaker = fast_speaker(tmp_path, echo=heard.append)
    speaker.cue("night")
    speaker.say("De nacht valt.")
    speaker.say("   ")  # nothing to say: nothing printed or played
    speaker.close()
    assert heard == ["[geluid: de nacht valt]", "De nacht valt."]


def test_repeat_last_says_the_last_line_again(tmp_path):
    speaker = fast_speaker(tmp_path)
    speaker.repeat_last()  # nothing said yet: nothing happens
    speaker.say("Anna is dood.")
    speaker.silence(0.1)
    speaker.repeat_last()
    line = speaker.renderer.audio("Anna is dood.").samples
    speaker.close()
    data = read(tmp_path / "out.wav")
    assert len(data) == 2 * len(line) + round(0.1 * RATE)
    assert np.array_equal(data[-len(line):], line)


def test_louder_and_softer_scale_what_is_heard(tmp_path):
    speaker = fast_speaker(tmp_path)
    assert speaker.softer() == -3.0
    assert speaker.softer() == -6.0
    speaker.say("Stemmen.")
    quiet = read(tmp_path / "out.wav").astype(float)
    for _ in range(10):
        speaker.louder()
    assert speaker.level_db == 12.0  # capped
    for _ in range(20):
        speaker.softer()
    assert speaker.level_db == -24.0
    original = speaker.renderer.audio("Stemmen.").samples.astype(float)
    speaker.close()
    ratio = np.sqrt((quiet ** 2).mean()) / np.sqrt((original ** 2).mean())
    assert abs(ratio - 10 ** (-6 / 20)) < 0.01


@pytest.mark.parametrize("seconds", [-1, float("nan"), float("inf"), "2", None, True])
def test_bad_silence_is_one_clear_error(tmp_path, seconds):
    speaker = fast_speaker(tmp_path)
    with pytest.raises(ValueError, match="silence needs a number of seconds"):
        speaker.silence(seconds)
    speaker.close()


def test_say_needs_text(tmp_path):
    speaker = fast_speaker(tmp_path)
    with pytest.raises(TypeError, match="say\\(\\) needs text"):
        speaker.say(None)
    speaker.close()


def test_pause_holds_playback_until_resume(tmp_path):
    out = Recorder()
    speaker = make_speaker(voices.load("nl"), open_device=lambda rate: out, echo=False,
                           cache_dir=tmp_path)
    speaker.pause()
    speaker.say("De burgemeester wordt gekozen.")
    assert speaker.wait_until_done(timeout=0.2) is False
    assert out.chunks == []
    speaker.resume()
    assert speaker.wait_until_done(timeout=10)
    assert len(out.samples) == len(
        speaker.renderer.audio("De burgemeester wordt gekozen.").resampled(RATE).samples)
    speaker.close()
    assert out.closed


def test_lines_queue_in_order_behind_each_other_on_a_device(tmp_path):
    out = Recorder()
    speaker = make_speaker(voices.load("en"), open_device=lambda rate: out, echo=False,
                           cache_dir=tmp_path)
    lines = ["One.", "Two.", "Three."]
    for text in lines:
        speaker.say(text)
        speaker.silence(0.05)
    assert speaker.wait_until_done(10)
    expected = np.concatenate([np.concatenate([speaker.renderer.audio(t).samples,
                                               np.zeros(round(0.05 * RATE), np.int16)])
                               for t in lines])
    assert np.array_equal(out.samples, expected)
    assert len(speaker.stats.latencies) == 3
    speaker.close()


def test_no_sound_card_falls_back_to_a_wav_and_the_terminal(tmp_path, capsys):
    # This machine has no sound card: sounddevice itself fails to open.
    from narrator.voice import SoundDeviceOut

    try:
        SoundDeviceOut(RATE).close()
        pytest.skip("this machine has a sound card")
    except BackendUnavailable:
        pass
    reports = []
    speaker = make_speaker(voices.load("en"), wav_path=tmp_path / "game.wav",
                           cache_dir=tmp_path / "cache", warn=reports.append)
    speaker.say("The village wakes up.")
    speaker.close()
    assert len(reports) == 1 and reports[0].startswith("No sound card found (")
    assert str(tmp_path / "game.wav") in reports[0]
    assert "The village wakes up." in capsys.readouterr().out  # echo defaults on
    assert len(read(tmp_path / "game.wav")) > RATE // 2


def test_missing_portaudio_is_reported_once_not_a_crash(tmp_path):
    def no_library(rate):
        from narrator.voice import SoundDeviceOut

        def load():
            raise OSError("PortAudio library not found")
        return SoundDeviceOut(rate, load=load)

    reports = []
    speaker = make_speaker(voices.load("nl"), wav_path=tmp_path / "x.wav", open_device=no_library,
                           cache_dir=tmp_path / "cache", warn=reports.append, echo=False)
    speaker.say("Ja.")
    speaker.say("Nee.")
    speaker.close()
    assert reports == [f"Geen geluidskaart gevonden (PortAudio library not found). "
                       f"De stem gaat naar {tmp_path / 'x.wav'}, de tekst naar het scherm."]


def test_a_device_lost_mid_game_carries_on_into_the_wav(tmp_path):
    out = Recorder(fail_after=3)
    reports = []
    speaker = make_speaker(voices.load("de"), wav_path=tmp_path / "rec.wav", open_device=lambda r: out,
                           cache_dir=tmp_path / "cache", warn=reports.append, echo=False)
    speaker.silence(0.5)  # ten chunks: the device dies after three
    speaker.say("Die Nacht bricht herein.")
    assert speaker.wait_until_done(20)
    speaker.close()
    assert len(reports) == 1 and reports[0].startswith("Der Ton ist ausgefallen (device unplugged)")
    line = speaker.renderer.audio("Die Nacht bricht herein.").samples
    assert len(read(tmp_path / "rec.wav")) >= round(0.5 * RATE) + len(line)


def test_an_unavailable_backend_falls_back_to_espeak_and_says_so(tmp_path):
    reports = []
    speaker = make_speaker(voices.load("nl"), backend="piper", fast=True, echo=False,
                           cache_dir=tmp_path / "cache", warn=reports.append)
    assert speaker.renderer.synth.name == "espeak-ng"
    assert len(reports) == 1 and reports[0].startswith("Spraakmotor piper werkt hier niet")
    speaker.close()


def test_no_speech_engine_at_all_goes_on_in_text_keeping_time(tmp_path, monkeypatch):
    import narrator.voice.espeak as espeak

    monkeypatch.setattr(espeak, "EXECUTABLE", "espeak-ng-not-installed")
    reports, heard = [], []
    speaker = make_speaker(voices.load("en"), wav_path=tmp_path / "t.wav", fast=True,
                           cache_dir=tmp_path / "cache", warn=reports.append, echo=heard.append,
                           backend="espeak-ng")
    speaker.say("Four words are here.")
    speaker.close()
    assert speaker.renderer is None
    assert reports == ["No speech engine available (espeak-ng is not installed (on Debian/"
                       "Raspberry Pi OS: apt install espeak-ng)); the box carries on in text only."]
    assert heard == ["Four words are here."]
    data = read(tmp_path / "t.wav")
    assert len(data) == round(4 * 60 / 155 * RATE) and not data.any()


def test_a_bad_voice_in_a_pack_is_one_clear_error():
    class Pack:
        lang = "nl"
        voice = {"voice": "xx-nonsense"}

        def line(self, key, **params):
            return key

    with pytest.raises(VoiceConfigError, match="no voice 'xx-nonsense'"):
        make_speaker(Pack(), fast=True)


def test_wav_sink_fills_waiting_time_with_silence_and_paces():
    now = [100.0]
    slept = []

    def sleep(s):
        slept.append(s)
        now[0] += s

    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        sink = WavFileSink(Path(d) / "t.wav", pace=True, fill_gaps=True,
                           clock=lambda: now[0], sleep=sleep)
        now[0] += 60.0                                # setting up: not in the file
        sink.write(np.ones(RATE, np.int16))           # one second of sound, paced
        assert sum(slept) == pytest.approx(1.0)
        now[0] += 2.0                                 # the box waits for an answer
        sink.write(np.ones(RATE // 2, np.int16))
        sink.close()
        data = read(Path(d) / "t.wav")
    assert len(data) == RATE + 2 * RATE + RATE // 2
    assert not data[RATE:3 * RATE].any() and data[3 * RATE:].all()


def test_null_out_paces_only_when_asked():
    slept = []
    NullOut(pace=False, sleep=slept.append).write(np.zeros(RATE, np.int16))
    NullOut(pace=True, sleep=slept.append).write(np.zeros(RATE, np.int16))
    assert slept == [1.0]


def test_an_unwritable_wav_path_is_one_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(Exception, match="sound file .* cannot be written: part of the path is not a folder"):
        make_speaker(voices.load("nl"), wav_path=blocker / "out.wav", fast=True)


def test_every_voice_line_exists_in_every_pack_with_the_same_placeholders():
    used = {f"voice.cue.{c.value}" for c in Cue} | {
        "voice.no_sound_device", "voice.device_lost", "voice.backend_unavailable",
        "voice.no_speech", "voice.render_failed", "voice.cache_unwritable", "voice.wav_unwritable", "voice.cli.warmed",
        "voice.stalled", "voice.no_sound_device_text_only", "voice.device_lost_text_only",
        *(f"voice.install.{k}" for k in (
            "downloading", "measured", "bad_size", "bad_checksum", "self_test", "unheard",
            "broken", "no_piper", "done", "unknown", "unknown_lang")),
        *(f"voice.list.{k}" for k in ("header", "speaks", "ready", "missing", "available"))}
    nl = voices.load("nl")
    assert {k for k in nl.lines if k.startswith("voice.")} == used
    for lang in voices.LANGUAGES:
        pack = voices.load(lang)
        assert {k for k in pack.lines if k.startswith("voice.")} == used, lang
        for key in used:
            assert pack.placeholders(key) == nl.placeholders(key), (lang, key)


def test_close_without_finishing_drops_what_is_queued(tmp_path):
    out = Recorder()
    speaker = make_speaker(voices.load("nl"), open_device=lambda rate: out, echo=False,
                           cache_dir=tmp_path)
    speaker.pause()
    speaker.say("Dit wordt nooit gehoord.")
    speaker.silence(30)
    speaker.close(finish=False)
    assert out.chunks == [] and out.closed


class FakeSoundDevice:
    """Stands in for the sounddevice module at the hardware edge."""

    class OutputStream:
        opened: list = []

        def __init__(self, samplerate, channels, dtype):
            self.args = (samplerate, channels, dtype)
            self.blocks = []
            self.latency = 0.0
            self.state = "new"
            FakeSoundDevice.OutputStream.opened.append(self)

        def start(self):
            self.state = "started"

        def write(self, block):
            assert block.ndim == 2 and block.shape[1] == 1 and block.dtype == np.int16
            self.blocks.append(block[:, 0].copy())

        def stop(self):
            self.state = "stopped"

        def close(self):
            self.state = "closed"


def test_the_sounddevice_output_streams_mono_int16_blocks(tmp_path):
    from narrator.voice import SoundDeviceOut

    FakeSoundDevice.OutputStream.opened.clear()
    speaker = make_speaker(voices.load("en"), cache_dir=tmp_path, echo=False,
                           open_device=lambda rate: SoundDeviceOut(rate, load=lambda: FakeSoundDevice))
    speaker.say("Dawn.")
    speaker.cue("dawn")
    assert speaker.wait_until_done(10)
    speaker.close()
    (stream,) = FakeSoundDevice.OutputStream.opened
    assert stream.args == (RATE, 1, "int16") and stream.state == "closed"
    played = np.concatenate(stream.blocks)
    assert np.array_equal(played, np.concatenate([speaker.renderer.audio("Dawn.").samples,
                                                  cue_samples("dawn")]))


ASOUNDRC = """pcm.!default {{
    type file
    slave.pcm "null"
    file "{raw}"
    format "raw"
}}
"""

PLAY_SCRIPT = """
import sys
import numpy as np
import voices
from narrator.voice import SoundDeviceOut, make_speaker
reports = []
speaker = make_speaker(voices.load("nl"), cache_dir=sys.argv[1], echo=False, warn=reports.append)
assert isinstance(speaker.out, SoundDeviceOut), reports
speaker.say("De dageraad.")
speaker.silence(0.2)
speaker.close()
line = speaker.renderer.audio("De dageraad.").resampled(speaker.out.sample_rate).samples
np.save(sys.argv[2], line)
"""


def test_real_portaudio_stream_through_an_alsa_file_device(tmp_path):
    """The real sounddevice backend, end to end: ALSA's `file` plugin is the
    sound card (a fresh process, since ALSA reads ~/.asoundrc at start-up)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    raw = tmp_path / "card.raw"
    (tmp_path / ".asoundrc").write_text(ASOUNDRC.format(raw=raw))
    env = dict(os.environ, HOME=str(tmp_path))
    env["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent)
    proc = subprocess.run([sys.executable, "-c", PLAY_SCRIPT, str(tmp_path / "cache"),
                           str(tmp_path / "line.npy")], env=env, capture_output=True, text=True,
                          timeout=60)
    if proc.returncode != 0 and "PortAudio" in proc.stderr + proc.stdout:
        pytest.skip("no PortAudio/ALSA here")
    assert proc.returncode == 0, proc.stderr
    line = np.load(tmp_path / "line.npy")
    played = np.fromfile(raw, dtype="<i2")
    # Align on the first sound (the line itself may open with a little silence).
    start = int(np.flatnonzero(played)[0]) - int(np.flatnonzero(line)[0])
    assert start >= 0
    assert np.array_equal(played[start:start + len(line)], line)
    assert len(played) >= start + len(line) + round(0.2 * RATE) - 1


def test_a_hanging_sound_card_does_not_hang_the_game(tmp_path, monkeypatch):
    import narrator.voice.speaker as speaker_module

    monkeypatch.setattr(speaker_module, "STALL_S", 0.2)
    release = threading.Event()

    class Hangs(Recorder):
        def write(self, samples):
            release.wait(30)  # a device that stops taking sound
            super().write(samples)

    out = Hangs()
    reports = []
    speaker = make_speaker(voices.load("en"), open_device=lambda rate: out, echo=False,
                           cache_dir=tmp_path, warn=reports.append)
    speaker.say("Is anybody there?")
    assert speaker.wait_until_done() is False
    assert reports == ["The sound is not responding; the box carries on, the text is on the screen."]
    release.set()
    assert speaker.wait_until_done(10)
    speaker.close()


def test_a_long_line_is_not_taken_for_a_stall(tmp_path, monkeypatch):
    import narrator.voice.speaker as speaker_module

    monkeypatch.setattr(speaker_module, "STALL_S", 0.5)
    reports = []
    # A paced output: 1.5 s of sound takes 1.5 s, far longer than the stall time,
    # but every 50 ms chunk is progress.
    speaker = make_speaker(voices.load("en"), wav_path=tmp_path / "w.wav", cache_dir=tmp_path,
                           warn=reports.append, echo=False,
                           open_device=lambda rate: WavFileSink(tmp_path / "dev.wav", pace=True))
    speaker.silence(1.5)
    assert speaker.wait_until_done() is True
    speaker.close()
    assert reports == []


def test_fast_mode_with_nowhere_to_play_renders_nothing(tmp_path):
    heard = []
    speaker = make_speaker(voices.load("nl"), fast=True, cache_dir=tmp_path, echo=heard.append)
    speaker.prefetch(["Een zin vooruit."])
    speaker.say("De nacht valt.")
    speaker.silence(3)
    speaker.close()
    assert heard == ["De nacht valt."]
    assert speaker.renderer.cache.stats.misses == 0
    assert list(tmp_path.rglob("*.wav")) == []


def test_a_backend_at_another_rate_is_resampled_to_the_output(tmp_path):
    from narrator.voice import Audio, RenderCache, Renderer, Speaker

    class SixteenKilohertz:
        """A hand-written backend that speaks one second of tone at 16 kHz."""

        name = "tone16k"

        def identity(self) -> str:
            return self.name

        def render(self, say):
            t = np.arange(16000) / 16000
            return Audio((8000 * np.sin(2 * np.pi * 440 * t)).astype(np.int16), 16000)

    sink = WavFileSink(tmp_path / "r.wav")
    speaker = Speaker(voices.load("en"), Renderer(SixteenKilohertz(), RenderCache(None), "en"),
                      sink, fast=True)
    speaker.say("One second.")
    speaker.close()
    data = read(tmp_path / "r.wav")
    assert len(data) == RATE
    assert np.abs(data.astype(int)).max() > 7000


def test_a_card_that_refuses_22050_hz_plays_at_its_own_rate(tmp_path):
    from narrator.voice import SoundDeviceOut

    class Picky(FakeSoundDevice):
        class OutputStream(FakeSoundDevice.OutputStream):
            def __init__(self, samplerate, channels, dtype):
                if samplerate != 48000:
                    raise OSError("Invalid sample rate")
                super().__init__(samplerate, channels, dtype)

        @staticmethod
        def query_devices(kind):
            return {"default_samplerate": 48000.0}

    FakeSoundDevice.OutputStream.opened.clear()
    speaker = make_speaker(voices.load("en"), cache_dir=tmp_path, echo=False,
                           wav_path=tmp_path / "rec.wav",
                           open_device=lambda rate: SoundDeviceOut(rate, load=lambda: Picky))
    speaker.cue("vote")
    speaker.silence(0.5)
    assert speaker.wait_until_done(10)
    speaker.close()
    (stream,) = FakeSoundDevice.OutputStream.opened
    assert stream.args == (48000, 1, "int16")
    assert len(np.concatenate(stream.blocks)) == len(cue_samples("vote", 48000)) + 24000
    data, rate = soundfile.read(str(tmp_path / "rec.wav"), dtype="int16")
    # (at least: the record also keeps any wall-clock wait as silence)
    assert rate == 48000 and len(data) >= len(cue_samples("vote", 48000)) + 24000


def test_no_sound_card_and_no_writable_default_wav_goes_on_in_text(tmp_path, monkeypatch):
    import narrator.voice as voice_module

    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setattr(voice_module, "default_wav_path", lambda: blocker / "narration.wav")

    def no_card(rate):
        raise BackendUnavailable("Error querying device -1")

    reports = []
    speaker = make_speaker(voices.load("en"), cache_dir=tmp_path / "c", open_device=no_card,
                           warn=reports.append, echo=False)
    assert isinstance(speaker.out, NullOut) and speaker.out.pace
    speaker.close()
    assert reports == ["No sound card found (Error querying device -1). The text goes to the screen."]
