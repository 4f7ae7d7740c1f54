"""A file the disk refuses (issue 10): a journal or a sound file that cannot
be written, a file that is missing or a folder — one line in the game's
language naming the file, never the operating system's English."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

import voices
from tests.test_input_files_fuzz import run
from voices.args import fail

ROOT = Path(__file__).resolve().parents[1]
#: what the operating system says in English: never what a player reads
ENGLISH = ("No such file", "Permission denied", "Is a directory", "Not a directory", "No space left",
           "File exists", "cannot write the sound file")


def said(lang: str, key: str) -> str:
    return voices.load(lang).line(key)


def one_line(err: str, *parts: str) -> None:
    assert err.count("\n") == 1 and err.startswith("wakkerdam"), err
    assert all(p in err for p in parts), (parts, err)
    assert not any(e in err for e in ENGLISH), err


@pytest.fixture
def blocker(tmp_path: Path) -> Path:
    """A file where a folder should be: nothing can be written under it."""
    path = tmp_path / "file"
    path.write_text("x")
    return path


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_demo_with_a_sound_file_that_cannot_be_written(blocker, lang) -> None:
    code, err = run(["demo", "--fast", "--players", "8", "--lang", lang, "--wav", str(blocker / "x.wav")])
    assert code == 2
    one_line(err, str(blocker / "x.wav"), said(lang, "os.not_a_folder"))


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_demo_with_a_journal_that_cannot_be_written(blocker, lang) -> None:
    code, err = run(["demo", "--fast", "--text-only", "--lang", lang, "--journal", str(blocker / "g.journal")])
    assert code == 2
    one_line(err, str(blocker / "g.journal"), said(lang, "os.not_a_folder"))


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_resume_of_a_folder_or_of_nothing(tmp_path, monkeypatch, lang) -> None:
    monkeypatch.setenv("WAKKERDAM_LANG", lang)
    code, err = run(["resume", str(tmp_path)])
    assert code == 2
    one_line(err, str(tmp_path), said(lang, "os.is_folder"))
    code, err = run(["resume", str(tmp_path / "none" / "g.journal")])
    assert code == 2
    one_line(err, str(tmp_path / "none" / "g.journal"))


def _cli(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "narrator.cli", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_play_on_the_laptop_with_a_journal_that_cannot_be_written(blocker) -> None:
    names = "".join(f"{n}\n" for n in ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hans"))
    r = _cli(["play", "--lang", "de", "--text-only", "--journal", str(blocker / "g.journal")], names + "\n")
    assert r.returncode == 2
    one_line(r.stderr, str(blocker / "g.journal"), said("de", "os.not_a_folder"))


def test_play_on_a_kit_with_a_sound_file_that_cannot_be_written(blocker) -> None:
    r = _cli(["play", "--kit", "minimal", "--fake", "--deal", "box", "--lang", "en",
              "--wav", str(blocker / "x.wav")])
    assert r.returncode == 2
    one_line(r.stderr.splitlines(keepends=True)[-1], str(blocker / "x.wav"), said("en", "os.not_a_folder"))


def test_serve_with_a_kit_file_that_is_not_there(tmp_path) -> None:
    kit = tmp_path / "kit.yaml"
    r = _cli(["serve", "--kit", str(kit), "--fake", "--lang", "de", "--host", "127.0.0.1", "--port", "0"])
    assert r.returncode == 2
    one_line(r.stderr, str(kit), said("de", "os.missing"))


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_any_refusal_of_the_disk_is_said_in_the_pack(capsys, lang) -> None:
    # Permission denied, a full disk (root, who runs the tests, is never refused).
    for number, key in ((errno.EACCES, "os.denied"), (errno.ENOSPC, "os.full"), (errno.EROFS, "os.read_only")):
        assert fail("wakkerdam", lang, OSError(number, os.strerror(number), "/data/g.journal")) == 2
        one_line(capsys.readouterr().err, "/data/g.journal", said(lang, key))
    assert fail("wakkerdam", lang, OSError(errno.EXDEV, os.strerror(errno.EXDEV), "/x")) == 2
    one_line(capsys.readouterr().err, "/x", "EXDEV")
