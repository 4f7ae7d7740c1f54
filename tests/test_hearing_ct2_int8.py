"""The Whisper model quantized to int8 once, when it is assembled: it hears
exactly as CTranslate2's own conversion at load time did, loads without the
float16 peak, and a damaged file is refused, not half read."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import voices
from narrator.hearing import ct2_int8
from narrator.hearing import whisper_model as wm
from narrator.hearing.audio import silence
from narrator.hearing.grammar import Vocabulary, pick_grammar
from narrator.hearing.synth import espeak
from narrator.hearing.whisper_backend import WhisperRecognizer

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def float16_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheels' model as it was before this change: the parts joined, float16."""
    folder = tmp_path_factory.mktemp("whisper-f16")
    dirs = wm.package_dirs()
    sources = {name: dirs[p.module] / name for p in wm.PACKAGES for name in p.files}
    with open(folder / "model.bin", "wb") as out:
        for part in wm.PARTS:
            with open(sources[part], "rb") as f:
                shutil.copyfileobj(f, out)
    for name in wm.ASSEMBLED:
        if name != "model.bin":
            shutil.copyfile(sources[name], folder / name)
    return folder


# (voice, phrase): carrier phrases, a bare name, a number, speech that is no vote
CLIPS = {"nl": [("nl", "ik stem op Bram"), ("nl+f2", "op nummer drie"), ("nl+m3", "niemand"),
                ("nl", "wacht even"), ("nl+f4", "Hanna graag")],
         "en": [("en-us", "i vote for Emma"), ("en-us+f2", "number four please"),
                ("en-gb", "hang on a second")]}
PLAYERS = {"nl": ["Anna", "Bram", "Cees", "Daan", "Eva", "Femke", "Gijs", "Hanna"],
           "en": ["Anna", "Brian", "Charles", "David", "Emma", "Frank", "Grace", "Henry"]}


@pytest.mark.parametrize("lang", sorted(CLIPS))
def test_it_hears_exactly_as_the_conversion_at_load_time(float16_dir, lang):
    converted = WhisperRecognizer(wm.whisper_dir(), lang, threads=1)
    at_load = WhisperRecognizer(float16_dir, lang, threads=1)
    vocab = Vocabulary(voices.load(lang))
    players = PLAYERS[lang]
    grammar = pick_grammar(vocab, players, {p: i + 1 for i, p in enumerate(players)}, True)
    for voice, phrase in CLIPS[lang]:
        audio = np.concatenate([silence(0.3), espeak(phrase, voice), silence(0.4)])
        mine, theirs = converted.hypotheses(audio, grammar), at_load.hypotheses(audio, grammar)
        assert [t for t, _ in mine] == [t for t, _ in theirs], phrase
        assert np.allclose([s for _, s in mine], [s for _, s in theirs], atol=1e-4), phrase


# VmHWM, the peak of this process's own memory: ru_maxrss would carry the
# pytest parent's peak over the fork
LOAD = """
import sys
from narrator.hearing.whisper_backend import WhisperRecognizer
WhisperRecognizer(sys.argv[1], "nl")
print(next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM")))
"""


def peak_mb(folder: Path) -> int:
    done = subprocess.run([sys.executable, "-c", LOAD, str(folder)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return int(done.stdout.split()[-1]) // 1024


def test_loading_it_peaks_under_the_budget_and_far_under_the_float16_load(float16_dir):
    converted, at_load = peak_mb(wm.whisper_dir()), peak_mb(float16_dir)
    assert converted <= 300 < at_load + 10       # the budget; the old load peaked over it
    assert converted < at_load - 100             # the float16 copy (145 MB) is never in memory


def test_the_file_is_written_as_ctranslate2_lays_it_out():
    """A tiny model through read and write: names sorted, a scale beside each
    quantized weight, convolutions and norms kept, aliases kept."""
    rng = np.random.default_rng(1)
    weight = rng.normal(size=(4, 6)).astype(np.float16)
    weight[2] = 0                                   # an all-zero row keeps a finite scale
    conv = rng.normal(size=(3, 2, 2)).astype(np.float16)
    gamma = np.ones(6, np.float16)
    model = ct2_int8.ModelFile(6, "WhisperSpec", 3, [
        ct2_int8.Variable(name, arr.shape, ct2_int8.DTYPES.index(arr.dtype.type), memoryview(arr.tobytes()))
        for name, arr in (("layer/linear/weight", weight), ("encoder/conv1/weight", conv),
                          ("layer/norm/gamma", gamma), ("heads", np.array(8, np.int16)))
    ], [("out/weight", "layer/linear/weight")])
    buf = io.BytesIO()
    ct2_int8.write_int8(model, buf)
    back = ct2_int8.read(memoryview(buf.getvalue()))
    assert (back.version, back.spec, back.revision) == (6, "WhisperSpec", 3)
    names = [v.name for v in back.variables]
    assert names == sorted(names) == ["encoder/conv1/weight", "heads", "layer/linear/weight",
                                      "layer/linear/weight_scale", "layer/norm/gamma"]
    got = {v.name: np.frombuffer(v.data, ct2_int8.DTYPES[v.dtype]).reshape(v.shape) for v in back.variables}
    assert got["layer/linear/weight"].dtype == np.int8 and got["encoder/conv1/weight"].dtype == np.float16
    assert np.abs(got["layer/linear/weight"]).max(axis=1).tolist() == [127, 127, 0, 127]
    restored = got["layer/linear/weight"] / got["layer/linear/weight_scale"][:, None]
    assert np.all(np.isfinite(got["layer/linear/weight_scale"]))
    assert np.allclose(restored, weight.astype(np.float32), atol=np.abs(weight).max() / 127)
    assert back.aliases == [("out/weight", "layer/linear/weight")]


@pytest.mark.parametrize("cut", [3, 40, -1])
def test_a_damaged_file_is_refused_not_half_read(tmp_path, cut):
    good = io.BytesIO()
    arr = np.arange(6, dtype=np.float16).reshape(2, 3)
    ct2_int8.write_int8(ct2_int8.ModelFile(6, "WhisperSpec", 3, [
        ct2_int8.Variable("w/weight", (2, 3), 4, memoryview(arr.tobytes()))], []), good)
    data = good.getvalue()
    with pytest.raises(ct2_int8.FormatError):
        ct2_int8.read(memoryview(data[:cut]))
    with pytest.raises(ct2_int8.FormatError):
        ct2_int8.read(memoryview(data + b"\0"))
    with pytest.raises(ct2_int8.FormatError):
        ct2_int8.read(memoryview(b"\x05" + data[1:]))       # another binary version
    source = tmp_path / "model.bin"
    source.write_bytes(data[:cut])
    with pytest.raises(ct2_int8.FormatError):
        ct2_int8.convert(source, tmp_path / "out.bin")
